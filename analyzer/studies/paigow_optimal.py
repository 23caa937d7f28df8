"""Pai Gow table: the exact house edge of optimal play against each House Way.

For each House Way the dealer sets by: the exact counts over all 8,250,459,031,214,400 deals
of the player taking, on every hand, the split with the best exact EV
(:func:`analyzer.games.paigow.optimal_edge.optimal_house_edge`), beside the House Way's own
split counted in the same run (which equals the ``exact_edge`` table's House Way row), with
the dealer banking and the commission the best split was chosen for.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import add_note
from analyzer.games.paigow.houseway import way_number
from analyzer.games.paigow.optimal_edge import optimal_house_edge
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.runner import Runner
from analyzer.studies.registry import drawn_result

COMMAND = "poker-analyzer batch results/paigow/optimal_edge.toml"


def optimal_edge_spec(*, ways: Sequence[str], commission: float) -> ResultSpec:
    """The spec of :func:`optimal_edge`'s result: every deal against each of ``ways``, the best
    split chosen for ``commission``."""
    for way in ways:
        way_number(way)
    return ResultSpec(
        "paigow",
        "optimal_edge",
        inputs={"ways": list(ways), "commission": commission},
        method="exact",
        seed=None,
        trials=None,
        chunk_size=None,
    )


def optimal_edge(
    *,
    ways: Sequence[str] = ("foxwoods",),
    commission: float = 0.05,
    runner: Runner = Runner(),
) -> ResultSet:
    """One row per way and strategy (the House Way's split, the best split): the exact counts,
    win, push and loss chances, EV and house edge, and the best split's gain over the House
    Way's. The count runs on local threads (``scheduler`` is not used)."""
    start = time.perf_counter()
    spec = optimal_edge_spec(ways=ways, commission=commission)
    rows, outcomes = [], {}
    for way in ways:
        result = optimal_house_edge(way=way, commission=commission, runner=runner)
        for row in result.rows():
            rows.append({**row, "gain": result.gain if row["strategy"] == "optimal" else 0.0})
        outcomes[way] = {
            "improved_hands": result.improved_hands,
            "classes": result.classes,
            "seconds": round(result.run.elapsed, 1),
        }
    manifest = manifest_for(spec, elapsed=time.perf_counter() - start, outcomes={"by_way": outcomes}, command=COMMAND)
    return drawn_result(spec, {"optimal_edge": pd.DataFrame(rows)}, manifest, _figures)


def _figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """The exact house edge of the House Way's split and of the best split, per way (bars)."""
    table = tables["optimal_edge"]
    labels = [f"{w}: {s}" for w, s in zip(table.way, table.strategy)]
    figure = Figure(figsize=(10, 0.6 * len(table) + 1.8), layout="constrained")
    axes = figure.subplots()
    edge = 100 * table.house_edge
    axes.barh(labels, edge, color=["#4477aa" if s == "optimal" else "#bbbbbb" for s in table.strategy])
    for y, value in enumerate(edge):
        axes.text(value, y, f"  {value:.5f}%", va="center", fontsize=8)
    axes.set_xlim(0, 1.3 * float(edge.max()))
    axes.invert_yaxis()
    axes.set_xlabel(f"house edge (% of the bet), {100 * manifest['inputs']['commission']:g}% commission, dealer banks")
    figure.suptitle("Pai Gow Poker: the exact house edge of the best split on every hand, against the House Way's")
    add_note(
        figure,
        "Exact: all 8,250,459,031,214,400 deals; the best split of each hand by its exact EV against every "
        "House-Way dealer hand, found per suit class of hands by inclusion-exclusion over shared cards.",
    )
    return {"optimal_edge": figure}


FIGURES = {"paigow/optimal_edge": _figures}

__all__ = ["FIGURES", "optimal_edge", "optimal_edge_spec"]
