"""The fast start: the project's cached kernels load without setting up Numba's compiler.

Switched on by the console script, or by :func:`analyzer.jit.enable_fast_start`; never by
``import analyzer``. It acts on the project's own dispatchers and cache entries only
(:mod:`analyzer.jit.scope`), inside the tested versions (:mod:`analyzer.jit.window`).

Before its first kernel load from the on-disk cache, Numba "refreshes" its CPU target: it imports
and registers every typing and lowering implementation it has (about 30 modules: 0.3 CPU-s and
about 45 MB, more than the ``import numba`` itself costs). Only *compiling* reads them. Loading
cached machine code needs two things only: the code generator (LLVM, created with the target
context) and the runtime's symbols (Numba's NRT, which the code links against). Each of the
project's dispatchers gets a cache of its own class (:class:`FastStartCache`) that loads with just
those two; a process that does compile is unchanged, since Numba's compiler refreshes the target
itself before every compilation.

Numba builds the runtime's helpers (reference counts, array allocation: a small LLVM module) by
compiling them in every process, which sets up LLVM's x86 back end: about 20 ms and 30 MB, a
fifth of a warm query's memory. :func:`initialise_runtime` compiles them once and keeps their
machine code beside the project's kernels' cache, keyed by the Numba and llvmlite versions and the
code generator's target (triple, CPU and its features, as Numba keys its cached kernels); later
processes load it as they load a kernel. The code generator's own module, empty, is compiled too,
by the first library a process finalises: alone it sets up the back end again (about 5 MB of a
warm query's peak memory), so its machine code is kept in the same file and served to LLVM
through Numba's object-cache hooks (:class:`_CachedObject`).

A cached kernel also carries an *environment* for every function linked into it, the Numba
array and string implementations among them, and Numba rebuilds each by importing its module:
for a kernel that allocates an array, ``numba.np.arrayobj`` and the string modules it pulls in,
about 40 ms. Compiled (nopython) code reads an environment's constants, never its module
globals (only object-mode code does), so :func:`_rebuild_environment` gives an environment of
``numba.np.arrayobj`` that holds no constant a stub of the module's globals instead of importing
it, while one of the project's kernels loads. Only modules whose import does nothing compiled
code needs may be stubbed (:data:`_STUB_MODULES`): importing ``numba.cpython.hashing``, for one,
gives LLVM symbols.

The first call of a kernel with an array of a new type computes its Numba type in Python, and
Numba's rule for arrays asks whether it is a masked array (``np.ma.MaskedArray``), which imports
``numpy.ma``: 30 ms, the third largest cost of a warm query. An array of exactly type
``numpy.ndarray`` is never a masked one (a subclass), so :func:`_typeof_plain_array` types it
without the question: the same type as Numba's rule gives, for every dispatcher of the process,
so it changes no kernel's typing, only when ``numpy.ma`` is imported.

The cached kernels of a process with the fast start differ from stock ones (they may call large
callees by symbol, :mod:`analyzer.jit.symbol_linking`), so they are kept in files of their own
(:data:`FAST_TAG`, beside the project's other entries, :mod:`analyzer.jit.kernel_cache`): a
process without the fast start never reads them, nor they its entries. A process that switches
the fast start on compiles its kernels once for itself.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from analyzer.jit import scope


def start() -> None:
    """Create Numba's CPU target context and initialise its runtime: what loading a cached
    kernel needs, and all a process that compiles nothing needs (idempotent)."""
    from numba.core.registry import cpu_target

    initialise_runtime(cpu_target.target_context)


FAST_TAG = "pa-fast"
"""The file tag of the fast start's cache entries (:mod:`analyzer.jit.kernel_cache`): a process
without the fast start never reads them, and the other way round."""


def _fast_start_cache_class() -> type:
    """:class:`FastStartCache`, made once Numba is imported (it subclasses the project's cache)."""
    from analyzer.jit.kernel_cache import project_cache_class

    class FastStartCache(project_cache_class()):  # type: ignore[misc]
        """The project's cache of one of its kernels, loading without the target's refresh (the
        runtime is initialised, and the kernel loaded within :func:`scope.loading_own`), in files
        of its own (:data:`FAST_TAG`)."""

        tag = FAST_TAG

        def prepare(self, target_context):
            initialise_runtime(target_context)

        def loading(self):
            return scope.loading_own()

    return FastStartCache


def _runtime_file(codegen) -> str | None:
    """The path of the runtime's cached machine code for ``codegen``'s target, in the folder the
    project's cache uses for this module (:func:`analyzer.jit.kernel_cache.cache_folder`), or
    None when it has none."""
    import hashlib
    import os

    import llvmlite
    import numba
    from numba.core import config
    from numba.core.runtime import _nrt_python

    from analyzer.jit.kernel_cache import cache_folder

    folder = cache_folder(__file__)
    if folder is None:
        return None
    target = (numba.__version__, llvmlite.__version__, codegen.magic_tuple(), sorted(_nrt_python.c_helpers))
    debug = (config.DEBUG_NRT, config.DEBUG_NRT_STACK_LIMIT, config.MACHINE_BITS)  # read by the module's IR
    digest = hashlib.sha256(repr((_RUNTIME_FORMAT, target, debug)).encode()).hexdigest()[:16]
    return os.path.join(folder, f"numba-runtime-{digest}.nbo")


_RUNTIME_FORMAT = 3
"""The layout of the runtime file, part of its name: (the runtime library's serialised state, the
code generator's own module's machine code), pickled and sealed with its checksum
(:func:`analyzer.jit.kernel_cache.seal`)."""


def _read_runtime(path: str | None):
    """The runtime library's serialised state and the code generator's own module's machine code,
    from ``path``; None when it is absent or not what this code wrote."""
    import pickle

    from analyzer.jit.kernel_cache import unseal

    if path is None:
        return None
    try:
        with open(path, "rb") as file:
            state = pickle.loads(unseal(file.read(), path))
    except Exception:  # any unreadable file (damaged, foreign, of another Python) is a miss, then rewritten
        return None
    if not (isinstance(state, tuple) and len(state) == 2 and isinstance(state[1], bytes)):
        return None
    library = state[0]
    valid = (
        isinstance(library, tuple)
        and len(library) == 3
        and library[1] == "object"
        and isinstance(library[2], tuple)
        and len(library[2]) == 2
        and all(isinstance(part, bytes) for part in library[2])
    )
    return state if valid else None


def _write_runtime(path: str | None, state) -> None:
    """Write the runtime's state to ``path`` atomically (a concurrent process reads the old file
    or the whole new one); an unwritable folder keeps nothing."""
    import contextlib
    import os
    import pickle

    from analyzer.jit.kernel_cache import seal

    if path is None:
        return
    temporary = f"{path}.{os.getpid()}.tmp"  # one writer per process (the compiler lock is held)
    try:
        with open(temporary, "wb") as file:
            file.write(seal(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)))
        os.replace(temporary, path)
    except OSError:
        with contextlib.suppress(OSError):
            os.remove(temporary)


_LIBRARY_OF_MODULE = "_CPUCodeLibrary__library"
"""The attribute by which Numba's object-cache hooks find a module's library (``ll_module.__library``
in ``CPUCodeLibrary``)."""


class _CachedObject:
    """What Numba's object-cache hooks (``CPUCodeLibrary._object_getbuffer_hook`` and
    ``_object_compiled_hook``) read and write of a module's library, for a module that has no
    library: the code generator's own. ``_compiled_object`` is the machine code to give LLVM (the
    hook hands it over once, then clears it), and afterwards what LLVM compiled, if it did."""

    _object_caching_enabled = True
    _compiled = False

    def __init__(self, code: bytes | None) -> None:
        self._compiled_object = code


def _knows_runtime() -> bool:
    """Whether Numba's runtime internals are the ones :func:`initialise_runtime` knows."""
    from numba.core import codegen
    from numba.core.runtime import _nrt_python, nrt, nrtdynmod

    library = codegen.CPUCodeLibrary
    serve = library._object_getbuffer_hook.__func__
    return (
        hasattr(nrt.rtsys, "_init")
        and hasattr(type(nrt.rtsys), "library")  # the property reading `_library`
        and hasattr(nrtdynmod, "create_nrt_module")
        and hasattr(_nrt_python, "c_helpers")
        and all(hasattr(library, name) for name in ("enable_object_caching", "serialize_using_object_code"))
        and _LIBRARY_OF_MODULE in serve.__code__.co_names
        and hasattr(codegen.CPUCodegen, "magic_tuple")
    )


def initialise_runtime(target_context) -> None:
    """Numba's ``rtsys.initialize(target_context)``, with the runtime's compiled helpers loaded
    from the cache file of :func:`_runtime_file` when it is there, else compiled (as Numba does)
    and written to it. Idempotent; a Numba whose internals differ runs its own initialisation."""
    from numba.core import config
    from numba.core.compiler_lock import global_compiler_lock
    from numba.core.runtime import _nrt_python, nrt

    runtime = nrt.rtsys
    if getattr(runtime, "_init", False) or not _knows_runtime():
        runtime.initialize(target_context)
        return
    from llvmlite import binding
    from numba.core.runtime import nrtdynmod

    with global_compiler_lock:
        if runtime._init:
            return
        if config.NRT_STATS:
            _nrt_python.memsys_enable_stats()
        for name, address in _nrt_python.c_helpers.items():  # the C helpers the code links against
            binding.add_symbol(name if name.startswith("_") else f"NRT_{name}", address)
        codegen = target_context.codegen()
        path = _runtime_file(codegen)
        state, own_code = _read_runtime(path) or (None, None)
        own_module = _CachedObject(own_code)  # served when the first library is finalised
        setattr(codegen._llvm_module, _LIBRARY_OF_MODULE, own_module)
        library = None
        if state is not None:
            try:
                with scope.loading_own():  # the project's file: loaded as its kernels are
                    library = codegen.unserialize_library(state)
            except Exception:  # well-formed but unloadable bytes: compile and rewrite them
                library = None
        if library is None:
            module, library = nrtdynmod.create_nrt_module(target_context)
            library.enable_object_caching()
            library.add_ir_module(module)
            library.finalize()
            # b"" when the own module was compiled before this call: the hook never serves it
            own_code = own_module._compiled_object or own_code or b""
            _write_runtime(path, (library.serialize_using_object_code(), own_code))
        elif not own_code and own_module._compiled_object:  # the file lacked it; compiled now
            _write_runtime(path, (state, own_module._compiled_object))
        runtime._library = library
        runtime._init = True


def _rebuild_environment(modname, consts, env_name):
    """``numba.core.environment._rebuild_env`` (how a pickled environment is rebuilt), with a
    stub of the globals, ``{"__name__": modname}``, for a module of :data:`_STUB_MODULES` that is not
    imported yet when the environment holds no constants, while one of the project's kernels is
    loaded (:func:`analyzer.jit.scope.is_loading_own`); otherwise Numba's own."""
    from numba.core import environment

    if not scope.is_loading_own() or consts or modname in sys.modules or modname not in _STUB_MODULES:
        return _NUMBA_OWN["rebuild_env"](modname, consts, env_name)
    env = environment.lookup_environment(env_name)
    if env is None:
        env = environment.Environment({"__name__": modname})
        env.env_name = env_name
        environment.Environment._memo[env_name] = env
    return env


_STUB_MODULES = frozenset({"numba.np.arrayobj"})
"""The Numba modules whose environments may be stubs: their import registers typing and lowering
rules (read only when compiling, which imports them) and nothing compiled code needs. Not, for
instance, ``numba.cpython.hashing``, whose import gives LLVM the hash secret's symbols: a cached
kernel hashing a string crashed with its environment stubbed."""

_NUMBA_OWN: dict[str, Callable] = {}
"""Numba's own functions this module replaced, by role: ``rebuild_env`` (its
``environment._rebuild_env``) and ``typeof_ndarray`` (its rule for typing an array)."""


def _install_environment_rebuild() -> None:
    """Put :func:`_rebuild_environment` in ``numba.core.environment`` under Numba's name, so that
    pickles of environments keep naming Numba's function (idempotent; a Numba whose internals
    differ keeps its own)."""
    from numba.core import environment

    own = getattr(environment, "_rebuild_env", None)
    known = all(hasattr(environment, name) for name in ("lookup_environment", "Environment"))
    if own is None or own is _rebuild_environment or not known or not hasattr(environment.Environment, "_memo"):
        return
    if _parameters(own) != _parameters(_rebuild_environment):
        return
    _NUMBA_OWN["rebuild_env"] = own
    _rebuild_environment.__module__ = own.__module__
    _rebuild_environment.__qualname__ = own.__qualname__
    environment._rebuild_env = _rebuild_environment


def _typeof_plain_array(val, c):
    """Numba's type of an array (``numba.core.typing.typeof._typeof_ndarray``), asking no
    masked-array question of an exact ``numpy.ndarray``: ``Array(dtype, ndim, layout,
    readonly)``; anything else goes to Numba's own rule."""
    import numpy as np
    from numba.core import errors, types
    from numba.np import numpy_support

    if type(val) is not np.ndarray:
        return _NUMBA_OWN["typeof_ndarray"](val, c)
    try:
        dtype = numpy_support.from_dtype(val.dtype)
    except errors.NumbaNotImplementedError:
        raise errors.NumbaValueError(f"Unsupported array dtype: {val.dtype}") from None
    return types.Array(dtype, val.ndim, numpy_support.map_layout(val), readonly=not val.flags.writeable)


def _install_plain_array_typing() -> None:
    """Register :func:`_typeof_plain_array` for ``numpy.ndarray`` in Numba's ``typeof_impl``
    (idempotent; a Numba whose rule is not where this module knows it keeps its own)."""
    import numpy as np
    from numba.core.typing import typeof

    own = getattr(typeof, "_typeof_ndarray", None)
    if own is None or typeof.typeof_impl.dispatch(np.ndarray) is not own:
        return
    if _parameters(own) != _parameters(_typeof_plain_array):
        return
    _NUMBA_OWN["typeof_ndarray"] = own
    typeof.typeof_impl.register(np.ndarray)(_typeof_plain_array)


def _parameters(function: Callable) -> tuple[str, ...]:
    """The names of ``function``'s positional parameters: a replacement takes Numba's function's
    place only when they are the same (a cheap look at its code, not :mod:`inspect`)."""
    code = function.__code__
    return code.co_varnames[: code.co_argcount]


def _adopt(dispatcher: Any) -> None:
    """Give one of the project's dispatchers the fast start's cache (if it caches at all), and
    mark its compilations as the project's (:func:`scope.compiling_own`)."""
    from analyzer.jit.kernel_cache import project_cache_class

    if getattr(dispatcher, "_fast_start", False):
        return
    if type(getattr(dispatcher, "_cache", None)) is project_cache_class():  # not a kernel with cache=False
        dispatcher._cache = _INSTALLED["cache_class"](dispatcher.py_func)
    compile_as_numba_does = dispatcher.compile

    def compile(signature):
        with scope.compiling_own():
            return compile_as_numba_does(signature)

    dispatcher.compile = compile
    dispatcher._fast_start = True


_INSTALLED: dict[str, Any] = {}


def _install_unique_function_ids() -> bool:
    """Make Numba's per-function unique ids (``FunctionIdentity._unique_ids``, a count from 1)
    count from a random 60-bit start in this process, so that two processes' machine-code names
    meet with a chance of about (ids per process) / 2**59: the symbol linking adds objects
    compiled by several processes to one engine. One of the two process-wide effects of the fast
    start (with :func:`_install_plain_array_typing`): it numbers every function of the process,
    the user's too, but the ids are arbitrary numbers to Numba (it only needs them distinct
    within a process), so no function changes its meaning or its cache entry."""
    import itertools
    import secrets

    from numba.core import bytecode

    identity = getattr(bytecode, "FunctionIdentity", None)
    if identity is None or not isinstance(getattr(identity, "_unique_ids", None), itertools.count):
        return False
    identity._unique_ids = itertools.count(1 + secrets.randbits(60))
    return True


def install() -> bool:
    """Switch the fast start on in this process (idempotent): the project's dispatchers, made and
    to be made, get :class:`FastStartCache`; Numba's environment rebuild, typing of plain arrays
    and loading of a cached library take their fast paths for the project's kernels
    (:func:`_rebuild_environment`, :func:`_typeof_plain_array`,
    :mod:`analyzer.jit.cached_libraries`), and large callees of the project are linked by symbol
    (:mod:`analyzer.jit.symbol_linking`). Returns False, changing nothing, when Numba's
    internals are not the ones this module knows."""
    from numba.core.compiler_lock import global_compiler_lock

    from analyzer.jit import cached_libraries, decorators, kernel_cache, symbol_linking

    with global_compiler_lock:  # no compilation or cache load runs meanwhile, on any thread
        if _INSTALLED:
            return True
        if not kernel_cache.knows_caching():
            return False
        _INSTALLED["cache_class"] = _fast_start_cache_class()
        _install_environment_rebuild()
        _install_plain_array_typing()
        # symbol linking needs both: the loader reads the state it writes, and names unique to a process
        if cached_libraries.install() and _install_unique_function_ids():
            symbol_linking.install()
        decorators.when_dispatcher_made(_adopt)
        return True


def installed() -> bool:
    """Whether :func:`install` has switched the fast start on in this process."""
    return bool(_INSTALLED)
