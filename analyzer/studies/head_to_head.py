"""Head to Head Poker studies (rules §2.9.5-6): tables and charts under results/head_to_head/.

* ``round_types`` -- every round type, Crazy or not, 3/4/5 rows: the first mover's
  edge (greedy v greedy), the spread of the margin, and the skill gain of greedy over
  random (the margin of greedy against random, averaged over both seats).
* ``tournament`` -- round robins of whole games (die-rolled types), deals and seats paired:
  random, greedy and tuned; the same with a rollout player; three betting players. Every
  match's margin and games won, every player's margin over the field.
* ``opening_relations`` -- the first placement of a round (3 rows): each own-side
  move's value against the average move of the same decision, by the card's relation
  to the row's common card.
* ``block_or_build`` -- Crazy rounds (3 rows), positions from greedy play: how often
  the best move goes on the opponent's side, and by how much it beats the best build.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import add_note, count_text, labeled_heatmap, with_error
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.play import simulate_rounds
from analyzer.games.head_to_head.study_kernels import (
    BLOCK_TALLY,
    RELATION_TALLY,
    RELATIONS,
    block_or_build,
    opening_relations,
)
from analyzer.games.head_to_head.tournament import tournament as round_robin
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.engine import KernelJob, Progress, Stopping, mean_and_se, run_monte_carlo
from analyzer.sim.seeds import derive_seed
from analyzer.studies.registry import Part, drawn_result, make_plan, part_specs, run_parts

ANALYSIS = "head_to_head"
TYPES = tuple(E.ROUND_TYPES.values())
HALF_POT = E.ROW_POT // 2
STUDY_ROWS = 3
COMMAND = "poker-analyzer head-to-head tables"
# equal players, then greedy as the first mover and as the dealer (pairing 0, 1, 2 of a cell's seeds)
ROUND_TYPE_PAIRINGS = (("greedy", "greedy"), ("greedy", "random"), ("random", "greedy"))


@dataclass(frozen=True)
class StudyPlan:
    """How much each study simulates (the defaults make the committed results)."""

    rounds: int = 20_000  # per round type, Crazy flag, size and policy pairing
    games: int = 20_000  # paired deals a pair in the tournament's round robins without a rollout player
    rollout_games: int = 200  # paired deals a pair in the round robin with one
    rollout_policy: str = "rollout:16"
    positions: int = 400  # sampled positions per round type (relations, blocking)
    samples: int = 100  # rollouts per move at each sampled position
    seed: int = 2026


ROUND_TYPE_CONFIGS = [(k, c, n) for k in TYPES for c in (False, True) for n in (3, 4, 5)]  # kind, Crazy, rows


def round_types_spec(plan: StudyPlan) -> ResultSpec:
    """The spec of :func:`round_types_study`'s result: ``rounds`` per configuration and pairing."""
    return ResultSpec(
        ANALYSIS,
        "round_types",
        inputs={
            "round_types": list(TYPES),
            "crazy": [False, True],
            "rows": [3, 4, 5],
            "edge_policies": "greedy v greedy",
            "skill_gain": "greedy v random, both seats",
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=len(ROUND_TYPE_PAIRINGS) * plan.rounds * len(ROUND_TYPE_CONFIGS),
        chunk_size=None,
    )


def round_types_study(
    plan: StudyPlan, threads: int | None = None, scheduler: str | None = None, progress: Progress | None = None
) -> ResultSet:
    """Every round type, Crazy or not, with 3, 4 and 5 rows: the first mover's edge (greedy v
    greedy), the spread of the margin, and the skill gain of greedy over random, seats averaged."""
    start = time.perf_counter()
    rows, configs = [], ROUND_TYPE_CONFIGS
    for i, (kind, crazy, size) in enumerate(configs):
        even, strong_first, strong_second = (
            simulate_rounds(
                kind,
                crazy=crazy,
                rows=size,
                first=first,
                second=second,
                rounds=plan.rounds,
                seed=derive_seed(plan.seed, 1, i, pairing),
                threads=threads,
                scheduler=scheduler,
            )
            for pairing, (first, second) in enumerate(ROUND_TYPE_PAIRINGS)
        )
        gain = (strong_first.margin - strong_second.margin) / 2
        gain_se = np.hypot(strong_first.margin_stderr, strong_second.margin_stderr) / 2
        rows.append(
            {
                "round_type": kind,
                "crazy": crazy,
                "rows": size,
                "rounds": plan.rounds,
                "first_mover_margin": even.margin,
                "first_mover_margin_stderr": even.margin_stderr,
                "first_mover_wins": even.first_mover_wins,
                "dealer_wins": even.dealer_wins,
                "ties": even.ties,
                "margin_sd": even.margin_sd,
                "skill_gain": gain,
                "skill_gain_stderr": gain_se,
            }
        )
        if progress is not None:
            progress(i + 1, len(configs))
    table = pd.DataFrame(rows)
    spec = round_types_spec(plan)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_margin_se": float(table.first_mover_margin_stderr.max())},
        command=COMMAND,
    )
    tables = {"round_types": table}
    return drawn_result(spec, tables, manifest, _round_type_figures)


def _round_type_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["round_types"]
    return {"first_mover_edge": _edge_figure(table, manifest), "skill_gain": _gain_figure(table, manifest)}


def _grouped_bars(table: pd.DataFrame, value: str, error: str, ylabel: str, title: str, note: str) -> Figure:
    figure = Figure(figsize=(13, 4.8), layout="constrained")
    axes = figure.subplots(1, 3, sharey=True)
    width = 0.38
    x = np.arange(len(TYPES))
    for ax, size in zip(axes, (3, 4, 5)):
        for j, crazy in enumerate((False, True)):
            part = table[(table["rows"] == size) & (table.crazy == crazy)].set_index("round_type").loc[list(TYPES)]
            ax.bar(
                x + (j - 0.5) * width,
                part[value],
                width,
                yerr=2 * part[error],
                capsize=3,
                label="Crazy" if crazy else "normal",
            )
        ax.set_xticks(x, TYPES)
        ax.set_title(f"{size} rows (round {size - 2})")
        ax.axhline(0, color="black", lw=0.8)
        ax.set_xlabel("round type")
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel(ylabel)
    axes[-1].legend()
    figure.suptitle(title)
    add_note(figure, note)
    return figure


def _edge_figure(table: pd.DataFrame, manifest: Mapping[str, Any]) -> Figure:
    return _grouped_bars(
        table,
        "first_mover_margin",
        "first_mover_margin_stderr",
        "first mover's chip margin per round ($)",
        "Head to Head: the first mover's edge by round type, greedy v greedy",
        f"Monte Carlo: {count_text(table['rounds'])} rounds per bar, seed {manifest['seed']}; "
        "error bars 2 standard errors.",
    )


def _gain_figure(table: pd.DataFrame, manifest: Mapping[str, Any]) -> Figure:
    return _grouped_bars(
        table,
        "skill_gain",
        "skill_gain_stderr",
        "greedy's chip margin over random ($)",
        "Head to Head: how much skill pays by round type, greedy v random, seats averaged",
        f"Monte Carlo: {count_text(2 * table['rounds'])} rounds per bar (half with greedy moving first), seed "
        f"{manifest['seed']}; error bars 2 standard errors.",
    )


def _tournament_robins(plan: StudyPlan) -> list[tuple[str, tuple[str, ...], bool, int]]:
    """The round robins of the tournament: name, players, betting game or not, paired deals."""
    return [
        ("placement", ("random", "greedy", "tuned"), False, plan.games),
        ("placement, rollout", ("random", "greedy", "tuned", plan.rollout_policy), False, plan.rollout_games),
        ("betting", ("greedy+never", "greedy+threshold", "tuned+threshold"), True, plan.games),
    ]


def tournament_spec(plan: StudyPlan) -> ResultSpec:
    """The spec of :func:`tournament_study`'s result: the paired deals of every round robin."""
    robins = _tournament_robins(plan)
    return ResultSpec(
        ANALYSIS,
        "tournament",
        inputs={
            "round_robins": {name: list(players) for name, players, _, _ in robins},
            "round_types": "rolled on the die each round",
            "pairing": "every pair plays the same deals, each twice with the seats swapped",
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=sum(deals * len(players) * (len(players) - 1) // 2 for _, players, _, deals in robins),
        chunk_size=None,
    )


def tournament_study(
    plan: StudyPlan, threads: int | None = None, scheduler: str | None = None, progress: Progress | None = None
) -> ResultSet:
    """Round robins with deals and seats paired (:mod:`analyzer.games.head_to_head.tournament`):
    random, greedy and tuned on ``games`` deals, the same with the rollout player on
    ``rollout_games``, and three betting players on ``games``; every match's margin and games
    won, every player's margin over the field."""
    start = time.perf_counter()
    spec = tournament_spec(plan)
    robins = _tournament_robins(plan)
    matches, standings = [], []
    for k, (name, players, betting, deals) in enumerate(robins):
        result = round_robin(
            players,
            betting=betting,
            deals=deals,
            seed=derive_seed(plan.seed, 2, k),
            threads=threads,
            scheduler=scheduler,
        )
        matches += [{"round_robin": name, "deals": deals, **m.__dict__} for m in result.matches]
        standings += [{"round_robin": name, "deals": deals, **s.__dict__} for s in result.standings]
        if progress is not None:
            progress(k + 1, len(robins))
    tables = {"matches": pd.DataFrame(matches), "standings": pd.DataFrame(standings)}
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_margin_se": float(tables["matches"].margin_stderr.max())},
        command=COMMAND,
    )
    return drawn_result(spec, tables, manifest, _tournament_figures)


def _tournament_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """The placement game's margin matrix: each cell the row player's $ per game over the column
    player ± 2 s.e., from the round robin with the most deals that holds the pair."""
    matches = tables["matches"]
    placement = matches[~matches.round_robin.str.startswith("betting")]
    widest = placement.groupby("round_robin", sort=False).size().idxmax()  # the robin of every player
    rows = placement[placement.round_robin == widest]
    order = list(dict.fromkeys(p for pair in zip(rows["first"], rows.second) for p in pair))
    index = {p: i for i, p in enumerate(order)}
    values = np.zeros((len(order), len(order)))
    texts = np.full(values.shape, "0\nby symmetry", dtype=object)
    deals = set()
    cells = placement.sort_values("deals", ascending=False).drop_duplicates(["first", "second"])
    for first, second, margin, stderr, n in zip(
        cells["first"], cells.second, cells.margin.astype(float), cells.margin_stderr.astype(float), cells.deals
    ):
        a, b = index[first], index[second]
        values[a, b], values[b, a] = margin, -margin
        texts[a, b] = with_error(margin, 2 * stderr, signed=True)
        texts[b, a] = with_error(-margin, 2 * stderr, signed=True)
        deals.add(int(n))
    figure = labeled_heatmap(
        values,
        texts,
        order,
        order,
        cmap="RdBu",
        centre=0,
        colorbar="$ per game",
        row_label="player",
        col_label="opponent",
        title="Head to Head: the row player's chip margin per game, deals and seats paired",
        note=f"Monte Carlo: {' or '.join(count_text(d) for d in sorted(deals, reverse=True))} paired deals a pair "
        f"(fewer with rollout), each in both seatings; seed {manifest['seed']}; ± 2 s.e.",
    )
    return {"margins": figure}


def _run_kernel(kernel, width: int, plan: StudyPlan, i: int, threads, scheduler) -> np.ndarray:
    job = KernelJob(kernel, (i + 1, STUDY_ROWS), (plan.samples,), width)  # kernel(kind, rows, n, samples, ..)
    return run_monte_carlo(
        job,
        seed=derive_seed(plan.seed, 3, i),
        stopping=Stopping(trials=plan.positions),
        chunk_size=max(1, plan.positions // 8),
        threads=threads,
        scheduler=scheduler,
    ).tallies


def relations_spec(plan: StudyPlan) -> ResultSpec:
    """The spec of :func:`relations_study`'s result: ``positions`` per round type."""
    return ResultSpec(
        ANALYSIS,
        "opening_relations",
        inputs={
            "rows": STUDY_ROWS,
            "positions_per_type": plan.positions,
            "rollouts_per_move": plan.samples,
            "policies": "greedy v greedy",
            "moves": "own side, first placement of the round",
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.positions * len(TYPES),
        chunk_size=None,
    )


def relations_study(
    plan: StudyPlan, threads: int | None = None, scheduler: str | None = None, progress: Progress | None = None
) -> ResultSet:
    """The first placement of a round (3 rows): each own-side move's value against the average
    move of the same decision, by the card's relation to the row's common card."""
    start = time.perf_counter()
    rows = []
    for i, kind in enumerate(TYPES):
        t = _run_kernel(opening_relations, RELATION_TALLY, plan, i, threads, scheduler)
        for r, name in enumerate(RELATIONS):
            n = int(t[3 * r])
            mean, se = mean_and_se(t[3 * r + 1], t[3 * r + 2], n) if n else (np.nan, np.nan)
            rows.append(
                {
                    "round_type": kind,
                    "relation": name,
                    "moves": n,
                    "value": mean * HALF_POT,
                    "value_stderr": se * HALF_POT,
                }
            )
        if progress is not None:
            progress(i + 1, len(TYPES))
    table = pd.DataFrame(rows)
    spec = relations_spec(plan)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_value_se": float(table.value_stderr.max())},
        command=COMMAND,
    )
    tables = {"opening_relations": table}
    return drawn_result(spec, tables, manifest, _relations_figures)


def _relations_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["opening_relations"]
    values = table.pivot(index="relation", columns="round_type", values="value").loc[list(RELATIONS), list(TYPES)]
    ses = table.pivot(index="relation", columns="round_type", values="value_stderr").loc[list(RELATIONS), list(TYPES)]
    texts = np.vectorize(lambda v, e: with_error(v, 2 * e, signed=True) if np.isfinite(v) else "")(
        values.to_numpy(), ses.to_numpy()
    )
    inputs = manifest["inputs"]
    figure = labeled_heatmap(
        values.to_numpy(),
        texts,
        RELATIONS,
        TYPES,
        cmap="RdBu",
        centre=0,
        colorbar="value against the average placement ($)",
        row_label="the card against the row's common card",
        col_label="round type",
        title="Head to Head: the first card of a round (3 rows), by its relation to the row's common card\n"
        "value in dollars against the average placement of the same decision",
        note=f"Monte Carlo: {inputs['positions_per_type']:,} positions per round type (seed {manifest['seed']}), "
        f"each move valued by {inputs['rollouts_per_move']} greedy rollouts; moves per cell "
        f"{count_text(table.moves)}. ± is 2 standard errors.",
    )
    return {"opening_relations": figure}


def blocking_spec(plan: StudyPlan) -> ResultSpec:
    """The spec of :func:`blocking_study`'s result: ``positions`` per round type."""
    return ResultSpec(
        ANALYSIS,
        "block_or_build",
        inputs={
            "rows": STUDY_ROWS,
            "positions_per_type": plan.positions,
            "rollouts_per_move": plan.samples,
            "positions": "uniform point of a greedy v greedy Crazy round",
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.positions * len(TYPES),
        chunk_size=None,
    )


def blocking_study(
    plan: StudyPlan, threads: int | None = None, scheduler: str | None = None, progress: Progress | None = None
) -> ResultSet:
    """Crazy rounds (3 rows) at positions from greedy play: how often the best move goes on
    the opponent's side, and by how much it beats the best build."""
    start = time.perf_counter()
    rows = []
    for i, kind in enumerate(TYPES):
        t = _run_kernel(block_or_build, BLOCK_TALLY, plan, i, threads, scheduler)
        n = int(t[0])
        p = t[1] / n
        gap, gap_se = mean_and_se(t[3], t[4], n)
        rows.append(
            {
                "round_type": kind,
                "positions": n,
                "block_best": p,
                "block_best_stderr": float(np.sqrt(p * (1 - p) / n)),
                "equal": t[2] / n,
                "block_minus_build": gap * HALF_POT,
                "block_minus_build_stderr": gap_se * HALF_POT,
            }
        )
        if progress is not None:
            progress(i + 1, len(TYPES))
    table = pd.DataFrame(rows)
    spec = blocking_spec(plan)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_block_best_se": float(table.block_best_stderr.max())},
        command=COMMAND,
    )
    tables = {"block_or_build": table}
    return drawn_result(spec, tables, manifest, _blocking_figures)


def _blocking_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["block_or_build"]
    figure = Figure(figsize=(7.5, 4.6), layout="constrained")
    axes = figure.subplots()
    axes.bar(table.round_type, 100 * table.block_best, yerr=200 * table.block_best_stderr, capsize=4, color="tab:red")
    axes.axhline(50, color="black", lw=0.8, ls="--")
    axes.set_ylim(0, 100)
    axes.set_xlabel("round type (Crazy, 3 rows)")
    axes.set_ylabel("positions where blocking is best (%)")
    axes.set_title("Head to Head Crazy rounds: block or build?", fontsize=10)
    add_note(
        figure,
        f"Monte Carlo: {count_text(table.positions)} positions from greedy play per round type, seed "
        f"{manifest['seed']},\neach move valued by {manifest['inputs']['rollouts_per_move']} rollouts; "
        "error bars 2 standard errors.",
    )
    return {"block_or_build": figure}


FIGURES = {
    f"{ANALYSIS}/round_types": _round_type_figures,
    f"{ANALYSIS}/tournament": _tournament_figures,
    f"{ANALYSIS}/opening_relations": _relations_figures,
    f"{ANALYSIS}/block_or_build": _blocking_figures,
}


STUDIES = {
    "round_types": Part(round_types_spec, round_types_study),
    "tournament": Part(tournament_spec, tournament_study),
    "opening_relations": Part(relations_spec, relations_study),
    "block_or_build": Part(blocking_spec, blocking_study),
}


def tables(
    *,
    studies: Sequence[str] | None = None,
    threads: int | None = None,
    scheduler: str | None = None,
    progress: Progress | None = None,
    **plan: Any,
) -> list[ResultSet]:
    """Run the named studies (all by default, in the order of ``STUDIES``) with a
    :class:`StudyPlan` made of the keyword parameters ``plan``."""
    return run_parts(
        STUDIES, studies, make_plan(StudyPlan, plan), threads=threads, scheduler=scheduler, progress=progress
    )


def tables_specs(*, studies: Sequence[str] | None, **plan: Any) -> list[ResultSpec]:
    """The specs of the results :func:`tables` writes with the same parameters, in its order."""
    return part_specs(STUDIES, studies, make_plan(StudyPlan, plan))
