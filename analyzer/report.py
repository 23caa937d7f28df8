"""Results on disk: tidy CSV tables, PNG charts and a manifest, written atomically.

A result lives in ``results/<analysis>/<name>/``. Everything is first written to
a temporary sibling folder and then swapped in with renames, so a reader (or an
interrupted run) never sees a half-written result where a result belongs; the next
write cleans up what a killed writer left. A result is replaced only by one of the
same spec (:data:`SPEC_FIELDS` of the manifest) unless the writer is told to force it;
a study states each result's spec before it computes anything (:class:`ResultSpec`), so
:func:`check_replaceable` refuses a run before it starts, and the write checks again.
Charts are matplotlib ``Figure`` objects (no pyplot, no global state).
"""

from __future__ import annotations

import fcntl
import functools
import io
import json
import os
import platform
import re
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from analyzer.version import package_version

if TYPE_CHECKING:  # only named in annotations: the output-folder check stays quick to import
    import pandas as pd
    from matplotlib.figure import Figure

RESULTS_ROOT = Path("results")
CSV_FLOAT_FORMAT = "%.10g"  # floats in the CSV tables: 10 significant digits


@dataclass
class ResultSet:
    """What one analysis produces: tables, charts, the facts of the run and, where a result is
    data the package reads (a tuned vector), JSON documents: each written as ``<stem>.json``
    exactly as :func:`document_text` gives it, at full precision (tables hold 10 digits)."""

    analysis: str
    name: str
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)
    figures: dict[str, Figure] = field(default_factory=dict)
    manifest: dict = field(default_factory=dict)
    documents: dict[str, Any] = field(default_factory=dict)


def document_text(document: Any) -> str:
    """A result's JSON document as its file holds it: indented by one space, ending in a newline.

    >>> document_text({"version": 1})
    '{\\n "version": 1\\n}\\n'
    """
    return json.dumps(document, indent=1) + "\n"


@dataclass(frozen=True)
class ResultSpec:
    """What a result is computed from, known before anything is computed: the folder it is
    written to (``<analysis>/<name>``) and the :data:`SPEC_FIELDS` its manifest carries.

    A study builds each result's spec with one pure function of its parameters, used both by
    the run (through :func:`manifest_for`) and by :func:`check_replaceable` before the run, so
    the two cannot disagree. Facts known only once the run is over go in the manifest's
    ``outcomes`` or ``standard_errors``, never in the spec."""

    analysis: str
    name: str
    inputs: Mapping[str, Any]
    method: str
    seed: int | None
    trials: int | None
    chunk_size: int | None

    def fields(self) -> dict[str, Any]:
        """The :data:`SPEC_FIELDS` as a manifest holds them (JSON values: lists, not tuples)."""
        fields = {"inputs": dict(self.inputs), "method": self.method, "seed": self.seed, "trials": self.trials}
        return json.loads(json.dumps({**fields, "chunk_size": self.chunk_size}, default=_jsonable))


def manifest_for(
    spec: ResultSpec,
    *,
    elapsed: float,
    standard_errors: Mapping | None = None,
    outcomes: Mapping | None = None,
    command: str | None = None,
) -> dict:
    """The manifest fields every result carries (DESIGN.md, "Results"): the fields of ``spec``,
    then the facts of the run; ``outcomes`` (facts of the result that are neither a standard
    error nor part of the spec, such as a coverage) only when given."""
    manifest = {
        "inputs": dict(spec.inputs),
        "method": spec.method,
        "seed": spec.seed,
        "trials": spec.trials,
        "chunk_size": spec.chunk_size,
        "standard_errors": dict(standard_errors or {}),
        "elapsed_seconds": round(elapsed, 3),
        "package_version": package_version(),
        "git_revision": git_revision(),
        "python": platform.python_version(),
        "numpy": np.__version__,
        "created": datetime.now(UTC).isoformat(timespec="seconds"),
        "command": command,
    }
    if outcomes:
        manifest["outcomes"] = dict(outcomes)
    return manifest


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


# The fields of a manifest that say what was computed (the rest say when, where and how fast):
# a result is only replaced by one of the same spec unless the writer is told to force it.
SPEC_FIELDS = ("inputs", "method", "seed", "trials", "chunk_size")
_STAGING = "staging-"  # staging folders are ``.<name>.staging-XXXXXXXX``
_OLD = "old-"  # a replaced result waiting to be removed is ``.<name>.old-<nanoseconds>``
_STAGED = re.compile(r"staging-[a-z0-9_]{8}")  # the tail mkdtemp gives a staging folder
_REPLACED = re.compile(r"old-(\d{19,})")  # the tail of a replaced result: time.time_ns(), 19 digits
# only these exact tails are a writer's leftovers: a user's own ``.<name>.original`` or
# ``.<name>.old-1`` beside a result is never touched


def check_writable(root: Path | str) -> None:
    """Refuse a results root that cannot hold results, before anything is computed: ``root``
    (or, when it does not exist yet, its nearest existing ancestor) must be a folder this
    process can create folders in. Nothing is left behind: the probe folder is removed.

    Raises ValueError naming ``root``."""
    root = Path(root)
    existing = root
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        where = "" if existing == root else f" ({existing} is not a folder)"
        raise ValueError(f"cannot write results to {root}: not a folder{where}")
    try:
        Path(tempfile.mkdtemp(prefix=".write-check.", dir=existing)).rmdir()
    except OSError as error:
        raise ValueError(f"cannot write results to {root}: {error.strerror or error}") from None


def write_results(result: ResultSet, root: Path | str = RESULTS_ROOT, *, force: bool = False) -> Path:
    """Write ``result`` to ``root/<analysis>/<name>/`` atomically and return that folder.

    A folder there already is replaced only when its manifest has the same :data:`SPEC_FIELDS`
    (the same spec run again) or ``force`` is true; otherwise a ValueError says what differs.
    See :func:`write_result_sets`."""
    return write_result_sets([result], root, force=force)[0]


def write_result_sets(
    results: Sequence[ResultSet], root: Path | str = RESULTS_ROOT, *, force: bool = False
) -> list[Path]:
    """Write every result of ``results`` under ``root`` (see :func:`write_results`); the folders.

    Every result is checked against the folder it replaces before any is written, so a refused
    run changes nothing. Each result is staged in a hidden sibling folder and swapped in with
    renames. Writers of one ``root/<analysis>/`` folder take turns (an exclusive ``flock`` on
    it), so the staging and replaced folders of this writer's naming found there belong to
    writers that were killed: they are removed first, and a result a killed writer had moved
    aside but not yet replaced is put back."""
    planned = [(Path(root) / r.analysis / r.name, r, _manifest_of(r)) for r in results]
    for target, _, manifest in planned:
        target.parent.mkdir(parents=True, exist_ok=True)
        _check_target(target, None if force else {k: manifest.get(k) for k in SPEC_FIELDS})
    written = []
    for target, result, manifest in planned:
        with _writer_lock(target.parent) as locked:
            if locked:
                _recover(target)
            _write(result, manifest, target)
        written.append(target)
    return written


def check_replaceable(root: Path | str, specs: Sequence[ResultSpec], *, force: bool = False) -> None:
    """Refuse, before anything is computed, a run whose results cannot be written under
    ``root`` (a ``root/<analysis>`` that is a file, or a folder this process cannot write in:
    :func:`check_writable`) or, unless ``force``, would replace results of a different spec:
    the checks :func:`write_result_sets` makes when it writes (which stay the final guard),
    made from the specs a study states up front. Creates nothing; what killed writers left in
    an existing ``root/<analysis>/`` is cleaned up first.

    Raises ValueError naming the folder and what is wrong; a different spec's message ends
    "give --force to replace it"."""
    for spec in specs:
        target = Path(root) / spec.analysis / spec.name
        check_writable(target.parent)
        if target.parent.is_dir() and not force:
            _check_target(target, spec.fields())


def _check_target(target: Path, fields: Mapping | None) -> None:
    """Holding the writer lock of ``target``'s folder: clean up after killed writers, then
    (unless ``fields`` is None: forced) refuse to replace a result of other spec ``fields``."""
    with _writer_lock(target.parent) as locked:
        if locked:
            _recover(target)
        if fields is not None:
            _check_replaceable(target, fields)


def _manifest_of(result: ResultSet) -> dict:
    """The manifest ``result`` is written with, as JSON values (lists, not tuples)."""
    files = sorted(
        [f"{stem}.csv" for stem in result.tables]
        + [f"{stem}.png" for stem in result.figures]
        + [f"{stem}.json" for stem in result.documents]
    )
    manifest = {"analysis": result.analysis, "name": result.name, **result.manifest, "files": files}
    return json.loads(json.dumps(manifest, default=_jsonable))


def _check_replaceable(target: Path, fields: Mapping) -> None:
    """Refuse to replace ``target`` unless it is absent or holds a result whose
    :data:`SPEC_FIELDS` are ``fields``."""
    if not target.exists():
        return
    try:
        held = json.loads((target / "manifest.json").read_text())
        if not isinstance(held, dict):
            raise ValueError
    except (OSError, ValueError):
        raise ValueError(f"{target}: exists and holds no result manifest: give --force to replace it") from None
    old, new = _differences({k: held.get(k) for k in SPEC_FIELDS}, {k: fields.get(k) for k in SPEC_FIELDS})
    if old:
        raise ValueError(
            f"{target}: holds a result with {', '.join(old)}; this run has {', '.join(new)}: give --force to replace it"
        )


def _differences(held: Mapping, new: Mapping, prefix: str = "") -> tuple[list[str], list[str]]:
    """``name value`` for every field (nested into dictionaries) where ``held`` and ``new``
    differ, as two lists: the held values and the new ones."""
    old_parts: list[str] = []
    new_parts: list[str] = []
    for key in sorted(set(held) | set(new), key=str):
        a, b = held.get(key), new.get(key)
        if a == b:
            continue
        if isinstance(a, dict) and isinstance(b, dict):
            more_old, more_new = _differences(a, b, f"{prefix}{key}.")
            old_parts += more_old
            new_parts += more_new
        else:
            old_parts.append(f"{prefix}{key} {_short(a)}")
            new_parts.append(f"{prefix}{key} {_short(b)}")
    return old_parts, new_parts


def _short(value, width: int = 40) -> str:
    """``value`` as compact JSON, cut to ``width`` characters."""
    text = json.dumps(value, separators=(",", ":"))
    return text if len(text) <= width else text[: width - 3] + "..."


@contextmanager
def _writer_lock(folder: Path) -> Iterator[bool]:
    """Hold an exclusive ``flock`` on ``folder`` for the block; yields whether it is held
    (False where the file system has no locks, as some network ones: then nothing is
    known about other writers)."""
    handle = os.open(folder, os.O_RDONLY)
    try:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX)
            locked = True
        except OSError:
            locked = False
        yield locked
    finally:
        os.close(handle)  # releases the lock


def _recover(target: Path) -> None:
    """Clean up after killed writers of ``target`` (called holding the writer lock): put back
    the newest result moved aside when ``target`` is missing, remove the other leftovers."""
    prefix = f".{target.name}."
    staged, replaced = [], []
    for path in target.parent.iterdir():
        tail = path.name[len(prefix) :]
        if not path.name.startswith(prefix) or not path.is_dir() or path.is_symlink():
            continue
        if _REPLACED.fullmatch(tail) and (path / "manifest.json").is_file():
            replaced.append(path)
        elif _STAGED.fullmatch(tail):
            staged.append(path)
    replaced.sort(key=lambda path: int(path.name[len(prefix) + len(_OLD) :]))
    if replaced and not target.exists():
        os.replace(replaced.pop(), target)
    for path in staged + replaced:
        shutil.rmtree(path, ignore_errors=True)


def _write(result: ResultSet, manifest: Mapping, target: Path) -> None:
    """Stage ``result`` next to ``target`` and swap it in."""
    staging = Path(tempfile.mkdtemp(prefix=f".{result.name}.{_STAGING}", dir=target.parent))
    try:
        for stem, table in result.tables.items():
            table.to_csv(staging / f"{stem}.csv", index=False, float_format=CSV_FLOAT_FORMAT)
        for stem, figure in result.figures.items():
            save_figure(figure, staging / f"{stem}.png")
        for stem, document in result.documents.items():
            (staging / f"{stem}.json").write_text(document_text(document))
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
        _swap_in(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def as_written(table: pd.DataFrame) -> pd.DataFrame:
    """``table`` as :func:`write_results` writes it and ``pandas.read_csv`` reads it back: floats
    to 10 significant digits, column types as read_csv infers them, empty texts as NaN."""
    import pandas as pd  # here, not at the top: the output-folder check imports this module first

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
        old = target.with_name(f".{target.name}.{_OLD}{time.time_ns()}")
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
