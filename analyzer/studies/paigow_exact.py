"""Pai Gow table: the exact House Way house edge of each way, beside a Monte Carlo estimate.

For each House Way, player and dealer both set by it: the exact counts over all
8,250,459,031,214,400 deals (:func:`analyzer.games.paigow.exact_edge.exact_house_edge`), with
the dealer banking and with the player banking (the same count, settled both ways), and a
seeded Monte Carlo run of the same game (:func:`analyzer.games.paigow.edge.house_edge`) with
its standard error, so the two methods can be read side by side.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import add_note, count_text, with_error
from analyzer.games.paigow.edge import house_edge
from analyzer.games.paigow.exact_edge import exact_house_edge
from analyzer.games.paigow.houseway import way_number
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.engine import Stopping
from analyzer.sim.runner import Runner
from analyzer.studies.registry import drawn_result

EDGE_CHUNK = 1 << 16  # Monte Carlo deals per chunk
COMMAND = "poker-analyzer batch results/paigow/exact_edge.toml"
BANKERS = (("dealer", PaiGowRules()), ("player", PaiGowRules(player_banks=True)))


def exact_edge_spec(*, ways: Sequence[str], mc_trials: int, seed: int) -> ResultSpec:
    """The spec of :func:`exact_edge`'s result: every deal of each of ``ways``, and Monte Carlo
    runs of ``mc_trials`` deals (one per way and banker) from ``seed``."""
    for way in ways:
        way_number(way)
    return ResultSpec(
        "paigow",
        "exact_edge",
        inputs={"ways": list(ways), "commission": PaiGowRules().commission, "mc_trials": mc_trials},
        method="exact",
        seed=seed,
        trials=None,
        chunk_size=EDGE_CHUNK,
    )


def exact_edge(
    *,
    ways: Sequence[str] = ("foxwoods", "trump-plaza", "improved"),
    mc_trials: int = 20_000_000,
    seed: int = 2026,
    runner: Runner = Runner(),
) -> ResultSet:
    """One row per way and banker: the exact counts, win, push and loss chances, EV and house
    edge, and the Monte Carlo EV, its standard error and its distance from the exact EV in
    standard errors. ``scheduler`` serves the Monte Carlo runs; the exact count runs on local
    threads."""
    start = time.perf_counter()
    spec = exact_edge_spec(ways=ways, mc_trials=mc_trials, seed=seed)
    rows, elapsed = [], {}
    for way in ways:
        exact = exact_house_edge(way=way, runner=runner)
        elapsed[way] = round(exact.run.elapsed, 1)
        for banker, rules in BANKERS:
            counted = exact.under(rules)
            sampled = house_edge(
                way=way,
                stopping=Stopping(trials=mc_trials),
                seed=seed,
                chunk_size=EDGE_CHUNK,
                rules=rules,
                runner=runner.reporting(None),
            )
            rows.append(
                {
                    "way": way,
                    "banker": banker,
                    **counted.figures(),
                    "mc_ev": sampled.ev,
                    "mc_stderr": sampled.stderr,
                    "mc_trials": sampled.run.trials,
                    "mc_z": (sampled.ev - counted.ev) / sampled.stderr,
                }
            )
    table = pd.DataFrame(rows)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={f"{r['way']}, {r['banker']} banks, monte carlo": r["mc_stderr"] for r in rows},
        outcomes={"exact_seconds": elapsed},
        command=COMMAND,
    )
    return drawn_result(spec, {"exact_edge": table}, manifest, _figures)


def _figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """The exact house edge of each way and banker (a bar), and the Monte Carlo estimate with
    2 standard errors (a point with its error bar) on it."""
    table = tables["exact_edge"]
    labels = [f"{w}, {b} banks" for w, b in zip(table.way, table.banker)]
    figure = Figure(figsize=(10, 0.6 * len(table) + 1.8), layout="constrained")
    axes = figure.subplots()
    edge, estimate, error = 100 * table.house_edge, -100 * table.mc_ev, 200 * table.mc_stderr
    axes.barh(labels, edge, color="#4477aa", label="exact, every deal")
    axes.errorbar(estimate, labels, xerr=error, fmt="o", color="#ee6677", capsize=4, label="Monte Carlo ± 2 s.e.")
    for y, (value, mc, half) in enumerate(zip(edge, estimate, error)):
        axes.text(max(value, mc + half), y, f"  {value:.4f}% (MC {with_error(mc, half)}%)", va="center", fontsize=8)
    axes.set_xlim(0, 1.35 * float(max(edge.max(), (estimate + error).max())))
    axes.invert_yaxis()
    axes.set_xlabel("house edge (% of the bet), 5% commission")
    axes.legend(loc="lower right", fontsize=8)
    figure.suptitle("Pai Gow Poker: the exact House Way house edge, player and dealer both setting by the House Way")
    add_note(
        figure,
        "Exact: all 8,250,459,031,214,400 deals, by inclusion-exclusion over shared cards. "
        f"Monte Carlo: {count_text(table.mc_trials)} deals per row, seed {manifest['seed']}.",
    )
    return {"exact_edge": figure}


FIGURES = {"paigow/exact_edge": _figures}

__all__ = ["FIGURES", "exact_edge", "exact_edge_spec"]
