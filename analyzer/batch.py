"""Batch runs from TOML spec files, checkpointed chunk by chunk (see :mod:`analyzer.sim.checkpoint`).

A spec names a registered study (:data:`analyzer.studies.STUDIES`) and its parameters::

    analysis = "head_to_head.tables"
    [params]
    rounds = 20000
    seed = 2026

A spec is checked before anything runs against the model of its study (:func:`spec_model`): the
study's keyword parameters with strict types, so ``trials = 100.5`` or ``opponents = 5`` is one
line naming the field; ``poker-analyzer schema batch-spec`` prints the schema (:func:`spec_schema`).

Each spec keeps its checkpoints in ``OUT/.checkpoints/<spec name>-<hash of its resolved path>/``
(so two specs called ``tables.toml`` in different folders never share one) with the hash of the
spec's bytes, which every checkpoint file carries too (a file of another spec, or damaged, is
set aside and its chunk computed again: :mod:`analyzer.sim.checkpoint`). Work is never thrown
away unasked: over an interrupted run's checkpoints a run is refused, naming ``resume`` (load
every finished chunk and compute only the rest, so the tables equal an uninterrupted run's) and
``restart`` (discard them); a spec that changed since its checkpoint is refused rather than
mixed. A run holds the lock ``<folder>.lock`` beside its checkpoint folder, so a second run of
the spec on the same ``OUT`` is refused naming the first's process. Results are written
atomically, and replace results of another spec only when forced: :func:`check_spec` refuses
such a spec before anything runs, from the specs its study states up front (:func:`check_specs`
also two specs of one batch writing one folder), and the write checks again
(:func:`analyzer.report.write_result_sets`); the checkpoints are removed once the results are
written.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import inspect
import logging
import shutil
import tomllib
import typing
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import ConfigDict, Field, PlainSerializer, PlainValidator, TypeAdapter, WithJsonSchema, create_model
from pydantic_core import PydanticCustomError

from analyzer.json_input import InputModel, strict_type, validate
from analyzer.report import check_replaceable, write_result_sets
from analyzer.sim.checkpoint import check_unlocked, checkpointing, count, run_lock
from analyzer.sim.runner import Runner
from analyzer.studies import STUDIES, run_study, study_specs
from analyzer.studies.registry import RUN_OPTIONS
from analyzer.text import plural

logger = logging.getLogger(__name__)
STAMP = "spec.sha256"  # in a checkpoint folder: the digest of the spec its checkpoints are of
RANGE_PARAMS = ("opponents",)  # written [first, stop) in a spec, passed on as a range
MAX_OPPONENTS = 9


def _opponent_range(value: Any) -> range:
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise PydanticCustomError("range_type", "expected [first, stop], two integers")
    first, stop = value
    if not 1 <= first < stop <= MAX_OPPONENTS + 1:
        raise PydanticCustomError("range_bounds", "expected 1 <= first < stop <= {limit}", {"limit": MAX_OPPONENTS + 1})
    return range(first, stop)


_COUNT = {"type": "integer", "minimum": 1, "maximum": MAX_OPPONENTS + 1}
OpponentRange = Annotated[
    range,
    PlainValidator(_opponent_range),
    PlainSerializer(lambda r: [r.start, r.stop]),
    WithJsonSchema(
        {
            "type": "array",
            "prefixItems": [_COUNT, _COUNT],
            "minItems": 2,
            "maxItems": 2,
            "description": "[first, stop): from first to stop - 1 opponents",
        }
    ),
]
"""A range of opponent counts written ``[first, stop)``: ``[1, 10]`` is 1 to 9 opponents."""


class PlanParams(InputModel):
    """The parameters of a study that takes a plan: those not in its signature are kept for
    the plan, which checks them."""

    model_config = ConfigDict(extra="allow")


class SpecHead(InputModel):
    """What every spec holds: a registered study id and a table of parameters."""

    analysis: typing.Literal[tuple(STUDIES)]  # type: ignore[valid-type]
    params: dict[str, Any] = Field(default_factory=dict)


class StudySpec(InputModel):
    """A spec for one study (made by :func:`spec_model`): its id and its checked parameters."""

    analysis: str
    params: InputModel


@functools.cache
def spec_model(analysis: str) -> type[StudySpec]:
    """The strict model of a spec for ``analysis``: its parameters are the study function's
    keyword parameters (run options aside) with their types made strict
    (:func:`analyzer.json_input.strict_type`; opponent counts an :class:`OpponentRange`); a study
    that takes a plan (``**plan``) checks those parameters against its plan when it starts."""
    function = STUDIES[analysis].load()
    hints = typing.get_type_hints(function)
    fields: dict[str, Any] = {}
    takes_plan = False
    for name, parameter in inspect.signature(function).parameters.items():
        if parameter.kind is inspect.Parameter.VAR_KEYWORD:
            takes_plan = True
        elif name not in RUN_OPTIONS:
            default = parameter.default
            if isinstance(default, range):  # not a JSON value: the schema shows its [first, stop]
                fields[name] = (
                    OpponentRange,
                    Field(None, json_schema_extra={"default": [default.start, default.stop]}),
                )
            else:
                fields[name] = (strict_type(hints[name]), default)
    params = create_model(f"{analysis}.params", __base__=PlanParams if takes_plan else InputModel, **fields)
    head: dict[str, Any] = {
        "analysis": (typing.Literal[analysis], ...),
        "params": (params, Field(default_factory=params)),
    }
    return create_model(f"{analysis} spec", __base__=StudySpec, **head)


def spec_schema() -> dict[str, Any]:
    """The JSON Schema of a batch spec: one alternative per registered study."""
    specs: Any = typing.Union[tuple(spec_model(study) for study in STUDIES)]  # noqa: UP007 (built from a tuple)
    return TypeAdapter(Annotated[specs, Field(discriminator="analysis")]).json_schema()


@dataclass(frozen=True)
class Spec:
    """A checked spec file: the study it runs, its parameters (opponent counts as ranges) and
    the hash of its bytes."""

    path: Path
    analysis: str
    params: dict[str, Any]
    digest: str

    @property
    def name(self) -> str:
        """The spec file's name without its suffix, which labels the run's progress bar."""
        return self.path.stem


def read_spec(path: str | Path) -> Spec:
    """A spec file, checked: a known study and its parameters, each of the type the study
    takes (:func:`spec_model`); every error is one line naming the file and the field."""
    path = Path(path)
    try:
        raw = path.read_bytes()
        data = tomllib.loads(raw.decode())
    except OSError as error:
        raise ValueError(f"cannot read spec {path}: {error.strerror}") from None
    except UnicodeDecodeError as error:
        raise ValueError(f"spec {path}: not UTF-8 text (byte {error.start})") from None
    except (tomllib.TOMLDecodeError, RecursionError) as error:
        reason = error if isinstance(error, tomllib.TOMLDecodeError) else "nested too deeply"
        raise ValueError(f"spec {path}: not valid TOML: {reason}") from None
    head = validate(SpecHead, data, f"spec {path}")
    spec = validate(spec_model(head.analysis), data, f"spec {path}")
    checked = {**dict(spec.params), **(spec.params.model_extra or {})}
    params = {k: checked[k] for k in head.params}  # in the spec's order
    return Spec(path=path, analysis=head.analysis, params=params, digest=hashlib.sha256(raw).hexdigest())


def checkpoint_folder(spec: Spec, out: str | Path) -> Path:
    """Where ``spec`` keeps its checkpoints under ``out``: ``.checkpoints/<spec name>-<key>``, the
    key being the first 12 hex digits of the SHA-256 of the spec's resolved path."""
    key = hashlib.sha256(str(spec.path.resolve()).encode()).hexdigest()[:12]
    return Path(out) / ".checkpoints" / f"{spec.name}-{key}"


def check_spec(
    spec: Spec, out: str | Path, *, force: bool = False, resume: bool = False, restart: bool = False
) -> None:
    """Refuse ``spec`` before anything runs, raising ValueError naming the spec file: when a result
    it writes cannot be written under ``out``, or would replace a result of a different spec
    there, unless ``force`` (:func:`analyzer.report.check_replaceable`); when another process is
    running it (:func:`analyzer.sim.checkpoint.check_unlocked`); when ``out`` holds checkpoints of an
    interrupted run of it and neither ``resume`` nor ``restart`` says what to do with them, or
    ``resume`` would go on from checkpoints of the spec as it was before a change."""
    folder = checkpoint_folder(spec, out)
    try:
        check_replaceable(out, study_specs(spec.analysis, spec.params), force=force)
        check_unlocked(folder)
        _check_checkpoints(spec, folder, resume=resume, restart=restart)
    except ValueError as error:
        raise ValueError(f"spec {spec.path}: {error}") from None


def check_specs(
    specs: Sequence[Spec], out: str | Path, *, force: bool = False, resume: bool = False, restart: bool = False
) -> None:
    """Refuse a batch of ``specs`` before any of them runs: each as :func:`check_spec` does, a
    spec file given twice, and, unless ``force``, two that write the same result folder (the
    later would be refused by the earlier's result once it is written), naming both files and
    the folder."""
    given: set[Path] = set()
    writers: dict[str, Path] = {}
    for spec in specs:
        if spec.path.resolve() in given:
            raise ValueError(f"spec {spec.path} is given twice")
        given.add(spec.path.resolve())
        check_spec(spec, out, force=force, resume=resume, restart=restart)
        for result in study_specs(spec.analysis, spec.params):
            folder = f"{result.analysis}/{result.name}"
            first = writers.setdefault(folder, spec.path)
            if first != spec.path and not force:
                raise ValueError(
                    f"specs {first} and {spec.path} both write {folder}: run them with different --out, "
                    "or give --force to let the later replace the earlier"
                )


def _check_checkpoints(spec: Spec, folder: Path, *, resume: bool, restart: bool) -> None:
    """Refuse to run over the checkpoints in ``folder`` unless told what to do with them
    (:func:`check_spec`); a folder without a checkpoint file holds nothing to lose."""
    saved = count(folder)
    if not saved or restart:
        return
    if not resume:
        raise ValueError(
            f"{folder} holds {plural(saved, 'checkpoint file')} of an interrupted run: "
            "give --resume to go on from them, or --restart to discard them and start over"
        )
    stamp = folder / STAMP
    if stamp.exists() and stamp.read_text() != spec.digest:
        raise ValueError(f"changed since its checkpoint in {folder}: give --restart to discard it and start over")


def run_spec(
    spec: Spec,
    out: str | Path,
    *,
    resume: bool = False,
    restart: bool = False,
    force: bool = False,
    runner: Runner = Runner(),
) -> list[Path]:
    """Run one spec with checkpoints and write its results under ``out``; the folders written.

    Checkpoints of an interrupted run are never discarded unasked: ``resume`` goes on from them
    (saying ``resuming: N chunks done``, or ``nothing to resume`` when there are none; refused
    when the spec changed since), ``restart`` discards them, and without either the run is
    refused (:func:`check_spec`). ``force`` replaces results of a different spec, which are
    otherwise refused before anything runs. The run holds the lock of its checkpoint folder
    (:func:`analyzer.sim.checkpoint.run_lock`), so a second run of the spec on ``out`` is refused
    naming the first. Should the write still refuse a replacement (a different result written
    there meanwhile), the checkpoints are kept, so a forced resume computes nothing again.
    The study runs on ``runner``, which hears its progress.
    """
    if resume and restart:
        raise ValueError("give --resume or --restart, not both")
    check_spec(spec, out, force=force, resume=resume, restart=restart)
    folder = checkpoint_folder(spec, out)
    try:
        with run_lock(folder):
            _check_checkpoints(spec, folder, resume=resume, restart=restart)  # again, now that it is ours
            if resume and not count(folder):
                logger.info(f"nothing to resume in {folder}: starting")
            if folder.exists() and not resume:  # --restart, or nothing saved: nothing lost
                shutil.rmtree(folder)
            folder.mkdir(parents=True, exist_ok=True)
            (folder / STAMP).write_text(spec.digest)
            with checkpointing(folder, run=spec.digest):
                results = run_study(spec.analysis, spec.params, runner=runner)
            try:
                written = write_result_sets(results, out, force=force)
            except ValueError as error:  # a refused replacement: the checkpoints stay for a forced resume
                raise ValueError(f"{error} (with --resume, from the checkpoints)") from None
            shutil.rmtree(folder)
    except ValueError as error:
        raise ValueError(f"spec {spec.path}: {error}") from None
    with contextlib.suppress(OSError):  # not empty when other specs have checkpoints there
        folder.parent.rmdir()
    return written
