"""A kernel calls the large kernels it calls by their machine-code symbol, instead of compiling
them once more.

When a Numba kernel calls another, its LLVM module links in the callee's whole module (so that
LLVM may inline it), and then optimises and compiles to machine code all of it: the callee's
code, and that of everything the callee calls, again in every kernel of a call chain. The
lookahead players of this project are chains of eight to twelve such kernels (a play-out, the
base players, the rollout and search choices, the game step), and re-optimising and re-emitting
the callees was over half of their compile time.

A function too large for LLVM to inline gains nothing from being compiled again inside its
caller. :func:`install` makes Numba link such a function of the project, into a caller of the
project (:mod:`analyzer.jit.scope`: anything else is linked as Numba links it), (more than :data:`LARGEST_INLINED`
lines of IR, not marked ``alwaysinline``) as a *declaration*: the caller's machine code calls the
callee's symbol, which the JIT engine resolves to the code compiled once, when the callee was.
Smaller functions are linked in and inlined as before, and the declaration keeps the attributes
LLVM inferred for the callee (what it reads, writes and captures), so the caller's code is
optimised as before.

The caller's machine code is then no longer complete on its own. Numba caches a kernel as its
machine code, so the cached form of a kernel here also holds the machine code of every library
it calls by symbol, and theirs in turn (:func:`needed_objects`, in the order they load: callees
first); :func:`load_needed` adds each to the engine before the caller, once per process however
many kernels need it (an object's symbols are unique to the process that compiled it, so equal
bytes are the same code). The state is Numba's ``(name, "object", (machine code, bitcode))``
with three more items in the data: the needed objects, as ``(name, machine code)`` pairs,
whether the project's callers call the library by symbol, and the bitcode they link for it
(its large functions declared). Numba's own bitcode item is the whole code, callees called by
symbol linked in (:func:`self_contained`): a kernel that is not the project's, linking the
library (a user's kernel calling an evaluator kernel), gets every body and calls nothing by
symbol, so its own cache entry is stock Numba's and complete.
:func:`analyzer.jit.cached_libraries._unserialize` reads the state.

Only JIT libraries whose machine code is ELF (Linux), loaded by
:mod:`analyzer.jit.lazy_linking`, take this path, and only functions whose symbol is unique to
the process that compiled them (:data:`_UNIQUE_NAME`): two processes' objects never define one
name twice. Functions that are not the project's (Numba's own, ``_ZN5numba``, which Numba checks
none is left a declaration; its runtime's, with fixed names) are always linked in, and so is a library with
*dynamic globals* (addresses of this process compiled into its code, as for a global array
over 1 MB): Numba never caches those, and a caller linking it by symbol would be cached with a
needed object that points into a process gone.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Iterable
from typing import Any

from analyzer.jit import scope
from analyzer.jit.lazy_linking import defined_symbols, lazy_library_class

LARGEST_INLINED = 300
"""The most lines of LLVM IR a function may have and still be linked into its callers (and maybe
inlined). LLVM's inliner at ``-O3`` gives up at a cost of 250, five per instruction: about 50
instructions, so a function of 300 lines is in practice not inlined (save ``alwaysinline``; the
cost is counted after simplifying for constant arguments, so this is the inliner's heuristic,
and a callee it would have inlined only runs at the speed of a call)."""

_NUMBA_OWN: dict[str, Callable] = {}
"""Numba's ``CPUCodeLibrary`` methods this module replaced, by name."""

_LOADED: dict[bytes, Any] = {}
"""Digest of a machine-code object -> the library that loaded it into this process's engine, so
that an object several cached states carry is added once."""

_UNIQUE_NAME = re.compile(r"B\d+v\d+")
"""The ABI tag that makes a Numba function's symbol unique to the process that compiled it
(``v`` and the function's unique id, a random 60-bit start in each process: see
:func:`analyzer.jit.fast_start._install_unique_function_ids`); only such symbols are called by name."""

_HEADER = re.compile(r'define (?:linkonce_odr )?(?P<rest>.*?@(?P<name>"[^"]+"|[-\w.$]+)\(.*) \{$')
_NOT_DECLARABLE = (" personality ", " comdat", " section ", " prefix ", " prologue ", " gc ", "!dbg")


def digest(object_code: bytes) -> bytes:
    """The identity of a machine-code object: a 16-byte BLAKE2b digest of its bytes."""
    return hashlib.blake2b(object_code, digest_size=16).digest()


def declare_large(module_text: str, names: Iterable[str], largest: int = LARGEST_INLINED) -> tuple[str, int]:
    """``module_text`` (LLVM IR) with each function of ``names`` whose body has more than
    ``largest`` lines, and that is not ``alwaysinline``, made a declaration (its header kept
    but its ``linkonce_odr`` linkage: return type, parameters, attributes); also the count of
    functions declared. A header with what a declaration cannot carry (:data:`_NOT_DECLARABLE`:
    personality, comdat, section, prefix, prologue, gc, debug location) is kept whole.

    >>> ir = "define linkonce_odr i64 @f(i64 %x) #0 {\\nentry:\\n  ret i64 %x\\n}"
    >>> declare_large(ir, ["f"], largest=1)
    ('declare i64 @f(i64 %x) #0', 1)
    >>> declare_large(ir, ["f"], largest=2)[1]  # two lines: kept
    0
    """
    wanted = set(names)
    lines = module_text.split("\n")
    kept: list[str] = []
    declared = 0
    at = 0
    while at < len(lines):
        line = lines[at]
        header = _HEADER.match(line) if line.startswith("define ") else None
        if header is not None and header["name"].strip('"') in wanted:
            end = lines.index("}", at)
            large = end - at - 1 > largest
            if (
                large
                and "alwaysinline" not in _attribute_groups(lines, line)
                and not any(word in line for word in _NOT_DECLARABLE)
            ):
                kept.append(f"declare {header['rest']}")
                declared += 1
                at = end + 1
                continue
        kept.append(line)
        at += 1
    return "\n".join(kept), declared


def _attribute_groups(lines: list[str], header: str) -> str:
    """The header's own attributes and those of the attribute groups (``#N``) it names."""
    groups = set(re.findall(r" #(\d+)", header))
    named = [line for line in lines if line.startswith("attributes #") and line.split()[1][1:] in groups]
    return " ".join([header, *named])


def object_code(library) -> bytes | None:
    """A library's machine code: what LLVM compiled for it in this process, or what it was loaded
    from when :func:`load_object` kept it; None when neither is known."""
    kept = getattr(library, "_kept_object", None)
    if kept is not None:
        return kept
    if getattr(library, "_object_caching_enabled", False) and getattr(library, "_compiled", False):
        return library._compiled_object
    return None


def needed_objects(library) -> tuple[tuple[str, bytes], ...]:
    """The ``(name, machine code)`` of every library ``library``'s machine code calls by symbol,
    directly or through them, callees before their callers, each once."""
    known = getattr(library, "_needed_objects", None)
    if known is not None:
        return known
    needed: dict[bytes, tuple[str, bytes]] = {}
    for callee in library._linking_libraries:
        for name, code in needed_objects(callee):
            needed.setdefault(digest(code), (name, code))
        own = object_code(callee) if getattr(callee, "_called_by_symbol", False) else None
        if own is not None:
            needed.setdefault(digest(own), (callee.name, own))
    library._needed_objects = tuple(needed.values())
    return library._needed_objects


def _module_for_linking(self):
    """``CPUCodeLibrary._get_module_for_linking()``: for one of the project's kernels being
    compiled (:func:`analyzer.jit.scope.is_compiling_own`), the library's module with its large
    functions of the project declared (:func:`declaring_module`), where it has any; for any other
    caller, a module complete in itself (:func:`self_contained`), so that a caller which is not
    the project's is compiled and cached as Numba would, calling nothing by symbol."""
    if scope.is_compiling_own():
        declaring = declaring_module(self)
        return declaring if declaring is not None else _NUMBA_OWN["_get_module_for_linking"](self)
    return self_contained(self)


def _calls_by_symbol(library) -> bool:
    """Whether a library is called by symbol, or its code calls another by symbol."""
    return bool(getattr(library, "_called_by_symbol", False) or needed_objects(library))


def self_contained(library):
    """Numba's module for linking ``library``, with the modules of every library it calls by
    symbol linked in, and theirs in turn: the whole code a caller outside the project links,
    with no declaration left of the project's functions. The module Numba keeps for a library
    loaded from the cache is this already (:func:`_serialize_using_object_code` stores it)."""
    known = getattr(library, "_self_contained", None)
    if known is not None:
        return known
    module = _NUMBA_OWN["_get_module_for_linking"](library)
    callees = [callee for callee in dict.fromkeys(library._linking_libraries) if _calls_by_symbol(callee)]
    if callees:
        module = module.clone()
        for callee in callees:
            module.link_in(self_contained(callee), preserve=True)
    library._self_contained = module
    return module


def declaring_module(library):
    """The module the project's callers link for ``library``: its module with each large function
    of the project made a declaration (:func:`declare_large`), parsed from the cached state for a
    library loaded from the cache; None when it declares nothing (a JIT library whose ELF machine
    code is known, without dynamic globals, and with large functions of the project only)."""
    from llvmlite import binding
    from numba.core.codegen import JITCodeLibrary

    known = getattr(library, "_declaring", None)
    if known is not None:
        return known
    pending = getattr(library, "_pending_declaring", None)
    if pending:
        library._declaring = binding.parse_bitcode(pending)
        library._pending_declaring = None
        return library._declaring
    if getattr(library, "_declares_nothing", False):
        return None
    library._declares_nothing = True  # until shown otherwise below
    own = [
        function.name
        for function in library._final_module.functions
        if not function.is_declaration
        and function.linkage == binding.Linkage.external
        and scope.is_own_symbol(function.name)
        and _UNIQUE_NAME.search(function.name)
    ]
    code = object_code(library)
    if not own or type(library) is not JITCodeLibrary or code is None or defined_symbols(code) is None:
        return None
    if library._dynamic_globals:  # its code holds this process's addresses: never cached, never carried
        return None
    text, declared = declare_large(str(_NUMBA_OWN["_get_module_for_linking"](library)), own)
    if not declared:
        return None
    try:
        declaring = binding.parse_assembly(text)
        declaring.verify()
    except RuntimeError:  # IR this module does not follow: link the whole module, as Numba does
        return None
    library._declaring = declaring
    library._declares_nothing = False
    library._called_by_symbol = True
    return declaring


def _serialize_using_object_code(self):
    """``CPUCodeLibrary.serialize_using_object_code()``. For one of the project's kernels being
    compiled: Numba's ``(name, "object", (machine code, bitcode))`` with the bitcode of
    :func:`self_contained` (what any later caller outside the project links), and, when the
    library calls or is called by symbol, three more items: the needed objects, whether it is
    called by symbol, and the bitcode of its :func:`declaring_module` (or empty). Else Numba's."""
    if not scope.is_compiling_own():
        return _NUMBA_OWN["serialize_using_object_code"](self)
    self._ensure_finalized()
    data = (self._get_compiled_object(), self_contained(self).as_bitcode())
    needed = needed_objects(self)
    called = getattr(self, "_called_by_symbol", False)
    if not needed and not called:
        return self.name, "object", data
    declaring = declaring_module(self) if called else None
    return self.name, "object", (*data, needed, called, declaring.as_bitcode() if declaring is not None else b"")


def load_needed(codegen, needed: Iterable[tuple[str, bytes]]) -> tuple[tuple[str, bytes], ...]:
    """Add to ``codegen``'s engine each needed object not loaded yet in this process, in order;
    returns them as the libraries holding them keep them (one copy however many states hold one)."""
    libraries = [(name, load_object(codegen, name, code, keep=True)) for name, code in needed]
    return tuple((name, library._kept_object) for name, library in libraries)


def load_object(codegen, name: str, code: bytes, linking_bitcode: bytes | None = None, keep: bool = False):
    """The library holding the machine code ``code`` in this process: the one that loaded it
    already, else a new one, finalised into the engine (its defined symbols told to it). A new
    library gets ``linking_bitcode`` as its module for linking; so does one loaded as another's
    needed object, which had none. ``keep``: the library keeps ``code``, for the states of
    kernels compiled later that call it by symbol."""
    from numba.core.codegen import JITCodeLibrary

    identity = digest(code)
    library = _LOADED.get(identity)
    if library is None:
        library = lazy_library_class(JITCodeLibrary)(codegen, name)
        library.enable_object_caching()
        library._set_compiled_object(code)
        library._pending_bitcode = linking_bitcode
        library._finalize_final_module()
        codegen._engine._defined_symbols |= defined_symbols(code) or frozenset()
        _LOADED[identity] = library
    elif linking_bitcode is not None and library._pending_bitcode is None and library._linking_module is None:
        library._pending_bitcode = linking_bitcode  # read without parsing what it may hold already
    if keep and getattr(library, "_kept_object", None) is None:
        library._kept_object = code
    return library


def _knows_numba() -> bool:
    """Whether Numba's library has the methods this module wraps, reading what it expects."""
    from numba.core import codegen

    library = codegen.CPUCodeLibrary
    methods = (
        "_get_module_for_linking",
        "serialize_using_object_code",
        "_finalize_final_module",
        "_ensure_finalized",
        "_get_compiled_object",
    )
    linking = getattr(library, "_get_module_for_linking", None)
    return all(hasattr(library, name) for name in methods) and {"_shared_module", "_final_module"} <= set(
        getattr(getattr(linking, "__code__", None), "co_names", ())
    )


def install() -> bool:
    """Wrap Numba's ``CPUCodeLibrary._get_module_for_linking`` and ``serialize_using_object_code``
    (idempotent). Returns False, leaving Numba's, when its internals are not the ones this module
    knows."""
    from numba.core import codegen

    library = codegen.CPUCodeLibrary
    if library._get_module_for_linking is _module_for_linking:
        return True
    if not _knows_numba():
        return False
    _NUMBA_OWN["_get_module_for_linking"] = library._get_module_for_linking
    _NUMBA_OWN["serialize_using_object_code"] = library.serialize_using_object_code
    library._get_module_for_linking = _module_for_linking
    library.serialize_using_object_code = _serialize_using_object_code
    return True
