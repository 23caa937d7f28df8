"""The registry of studies: every committed table and chart, by id, behind one calling convention.

A study id is ``<game>.<name>`` (``holdem.preflop_table``, ``mousel.tables``); its function lives in
``analyzer/studies/<game>.py`` and takes keyword parameters only: the study's own (trials, seed, ...)
and the run option ``runner`` (an :class:`analyzer.sim.runner.Runner`: threads, scheduler,
progress). Both the ``tables`` commands of the command line and batch spec files run studies
through :func:`run_study`, so a spec's ``[params]`` are exactly the function's keyword parameters.

Every study also states, from its parameters alone, the results it will write: its spec function
(:attr:`Study.specs`, in the same module) takes the study's parameters, run options aside, and
returns one :class:`~analyzer.report.ResultSpec` per result, built by the very functions the run
builds its manifests with. :func:`study_specs` calls it, so a run that would replace a result of
another spec is refused before it computes anything (:func:`analyzer.report.check_replaceable`).
A multi-part study names each part's spec and run functions together in a :class:`Part`.

Every chart of a study is a pure function of the tables and manifest it writes: each study
module's ``FIGURES`` maps a result key ``<analysis>/<name>`` (the folder under ``results/``) to a
:data:`FigureMaker`, which the study calls on the tables it has just computed and
:func:`redraw` calls on the committed CSV files, so charts are redrawn without recomputing.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import inspect
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar, cast

import pandas as pd
from matplotlib.figure import Figure

from analyzer.files import write_atomically
from analyzer.json_input import options_from, options_model, validate
from analyzer.report import ResultSet, ResultSpec, as_written, save_figure
from analyzer.sim.runner import Runner

PlanT = TypeVar("PlanT")
FigureMaker = Callable[[Mapping[str, pd.DataFrame], Mapping[str, Any]], dict[str, Figure]]
"""Draws a result's charts from its tables (by file stem) and its manifest: chart stem -> figure."""


@dataclass(frozen=True)
class Study:
    """One registered study: its id, where its function and its spec function are (both in
    ``module``), and what it writes."""

    id: str
    module: str
    function: str
    specs: str
    summary: str

    def load(self) -> Callable[..., ResultSet | list[ResultSet]]:
        """The study's function (its module is imported on first use)."""
        return getattr(importlib.import_module(self.module), self.function)

    def load_specs(self) -> Callable[..., ResultSpec | list[ResultSpec]]:
        """The study's spec function: the study's parameters (every one given, run options
        aside) to the spec of each result it writes."""
        return getattr(importlib.import_module(self.module), self.specs)


STUDIES: dict[str, Study] = {
    s.id: s
    for s in (
        Study(
            "holdem.preflop_table",
            "analyzer.studies.holdem",
            "preflop_vs_random",
            "preflop_vs_random_spec",
            "equity of the 169 starting classes against 1 to 9 random hands",
        ),
        Study(
            "holdem.heads_up_matrix",
            "analyzer.studies.holdem",
            "heads_up_matrix",
            "heads_up_matrix_spec",
            "exact heads-up equity of every class against every class",
        ),
        Study(
            "holdem.push_fold",
            "analyzer.studies.holdem_push_fold",
            "push_fold",
            "push_fold_spec",
            "the heads-up push/fold Nash chart: each class's largest pushing and calling stack",
        ),
        Study(
            "stud.starts_table",
            "analyzer.studies.stud",
            "starts_vs_random",
            "starts_vs_random_spec",
            "five-card stud starts against 1 to 6 random hands",
        ),
        Study(
            "draw.tables",
            "analyzer.studies.draw",
            "tables",
            "tables_specs",
            "exact draw odds, the best discard by hand and opponents, Jacks or Better",
        ),
        Study(
            "paigow.tables",
            "analyzer.studies.paigow",
            "tables",
            "tables_specs",
            "the house edge by strategy and where the House Way is wrong",
        ),
        Study(
            "paigow.exact_edge",
            "analyzer.studies.paigow_exact",
            "exact_edge",
            "exact_edge_spec",
            "the exact House Way house edge of each way over every deal, beside Monte Carlo",
        ),
        Study(
            "paigow.optimal_edge",
            "analyzer.studies.paigow_optimal",
            "optimal_edge",
            "optimal_edge_spec",
            "the exact house edge of the best split on every hand against the House Way",
        ),
        Study(
            "head_to_head.tables",
            "analyzer.studies.head_to_head",
            "tables",
            "tables_specs",
            "round types, a policy tournament, opening relations, block or build",
        ),
        Study(
            "head_to_head.tuning",
            "analyzer.studies.head_to_head_tuning",
            "tuning",
            "tuning_spec",
            "greedy's parameter vector tuned by paired self-play against hand-set greedy",
        ),
        Study(
            "head_to_head.betting_tables",
            "analyzer.studies.head_to_head_betting",
            "tables",
            "tables_specs",
            "the betting game: response model, threshold tuning, fresh cards, stacks, ratings",
        ),
        Study(
            "saint_poker.tables",
            "analyzer.studies.saint_poker",
            "tables",
            "tables_specs",
            "tournaments, ties and draft seats, spending or saving strong cards",
        ),
        Study(
            "saint_poker.tuning",
            "analyzer.studies.saint_poker_tuning",
            "tuning",
            "tuning_spec",
            "greedy's and save's weights tuned by paired self-play against hand-set greedy",
        ),
        Study(
            "whist.tables",
            "analyzer.studies.whist",
            "tables",
            "tables_specs",
            "P(make) and chips of every contract by hand features; whole deals with bidding",
        ),
        Study(
            "mousel.tables",
            "analyzer.studies.mousel",
            "tables",
            "tables_specs",
            "going-along and declaring thresholds; thresholds over long sessions",
        ),
    )
}


def make_plan(plan_type: type[PlanT], params: Mapping[str, Any]) -> PlanT:
    """A study's plan dataclass from keyword parameters, naming any parameter it does not take;
    each value is checked against its field's type (:func:`analyzer.json_input.options_model`:
    no float for an integer, no truthiness), so a bad spec value is one line naming it."""
    fields = {f.name for f in dataclasses.fields(plan_type)}  # type: ignore[arg-type]
    unknown = sorted(set(params) - fields)
    if unknown:
        raise ValueError(f"unknown parameter {unknown[0]!r}: expected one of {', '.join(sorted(fields))}")
    return options_from(validate(options_model(cast(type, plan_type)), params, at=("params",)), plan_type)


@dataclass(frozen=True)
class Part:
    """One part of a multi-part study (each such study module lists its parts, in order, as
    ``PARTS``): ``spec(plan, **inputs)`` is the spec of the result it writes,
    ``run(plan, **inputs, **run_options)`` computes that result (building its manifest from
    ``spec``)."""

    spec: Callable[..., ResultSpec]
    run: Callable[..., ResultSet]


def _chosen(parts: Mapping[str, Part], names: Sequence[str] | None) -> tuple[str, ...]:
    """The part names ``names`` (all, in order, by default), each checked to be a part."""
    names = tuple(parts) if names is None else tuple(names)
    unknown = sorted(set(names) - set(parts))
    if unknown:
        raise ValueError(f"unknown study {unknown[0]!r}: expected one of {', '.join(parts)}")
    return names


def run_parts(parts: Mapping[str, Part], names: Sequence[str] | None, plan: Any, **options: Any) -> list[ResultSet]:
    """Run the parts ``names`` (all by default) of a multi-part study, in order: each is
    ``part.run(plan, **options)``."""
    return [parts[name].run(plan, **options) for name in _chosen(parts, names)]


def part_specs(parts: Mapping[str, Part], names: Sequence[str] | None, plan: Any, **inputs: Any) -> list[ResultSpec]:
    """The specs of the results :func:`run_parts` writes with the same ``names`` and ``plan``:
    each is ``part.spec(plan, **inputs)``, ``inputs`` being the options besides the run options."""
    return [parts[name].spec(plan, **inputs) for name in _chosen(parts, names)]


def get_study(study_id: str) -> Study:
    """The registered study ``study_id``, or a ValueError listing the ids."""
    try:
        return STUDIES[study_id]
    except KeyError:
        raise ValueError(f"unknown study {study_id!r}: expected one of {', '.join(STUDIES)}") from None


RUN_OPTIONS = ("runner",)  # how a study runs, not what it computes


def _bound(study_id: str, function: Callable[..., Any], params: Mapping[str, Any]) -> inspect.BoundArguments:
    try:
        return inspect.signature(function).bind(**{name: None for name in RUN_OPTIONS}, **params)
    except TypeError as error:
        raise ValueError(f"bad parameters for {study_id}: {error}") from None


def run_study(
    study_id: str,
    params: Mapping[str, Any] | None = None,
    *,
    runner: Runner = Runner(),
) -> list[ResultSet]:
    """Run the study ``study_id`` with its keyword ``params``; the result sets it produced.

    Parameters the study does not take are refused before anything runs.
    """
    study = get_study(study_id)
    function = study.load()
    params = dict(params or {})
    _bound(study_id, function, params)
    result = function(**params, runner=runner)
    return result if isinstance(result, list) else [result]


def study_specs(study_id: str, params: Mapping[str, Any] | None = None) -> list[ResultSpec]:
    """The spec of every result :func:`run_study` writes with the same ``params``, in the same
    order, computed from the parameters alone (nothing is run): the study's spec function
    called with every parameter of the study, the defaults of the study's function filled in.

    Raises ValueError as :func:`run_study` does for parameters the study does not take, and
    for values its plan refuses."""
    study = get_study(study_id)
    function = study.load()
    bound = _bound(study_id, function, dict(params or {}))
    bound.apply_defaults()
    arguments: dict[str, Any] = {}
    for name, value in bound.arguments.items():
        if bound.signature.parameters[name].kind is inspect.Parameter.VAR_KEYWORD:
            arguments.update(value)
        elif name not in RUN_OPTIONS:
            arguments[name] = value
    specs = study.load_specs()(**arguments)
    return specs if isinstance(specs, list) else [specs]


def drawn_result(
    spec: ResultSpec,
    tables: Mapping[str, pd.DataFrame],
    manifest: dict[str, Any],
    draw: FigureMaker,
    documents: Mapping[str, Any] | None = None,
) -> ResultSet:
    """A study's result for the folder of ``spec``, with its charts drawn by ``draw`` from the
    tables as their CSV files will hold them (:func:`~analyzer.report.as_written`), so
    :func:`redraw` of the written folder gives the very same charts; ``documents`` are its JSON
    documents by stem (:attr:`~analyzer.report.ResultSet.documents`)."""
    figures = draw({stem: as_written(table) for stem, table in tables.items()}, manifest)
    return ResultSet(spec.analysis, spec.name, dict(tables), figures, manifest, dict(documents or {}))


def figure_maker(key: str) -> FigureMaker:
    """The chart function of the result ``key`` (``holdem/heads_up_matrix``): the entry of the
    ``FIGURES`` of the study module that writes it."""
    for module in dict.fromkeys(s.module for s in STUDIES.values()):
        makers: Mapping[str, FigureMaker] = getattr(importlib.import_module(module), "FIGURES", {})
        if key in makers:
            return makers[key]
    raise ValueError(f"no study draws the charts of {key!r}")


def read_result(folder: Path | str) -> tuple[dict[str, pd.DataFrame], dict[str, Any]]:
    """The tables (by file stem) and the manifest of a result folder, as its study wrote them."""
    folder = Path(folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    tables = {Path(f).stem: pd.read_csv(folder / f) for f in manifest["files"] if f.endswith(".csv")}
    return tables, manifest


def draw_result(folder: Path | str) -> dict[str, Figure]:
    """The charts of a result folder drawn afresh from its CSV tables and manifest (chart stem ->
    figure): the same figures its study wrote, with the current chart code."""
    tables, manifest = read_result(folder)
    return figure_maker(f"{manifest['analysis']}/{manifest['name']}")(tables, manifest)


def redraw(folder: Path | str) -> list[Path]:
    """Redraw the PNG charts of a result folder from its tables (:func:`draw_result`), leaving the
    tables and the manifest untouched; the paths written.

    Each PNG is written to a temporary name and renamed into place, so no chart is ever half
    written. The charts drawn must be exactly the PNG files the manifest lists."""
    folder = Path(folder)
    tables, manifest = read_result(folder)
    figures = figure_maker(f"{manifest['analysis']}/{manifest['name']}")(tables, manifest)
    listed = {Path(f).stem for f in manifest["files"] if f.endswith(".png")}
    if set(figures) != listed:
        raise ValueError(f"{folder}: the study draws {sorted(figures)}, the manifest lists {sorted(listed)}")
    written = []
    for stem, figure in figures.items():
        written.append(write_atomically(folder / f"{stem}.png", functools.partial(save_figure, figure)))
    return written


__all__ = [
    "RUN_OPTIONS",
    "STUDIES",
    "FigureMaker",
    "Part",
    "Study",
    "draw_result",
    "drawn_result",
    "figure_maker",
    "get_study",
    "make_plan",
    "part_specs",
    "read_result",
    "redraw",
    "run_parts",
    "run_study",
    "study_specs",
]
