"""The project's kernel cache: a folder it chooses and checks, entries that cannot lie, and a
cache that cannot break a run.

Numba caches a kernel's machine code beside its source (``__pycache__``), else in the user's
cache folder, and gives up at import with a 60-line ``RuntimeError`` when neither is writable
(a read-only install and a read-only ``$HOME``). It trusts every file it finds: an empty index
file ends a run with ``EOFError``, a truncated one with an unpickling traceback, at every run,
and an entry compiled from other sources (an edited callee, another commit's tables) loads and
runs. A full disk under the cache fails the command. The project's kernels are cached by
:class:`ProjectCache` instead, which differs in four ways:

* **The folder.** ``NUMBA_CACHE_DIR`` when it is set (the user's choice, as for Numba), else
  ``__pycache__`` beside the source, else ``poker-analyzer/kernels`` in the user's cache folder
  (``$XDG_CACHE_HOME`` or ``~/.cache``), the first one a file can be created in
  (:func:`cache_folder`, checked once a folder and process). With none, kernels compile in
  memory, and the first one saved says so in one line.
* **The key.** Each entry's index is stamped with :func:`analyzer.jit.sources.stamp`: the
  kernel's file and every module of the package it imports, directly or not, with their data
  files. An entry compiled from other sources is stale, never loaded, and its files are
  overwritten by the next save (Numba's own rule for a stale index).
* **Checked files.** Every index and data file is written whole (a temporary file renamed into
  place) and starts with :data:`MAGIC` and the SHA-256 of the rest; a file whose bytes do not
  match, or that does not load, is *damaged*: the entry's files are removed, one line says so
  (:func:`notice`, a warning of the ``analyzer.jit`` logger), and the kernel compiles again and is saved anew.
* **No failure from the disk.** A save that fails (a full disk, a folder gone read-only) leaves
  the kernel compiled in memory, with one line, and the command runs on.

Its files are named ``<Numba's name>.<tag>.nbi`` and ``<Numba's name>.<tag>.<n>.nbc``, ``tag``
:data:`PLAIN_TAG` (or the fast start's, :mod:`analyzer.jit.fast_start`): stock Numba, which the
speed layer's switch and Numba releases outside its window fall back to, never reads them, nor
the project's cache Numba's. On that stock path a kernel whose cache has no folder compiles in
memory, with the same one line (:func:`enable_caching`).

This reads Numba's caching internals (``numba.core.caching``), so it runs only inside the
tested window (:mod:`analyzer.jit.window`) and when those internals are the ones it knows
(:func:`knows_caching`).
"""

from __future__ import annotations

import functools
import hashlib
import logging
import os
import pickle
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from analyzer.jit import sources

MAGIC = b"poker-analyzer kernel cache 1\n"
"""The first bytes of every file the project's cache writes, then the SHA-256 of the rest."""

PLAIN_TAG = "pa"
"""The file tag of entries cached without the fast start."""

USER_FOLDER = ("poker-analyzer", "kernels")
"""Where in the user's cache folder the kernels go when no ``__pycache__`` is writable."""

_SAID: set[str] = set()
logger = logging.getLogger(__name__)


def notice(message: str, topic: str | None = None) -> None:
    """Say ``message`` once a process per ``topic`` (the message itself when None), as a warning
    of the ``analyzer.jit`` logger: one line on stderr (Python's last-resort handler writes it
    when logging is not configured; the command line writes it as its other notices), which a
    program may silence or redirect."""
    topic = message if topic is None else topic
    if topic not in _SAID:
        _SAID.add(topic)
        logger.warning(f"poker-analyzer: {message}")


def seal(body: bytes) -> bytes:
    """``body`` as the project's cache writes it: :data:`MAGIC`, the SHA-256 of ``body``, ``body``."""
    return MAGIC + hashlib.sha256(body).digest() + body


def unseal(blob: bytes, path: str) -> bytes:
    """The body of a :func:`seal`-ed ``blob`` read from ``path``; raises :class:`DamagedFile`
    when it does not start with :data:`MAGIC` or its body does not match its SHA-256.

    >>> unseal(seal(b"machine code"), "x.nbc")
    b'machine code'
    >>> unseal(seal(b"machine code")[:-1], "x.nbc")
    Traceback (most recent call last):
    ...
    analyzer.jit.kernel_cache.DamagedFile: x.nbc: its checksum does not match its bytes
    """
    head = len(MAGIC) + 32
    if len(blob) < head or not blob.startswith(MAGIC):
        raise DamagedFile(f"{path}: not a cache file of this project ({len(blob)} bytes)")
    body = blob[head:]
    if hashlib.sha256(body).digest() != blob[len(MAGIC) : head]:
        raise DamagedFile(f"{path}: its checksum does not match its bytes")
    return body


class DamagedFile(Exception):
    """A cache file whose bytes are not what the project's cache wrote."""


def _writable(folder: str) -> bool:
    """Whether ``folder`` exists or can be made, and a file can be created in it."""
    try:
        os.makedirs(folder, exist_ok=True)
        tempfile.TemporaryFile(dir=folder).close()
    except OSError:
        return False
    return True


def user_cache_root() -> Path:
    """The user's cache folder: ``$XDG_CACHE_HOME`` when set (and absolute), else ``~/.cache``."""
    root = os.environ.get("XDG_CACHE_HOME", "")
    return Path(root) if os.path.isabs(root) else Path.home() / ".cache"


@functools.cache
def _checked_folder(folder: str) -> bool:
    return _writable(folder)


def candidate_folders(source_file: str) -> list[str]:
    """Where the kernels of ``source_file`` may be cached, in order of preference:
    ``NUMBA_CACHE_DIR`` (with Numba's sub-folder for the source's folder) when set, else
    ``__pycache__`` beside the source, then the user's cache folder (:func:`user_cache_root`)."""
    from numba.core import config

    parent = os.path.dirname(os.path.abspath(source_file))
    subfolder = f"{os.path.basename(parent)}_{hashlib.sha1(parent.encode()).hexdigest()}"  # as Numba names it
    if config.CACHE_DIR:
        return [os.path.join(config.CACHE_DIR, subfolder)]
    return [os.path.join(parent, "__pycache__"), str(user_cache_root().joinpath(*USER_FOLDER, subfolder))]


def cache_folder(source_file: str) -> str | None:
    """The first of :func:`candidate_folders` a file can be created in (asked once a folder and
    process), or None when there is none: the kernel then compiles in memory."""
    return next((folder for folder in candidate_folders(source_file) if _checked_folder(folder)), None)


def _say_in_memory(tried: str) -> None:
    """Say, once a process, that kernels compile in memory (``tried``: where a folder was sought,
    for the first kernel that found none)."""
    notice(f"no writable folder for the kernel cache ({tried}); kernels compile in memory, every run", "in memory")


@functools.cache
def knows_caching() -> bool:
    """Whether Numba's caching classes have the parts :class:`ProjectCache` builds on."""
    from numba.core import caching

    index = caching.IndexDataCacheFile
    return (
        all(hasattr(caching, name) for name in ("FunctionCache", "CompileResultCacheImpl", "_CacheLocator"))
        and all(hasattr(caching.Cache, name) for name in ("_load_overload", "_save_overload", "_index_key"))
        and all(hasattr(index, name) for name in ("save", "load", "_open_for_write", "_data_path", "_dump"))
    )


@functools.cache
def project_cache_class() -> type:
    """:class:`ProjectCache`, made once Numba is imported (it subclasses Numba's cache)."""
    from numba.core import caching

    class ProjectLocator(caching._CacheLocator):
        """A kernel's cache folder (:func:`cache_folder`), None when it compiles in memory."""

        def __init__(self, py_func: Callable, py_file: str) -> None:
            self._py_file = py_file
            self._lineno = py_func.__code__.co_firstlineno
            self._folder = cache_folder(py_file)

        def get_cache_path(self) -> str | None:
            return self._folder

        def get_source_stamp(self) -> str:
            return sources.stamp(self._py_file)

        def get_disambiguator(self) -> str:
            return str(self._lineno)

    class ProjectCacheImpl(caching.CompileResultCacheImpl):
        """Numba's compile-result cache with :class:`ProjectLocator` alone (no locator list, so
        ``NUMBA_CACHE_LOCATOR_CLASSES`` does not apply to the project's kernels)."""

        def __init__(self, py_func: Callable) -> None:
            import inspect

            self._lineno = py_func.__code__.co_firstlineno
            self._locator = ProjectLocator(py_func, inspect.getfile(py_func))
            modname = os.path.splitext(os.path.basename(inspect.getfile(py_func)))[0]
            abiflags = getattr(sys, "abiflags", "")
            self._filename_base = self.get_filename_base(f"{modname}.{py_func.__qualname__}", abiflags)

    class CheckedCacheFile(caching.IndexDataCacheFile):
        """Numba's index and data files, each :func:`seal`-ed, the index stamped with the
        sources' :func:`~analyzer.jit.sources.stamp` (computed at the first load or save)."""

        def __init__(self, cache_path: str, filename_base: str, locator: ProjectLocator) -> None:
            import numba

            self._cache_path = cache_path
            self._index_name = f"{filename_base}.nbi"
            self._index_path = os.path.join(cache_path, self._index_name)
            self._data_name_pattern = f"{filename_base}.{{number:d}}.nbc"
            self._locator = locator
            self._version = numba.__version__

        @property
        def _source_stamp(self) -> str:
            return self._locator.get_source_stamp()

        def files(self) -> list[str]:
            """The entry's index file and its data files."""
            base = self._index_name[: -len(".nbi")]
            data = [str(path) for path in Path(self._cache_path).glob(f"{base}.*.nbc")]
            return [self._index_path, *data]

        def _read(self, path: str) -> Any:
            with open(path, "rb") as file:
                blob = file.read()
            return pickle.loads(unseal(blob, path))

        def _load_index(self) -> dict:
            try:
                version, stamp, overloads = self._read(self._index_path)
            except FileNotFoundError:
                return {}
            if version != self._version or stamp != self._source_stamp:
                return {}  # stale: its data files are overwritten by the next save
            return overloads

        def _save_index(self, overloads: dict) -> None:
            body = pickle.dumps((self._version, self._source_stamp, overloads), protocol=pickle.HIGHEST_PROTOCOL)
            with self._open_for_write(self._index_path) as file:
                file.write(seal(body))

        def _load_data(self, name: str) -> Any:
            return self._read(self._data_path(name))

        def _save_data(self, name: str, data: Any) -> None:
            with self._open_for_write(self._data_path(name)) as file:
                file.write(seal(self._dump(data)))

    class ProjectCache(caching.FunctionCache):
        """The cache of one of the project's kernels (see the module's docstring); ``tag`` names
        its files apart from other formats'."""

        tag = PLAIN_TAG

        def __init__(self, py_func: Callable) -> None:
            self._name = repr(py_func)
            self._py_func = py_func
            self._impl = ProjectCacheImpl(py_func)
            locator = self._impl.locator
            self._cache_path = locator.get_cache_path()
            folder = self._cache_path or ""
            self._cache_file = CheckedCacheFile(folder, f"{self._impl.filename_base}.{self.tag}", locator)
            self.enable()

        def prepare(self, target_context: Any) -> None:
            """What loading needs of Numba's target first (Numba's own step: refresh it)."""
            target_context.refresh()

        def loading(self) -> Any:
            """The context a cached kernel is loaded in (none here)."""
            import contextlib

            return contextlib.nullcontext()

        def load_overload(self, sig: Any, target_context: Any) -> Any:
            """The cached kernel for ``sig``, or None (a miss, compiled by the caller); a
            damaged entry is removed, with one line, and is a miss."""
            if self._cache_path is None:
                return None
            self.prepare(target_context)
            try:
                with self.loading():
                    return self._load_overload(sig, target_context)
            except Exception as error:  # any failure to read or rebuild: the entry is damaged
                self._discard(error)
                return None

        def save_overload(self, sig: Any, data: Any) -> None:
            """Cache the compiled kernel; without a folder, or when the disk refuses, it stays
            compiled in memory (one line says so)."""
            if self._cache_path is None:
                _say_in_memory("tried " + ", ".join(candidate_folders(self._impl.locator._py_file)))
                return
            try:
                self._save_overload(sig, data)
            except OSError as error:
                notice(
                    f"kernel cache not written in {self._cache_path} ({error.strerror or error}); running without it"
                )

        def _discard(self, error: Exception) -> None:
            for path in self._cache_file.files():
                try:
                    os.remove(path)
                except FileNotFoundError:
                    pass
                except OSError:  # left as it is: the next save replaces it
                    continue
            reason = error if isinstance(error, DamagedFile) else f"{type(error).__name__}: {error}"
            notice(
                f"removed a damaged kernel cache entry for {self._py_func.__qualname__} ({reason}); compiling it again"
            )

    return ProjectCache


def enable_caching(dispatcher: Any) -> None:
    """Cache ``dispatcher`` (one of the project's kernels, made with Numba's ``cache=False``): by
    :class:`ProjectCache` inside the window, else by Numba's own cache, or in memory with one
    line when Numba finds no folder for it."""
    from analyzer.jit import window

    if window.active() and knows_caching():
        dispatcher._cache = project_cache_class()(dispatcher.py_func)
        return
    try:
        dispatcher.enable_caching()
    except RuntimeError:  # Numba's "no locator available": nowhere to write
        _say_in_memory("Numba found none")
