"""Checkpoints: every finished chunk of a run is kept on disk, so a rerun resumes.

While a :func:`checkpointing` block is active, :func:`analyzer.sim.engine.run_monte_carlo`
and :func:`analyzer.sim.engine.run_tasks` look each chunk up by a key -- a hash of the
job (or task function and arguments), the seed, the chunk size and the chunk's index --
load it if it is there, and save it as soon as it finishes. Files are written to a
temporary name and renamed, so a kill leaves either the whole chunk or nothing. Chunks
are merged in index order either way, so a resumed run equals an uninterrupted one.
"""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

import numpy as np

_STORE: ContextVar[CheckpointStore | None] = ContextVar("checkpoint_store", default=None)


class CheckpointStore:
    """Chunk results in a folder, one pickle file ``<key>.pkl`` per chunk key."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def key(*parts) -> str:
        """A file-name key for ``parts`` (a job, its seed and chunking ...): the first 40 hex
        digits of the SHA-256 of their pickles, so equal parts find the same files."""
        digest = hashlib.sha256()
        for part in parts:
            digest.update(pickle.dumps(part, protocol=4))
        return digest.hexdigest()[:40]

    def load(self, key: str):
        """The result saved under ``key``, or None when there is none or it cannot be read back
        (cut short by a crash of the machine before the disk had it all): the chunk runs again."""
        path = self.folder / f"{key}.pkl"
        try:
            with path.open("rb") as handle:
                return pickle.load(handle)
        except (FileNotFoundError, EOFError, pickle.UnpicklingError):
            return None

    def save(self, key: str, value) -> None:
        """Save ``value`` under ``key``: written to a temporary file and renamed into place, so a
        kill leaves either the whole file or none."""
        handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        with os.fdopen(handle, "wb") as out:
            pickle.dump(np.asarray(value) if isinstance(value, np.ndarray) else value, out, protocol=4)
        os.replace(temporary, self.folder / f"{key}.pkl")

    def __len__(self) -> int:
        return sum(1 for _ in self.folder.glob("*.pkl"))


def current() -> CheckpointStore | None:
    """The active store, if a :func:`checkpointing` block is running."""
    return _STORE.get()


@contextmanager
def checkpointing(folder: str | Path) -> Iterator[CheckpointStore]:
    """Checkpoint every run inside the block to ``folder``."""
    store = CheckpointStore(folder)
    token = _STORE.set(store)
    try:
        yield store
    finally:
        _STORE.reset(token)
