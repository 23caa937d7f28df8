"""Head to Head Poker studies (rules §2.9.5-6): tables and charts under results/head_to_head/.

* ``round_types`` -- every round type, Crazy or not, 3/4/5 rows: the first mover's
  edge (greedy v greedy), the spread of the margin, and the skill gain of greedy over
  random (the margin of greedy against random, averaged over both seats).
* ``tournament`` -- round robins of whole games (die-rolled types), deals and seats paired:
  random, greedy and tuned; the same with a rollout player; three betting players. Every
  match's margin and games won, every player's margin over the field.
* ``ratings`` -- a round robin of the placement players from greedy to the search player,
  and the Bradley-Terry ratings that fit its shares of the games won, with the fit.
* ``ismcts`` -- the information-set tree search player against the search player, deals and
  seats paired: die-rolled games (placement and betting) and Open 5 (Crazy or not), with both
  players' CPU per move on the same positions.
* ``opening_relations`` -- the first placement of a round (3 rows): each own-side
  move's value against the average move of the same decision, by the card's relation
  to the row's common card.
* ``block_or_build`` -- Crazy rounds (3 rows), positions from greedy play: how often
  the best move goes on the opponent's side, and by how much it beats the best build.
* ``policy_regret`` -- positions from tuned play (3 rows): what the moves of greedy, tuned,
  rollout:32 and search:1024 give away against the best move by the values of tuned play
  (the search player's values), by round type.
* ``type_choice`` -- the ``choose`` rule (§2.4): the dealer's chance to win the game with each
  round type he may pick, by round and score, tuned v tuned, later rounds chosen best.
* ``type_choice_strong`` -- the same under strong play (the search player in both seats, fewer
  rounds), and where its best type differs from tuned play's, by how much (± s.e.).
"""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import add_note, bar_chart, count_text, labeled_heatmap, with_error
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.move_cost import move_costs
from analyzer.games.head_to_head.play import ROLL, parse_policy, seat_policies, simulate_rounds
from analyzer.games.head_to_head.rollout import lookahead_flag
from analyzer.games.head_to_head.study_kernels import (
    BLOCK_TALLY,
    CHIP_BINS,
    REGRET_POLICIES,
    REGRET_TALLY,
    RELATION_TALLY,
    RELATIONS,
    block_or_build,
    dealer_chips,
    opening_relations,
    policy_regret,
)
from analyzer.games.head_to_head.tournament import tournament as round_robin
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.engine import KernelJob, Stopping, mean_and_se
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed
from analyzer.studies._ratings import head_to_head_ratings, head_to_head_ratings_spec, ratings_figures
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
    strong_policy: str = "search:1024"  # both players of the type choice study under strong play
    strong_rounds: int = 240  # per round and type in that study
    rating_games: int = 150  # paired deals a pair in the rating round robin
    rating_search: str = "search"  # the search player of the rating round robin
    challenger: str = "ismcts"  # the player of the ismcts study, against the search player
    challenger_deals: int = 400  # paired deals of its die-rolled placement match
    challenger_betting_deals: int = 1_000  # ... of its die-rolled betting-game match
    challenger_open_deals: int = 100  # ... of each of its Open 5 matches
    cost_positions: int = 200  # positions each player's CPU per move is measured on
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


def round_types_study(plan: StudyPlan, runner: Runner = Runner()) -> ResultSet:
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
                runner=runner.reporting(None),
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
        runner.report(i + 1, len(configs))
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


def tournament_study(plan: StudyPlan, runner: Runner = Runner()) -> ResultSet:
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
            players, betting=betting, deals=deals, seed=derive_seed(plan.seed, 2, k), runner=runner.reporting(None)
        )
        matches += [{"round_robin": name, "deals": deals, **m.__dict__} for m in result.matches]
        standings += [{"round_robin": name, "deals": deals, **s.__dict__} for s in result.standings]
        runner.report(k + 1, len(robins))
    tables = {"matches": pd.DataFrame(matches), "standings": pd.DataFrame(standings)}
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_margin_se": float(tables["matches"].margin_stderr.max())},
        command=COMMAND,
    )
    return drawn_result(spec, tables, manifest, _tournament_figures)


RATING_BASE = ("greedy", "tuned", "rollout:16")  # and the search player; random loses every game: no finite rating
RATING_SEED_KEY = 8  # the rating round robin's deals come from derive_seed(plan.seed, 8)


def ratings_spec(plan: StudyPlan) -> ResultSpec:
    """The spec of :func:`ratings_study`'s result: ``rating_games`` paired deals a pair."""
    players = (*RATING_BASE, plan.rating_search)
    return head_to_head_ratings_spec(
        ANALYSIS, players, "placement game, round types rolled on the die", plan.rating_games, plan.seed
    )


def ratings_study(plan: StudyPlan, runner: Runner = Runner()) -> ResultSet:
    """A round robin of the placement players, from greedy to the search player, on
    ``rating_games`` paired deals a pair, and the Bradley-Terry ratings fitted to its shares of
    the games won (:mod:`analyzer.games.ratings`): each player's rating, every match against the
    fit, the chi-square and the pairs the ratings cannot order."""
    seed = derive_seed(plan.seed, RATING_SEED_KEY)
    return head_to_head_ratings(
        ratings_spec(plan),
        deals=plan.rating_games,
        betting=False,
        seed=seed,
        figures=_RATINGS_FIGURES,
        command=COMMAND,
        runner=runner,
    )


CHALLENGER_SEED_KEY = 9  # the ismcts study's matches: derive_seed(plan.seed, 9, match); costs (.., 9, 99)
CHALLENGED = "search"
COST_REPEATS = 3


@dataclass(frozen=True)
class _Matchup:
    """One match of the ismcts study: its name, round types, Crazy flag, game and deals field."""

    name: str
    round_type: str
    crazy: bool
    betting: bool
    deals_field: str


CHALLENGER_MATCHES = (
    _Matchup("die-rolled", ROLL, False, False, "challenger_deals"),
    _Matchup("die-rolled, betting game", ROLL, False, True, "challenger_betting_deals"),
    _Matchup("Open 5", "open5", False, False, "challenger_open_deals"),
    _Matchup("Open 5 Crazy", "open5", True, False, "challenger_open_deals"),
    _Matchup("Open 5 Crazy, betting game", "open5", True, True, "challenger_open_deals"),
)


def _round_types(round_type: str, crazy: bool) -> str:
    return "rolled on the die" if round_type == ROLL else f"{round_type}{' Crazy' if crazy else ''}"


def challenger_spec(plan: StudyPlan) -> ResultSpec:
    """The spec of :func:`challenger_study`'s result: the paired deals of its five matches."""
    return ResultSpec(
        ANALYSIS,
        "ismcts",
        inputs={
            "players": [plan.challenger, CHALLENGED],
            "matches": {
                m.name: {
                    "round_types": _round_types(m.round_type, m.crazy),
                    "betting": m.betting,
                    "deals": getattr(plan, m.deals_field),
                }
                for m in CHALLENGER_MATCHES
            },
            "pairing": "both players play the same deals, each twice with the seats swapped",
            "cpu_per_move": f"{plan.cost_positions} positions from tuned play per round types, "
            f"median of {COST_REPEATS} interleaved passes, one core",
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=sum(getattr(plan, m.deals_field) for m in CHALLENGER_MATCHES),
        chunk_size=None,
    )


def challenger_study(plan: StudyPlan, runner: Runner = Runner()) -> ResultSet:
    """``challenger`` (the information-set tree search, :mod:`analyzer.games.head_to_head.ismcts`)
    against today's search player, deals and seats paired, in five matches: die-rolled round
    types in the placement and the betting game, and Open 5, Open 5 Crazy and Open 5 Crazy in
    the betting game; each with its margin in $ per game, its standard error and the margin in
    standard errors (z; NaN when every deal scored alike, a standard error of 0), and both
    players' CPU per move on the same positions of the match's round types
    (:func:`analyzer.games.head_to_head.move_cost.move_costs`, measured after the matches, one
    core, so the matches' threads do not share it)."""
    start = time.perf_counter()
    spec = challenger_spec(plan)
    players = [plan.challenger, CHALLENGED]
    rows = []
    for k, m in enumerate(CHALLENGER_MATCHES):
        deals, seed = getattr(plan, m.deals_field), derive_seed(plan.seed, CHALLENGER_SEED_KEY, k)
        result = round_robin(
            players,
            betting=m.betting,
            round_type=m.round_type,
            crazy=m.crazy,
            deals=deals,
            seed=seed,
            runner=runner.reporting(None),
        )
        (match,) = result.matches
        rows.append(
            {
                "match": m.name,
                "round_types": _round_types(m.round_type, m.crazy),
                "betting": m.betting,
                "deals": deals,
                "seed": seed,
                "player": match.first,
                "opponent": match.second,
                "margin": match.margin,
                "margin_stderr": match.margin_stderr,
                "z": match.margin / match.margin_stderr if match.margin_stderr > 0 else float("nan"),
                "wins": match.wins,
                "wins_stderr": match.wins_stderr,
            }
        )
        runner.report(k + 1, len(CHALLENGER_MATCHES) + 1)
    costs = []
    for round_type, crazy in dict.fromkeys((m.round_type, m.crazy) for m in CHALLENGER_MATCHES):
        measured = move_costs(
            players,
            positions=plan.cost_positions,
            repeats=COST_REPEATS,
            seed=derive_seed(plan.seed, CHALLENGER_SEED_KEY, 99),
            round_type=round_type,
            crazy=crazy,
        )
        costs += [{"round_types": _round_types(round_type, crazy), **c.__dict__} for c in measured]
    runner.report(len(CHALLENGER_MATCHES) + 1, len(CHALLENGER_MATCHES) + 1)
    tables = {"matches": pd.DataFrame(rows), "move_costs": pd.DataFrame(costs)}
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_margin_se": float(tables["matches"].margin_stderr.max())},
        command=COMMAND,
    )
    return drawn_result(spec, tables, manifest, _challenger_figures)


def _challenger_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """Each match's margin ± 2 s.e., labelled with its deals and both players' CPU per move."""
    matches, costs = tables["matches"], tables["move_costs"]
    cost = {(kind, p): float(ms) for kind, p, ms in zip(costs.round_types, costs.player, costs.ms_per_move)}
    labels = [
        f"{name}: {int(deals):,} deals, {cost[kind, a]:.1f} v {cost[kind, b]:.1f} ms a move"
        for name, kind, deals, a, b in zip(
            matches.match, matches.round_types, matches.deals, matches.player, matches.opponent
        )
    ]
    player, opponent = matches.player.iloc[0], matches.opponent.iloc[0]
    figure = bar_chart(
        labels,
        matches.margin.astype(float).tolist(),
        errors=(2 * matches.margin_stderr.astype(float)).tolist(),
        title=f"Head to Head: {player} v {opponent}, deals and seats paired",
        value_label=f"{player}'s margin ($ per game)",
        error_note=f"Monte Carlo, seeds from {manifest['seed']} (matches.csv); error bars 2 s.e.; "
        "CPU per move on one core, the median of interleaved passes over the same positions.",
    )
    figure.axes[0].axvline(0, color="black", lw=0.8)
    return {"margins": figure}


_RATINGS_FIGURES = ratings_figures(
    "Head to Head ratings: a round robin of the placement players",
    "Monte Carlo, deals and seats paired",
)


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


def _run_kernel(kernel, width: int, plan: StudyPlan, i: int, runner: Runner, key: int = 3) -> np.ndarray:
    job = KernelJob(kernel, (i + 1, STUDY_ROWS), (plan.samples,), width)  # kernel(kind, rows, n, samples, ..)
    return (
        runner.reporting(None)
        .monte_carlo(
            job,
            seed=derive_seed(plan.seed, key, i),
            stopping=Stopping(trials=plan.positions),
            chunk_size=max(1, plan.positions // 8),
        )
        .tallies
    )


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


def relations_study(plan: StudyPlan, runner: Runner = Runner()) -> ResultSet:
    """The first placement of a round (3 rows): each own-side move's value against the average
    move of the same decision, by the card's relation to the row's common card."""
    start = time.perf_counter()
    rows = []
    for i, kind in enumerate(TYPES):
        t = _run_kernel(opening_relations, RELATION_TALLY, plan, i, runner)
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
        runner.report(i + 1, len(TYPES))
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


def blocking_study(plan: StudyPlan, runner: Runner = Runner()) -> ResultSet:
    """Crazy rounds (3 rows) at positions from greedy play: how often the best move goes on
    the opponent's side, and by how much it beats the best build."""
    start = time.perf_counter()
    rows = []
    for i, kind in enumerate(TYPES):
        t = _run_kernel(block_or_build, BLOCK_TALLY, plan, i, runner)
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
        runner.report(i + 1, len(TYPES))
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


REGRET_SAMPLES = 20  # the regret study values the moves on this many times ``samples`` rollouts


def regret_spec(plan: StudyPlan) -> ResultSpec:
    """The spec of :func:`regret_study`'s result: ``positions`` per round type."""
    return ResultSpec(
        ANALYSIS,
        "policy_regret",
        inputs={
            "rows": STUDY_ROWS,
            "positions_per_type": plan.positions,
            "rollouts_per_move": REGRET_SAMPLES * plan.samples,
            "positions": "uniform point of a tuned v tuned round with more than one legal move",
            "values": "rollouts under tuned play for both players (the search player's values)",
            "policies": list(REGRET_POLICIES),
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.positions * len(TYPES),
        chunk_size=None,
    )


def regret_study(plan: StudyPlan, runner: Runner = Runner()) -> ResultSet:
    """What greedy, tuned, rollout:32 and search:1024 give away by round type (3 rows): each
    policy's mean regret in $ against the best move by the values of tuned play, and how often
    it plays the best move."""
    start = time.perf_counter()
    rows = []
    valued = dataclasses.replace(plan, samples=REGRET_SAMPLES * plan.samples)
    for i, kind in enumerate(TYPES):
        t = _run_kernel(policy_regret, REGRET_TALLY, valued, i, runner, key=4)
        n = int(t[0])
        for p, name in enumerate(REGRET_POLICIES):
            regret, regret_se = mean_and_se(t[1 + 3 * p], t[2 + 3 * p], n)
            best = t[3 + 3 * p] / n
            rows.append(
                {
                    "round_type": kind,
                    "policy": name,
                    "positions": n,
                    "regret": regret * HALF_POT,
                    "regret_stderr": regret_se * HALF_POT,
                    "best_move": best,
                    "best_move_stderr": float(np.sqrt(best * (1 - best) / n)),
                }
            )
        runner.report(i + 1, len(TYPES))
    table = pd.DataFrame(rows)
    spec = regret_spec(plan)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_regret_se": float(table.regret_stderr.max())},
        command=COMMAND,
    )
    return drawn_result(spec, {"policy_regret": table}, manifest, _regret_figures)


def _regret_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """Each policy's mean regret by round type, bars with 2 s.e. error bars."""
    table = tables["policy_regret"]
    policies = list(dict.fromkeys(table.policy))
    figure = Figure(figsize=(8, 4.6), layout="constrained")
    axes = figure.subplots()
    width = 0.8 / len(policies)
    for k, name in enumerate(policies):
        part = table[table.policy == name].set_index("round_type").loc[list(TYPES)]
        x = np.arange(len(TYPES)) + (k - (len(policies) - 1) / 2) * width
        axes.bar(x, part.regret, width, yerr=2 * part.regret_stderr, capsize=3, label=name)
    axes.set_xticks(np.arange(len(TYPES)), list(TYPES))
    axes.set_xlabel("round type (3 rows)")
    axes.set_ylabel("regret ($ per move)")
    axes.legend(fontsize=8)
    axes.set_title("Head to Head: what each policy's move gives away against the best move", fontsize=10)
    inputs = manifest["inputs"]
    add_note(
        figure,
        f"Monte Carlo: {count_text(table.positions)} positions from tuned play per round type, seed "
        f"{manifest['seed']},\neach move valued by {inputs['rollouts_per_move']:,} rollouts under tuned play; "
        "error bars 2 standard errors.",
    )
    return {"policy_regret": figure}


GAME_ROWS = (3, 4, 5)  # rows of rounds 1, 2 and 3
TUNED_PLAYERS = ("tuned", "tuned")  # the type_choice study's players: the dealer's opponent, the dealer
CHOICE_RULE = "h2h.type_selection = choose: the dealer picks the round's type (1-5; Crazy only by the die)"
CHOICE_DEALERS = "the round-1 dealer deals rounds 1 and 3, the other round 2 (§2.2)"


def _strong_players(plan: StudyPlan) -> tuple[str, str]:
    """The type_choice_strong study's players: ``strong_policy`` in both seats."""
    return (plan.strong_policy, plan.strong_policy)


def choice_spec(plan: StudyPlan) -> ResultSpec:
    """The spec of :func:`choice_study`'s result: ``rounds`` per round and type."""
    return ResultSpec(
        ANALYSIS,
        "type_choice",
        inputs={
            "rule": CHOICE_RULE,
            "players": " v ".join(TUNED_PLAYERS),
            "rounds_per_cell": plan.rounds,
            "round_types": list(TYPES),
            "dealers": CHOICE_DEALERS,
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.rounds * len(TYPES) * len(GAME_ROWS),
        chunk_size=None,
    )


def choice_strong_spec(plan: StudyPlan) -> ResultSpec:
    """The spec of :func:`choice_strong_study`'s result: ``strong_rounds`` per round and type
    under ``strong_policy``, and the tuned study's ``rounds`` again for the comparison."""
    parse_policy(plan.strong_policy)  # a bad name is refused before anything runs
    return ResultSpec(
        ANALYSIS,
        "type_choice_strong",
        inputs={
            "rule": CHOICE_RULE,
            "players": " v ".join(_strong_players(plan)),
            "rounds_per_cell": plan.strong_rounds,
            "round_types": list(TYPES),
            "dealers": CHOICE_DEALERS,
            "compared_with": f"{' v '.join(TUNED_PLAYERS)} (type_choice), {plan.rounds:,} rounds per cell",
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=(plan.strong_rounds + plan.rounds) * len(TYPES) * len(GAME_ROWS),
        chunk_size=None,
    )


def _win_chances(chips: dict[tuple[int, str], np.ndarray]) -> list[dict[str, Any]]:
    """The dealer's game-win chance of each type by round and score, by backward induction.

    The score ``s`` is the round-1 dealer X's chips minus the other player Y's, in $ (a multiple
    of a row pot). After round 3, X wins with ``s > 0`` and half the time with ``s = 0`` (the
    card draw, §2.6). Before round ``r`` the dealer (X in rounds 1 and 3, Y in round 2) picks
    the type that maximises his chance: for a type whose dealer chips ``c`` have probabilities
    ``p_c`` (of ``pot`` $), ``W_r(s) = sum_c p_c W_{r+1}(s +- (2c - pot))``. Each chance's
    standard error is that of its Monte Carlo mean over the rounds played (the later rounds'
    chances taken as known). One row per round, score reachable before it, and type."""
    final = sum(GAME_ROWS) * E.ROW_POT
    later = {s: 1.0 if s > 0 else 0.5 if s == 0 else 0.0 for s in range(-final, final + 1, E.ROW_POT)}
    rows_out: list[dict[str, Any]] = []
    for r in (2, 1, 0):
        rows = GAME_ROWS[r]
        pot = rows * E.ROW_POT
        x_deals = r != 1
        sign = 1 if x_deals else -1
        reach = sum(GAME_ROWS[:r]) * E.ROW_POT
        current: dict[int, float] = {}
        for s in range(-reach, reach + 1, E.ROW_POT):
            cells = []
            for kind in TYPES:
                p = chips[r, kind]
                c = np.arange(p.size) * HALF_POT
                w_x = np.array([later[int(a)] for a in s + sign * (2 * c - pot)])
                w_dealer = w_x if x_deals else 1 - w_x
                mean = float(p @ w_dealer)
                sd = float(np.sqrt(max(p @ w_dealer**2 - mean**2, 0.0)))
                cells.append((kind, mean, sd))
            best = max(mean for _, mean, _ in cells)
            for kind, mean, sd in cells:
                rows_out.append(
                    {
                        "round": r + 1,
                        "rows": rows,
                        "dealer_lead": s if x_deals else -s,
                        "round_type": kind,
                        "dealer_wins_game": mean,
                        "sd": sd,
                        "best": mean == best,
                    }
                )
            current[s] = best if x_deals else 1 - best  # X's chance
        later = current
    return rows_out


def _dealer_chips(
    plan: StudyPlan,
    players: tuple[str, str],
    rounds: int,
    key: int,
    runner: Runner,
) -> tuple[dict[tuple[int, str], np.ndarray], pd.DataFrame]:
    """The distribution of the dealer's chips for every round (0-based) and type, ``rounds``
    rounds each, ``players`` the dealer's opponent (moving first) and the dealer
    (:func:`~analyzer.games.head_to_head.study_kernels.dealer_chips`; seeds ``(seed, key, round,
    type)``), and the table of the dealer's mean margin per round and type with its standard
    error; the ``runner``'s progress hears the cells done of the 15."""
    params, vectors = seat_policies(*players)
    trailing = (params, vectors, lookahead_flag(params))
    chips: dict[tuple[int, str], np.ndarray] = {}
    margins = []
    for r, rows in enumerate(GAME_ROWS):
        for i, kind in enumerate(TYPES):
            job = KernelJob(dealer_chips, (i + 1, rows), trailing, CHIP_BINS)
            stopping = Stopping(trials=rounds)
            run = runner.reporting(None).monte_carlo(
                job, seed=derive_seed(plan.seed, key, r, i), stopping=stopping, chunk_size=max(1, rounds // 8)
            )
            t = run.tallies
            n = int(t.sum())
            chips[r, kind] = t[: 2 * rows + 1] / n
            c = np.arange(2 * rows + 1) * HALF_POT
            m = 2 * c - rows * E.ROW_POT  # the dealer's margin
            mean, se = mean_and_se(float(t[: c.size] @ m), float(t[: c.size] @ m**2), n)
            margins.append({"round": r + 1, "rows": rows, "round_type": kind, "rounds": n, "dealer_margin": mean,
                            "dealer_margin_stderr": se})  # fmt: skip
            runner.report(len(margins), len(GAME_ROWS) * len(TYPES))
    return chips, pd.DataFrame(margins)


def _choice_table(chips: dict[tuple[int, str], np.ndarray], rounds: int) -> pd.DataFrame:
    """:func:`_win_chances` as a table, each chance's standard error its sd over ``rounds``
    rounds, sorted by round, lead and type."""
    choice = pd.DataFrame(_win_chances(chips))
    choice["dealer_wins_game_stderr"] = choice.pop("sd") / np.sqrt(rounds)
    return choice.sort_values(["round", "dealer_lead", "round_type"], key=_type_order).reset_index(drop=True)


def choice_study(plan: StudyPlan, runner: Runner = Runner()) -> ResultSet:
    """The dealer's best round type by round and score under the ``choose`` rule (§2.4): the
    distribution of the dealer's chips for every round and type, tuned v tuned, and each type's
    game-win chance for the dealer by backward induction over the score (:func:`_win_chances`)."""
    start = time.perf_counter()
    chips, margins = _dealer_chips(plan, TUNED_PLAYERS, plan.rounds, 5, runner)
    choice = _choice_table(chips, plan.rounds)
    spec = choice_spec(plan)
    tables = {"type_choice": choice, "dealer_margin": margins}
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_win_se": float(choice.dealer_wins_game_stderr.max())},
        command=COMMAND,
    )
    return drawn_result(spec, tables, manifest, _choice_figures)


def _best_edge(group: pd.DataFrame, own: str, other: str) -> tuple[float, float]:
    """Under the play of table ``own`` (in ``group``, one round and lead of the two tables merged,
    each table's columns suffixed with its name): how much its best type's chance beats the best
    chance among the best types of table ``other``, and the standard error of that difference (0
    when the two share a best type; else the two cells' errors combined, the cells being
    independent runs)."""
    chance = group[f"dealer_wins_game_{own}"].to_numpy()
    se = group[f"dealer_wins_game_stderr_{own}"].to_numpy()
    i, j = (
        np.flatnonzero(best)[chance[best].argmax()]
        for best in (group[f"best_{n}"].to_numpy(bool) for n in (own, other))
    )
    edge = float(chance[i] - chance[j])
    return edge, float(np.hypot(se[i], se[j])) if edge > 0 else 0.0


def _best_type_comparison(tuned: pd.DataFrame, strong: pd.DataFrame) -> pd.DataFrame:
    """The best types of the two choice tables by round and lead, and where they differ, by how
    much each player's best type beats the other's under his own play (:func:`_best_edge`):
    ``strong_edge`` in the strong table, ``tuned_edge`` in the tuned one, each with its standard
    error and whether it exceeds 2 of them. Edges are 0 exactly where the best types agree."""
    keys = ["round", "rows", "dealer_lead"]
    both = tuned.merge(strong, on=[*keys, "round_type"], suffixes=("_tuned", "_strong"))
    out = []
    for key, group in both.groupby(keys, sort=False):
        row: dict[str, Any] = dict(zip(keys, key))
        for name in ("tuned", "strong"):
            row[f"{name}_best"] = " ".join(group.round_type[group[f"best_{name}"]])
        row["same"] = bool((group.best_tuned & group.best_strong).any())
        for own, other in (("strong", "tuned"), ("tuned", "strong")):
            edge, se = _best_edge(group, own, other)
            row |= {f"{own}_edge": edge, f"{own}_edge_stderr": se, f"{own}_edge_over_2se": edge > 2 * se}
        out.append(row)
    return pd.DataFrame(out)


def choice_strong_study(plan: StudyPlan, runner: Runner = Runner()) -> ResultSet:
    """:func:`choice_study` with ``strong_policy`` in both seats (``strong_rounds`` per round and
    type), and its best type by round and lead beside the tuned study's (the same ``rounds`` and
    seeds as :func:`choice_study`, so the very table of type_choice): :func:`_best_type_comparison`."""
    start = time.perf_counter()
    cells = len(GAME_ROWS) * len(TYPES)

    def step(offset: int) -> Runner:
        return runner.reporting(lambda done, _: runner.report(offset + done, 2 * cells))

    tuned_chips, _ = _dealer_chips(plan, TUNED_PLAYERS, plan.rounds, 5, step(0))
    chips, margins = _dealer_chips(plan, _strong_players(plan), plan.strong_rounds, 6, step(cells))
    choice = _choice_table(chips, plan.strong_rounds)
    comparison = _best_type_comparison(_choice_table(tuned_chips, plan.rounds), choice)
    spec = choice_strong_spec(plan)
    tables = {"type_choice": choice, "dealer_margin": margins, "best_type": comparison}
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={
            "max_win_se": float(choice.dealer_wins_game_stderr.max()),
            "max_edge_se": float(comparison[["strong_edge_stderr", "tuned_edge_stderr"]].max().max()),
        },
        command=COMMAND,
    )
    return drawn_result(spec, tables, manifest, _choice_strong_figures)


def _type_order(column: pd.Series) -> pd.Series:
    """Sort keys: round types in the order of the rules, other columns as they are."""
    return column.map(TYPES.index) if column.name == "round_type" else column


def _choice_heatmap(table: pd.DataFrame, texts: Sequence[str], title: str, note: str) -> Figure:
    """The dealer's game-win chance of each type (columns) by round and lead (rows), with the
    cell texts ``texts`` in the order of ``table``'s rows."""
    keys = list(dict.fromkeys(zip(table["round"], table.dealer_lead)))
    values = np.array([[0.0] * len(TYPES) for _ in keys])
    cells = np.empty(values.shape, dtype=object)
    for r, lead, kind, chance, text in zip(
        table["round"], table.dealer_lead, table.round_type, table.dealer_wins_game, texts
    ):
        i, j = keys.index((r, lead)), TYPES.index(kind)
        values[i, j] = 100 * chance
        cells[i, j] = text
    return labeled_heatmap(
        values,
        cells,
        [f"round {r}, dealer {lead:+,} $" for r, lead in keys],
        list(TYPES),
        cmap="RdBu",
        centre=50,
        colorbar="the dealer's chance to win the game (%)",
        row_label="round and the dealer's lead before it",
        col_label="round type chosen",
        title=title,
        note=note,
        fontsize=7,
    )


CHOICE_TITLE = "Head to Head, the choose rule: the dealer's game-win chance by the type he picks"


def _choice_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """The dealer's game-win chance of each type by round and lead, the best type marked."""
    table = tables["type_choice"]
    texts = [f"{100 * w:.1f}{' best' if b else ''}" for w, b in zip(table.dealer_wins_game, table.best)]
    inputs = manifest["inputs"]
    note = (
        f"Monte Carlo: {inputs['rounds_per_cell']:,} rounds per round and type, {inputs['players']}, "
        f"seed {manifest['seed']}; later rounds chosen best by their dealer."
    )
    return {"type_choice": _choice_heatmap(table, texts, CHOICE_TITLE, note)}


def _choice_strong_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """The strong players' chances ± 2 s.e. (none where 2 s.e. is under 0.01 points: the rounding
    noise of a certain outcome), their best type marked, and the tuned players' best type marked
    "T" where it differs."""
    table, comparison = tables["type_choice"], tables["best_type"]
    tuned_best = {
        (r, lead, kind)
        for r, lead, kinds, same in zip(
            comparison["round"], comparison.dealer_lead, comparison.tuned_best, comparison.same
        )
        if not same
        for kind in kinds.split()
    }
    texts = [
        f"{with_error(100 * w, 200 * se if 200 * se >= 0.01 else None)}{' best' if b else ''}"
        f"{' T' if (r, lead, kind) in tuned_best else ''}"
        for r, lead, kind, w, se, b in zip(
            table["round"],
            table.dealer_lead,
            table.round_type,
            table.dealer_wins_game,
            table.dealer_wins_game_stderr,
            table.best,
        )
    ]
    inputs = manifest["inputs"]
    note = (
        f"Monte Carlo: {inputs['rounds_per_cell']:,} rounds per round and type, {inputs['players']}, "
        f"seed {manifest['seed']}; later rounds chosen best by their dealer; ± 2 s.e.\n"
        f"T: the best type of {inputs['compared_with']}, where it is not the best here "
        f"({int((~comparison.same).sum())} of {len(comparison)} rows; "
        f"{int(comparison.strong_edge_over_2se.sum())} by more than 2 s.e. here)."
    )
    return {"type_choice": _choice_heatmap(table, texts, f"{CHOICE_TITLE}, {inputs['players']}", note)}


FIGURES = {
    f"{ANALYSIS}/round_types": _round_type_figures,
    f"{ANALYSIS}/tournament": _tournament_figures,
    f"{ANALYSIS}/ratings": _RATINGS_FIGURES,
    f"{ANALYSIS}/ismcts": _challenger_figures,
    f"{ANALYSIS}/opening_relations": _relations_figures,
    f"{ANALYSIS}/block_or_build": _blocking_figures,
    f"{ANALYSIS}/policy_regret": _regret_figures,
    f"{ANALYSIS}/type_choice": _choice_figures,
    f"{ANALYSIS}/type_choice_strong": _choice_strong_figures,
}


PARTS = {
    "round_types": Part(round_types_spec, round_types_study),
    "tournament": Part(tournament_spec, tournament_study),
    "ratings": Part(ratings_spec, ratings_study),
    "ismcts": Part(challenger_spec, challenger_study),
    "opening_relations": Part(relations_spec, relations_study),
    "block_or_build": Part(blocking_spec, blocking_study),
    "policy_regret": Part(regret_spec, regret_study),
    "type_choice": Part(choice_spec, choice_study),
    "type_choice_strong": Part(choice_strong_spec, choice_strong_study),
}


def tables(
    *,
    studies: Sequence[str] | None = None,
    runner: Runner = Runner(),
    **plan: Any,
) -> list[ResultSet]:
    """Run the named studies (all by default, in the order of ``PARTS``) with a
    :class:`StudyPlan` made of the keyword parameters ``plan``."""
    return run_parts(PARTS, studies, make_plan(StudyPlan, plan), runner=runner)


def tables_specs(*, studies: Sequence[str] | None, **plan: Any) -> list[ResultSpec]:
    """The specs of the results :func:`tables` writes with the same parameters, in its order."""
    return part_specs(PARTS, studies, make_plan(StudyPlan, plan))
