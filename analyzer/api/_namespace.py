"""What an API namespace shows: its verbs and the types of their results, nothing else.

``dir(pa.holdem)`` lists the verbs and result types of :data:`__all__`, not the typing names and
engine constants a module imports for itself. A result type lives with its engine in
:mod:`analyzer.games`, whose import builds the evaluator's tables, so the namespace imports it on
first use (PEP 562), as its verbs import their engines on their first call.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from analyzer._exports import lazy_getattr


def public(
    module: str, verbs: Sequence[str], results: Mapping[str, str]
) -> tuple[list[str], Callable[[str], Any], Callable[[], list[str]]]:
    """``__all__``, ``__getattr__`` and ``__dir__`` for the API namespace ``module``, whose public
    names are its ``verbs`` and the result types named in ``results`` (name -> the module that
    defines it, imported when the name is first read)."""

    names = sorted([*verbs, *results])

    def __dir__() -> list[str]:
        return list(names)

    return names, lazy_getattr(module, results), __dir__
