"""Checkpoints: every finished chunk of a run is kept on disk, so a rerun resumes.

While a :func:`checkpointing` block is active, :func:`analyzer.sim.engine.run_monte_carlo`
and :func:`analyzer.sim.engine.run_tasks` look each chunk up by a key -- a hash of the
job (or task function and arguments), the seed, the chunk size and the chunk's index --
load it if it is there, and save it as soon as it finishes. Files are written to a
temporary name and renamed, so a kill leaves either the whole chunk or nothing. Chunks
are merged in index order either way, so a resumed run equals an uninterrupted one.

A checkpoint is used only when it proves itself. Each file ``<key>.pkl`` is a line
:data:`MAGIC`, a JSON header line naming the run (the block's ``run``: a spec's digest, say),
the chunk's key, the payload's length and its SHA-256, then the payload (a pickle). A file
whose header, length or checksum does not match, that belongs to another run or key, or whose
payload does not unpickle is damaged: it is reported in one line on stderr naming the file and
the chunk, renamed ``<key>.pkl.damaged`` (kept for a look, never read again) and the chunk is
computed again. So a flipped byte or a cut-short file costs one chunk, never a wrong result.

What a block loads is said too, on the ``analyzer`` logger (the command line writes its records
on stderr, one line each): opened over saved chunks, it says at level INFO ``resuming: N of M
tasks done`` (``resuming: N chunks done`` when the caller does not know the total), N being the
checkpoint files found; a damaged file is a WARNING, which a library caller sees on stderr
without configuring logging.

:func:`run_lock` keeps two runs off one checkpoint folder: an exclusive ``flock`` on a lock file
beside it, held for the run, whose content names the holder (pid, host, start time) for the
refusal. The kernel drops the lock when its process ends, however it ends (``kill -9``
included), so the file of a dead run is simply taken over; there is no staleness to judge.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import hashlib
import io
import json
import logging
import os
import pickle
import socket
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any

import numpy as np

from analyzer.text import plural

logger = logging.getLogger(__name__)
_STORE: ContextVar[CheckpointStore | None] = ContextVar("checkpoint_store", default=None)
MAGIC = b"poker-analyzer checkpoint 1\n"  # a checkpoint file's first line (module docstring)
SUFFIX = ".pkl"
DAMAGED = ".damaged"  # appended to the name of a damaged checkpoint, set aside


class Damaged(Exception):
    """A checkpoint file that cannot be used; the message says why."""


def count(folder: str | Path) -> int:
    """The checkpoint files in ``folder`` (0 when there is no such folder), damaged ones set
    aside not counted."""
    return sum(1 for _ in Path(folder).glob(f"*{SUFFIX}"))


class _KeyPickler(pickle.Pickler):
    """A pickler for keys: a Numba kernel defined at a module's top level pickles as its module
    and name. Numba pickles a kernel with an identity drawn afresh in every process (a uuid4), so
    a job holding one (a :class:`~analyzer.sim.engine.KernelJob`) had another key in the process
    that resumed it, which then found none of its checkpoints. A kernel made in a closure keeps
    Numba's pickle: it names what the closure holds (:func:`analyzer.jit.stable_kernel` fixes its
    identity), where its name alone would not."""

    def reducer_override(self, obj: Any) -> Any:
        function = getattr(obj, "py_func", None)
        if function is not None and type(obj).__module__.startswith("numba.") and not function.__closure__:
            return str, (f"kernel {function.__module__}.{function.__qualname__}",)
        return NotImplemented


class CheckpointStore:
    """Chunk results of the run ``run`` in a folder, one file ``<key>.pkl`` per chunk key,
    each checked when read (module docstring)."""

    def __init__(self, folder: str | Path, run: str = "") -> None:
        self.folder = Path(folder)
        self.run = run
        self.folder.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def key(*parts) -> str:
        """A file-name key for ``parts`` (a job, its seed and chunking ...): the first 40 hex
        digits of the SHA-256 of their pickles (:class:`_KeyPickler`), so equal parts find the
        same files in every process."""
        digest = hashlib.sha256()
        for part in parts:
            buffer = io.BytesIO()
            _KeyPickler(buffer, protocol=4).dump(part)
            digest.update(buffer.getvalue())
        return digest.hexdigest()[:40]

    def load(self, key: str, chunk: str) -> Any:
        """The result saved under ``key``, or None when there is none, or when the file is
        damaged: then it is reported naming ``chunk`` (``"chunk 3"``, ``"task 12"``) and set
        aside, and the chunk runs again."""
        path = self.folder / f"{key}{SUFFIX}"
        try:
            data = path.read_bytes()
        except FileNotFoundError:
            return None
        try:
            return self._payload(data, key)
        except Damaged as damage:
            aside = path.with_name(path.name + DAMAGED)
            os.replace(path, aside)
            logger.warning(f"checkpoint {path} ({chunk}) is damaged ({damage}): set aside as {aside.name}, recomputing")
            return None

    def _payload(self, data: bytes, key: str) -> Any:
        """The value in a checkpoint file's bytes ``data``, checked; raises :class:`Damaged`."""
        if not data.startswith(MAGIC):
            raise Damaged("truncated" if MAGIC.startswith(data) else "not a checkpoint file")
        line, newline, payload = data[len(MAGIC) :].partition(b"\n")
        if not newline:
            raise Damaged("truncated")
        try:
            header = json.loads(line)
            run, saved_key, size, checksum = (header[field] for field in ("run", "key", "bytes", "sha256"))
        except (ValueError, TypeError, KeyError):
            raise Damaged("unreadable header") from None
        if (run, saved_key) != (self.run, key):
            raise Damaged("another run's chunk: wrong key")
        if len(payload) < size:
            raise Damaged(f"truncated: {len(payload)} of {size} bytes")
        if len(payload) > size or hashlib.sha256(payload).hexdigest() != checksum:
            raise Damaged("bad checksum")
        try:
            return pickle.loads(payload)
        except Exception as error:  # any error of a payload with a valid checksum: not this code's format
            raise Damaged(f"cannot be unpickled: {type(error).__name__}") from None

    def save(self, key: str, value) -> None:
        """Save ``value`` under ``key`` with its header (module docstring): written to a temporary
        file and renamed into place, so a kill leaves either the whole file or none."""
        payload = pickle.dumps(np.asarray(value) if isinstance(value, np.ndarray) else value, protocol=4)
        header = {"run": self.run, "key": key, "bytes": len(payload), "sha256": hashlib.sha256(payload).hexdigest()}
        handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            out.write(MAGIC + json.dumps(header).encode() + b"\n" + payload)
        os.replace(temporary, self.folder / f"{key}{SUFFIX}")

    def __len__(self) -> int:
        return count(self.folder)


def current() -> CheckpointStore | None:
    """The active store, if a :func:`checkpointing` block is running."""
    return _STORE.get()


@contextmanager
def checkpointing(
    folder: str | Path, *, run: str = "", total: int | None = None, unit: str = "chunk"
) -> Iterator[CheckpointStore]:
    """Checkpoint every run inside the block to ``folder``, as chunks of the run ``run`` (files of
    another run there are damaged). Opened over saved chunks, it says ``resuming: N of M
    <unit>s done`` (``total`` is M; without it ``resuming: N <unit>s done``) with the folder."""
    store = CheckpointStore(folder, run)
    found = len(store)
    if found:
        done = f"{found:,} of {plural(total, unit)}" if total is not None else plural(found, unit)
        logger.info(f"resuming: {done} done (checkpoints in {store.folder})")
    token = _STORE.set(store)
    try:
        yield store
    finally:
        _STORE.reset(token)


def lock_path(folder: str | Path) -> Path:
    """The lock file of the checkpoint folder ``folder``: ``<folder>.lock`` beside it, so it
    outlives the folder being emptied or removed."""
    folder = Path(folder)
    return folder.with_name(folder.name + ".lock")


def _try_lock(handle: int, path: Path) -> bool:
    """Lock the open lock file ``handle`` (at ``path``): True once locked, False where the file
    system has no locks; ValueError naming the holder when another process holds it."""
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError as error:
        if error.errno not in (errno.EAGAIN, errno.EACCES):
            return False
        holder = os.pread(handle, 4096, 0).decode(errors="replace")
        raise ValueError(f"already running: {_holder(holder)} (lock {path})") from None
    return True


def check_unlocked(folder: str | Path) -> None:
    """Raise :func:`run_lock`'s ValueError when another process holds the lock of ``folder``;
    nothing is created (a check before anything runs)."""
    path = lock_path(folder)
    try:
        handle = os.open(path, os.O_RDWR)
    except FileNotFoundError:
        return
    try:
        _try_lock(handle, path)
    finally:
        os.close(handle)


@contextmanager
def run_lock(folder: str | Path) -> Iterator[None]:
    """Hold the lock of the checkpoint folder ``folder`` for the block (module docstring), or
    raise ValueError in one line, ``already running: process <pid> on <host>, started <time>``.
    The lock file is removed on the way out. Where the file system has no locks (some network
    ones), the block runs unlocked."""
    path = lock_path(folder)
    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            if not _try_lock(handle, path) or _same_file(handle, path):
                break
        except ValueError:
            os.close(handle)
            raise
        os.close(handle)  # locked the file its last holder had removed: open the new one
    try:
        holder = {"pid": os.getpid(), "host": socket.gethostname(), "started": time.strftime("%Y-%m-%d %H:%M:%S %z")}
        os.ftruncate(handle, 0)  # a dead holder's name goes
        os.pwrite(handle, json.dumps(holder).encode(), 0)
        yield
    finally:
        with contextlib.suppress(FileNotFoundError):
            path.unlink()  # before the lock goes, so a run that waited never holds a removed file
        os.close(handle)


def _same_file(handle: int, path: Path) -> bool:
    """Whether ``path`` still names the open file ``handle``."""
    try:
        return os.stat(path).st_ino == os.fstat(handle).st_ino
    except FileNotFoundError:
        return False


def _holder(content: str) -> str:
    """Who holds a lock, from its file's ``content``."""
    try:
        holder = json.loads(content)
        return f"process {holder['pid']} on {holder['host']}, started {holder['started']}"
    except (ValueError, TypeError, KeyError):
        return "another process, which has not yet written its pid"
