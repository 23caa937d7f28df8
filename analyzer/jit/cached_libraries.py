"""How a cached library of the project is rebuilt: its symbols read from its machine code, its
bitcode left unparsed (:mod:`analyzer.jit.lazy_linking`), after the objects it calls by symbol
(:mod:`analyzer.jit.symbol_linking`).

:func:`install` swaps Numba's ``CPUCodeLibrary._unserialize`` for :func:`_unserialize`, which takes
that path for the project's own kernels (:mod:`analyzer.jit.scope`); any other library, machine
code this reader does not follow, or a Numba whose internals differ takes Numba's path. It sits
above both modules it combines, so that neither imports the other's loader.
"""

from __future__ import annotations

from collections.abc import Callable

from analyzer.jit import scope, symbol_linking
from analyzer.jit.lazy_linking import defined_symbols

_NUMBA_OWN: dict[str, Callable] = {}
"""Numba's ``CPUCodeLibrary._unserialize`` (the function under its classmethod), once replaced."""


def _unserialize(cls, codegen, state):
    """``CPUCodeLibrary._unserialize(codegen, state)``, for a JIT library's machine code whose
    symbols :func:`defined_symbols` reads, of one of the project's kernels
    (:func:`analyzer.jit.scope.is_loading_own`): the same library, finalised the same way, with its
    defined symbols told to the engine from the object and its bitcode kept unparsed, after the
    objects it calls by symbol (:mod:`analyzer.jit.symbol_linking`); otherwise Numba's."""
    from numba.core.codegen import JITCodeLibrary

    name, kind, data = state
    own = scope.is_loading_own() and kind == "object" and cls is JITCodeLibrary
    symbols = defined_symbols(data[0]) if own else None
    if symbols is None:
        return _NUMBA_OWN["unserialize"](cls, codegen, state)
    object_code, linking_bitcode, *calls = data
    needed, called, declaring = calls or ((), False, b"")
    needed = symbol_linking.load_needed(codegen, needed)
    library = symbol_linking.load_object(codegen, name, object_code, linking_bitcode, keep=called)
    library._needed_objects = needed
    library._called_by_symbol = called
    if called and declaring:  # the project's callers link this; any other caller the whole module
        library._pending_declaring = declaring
    return library


def _knows_numba() -> bool:
    """Whether Numba's library loading is the one :func:`_unserialize` repeats: its own
    ``_unserialize`` makes these calls, and the engine keeps its symbols in a set."""
    from numba.core import codegen

    own = codegen.CPUCodeLibrary.__dict__.get("_unserialize")
    calls = {"enable_object_caching", "_set_compiled_object", "_shared_module", "_finalize_final_module"}
    return (
        isinstance(own, classmethod)
        and calls | {"_load_defined_symbols"} <= set(own.__func__.__code__.co_names)
        and "_defined_symbols" in codegen.JitEngine.__init__.__code__.co_names
        and hasattr(codegen.CPUCodeLibrary, "_get_module_for_linking")
    )


def install() -> bool:
    """Swap Numba's ``CPUCodeLibrary._unserialize`` for :func:`_unserialize` (idempotent). Returns
    False, leaving Numba's, when its internals are not the ones this module knows."""
    from numba.core import codegen

    own = codegen.CPUCodeLibrary.__dict__.get("_unserialize")
    if isinstance(own, classmethod) and own.__func__ is _unserialize:
        return True
    if not _knows_numba():
        return False
    _NUMBA_OWN["unserialize"] = own.__func__
    codegen.CPUCodeLibrary._unserialize = classmethod(_unserialize)
    return True
