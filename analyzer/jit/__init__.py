"""Everything that touches Numba's, llvmlite's or the interpreter's internals, in one place.

The rest of the project uses Numba's public API and its documented extension API
(``@intrinsic``, ``cgutils``, ``imputils``, events) only, through the decorators here; a lint
rule (ruff's banned-api, ``pyproject.toml``) keeps every other import of Numba's internals out
of the other modules. What this folder holds, and what each piece buys (figures in
``docs/speed.md``):

* :func:`kernel`, :func:`stable_kernel`, :func:`intrinsic`, :func:`stable_identity`
  (:mod:`~analyzer.jit.decorators`): one spelling of the kernels' Numba options (public ones:
  ``cache``, ``nogil``, ``no_cfunc_wrapper``), fixed identities for kernels made in factories,
  and intrinsics with a plain-Python twin, so that ``NUMBA_DISABLE_JIT=1`` runs everything.
* :func:`scalar_loops` (:mod:`~analyzer.jit.scalar_loops`): one kernel compiled without LLVM's
  loop vectorizer, where it measured faster.
* :func:`compiles_for` (:mod:`~analyzer.jit.target`): the target CPU's features.
* :func:`enable_fast_start` (:mod:`~analyzer.jit.fast_start`, :mod:`~analyzer.jit.lazy_linking`,
  :mod:`~analyzer.jit.symbol_linking`): cached kernels load without setting up Numba's compiler,
  and large callees are called by symbol instead of compiled again in every caller. The console
  script switches it on; ``import analyzer`` never does. It acts on the project's own
  dispatchers and cache entries alone (:mod:`~analyzer.jit.scope`), and keeps its cache entries
  apart from stock Numba's.
* :func:`fast_exit` (:mod:`~analyzer.jit.process_exit`): the console script ends without the
  interpreter's teardown.
* The kernel cache (:mod:`~analyzer.jit.kernel_cache`, :mod:`~analyzer.jit.sources`): the
  project's kernels cache in a folder it checks (else in memory), stamped with the sources they
  were built from and checksummed, so an entry never outlives its sources and a damaged one is
  compiled again; :func:`kernel` attaches it.

Every piece that reads an internal runs only inside the Numba and llvmlite releases it was tested
on, and not when ``POKER_ANALYZER_SPEED_LAYER=off`` (:mod:`~analyzer.jit.window`); otherwise the
stock path runs, with the same results.
"""

from __future__ import annotations

from analyzer.jit.decorators import intrinsic, kernel, stable_identity, stable_kernel
from analyzer.jit.imports import when_imported
from analyzer.jit.process_exit import fast_exit
from analyzer.jit.scalar_loops import scalar_loops
from analyzer.jit.target import compiles_for

__all__ = [
    "compiles_for",
    "enable_fast_start",
    "fast_exit",
    "fast_start_enabled",
    "intrinsic",
    "kernel",
    "scalar_loops",
    "stable_identity",
    "stable_kernel",
    "start",
    "when_imported",
]


def enable_fast_start() -> bool:
    """Switch the fast start on for this process, now if Numba is imported, else when it is:
    the project's kernels then load from the cache without setting up Numba's compiler (0.3
    CPU-s and 45 MB less a warm process) and compile large callees once
    (:mod:`analyzer.jit.fast_start`). The console script calls it first thing; a notebook or
    script that runs many short queries may call it too.

    It acts on the project's dispatchers and cache entries, and caches them in a format of its
    own, which a process without it never reads: that process compiles them once for itself. A
    kernel of yours that calls the project's kernels links their whole code, as without it, and
    is cached as Numba caches it. Two effects reach the whole process, both without changing
    what any function computes or caches: Numba's function ids count from a random start, and
    a plain ``numpy.ndarray`` is typed without asking whether it is a masked array.

    Returns False when it cannot be on: ``POKER_ANALYZER_SPEED_LAYER=off``,
    ``NUMBA_DISABLE_JIT=1``, or (once Numba is imported) a Numba or llvmlite outside the tested
    releases. Before Numba's import, True means it will be switched on then, if the versions
    allow (:func:`fast_start_enabled` tells afterwards)."""
    import os
    import sys

    from analyzer.jit import window

    if window.switched_off() or os.environ.get("NUMBA_DISABLE_JIT", "0").strip() not in ("", "0"):
        return False
    if "numba" in sys.modules:
        return _install()
    when_imported("numba", lambda _numba: _install())
    return True


def _install() -> bool:
    from analyzer.jit import fast_start, window

    return window.active() and fast_start.install()


def fast_start_enabled() -> bool:
    """Whether the fast start is on in this process."""
    import sys

    if "numba" not in sys.modules:
        return False
    from analyzer.jit import fast_start

    return fast_start.installed()


def start() -> None:
    """Prepare what the first kernel call of a process needs (Numba's CPU target, its runtime),
    so that a run's clock starts after it (:func:`analyzer.sim.engine.clock_start`). With the
    fast start on, just the code generator and the runtime; otherwise Numba's own refresh of its
    target, as its first cache load would do; under ``NUMBA_DISABLE_JIT``, nothing."""
    from numba import config

    if config.DISABLE_JIT:
        return
    from analyzer.jit import fast_start, window

    if fast_start.installed():
        fast_start.start()
    elif window.active():
        from numba.core.registry import cpu_target

        cpu_target.target_context.refresh()
