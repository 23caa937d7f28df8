"""Which work of Numba's is this project's own, for the fast start to act on it and on nothing else.

The fast start (:mod:`analyzer.jit.fast_start`) replaces a few of Numba's class-level steps
(how a cached library is rebuilt, what a library gives a caller to link). Numba calls those
steps for every kernel of the process, the user's and other packages' included, so each
replacement first asks this module whether the work at hand is the project's: a kernel of the
project being loaded from its cache (:func:`loading_own`) or compiled (:func:`compiling_own`).
Anything else goes to Numba's own step, untouched. The flags are per thread: Numba compiles and
loads under its global compiler lock, on the thread that asked.
"""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator

_FLAGS = threading.local()

OWN_PACKAGES = ["analyzer"]
"""The top-level packages whose functions are the project's (tests add a package of their own)."""


def _depth(name: str) -> int:
    return getattr(_FLAGS, name, 0)


@contextlib.contextmanager
def _raised(name: str) -> Iterator[None]:
    setattr(_FLAGS, name, _depth(name) + 1)
    try:
        yield
    finally:
        setattr(_FLAGS, name, _depth(name) - 1)


def loading_own() -> contextlib.AbstractContextManager[None]:
    """A context in which this thread loads one of the project's kernels from the cache."""
    return _raised("loading")


def compiling_own() -> contextlib.AbstractContextManager[None]:
    """A context in which this thread compiles one of the project's kernels (and the project's
    kernels it calls)."""
    return _raised("compiling")


def is_loading_own() -> bool:
    """Whether this thread is inside :func:`loading_own` (and not inside a compilation of a kernel
    that is not the project's, which does not happen: the project's kernels call only its own)."""
    return _depth("loading") > 0


def is_compiling_own() -> bool:
    """Whether this thread is inside :func:`compiling_own`."""
    return _depth("compiling") > 0


def is_own_symbol(name: str) -> bool:
    """Whether a mangled function name is one of the project's functions.

    >>> is_own_symbol("_ZN8analyzer4eval7kernels8evaluateB2v7E"), is_own_symbol("_ZN8__main__1fB2v1E")
    (True, False)
    """
    return name.startswith(tuple(f"_ZN{len(package)}{package}" for package in OWN_PACKAGES))
