"""Reading the input files users write (positions, rule options), typed and with one-line errors.

Positions and rule options reach the analyses in three forms: the validated object itself, a
dict in the JSON form, or (positions) the path of a JSON file; :func:`read_input` and
:func:`options_input` accept all of them. Every form is checked by a strict pydantic model
(:func:`validate`): no truthiness (``"false"`` is not a boolean), no float or boolean for an
integer, bounded integers. An error is one line that names the file and the field path and
shows at most :data:`SHOWN_CHARS` characters of the bad value::

    position.json: rules.min_bet: expected an integer, got "10"
"""

from __future__ import annotations

import collections.abc
import dataclasses
import functools
import json
import types
import typing
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, TypeVar

import numpy as np
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    PlainValidator,
    Strict,
    ValidationError,
    WithJsonSchema,
    create_model,
    model_validator,
)
from pydantic_core import PydanticCustomError

from analyzer.cards import CardError, parse_cards

T = TypeVar("T")
M = TypeVar("M", bound=BaseModel)

SHOWN_CHARS = 60  # an echoed bad value is cut to this many characters
INT64_MAX = 2**63 - 1
STRICT = ConfigDict(strict=True, extra="forbid", frozen=True)
BoundedInt = Annotated[int, Strict(), Field(ge=-INT64_MAX, le=INT64_MAX)]
"""An integer (never a float or a boolean) that fits the kernels' 64-bit integers."""
FiniteFloat = Annotated[float, Field(allow_inf_nan=False)]
"""A finite number (an integer is accepted as its float)."""


MAX_ITEMS = 10_000  # the longest list an option may hold
MAX_CARDS = 60  # more cards than any field can hold: a longer list is refused before parsing


def _cards(value: Any) -> str | list[str]:
    if isinstance(value, str) or (
        isinstance(value, list) and len(value) <= MAX_CARDS and all(isinstance(v, str) for v in value)
    ):
        return value
    raise PydanticCustomError("cards_type", "expected cards as a string or a list of strings")


CARDS_SCHEMA = {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}, "maxItems": MAX_CARDS}]}
Cards = Annotated[str | list[str], PlainValidator(_cards), WithJsonSchema(CARDS_SCHEMA)]
"""Cards as text (``"Ah Kd"``) or a list of card strings (``["Ah", "Kd"]``); parsed later by
:func:`card_field`, which names the field of a bad card."""


def lower(value: Any) -> Any:
    """A string in lower case (other values as they are): option names are case-insensitive."""
    return value.lower() if isinstance(value, str) else value


def choice(names) -> Any:
    """The type of a case-insensitive option: one of ``names`` (a string, any case)."""
    return Annotated[typing.Literal[tuple(names)], BeforeValidator(lower)]


class InputModel(BaseModel):
    """The base of every input model: strict types, unknown keys refused, frozen; NumPy scalars
    among a mapping's values (and their lists' items) taken as the Python values they hold
    (:func:`_python_values`), at every level, since each nested model takes its own."""

    model_config = STRICT

    @model_validator(mode="before")
    @classmethod
    def _numpy_scalars_as_python(cls, data: Any) -> Any:
        return _python_values(data) if isinstance(data, Mapping) else data


def shown(value: Any) -> str:
    """``value`` as JSON, cut to :data:`SHOWN_CHARS` characters.

    >>> shown("10")
    '"10"'
    >>> len(shown(list(range(1000))))
    60
    """
    try:
        text = json.dumps(value)
    except (TypeError, ValueError, RecursionError):
        try:
            text = repr(value)
        except RecursionError:
            text = f"a deeply nested {type(value).__name__}"
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


_MESSAGES = {
    "int_type": "expected an integer",
    "bool_type": "expected true or false",
    "string_type": "expected a string",
    "float_type": "expected a number",
    "finite_number": "expected a finite number",
    "list_type": "expected a list",
    "tuple_type": "expected a list",
    "dict_type": "expected an object",
    "model_type": "expected an object",
    "model_attributes_type": "expected an object",
    "missing": "missing",
    "extra_forbidden": "unknown key",
    "recursion_loop": "nested too deeply",
}


def _message(error: Mapping[str, Any]) -> str:
    kind, ctx = error["type"], error.get("ctx") or {}
    if kind in _MESSAGES:
        return _MESSAGES[kind]
    if kind == "literal_error":
        return f"expected one of {ctx['expected'].replace(chr(39), '').replace(' or ', ', ')}"
    if kind in ("greater_than_equal", "greater_than"):
        return f"expected {'at least' if kind == 'greater_than_equal' else 'more than'} {ctx.get('ge', ctx.get('gt'))}"
    if kind in ("less_than_equal", "less_than"):
        return f"expected {'at most' if kind == 'less_than_equal' else 'less than'} {ctx.get('le', ctx.get('lt'))}"
    if kind == "too_short":
        return f"expected at least {ctx['min_length']} items"
    if kind == "too_long":
        return f"expected at most {ctx['max_length']} items"
    if kind == "value_error":
        return str(ctx.get("error", error["msg"]))
    message = str(error["msg"])  # pydantic's, or a custom error's own (cards_type ...)
    return message[:1].lower() + message[1:]


def _known_keys(model: type[BaseModel] | None, loc: tuple) -> list[str]:
    """The keys the object at ``loc`` in ``model`` may have (none when not a nested model)."""
    for part in loc:
        field = model.model_fields.get(str(part)) if model is not None else None
        annotation = field.annotation if field is not None else None
        model = annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None
    return list(model.model_fields) if model is not None else []


def error_line(
    error: ValidationError,
    at: tuple[str, ...] = (),
    model: type[BaseModel] | None = None,
    show: Callable[[Any], str] = shown,
) -> str:
    """The first error of ``error`` as one line: the field path (after the fields ``at``), what
    was expected (for an unknown key of ``model`` or of a model in it, the known keys) and the
    value given, as ``show`` writes it (by default as JSON, shortened); ``(and N more)`` when
    there are more."""
    errors = error.errors(include_url=False)
    first = errors[0]
    path = ".".join(str(part) for part in (*at, *first["loc"]))
    line = _message(first)
    if first["type"] == "extra_forbidden" and (known := _known_keys(model, first["loc"][:-1])):
        line += f" (expected {', '.join(known)})"
    if first["type"] not in ("missing", "value_error"):
        line += f", got {show(first['input'])}"
    if path:
        line = f"{path}: {line}"
    if len(errors) > 1:
        line += f" (and {len(errors) - 1} more)"
    return line


def validate(model: type[M], data: Any, what: str | None = None, *, at: tuple[str, ...] = ()) -> M:
    """``data`` checked by ``model``; a mismatch is a one-line ``ValueError`` (:func:`error_line`),
    after ``what:`` when given, its field path after the fields ``at`` when ``data`` is part of a
    larger input (a value that is not an object says so).

    >>> class Rules(InputModel):
    ...     min_bet: BoundedInt = 10
    >>> validate(Rules, {"min_bet": 20})
    Rules(min_bet=20)
    >>> validate(Rules, {"min_bet": "10"}, "rules")
    Traceback (most recent call last):
    ...
    ValueError: rules: min_bet: expected an integer, got "10"
    """
    prefix = f"{what}: " if what else ""
    if not isinstance(data, Mapping):
        where = f"{'.'.join(at)}: " if at else ""
        raise ValueError(f"{prefix}{where}expected a JSON object, got {shown(data)}")
    try:
        return model.model_validate(data)
    except ValidationError as error:
        raise ValueError(prefix + error_line(error, at, model)) from None
    except RecursionError:
        raise ValueError(f"{prefix}nested too deeply") from None


def _python_values(data: Mapping) -> dict:
    """``data`` with the NumPy scalars among its values, and among the items of its lists and
    tuples (given as lists, as JSON gives them), as the Python values they hold, as the API's
    arguments are taken (a Python caller's input; a JSON file holds none). One level deep, so
    that no nesting reaches Python's recursion limit before the model's own check.

    >>> import numpy as np
    >>> _python_values({"round": np.int64(3), "rows": [np.float64(0.5), "x"]})
    {'round': 3, 'rows': [0.5, 'x']}
    """

    def plain(value: Any) -> Any:
        return value.item() if isinstance(value, np.generic) else value

    return {
        key: [plain(item) for item in value] if isinstance(value, (list, tuple)) else plain(value)
        for key, value in data.items()
    }


def read_json(path: str | Path) -> Any:
    """The JSON document in ``path``; a missing or unreadable file, text that is not UTF-8, bad
    JSON or arrays nested too deeply are a one-line ``ValueError`` naming the file."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise ValueError(f"{path}: not UTF-8 text (byte {error.start})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"{path}: not valid JSON: {error.msg} at line {error.lineno}") from None
    except RecursionError:
        raise ValueError(f"{path}: not valid JSON: nested too deeply") from None


def card_field(value, what: str) -> tuple[int, ...]:
    """The card codes of a field that a model has checked to be a string or a list of strings
    (missing: none); a bad card is a ``CardError`` that names the field."""
    if value is None:
        return ()
    text = " ".join(value) if isinstance(value, list | tuple) else str(value)
    try:
        return tuple(int(c) for c in parse_cards(text))
    except CardError as error:
        raise CardError(f"{what}: {error}", token=error.token, position=error.position) from None


def read_input(value: Any, kind: type[T], from_dict: Callable[[Any], T]) -> T:
    """An input given as a ``kind`` object (returned as it is), as a dict in its JSON form (read by
    ``from_dict``, which validates it), or as the path (``str`` or ``Path``) of a JSON file holding
    that form, whose errors then start with the file's name.

    >>> from fractions import Fraction
    >>> read_input({"n": 1, "d": 3}, Fraction, lambda d: Fraction(d["n"], d["d"]))
    Fraction(1, 3)
    """
    if isinstance(value, kind):
        return value
    if not isinstance(value, str | Path):
        return from_dict(value)
    data = read_json(value)
    try:
        return from_dict(data)
    except CardError as error:
        raise CardError(f"{value}: {error}", token=error.token, position=error.position) from None
    except ValueError as error:
        raise ValueError(f"{value}: {error}") from None


def strict_type(annotation: Any) -> Any:
    """The strict input type for a parameter's or a dataclass field's type: integers bounded
    (:data:`BoundedInt`), floats finite, booleans and strings exact, tuples and sequences given as
    lists, optional types as they are or null; other types as they are."""
    if annotation is bool:
        return Annotated[bool, Strict()]
    if annotation is int:
        return BoundedInt
    if annotation is float:
        return FiniteFloat
    if annotation is str:
        return Annotated[str, Strict()]
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin in (types.UnionType, typing.Union):
        return typing.Union[tuple(strict_type(a) for a in args)]  # noqa: UP007 (built from a tuple)
    if origin in (tuple, list, collections.abc.Sequence) and args:
        if origin is tuple and args[-1] is not Ellipsis:
            items = strict_type(args[0] if len(set(args)) == 1 else Any)
            size = Field(min_length=len(args), max_length=len(args))
            return Annotated[list[items], BeforeValidator(_tuple_as_list), size]  # type: ignore[valid-type]
        items = strict_type(args[0])
        return Annotated[list[items], BeforeValidator(_tuple_as_list), Field(max_length=MAX_ITEMS)]  # type: ignore[valid-type]
    return annotation


def _tuple_as_list(value: Any) -> Any:
    """A tuple as the list a JSON or TOML file would give (Python callers pass a plan's own
    tuples); anything else as it is, for the strict list check."""
    return list(value) if isinstance(value, tuple) else value


@functools.cache
def options_model(kind: type) -> type[InputModel]:
    """The strict input model of the frozen dataclass ``kind`` of options: each field with its
    strict type (:func:`strict_type`) and its default."""
    hints = typing.get_type_hints(kind)
    fields: dict[str, Any] = {
        f.name: (strict_type(hints[f.name]), f.default if f.default is not dataclasses.MISSING else ...)
        for f in dataclasses.fields(kind)
    }
    return create_model(kind.__name__, __base__=InputModel, __doc__=kind.__doc__, **fields)


def options_input(value: Any, kind: type[T]) -> T:
    """Rule options given as a ``kind`` (a frozen dataclass, returned as it is), as a dict of some
    of its fields (the others keep their defaults; each checked by :func:`options_model`) or as
    ``None`` (all defaults); a bad key or value is a one-line ``ValueError``.

    >>> @dataclasses.dataclass(frozen=True)
    ... class Limits:
    ...     low: int = 0
    ...     high: int = 10
    >>> options_input({"high": 5}, Limits)
    Limits(low=0, high=5)
    >>> options_input({"top": 5}, Limits)
    Traceback (most recent call last):
    ...
    ValueError: Limits: top: unknown key (expected low, high), got 5
    >>> options_input({"low": True}, Limits)
    Traceback (most recent call last):
    ...
    ValueError: Limits: low: expected an integer, got true
    """
    if isinstance(value, kind):
        return value
    checked = validate(options_model(typing.cast(type, kind)), {} if value is None else value, kind.__name__)
    return options_from(checked, kind)


def options_from(checked: BaseModel, kind: type[T]) -> T:
    """The ``kind`` dataclass from its checked model (lists back to tuples); the dataclass's own
    checks run and their ``ValueError`` propagates."""
    values = {k: tuple(v) if isinstance(v, list) else v for k, v in checked}
    return kind(**values)
