"""Whole Head to Head Poker games and single rounds between two policies (rules §2.2-2.6).

Seat 0 ("first") moves first in rounds 1 and 3, seat 1 ("second") in round 2: the
round-1 dealer is whoever lost the die roll, so naming the first mover fixes the
seats. A game's type per round is rolled on the die (§2.4; a 6 makes the round Crazy
and is rerolled) unless a fixed type is given.

Policies by name: ``random``, ``greedy`` (the hand-set weights), ``tuned`` (greedy with
the tuned weights of :func:`.tuned.tuned_vector`), ``rollout`` (each legal move
scored by ``N`` rollouts under a base policy for both players; ``rollout:N`` or
``rollout:N:BASE`` choose N and the base, random, greedy or tuned; the default is 32
rollouts, greedy), ``search`` (successive halving over the legal moves with a budget of ``N``
play-outs a move under a base policy, from hidden cards resampled from what the player has not
seen: ``search:N`` or ``search:N:BASE``; the default is 1,024 play-outs, tuned), ``ismcts``
(information-set Monte Carlo tree search over both seats' moves in Open 5 rounds,
:mod:`.ismcts`: ``N`` iterations a move, ``ismcts:N`` or ``ismcts:N:BASE``, the default 1,024,
tuned; exact minimax where the rest of the round is fully known; ``search``'s successive halving
in the other round types), ``ismcts-pure`` (the tree search everywhere).
Each seat draws its random numbers from its own stream, the deal from a third, so a
policy change in one seat never changes the other seat's luck or the cards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._results import Result, largest_share_stderr, percent_with_error, summary, value_chart
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.policies import (
    BASE_POLICIES,
    ISMCTS,
    ISMCTS_PURE,
    LOOKAHEAD_KINDS,
    POLICY_NAMES,
    SEARCH,
    TUNED,
)
from analyzer.games.head_to_head.position import TYPE_CODES
from analyzer.games.head_to_head.rollout import GAME_WIDTH, _play_game, _play_round, lookahead_flag
from analyzer.games.head_to_head.rules import HeadToHeadRules
from analyzer.games.head_to_head.tuned import HAND_SET, tuned_vector
from analyzer.jit import kernel
from analyzer.sim.engine import Stopping, check_count, mean_and_se, rollout_count
from analyzer.sim.facts import RunFacts, inline_run
from analyzer.sim.rng import next_u64
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

DEFAULT_ROLLOUTS = 32
DEFAULT_SEARCH_BUDGET = 1024  # play-outs per move of the search player
DEFAULT_ISMCTS_BUDGET = 1024  # iterations (one play-out each) per move of the ismcts players
SEARCHING_KINDS = (SEARCH, ISMCTS, ISMCTS_PURE)  # the players that search at every move
GAME_CHUNK = 2_000
SEARCH_CHUNK = 20  # games a chunk with a search player (about 2 s a game)
ROLL = "roll"
# game tallies: games, first wins, second wins, tie-breaks, margin, margin^2, then per
# round r: margin sum, margin^2 sum, first mover's round wins, round ties
GAME_TALLY = 6 + 4 * 3
# round tallies: rounds, F wins, D wins, ties, F margin, F margin^2
ROUND_TALLY = 6


def parse_policy(spec: str) -> np.ndarray:
    """Policy parameters ``[kind, rollouts, base]`` from a name (module docstring); the
    vector a ``tuned`` kind plays comes from :func:`policy_vector`.

    >>> parse_policy("rollout:8:tuned").tolist(), parse_policy("search").tolist()
    ([2, 8, 3], [4, 1024, 3])
    """
    name, *rest = spec.strip().lower().split(":")
    if name not in POLICY_NAMES:
        raise ValueError(
            f"unknown policy {spec!r}: expected random, greedy, tuned, rollout[:N[:BASE]], search[:N[:BASE]], "
            "ismcts[:N[:BASE]] or ismcts-pure[:N[:BASE]]"
        )
    if POLICY_NAMES[name] not in LOOKAHEAD_KINDS:
        if rest:
            raise ValueError(f"policy {name!r} takes no parameters, got {spec!r}")
        return np.array([POLICY_NAMES[name], 0, 0], np.int64)
    rollouts, base = {
        "rollout": (DEFAULT_ROLLOUTS, "greedy"),
        "search": (DEFAULT_SEARCH_BUDGET, "tuned"),
    }.get(name, (DEFAULT_ISMCTS_BUDGET, "tuned"))
    if len(rest) > 2:
        raise ValueError(f"bad policy {spec!r}: expected {name}[:N[:BASE]]")
    if rest:
        rollouts = rollout_count(rest[0], spec)
    if len(rest) == 2:
        base = rest[1]
        if base not in BASE_POLICIES:
            raise ValueError(f"bad {name} base policy in {spec!r}: expected random, greedy or tuned")
    return np.array([POLICY_NAMES[name], rollouts, POLICY_NAMES[base]], np.int64)


def policy_vector(spec: str) -> np.ndarray:
    """The greedy parameter vector a policy plays (:mod:`.tuned`): the tuned one for
    ``tuned`` and for rollout and search players over a tuned base, else the hand-set one
    (which only ``tuned`` kinds read: greedy has it compiled in).

    >>> bool((policy_vector("rollout:4") == HAND_SET).all()), bool((policy_vector("search") == HAND_SET).all())
    (True, False)
    """
    kind, _, base = parse_policy(spec)
    return tuned_vector() if kind == TUNED or (kind in LOOKAHEAD_KINDS and base == TUNED) else HAND_SET


def seat_policies(*specs: str) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' policy arrays of the seats ``specs``, in seat order: the parameters
    (:func:`parse_policy`, int64) and the greedy vectors (:func:`policy_vector`, float64),
    one row a seat, both fresh C-contiguous arrays.

    >>> params, vectors = seat_policies("tuned", "greedy")
    >>> params.tolist(), vectors.shape, vectors.flags.c_contiguous
    ([[3, 0, 0], [1, 0, 0]], (2, 22), True)
    """
    return np.stack([parse_policy(s) for s in specs]), np.stack([policy_vector(s) for s in specs])


def parse_round_type(kind: str, crazy: bool = False) -> int:
    """A round type code, or 0 for a die roll; a ``ValueError`` for a name not known, or for
    ``crazy`` rounds rolled on the die (a 6 makes a rolled round Crazy, §2.4)."""
    kind = kind.strip().lower()
    if kind == ROLL:
        if crazy:
            raise ValueError("crazy needs a fixed round type; with a die roll a 6 makes a round Crazy")
        return 0
    if kind not in TYPE_CODES:
        raise ValueError(f"unknown round type {kind!r}: expected {', '.join(TYPE_CODES)} or roll")
    return TYPE_CODES[kind]


@kernel
def _game_streams(rng):
    """Three independent streams (deal, seat 0, seat 1) from a chunk's generator."""
    out = np.empty((3, 4), np.uint64)
    for i in range(3):
        for j in range(4):
            out[i, j] = next_u64(rng)
    return out


@kernel
def _play_games(kind, crazy, batch_rule, tiebreak, params, vectors, rng, games, tallies, lookahead):
    """Play ``games`` games and add them to the game tallies (see ``GAME_TALLY``); ``lookahead``:
    :func:`.rollout.lookahead_flag` of ``params``."""
    streams = _game_streams(rng)
    deal, seats = streams[0], streams[1:]
    st = np.zeros(E.STATE_SIZE, np.int64)
    out = np.zeros(GAME_WIDTH, np.int64)
    for _ in range(games):
        _play_game(st, kind, crazy, batch_rule, tiebreak, params, vectors, deal, seats, out, lookahead)
        margin = out[0] - out[1]
        tallies[0] += 1
        tallies[1 + out[2]] += 1
        tallies[3] += out[0] == out[1]
        tallies[4] += margin
        tallies[5] += margin * margin
        for r in range(3):
            rows = r + 3
            first_chips = out[5 + 3 * r] if r % 2 == 0 else rows * E.ROW_POT - out[5 + 3 * r]
            m = 2 * first_chips - rows * E.ROW_POT
            tallies[6 + 4 * r] += m
            tallies[7 + 4 * r] += m * m
            tallies[8 + 4 * r] += m > 0
            tallies[9 + 4 * r] += m == 0


@kernel
def _play_rounds(kind, crazy, rows, batch_rule, tiebreak, params, vectors, rng, rounds, tallies, lookahead):
    """Play single rounds with seat 0 the first mover (see ``ROUND_TALLY``); ``lookahead``:
    :func:`.rollout.lookahead_flag` of ``params``."""
    streams = _game_streams(rng)
    deal, seats = streams[0], streams[1:]
    st = np.zeros(E.STATE_SIZE, np.int64)
    for _ in range(rounds):
        E._start_round(st, kind, crazy, rows, np.int64(0), batch_rule, tiebreak, deal)  # not a literal
        _play_round(st, params, vectors, deal, seats, lookahead)
        m = 2 * E._round_chips(st) - rows * E.ROW_POT
        tallies[0] += 1
        tallies[1] += m > 0
        tallies[2] += m < 0
        tallies[3] += m == 0
        tallies[4] += m
        tallies[5] += m * m


@dataclass(frozen=True)
class _GameJob:
    """Monte Carlo chunks of whole games (:func:`_play_games`; picklable for Dask): the round
    type code (0: the die picks), the Crazy flag, the rule codes and both seats' policies
    (:func:`seat_policies`)."""

    kind: int
    crazy: int
    settings: tuple[int, int]
    params: np.ndarray
    vectors: np.ndarray

    def run_chunk(self, rng: np.ndarray, games: int) -> np.ndarray:
        """The game tallies (``GAME_TALLY``) of ``games`` games from ``rng``."""
        tallies = np.zeros(GAME_TALLY, np.int64)
        _play_games(
            self.kind,
            self.crazy,
            *self.settings,
            self.params,
            self.vectors,
            rng.copy(),
            games,
            tallies,
            lookahead_flag(self.params),
        )
        return tallies

    def standard_error(self, tallies: np.ndarray, games: int) -> float:
        """The standard error of the first player's win rate (for ``target_se`` stopping)."""
        return first_wins_se(tallies, games)


def first_wins_se(tallies: np.ndarray, games: int) -> float:
    """Standard error of the first player's win rate (``tallies[1]`` wins of ``games``)."""
    p = tallies[1] / games
    return float(np.sqrt(p * (1 - p) / games))


@dataclass(frozen=True)
class _RoundJob:
    """Monte Carlo chunks of single rounds (:func:`_play_rounds`; picklable for Dask)."""

    kind: int
    crazy: int
    rows: int
    settings: tuple[int, int]
    params: np.ndarray
    vectors: np.ndarray

    def run_chunk(self, rng: np.ndarray, rounds: int) -> np.ndarray:
        """The round tallies (``ROUND_TALLY``) of ``rounds`` rounds from ``rng``."""
        tallies = np.zeros(ROUND_TALLY, np.int64)
        _play_rounds(
            self.kind,
            self.crazy,
            self.rows,
            *self.settings,
            self.params,
            self.vectors,
            rng.copy(),
            rounds,
            tallies,
            lookahead_flag(self.params),
        )
        return tallies

    def standard_error(self, tallies: np.ndarray, rounds: int) -> float:
        """The standard error of the first mover's margin as a share of the chips at stake."""
        return mean_and_se(tallies[4], tallies[5], rounds)[1] / (2 * self.rows * E.ROW_POT)


GAMES = ("game", "games")


@dataclass(frozen=True)
class HeadToHeadGames(Result):
    """Whole games between two policies (§2.2-2.6): win rates and chip margins (first minus
    second); ``run.trials`` is the number of games.

    ``first`` is the round-1 first mover's policy (he moves first in rounds 1 and 3),
    ``second`` the other's; ``round_type`` is a fixed type or ``roll`` (the die picks each
    round, §2.4), ``crazy`` makes every round Crazy. ``first_wins`` and ``second_wins`` are the
    shares of games won (a tie on chips is settled by the card draw, §2.6: ``tie_breaks`` is
    how often), each with its standard error (``first_wins_stderr``, also the second's: his
    share is the rest; ``tie_breaks_stderr``); ``margin`` the mean chips of first minus second
    per game (of $2,400), with its standard error and standard deviation. ``rounds``: per
    round, the first mover's margin (± s.e.), his share of rounds won and the share of tied
    rounds.
    """

    first: str
    second: str
    round_type: str
    crazy: bool
    settings: HeadToHeadRules
    run: RunFacts
    first_wins: float
    first_wins_stderr: float
    second_wins: float
    tie_breaks: float  # share of games tied on chips and settled by the card draw
    tie_breaks_stderr: float
    margin: float
    margin_stderr: float
    margin_sd: float
    rounds: tuple[dict, ...] = field(default_factory=tuple)  # per round: the first mover's view

    def to_dict(self) -> dict:
        """The fields with the run's facts inlined, the rule settings and the rounds (``--json``)."""
        d = {k: v for k, v in self.__dict__.items() if k not in ("settings", "rounds")}
        return {
            "games": self.run.trials,
            **inline_run(d),
            "settings": self.settings.__dict__,
            "rounds": list(self.rounds),
        }

    def to_frame(self) -> pd.DataFrame:
        """One row per round: round, rows, first mover ("first" or "second"), his margin and its
        standard error, his share of rounds won, the share of ties."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame(self.rounds)

    def round_shares_stderr(self) -> float:
        """The largest standard error of the per-round shares (the first mover's rounds won, the
        tied rounds): each is a share of the games, so sqrt(p (1 - p) / n) over ``n`` games."""
        shares = [r[key] for r in self.rounds for key in ("first_mover_wins", "ties")]
        return largest_share_stderr(shares, self.run.trials)

    def __repr__(self) -> str:
        kind = f"{self.round_type}{' Crazy' if self.crazy else ''}"
        rows = [
            (f"first ({self.first}) wins", percent_with_error(self.first_wins, self.first_wins_stderr, 2)),
            (f"second ({self.second}) wins", percent_with_error(self.second_wins, self.first_wins_stderr, 2)),
            ("settled by the card draw", percent_with_error(self.tie_breaks, self.tie_breaks_stderr, 2)),
            ("chip margin", f"{self.margin:+.1f} ± {self.margin_stderr:.1f} $ per game (s.d. {self.margin_sd:.1f})"),
        ]
        rows += [
            (
                f"round {r['round']} ({r['rows']} rows)",
                f"{r['first_mover']} moves first: margin {r['first_mover_margin']:+.1f} ± "
                f"{r['first_mover_margin_stderr']:.1f} $, wins {100 * r['first_mover_wins']:.1f}%",
            )
            for r in self.rounds
        ]
        title = f"Head to Head games, {kind}: {self.first} (first) v {self.second} (second)"
        return summary(title, self.run.describe(GAMES), rows, total=len(rows), noun=GAMES)

    def plot(self) -> Figure:
        """Both players' shares of games won, with 2 s.e. error bars."""
        return value_chart(
            [f"first: {self.first}", f"second: {self.second}"],
            [self.first_wins, self.second_wins],
            [self.first_wins_stderr] * 2,  # second wins = 1 - first wins
            run=self.run,
            sampled=GAMES,
            title=f"Head to Head, {self.round_type}{' Crazy' if self.crazy else ''}: games won",
            value_label="share of games won",
        )


def simulate_games(
    first: str = "greedy",
    second: str = "random",
    *,
    round_type: str = ROLL,
    crazy: bool = False,
    games: int = 10_000,
    seed: int | None = None,
    settings: HeadToHeadRules = HeadToHeadRules(),
    runner: Runner = Runner(),
) -> HeadToHeadGames:
    """Simulate ``games`` whole games of policy ``first`` (the round-1 first mover)
    against ``second``; with ``round_type`` ``roll`` the die picks each round's type."""
    kind = parse_round_type(round_type, crazy)
    params, vectors = seat_policies(first, second)
    used_seed = new_seed(seed)
    run = runner.monte_carlo(
        _GameJob(kind, int(crazy), settings.codes(), params, vectors),
        seed=used_seed,
        stopping=Stopping(trials=check_count(games, "games")),
        chunk_size=SEARCH_CHUNK if np.isin(params[:, 0], SEARCHING_KINDS).any() else GAME_CHUNK,
    )
    t, n = run.tallies, run.trials
    margin, margin_se = mean_and_se(t[4], t[5], n)
    first_wins, first_se = t[1] / n, first_wins_se(t, n)
    rounds = []
    for r in range(3):
        m, se = mean_and_se(t[6 + 4 * r], t[7 + 4 * r], n)
        rounds.append(
            {
                "round": r + 1,
                "rows": r + 3,
                "first_mover": "first" if r % 2 == 0 else "second",
                "first_mover_margin": m,
                "first_mover_margin_stderr": se,
                "first_mover_wins": t[8 + 4 * r] / n,
                "ties": t[9 + 4 * r] / n,
            }
        )
    return HeadToHeadGames(
        first=first,
        second=second,
        round_type=round_type,
        crazy=crazy,
        settings=settings,
        run=RunFacts.from_run(run),
        first_wins=first_wins,
        first_wins_stderr=first_se,
        second_wins=t[2] / n,
        tie_breaks=t[3] / n,
        tie_breaks_stderr=mean_and_se(t[3], t[3], n)[1],  # each game tied or not
        margin=margin,
        margin_stderr=margin_se,
        margin_sd=float(np.sqrt(max(t[5] / n - margin**2, 0.0))),
        rounds=tuple(rounds),
    )


@dataclass(frozen=True)
class HeadToHeadRounds(Result):
    """Single rounds of one type and size (§2.3-2.4), ``first`` the first mover F and
    ``second`` the dealer D: the shares of rounds F wins, D wins and tie on chips, and F's
    margin (his chips minus D's per round, of $200 a row) with its standard error and
    standard deviation; ``run.trials`` is the number of rounds."""

    round_type: str
    crazy: bool
    rows: int
    first: str
    second: str
    run: RunFacts
    first_mover_wins: float
    dealer_wins: float
    ties: float
    margin: float  # the first mover's chips minus the dealer's, per round
    margin_stderr: float
    margin_sd: float

    def to_dict(self) -> dict:
        """The fields with the run's facts inlined, and the number of rounds."""
        return {"rounds": self.run.trials, **inline_run(self.__dict__)}

    def to_frame(self) -> pd.DataFrame:
        """One row (to stack with other round types and sizes): the round and the players, the
        number of rounds and the seed, the shares won and tied, and the margin."""
        import pandas as pd  # here, not at the top: queries print without pandas

        row = {k: v for k, v in self.__dict__.items() if k != "run"}
        return pd.DataFrame([{**row, "rounds": self.run.trials, "seed": self.run.seed}])

    def __repr__(self) -> str:
        rows = [
            ("first mover wins", f"{100 * self.first_mover_wins:.2f}%"),
            ("dealer wins", f"{100 * self.dealer_wins:.2f}%"),
            ("ties", f"{100 * self.ties:.2f}%"),
            ("margin", f"{self.margin:+.1f} ± {self.margin_stderr:.1f} $ per round (s.d. {self.margin_sd:.1f})"),
        ]
        title = (
            f"Head to Head rounds, {self.round_type}{' Crazy' if self.crazy else ''}, {self.rows} rows: "
            f"{self.first} (first mover) v {self.second} (dealer)"
        )
        return summary(title, self.run.describe(("round", "rounds")), rows, total=len(rows), noun=("row", "rows"))


def simulate_rounds(
    round_type: str,
    *,
    crazy: bool = False,
    rows: int = 3,
    first: str = "greedy",
    second: str = "greedy",
    rounds: int = 10_000,
    seed: int | None = None,
    settings: HeadToHeadRules = HeadToHeadRules(),
    runner: Runner = Runner(),
) -> HeadToHeadRounds:
    """Single rounds with ``first`` as the first mover F and ``second`` as the dealer."""
    kind = parse_round_type(round_type)
    if kind == 0:
        raise ValueError("single rounds need a fixed round type")
    if rows not in (3, 4, 5):
        raise ValueError(f"a round has 3, 4 or 5 rows, got {rows}")
    params, vectors = seat_policies(first, second)
    used_seed = new_seed(seed)
    run = runner.reporting(None).monte_carlo(
        _RoundJob(kind, int(crazy), rows, settings.codes(), params, vectors),
        seed=used_seed,
        stopping=Stopping(trials=check_count(rounds, "rounds")),
        chunk_size=GAME_CHUNK,
    )
    t, n = run.tallies, run.trials
    margin, se = mean_and_se(t[4], t[5], n)
    return HeadToHeadRounds(
        round_type=round_type,
        crazy=crazy,
        rows=rows,
        first=first,
        second=second,
        run=RunFacts.from_run(run),
        first_mover_wins=t[1] / n,
        dealer_wins=t[2] / n,
        ties=t[3] / n,
        margin=margin,
        margin_stderr=se,
        margin_sd=float(np.sqrt(max(t[5] / n - margin**2, 0.0))),
    )
