"""Kernels compiled without LLVM's loop vectorizer, where its vector loops measured slower.

LLVM turns a loop of table lookups into vector *gathers* when it can. Where the loops are short
and their lookups land in cache, the vector loop's set-up, its scalar remainder and the gathers
lose to plain scalar code: the exact Hold'em enumeration
(:func:`analyzer.games.holdem.engine.exact_showdowns`, loops over two to ten players) ran 3-10%
faster without it and compiles about 0.3 CPU-s sooner. (The enumeration of every hand, whose
innermost loops ran about seven hands until 2026-12-05, ran 1.45 times as fast without it; its
loops now run ten thousand to a million hands and have a branch LLVM does not vectorize, and it
measured the same either way, so it keeps the default.) Other kernels keep it: the random-hand batch and the
Monte Carlo kernels measured no better without it, within this machine's noise.

Numba has no per-function switch; its full optimisation pass reads the process-wide setting
``numba.core.config.LOOP_VECTORIZE`` (``NUMBA_LOOP_VECTORIZE``) each time it compiles a library.
:func:`scalar_loops` sets it off for the compilations of one dispatcher only, under Numba's
compiler lock (no other compilation runs meanwhile), and restores it. Loading a cached kernel
compiles nothing; the cache's key does not record the setting, but every compilation of a
wrapped kernel goes through here. Gaps that change speed only: a kernel it calls that is not
inlined and compiles during the same call is compiled scalar too, and a wrapped kernel called
from another kernel is optimised again inside that caller with the caller's setting.
"""

from __future__ import annotations

from typing import TypeVar

from analyzer.jit import window

Dispatcher = TypeVar("Dispatcher")


def scalar_loops(dispatcher: Dispatcher) -> Dispatcher:
    """``dispatcher`` (a :func:`~analyzer.jit.kernel`), its every compilation run with LLVM's loop
    vectorizer off; returns it, for use as a decorator above ``@kernel``. Outside the tested
    versions, with the speed layer switched off, or under ``NUMBA_DISABLE_JIT`` (a plain
    function), the dispatcher is returned as it is (:mod:`analyzer.jit.window`)."""
    if not hasattr(dispatcher, "compile") or not window.active():
        return dispatcher
    from numba.core import config
    from numba.core.compiler_lock import global_compiler_lock

    compile_with_vectorizer = dispatcher.compile

    def compile(signature):
        with global_compiler_lock:
            vectorize = config.LOOP_VECTORIZE
            config.LOOP_VECTORIZE = False
            try:
                return compile_with_vectorizer(signature)
            finally:
                config.LOOP_VECTORIZE = vectorize

    dispatcher.compile = compile
    return dispatcher
