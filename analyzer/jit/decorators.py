"""The project's kernel decorators: one spelling of Numba's options, stable identities for kernels
made in factories, and intrinsics with a plain-Python twin.

Every kernel of the project is ``@kernel`` (or ``@kernel(inline="always")`` and the like):
Numba's ``njit`` with the options every kernel shares, all public Numba options:

* ``cache=True``: compiled once, then loaded from the on-disk cache, the project's own
  (:mod:`analyzer.jit.kernel_cache`: a folder it checks, entries stamped with their sources and
  checksummed, no failure when nothing can be written);
* ``nogil=True``: kernels release the GIL, so chunks run on threads in parallel;
* ``no_cfunc_wrapper=True``: Numba compiles two wrappers beside every function, one callable
  from Python and one with a plain C signature, which only ``@cfunc`` and first-class function
  values (a kernel passed in a typed container) call. No kernel here is used that way, and the C
  wrappers were 15% of the LLVM IR a cold ``head-to-head bet`` optimised and compiled. A kernel
  used as a first-class value would fail with Numba's own error, not silently.

Under ``NUMBA_DISABLE_JIT=1`` Numba's ``njit`` returns the Python function itself, and so do
these decorators: every kernel, intrinsic included (:func:`intrinsic`), then runs as plain
Python, slowly but with the same results, in a debugger or under a coverage tool.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

OWN_DISPATCHERS: list[Any] = []
"""Every dispatcher these decorators made in this process, in order: the fast start
(:mod:`analyzer.jit.fast_start`) acts on these and on nothing else."""

_ADOPTERS: list[Callable[[Any], None]] = []
"""Called with each new dispatcher (the fast start's, once it is switched on)."""

SHARED_OPTIONS = {"cache": True, "nogil": True, "no_cfunc_wrapper": True}
"""The options every kernel is compiled with (a kernel may override ``nogil``)."""


def kernel(function: Callable | None = None, /, **options: Any) -> Any:
    """Numba's ``njit`` with :data:`SHARED_OPTIONS` and ``options`` (``inline="always"``,
    ``forceinline=True``, ``parallel=True`` ...), as ``@kernel`` or ``@kernel(**options)``.

    >>> @kernel(cache=False)  # a doctest has no source file for Numba's cache to sit beside
    ... def add(a, b):
    ...     return a + b
    >>> add(2, 3)
    5
    """
    if function is None:
        return lambda later: kernel(later, **options)
    import numba

    settings = {**SHARED_OPTIONS, **options}
    made = numba.njit(**{**settings, "cache": False})(function)  # Numba's cache gives up without a folder
    if made is function:  # NUMBA_DISABLE_JIT: the Python function runs as it is
        return made
    if settings["cache"]:
        from analyzer.jit import kernel_cache

        kernel_cache.enable_caching(made)
    OWN_DISPATCHERS.append(made)
    for adopt in _ADOPTERS:
        adopt(made)
    return made


def stable_kernel(tag: str, **options: Any) -> Callable[[Callable], Any]:
    """:func:`kernel` for kernels made in factories (one closure per rule profile), with a name and
    an identity of their own: ``tag`` must name everything the closure depends on (the profile
    and a digest of its tables).

    * The identity. Numba keys its disk cache by the pickled closure, and a closure that holds
      another kernel pickles that kernel's identity, a fresh ``uuid4`` per process by default:
      the cache would never hit (every process recompiles and adds a file). The identity here is
      the tag and the function's name (:func:`stable_identity`). A module-level kernel or
      intrinsic the closure holds needs a fixed identity too, or must not be held
      (``tests/test_startup.py`` hashes every factory kernel's closure in two processes).
    * The name. Numba tells the closures of one function apart by a number it counts from 1 in
      every process, and that number is part of their machine-code symbols and environment
      names; two processes that each compile one closure first give both the same names, and a
      later process loading both from the cache gets one environment for the two (Numba issue
      10486: a draw kernel returning its array crashed with ``'descr' is NULL``). The closure's
      qualified name here ends in a digest of the tag, so closures of different profiles never
      share a name, whichever process compiled them.
    """
    suffix = hashlib.sha256(tag.encode()).hexdigest()[:12]

    def wrap(function: Callable) -> Any:
        function.__qualname__ = f"{function.__qualname__}_{suffix}"
        made = kernel(function, **options)
        stable_identity(made, f"poker-analyzer:{tag}:{function.__qualname__}")
        return made

    return wrap


def stable_identity(dispatcher: Any, identity: str) -> None:
    """Give a kernel or intrinsic the pickled identity ``identity`` instead of a fresh uuid4
    (Numba's ``_set_uuid``, the one private call this needs: without it a closure holding the
    kernel misses the cache in every process, which the fallback accepts). Does nothing to a
    plain Python function (``NUMBA_DISABLE_JIT``) or where Numba has no such method."""
    set_uuid = getattr(dispatcher, "_set_uuid", None)
    if set_uuid is not None:
        set_uuid(identity)


def intrinsic(identity: str, twin: Callable) -> Callable[[Callable], Any]:
    """Numba's ``@intrinsic`` (the documented extension API) with a stable identity and a Python
    ``twin`` computing the same thing, which stands in for it where Numba does not compile
    (``NUMBA_DISABLE_JIT``)."""

    def wrap(definition: Callable) -> Any:
        from numba import config
        from numba.extending import intrinsic as numba_intrinsic

        if config.DISABLE_JIT:
            return twin
        made = numba_intrinsic(definition)
        stable_identity(made, identity)
        return made

    return wrap


def when_dispatcher_made(adopt: Callable[[Any], None]) -> None:
    """Call ``adopt`` with every dispatcher made so far and every one made from now on."""
    _ADOPTERS.append(adopt)
    for made in OWN_DISPATCHERS:
        adopt(made)
