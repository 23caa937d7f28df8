"""Lazy re-exports for the game packages: ``analyzer.games.holdem.holdem_equity`` imports
``analyzer.games.holdem.equity`` on first use (PEP 562), so importing a package, or one of
its kernel modules, never imports the rest of it."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any


def lazy_exports(
    package: str, modules: Mapping[str, Sequence[str]]
) -> tuple[list[str], Callable[[str], Any], Callable[[], list[str]]]:
    """``__all__``, ``__getattr__`` and ``__dir__`` for ``package``, which re-exports the names
    listed under each of its submodules in ``modules`` (submodule name -> public names)."""
    home = {name: f"{package}.{module}" for module, names in modules.items() for name in names}

    def __dir__() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(home))

    return sorted(home), lazy_getattr(package, home), __dir__


def lazy_getattr(module: str, home: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` (PEP 562) for ``module``: each name of ``home`` read from the module
    ``home[name]`` names, imported on first use and then kept on ``module`` (later lookups skip
    the function); any other name an AttributeError."""

    def __getattr__(name: str) -> Any:
        if name not in home:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(home[name]), name)
        setattr(sys.modules[module], name, value)
        return value

    return __getattr__
