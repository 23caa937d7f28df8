"""Command-line values to Python values, in plain Python: no pydantic, no typer internals.

typer (0.29) converts every value through a pydantic ``TypeAdapter`` it builds per parameter:
some 0.14 CPU-s of a 1 CPU-s query, most of it importing pydantic. typer's public API has no
way around it: ``parser=`` is called from inside such an adapter too, and typer takes no Click
parameter types since it vendors Click (0.26). So the parameter classes of
:mod:`analyzer.cli.commands` convert a value in Click's ``Parameter.process_value``, before typer
would, by the :class:`Conversion` :func:`declared_conversions` makes from the type the command's
function declares for it (and the bounds its ``typer.Option`` or ``typer.Argument`` gives).

The rules are this project's, written to accept what typer 0.29 accepts (pydantic's lax mode,
as typer sets it up) with the same messages, so that a value means the same whichever typer is
installed:

* ``str``: the value as it is (``str(value)``).
* ``int``: an integer in ASCII digits with optional white space around, a sign, single
  underscores between digits, leading zeros, and a fraction of zeros (``" 1_000.0"`` is 1000);
  at most 4,300 digits.
* ``float``: Rust's number syntax (``1e3``, ``.5``, ``5.``, ``inf``, ``infinity``, ``nan``, any
  case) with optional white space around, or, without the white space, with single underscores
  between characters (``1_0.5``).
* a bound (``min``/``max``): checked after the conversion, the maximum first (a NaN fails it),
  named as Rust writes the number (``0.99``, ``1``, ``0.000025``).
* ``Path``: ``Path(value)``; a file that exists must be readable (unless ``readable=False``).
* an enumeration: a member's value, in any case (every choice is case-insensitive, whatever its
  option declares), or the member itself (a default).
* ``bool``: a bool as it is (a flag's value, as Click gives it); a string stripped of white space
  (Python's), empty for false, else one of ``0 f n no off false`` or ``1 t y on yes true`` in any
  case.
* ``list[T]`` (and ``T | None``): each item as ``T``.

A number or a bool is read from a string UTF-8 can write (a lone surrogate, standing for a byte
of the command line that was not UTF-8, is refused). White space in a number is Unicode's
White_Space property, as Rust's ``str::trim`` reads it (Python's ``str.strip`` would also strip
the four information separators ``\\x1c``-``\\x1f``). A refusal becomes Click's usage error for
the parameter (``Invalid value for '--trials' / '-n': ...``), with terminal control characters
escaped. A type not listed, or a typer option these rules leave out (``parser``, ``clamp``, a
``Path``'s other checks), has no conversion here: typer converts that parameter (and imports
pydantic). tests/test_cli_coercion.py checks that every parameter of every command has one, and
the rules of numbers and bools against pydantic's own.
"""

from __future__ import annotations

import inspect
import os
import re
import types
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from enum import Enum
from pathlib import Path
from typing import Annotated, Any, Union, get_args, get_origin

import typer
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
CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")

Convert = Callable[[Any, Any], Any]
"""One value of a parameter (a string off the command line, or a default) to its Python value,
in a Click context; a ValueError with the message if refused."""


def escape_control_characters(text: str) -> str:
    """``text`` with terminal control characters written as ``\\xNN`` (as Click shows a value it
    did not make).

    >>> escape_control_characters("a\\x1b[31mb")
    'a\\\\x1b[31mb'
    """
    return CONTROL.sub(lambda match: f"\\x{ord(match[0]):02x}", text)


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

    def convert(value: Any, ctx: Any) -> Any:
        number = parse(_readable(value)) if isinstance(value, str) else kind(value)
        if most is not None and not number <= most:
            raise ValueError(f"Input should be less than or equal to {rust_number(most)}")
        if least is not None and not number >= least:
            raise ValueError(f"Input should be greater than or equal to {rust_number(least)}")
        return number

    return convert


def _choice_name(choice: Any, ctx: Any) -> str:
    """A choice, or a value given for one, as they are compared: its text (an enumeration
    member's value), normalised as the context normalises tokens, case-folded."""
    text = str(choice.value) if isinstance(choice, Enum) else str(choice)
    normalize = getattr(ctx, "token_normalize_func", None)
    if normalize is not None:
        text = normalize(text)
    return text.casefold()


def _choice(choices: tuple[Enum, ...]) -> Convert:
    """The conversion of an enumeration parameter: the member whose value the text names, in any
    case."""

    def convert(value: Any, ctx: Any) -> Any:
        if any(value is choice for choice in choices):
            return value
        names = {choice: _choice_name(choice, ctx) for choice in choices}
        name = _choice_name(value, ctx)
        for choice, choice_name in names.items():
            if choice_name == name:
                return choice
        listed = ", ".join(map(repr, names.values()))
        raise ValueError(f"Value error, {value!r} is not one of {listed}.")

    return convert


def _filename(value: Any) -> str:
    """A file name as a message shows it (bytes that are not UTF-8 as the replacement character)."""
    return os.fsdecode(value).encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _path(readable: bool) -> Convert:
    """The conversion of a ``Path`` parameter: ``Path(value)``, readable if it exists."""

    def convert(value: Any, ctx: Any) -> Any:
        path = value if isinstance(value, Path) else Path(value)
        try:
            os.stat(path)
        except OSError:  # no such file (yet): the command says what it needs
            return path
        except ValueError as err:  # a NUL character, which no command line holds
            raise ValueError(f"Value error, {err}") from None
        if readable and not os.access(path, os.R_OK):
            raise ValueError(f"path {_filename(value)!r} is not readable.")
        return path

    return convert


DEFAULT_INFO = ParameterInfo()
"""The options of a parameter declared without ``typer.Option`` or ``typer.Argument``."""
PATH_CHECKS = ("exists", "file_okay", "dir_okay", "writable", "resolve_path", "allow_dash", "path_type")
"""The options of a ``Path`` parameter that :func:`conversion` leaves to typer unless they are
the defaults (they are a ``Path``'s checks, bar ``readable``)."""


def _item(annotation: Any, info: Any) -> Convert | None:
    """The conversion of one value of ``annotation``, or None for a type not covered here."""
    if getattr(info, "parser", None) is not None:
        return None
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return _choice(tuple(annotation))
    if annotation is str:
        return lambda value, ctx: str(value)
    if annotation is bool:
        return lambda value, ctx: _bool(value)
    if annotation in (int, float) and not getattr(info, "clamp", False):
        return _number(annotation, getattr(info, "min", None), getattr(info, "max", None))
    if annotation is Path and all(getattr(info, check, None) == getattr(DEFAULT_INFO, check) for check in PATH_CHECKS):
        return _path(getattr(info, "readable", True))
    return None


@dataclass(frozen=True)
class Conversion:
    """How a parameter's values become Python values: ``item`` for each value, of a list if
    ``many``; ``choices``, an enumeration's members, if the values are those."""

    item: Convert
    many: bool
    choices: tuple[Enum, ...] = ()

    def __call__(self, value: Any, param: Any, ctx: Any) -> Any:
        """The Python value of ``value`` (a string off the command line, a default, or a list of
        them if ``many``) for ``param``; None (or ``()`` if ``many``) for None. A refused value
        raises Click's usage error for ``param`` (``typer.BadParameter``)."""
        if value is None:
            return () if self.many else None
        if self.many and isinstance(value, str):
            raise typer.BadParameter("Value must be an iterable.", ctx=ctx, param=param)
        try:
            if self.many:
                items = value if isinstance(value, (list, tuple)) else [value]
                return [self.item(item, ctx) for item in items]
            return self.item(value, ctx)
        except ValueError as err:
            raise typer.BadParameter(escape_control_characters(str(err)), ctx=ctx, param=param) from None


def _without_none(annotation: Any) -> Any:
    """``T`` for ``T | None`` (or ``Optional[T]``), else ``annotation`` as it is."""
    if get_origin(annotation) in (Union, types.UnionType):
        rest = [arg for arg in get_args(annotation) if arg is not type(None)]
        if len(rest) == 1:
            return rest[0]
    return annotation


def conversion(annotation: Any, info: Any = DEFAULT_INFO) -> Conversion | None:
    """The conversion of a parameter of type ``annotation`` with the options ``info`` (what
    ``typer.Option`` or ``typer.Argument`` returned), or None if the module docstring's rules do
    not cover it (typer converts it then).

    >>> conversion(int, typer.Option(min=1)).item("1_000", None)
    1000
    >>> conversion(list[str]).many, conversion(complex) is None
    (True, True)
    """
    annotation = _without_none(annotation)
    many = get_origin(annotation) is list and len(get_args(annotation)) == 1
    if many:
        (annotation,) = get_args(annotation)
    item = _item(annotation, info)
    if item is None:
        return None
    choices = tuple(annotation) if isinstance(annotation, type) and issubclass(annotation, Enum) else ()
    return Conversion(item=item, many=many, choices=choices)


def declared_conversions(function: Callable[..., Any] | None) -> dict[str, Conversion | None]:
    """Each parameter of ``function`` (a command's, or a group's callback, as typer wraps it) by
    name: the conversion of the type its signature declares, or None. The signature is read as
    typer reads it (``inspect.signature``, which follows a wrapper to the function it wraps unless
    the wrapper sets a signature of its own). Empty if the signature cannot be read."""
    if function is None:
        return {}
    try:
        parameters = inspect.signature(function, eval_str=True).parameters
    except (NameError, TypeError, ValueError):
        return {}
    conversions: dict[str, Conversion | None] = {}
    for name, parameter in parameters.items():
        annotation = parameter.annotation
        info = parameter.default if isinstance(parameter.default, ParameterInfo) else DEFAULT_INFO
        if get_origin(annotation) is Annotated:
            annotation, *extras = get_args(annotation)
            info = next((extra for extra in extras if isinstance(extra, ParameterInfo)), info)
        conversions[name] = conversion(annotation, info)
    return conversions
