"""Reading the JSON files users give as input (positions), with one-line errors."""

from __future__ import annotations

import json
from pathlib import Path

from analyzer.cards import CardError, parse_cards


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
