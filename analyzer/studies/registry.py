"""The registry of studies: every committed table and chart, by id, behind one calling convention.

A study id is ``<game>.<name>`` (``holdem.preflop_table``, ``mousel.tables``); its function lives in
``analyzer/studies/<game>.py`` and takes keyword parameters only: the study's own (trials, seed, ...)
and the run options ``threads``, ``scheduler`` and ``progress``. Both the ``tables`` commands of the
command line and batch spec files run studies through :func:`run_study`, so a spec's ``[params]``
are exactly the function's keyword parameters.
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from analyzer.report import ResultSet
from analyzer.sim.engine import Progress

PlanT = TypeVar("PlanT")


@dataclass(frozen=True)
class Study:
    """One registered study: its id, where its function is, and what it writes."""

    id: str
    module: str
    function: str
    summary: str

    def load(self) -> Callable[..., ResultSet | list[ResultSet]]:
        """The study's function (its module is imported on first use)."""
        return getattr(importlib.import_module(self.module), self.function)


STUDIES: dict[str, Study] = {
    s.id: s
    for s in (
        Study(
            "holdem.preflop_table",
            "analyzer.studies.holdem",
            "preflop_vs_random",
            "equity of the 169 starting classes against 1 to 9 random hands",
        ),
        Study(
            "holdem.heads_up_matrix",
            "analyzer.studies.holdem",
            "heads_up_matrix",
            "exact heads-up equity of every class against every class",
        ),
        Study(
            "stud.starts_table",
            "analyzer.studies.stud",
            "starts_vs_random",
            "five-card stud starts against 1 to 6 random hands",
        ),
        Study(
            "draw.tables",
            "analyzer.studies.draw",
            "tables",
            "exact draw odds, the best discard by hand and opponents, Jacks or Better",
        ),
        Study(
            "paigow.tables",
            "analyzer.studies.paigow",
            "tables",
            "the house edge by strategy and where the House Way is wrong",
        ),
        Study(
            "head_to_head.tables",
            "analyzer.studies.head_to_head",
            "tables",
            "round types, a policy tournament, opening relations, block or build",
        ),
        Study(
            "head_to_head.betting_tables",
            "analyzer.studies.head_to_head_betting",
            "tables",
            "the betting game: response model, threshold tuning, fresh cards, stacks",
        ),
        Study(
            "saint_poker.tables",
            "analyzer.studies.saint_poker",
            "tables",
            "tournaments, ties and draft seats, spending or saving strong cards",
        ),
        Study(
            "whist.tables",
            "analyzer.studies.whist",
            "tables",
            "P(make) and chips of every contract by hand features; whole deals with bidding",
        ),
        Study(
            "mousel.tables",
            "analyzer.studies.mousel",
            "tables",
            "going-along and declaring thresholds; thresholds over long sessions",
        ),
    )
}


def make_plan(plan_type: type[PlanT], params: Mapping[str, Any]) -> PlanT:
    """A study's plan dataclass from keyword parameters, naming any parameter it does not take."""
    fields = {f.name for f in dataclasses.fields(plan_type)}  # type: ignore[arg-type]
    unknown = sorted(set(params) - fields)
    if unknown:
        raise ValueError(f"unknown parameter {unknown[0]!r}: expected one of {', '.join(sorted(fields))}")
    return plan_type(**params)


def run_parts(
    parts: Mapping[str, Callable[..., ResultSet]], names: Sequence[str] | None, plan: Any, **options: Any
) -> list[ResultSet]:
    """Run the parts ``names`` (all by default) of a multi-part study, in order: each is
    ``part(plan, **options)``."""
    names = tuple(parts) if names is None else tuple(names)
    unknown = sorted(set(names) - set(parts))
    if unknown:
        raise ValueError(f"unknown study {unknown[0]!r}: expected one of {', '.join(parts)}")
    return [parts[name](plan, **options) for name in names]


def get_study(study_id: str) -> Study:
    """The registered study ``study_id``, or a ValueError listing the ids."""
    try:
        return STUDIES[study_id]
    except KeyError:
        raise ValueError(f"unknown study {study_id!r}: expected one of {', '.join(STUDIES)}") from None


def run_study(
    study_id: str,
    params: Mapping[str, Any] | None = None,
    *,
    threads: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
) -> list[ResultSet]:
    """Run the study ``study_id`` with its keyword ``params``; the result sets it produced.

    Parameters the study does not take are refused before anything runs.
    """
    study = get_study(study_id)
    function = study.load()
    params = dict(params or {})
    try:
        inspect.signature(function).bind(threads=threads, scheduler=scheduler, progress=progress, **params)
    except TypeError as error:
        raise ValueError(f"bad parameters for {study_id}: {error}") from None
    result = function(threads=threads, scheduler=scheduler, progress=progress, **params)
    return result if isinstance(result, list) else [result]


__all__ = ["STUDIES", "Study", "get_study", "make_plan", "run_parts", "run_study"]
