"""The heads-up push/fold chart as a committed result (``results/holdem/push_fold/``): per class,
the largest stack at which the small blind pushes it and the big blind calls, solved at every
stack of a grid (:func:`analyzer.games.holdem.push_fold.push_fold_chart`), with the 13x13 pusher
and caller charts."""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.games.holdem.push_fold import DEFAULT_TOLERANCE, PushFoldChart, push_fold_chart
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.runner import Runner
from analyzer.studies.registry import drawn_result


def push_fold_spec(*, max_stack: float, step: float, ante: float) -> ResultSpec:
    """The spec of :func:`push_fold`'s result: exact equities, CFR+ to the default tolerance."""
    return ResultSpec(
        "holdem",
        "push_fold",
        inputs={"max_stack": max_stack, "step": step, "ante": ante, "small_blind": 0.5, "big_blind": 1.0},
        method=f"CFR+ on the 169 classes, exact combo-level card removal and all-in equities, "
        f"exploitability at most {DEFAULT_TOLERANCE:g} bb per hand at each stack",
        seed=None,
        trials=None,
        chunk_size=None,
    )


def push_fold(*, max_stack: float = 20.0, step: float = 0.1, ante: float = 0.0, runner: Runner = Runner()) -> ResultSet:
    """The heads-up push/fold chart: one row per class (``class``, ``push``, ``call``,
    ``push_stacks``), the pusher and caller 13x13 charts."""
    start = time.perf_counter()
    chart = push_fold_chart(max_stack=max_stack, step=step, ante=ante, runner=runner)
    spec = push_fold_spec(max_stack=max_stack, step=step, ante=ante)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        outcomes={
            "stacks": len(chart.stacks),
            "lowest_stack": float(chart.stacks[0]),
            "max_exploitability_bb_per_hand": chart.exploitability,
        },
        command="poker-analyzer holdem push-fold-chart",
    )
    return drawn_result(spec, {"push_fold": chart.to_frame()}, manifest, _figures)


def _gaps(text: Any) -> list[tuple[float, float]]:
    """The pushing intervals of a ``push_stacks`` cell (``"5.1-7.1, 1.1-2.3"``); none if empty."""
    if not isinstance(text, str) or not text:
        return []
    return [(float(lo), float(hi)) for lo, hi in (part.split("-") for part in text.split(", "))]


def _figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """The pusher and caller charts, from the table and the manifest alone."""
    table = tables["push_fold"]
    inputs, outcomes = manifest["inputs"], manifest["outcomes"]
    stacks = np.round(outcomes["lowest_stack"] + inputs["step"] * np.arange(outcomes["stacks"]), 10)
    chart = PushFoldChart(
        stacks=stacks,
        ante=inputs["ante"],
        push=table.push.to_numpy(float),
        call=table.call.to_numpy(float),
        gaps={name: _gaps(text) for name, text in zip(table["class"], table.push_stacks) if _gaps(text)},
        exploitability=outcomes["max_exploitability_bb_per_hand"],
        elapsed=manifest["elapsed_seconds"],
    )
    return {"push": chart.plot("push"), "call": chart.plot("call")}


FIGURES = {"holdem/push_fold": _figures}
