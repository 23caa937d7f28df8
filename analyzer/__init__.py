"""poker-analyzer: exact and Monte Carlo odds and strategy for poker-family card games.

The Python API is one namespace per game, with the command line's verbs, plus the evaluator
and the range parser::

    >>> import analyzer as pa
    >>> pa.evaluate("As Ks Qs Js Ts").name
    'Royal flush'

Namespaces: :mod:`~analyzer.api.holdem`, :mod:`~analyzer.api.stud`, :mod:`~analyzer.api.draw`,
:mod:`~analyzer.api.paigow`, :mod:`~analyzer.api.head_to_head`, :mod:`~analyzer.api.saint_poker`,
:mod:`~analyzer.api.whist` and :mod:`~analyzer.api.mousel`, and :mod:`analyzer.ranges`. They are
imported on first use (PEP 562), so ``import analyzer`` loads no kernel and compiles nothing.
It imports no Numba either, and changes nothing outside the package: Numba, its caches and the
interpreter stay as they were (the command line's faster start is switched on by the console
script alone, :mod:`analyzer.jit`).
"""

from __future__ import annotations

import importlib
from typing import Any

GAMES = ("holdem", "stud", "draw", "paigow", "head_to_head", "saint_poker", "whist", "mousel")
"""The per-game namespaces (modules of :mod:`analyzer.api`), in the order the docs list them."""

__all__ = ["__version__", "evaluate", "ranges", *GAMES]


def __getattr__(name: str) -> Any:
    if name == "__version__":
        from analyzer.version import package_version

        value: Any = package_version()
    elif name in GAMES:
        value = importlib.import_module(f"analyzer.api.{name}")
    elif name == "ranges":  # the range syntax's own module is its namespace
        value = importlib.import_module("analyzer.ranges")
    elif name == "evaluate":
        value = importlib.import_module("analyzer.api").evaluate
    else:
        raise AttributeError(f"module 'analyzer' has no attribute {name!r}")
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted([*__all__, "GAMES"])
