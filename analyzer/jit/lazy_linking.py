"""Cached kernels load without parsing the bitcode kept for linking them into later kernels.

Numba caches a kernel as its machine code and, beside it, its LLVM bitcode, which it needs only
when a kernel compiled later in the process calls this one (the caller's module links the
callee's in, to inline it). Yet loading a cached kernel parses that bitcode into an LLVM module
at once: for a kernel of this project about 1 MB of bitcode (the evaluator's tables are in it)
and 5-7 MB of memory, the largest part of a warm query's memory above the ``import numba``
floor. Numba parses it for one more reason: the names of the kernel's defined symbols, which
its engine must know before it hands out a function's address.

This module holds the two means: the names are read from the machine code's own symbol table
(:func:`defined_symbols`, for ELF, the format of Linux and the BSDs), and the library gets a
module for linking that is parsed from the bitcode when first asked for
(:func:`lazy_library_class`). :mod:`analyzer.jit.cached_libraries` loads the project's cached
kernels with them. Machine code in another format (macOS, Windows), or a Numba whose internals
differ, keeps Numba's own path: the same code runs, only the memory differs.
"""

from __future__ import annotations

import functools
import struct

_ELF64_LITTLE_ENDIAN = b"\x7fELF\x02\x01"
_SECTION = struct.Struct("<IIQQQQIIQQ")  # Elf64_Shdr: name, type, flags, addr, offset, size, link, ...
_SYMBOL = struct.Struct("<IBBHQQ")  # Elf64_Sym: name, info, other, section index, value, size
_SYMBOL_TABLE = 2  # SHT_SYMTAB
_UNNAMED_KINDS = (3, 4)  # STT_SECTION, STT_FILE: every other kind names code or data
_UNDEFINED = 0  # SHN_UNDEF: a symbol this object uses but does not define


def defined_symbols(object_code: bytes) -> frozenset[str] | None:
    """The names of the functions and data an ELF64 little-endian object defines (its symbol
    table's entries with a section, of any kind but section and file); None for another format,
    a malformed file, or one this reader does not follow (more sections than the header counts,
    no symbol table, no symbol), which then takes Numba's own path.

    >>> defined_symbols(b"\\x7fELF\\x02\\x02" + bytes(58)) is None  # big-endian: not read here
    True
    """
    if not object_code.startswith(_ELF64_LITTLE_ENDIAN):
        return None
    try:
        (section_headers,) = struct.unpack_from("<Q", object_code, 0x28)  # e_shoff
        header_size, count = struct.unpack_from("<HH", object_code, 0x3A)  # e_shentsize, e_shnum
        if count == 0:  # 0: the count is in section 0 (65,280 sections or more)
            return None
        sections = [_SECTION.unpack_from(object_code, section_headers + i * header_size) for i in range(count)]
        names: set[str] = set()
        for _, kind, _, _, offset, size, strings_section, _, _, _ in sections:
            if kind != _SYMBOL_TABLE:
                continue
            strings = sections[strings_section][4]
            for name, info, _, section, _, _ in _SYMBOL.iter_unpack(object_code[offset : offset + size]):
                if name and section != _UNDEFINED and info & 0xF not in _UNNAMED_KINDS:
                    start = strings + name
                    names.add(object_code[start : object_code.index(b"\0", start)].decode())
    except (struct.error, ValueError, IndexError, UnicodeDecodeError):
        return None
    return frozenset(names) or None


@functools.cache
def lazy_library_class(library_class: type) -> type:
    """A subclass of Numba's ``library_class`` whose ``_shared_module`` (the module other libraries
    link in) is parsed from ``_pending_bitcode`` when first read; set, it is that module."""
    from llvmlite import binding

    class LazyLinkingLibrary(library_class):
        """A cached library whose module for linking is parsed when a later kernel links it."""

        _pending_bitcode: bytes | None = None
        _pending_declaring: bytes | None = None
        _linking_module = None

        @property
        def _shared_module(self):
            bitcode = self._pending_bitcode  # read once: linking holds the compiler lock anyway
            if bitcode is not None:
                self._linking_module = binding.parse_bitcode(bitcode)
                self._pending_bitcode = None
            return self._linking_module

        @_shared_module.setter
        def _shared_module(self, module) -> None:
            self._pending_bitcode = None
            self._linking_module = module

    return LazyLinkingLibrary
