"""Reading the JSON files users give as input (positions), with one-line errors.

Positions and rule options reach the analyses in three forms: the validated object itself, a
dict in the JSON form, or (positions) the path of a JSON file; :func:`read_input` and
:func:`options_input` accept all of them.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from analyzer.cards import CardError, parse_cards

T = TypeVar("T")


def read_json(path: str | Path):
    """The JSON document in ``path``; a missing file or bad JSON is a one-line ``ValueError``."""
    try:
        text = Path(path).read_text()
    except OSError as error:
        raise ValueError(f"cannot read position {path}: {error.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"position {path} is not valid JSON: {error.msg} at line {error.lineno}") from None


def card_field(value, what: str) -> tuple[int, ...]:
    """The card codes of a JSON field (a string or a list of cards; missing: none); a bad
    card is a ``CardError`` that names the field."""
    if value is None:
        return ()
    text = " ".join(value) if isinstance(value, list) else str(value)
    try:
        return tuple(int(c) for c in parse_cards(text))
    except CardError as error:
        raise CardError(f"{what}: {error}", token=error.token, position=error.position) from None


def read_input(value: Any, kind: type[T], from_dict: Callable[[Any], T]) -> T:
    """An input given as a ``kind`` object (returned as it is), as a dict in its JSON form (read by
    ``from_dict``, which validates it), or as the path (``str`` or ``Path``) of a JSON file holding
    that form.

    >>> from fractions import Fraction
    >>> read_input({"n": 1, "d": 3}, Fraction, lambda d: Fraction(d["n"], d["d"]))
    Fraction(1, 3)
    """
    if isinstance(value, kind):
        return value
    if isinstance(value, str | Path):
        value = read_json(value)
    return from_dict(value)


def options_input(value: Any, kind: type[T]) -> T:
    """Rule options given as a ``kind`` (a frozen dataclass, returned as it is), as a dict of some
    of its fields (the others keep their defaults) or as ``None`` (all defaults); an unknown key is
    a one-line ``ValueError`` naming the known ones.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Limits:
    ...     low: int = 0
    ...     high: int = 10
    >>> options_input({"high": 5}, Limits)
    Limits(low=0, high=5)
    >>> options_input({"top": 5}, Limits)
    Traceback (most recent call last):
    ...
    ValueError: unknown Limits option(s) top: expected low, high
    """
    if isinstance(value, kind):
        return value
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise ValueError(f"{kind.__name__}: expected a {kind.__name__} or a dict of its options, got {value!r}")
    names = [f.name for f in dataclasses.fields(kind)]  # type: ignore[arg-type]
    unknown = [key for key in value if key not in names]
    if unknown:
        raise ValueError(
            f"unknown {kind.__name__} option(s) {', '.join(map(str, unknown))}: expected {', '.join(names)}"
        )
    return kind(**value)
