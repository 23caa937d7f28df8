"""Results on disk: tidy CSV tables, PNG charts and a manifest, written atomically.

A result lives in ``results/<analysis>/<name>/``. Everything is first written to
a temporary sibling folder and then swapped in with renames, so a reader (or an
interrupted run) never sees a half-written result where a result belongs.
Charts are matplotlib ``Figure`` objects (no pyplot, no global state).
"""

from __future__ import annotations

import functools
import io
import json
import os
import platform
import shutil
import subprocess
import tempfile
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

import analyzer

RESULTS_ROOT = Path("results")
CSV_FLOAT_FORMAT = "%.10g"  # floats in the CSV tables: 10 significant digits


@dataclass
class ResultSet:
    """What one analysis produces: tables, charts and the facts of the run."""

    analysis: str
    name: str
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    figures: dict[str, Figure] = field(default_factory=dict)
    manifest: dict = field(default_factory=dict)


def manifest_for(
    *,
    inputs: Mapping,
    method: str,
    seed: int | None,
    trials: int | None,
    chunk_size: int | None,
    elapsed: float,
    standard_errors: Mapping | None = None,
    command: str | None = None,
) -> dict:
    """The manifest fields every result carries (DESIGN.md, "Results")."""
    return {
        "inputs": dict(inputs),
        "method": method,
        "seed": seed,
        "trials": trials,
        "chunk_size": chunk_size,
        "standard_errors": dict(standard_errors or {}),
        "elapsed_seconds": round(elapsed, 3),
        "package_version": analyzer.__version__,
        "git_revision": git_revision(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": command,
    }


@functools.cache
def git_revision() -> str:
    """The commit of the checkout this package runs from (computed once per process):
    see :func:`revision_of`."""
    return revision_of(Path(__file__).resolve().parent)


def revision_of(folder: Path | str, timeout: float = 5.0) -> str:
    """``git rev-parse HEAD`` of the checkout holding ``folder``, plus ``-dirty`` when
    tracked files under ``folder`` differ from that commit (staged or not; untracked files
    are ignored). ``"unknown"`` when ``folder`` is not tracked in a git checkout (an
    installed copy, a source archive), git is missing or does not answer in ``timeout``.
    ``GIT_OPTIONAL_LOCKS=0`` keeps ``git status`` from taking the index lock of a checkout
    someone is working in."""

    def git(*args: str) -> str | None:
        try:
            run = subprocess.run(
                ["git", *args],
                cwd=folder,
                capture_output=True,
                text=True,
                check=False,
                timeout=timeout,
                stdin=subprocess.DEVNULL,
                env={**os.environ, "GIT_OPTIONAL_LOCKS": "0"},
            )
        except (OSError, subprocess.SubprocessError):
            return None
        return run.stdout.strip() if run.returncode == 0 else None

    head = git("rev-parse", "--verify", "HEAD")
    if not head or not git("ls-files", "--", "."):  # not a checkout, or the folder is not tracked
        return "unknown"
    status = git("status", "--porcelain", "--untracked-files=no", "--", ".")
    if status is None:
        return "unknown"
    return f"{head}-dirty" if status else head


def write_results(result: ResultSet, root: Path | str = RESULTS_ROOT) -> Path:
    """Write ``result`` to ``root/<analysis>/<name>/`` atomically and return that folder."""
    target = Path(root) / result.analysis / result.name
    target.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f".{result.name}.", dir=target.parent))
    try:
        files = []
        for stem, table in result.tables.items():
            table.to_csv(staging / f"{stem}.csv", index=False, float_format=CSV_FLOAT_FORMAT)
            files.append(f"{stem}.csv")
        for stem, figure in result.figures.items():
            save_figure(figure, staging / f"{stem}.png")
            files.append(f"{stem}.png")
        manifest = {"analysis": result.analysis, "name": result.name, **result.manifest, "files": sorted(files)}
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2, default=_jsonable) + "\n")
        _swap_in(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return target


def as_written(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` as :func:`write_results` writes it and ``pandas.read_csv`` reads it back: floats
    to 10 significant digits, column types as read_csv infers them, empty texts as NaN."""
    return pd.read_csv(io.StringIO(table.to_csv(index=False, float_format=CSV_FLOAT_FORMAT)))


def save_figure(figure: Figure, path: Path | str) -> None:
    """Write ``figure`` as the PNG every result folder holds: 120 dpi, cropped to its contents."""
    figure.savefig(path, dpi=120, bbox_inches="tight")


def _swap_in(staging: Path, target: Path) -> None:
    """Replace ``target`` by ``staging`` with renames; the old folder is removed last, and
    put back if the new one cannot be moved in."""
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(staging, 0o777 & ~umask)  # mkdtemp makes it private; results are ordinary folders
    old = None
    if target.exists():
        old = target.with_name(f".{target.name}.old-{time.time_ns()}")
        os.replace(target, old)
    try:
        os.replace(staging, target)
    except BaseException:
        if old is not None:
            os.replace(old, target)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def _jsonable(value):
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, np.ndarray):
        return value.tolist()
    raise TypeError(f"cannot write {type(value).__name__} to a manifest")
