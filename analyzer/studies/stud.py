"""Five-card stud tables: equity of the two-card starts (pairs, suited and offsuit by
rank: the 169 classes) against 1 to 6 random opponents, by Monte Carlo.

The opponents are dealt five random cards each and are symmetric in suits, so one
representative combo per class stands for the whole class.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import add_note, count_text
from analyzer.games.stud.equity import stud_equity
from analyzer.ranges import HAND_CLASSES
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.engine import Stopping
from analyzer.sim.runner import Runner
from analyzer.studies._hand_classes import class_table
from analyzer.studies.registry import drawn_result


def starts_vs_random_spec(*, opponents: range, trials: int, seed: int, chunk_size: int) -> ResultSpec:
    """The spec of :func:`starts_vs_random`'s result: ``trials`` for each of the 169 starts and
    each opponent count."""
    return ResultSpec(
        "stud",
        "starts_vs_random",
        inputs={"classes": 169, "opponents": list(opponents), "opponent_cards": "five random cards"},
        method="monte-carlo",
        seed=seed,
        trials=trials * len(HAND_CLASSES) * len(opponents),
        chunk_size=chunk_size,
    )


def starts_vs_random(
    *,
    opponents: range = range(1, 7),
    trials: int = 200_000,
    seed: int = 2026,
    chunk_size: int = 25_000,
    runner: Runner = Runner(),
) -> ResultSet:
    """Equity of each two-card start against 1 to 6 random five-card stud hands."""
    start = time.perf_counter()
    spec = starts_vs_random_spec(opponents=opponents, trials=trials, seed=seed, chunk_size=chunk_size)
    stopping = Stopping(trials=trials)
    table = class_table(
        lambda hero, k, s: stud_equity(
            [hero] + [""] * k,
            exact=False,
            stopping=stopping,
            chunk_size=chunk_size,
            seed=s,
            runner=runner.reporting(None),
        ),
        opponents,
        seed,
        runner,
    )
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_equity_se": float(table.stderr.max())},
        command="poker-analyzer stud starts-table",
    )
    tables = {"starts_vs_random": table}
    return drawn_result(spec, tables, manifest, _starts_figures)


def _starts_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """Equity of pairs and of the best suited and offsuit start of each top card, by opponents."""
    table = tables["starts_vs_random"]
    figure = Figure(figsize=(12, 5.2), layout="constrained")
    axes = figure.subplots(1, 3, sharey=True)
    ranks = "AKQJT98765432"
    for ax, kind in zip(axes, ("pair", "suited", "offsuit")):
        part = table[table.kind == kind]
        for k, group in part.groupby("opponents"):
            best = group.assign(top=group["class"].str[0]).groupby("top").equity.max()
            order = [r for r in ranks if r in best.index]
            ax.plot(range(len(order)), [100 * best[r] for r in order], marker="o", label=f"{k} opp.")
            ax.set_xticks(range(len(order)), order)
        ax.set_title(
            {"pair": "pairs", "suited": "best suited start by top card", "offsuit": "best offsuit start by top card"}[
                kind
            ]
        )
        ax.set_xlabel("top card (pair rank for pairs)")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("equity (%)")
    axes[-1].legend(title="random opponents", fontsize=8)
    figure.suptitle("Five-card stud: equity of two-card starts against random opponents")
    add_note(
        figure,
        f"Monte Carlo: {count_text(table.trials)} trials per start and opponent count (one combo stands for its "
        f"class), seed {manifest['seed']}; no error bars drawn: every standard error is at most "
        f"{100 * table.stderr.max():.2f} points.",
    )
    return {"starts_vs_random": figure}


FIGURES = {"stud/starts_vs_random": _starts_figures}
