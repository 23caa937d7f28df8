"""The source code a kernel's machine code was built from: what its cache entry must match.

Numba keys a cached kernel by its own source file (a hash of its content since Numba 0.68, its
modification time and size before) and by its own bytecode. A kernel calls kernels of other
modules, inlines them, and freezes the module-level constants and tables it reads into its
machine code; an edit to any of those leaves Numba's key unchanged, and the old machine code
runs on silently (the README's ``git pull`` path: a change zeroing ties still printed 0.393%
ties). So the project's cache (:mod:`analyzer.jit.kernel_cache`) stamps each entry with
:func:`stamp`: a hash of the kernel's file and of every module of its package that file imports,
directly or through others, with the data files (``.npz``, ``.json``) in those modules'
folders, which is where the kernels' tables come from.

The imports are read from the sources (``from pkg.x import y``, ``import pkg.x``, parenthesised
lists included) rather than from the modules imported at run time: what a kernel can reach does
not depend on the order modules were imported in, and nothing is imported to find out. A name
imported from a package is followed when it is a module of that package, and every package on
the way (its ``__init__.py``) counts, as Python runs it. The rule errs on the safe side: a module
imported for something else than a kernel still counts, so an edit there costs a compilation
and never a stale result. Only the kernel's own top-level package is followed; the installed
Numba, llvmlite and NumPy versions are in Numba's key already.
"""

from __future__ import annotations

import functools
import hashlib
import os
import re
from pathlib import Path

DATA_SUFFIXES = (".npz", ".json")
"""Files beside a module that count as its source: the tables and vectors modules load."""

_NAME = re.compile(rb"[A-Za-z_]\w*(?:\.\w+)*")


@functools.cache
def stamp(path: str) -> str:
    """The hex SHA-256 of the source file ``path`` and everything of its package it depends on
    (:func:`dependencies`): each file's path relative to the package's parent folder and its
    content, in sorted order. Computed once a process (a source edited while it runs is seen by
    the next process)."""
    file = os.path.realpath(path)
    root = _package_root(file)
    base = os.path.dirname(root) if root else os.path.dirname(file)
    digest = hashlib.sha256()
    for dependency in sorted(map(str, dependencies(Path(file)))):
        digest.update(os.path.relpath(dependency, base).encode() + b"\0")
        with open(dependency, "rb") as source:
            digest.update(hashlib.sha256(source.read()).digest())
    return digest.hexdigest()


def dependencies(file: Path) -> set[Path]:
    """``file``, the modules of its top-level package it imports directly or transitively, the
    ``__init__.py`` of every package on the way, and the data files (:data:`DATA_SUFFIXES`) in
    the folders of all of them. A file outside any package depends on itself alone."""
    start = os.path.realpath(file)
    root = _package_root(start)
    if root is None:
        return {Path(start)}
    found: set[str] = set()
    waiting = [start]
    while waiting:
        module = waiting.pop()
        if module not in found:
            found.add(module)
            waiting.extend(_imports(module, root))
    data = {entry for folder in {os.path.dirname(module) for module in found} for entry in _data_files(folder)}
    return {Path(path) for path in found | data}


def _package_root(file: str) -> str | None:
    """The folder of ``file``'s top-level package (the highest folder above it, on an unbroken
    line of ``__init__.py`` files), or None for a file that is in no package."""
    root = None
    folder = os.path.dirname(file)
    while "__init__.py" in _entries(folder):
        root = folder
        folder = os.path.dirname(folder)
    return root


@functools.cache
def _import_pattern(package: str) -> re.Pattern[bytes]:
    """The import statements that name ``package``: ``from package.x import a, b`` (or a
    parenthesised list) and ``import package.x, package.y as z``. Anchored on the package's name,
    not on the start of a line, so the search skips along at the speed of a substring search; a
    match inside a string or comment only adds a file, which errs on the safe side."""
    name = re.escape(package.encode())
    return re.compile(
        rb"from[ \t]+(" + name + rb"(?:\.\w+)*)[ \t]+import[ \t]+(\([^)]*\)|[^\n]*)|import[ \t]+(" + name + rb"[^\n]*)"
    )


@functools.cache
def _imports(module: str, root: str) -> tuple[str, ...]:
    """The files of ``root``'s package that ``module`` imports (:func:`_module_files` of each
    imported name), read from its source."""
    with open(module, "rb") as source:
        text = source.read()
    found: list[str] = []
    for imported_from, names, imported in _import_pattern(os.path.basename(root)).findall(text):
        if imported_from:
            base = imported_from.decode()
            found += _module_files(base, root)
            found += [path for name in _NAME.findall(names) for path in _module_files(f"{base}.{name.decode()}", root)]
        else:  # import pkg.x, pkg.y as z: names that are not the package's count for nothing
            found += [path for name in _NAME.findall(imported) for path in _module_files(name.decode(), root)]
    return tuple(found)


@functools.cache
def _module_files(name: str, root: str) -> tuple[str, ...]:
    """The files that importing the dotted module ``name`` runs within ``root``'s package: the
    ``__init__.py`` of each package on its path and the module itself; nothing for a name outside
    the package or one that is not a module (a function imported from a module, say)."""
    parts = name.split(".")
    if parts[0] != os.path.basename(root):
        return ()
    files: list[str] = []
    folder = os.path.dirname(root)
    for part in parts:
        if "__init__.py" in _entries(os.path.join(folder, part)):
            folder = os.path.join(folder, part)
            files.append(os.path.join(folder, "__init__.py"))
        else:
            if f"{part}.py" in _entries(folder):
                files.append(os.path.join(folder, f"{part}.py"))
            break
    return tuple(files)


@functools.cache
def _entries(folder: str) -> frozenset[str]:
    """The names in ``folder`` (none when it is no folder): one listing a folder and process
    instead of a file-system query a candidate module."""
    try:
        return frozenset(os.listdir(folder))
    except OSError:
        return frozenset()


def _data_files(folder: str) -> list[str]:
    """The data files (:data:`DATA_SUFFIXES`) directly in ``folder``."""
    return [os.path.join(folder, name) for name in _entries(folder) if name.endswith(DATA_SUFFIXES)]
