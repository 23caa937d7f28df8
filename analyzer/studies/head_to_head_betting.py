"""Head to Head betting studies (rules §2.9.8): tables and charts under results/head_to_head/betting/.

* ``response_model`` -- exact, for the one-row exchange of :mod:`.bet_model`: the
  responder's value of decline, call and raise by win probability and the bet faced
  (with nothing or $100 each already on the card), where each response becomes best,
  and the bettor's value of each bet size.
* ``threshold_tuning`` -- threshold betting policies (greedy placement) with a grid of
  bet and call thresholds against the default one: final stack and win rate; then the
  best of the grid, the default, a cautious one and ``never`` against each other.
* ``fresh_card`` -- Draw 1 and Share 2: a threshold bettor who counts the card he just
  drew against one blind to it, both against the default: what the look is worth.
* ``stack_trajectories`` -- the first player's mean stack after every placement of a
  game, for several betting match-ups.
* ``ratings`` -- a round robin of betting players (placement + betting policy, from ``never``
  and ``random`` betting to the rollout bettor), deals and seats paired, and the Bradley-Terry
  ratings that fit its shares of the games won, with the fit.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from analyzer.charts import add_note, count_text, labeled_heatmap, with_error
from analyzer.games.head_to_head.betting.model import ACTIONS, ExchangeModel
from analyzer.games.head_to_head.betting.play import simulate_betting_games
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed
from analyzer.studies._ratings import head_to_head_ratings, head_to_head_ratings_spec, ratings_figures
from analyzer.studies.registry import Part, drawn_result, make_plan, part_specs, run_parts

ANALYSIS = "head_to_head/betting"
COMMAND = "poker-analyzer head-to-head betting-tables"
P_GRID = np.round(np.linspace(0, 1, 101), 2)
BET_GRID = tuple(range(10, 101, 10))
BET_THRESHOLDS = (0.45, 0.55, 0.65, 0.75, 0.85)
CALL_THRESHOLDS = (0.15, 0.25, 0.35, 0.45, 0.55)
BEST_OF_GRID = "best of the grid"  # the round robin's entrant found by the grid
ROUND_ROBIN = ("never", "threshold", BEST_OF_GRID, "threshold:bet=0.85,call=0.55")
MATCHUPS = (
    ("threshold", "never"),
    ("threshold", "threshold"),
    ("threshold:bet=0.55,call=0.35", "threshold"),
    ("never", "threshold"),
)


@dataclass(frozen=True)
class BettingPlan:
    """How much each betting study simulates (the defaults make the committed results)."""

    games: int = 4_000  # per simulated cell or match-up
    rollout_games: int = 100  # for the match-up with a rollout bettor
    rollout_policy: str = "rollout:8"
    rating_games: int = 1_000  # paired deals a pair in the rating round robin
    seed: int = 2026


def response_spec(plan: BettingPlan) -> ResultSpec:
    """The spec of :func:`response_study`'s result (exact: no seed, no trials)."""
    return ResultSpec(
        ANALYSIS,
        "response_model",
        inputs={"model": ExchangeModel().__dict__, "p_grid": "0..1 step 0.01", "bets": list(BET_GRID)},
        method="exact",
        seed=None,
        trials=None,
        chunk_size=None,
    )


def response_study(plan: BettingPlan, runner: Runner = Runner()) -> ResultSet:
    """Exact, for the one-row exchange: the responder's value of decline, call and raise by
    win probability and bet, where each response becomes best, and the bettor's value of each bet."""
    start = time.perf_counter()
    model = ExchangeModel()
    rows = []
    for committed in (0, 100):
        for bet in BET_GRID:
            for p in P_GRID:
                values = model.response(p, committed, committed + bet)
                rows.append(
                    {"committed": committed, "bet": bet, "p": p, **values, "best": max(values, key=values.__getitem__)}
                )
    table = pd.DataFrame(rows)
    thresholds = []
    for (on_card, size), part in table.groupby(["committed", "bet"]):
        first = {a: part.loc[part.best == a, "p"].min() for a in ACTIONS}
        thresholds.append({"committed": on_card, "bet": size, "call_from": first["call"], "raise_from": first["raise"]})
    bettor = pd.DataFrame([{"p": p, "bet": x, "value": v} for p in P_GRID for x, v in model.bet_values(p).items()])
    manifest = manifest_for(response_spec(plan), elapsed=time.perf_counter() - start, command=COMMAND)
    runner.report(1, 1)
    tables = {"responses": table, "thresholds": pd.DataFrame(thresholds), "bettor": bettor}
    return drawn_result(response_spec(plan), tables, manifest, _response_figures)


def _response_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    return {"best_response": _response_figure(tables["responses"]), "bettor": _bettor_figure(tables["bettor"])}


def _response_figure(table: pd.DataFrame) -> Figure:
    figure = Figure(figsize=(12, 4.8), layout="constrained")
    axes = figure.subplots(1, 2, sharey=True)
    colours = ListedColormap(["tab:red", "tab:blue", "tab:green"])
    for ax, committed in zip(axes, (0, 100)):
        part = table[table.committed == committed]
        grid = part.pivot(index="bet", columns="p", values="best")
        ax.imshow(
            grid.apply(lambda column: column.map(ACTIONS.index)).to_numpy(dtype=float),
            cmap=colours,
            vmin=0,
            vmax=2,
            aspect="auto",
            origin="lower",
            extent=(-0.005, 1.005, 5, 105),
        )
        ax.set_xlabel("responder's win probability on the row")
        ax.set_title(f"\\${committed} each already on the card")
    axes[0].set_ylabel("bet to answer (\\$)")
    figure.legend(
        handles=[Patch(color=colours(i), label=a) for i, a in enumerate(ACTIONS)],
        loc="outside right upper",
        title="best",
    )
    figure.suptitle("Head to Head betting: the best response to a bet")
    add_note(
        figure,
        "Exact: the one-row model's values on a grid of win probabilities (step 0.01) and bets (step \\$10); "
        "\\$100 base, raises to \\$100, cap \\$200, forfeit on decline. No sampling error.",
    )
    return figure


def _bettor_figure(bettor: pd.DataFrame) -> Figure:
    figure = Figure(figsize=(7.5, 4.8), layout="constrained")
    ax = figure.subplots()
    for x in (0, 20, 50, 100):
        part = bettor[bettor.bet == x]
        ax.plot(part.p, part.value, label="no bet" if x == 0 else f"bet \\${x}")
    ax.set_xlabel("bettor's win probability on the row")
    ax.set_ylabel("bettor's value from the card (\\$)")
    ax.set_title("Head to Head betting: the value of each opening bet", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend()
    add_note(
        figure,
        "Exact: the one-row model, nothing on the card yet, the responder answering best;\n"
        "win probabilities in steps of 0.01. No sampling error.",
    )
    return figure


TUNING_CELLS = [(b, c) for b in BET_THRESHOLDS for c in CALL_THRESHOLDS]


def tuning_spec(plan: BettingPlan) -> ResultSpec:
    """The spec of :func:`tuning_study`'s result: ``games`` per grid cell and per ordered pair of
    the round robin (whose best-of-the-grid entrant is found by the run, so named by its role)."""
    return ResultSpec(
        ANALYSIS,
        "threshold_tuning",
        inputs={
            "opponent": "threshold (default)",
            "bet": list(BET_THRESHOLDS),
            "call": list(CALL_THRESHOLDS),
            "placement": "greedy v greedy",
            "round_robin": list(ROUND_ROBIN),
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.games * (len(TUNING_CELLS) + len(ROUND_ROBIN) * (len(ROUND_ROBIN) - 1)),
        chunk_size=None,
    )


def tuning_study(plan: BettingPlan, runner: Runner = Runner()) -> ResultSet:
    """Threshold betting policies on a grid of bet and call thresholds against the default one,
    then the best of the grid, the default, a cautious one and ``never`` against each other."""
    start = time.perf_counter()
    rows = []
    cells = TUNING_CELLS
    for i, (bet, call) in enumerate(cells):
        stats = _versus(f"threshold:bet={bet},call={call}", "threshold", plan, (1, i), runner)
        rows.append(
            {
                "bet": bet,
                "call": call,
                "games": stats.run.trials,
                "stack": stats.first_stack,
                "stack_stderr": stats.first_stack_stderr,
                "wins": stats.first_wins,
                "wins_stderr": stats.first_wins_stderr,
            }
        )
        runner.report(i + 1, len(cells))
    table = pd.DataFrame(rows)
    best = table.loc[table["stack"].idxmax()]  # type: ignore[call-overload]  # pandas-stubs: idxmax is Hashable
    found = f"threshold:bet={best.bet},call={best.call}"
    entrants = [found if entrant == BEST_OF_GRID else entrant for entrant in ROUND_ROBIN]
    league_rows = []
    for i, a in enumerate(entrants):
        for j, b in enumerate(entrants):
            if i != j:
                stats = _versus(a, b, plan, (2, i, j), runner)
                league_rows.append(
                    {
                        "policy": a,
                        "opponent": b,
                        "games": stats.run.trials,
                        "stack": stats.first_stack,
                        "stack_stderr": stats.first_stack_stderr,
                        "wins": stats.first_wins,
                    }
                )
    league = pd.DataFrame(league_rows)
    manifest = manifest_for(
        tuning_spec(plan),
        elapsed=time.perf_counter() - start,
        standard_errors={"max_stack_se": float(table.stack_stderr.max())},
        command=COMMAND,
    )
    tables = {"threshold_tuning": table, "round_robin": league}
    return drawn_result(tuning_spec(plan), tables, manifest, _tuning_figures)


EVEN_STACK = 800 + 600  # the mean final stack of two equal players: 800 + half the $1,200 base


def _tuning_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["threshold_tuning"]
    gain = table.pivot(index="bet", columns="call", values="stack")
    ses = table.pivot(index="bet", columns="call", values="stack_stderr").loc[gain.index, gain.columns]
    texts = np.vectorize(lambda v, s: with_error(v, 2 * s, signed=True))(gain.to_numpy() - EVEN_STACK, ses.to_numpy())
    figure = labeled_heatmap(
        gain.to_numpy() - EVEN_STACK,
        texts,
        [f"{b:g}" for b in gain.index],
        [f"{c:g}" for c in gain.columns],
        cmap="RdBu",
        centre=0,
        colorbar=f"final stack minus \\${EVEN_STACK:,} (\\$)",
        row_label="bet when p >=",
        col_label="call when p >=",
        title="Head to Head betting: threshold policies against the default (bet 0.70, raise 0.85, call 0.45)",
        note=f"Monte Carlo: {count_text(table.games)} games per cell, seed {manifest['seed']}; greedy placement, "
        f"die-rolled round types. \\${EVEN_STACK:,} is the mean final stack of two equal players. "
        "± is 2 standard errors.",
    )
    return {"threshold_tuning": figure}


def _versus(
    first_bets: str,
    second_bets: str,
    plan: BettingPlan,
    keys: tuple[int, ...],
    runner: Runner,
    round_type: str = "roll",
    games: int | None = None,
):
    return simulate_betting_games(
        first_bets=first_bets,
        second_bets=second_bets,
        round_type=round_type,
        games=games or plan.games,
        seed=derive_seed(plan.seed, *keys),
        runner=runner.reporting(None),
    )


FRESH_CARD_ROUNDS = ("draw1", "share2")


def fresh_card_spec(plan: BettingPlan) -> ResultSpec:
    """The spec of :func:`fresh_card_study`'s result: ``games`` for each bettor in each round type."""
    return ResultSpec(
        ANALYSIS,
        "fresh_card",
        inputs={
            "policies": "threshold (sees its card) or threshold:cards=0 v threshold",
            "round_types": list(FRESH_CARD_ROUNDS),
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=2 * len(FRESH_CARD_ROUNDS) * plan.games,
        chunk_size=None,
    )


def fresh_card_study(plan: BettingPlan, runner: Runner = Runner()) -> ResultSet:
    """Draw 1 and Share 2: a threshold bettor who counts the card he just drew against one
    blind to it, both against the default: what the look is worth."""
    start = time.perf_counter()
    rows = []
    for i, kind in enumerate(FRESH_CARD_ROUNDS):
        seeing = _versus("threshold", "threshold", plan, (3, i), runner, kind)
        blind = _versus("threshold:cards=0", "threshold", plan, (3, i), runner, kind)
        rows.append(
            {
                "round_type": kind,
                "games": seeing.run.trials,
                "stack_seeing": seeing.first_stack,
                "stack_blind": blind.first_stack,
                "value_of_the_look": seeing.first_stack - blind.first_stack,
                "value_stderr": float(np.hypot(seeing.first_stack_stderr, blind.first_stack_stderr)),
            }
        )
        runner.report(i + 1, len(FRESH_CARD_ROUNDS))
    table = pd.DataFrame(rows)
    manifest = manifest_for(
        fresh_card_spec(plan),
        elapsed=time.perf_counter() - start,
        standard_errors={"max_value_se": float(table.value_stderr.max())},
        command=COMMAND,
    )
    tables = {"fresh_card": table}
    return drawn_result(fresh_card_spec(plan), tables, manifest, _fresh_card_figures)


def _fresh_card_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["fresh_card"]
    figure = Figure(figsize=(6.5, 4.4), layout="constrained")
    ax = figure.subplots()
    ax.bar(table.round_type, table.value_of_the_look, yerr=2 * table.value_stderr, capsize=5, color="tab:purple")
    ax.axhline(0, color="black", lw=0.8)
    ax.set_xlabel("round type (every round)")
    ax.set_ylabel("final stack: seeing minus blind (\\$ per game)")
    ax.set_title("Head to Head betting: the value of betting on a freshly drawn card", fontsize=10)
    add_note(
        figure,
        f"Monte Carlo: threshold v threshold, {count_text(table.games)} games for each of the two bettors, seed "
        f"{manifest['seed']};\nerror bars 2 standard errors.",
    )
    return {"fresh_card": figure}


def _matchups(plan: BettingPlan) -> tuple[tuple[str, str], ...]:
    return MATCHUPS + ((plan.rollout_policy, "threshold"),)


def trajectory_spec(plan: BettingPlan) -> ResultSpec:
    """The spec of :func:`trajectory_study`'s result: the match-ups, the games each plays (also
    in its table) and their sum as the trials."""
    games = [_trajectory_games(plan, first) for first, _ in _matchups(plan)]
    return ResultSpec(
        ANALYSIS,
        "stack_trajectories",
        inputs={"matchups": [list(m) for m in _matchups(plan)], "games": games, "placement": "greedy v greedy"},
        method="monte-carlo",
        seed=plan.seed,
        trials=sum(games),
        chunk_size=None,
    )


def _trajectory_games(plan: BettingPlan, first_bets: str) -> int:
    """The games of a trajectory match-up: fewer for the rollout bettor, whose moves cost most."""
    return plan.rollout_games if first_bets == plan.rollout_policy else plan.games


def trajectory_study(plan: BettingPlan, runner: Runner = Runner()) -> ResultSet:
    """The first player's mean stack after every placement of a game, for several betting
    match-ups."""
    start = time.perf_counter()
    frames = []
    matchups = _matchups(plan)
    for i, (a, b) in enumerate(matchups):
        stats = _versus(a, b, plan, (4, i), runner, games=_trajectory_games(plan, a))
        frames.append(stats.to_frame().assign(first_bets=a, second_bets=b, games=stats.run.trials))
        runner.report(i + 1, len(matchups))
    table = pd.concat(frames, ignore_index=True)
    manifest = manifest_for(
        trajectory_spec(plan),
        elapsed=time.perf_counter() - start,
        standard_errors={"max_stack_se": float(table.stderr.max())},
        command=COMMAND,
    )
    tables = {"stack_trajectories": table}
    return drawn_result(trajectory_spec(plan), tables, manifest, _trajectory_figures)


def _trajectory_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["stack_trajectories"]
    figure = Figure(figsize=(9.5, 5.4), layout="constrained")
    ax = figure.subplots()
    for (a, b), part in table.groupby(["first_bets", "second_bets"], sort=False):
        ax.plot(part.placement, part.first_stack, label=f"{a} v {b} ({int(part.games.iloc[0]):,} games)")
        ax.fill_between(
            part.placement, part.first_stack - 2 * part.stderr, part.first_stack + 2 * part.stderr, alpha=0.2
        )
    for boundary in (24, 56):
        ax.axvline(boundary + 0.5, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("placements into the game (rounds of 24, 32 and 40)")
    ax.set_ylabel("first player's mean stack (\\$)")
    ax.set_title("Head to Head betting: stack trajectories by betting match-up", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    add_note(
        figure,
        f"Monte Carlo: games per match-up in the legend, seed {manifest['seed']}; greedy placement, die-rolled "
        "round types; bands 2 standard errors.",
    )
    return {"stack_trajectories": figure}


RATING_PLAYERS = (
    "greedy+never",
    "greedy+random",
    "greedy+threshold",
    "greedy+threshold:bet=0.45,call=0.15",  # the best of the threshold grid (threshold_tuning)
    "greedy+threshold:bet=0.85,call=0.55",  # the cautious one of that study's round robin
    "tuned+threshold",
)  # and tuned placement with the rollout bettor (plan.rollout_policy)
RATING_SEED_KEY = 5  # the rating round robin's deals come from derive_seed(plan.seed, 5)


def _rating_players(plan: BettingPlan) -> tuple[str, ...]:
    return (*RATING_PLAYERS, f"tuned+{plan.rollout_policy}")


def ratings_spec(plan: BettingPlan) -> ResultSpec:
    """The spec of :func:`ratings_study`'s result: ``rating_games`` paired deals a pair."""
    return head_to_head_ratings_spec(
        ANALYSIS,
        _rating_players(plan),
        "betting game (default rules), round types rolled on the die",
        plan.rating_games,
        plan.seed,
    )


def ratings_study(plan: BettingPlan, runner: Runner = Runner()) -> ResultSet:
    """A round robin of betting players (placement + betting policy: never, random, three
    threshold bettors, the rollout bettor) on ``rating_games`` paired deals a pair, and the
    Bradley-Terry ratings fitted to its shares of the games won (:mod:`analyzer.games.ratings`):
    each player's rating, every match against the fit, the chi-square and the pairs the ratings
    cannot order."""
    seed = derive_seed(plan.seed, RATING_SEED_KEY)
    return head_to_head_ratings(
        ratings_spec(plan),
        deals=plan.rating_games,
        betting=True,
        seed=seed,
        figures=_RATINGS_FIGURES,
        command=COMMAND,
        runner=runner,
    )


_RATINGS_FIGURES = ratings_figures(
    "Head to Head betting ratings: a round robin of betting players",
    "Monte Carlo, deals and seats paired",
)


FIGURES = {
    f"{ANALYSIS}/response_model": _response_figures,
    f"{ANALYSIS}/threshold_tuning": _tuning_figures,
    f"{ANALYSIS}/fresh_card": _fresh_card_figures,
    f"{ANALYSIS}/stack_trajectories": _trajectory_figures,
    f"{ANALYSIS}/ratings": _RATINGS_FIGURES,
}


PARTS = {
    "response_model": Part(response_spec, response_study),
    "threshold_tuning": Part(tuning_spec, tuning_study),
    "fresh_card": Part(fresh_card_spec, fresh_card_study),
    "stack_trajectories": Part(trajectory_spec, trajectory_study),
    "ratings": Part(ratings_spec, ratings_study),
}


def tables(
    *,
    studies: Sequence[str] | None = None,
    runner: Runner = Runner(),
    **plan: Any,
) -> list[ResultSet]:
    """Run the named betting studies (all by default, in the order of ``PARTS``) with a
    :class:`BettingPlan` made of the keyword parameters ``plan``."""
    return run_parts(PARTS, studies, make_plan(BettingPlan, plan), runner=runner)


def tables_specs(*, studies: Sequence[str] | None, **plan: Any) -> list[ResultSpec]:
    """The specs of the results :func:`tables` writes with the same parameters, in its order."""
    return part_specs(PARTS, studies, make_plan(BettingPlan, plan))
