"""Saint Poker studies (rules §3.8.4): tables and charts under results/saint_poker/.

* ``tournament`` -- for 2 to 5 players, each policy (random, greedy, save, rollout) in
  one seat against greedy opponents, with the draft's "youngest" tie-break drawn at
  random (S-5) so no seat is favoured: win share, score, the score distribution, and
  how often it wins each round.
* ``ties_and_seats`` -- all-greedy games with the fixed seat priority: how often each
  round has tied winners, each seat's win share (seat 0 is the "youngest"), and the
  points scored in the round after a draft by the position one picked in (the value of
  each draft seat; the first picker lost the round before, so it is not a pure effect).
* ``paired_tournament`` -- for 2 to 5 players, every player (random, greedy, save, rollout,
  search) in every seat against greedy opponents, on the same deals: each deal is played
  once per player and seat with the same cards and random streams (common random
  numbers), so the players' win shares differ by their play, not by their cards; the
  win share of each and the paired difference of every two, with standard errors.
* ``ratings`` -- a round robin at 3 seats, every player against two copies of every other
  (greedy to the search player), and the Bradley-Terry ratings that fit the win shares.
* ``spend_or_save`` -- at each round's reveal in greedy games (3 players): revealing the
  best pair against keeping the strong cards (revealing the pair missed least), by the
  points to the end of the game; where the difference crosses zero is the break-even.
* ``policy_regret`` -- decisions sampled from tuned games (3 players), by phase (the river
  card, the pair to reveal, the draft pick) and round: what the choices of greedy, save,
  tuned, the rollout player and the search player give away against the best choice, every
  choice valued by rollouts under tuned play (the search player's values), in win share
  and in points, with the share of best choices.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import add_note, count_text
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.play import parse_policy, simulate_games
from analyzer.games.saint_poker.policies import POLICY_NAMES, policy_weights
from analyzer.games.saint_poker.position import PHASES
from analyzer.games.saint_poker.rules import SaintPokerRules
from analyzer.games.saint_poker.study_kernels import (
    REGRET_HEAD,
    REGRET_STATS,
    SPEND_TALLY,
    draft_seats,
    policy_regret,
    regret_width,
    spend_or_save,
)
from analyzer.games.saint_poker.tournament import round_robin
from analyzer.games.saint_poker.tuning import paired_cell
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.engine import KernelJob, Stopping, mean_and_se
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed
from analyzer.studies._ratings import ratings_figures, ratings_outcomes, ratings_tables
from analyzer.studies.registry import Part, drawn_result, make_plan, part_specs, run_parts

ANALYSIS = "saint_poker"
COMMAND = "poker-analyzer saint-poker tables"
PLAYER_COUNTS = (2, 3, 4, 5)
SPEND_PLAYERS = 3


@dataclass(frozen=True)
class SaintPlan:
    """How much the Saint Poker studies simulate (the defaults make the committed results)."""

    games: int = 4_000
    rollout_games: int = 100
    rollout_policy: str = "rollout:4"
    positions: int = 60
    samples: int = 60
    paired_deals: int = 300
    rating_deals: int = 100  # paired deals per field in the rating round robin
    rating_search: str = "search:1024"
    """The search player of the rating round robin (3 seats): the budget where the search's win
    share against greedy opponents stops rising at 3 seats (docs/results.md, "Search budgets")."""
    search_policy: str = "search:1024"
    """The search player of the paired tournament: against greedy opponents its win share stops
    rising at about this budget at 3 seats, not yet at 5 (docs/results.md, Saint Poker, "Search
    budgets")."""
    regret_positions: int = 64
    regret_samples: int = 400
    regret_search: tuple[str, ...] = ("search:64", "search:256", "search:1024", "search:4096")
    """The search players of the policy regret: budgets four times apart, so the table shows how
    far each fourfold budget still lowers the regret."""
    seed: int = 2026


def _tournament_policies(plan: SaintPlan) -> tuple[str, ...]:
    return ("random", "greedy", "save", plan.rollout_policy)


def _tournament_cells(plan: SaintPlan) -> list[tuple[int, str, int]]:
    """Every cell of the tournament: players, the policy in seat 0 and the games it is played."""
    return [
        (n, p, plan.rollout_games if p == plan.rollout_policy else plan.games)
        for n in PLAYER_COUNTS
        for p in _tournament_policies(plan)
    ]


def tournament_spec(plan: SaintPlan) -> ResultSpec:
    """The spec of :func:`tournament_study`'s result: the games of every cell."""
    return ResultSpec(
        ANALYSIS,
        "tournament",
        inputs={
            "players": list(PLAYER_COUNTS),
            "policies": list(_tournament_policies(plan)),
            "opponents": "greedy",
            "draft_priority": "random (S-5)",
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=sum(games for _, _, games in _tournament_cells(plan)),
        chunk_size=None,
    )


def tournament_study(plan: SaintPlan, runner: Runner = Runner()) -> ResultSet:
    """For 2 to 5 players, each policy in one seat against greedy opponents (random draft
    tie-break): win share, score, the score distribution and the rounds won."""
    start = time.perf_counter()
    rows, histograms = [], []
    cells = _tournament_cells(plan)
    for i, (n, policy, games) in enumerate(cells):
        stats = simulate_games(
            n,
            [policy] + ["greedy"] * (n - 1),
            games=games,
            seed=derive_seed(plan.seed, 1, i),
            rules=SaintPokerRules(random_priority=True),
            runner=runner.reporting(None),
        )
        seat = stats.seats[0]
        rows.append(
            {
                "players": n,
                "policy": policy,
                "games": stats.run.trials,
                **{k: v for k, v in seat.items() if k not in ("seat", "policy", "score_histogram")},
            }
        )
        histograms += [
            {"players": n, "policy": policy, "score": s, "games": g} for s, g in enumerate(seat["score_histogram"])
        ]
        runner.report(i + 1, len(cells))
    table = pd.DataFrame(rows)
    manifest = manifest_for(
        tournament_spec(plan),
        elapsed=time.perf_counter() - start,
        standard_errors={"max_wins_se": float(table.wins_stderr.max())},
        command=COMMAND,
    )
    tables = {"tournament": table, "score_distribution": pd.DataFrame(histograms)}
    return drawn_result(tournament_spec(plan), tables, manifest, _tournament_figures)


def _tournament_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["tournament"]
    return {"win_share": _win_figure(table, manifest), "rounds_won": _rounds_figure(table, manifest)}


def _games_note(table: pd.DataFrame, manifest: Mapping[str, Any], what: str) -> str:
    """The sample of a tournament chart: games per point, for the rollout policy apart."""
    rollout = table.policy.astype(str).str.startswith("rollout")
    others = count_text(table.games[~rollout])
    games = (
        f"{others} games per point, {count_text(table.games[rollout])} with the rollout player"
        if rollout.any()
        else f"{others} games per point"
    )
    return f"Monte Carlo: {games}, seed {manifest['seed']}; draft ties broken at random (S-5); {what}."


def _win_figure(table: pd.DataFrame, manifest: Mapping[str, Any]) -> Figure:
    figure = Figure(figsize=(7.5, 5), layout="constrained")
    ax = figure.subplots()
    for policy, part in table.groupby("policy", sort=False):
        ax.errorbar(part.players, 100 * part.wins, yerr=200 * part.wins_stderr, marker="o", capsize=3, label=policy)
    ax.plot(PLAYER_COUNTS, [100 / n for n in PLAYER_COUNTS], color="black", ls="--", lw=0.8, label="fair share")
    ax.set_xticks(PLAYER_COUNTS)
    ax.set_xlabel("players (the others greedy)")
    ax.set_ylabel("win share of the policy's seat (%)")
    ax.set_title("Saint Poker: one policy against greedy opponents", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    add_note(figure, _games_note(table, manifest, "error bars 2 standard errors"))
    return figure


def _rounds_figure(table: pd.DataFrame, manifest: Mapping[str, Any]) -> Figure:
    """P(win round r) of each policy's seat; error bars 2 binomial s.e., sqrt(p (1 - p) / games)."""
    figure = Figure(figsize=(7.5, 5), layout="constrained")
    ax = figure.subplots()
    part = table[table.players == SPEND_PLAYERS]
    rounds = np.arange(1, E.ROUNDS + 1)
    for _, row in part.iterrows():
        p = np.array([row[f"won_round_{r}"] for r in rounds], float)
        error = 200 * np.sqrt(p * (1 - p) / row.games)
        ax.errorbar(rounds, 100 * p, yerr=error, marker="o", capsize=2, label=row.policy)
    ax.set_xlabel("round (worth its number in points)")
    ax.set_ylabel("P(win the round) (%)")
    ax.set_title(
        f"Saint Poker, {SPEND_PLAYERS} players: how often each policy wins each round against greedy opponents",
        fontsize=10,
    )
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    add_note(figure, _games_note(part, manifest, "error bars 2 binomial standard errors"))
    return figure


def _paired_players(plan: SaintPlan) -> tuple[str, ...]:
    return ("random", "greedy", "save", plan.rollout_policy, plan.search_policy)


def paired_spec(plan: SaintPlan) -> ResultSpec:
    """The spec of :func:`paired_study`'s result (trials: the games, deals x players x seats)."""
    players = _paired_players(plan)
    return ResultSpec(
        ANALYSIS,
        "paired_tournament",
        inputs={
            "players": list(PLAYER_COUNTS),
            "policies": list(players),
            "opponents": "greedy",
            "seats": "every seat, the same deals (common random numbers)",
            "deals_per_player_count": plan.paired_deals,
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.paired_deals * len(players) * sum(PLAYER_COUNTS),
        chunk_size=None,
    )


def paired_study(plan: SaintPlan, runner: Runner = Runner()) -> ResultSet:
    """For 2 to 5 players, every player in every seat against greedy opponents on the same
    deals (:func:`~analyzer.games.saint_poker.study_kernels.paired_tournament`): win shares
    and paired differences, with standard errors."""
    start = time.perf_counter()
    share_rows, pair_rows = [], []
    for i, n in enumerate(PLAYER_COUNTS):
        cell_shares, cell_pairs = paired_cell(
            n, _paired_players(plan), plan.paired_deals, derive_seed(plan.seed, 5, i), None, runner
        )
        share_rows += cell_shares
        pair_rows += cell_pairs
        runner.report(i + 1, len(PLAYER_COUNTS))
    shares, pairs = pd.DataFrame(share_rows), pd.DataFrame(pair_rows)
    manifest = manifest_for(
        paired_spec(plan),
        elapsed=time.perf_counter() - start,
        standard_errors={
            "max_wins_se": float(shares.wins_stderr.max()),
            "max_difference_se": float(pairs.stderr.max()),
        },
        command=COMMAND,
    )
    tables = {"win_shares": shares, "differences": pairs}
    return drawn_result(paired_spec(plan), tables, manifest, _paired_figures)


def _paired_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """Each player's win share by the number of players, error bars 2 standard errors."""
    shares = tables["win_shares"]
    figure = Figure(figsize=(7.5, 5), layout="constrained")
    ax = figure.subplots()
    for policy, part in shares.groupby("policy", sort=False):
        ax.errorbar(part.players, 100 * part.wins, yerr=200 * part.wins_stderr, marker="o", capsize=3, label=policy)
    ax.set_xticks(PLAYER_COUNTS)
    ax.set_xlabel("players (the others greedy)")
    ax.set_ylabel("win share, averaged over the seats (%)")
    ax.set_title("Saint Poker: every player in every seat against greedy opponents, the same deals", fontsize=10)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    deals = manifest["inputs"]["deals_per_player_count"]
    add_note(
        figure,
        f"Monte Carlo, seed {manifest['seed']}: {deals:,} deals per player count, each played by every player in "
        "every seat (common random numbers);\nerror bars 2 standard errors; differences.csv gives the paired ones. "
        "Greedy plays greedy opponents: exactly the fair share.",
    )
    return {"win_share": figure}


RATING_BASE = ("greedy", "save", "tuned", "tuned-save", "rollout:4")  # and the search player
RATING_SEATS = 3
RATING_SEED_KEY = 8  # the rating round robin's deals come from derive_seed(plan.seed, 8)


def ratings_spec(plan: SaintPlan) -> ResultSpec:
    """The spec of :func:`ratings_study`'s result (trials: the deals per field times the fields)."""
    players = (*RATING_BASE, plan.rating_search)
    return ResultSpec(
        ANALYSIS,
        "ratings",
        inputs={
            "players": list(players),
            "seats": RATING_SEATS,
            "fields": "every player against the copies of every other, in every seat, on the same deals",
            "model": "Bradley-Terry in Luce's form, on the win shares weighted by their paired standard errors",
            "deals_per_field": plan.rating_deals,
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.rating_deals * len(players),
        chunk_size=None,
    )


def ratings_study(plan: SaintPlan, runner: Runner = Runner()) -> ResultSet:
    """A round robin at 3 seats (:func:`~analyzer.games.saint_poker.tournament.round_robin`):
    every player in every seat against two copies of every other, from greedy to the search
    player, and the ratings fitted to the win shares (:mod:`analyzer.games.ratings`)."""
    start = time.perf_counter()
    spec = ratings_spec(plan)
    players = (*RATING_BASE, plan.rating_search)
    seed = derive_seed(plan.seed, RATING_SEED_KEY)
    result = round_robin(players, seats=RATING_SEATS, deals=plan.rating_deals, seed=seed, runner=runner)
    if result.ratings is None:
        raise ValueError(f"no ratings fit the round robin: {result.ratings_unavailable}")
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_rating_se": max(r.stderr for r in result.ratings.ratings)},
        outcomes=ratings_outcomes(result.ratings),
        command=COMMAND,
    )
    return drawn_result(spec, ratings_tables(result.ratings), manifest, _RATINGS_FIGURES)


_RATINGS_FIGURES = ratings_figures(
    "Saint Poker ratings: a round robin at 3 seats", "Monte Carlo, every player in every seat against each field"
)


def ties_spec(plan: SaintPlan) -> ResultSpec:
    """The spec of :func:`ties_study`'s result: ``games`` of whole games and of drafts per player count."""
    return ResultSpec(
        ANALYSIS,
        "ties_and_seats",
        inputs={
            "players": list(PLAYER_COUNTS),
            "policies": "greedy",
            "draft_priority": "seat",
            "games_per_player_count": plan.games,
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=2 * plan.games * len(PLAYER_COUNTS),
        chunk_size=None,
    )


def ties_study(plan: SaintPlan, runner: Runner = Runner()) -> ResultSet:
    """All-greedy games with the fixed seat priority: tied rounds, each seat's win share, and
    the points in the round after a draft by the position one picked in."""
    start = time.perf_counter()
    tie_rows, seat_rows = [], []
    for i, n in enumerate(PLAYER_COUNTS):
        stats = simulate_games(
            n, "greedy", games=plan.games, seed=derive_seed(plan.seed, 2, i), runner=runner.reporting(None)
        )
        tie_rows += [{"players": n, "round": r + 1, "tied": t} for r, t in enumerate(stats.tied_rounds)]
        seat_rows += [
            {
                "players": n,
                "seat": s["seat"],
                "wins": s["wins"],
                "wins_stderr": s["wins_stderr"],
                "score": s["score"],
                "score_stderr": s["score_stderr"],
            }
            for s in stats.seats
        ]
        runner.report(i + 1, len(PLAYER_COUNTS))
    ties, seats = pd.DataFrame(tie_rows), pd.DataFrame(seat_rows)
    pick_rows = []
    for i, n in enumerate(PLAYER_COUNTS):
        job = KernelJob(draft_seats, (n, policy_weights()), (), 3 * E.MAX_PLAYERS)  # draft_seats(n, weights, games, ..)
        t = (
            runner.reporting(None)
            .monte_carlo(
                job,
                seed=derive_seed(plan.seed, 3, i),
                stopping=Stopping(trials=plan.games),
                chunk_size=max(1, plan.games // 8),
            )
            .tallies
        )
        for k in range(n):
            mean, se = mean_and_se(t[3 * k + 1], t[3 * k + 2], int(t[3 * k]))
            pick_rows.append(
                {"players": n, "pick": k + 1, "rounds": int(t[3 * k]), "next_round_points": mean, "stderr": se}
            )
    picks = pd.DataFrame(pick_rows)
    manifest = manifest_for(
        ties_spec(plan),
        elapsed=time.perf_counter() - start,
        standard_errors={"max_wins_se": float(seats.wins_stderr.max())},
        command=COMMAND,
    )
    tables = {"tied_rounds": ties, "seats": seats, "draft_positions": picks}
    return drawn_result(ties_spec(plan), tables, manifest, _ties_figures)


def _ties_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """Shared rounds (error bars 2 binomial s.e.), the tie-break seat and the draft seats."""
    ties, seats, picks = tables["tied_rounds"], tables["seats"], tables["draft_positions"]
    games = manifest["inputs"]["games_per_player_count"]
    figure = Figure(figsize=(17, 5), layout="constrained")
    left, right, third = figure.subplots(1, 3)
    for count, part in picks.groupby("players"):
        third.errorbar(
            part["pick"], part.next_round_points, yerr=2 * part.stderr, marker="o", capsize=3, label=f"{count} players"
        )
    third.set_xticks(sorted(picks["pick"].unique()))
    third.set_xlabel("draft position (1 = first pick, the last of the round before)")
    third.set_ylabel("points in the next round")
    third.set_title("the draft seats")
    third.legend(fontsize=8)
    for count, part in ties.groupby("players"):
        error = 200 * np.sqrt(part.tied * (1 - part.tied) / games)
        left.errorbar(part["round"], 100 * part.tied, yerr=error, marker="o", capsize=2, label=f"{count} players")
    left.set_xlabel("round")
    left.set_ylabel("rounds won by 2+ players (%)")
    left.set_title("how often a round is shared")
    left.legend(fontsize=8)
    for count, part in seats.groupby("players"):
        fair = 100 / count  # type: ignore[operator]  # pandas-stubs: a groupby key is any Scalar
        right.errorbar(
            part.seat,
            100 * part.wins - fair,
            yerr=200 * part.wins_stderr,
            marker="o",
            capsize=3,
            label=f"{count} players",
        )
    right.axhline(0, color="black", lw=0.8)
    right.set_xticks(sorted(seats.seat.unique()))
    right.set_xlabel("seat (0 = the 'youngest', first among tied draft pickers)")
    right.set_ylabel("win share minus fair share (points of %)")
    right.set_title("the draft tie-break seat")
    right.legend(fontsize=8)
    figure.suptitle("Saint Poker, all greedy players: shared rounds, the tie-break seat and the draft seats")
    add_note(
        figure,
        f"Monte Carlo, seed {manifest['seed']}: {games:,} games per player count for the left and middle panels, "
        f"{games:,} more for the right one ({count_text(picks.rounds)} rounds per point); error bars 2 standard "
        "errors (binomial on the left).",
    )
    return {"ties_and_seats": figure}


def spend_spec(plan: SaintPlan) -> ResultSpec:
    """The spec of :func:`spend_study`'s result (trials: positions x samples per position)."""
    return ResultSpec(
        ANALYSIS,
        "spend_or_save",
        inputs={
            "players": SPEND_PLAYERS,
            "rounds": list(range(1, E.ROUNDS)),
            "positions": "reveal of greedy games",
            "after": "greedy for everyone",
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.positions * plan.samples,
        chunk_size=None,
    )


def spend_study(plan: SaintPlan, runner: Runner = Runner()) -> ResultSet:
    """At each round's reveal in greedy games (3 players): revealing the best pair against
    keeping the strong cards, by the points to the end of the game."""
    start = time.perf_counter()
    rows = []
    for r in range(1, E.ROUNDS):  # in round 8 the two cards left are the only pair
        job = KernelJob(spend_or_save, (SPEND_PLAYERS, r, policy_weights()), (plan.samples,), SPEND_TALLY)
        run = runner.reporting(None).monte_carlo(
            job,
            seed=derive_seed(plan.seed, 4, r),
            stopping=Stopping(trials=plan.positions),
            chunk_size=max(1, plan.positions // 4),
        )
        t, n = run.tallies, run.trials
        gap, se = mean_and_se(t[1], t[2], n)
        rows.append({"round": r, "positions": n, "spend_minus_save": gap, "stderr": se, "spend_better": t[3] / n})
        runner.report(r, E.ROUNDS - 1)
    table = pd.DataFrame(rows)
    manifest = manifest_for(
        spend_spec(plan),
        elapsed=time.perf_counter() - start,
        standard_errors={"max_gap_se": float(table.stderr.max())},
        command=COMMAND,
    )
    tables = {"spend_or_save": table}
    return drawn_result(spend_spec(plan), tables, manifest, _spend_figures)


def _spend_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["spend_or_save"]
    figure = Figure(figsize=(7.5, 5), layout="constrained")
    ax = figure.subplots()
    ax.errorbar(table["round"], table.spend_minus_save, yerr=2 * table.stderr, marker="o", capsize=3)
    ax.axhline(0, color="black", lw=0.8)
    ax.set_xlabel("round of the reveal")
    ax.set_ylabel("points to the end: best pair minus saving pair")
    ax.set_title(f"Saint Poker, {SPEND_PLAYERS} greedy players: spend strong cards now or save them?", fontsize=10)
    ax.grid(alpha=0.3)
    samples = manifest["trials"] // int(table.positions.iloc[0])  # trials = positions x samples per position
    add_note(
        figure,
        f"Monte Carlo: {count_text(table.positions)} positions per round, both reveals valued over {samples} deals "
        f"of the unseen cards, seed {manifest['seed']};\nerror bars 2 standard errors.",
    )
    return {"spend_or_save": figure}


REGRET_PLAYERS = 3
REGRET_CONTINUATION = "tuned"  # the positions' players and the play after every valued choice


def _regret_policies(plan: SaintPlan) -> tuple[str, ...]:
    return ("greedy", "save", "tuned", plan.rollout_policy, *plan.regret_search)


def _regret_cells() -> list[tuple[str, int]]:
    """Every (phase, round) with more than one legal choice: the river card in rounds 1 to 8,
    the pair to reveal in 1 to 7 (in round 8 the two cards left are the only pair), the draft
    pick in 1 to 7 (there is no draft after round 8)."""
    last = {"river": E.ROUNDS, "reveal": E.ROUNDS - 1, "draft": E.ROUNDS - 1}
    return [(phase, r) for phase in PHASES for r in range(1, last[phase] + 1)]


def regret_spec(plan: SaintPlan) -> ResultSpec:
    """The spec of :func:`regret_study`'s result (trials: positions, ``regret_positions`` per
    phase and round)."""
    cells = _regret_cells()
    return ResultSpec(
        ANALYSIS,
        "policy_regret",
        inputs={
            "players": REGRET_PLAYERS,
            "phases": {phase: [r for q, r in cells if q == phase] for phase in PHASES},
            "positions_per_cell": plan.regret_positions,
            "samples_per_choice": plan.regret_samples,
            "positions": f"a uniformly drawn decision of the phase and round in {REGRET_CONTINUATION} games "
            "(draft ties at random, S-5) with more than one legal choice",
            "values": f"every legal choice played out under {REGRET_CONTINUATION} play for everyone from deals of "
            "the cards the decider has not seen, common to all choices (the search player's values)",
            "policies": list(_regret_policies(plan)),
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.regret_positions * len(cells),
        chunk_size=None,
    )


def _regret_rows(keys: Mapping[str, Any], t: np.ndarray, policies: Sequence[str]) -> list[dict[str, Any]]:
    """One row per policy from :func:`~analyzer.games.saint_poker.study_kernels.policy_regret`'s
    tallies ``t`` (summed over cells): means over the positions and their standard errors."""
    n = int(t[0])
    rows = []
    for i, name in enumerate(policies):
        at = REGRET_HEAD + REGRET_STATS * i
        regret, regret_se = mean_and_se(t[at], t[at + 1], n)
        held, held_se = mean_and_se(t[at + 2], t[at + 3], n)
        best = t[at + 4] / n
        points, points_se = mean_and_se(t[at + 5], t[at + 6], n)
        rows.append(
            {
                **keys,
                "policy": name,
                "positions": n,
                "choices": t[1] / n,
                "regret": regret,
                "regret_stderr": regret_se,
                "regret_held_out": held,
                "regret_held_out_stderr": held_se,
                "best_choice": best,
                "best_choice_stderr": float(np.sqrt(best * (1 - best) / n)),
                "points_regret": points,
                "points_regret_stderr": points_se,
            }
        )
    return rows


def regret_cell(plan: SaintPlan, i: int, runner: Runner = Runner()) -> np.ndarray:
    """The tallies of cell ``i`` of :func:`_regret_cells` (its own seed, derived from the plan's):
    :func:`~analyzer.games.saint_poker.study_kernels.policy_regret` over ``regret_positions``."""
    phase, r = _regret_cells()[i]
    policies = _regret_policies(plan)
    players = np.array([parse_policy(p) for p in policies])
    job = KernelJob(
        policy_regret,
        (REGRET_PLAYERS, PHASES[phase], r, players, POLICY_NAMES[REGRET_CONTINUATION], policy_weights()),
        (plan.regret_samples,),
        regret_width(len(policies)),
    )  # policy_regret(n, phase, round, players, continuation, weights, positions, samples, ..)
    return (
        runner.reporting(None)
        .monte_carlo(
            job,
            seed=derive_seed(plan.seed, 6, i),
            stopping=Stopping(trials=plan.regret_positions),
            chunk_size=max(1, plan.regret_positions // 4),
        )
        .tallies
    )


def regret_study(plan: SaintPlan, runner: Runner = Runner()) -> ResultSet:
    """What each policy's choice gives away (3 players), by phase and round and by phase over
    all its rounds (:func:`~analyzer.games.saint_poker.study_kernels.policy_regret`): the mean
    regret in win share (in-sample, erring high, and held-out, erring low) and in points, and
    the share of best choices, each with its standard error over the positions."""
    start = time.perf_counter()
    policies = _regret_policies(plan)
    cells = _regret_cells()
    rows, sums = [], {phase: np.zeros(regret_width(len(policies))) for phase in PHASES}
    for i, (phase, r) in enumerate(cells):
        t = regret_cell(plan, i, runner)
        sums[phase] += t
        rows += _regret_rows({"phase": phase, "round": r}, t, policies)
        runner.report(i + 1, len(cells))
    table = pd.DataFrame(rows)
    by_phase = pd.DataFrame([row for phase in PHASES for row in _regret_rows({"phase": phase}, sums[phase], policies)])
    spec = regret_spec(plan)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={
            "max_regret_se": float(table.regret_stderr.max()),
            "max_phase_regret_se": float(by_phase.regret_stderr.max()),
        },
        command=COMMAND,
    )
    tables = {"policy_regret": table, "by_phase": by_phase}
    return drawn_result(spec, tables, manifest, _regret_figures)


def _regret_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """Each policy's mean regret in win share by round, one panel per phase (solid: in-sample,
    2 s.e. error bars; dashed: held-out), and by phase over all its rounds (bars: in-sample,
    ticks: held-out)."""
    table, by_phase = tables["policy_regret"], tables["by_phase"]
    policies = list(dict.fromkeys(table.policy))
    colours = {name: f"C{k}" for k, name in enumerate(policies)}
    titles = {"river": "the river card", "reveal": "the pair to reveal", "draft": "the draft pick"}
    figure = Figure(figsize=(17, 5), layout="constrained")
    axes = figure.subplots(1, len(PHASES) + 1, sharey=True)
    for ax, phase in zip(axes, PHASES):
        part = table[table.phase == phase]
        for k, name in enumerate(policies):
            rows = part[part.policy == name]
            x = rows["round"] + (k - (len(policies) - 1) / 2) * 0.08
            ax.errorbar(
                x,
                100 * rows.regret,
                yerr=200 * rows.regret_stderr,
                marker="o",
                ms=4,
                capsize=2,
                color=colours[name],
                label=name,
            )
            ax.plot(x, 100 * rows.regret_held_out, ls="--", lw=0.8, color=colours[name])
        ax.axhline(0, color="black", lw=0.8)
        ax.set_xticks(sorted(part["round"].unique()))
        ax.set_xlabel("round")
        ax.set_title(titles[phase], fontsize=10)
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("regret (points of win share, %)")
    axes[0].legend(fontsize=8)
    ax = axes[-1]
    width = 0.8 / len(policies)
    for k, name in enumerate(policies):
        part = by_phase[by_phase.policy == name].set_index("phase").loc[list(PHASES)]
        x = np.arange(len(PHASES)) + (k - (len(policies) - 1) / 2) * width
        ax.bar(x, 100 * part.regret, width, yerr=200 * part.regret_stderr, capsize=2, color=colours[name])
        ax.scatter(x, 100 * part.regret_held_out, marker="_", s=120, color="black", zorder=3)
    ax.axhline(0, color="black", lw=0.8)
    ax.set_xticks(np.arange(len(PHASES)), list(PHASES))
    ax.set_title("each phase, all its rounds", fontsize=10)
    ax.grid(alpha=0.3, axis="y")
    inputs = manifest["inputs"]
    figure.suptitle(
        f"Saint Poker, {inputs['players']} players: what each policy's choice gives away against the best choice"
    )
    add_note(
        figure,
        f"Monte Carlo, seed {manifest['seed']}: {count_text(table.positions)} positions per phase and round from "
        f"{REGRET_CONTINUATION} games, every legal choice valued by {inputs['samples_per_choice']:,} deals played "
        f"out by {REGRET_CONTINUATION} players (common to all choices);\nsolid and bars: best choice by the same "
        "values (errs high), error bars 2 standard errors; dashed and black ticks: best chosen on half the deals, "
        "measured on the other (errs low).",
    )
    return {"policy_regret": figure}


FIGURES = {
    f"{ANALYSIS}/tournament": _tournament_figures,
    f"{ANALYSIS}/ties_and_seats": _ties_figures,
    f"{ANALYSIS}/paired_tournament": _paired_figures,
    f"{ANALYSIS}/ratings": _RATINGS_FIGURES,
    f"{ANALYSIS}/spend_or_save": _spend_figures,
    f"{ANALYSIS}/policy_regret": _regret_figures,
}


PARTS = {
    "tournament": Part(tournament_spec, tournament_study),
    "ties_and_seats": Part(ties_spec, ties_study),
    "paired_tournament": Part(paired_spec, paired_study),
    "ratings": Part(ratings_spec, ratings_study),
    "spend_or_save": Part(spend_spec, spend_study),
    "policy_regret": Part(regret_spec, regret_study),
}


def tables(
    *,
    studies: Sequence[str] | None = None,
    runner: Runner = Runner(),
    **plan: Any,
) -> list[ResultSet]:
    """Run the named studies (all by default, in the order of ``PARTS``) with a
    :class:`SaintPlan` made of the keyword parameters ``plan``."""
    return run_parts(PARTS, studies, make_plan(SaintPlan, plan), runner=runner)


def tables_specs(*, studies: Sequence[str] | None, **plan: Any) -> list[ResultSpec]:
    """The specs of the results :func:`tables` writes with the same parameters, in its order."""
    return part_specs(PARTS, studies, make_plan(SaintPlan, plan))
