"""Saint Poker study: greedy's and save's weights tuned by self-play (results/saint_poker/tuning/).

For each tuned player -- ``tuned`` (greedy's rules, from greedy's hand-set vector) and
``tuned-save`` (save's rules, from save's) -- a coordinate search with shrinking steps
(:func:`~analyzer.sim.tuning.coordinate_search`) maximises the margin over hand-set greedy:
the player in every seat against greedy opponents, for 2 to 5 players, on ``tuning_deals``
fixed deals per player count of seed ``derive_seed(seed, 1)``, every candidate on the same
deals (common random numbers: :mod:`analyzer.games.saint_poker.tuning`). The strength weights
start with steps of ``first_step`` times their value, the bars with steps of ``bar_step``
categories. The best vectors are then validated on ``validation_deals`` fresh deals per player
count of ``derive_seed(seed, 2)``, a stream the search never saw, beside hand-set greedy and
save on the same deals.

Tables: ``search_path`` (every evaluation: player, sweep, entry changed, step, objective,
accepted), ``vector`` (each entry: the hand-set and tuned values of both), ``validation`` (per
player and player count, and over the four counts: the win share, the margin over the fair
share, its standard error and the margin in standard errors) and ``differences`` (the paired
difference of every two validated players per count, with standard errors). The tuned vectors
are also written at full precision as the document ``tuned_weights.json``, in the very form of
the package's :data:`~analyzer.games.saint_poker.tuned.TUNED_FILE`, which ``tuned`` and
``tuned-save`` play. A study writes its result folder only: the package file is refreshed from
that document by the developer command :mod:`analyzer.studies.refresh_tuned`.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import add_note
from analyzer.games.saint_poker import tuned as W
from analyzer.games.saint_poker.policies import policy_weights
from analyzer.games.saint_poker.tuning import HAND_SET, PLAYER_COUNTS, free_entries, paired_cell, paired_score
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed
from analyzer.sim.tuning import coordinate_search
from analyzer.studies.registry import drawn_result

ANALYSIS = "saint_poker"
SPEC = "results/saint_poker/tuning.toml"
COMMAND = f"poker-analyzer batch {SPEC}"
TUNING, VALIDATION = 1, 2  # derive_seed keys of the two deal streams
VALIDATED = ("greedy", "save", "tuned", "tuned-save")
ALL_COUNTS = "2-5"  # the validation rows over the four player counts
COLORS = {"save": "tab:gray", "tuned": "tab:blue", "tuned-save": "tab:orange"}


def tuning_spec(
    *,
    tuning_deals: int,
    sweeps: int,
    first_step: float,
    bar_step: float,
    validation_deals: int,
    seed: int,
) -> ResultSpec:
    """The spec of :func:`tuning`'s result."""
    for name, value in (("tuning_deals", tuning_deals), ("validation_deals", validation_deals), ("sweeps", sweeps)):
        if value < 1:
            raise ValueError(f"{name} must be at least 1, got {value}")
    for name, step in (("first_step", first_step), ("bar_step", bar_step)):
        if step <= 0:
            raise ValueError(f"{name} must be positive, got {step}")
    return ResultSpec(
        ANALYSIS,
        "tuning",
        inputs={
            "players": list(PLAYER_COUNTS),
            "tuned": {"tuned": "greedy's rules, from greedy's vector", "tuned-save": "save's rules, from save's"},
            "opponents": "greedy (hand-set vector)",
            "objective": "mean over the player counts of the win share minus 1 / players",
            "pairing": "the player in every seat of every deal; every candidate on the same deals",
            "optimiser": "coordinate search, steps halved after a sweep without gain",
            "tuning_deals_per_player_count": tuning_deals,
            "sweeps": sweeps,
            "first_step": first_step,
            "bar_step": bar_step,
            "validation_deals_per_player_count": validation_deals,
            "free_entries": [W.PARAM_NAMES[i] for i in free_entries()],
        },
        method="monte-carlo",
        seed=seed,
        trials=None,
        chunk_size=None,
    )


def tuning(
    *,
    tuning_deals: int = 1_000,
    sweeps: int = 4,
    first_step: float = 0.5,
    bar_step: float = 3.0,
    validation_deals: int = 5_000,
    seed: int = 2026,
    runner: Runner = Runner(),
) -> ResultSet:
    """Tune ``tuned`` and ``tuned-save`` against hand-set greedy and validate them on fresh
    deals (module docstring). The tables are the search path, the vectors, the validation and
    its paired differences."""
    start = time.perf_counter()
    spec = tuning_spec(
        tuning_deals=tuning_deals,
        sweeps=sweeps,
        first_step=first_step,
        bar_step=bar_step,
        validation_deals=validation_deals,
        seed=seed,
    )
    tuning_seed, validation_seed = derive_seed(seed, TUNING), derive_seed(seed, VALIDATION)
    bars = {i: bar_step for i in free_entries() if i >= W.BAR}
    best, rows = {}, []
    for k, name in enumerate(HAND_SET):

        def objective(vector: np.ndarray, name: str = name) -> float:
            return paired_score(name, vector, deals=tuning_deals, seed=tuning_seed, runner=runner).margin

        def step_done(sweep: int, _: int | None, k: int = k) -> None:
            runner.report(k * sweeps + sweep, len(HAND_SET) * sweeps)

        best[name], path = coordinate_search(
            objective,
            HAND_SET[name],
            free=free_entries(),
            first_step=first_step,
            sweeps=sweeps,
            first_steps=bars,
            progress=step_done,
        )
        rows += [
            {
                "player": name,
                "evaluation": s.evaluation,
                "sweep": s.sweep,
                "entry": "start" if s.entry < 0 else W.PARAM_NAMES[s.entry],
                "step": s.step,
                "objective": s.objective,
                "accepted": s.accepted,
            }
            for s in path
        ]
    search_path = pd.DataFrame(rows)
    vector = pd.DataFrame(
        {
            "entry": W.PARAM_NAMES,
            "greedy": W.GREEDY_HAND_SET,
            "tuned": best["tuned"],
            "save": W.SAVE_HAND_SET,
            "tuned_save": best["tuned-save"],
        }
    )
    validation, differences = _validate(best, validation_deals, validation_seed, runner)
    tuned_rows = validation[(validation.players == ALL_COUNTS) & validation.policy.isin(list(HAND_SET))]
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_validation_margin_se": float(tuned_rows.margin_stderr.max())},
        outcomes={
            "evaluations": len(search_path),
            "tuning_seed": tuning_seed,
            "validation_seed": validation_seed,
        },
        command=COMMAND,
    )
    about = f"Saint Poker's tuned weight vectors, written by {COMMAND} (results/saint_poker/tuning/vector.csv)"
    tables = {"search_path": search_path, "vector": vector, "validation": validation, "differences": differences}
    return drawn_result(spec, tables, manifest, _figures, {W.TUNED_FILE.stem: W.tuned_data(best, about)})


def _validate(
    best: Mapping[str, np.ndarray], deals: int, seed: int, runner: Runner
) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Greedy, save and the tuned players (``best``) in every seat against greedy opponents on
    ``deals`` fresh deals per player count: the validation and differences tables."""
    table = policy_weights(tuned=best["tuned"], tuned_save=best["tuned-save"])
    rows, pairs = [], []
    for n in PLAYER_COUNTS:
        shares, cell_pairs = paired_cell(n, VALIDATED, deals, derive_seed(seed, n), table, runner)
        for s in shares:
            rows.append({**s, "players": str(n), "margin": s["wins"] - 1 / n, "margin_stderr": s["wins_stderr"]})
        pairs += cell_pairs
    frame = pd.DataFrame(rows)
    for name in VALIDATED:  # over the four player counts: independent deals, so the variances add
        part = frame[frame.policy == name]
        margin = float(part.margin.mean())
        stderr = float(np.sqrt((part.margin_stderr**2).sum()) / len(part))
        rows.append(
            {
                "players": ALL_COUNTS,
                "policy": name,
                "deals": int(part.deals.sum()),
                "games": int(part.games.sum()),
                "wins": float("nan"),
                "wins_stderr": float("nan"),
                "margin": margin,
                "margin_stderr": stderr,
            }
        )
    validation = pd.DataFrame(rows)
    validation["standard_errors"] = [
        m / s if s > 0 else float("nan") for m, s in zip(validation.margin, validation.margin_stderr)
    ]
    return validation, pd.DataFrame(pairs)


def _figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """The search paths (each evaluation's objective, the best so far joined) and the validated
    margins over hand-set greedy by player count."""
    path, check = tables["search_path"], tables["validation"]
    figure = Figure(figsize=(12, 4.8), layout="constrained")
    left, right = figure.subplots(1, 2, width_ratios=(3, 2))
    for name, part in path.groupby("player", sort=False):
        color = COLORS[str(name)]
        left.scatter(part.evaluation, 100 * part.objective, s=8, color=color, alpha=0.3)
        kept = part[part.accepted.astype(bool)]
        left.step(kept.evaluation, 100 * kept.objective, where="post", color=color, label=f"{name}: best so far")
    left.axhline(0, color="black", lw=0.8)
    left.set_xlabel("evaluation")
    left.set_ylabel("margin over hand-set greedy (win-share points)")
    left.set_title("Coordinate search on the tuning deals (dots: candidates)", fontsize=10)
    left.legend(loc="lower right", fontsize=8)
    counts = [str(n) for n in PLAYER_COUNTS] + [check.players.iloc[-1]]
    x = np.arange(len(counts))
    names = [p for p in dict.fromkeys(check.policy) if p != "greedy"]
    width = 0.8 / len(names)
    for k, name in enumerate(names):
        part = check[check.policy == name].set_index("players").loc[counts]
        right.bar(
            x + (k - (len(names) - 1) / 2) * width,
            100 * part.margin,
            width,
            yerr=200 * part.margin_stderr,
            capsize=3,
            label=name,
            color=COLORS[name],
        )
    right.axhline(0, color="black", lw=0.8)
    right.set_xticks(x, counts)
    right.set_xlabel("players (the others hand-set greedy)")
    right.set_ylabel("win share minus 1 / players (points of %)")
    right.set_title("Validation on fresh deals", fontsize=10)
    right.legend(fontsize=8)
    inputs = manifest["inputs"]
    add_note(
        figure,
        f"Monte Carlo self-play, seed {manifest['seed']}: each candidate in every seat of the same "
        f"{inputs['tuning_deals_per_player_count']:,} deals per player count; validation on "
        f"{inputs['validation_deals_per_player_count']:,} fresh deals per count, every player on the same deals; "
        "error bars 2 standard errors.",
    )
    return {"tuning": figure}


FIGURES = {f"{ANALYSIS}/tuning": _figures}

__all__ = ["FIGURES", "tuning", "tuning_spec"]
