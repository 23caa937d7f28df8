"""Hold'em preflop tables: the 169 starting classes against random opponents (exact against
one, Monte Carlo against more), and every class against every class heads-up (exact).

Against one random hand, every class is counted exactly in one pass over the boards
(:mod:`analyzer.games.holdem.versus_random`). Against more, every combo of a class has the
same equity (the opponents are symmetric in suits), so one representative combo per class is
simulated. Heads-up, the 1,624,350 ordered combo matchups fall into far fewer
classes under the 24 permutations of suits and the swap of the two hands; each
class is enumerated exactly once and the 169x169 matrix averages its combos.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import CLASS_CHART_RANKS, add_note, count_text, grid_heatmap
from analyzer.games.holdem.equity import holdem_equity
from analyzer.games.holdem.push_fold_equities import (
    BOARDS,
    MATCHUPS,
    SUIT_CLASSES,
    all_combos,
    class_keys,
    disjoint_pairs,
    enumerate_classes,
)
from analyzer.games.holdem.versus_random import versus_random
from analyzer.ranges import HAND_CLASSES, class_combos
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.engine import Stopping
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import TIE_UNITS
from analyzer.studies._hand_classes import class_grid, class_kind, class_table
from analyzer.studies.registry import drawn_result

HEADS_UP_BOARDS, HEADS_UP_MATCHUPS, HEADS_UP_SUIT_CLASSES = BOARDS, MATCHUPS, SUIT_CLASSES


def preflop_vs_random_spec(*, opponents: range, trials: int, seed: int, chunk_size: int) -> ResultSpec:
    """The spec of :func:`preflop_vs_random`'s result: exact against one opponent, ``trials``
    for each of the 169 classes and each larger opponent count."""
    simulated = [k for k in opponents if k > 1]
    methods = (["exact against 1 opponent"] if 1 in opponents else []) + (
        [f"monte-carlo against {simulated[0]} to {simulated[-1]}"] if simulated else []
    )
    return ResultSpec(
        "holdem",
        "preflop_vs_random",
        inputs={"classes": 169, "opponents": list(opponents), "opponent_range": "random"},
        method=", ".join(methods),
        seed=seed,
        trials=trials * len(HAND_CLASSES) * len(simulated),
        chunk_size=chunk_size,
    )


def preflop_vs_random(
    *,
    opponents: range = range(1, 10),
    trials: int = 200_000,
    seed: int = 2026,
    chunk_size: int = 25_000,
    runner: Runner = Runner(),
) -> ResultSet:
    """Equity of each of the 169 classes against 1 to 9 random hands: exact against one
    (every board and opponent hand counted), Monte Carlo against more."""
    start = time.perf_counter()
    spec = preflop_vs_random_spec(opponents=opponents, trials=trials, seed=seed, chunk_size=chunk_size)
    stopping = Stopping(trials=trials)
    exact = _exact_against_one(runner) if 1 in opponents else None
    simulated = class_table(
        lambda hero, k, s: holdem_equity(
            [hero] + ["random"] * k,
            exact=False,
            stopping=stopping,
            chunk_size=chunk_size,
            seed=s,
            runner=runner.reporting(None),
        ),
        [k for k in opponents if k > 1],
        seed,
        runner,
    )
    table = pd.concat([frame for frame in (exact, simulated) if frame is not None and len(frame)], ignore_index=True)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_equity_se": float(simulated.stderr.max()) if len(simulated) else 0.0},
        command="poker-analyzer holdem preflop-table",
    )
    tables = {"preflop_vs_random": table}
    return drawn_result(spec, tables, manifest, _preflop_figures)


def _exact_against_one(runner: Runner) -> pd.DataFrame:
    """The rows against one random hand, in the layout of :func:`class_table`: exact, so the
    standard error is 0, ``trials`` counts the showdowns and there is no seed."""
    counts = versus_random(runner=runner.reporting(None))
    return pd.DataFrame(
        {
            "class": HAND_CLASSES,
            "kind": [class_kind(name) for name in HAND_CLASSES],
            "opponents": 1,
            "equity": counts.equity,
            "stderr": 0.0,
            "win": counts.wins / counts.showdowns,
            "tie": counts.ties / counts.showdowns,
            "trials": counts.showdowns,
            "seed": None,
        }
    )


def _preflop_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """One 13x13 chart per opponent count, every cell labelled with its class and equity."""
    table = tables["preflop_vs_random"]
    figures = {}
    for k in sorted(int(k) for k in table.opponents.unique()):
        part = table[table.opponents == k]
        grid, labels = class_grid(dict(zip(part["class"], 100 * part.equity)))
        figures[f"equity_vs_{k}"] = grid_heatmap(
            grid,
            labels,
            fmt="{:.1f}",
            colorbar="equity (%)",
            title=f"Hold'em preflop equity against {k} random hand{'s' if k > 1 else ''}",
            row_label="higher card of a suited class, lower of an offsuit one",
            col_label="lower card of a suited class, higher of an offsuit one",
            row_ticks=list(CLASS_CHART_RANKS),
            col_ticks=list(CLASS_CHART_RANKS),
            note=(
                f"Exact: every board and every opponent hand counted ({count_text(part.trials)} showdowns per class).\n"
                if k == 1
                else f"Monte Carlo: {count_text(part.trials)} trials per class (one combo stands for its class), "
                f"seed {manifest['seed']}; every cell's standard error is at most {100 * part.stderr.max():.2f} "
                "points.\n"
            )
            + "Suited classes above the diagonal, offsuit below it, pairs on it.",
        )
    return figures


# ---------------------------------------------------------------- heads-up matrix


def heads_up_matrix_spec() -> ResultSpec:
    """The spec of :func:`heads_up_matrix`'s result: every board of every suit class."""
    return ResultSpec(
        "holdem",
        "heads_up_matrix",
        inputs={"classes": 169, "matchups": HEADS_UP_MATCHUPS, "suit_classes": HEADS_UP_SUIT_CLASSES},
        method="exact",
        seed=None,
        trials=HEADS_UP_SUIT_CLASSES * HEADS_UP_BOARDS,
        chunk_size=None,
    )


def heads_up_matrix(*, runner: Runner = Runner()) -> ResultSet:
    """Exact equity of every class against every class heads-up (169 x 169)."""

    start = time.perf_counter()
    combos = all_combos()
    class_of = np.repeat(np.arange(169), [len(class_combos(n)) for n in HAND_CLASSES])
    i, j = disjoint_pairs()
    keys, flipped = class_keys(combos[i], combos[j])
    unique, per_key = enumerate_classes(runner)
    inverse = np.searchsorted(unique, keys)
    equity_units = per_key[inverse, 0].astype(np.float64)
    ties = per_key[inverse, 1].astype(np.float64)
    equity = np.where(flipped, TIE_UNITS * HEADS_UP_BOARDS - equity_units, equity_units) / TIE_UNITS / HEADS_UP_BOARDS
    tie = ties / HEADS_UP_BOARDS
    frame = pd.DataFrame({"hero": class_of[i], "villain": class_of[j], "equity": equity, "tie": tie})
    grouped = (
        frame.groupby(["hero", "villain"])
        .agg(equity=("equity", "mean"), tie=("tie", "mean"), combo_pairs=("equity", "size"))
        .reset_index()
    )
    grouped["win"] = grouped.equity - grouped.tie / 2
    names = np.array(HAND_CLASSES)
    table = pd.DataFrame(
        {
            "hero": names[grouped.hero],
            "villain": names[grouped.villain],
            "equity": grouped.equity,
            "win": grouped.win,
            "tie": grouped.tie,
            "combo_pairs": grouped.combo_pairs,
        }
    )
    spec = heads_up_matrix_spec()
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        command="poker-analyzer holdem heads-up-matrix",
    )
    tables = {"heads_up_matrix": table}
    return drawn_result(spec, tables, manifest, _matrix_figures)


def _matrix_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """The 169 x 169 matrix with every class named on all four sides, in the order of
    ``HAND_CLASSES`` (pairs AA..22, suited AKs..32s, offsuit AKo..32o), white lines between the
    three groups. At 5.2 points and 120 dpi a class name is about 9 pixels high, one per row."""
    table = tables["heads_up_matrix"]
    index = {name: i for i, name in enumerate(HAND_CLASSES)}
    matrix = np.full((169, 169), np.nan)
    matrix[table.hero.map(index), table.villain.map(index)] = 100 * table.equity
    figure = Figure(figsize=(20, 19.6), layout="constrained")
    axes = figure.subplots()
    image = axes.imshow(matrix, cmap="RdYlGn", vmin=0, vmax=100)
    for axis in (axes.set_xticks, axes.set_yticks):
        axis(range(169), HAND_CLASSES, fontsize=5.2)
    axes.tick_params(axis="x", labelrotation=90, top=True, labeltop=True)
    axes.tick_params(axis="y", right=True, labelright=True)
    axes.tick_params(length=1.5, pad=1)
    for boundary in (12.5, 90.5):  # pairs | suited | offsuit
        axes.axhline(boundary, color="white", lw=1.2)
        axes.axvline(boundary, color="white", lw=1.2)
    axes.set_xlabel("villain class (pairs AA..22, suited AKs..32s, offsuit AKo..32o)")
    axes.set_ylabel("hero class (same order)")
    axes.set_title("Hold'em heads-up preflop equity of the row class against the column class", fontsize=14)
    figure.colorbar(image, ax=axes, label="hero equity (%)", shrink=0.5, pad=0.02)
    inputs = manifest["inputs"]
    add_note(
        figure,
        f"Exact: every board of each of the {inputs['matchups']:,} ordered combo matchups ({inputs['suit_classes']:,} "
        "up to suit permutations), averaged over the combos of each class pair; no sampling error.",
    )
    return {"heads_up_matrix": figure}


FIGURES = {"holdem/preflop_vs_random": _preflop_figures, "holdem/heads_up_matrix": _matrix_figures}
