"""Numba's start-up in a process: kernels load from the cache without the compiler's set-up.

Before its first kernel load from the on-disk cache, Numba "refreshes" its CPU target: it imports
and registers every typing and lowering implementation it has (about 30 modules: 0.3 CPU-s and
about 45 MB, more than the ``import numba`` itself costs). Only *compiling* reads them. Loading
cached machine code needs two things only: the code generator (LLVM, created with the target
context) and the runtime's symbols (Numba's NRT, which the code links against).

Numba builds the runtime's helpers (reference counts, array allocation: a small LLVM module) by
compiling them in every process, which sets up LLVM's x86 back end: about 20 ms and 30 MB, a
fifth of a warm query's memory. :func:`initialise_runtime` compiles them once and keeps their
machine code beside the kernels' cache (where Numba's own locator puts this module's kernels),
keyed by the Numba and llvmlite versions and the code generator's target (triple, CPU and its
features, as Numba keys its cached kernels); later processes load it as they load a kernel.
The code generator's own module, empty, is compiled too, by the first library a process
finalises: alone it sets up the back end again (about 5 MB of a warm query's peak memory), so
its machine code is kept in the same file and served to LLVM through Numba's object-cache hooks
(:class:`_CachedObject`).

A cached kernel also carries an *environment* for every function linked into it, the Numba
array and string implementations among them, and Numba rebuilds each by importing its module:
for a kernel that allocates an array, ``numba.np.arrayobj`` and the string modules it pulls in,
about 40 ms. Compiled (nopython) code reads an environment's constants, never its module
globals (only object-mode code does), so :func:`_rebuild_environment` gives an environment of
``numba.np.arrayobj`` that holds no constant a stub of the module's globals instead of importing
it. Only modules whose import does nothing compiled code needs may be stubbed
(:data:`_STUB_MODULES`): importing ``numba.cpython.hashing``, for one, gives LLVM symbols.

The first call of a kernel with an array of a new type computes its Numba type in Python, and
Numba's rule for arrays asks whether it is a masked array (``np.ma.MaskedArray``), which imports
``numpy.ma``: 30 ms, the third largest cost of a warm query. An array of exactly type
``numpy.ndarray`` is never a masked one (a subclass), so :func:`_typeof_plain_array` types it
without the question (the same type as Numba's); any other array takes Numba's rule.

Numba tells apart the kernels it compiles from one function (the closures of a factory: one
per rule profile) by a number it counts from 1 in every process, and that number is part of
their machine-code symbols and of their environments' names. Two processes that each compile
one closure first give both the same names; a later process that loads both from the cache then
gets one environment for the two, and a kernel can read the other's constants (Numba issue
10486; here it showed as ``'descr' is NULL`` when a draw kernel returned its array, after one
process had compiled the standard closure and another the Bug one).
:func:`_install_unique_function_ids` starts the count of every process at a random 60-bit
number, so names from different processes do not meet.

:func:`install` swaps the cache's loader (``numba.core.caching.Cache.load_overload``) for one that
prepares just those two, so a warm process that compiles nothing never sets up the compiler. A
process that does compile is unchanged: Numba's compiler refreshes the target itself before
every compilation. :func:`start` prepares the same two things ahead (the run engine calls it
before its clock starts, :func:`analyzer.sim.engine.clock_start`).

The swap is installed when Numba is first imported (``import analyzer`` arranges it with
:func:`when_imported`, which imports nothing). A Numba whose internals differ from these keeps
its own loader (:func:`install` returns False): the figures stay the same, only start-up is slower.

:func:`when_imported` is also how the command line's compile notice starts watching Numba only
once a command imports it. ``import analyzer`` imports this module, so it imports little at
the top; each function imports what it needs.
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

    initialise_runtime(cpu_target.target_context)


def _load_overload(self, sig, target_context):
    """``Cache.load_overload`` without the target's refresh: the runtime is initialised (the
    cached code links against it) and the cached kernel is loaded, or None on a miss."""
    initialise_runtime(target_context)
    with self._guard_against_spurious_io_errors():
        return self._load_overload(sig, target_context)
    return None  # the guard swallowed an I/O error: a miss, as in Numba's own loader


def _runtime_cache_anchor() -> None:
    """Stands for this module in Numba's cache locator: the runtime's machine code is kept where
    Numba would keep this module's kernels (``NUMBA_CACHE_DIR``, else ``__pycache__`` beside it
    when writable, else the user's cache folder)."""


def _runtime_file(codegen) -> str | None:
    """The path of the runtime's cached machine code for ``codegen``'s target, or None when Numba
    finds no writable cache folder."""
    import hashlib
    import os

    import llvmlite
    import numba
    from numba.core import config
    from numba.core.caching import FunctionCache
    from numba.core.runtime import _nrt_python

    try:
        folder = FunctionCache(_runtime_cache_anchor).cache_path
    except RuntimeError:  # no locator: no cache folder for this source file
        return None
    target = (numba.__version__, llvmlite.__version__, codegen.magic_tuple(), sorted(_nrt_python.c_helpers))
    debug = (config.DEBUG_NRT, config.DEBUG_NRT_STACK_LIMIT, config.MACHINE_BITS)  # read by the module's IR
    digest = hashlib.sha256(repr((_RUNTIME_FORMAT, target, debug)).encode()).hexdigest()[:16]
    return os.path.join(folder, f"numba-runtime-{digest}.nbo")


_RUNTIME_FORMAT = 2
"""The layout of the runtime file, part of its name: (the runtime library's serialised state, the
code generator's own module's machine code)."""


def _read_runtime(path: str | None):
    """The runtime library's serialised state and the code generator's own module's machine code,
    from ``path``; None when it is absent or not what this code wrote."""
    import pickle

    if path is None:
        return None
    try:
        with open(path, "rb") as file:
            state = pickle.load(file)
    except Exception:  # any unreadable file (truncated, foreign, of another Python) is a miss
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

    if path is None:
        return
    temporary = f"{path}.{os.getpid()}.tmp"  # one writer per process (the compiler lock is held)
    try:
        with open(temporary, "wb") as file:
            pickle.dump(state, file, protocol=pickle.HIGHEST_PROTOCOL)
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
    imported yet when the environment holds no constants; otherwise Numba's own."""
    from numba.core import environment

    if consts or modname in sys.modules or modname not in _STUB_MODULES:
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


_UNIQUE_IDS_INSTALLED = False


def _install_unique_function_ids() -> None:
    """Make Numba's per-function unique ids (``FunctionIdentity._unique_ids``, a count from 1)
    count from a random 60-bit start in this process (idempotent): two processes' ids meet with
    a chance of about (ids per process) / 2**59."""
    global _UNIQUE_IDS_INSTALLED
    import itertools
    import secrets

    from numba.core import bytecode

    identity = getattr(bytecode, "FunctionIdentity", None)
    counting = isinstance(getattr(identity, "_unique_ids", None), itertools.count)
    if _UNIQUE_IDS_INSTALLED or identity is None or not counting:
        return
    identity._unique_ids = itertools.count(1 + secrets.randbits(60))
    _UNIQUE_IDS_INSTALLED = True


def _without_cfunc_wrapper(self, flags):
    """``_FunctionCompiler._customize_flags``: Numba's flags, and no C-callable wrapper for a
    function of this project (``no_cfunc_wrapper``).

    Numba compiles two wrappers beside every function: one callable from Python, and one with a
    plain C signature, which only ``@cfunc`` and first-class function values (a kernel passed in
    a typed container, ``numba.types.FunctionType``) call. The project uses neither; the C wrappers
    were 15% of the LLVM IR a cold ``head-to-head bet`` optimised and compiled to machine code. A
    function compiled without it and later used as a first-class value fails with Numba's own
    error ("wrapper address ... must be a positive integer"), not silently."""
    flags = _NUMBA_OWN["customize_flags"](self, flags)
    module = getattr(self.py_func, "__module__", None) or ""
    if module.partition(".")[0] == "analyzer":
        flags.no_cfunc_wrapper = True
    return flags


def _install_no_cfunc_wrappers() -> None:
    """Compile this project's functions without the C wrapper (:func:`_without_cfunc_wrapper`),
    when Numba's function compiler has the ``_customize_flags(flags)`` hook (idempotent)."""
    from numba.core import dispatcher

    compiler = getattr(dispatcher, "_FunctionCompiler", None)
    hook = getattr(compiler, "_customize_flags", None)
    if compiler is None or hook is None or hook is _without_cfunc_wrapper:
        return
    if _parameters(hook) != _parameters(_without_cfunc_wrapper):
        return
    _NUMBA_OWN["customize_flags"] = hook
    compiler._customize_flags = _without_cfunc_wrapper


def install() -> bool:
    """Give this process's kernels unique ids (:func:`_install_unique_function_ids`) and no C
    wrappers (:func:`_install_no_cfunc_wrappers`), then swap Numba's cache loader for
    :func:`_load_overload`, its environment rebuild for :func:`_rebuild_environment`, its typing
    of arrays for :func:`_typeof_plain_array` and its loading of a cached library for
    :func:`analyzer.sim.lazy_linking.install`'s, and links large callees by symbol
    (:func:`analyzer.sim.symbol_linking.install`) (idempotent).
    Returns False, leaving Numba's own loader, when its internals are not the ones this module
    knows."""
    from numba.core import caching

    from analyzer.sim import lazy_linking, symbol_linking

    _install_unique_function_ids()
    _install_no_cfunc_wrappers()
    cache = caching.Cache
    if cache.load_overload is _load_overload:
        return True
    known = all(hasattr(cache, name) for name in ("_guard_against_spurious_io_errors", "_load_overload"))
    if not known or _parameters(cache._load_overload) != _parameters(_load_overload):
        return False
    _install_environment_rebuild()
    _install_plain_array_typing()
    # symbol_linking needs both: the loader reads the state it writes, and names unique to a process
    if lazy_linking.install() and _UNIQUE_IDS_INSTALLED:
        symbol_linking.install()
    cache.load_overload = _load_overload
    return True
