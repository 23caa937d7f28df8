"""What an API namespace shows: its verbs and the types of their results, nothing else.

``dir(pa.holdem)`` lists the verbs and result types of :data:`__all__`, not the typing names and
engine constants a module imports for itself. A result type lives with its engine in
:mod:`analyzer.games`, whose import builds the evaluator's tables, so the namespace imports it on
first use (PEP 562), as its verbs import their engines on their first call.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any


def public(
    module: str, verbs: Sequence[str], results: Mapping[str, str]
) -> tuple[list[str], Callable[[str], Any], Callable[[], list[str]]]:
    """``__all__``, ``__getattr__`` and ``__dir__`` for the API namespace ``module``, whose public
    names are its ``verbs`` and the result types named in ``results`` (name -> the module that
    defines it, imported when the name is first read)."""

    def __getattr__(name: str) -> Any:
        if name not in results:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(results[name]), name)
        setattr(sys.modules[module], name, value)  # later lookups skip this function
        return value

    names = sorted([*verbs, *results])

    def __dir__() -> list[str]:
        return list(names)

    return names, __getattr__, __dir__
