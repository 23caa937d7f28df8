"""Batch runs from TOML spec files, checkpointed chunk by chunk (see :mod:`analyzer.sim.checkpoint`).

A spec names a registered study (:data:`analyzer.studies.STUDIES`) and its parameters::

    analysis = "head_to_head.tables"
    [params]
    rounds = 20000
    seed = 2026

Each spec keeps its checkpoints in ``OUT/.checkpoints/<spec name>-<hash of its resolved path>/``
(so two specs called ``tables.toml`` in different folders never share one) with the hash of the
spec's bytes. A run started again with ``resume`` loads every finished chunk and computes only
the rest, so its tables equal an uninterrupted run's; a spec that changed since its checkpoint
is refused rather than mixed. Results are written atomically, and replace results of another
spec only when forced (:func:`analyzer.report.write_result_sets`); the checkpoints are removed
once they are.
"""

from __future__ import annotations

import contextlib
import hashlib
import shutil
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from analyzer.report import write_result_sets
from analyzer.sim.checkpoint import checkpointing
from analyzer.sim.engine import Progress
from analyzer.studies import STUDIES, run_study

RANGE_PARAMS = ("opponents",)  # written [first, stop) in a spec, passed on as a range


@dataclass(frozen=True)
class Spec:
    """A checked spec file: the study it runs, its parameters and the hash of its bytes."""

    path: Path
    analysis: str
    params: dict[str, Any]
    digest: str

    @property
    def name(self) -> str:
        """The spec file's name without its suffix, which labels the run's progress bar."""
        return self.path.stem


def read_spec(path: str | Path) -> Spec:
    """A spec file, checked: a known study and a table of parameters."""
    path = Path(path)
    try:
        raw = path.read_bytes()
        data = tomllib.loads(raw.decode())
    except OSError as error:
        raise ValueError(f"cannot read spec {path}: {error.strerror}") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"spec {path} is not valid TOML: {error}") from None
    unknown = set(data) - {"analysis", "params"}
    if unknown:
        raise ValueError(f"spec {path}: unknown key(s) {', '.join(sorted(unknown))}")
    analysis = data.get("analysis")
    if analysis not in STUDIES:
        raise ValueError(f"spec {path}: unknown analysis {analysis!r}: expected one of {', '.join(STUDIES)}")
    params = data.get("params", {})
    if not isinstance(params, dict):
        raise ValueError(f"spec {path}: [params] must be a table")
    return Spec(path=path, analysis=analysis, params=params, digest=hashlib.sha256(raw).hexdigest())


def checkpoint_folder(spec: Spec, out: str | Path) -> Path:
    """Where ``spec`` keeps its checkpoints under ``out``: ``.checkpoints/<spec name>-<key>``, the
    key being the first 12 hex digits of the SHA-256 of the spec's resolved path."""
    key = hashlib.sha256(str(spec.path.resolve()).encode()).hexdigest()[:12]
    return Path(out) / ".checkpoints" / f"{spec.name}-{key}"


def run_spec(
    spec: Spec,
    out: str | Path,
    *,
    resume: bool = False,
    force: bool = False,
    threads: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> list[Path]:
    """Run one spec with checkpoints and write its results under ``out``; the folders written.

    ``resume`` continues from the spec's checkpoints (refused when the spec changed since);
    ``force`` replaces results of a different spec (see :func:`analyzer.report.write_result_sets`).
    When a replacement is refused the checkpoints are kept, so a forced resume computes nothing
    again.
    """
    folder = checkpoint_folder(spec, out)
    stamp = folder / "spec.sha256"
    if folder.exists():
        if resume and stamp.exists() and stamp.read_text() != spec.digest:
            raise ValueError(
                f"spec {spec.path} changed since its checkpoint in {folder}; "
                f"run it again without --resume to start over"
            )
        if not resume:
            shutil.rmtree(folder)
    folder.mkdir(parents=True, exist_ok=True)
    stamp.write_text(spec.digest)
    params = {k: (range(*v) if k in RANGE_PARAMS else v) for k, v in spec.params.items()}
    with checkpointing(folder):
        try:
            results = run_study(spec.analysis, params, threads=threads, scheduler=scheduler, progress=progress)
        except ValueError as error:
            raise ValueError(f"spec {spec.path}: {error}") from None
    try:
        written = write_result_sets(results, out, force=force)
    except ValueError as error:  # a refused replacement: the checkpoints stay for a forced resume
        raise ValueError(f"spec {spec.path}: {error} (with --resume, from the checkpoints)") from None
    shutil.rmtree(folder)
    with contextlib.suppress(OSError):  # not empty when other specs have checkpoints there
        folder.parent.rmdir()
    return written
