"""Numba's start-up in a process: kernels load from the cache without the compiler's set-up.

Before its first kernel load from the on-disk cache, Numba "refreshes" its CPU target: it imports
and registers every typing and lowering implementation it has (about 30 modules: 0.3 CPU-s and
about 45 MB, more than the ``import numba`` itself costs). Only *compiling* reads them. Loading
cached machine code needs two things only: the code generator (LLVM, created with the target
context) and the runtime's symbols (Numba's NRT, which the code links against).

:func:`install` swaps the cache's loader (``numba.core.caching.Cache.load_overload``) for one that
prepares just those two, so a warm process that compiles nothing never sets up the compiler. A
process that does compile is unchanged: Numba's compiler refreshes the target itself before
every compilation. :func:`start` prepares the same two things ahead (the run engine calls it
before its clock starts, :func:`analyzer.sim.engine.clock_start`).

The swap is installed when Numba is first imported (``import analyzer`` arranges it with
:func:`when_imported`, which imports nothing). A Numba whose internals differ from these keeps
its own loader (:func:`install` returns False): the figures stay the same, only start-up is slower.

:func:`when_imported` is also how the command line's compile notice starts watching Numba only
once a command imports it.
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


def start() -> None:
    """Create Numba's CPU target context and initialise its runtime: what loading a cached
    kernel needs, and all a process that compiles nothing needs (idempotent)."""
    from numba.core.registry import cpu_target
    from numba.core.runtime import nrt

    nrt.rtsys.initialize(cpu_target.target_context)


def _load_overload(self, sig, target_context):
    """``Cache.load_overload`` without the target's refresh: the runtime is initialised (the
    cached code links against it) and the cached kernel is loaded, or None on a miss."""
    from numba.core.runtime import nrt

    nrt.rtsys.initialize(target_context)
    with self._guard_against_spurious_io_errors():
        return self._load_overload(sig, target_context)
    return None  # the guard swallowed an I/O error: a miss, as in Numba's own loader


def install() -> bool:
    """Swap Numba's cache loader for :func:`_load_overload` (idempotent). Returns False, leaving
    Numba's own loader, when its internals are not the ones this module knows."""
    from numba.core import caching
    from numba.core.runtime import nrt

    cache = caching.Cache
    if cache.load_overload is _load_overload:
        return True
    known = all(hasattr(cache, name) for name in ("_guard_against_spurious_io_errors", "_load_overload"))
    if not known or not hasattr(nrt.rtsys, "initialize"):
        return False
    cache.load_overload = _load_overload
    return True
