"""Run code once a module is imported, without importing it meanwhile.

The console script switches the fast start on before any command has imported Numba
(``--help`` never imports it), and its compile notice starts listening to Numba's events only
once a command imports it: both wait for the import with :func:`when_imported`, a one-shot
finder on ``sys.meta_path``. Only the console script (or a caller of
:func:`analyzer.jit.enable_fast_start`) adds one; ``import analyzer`` does not.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Callable
from types import ModuleType

_WAITING: dict[str, list[Callable[[ModuleType], object]]] = {}
"""Module name -> the callbacks to run once it is imported (see :func:`when_imported`)."""


class _AfterImport(importlib.abc.MetaPathFinder):
    """Runs the callbacks waiting for ``name`` right after it is first imported (a one-shot meta
    path finder: it finds the module with the other finders and wraps its loader)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def find_spec(self, fullname, path, target=None):
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            _WAITING.pop(fullname, None)
            return spec
        loader = spec.loader
        execute = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            execute(module)
            for then in _WAITING.pop(fullname, []):
                then(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def when_imported(name: str, then: Callable[[ModuleType], object]) -> Callable[[], None]:
    """Call ``then(module)`` once the top-level module ``name`` is imported: right away if it
    already is, else just after its first import (importing nothing meanwhile).

    Returns a function that cancels the call if it has not happened yet.

    >>> seen = []
    >>> cancel = when_imported("json", lambda module: seen.append(module.__name__))
    >>> seen
    ['json']
    """
    module = sys.modules.get(name)
    if module is not None:
        then(module)
        return lambda: None
    if name not in _WAITING:
        _WAITING[name] = []
        sys.meta_path.insert(0, _AfterImport(name))
    _WAITING[name].append(then)

    def cancel() -> None:
        waiting = _WAITING.get(name, [])
        if then in waiting:
            waiting.remove(then)

    return cancel
