"""Command-line values to Python values, as typer converts them, without importing pydantic.

typer 0.29 converts every value through a pydantic ``TypeAdapter`` built per parameter: some 0.14
CPU-s of a 1 CPU-s query, most of it importing pydantic. :func:`runtime_param` builds the same
conversions in plain Python for the parameter types this project's commands declare; the
parameter classes of :mod:`cli.commands` use it (any other type keeps typer's own conversion).
The rules, and the messages of what they refuse, are pydantic's (lax mode), as typer sets them up:

* ``str``: the value as it is (``str(value)``).
* ``int``: pydantic-core's integer syntax: optional white space around, a sign, ASCII digits,
  single underscores between digits, leading zeros, and a fraction of zeros (``" 1_000.0"`` is
  1000); at most 4,300 digits.
* ``float``: Rust's number syntax (``1e3``, ``.5``, ``5.``, ``inf``, ``infinity``, ``nan``, any
  case) with optional white space around, or, without the white space, with single underscores
  between characters (``1_0.5``).
* a bound (``min``/``max``): checked after the conversion, the maximum first (a NaN fails it),
  named as Rust writes the number (``0.99``, ``1``, ``0.000025``).
* ``Path``: ``Path(value)``, then typer's own checks of the file (:func:`coerce_cli_path`).
* an enumeration: typer's own choice matching (:func:`coerce_cli_choice`).
* ``bool``: a bool as it is (a flag's value, as Click gives it); a string stripped of white space
  (Python's), empty for false, else one of ``0 f n no off false`` or ``1 t y on yes true`` in any
  case.
* ``list[T]``: each item as ``T``.

A number or a bool is read from a string UTF-8 can write (a lone surrogate, standing for a byte
of the command line that was not UTF-8, is refused). White space in a number is Unicode's
White_Space property, as Rust's ``str::trim`` reads it (Python's ``str.strip`` would also strip
the four information separators ``\\x1c``-``\\x1f``). A ValueError of typer's own checks (a choice
that is none of the choices, a path with a NUL character) is prefixed with ``Value error,``, as
pydantic words an error raised inside a validator. A refusal becomes Click's usage error for the
parameter (``Invalid value for '--trials' / '-n': ...``), with terminal control characters
escaped as typer escapes them. tests/test_cli_coercion.py checks every parameter of every
command against typer's own conversion.

This reads typer 0.29's conversion interface (``RuntimeParam``, ``TypeDescriptor`` and the two
helpers above), which is internal to typer: pyproject.toml pins typer's minor version for it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import Any, get_args, get_origin

from typer._click import Context
from typer._click.exceptions import BadParameter
from typer._click.utils import _escape_control_characters
from typer._coercion import RuntimeParam, TypeDescriptor, build_runtime_param
from typer._param_types import coerce_cli_choice, coerce_cli_path
from typer.core import _TyperParameter
from typer.models import ParameterInfo

WHITE_SPACE = "\t\n\v\f\r \x85\xa0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000"
"""Unicode's White_Space characters: what Rust's ``str::trim`` strips."""
MAX_DIGITS = 4300  # Python's limit of an integer's decimal digits, which pydantic-core applies too
INT_PARSING = "Input should be a valid integer, unable to parse string as an integer"
INT_SIZE = "Unable to parse input string as an integer, exceeded maximum size"
FLOAT_PARSING = "Input should be a valid number, unable to parse string as a number"
NOT_UNICODE = "Input should be a valid string, unable to parse raw data as a unicode string"
BOOL_PARSING = "Input should be a valid boolean, unable to interpret input"
BOOL_WORDS = {"0": False, "f": False, "n": False, "no": False, "off": False, "false": False}
BOOL_WORDS |= {"1": True, "t": True, "y": True, "on": True, "yes": True, "true": True}
JSON_INT = re.compile(r"-?(?:0|[1-9][0-9]*)")
RUST_FLOAT = re.compile(r"[+-]?(?:inf|infinity|nan|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:e[+-]?[0-9]+)?)", re.IGNORECASE)

Convert = Callable[[Any, _TyperParameter, Context], Any]
"""One value of a parameter (a string off the command line, or a default) to its Python value,
in a context; a ValueError with pydantic's message if refused."""


def _readable(text: str) -> str:
    """``text``, if UTF-8 can write it (pydantic reads a number or a bool from UTF-8: a lone
    surrogate, which stands for a byte of the command line that was not UTF-8, is refused)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(NOT_UNICODE) from None
    return text


def _without_underscores(text: str) -> str | None:
    """``text`` with its underscores removed, or None if it has none, or one at either end, or two
    in a row (pydantic-core's ``strip_underscores``)."""
    if "_" not in text or text.startswith("_") or text.endswith("_") or "__" in text:
        return None
    return text.replace("_", "")


def _without_leading_zeros(text: str) -> str | None:
    """``text`` from its first significant digit (zeros and underscores before it dropped; one zero
    kept before a point or of a number of zeros), or None if it starts with no digit
    (pydantic-core's ``strip_leading_zeros``)."""
    if not text or text[0] in "123456789-":
        return text or None
    if text[0] != "0":
        return None
    for i, char in enumerate(text[1:], start=1):
        if char in "123456789-":
            return text[i:]
        if char == ".":
            return text[i - 1 :]
        if char not in "0_":
            return None
    return text[-1]


def _cleaned_int(text: str) -> str | None:
    """``text`` as JSON's integer syntax might read it, or None if nothing could be cleaned
    (pydantic-core's ``clean_int_str``): white space, a plus sign, leading zeros, a fraction of
    zeros and single underscores removed."""
    length = len(text)
    text = text.strip(WHITE_SPACE)
    if text.startswith("+"):
        if text.startswith("+-"):
            return None
        text = text[1:]
    sign = ""
    if text.startswith("-"):
        if text.startswith(("--", "-+")):
            return None
        sign, text = "-", text[1:]
    body = _without_leading_zeros(text)
    if body is None:
        return None
    point = body.find(".")
    if point >= 0 and body[point + 1 :] and not body[point + 1 :].strip("0"):
        body = body[:point]
    bare = _without_underscores(body)
    if bare is not None:
        return sign + bare
    return None if len(body) == length else sign + body


def _int_from_text(text: str) -> int:
    """An integer written as pydantic-core reads one: JSON's syntax as it is, else as cleaned by
    :func:`_cleaned_int`."""
    if JSON_INT.fullmatch(text):
        if len(text.lstrip("-")) > MAX_DIGITS:
            raise ValueError(INT_SIZE)
        return int(text)
    cleaned = _cleaned_int(text)
    if cleaned is None or not JSON_INT.fullmatch(cleaned) or len(cleaned.lstrip("-")) > MAX_DIGITS:
        raise ValueError(INT_PARSING)
    return int(cleaned)


def _float_from_text(text: str) -> float:
    """A float written as pydantic-core reads one: Rust's syntax after trimming white space, else
    on the untrimmed text without its underscores."""
    trimmed = text.strip(WHITE_SPACE)
    if RUST_FLOAT.fullmatch(trimmed):
        return float(trimmed)
    bare = _without_underscores(text)
    if bare is not None and RUST_FLOAT.fullmatch(bare):
        return float(bare)
    raise ValueError(FLOAT_PARSING)


def _bool(value: Any) -> bool:
    """A bool as it is, or a string read as a bool (the module docstring's words)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str):
        word = _readable(value).strip()
        if not word:
            return False
        if word.isascii() and word.lower() in BOOL_WORDS:
            return BOOL_WORDS[word.lower()]
    raise ValueError(BOOL_PARSING)


def rust_number(bound: float) -> str:
    """A bound as pydantic's messages write it (Rust's ``Display``: no exponent, no ``.0``).

    >>> [rust_number(x) for x in (1, 0.0, 0.99, 2.5e-05, 1e20, -0.0)]
    ['1', '0', '0.99', '0.000025', '100000000000000000000', '-0']
    """
    if isinstance(bound, int):
        return str(bound)
    text = format(Decimal(repr(bound)), "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


def _number(kind: type, least: float | None, most: float | None) -> Convert:
    """The conversion of an ``int`` or ``float`` parameter with optional bounds."""
    parse = _int_from_text if kind is int else _float_from_text

    def convert(value: Any, param: _TyperParameter, ctx: Context) -> Any:
        number = parse(_readable(value)) if isinstance(value, str) else kind(value)
        if most is not None and not number <= most:
            raise ValueError(f"Input should be less than or equal to {rust_number(most)}")
        if least is not None and not number >= least:
            raise ValueError(f"Input should be greater than or equal to {rust_number(least)}")
        return number

    return convert


@contextmanager
def _in_validator() -> Iterator[None]:
    """A ValueError raised by typer's own checks, worded as pydantic words one raised inside a
    validator: ``Value error, <message>``."""
    try:
        yield
    except ValueError as err:
        raise ValueError(f"Value error, {err}") from None


def _choice(choices: tuple[Any, ...], case_sensitive: bool) -> Convert:
    """The conversion of an enumeration parameter: typer's matching."""

    def convert(value: Any, param: _TyperParameter, ctx: Context) -> Any:
        with _in_validator():
            return coerce_cli_choice(value, choices=choices, case_sensitive=case_sensitive, ctx=ctx)

    return convert


def _path(info: ParameterInfo) -> Convert:
    """The conversion of a ``Path`` parameter: ``Path(value)``, then typer's checks of the file."""

    def convert(value: Any, param: _TyperParameter, ctx: Context) -> Any:
        with _in_validator():  # os.stat refuses a NUL character
            path = value if isinstance(value, Path) else Path(value)
            return coerce_cli_path(path, info, path_type=Path, param=param, ctx=ctx)

    return convert


def _item(annotation: Any, info: ParameterInfo) -> Convert | None:
    """The conversion of one value of ``annotation``, or None for a type not covered here."""
    if info.parser is not None:
        return None
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _choice(tuple(annotation), info.case_sensitive)
    if annotation is str:
        return lambda value, param, ctx: str(value)
    if annotation is bool:
        return lambda value, param, ctx: _bool(value)
    if annotation in (int, float) and not info.clamp:
        return _number(annotation, info.min, info.max)
    if annotation is Path and info.path_type is None:
        return _path(info)
    return None


@dataclass(frozen=True)
class PlainRuntimeParam(RuntimeParam):
    """typer's conversion contract (None, and a list given as one string, handled by
    :meth:`RuntimeParam.coerce`) carried out by ``convert``, on each item of a list."""

    convert: Convert
    many: bool

    def _coerce_value(self, value: Any, param: _TyperParameter, ctx: Context) -> Any:
        try:
            if self.many:
                items = value if isinstance(value, (list, tuple)) else [value]
                return [self.convert(item, param, ctx) for item in items]
            return self.convert(value, param, ctx)
        except ValueError as err:
            raise BadParameter(_escape_control_characters(str(err)), ctx=ctx, param=param) from None


def runtime_param(descriptor: TypeDescriptor) -> RuntimeParam:
    """The conversion of a parameter typer describes by ``descriptor``: plain Python for the
    types of the module docstring (and lists of them), typer's own (pydantic's) for any other."""
    annotation, many = descriptor.annotation, False
    if get_origin(annotation) is list and len(get_args(annotation)) == 1:
        (annotation,), many = get_args(annotation), True
    convert = None if descriptor.file_annotation is not None else _item(annotation, descriptor.parameter_info)
    if convert is None:
        return build_runtime_param(descriptor)
    return PlainRuntimeParam(
        annotation=descriptor.annotation, parameter_info=descriptor.parameter_info, convert=convert, many=many
    )
