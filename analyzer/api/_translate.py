"""The friendly arguments of the card-table verbs, translated into the engines' arguments, the
one check of every public verb's numeric arguments (:func:`checked`), and the one place that makes
a verb's :class:`~analyzer.sim.runner.Runner` from its run keywords (:func:`runs_on`)."""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, TypeVar, cast

import numpy as np

from analyzer.cards import CardsInput

if TYPE_CHECKING:  # pydantic is imported on a verb's first call: importing a verb stays quick
    from pydantic import TypeAdapter

    from analyzer.sim.engine import Stopping

F = TypeVar("F", bound=Callable[..., Any])
R = TypeVar("R")
SCALARS = {"int": int, "float": float, "bool": bool}
"""The annotations :func:`checked` checks, alone or with ``| None``."""
INT64_MAX = 2**63 - 1
"""The largest integer the check passes (``analyzer.json_input.INT64_MAX``, which imports pydantic)."""
SEED_WORDS = 2**64
"""A ``seed`` is a 64-bit word, 0 to ``SEED_WORDS - 1`` (:func:`analyzer.sim.seeds.check_seed`)."""


class SeedWord(int):
    """The kind :func:`checked` gives a parameter named ``seed`` annotated ``int``: its check takes
    0 to 2**64 - 1, as the engines do, not the signed 64-bit range of other integers (a marker,
    never instantiated)."""


TYPE_ERRORS = ("int_type", "float_type", "bool_type")
"""Pydantic's errors for a value of the wrong type (a ``TypeError``); the others, such as an
integer beyond 64 bits or an infinite number, are a ``ValueError``."""


RUN_KEYWORDS = {
    name: inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=None, annotation=annotation)
    for name, annotation in (
        ("threads", "int | None"),
        ("scheduler", "str | None"),
        ("progress", "Progress | None"),
        ("runner", "Runner | None"),
    )
}
"""The public keywords of where a verb runs, as :func:`runs_on` shows them: a
:class:`~analyzer.sim.runner.Runner`'s fields, or a ready runner."""


def runs_on(*keywords: str) -> Callable[[Callable[..., R]], Callable[..., R]]:
    """A verb that takes one keyword-only ``runner`` (:class:`~analyzer.sim.runner.Runner`) made
    the public verb that takes the run ``keywords`` instead (``"threads"``, ``"scheduler"``,
    ``"progress"``: the fields of a runner it honours) or a ready ``runner=`` (the command line's),
    not both; the runner is made here, once for every verb. The verb's signature shows those
    keywords, so ``help()`` and the docs list them, and :func:`checked` checks ``threads``.

    >>> @runs_on("threads")
    ... def where(*, runner):
    ...     return runner.threads
    >>> where(threads=2), where(), inspect.signature(where)
    (2, None, <Signature (*, threads: 'int | None' = None, runner: 'Runner | None' = None)>)
    """
    shown = [RUN_KEYWORDS[name] for name in (*keywords, "runner")]

    def decorate(verb: Callable[..., R]) -> Callable[..., R]:
        signature = inspect.signature(verb)
        own = [p for p in signature.parameters.values() if p.name != "runner"]

        @functools.wraps(verb)
        def with_runner(*args: Any, runner: Any = None, **kwargs: Any) -> R:
            given = [(name, kwargs.pop(name)) for name in keywords if name in kwargs]
            if not given:  # a query's usual call: no run keyword
                return verb(*args, runner=_default_runner() if runner is None else runner, **kwargs)
            if runner is not None:
                raise TypeError(f"{verb.__name__}: give runner or {', '.join(name for name, _ in given)}, not both")
            return verb(*args, runner=_runner(tuple(given)), **kwargs)

        with_runner.__signature__ = signature.replace(parameters=[*own, *shown])  # type: ignore[attr-defined]
        return with_runner

    return decorate


def _runner(given: tuple[tuple[str, Any], ...]) -> Any:
    """``Runner(**dict(given))``, shared by the calls that give the same fields (runners are
    immutable; making one costs a query about 2 µs of its floor): kept for the last
    :data:`RUNNERS_KEPT` field sets that can be kept (a progress sink that cannot be hashed makes
    its own runner each time)."""
    try:
        return _kept_runner(given)
    except TypeError:  # an unhashable value: a runner of its own (or Runner's own error)
        from analyzer.sim.runner import Runner

        return Runner(**dict(given))


RUNNERS_KEPT = 32
"""How many field sets :func:`_runner` keeps a runner for."""


@functools.lru_cache(maxsize=RUNNERS_KEPT)
def _kept_runner(given: tuple[tuple[str, Any], ...]) -> Any:
    """:func:`_runner`'s runners, made once per hashable field set."""
    from analyzer.sim.runner import Runner  # here: importing a namespace stays quick

    return Runner(**dict(given))


@functools.cache
def _default_runner() -> Any:
    """``Runner()``, made once: runners are immutable, so every verb called without run keywords
    shares it (a new one and the import cost a query about a microsecond)."""
    from analyzer.sim.runner import Runner

    return Runner()


@functools.lru_cache(maxsize=32, typed=True)
def stopping(trials: int | None, target_se: float | None, time_limit: float | None) -> Stopping:
    """``Stopping(trials, target_se, time_limit)``, shared by the calls that give the same rules
    (a stopping rule is immutable, and checking and making one costs a small query about
    0.7 µs): kept for the last 32 sets of rules, their types told apart (``5`` is not ``5.0``).
    A bad rule is refused each time it is given, as :class:`~analyzer.sim.engine.Stopping` says.

    >>> stopping(None, None, None) is stopping(None, None, None), stopping(1_000, None, None).trials
    (True, 1000)
    """
    from analyzer.sim.engine import Stopping

    return Stopping(trials=trials, target_se=target_se, time_limit=time_limit)


def cards(given: CardsInput | None) -> CardsInput:
    """Cards as the engines take them: ``None`` is no cards."""
    return "" if given is None else given


def joined(given: Any, name: str, separator: str) -> str:
    """A text argument given as text or as a list of texts (cards of a hand, one policy per
    seat), as one text joined by ``separator``; anything else is a ``TypeError`` naming the
    argument and the item.

    >>> joined(["As", "Kd"], "hand", " "), joined("heuristic", "policy", ",")
    ('As Kd', 'heuristic')
    >>> joined(["greedy", 3], "policy", ",")
    Traceback (most recent call last):
    ...
    TypeError: policy: item 2 is 3, expected text
    """
    if isinstance(given, str):
        return given
    try:
        items = list(given)
    except TypeError:
        raise TypeError(f"{name}: expected text or a list of texts, got {given!r}") from None
    for index, item in enumerate(items, 1):
        if not isinstance(item, str):
            raise TypeError(f"{name}: item {index} is {item!r}, expected text")
    return separator.join(items)


def _python_scalar(value: Any) -> Any:
    """A numpy scalar as the Python number (or bool) it holds; other values as they are."""
    return value.item() if isinstance(value, np.generic) else value


def _python_shown(value: Any) -> str:
    """``value`` as Python writes it, cut to :data:`~analyzer.json_input.SHOWN_CHARS` characters."""
    from analyzer.json_input import SHOWN_CHARS

    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def _scalar(annotation: Any) -> tuple[type, bool] | None:
    """For a parameter annotated ``int``, ``float`` or ``bool`` (written or as a type), alone or
    with ``| None``: that type and whether ``None`` is allowed; ``None`` for any other annotation."""
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))
    parts = [part.strip() for part in text.split("|")]
    kinds = [part for part in parts if part != "None"]
    if len(kinds) != 1 or kinds[0] not in SCALARS or len(parts) > 2:
        return None
    return SCALARS[kinds[0]], len(parts) == 2


def _adapter(kind: type, optional: bool) -> TypeAdapter:
    """The strict check of a ``kind`` parameter, ``None`` allowed when ``optional``
    (:func:`analyzer.json_input.strict_type`), numpy scalars taken as the values they hold."""
    from pydantic import BeforeValidator, ConfigDict, TypeAdapter

    from analyzer.json_input import strict_type

    if kind is SeedWord:
        from pydantic import Field, Strict

        word = Annotated[int, Strict(), Field(ge=0, le=SEED_WORDS - 1)]
        strict: Any = word | None if optional else word
    else:
        strict = strict_type(kind | None if optional else kind)
    numbers: Any = Annotated[strict, BeforeValidator(_python_scalar)]
    return TypeAdapter(numbers, config=ConfigDict(strict=True))


def _passes_as_is(value: Any, kind: type, optional: bool) -> bool:
    """Whether the strict check of a ``kind`` parameter (:func:`_adapter`) would pass ``value``
    on unchanged: None where allowed, a bool for a bool, a Python int of at most 64 bits for an
    int, a finite Python float for a float. Anything else (a numpy scalar, an int for a float, a
    wrong value) takes the check itself, which converts it or names it: a query's arguments cost
    a few comparisons, not a validation (about 10 µs a call).

    >>> _passes_as_is(3, int, False), _passes_as_is(True, int, False), _passes_as_is(None, float, True)
    (True, False, True)
    """
    if value is None:
        return optional
    if kind is bool:
        return type(value) is bool
    if kind is SeedWord:
        return type(value) is int and 0 <= value < SEED_WORDS
    if kind is int:
        return type(value) is int and -INT64_MAX <= value <= INT64_MAX
    return type(value) is float and math.isfinite(value)


def checked(function: F) -> F:
    """``function`` (a public verb) with its numeric arguments checked before it runs.

    Every parameter annotated ``int``, ``float`` or ``bool`` (or one of them ``| None``) is
    checked as a JSON input is (:func:`analyzer.json_input.strict_type`): an ``int`` is an
    integer of at most 64 bits, never a float, a bool or a string (a ``seed`` 0 to 2**64 - 1,
    checked even where the run draws nothing, :class:`SeedWord`); a ``float`` a finite number
    (an integer too); a ``bool`` is ``True`` or ``False``. numpy scalars count as the Python
    values they hold, and reach the verb as those. A mismatch is a ``TypeError`` (a value of
    the wrong type) or ``ValueError`` in one line naming the argument and the value, such as
    ``trials: expected an integer, got True``; each verb's engine checks the ranges (at least 1
    game ...) with messages naming them too.
    """
    signature = inspect.signature(function)
    scalars = {name: scalar for name, p in signature.parameters.items() if (scalar := _scalar(p.annotation))}
    if scalars.get("seed", (None,))[0] is int:
        scalars["seed"] = (SeedWord, scalars["seed"][1])
    positions = {
        name: index
        for index, (name, p) in enumerate(signature.parameters.items())
        if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
    }
    places = [(name, positions.get(name), kind, optional) for name, (kind, optional) in scalars.items()]

    @functools.cache
    def checks() -> dict[str, TypeAdapter]:  # built on the first call
        return {name: _adapter(*scalar) for name, scalar in scalars.items()}

    def validated(*args: Any, **kwargs: Any) -> Any:
        from pydantic import ValidationError

        from analyzer.json_input import error_line

        bound = signature.bind(*args, **kwargs)
        for name in checks().keys() & bound.arguments.keys():
            try:
                bound.arguments[name] = checks()[name].validate_python(bound.arguments[name])
            except ValidationError as error:
                kind = TypeError if error.errors()[0]["type"] in TYPE_ERRORS else ValueError
                raise kind(error_line(error, (name,), show=_python_shown)) from None
        return function(*bound.args, **bound.kwargs)

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        for name, position, kind, optional in places:  # values the check would pass on unchanged
            if position is not None and position < len(args):
                value = args[position]
            elif name in kwargs:
                value = kwargs[name]
            else:
                continue
            if not _passes_as_is(value, kind, optional):
                return validated(*args, **kwargs)
        return function(*args, **kwargs)

    wrapper.checked = tuple(scalars)  # type: ignore[attr-defined]
    return cast(F, wrapper)
