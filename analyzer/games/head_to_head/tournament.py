"""Round robins between Head to Head players, deals and seats paired (rules §2.2-2.7).

Every pair of players (A, B) plays the same ``deals`` deals, each deal twice: first with A the
round-1 first mover, then with B, on the same deal stream (the round types, the common cards and
every card drawn), and each player draws its own random numbers from the same stream in both
games of the deal. The deal scores ``d = (m_1 + m_2) / 2``, each ``m`` the $ of A minus the $ of
B in one game (the chips won, of $2,400; in the betting game the final stacks, of $1,600). The
luck of the cards and of the seat cancels in ``d``, and one seed gives every pair the same deals,
so the matches share their luck too (common random numbers).

A player is a placement policy (:func:`.play.parse_policy`: ``random``, ``greedy``, ``tuned``,
``rollout[:N[:BASE]]``) and, in the betting game, a betting policy after a ``+``
(:func:`.betting.play.parse_bet_policy`; ``threshold`` if none is given): ``tuned+rollout:16``.

Reported per match: A's mean ``d`` in $ per game with its standard error over the deals, and A's
share of the games won (both games of a deal, a tie on chips settled by the card draw §2.6; its
standard error over the deals). Per player, the standing: the mean over its opponents of ``d``,
averaged per deal before the standard error is taken, so that the shared deals count once.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._results import Result, summary, value_chart
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.betting.policies import (
    BET_GAME_WIDTH,
    GAME_PLACEMENTS,
    _play_betting_game,
    betting_lookahead,
)
from analyzer.games.head_to_head.betting.rules import BettingRules
from analyzer.games.head_to_head.play import ROLL, parse_policy, parse_round_type, policy_vector
from analyzer.games.head_to_head.policies import LOOKAHEAD_KINDS
from analyzer.games.head_to_head.rollout import GAME_WIDTH, _play_game, lookahead_flag
from analyzer.games.head_to_head.rules import HeadToHeadRules
from analyzer.games.ratings import Ratings, fit_ratings
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.engine import mean_and_se
from analyzer.sim.facts import RunFacts, inline_run
from analyzer.sim.rng import next_u64
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import chunk_state, derive_seed, new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

BLOCK = 2_000  # paired deals per block of the seed's streams (as in the tuning objective: the same deals)
LOOKAHEAD_PIECE = 10  # paired deals per task of a pair with a rollout or search player (of a block)
MAX_DEALS = 10_000_000
DEFAULT_BETS = "threshold"
DEALS = ("paired deal", "paired deals")
PLAYER_STREAMS = 1  # derive_seed key of the players' own random numbers (the deals use the seed itself)

Player = tuple[np.ndarray, np.ndarray, "np.ndarray | None"]
"""A player as the kernels take it: policy parameters, greedy vector, betting parameters (or None)."""
Game = tuple[int, int, tuple[int, int], "np.ndarray | None"]
"""A game as the kernels take it: round type code, Crazy flag, placement rule codes, betting rule
codes (None for the placement game)."""


@kernel
def _next_deal(deal_rng, player_rng, deal, players):
    """Draw the next deal's stream (4 words) and both players' streams (4 words each)."""
    for i in range(4):
        deal[i] = next_u64(deal_rng)
    for p in range(2):
        for i in range(4):
            players[p, i] = next_u64(player_rng)


@kernel
def _skip_deals(deal_rng, player_rng, deals):
    """Move both generators past ``deals`` deals (a task may start inside a block)."""
    deal = np.empty(4, np.uint64)
    players = np.empty((2, 4), np.uint64)
    for _ in range(deals):
        _next_deal(deal_rng, player_rng, deal, players)


@kernel
def _seat(rows, a_seat, seated):
    """``seated`` = ``rows`` (player A, player B) in seat order, A in ``a_seat``."""
    copy_into(seated[a_seat], rows[0])  # not a slice assignment: see analyzer.sim.arrays
    copy_into(seated[1 - a_seat], rows[1])


@kernel
def _paired_games(kind, crazy, batch_rule, tiebreak, params, vectors, deal_rng, player_rng, twice, wins, lookahead):
    """Play ``twice.size`` paired deals of player A (row 0 of ``params`` and ``vectors``)
    against B (row 1): ``twice[g]`` gets ``2d`` of deal ``g`` in $ (module docstring), ``wins[g]``
    A's games won (0 to 2); ``lookahead``: :func:`.rollout.lookahead_flag` of ``params``."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    out = np.zeros(GAME_WIDTH, np.int64)
    deal = np.empty(4, np.uint64)
    stream = np.empty(4, np.uint64)
    players = np.empty((2, 4), np.uint64)
    seats = np.empty((2, 4), np.uint64)
    seat_params = np.empty_like(params)
    seat_vectors = np.empty_like(vectors)
    for g in range(twice.size):
        _next_deal(deal_rng, player_rng, deal, players)
        twice[g] = 0
        wins[g] = 0
        for a_seat in range(2):
            _seat(params, a_seat, seat_params)
            _seat(vectors, a_seat, seat_vectors)
            _seat(players, a_seat, seats)
            copy_into(stream, deal)
            _play_game(st, kind, crazy, batch_rule, tiebreak, seat_params, seat_vectors, stream, seats, out, lookahead)
            twice[g] += out[a_seat] - out[1 - a_seat]
            wins[g] += out[2] == a_seat


@kernel
def _paired_betting_games(
    kind, crazy, batch_rule, tiebreak, bet_rules, params, vectors, bparams, deal_rng, player_rng, twice, wins, lookahead
):
    """:func:`_paired_games` in the betting game (§2.7): A's betting policy is row 0 of
    ``bparams``; the margin is the final stacks' difference; ``lookahead``:
    :func:`.betting.policies.betting_lookahead` of the players."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    out = np.zeros(BET_GAME_WIDTH, np.int64)
    trajectory = np.zeros(GAME_PLACEMENTS, np.int64)
    deal = np.empty(4, np.uint64)
    stream = np.empty(4, np.uint64)
    players = np.empty((2, 4), np.uint64)
    seats = np.empty((2, 4), np.uint64)
    seat_params = np.empty_like(params)
    seat_vectors = np.empty_like(vectors)
    seat_bparams = np.empty_like(bparams)
    for g in range(twice.size):
        _next_deal(deal_rng, player_rng, deal, players)
        twice[g] = 0
        wins[g] = 0
        for a_seat in range(2):
            _seat(params, a_seat, seat_params)
            _seat(vectors, a_seat, seat_vectors)
            _seat(bparams, a_seat, seat_bparams)
            _seat(players, a_seat, seats)
            copy_into(stream, deal)
            _play_betting_game(
                st, kind, crazy, batch_rule, tiebreak, bet_rules, seat_params, seat_vectors, seat_bparams, stream,
                seats, out, trajectory, lookahead,
            )  # fmt: skip
            twice[g] += out[a_seat] - out[1 - a_seat]
            wins[g] += out[2] == a_seat


def paired_deals(
    first: Player,
    second: Player,
    game: Game,
    seed: int,
    block: int,
    deals: int,
    skip: int = 0,
) -> tuple[np.ndarray, np.ndarray]:
    """Deals ``skip`` to ``skip + deals`` of block ``block`` of the paired deals of ``seed``
    between two players in ``game``: ``2d`` (in $) and A's games won per deal.

    A deterministic player against itself scores exactly 0 on every deal:

    >>> from analyzer.games.head_to_head.tuned import HAND_SET
    >>> greedy = (parse_policy("greedy"), HAND_SET, None)
    >>> twice, wins = paired_deals(greedy, greedy, (0, 0, HeadToHeadRules().codes(), None), 1, 0, 5)
    >>> twice.tolist(), wins.tolist()
    ([0, 0, 0, 0, 0], [1, 1, 1, 1, 1])
    """
    kind, crazy, codes, bet_rules = game
    params = np.stack([first[0], second[0]])
    vectors = np.stack([first[1], second[1]])
    deal_rng = chunk_state(seed, block)
    player_rng = chunk_state(derive_seed(seed, PLAYER_STREAMS), block)
    _skip_deals(deal_rng, player_rng, skip)
    twice = np.zeros(deals, np.int64)
    wins = np.zeros(deals, np.int64)
    if bet_rules is None:
        _paired_games(
            kind, crazy, codes[0], codes[1], params, vectors, deal_rng, player_rng, twice, wins, lookahead_flag(params)
        )
    else:
        if first[2] is None or second[2] is None:
            raise ValueError("the betting game needs both players' betting policies")
        bparams = np.stack([first[2], second[2]])
        _paired_betting_games(
            kind, crazy, codes[0], codes[1], bet_rules, params, vectors, bparams, deal_rng, player_rng, twice, wins,
            betting_lookahead(params, bparams),
        )  # fmt: skip
    return twice, wins


def parse_player(spec: str, betting: bool) -> Player:
    """A player's arrays from its name (module docstring).

    >>> params, vector, bets = parse_player("rollout:8+never", betting=True)
    >>> params.tolist(), int(bets[0])
    ([2, 8, 1], 0)
    """
    from analyzer.games.head_to_head.betting.play import parse_bet_policy

    placement, plus, bets = spec.partition("+")
    if plus and not betting:
        raise ValueError(f"player {spec!r} names a betting policy: only the betting game has one")
    return (
        parse_policy(placement),
        policy_vector(placement),
        parse_bet_policy(bets if plus else DEFAULT_BETS) if betting else None,
    )


@dataclass(frozen=True)
class Match(Result):
    """One pair's paired deals: ``first``'s mean margin over ``second`` in $ per game
    (``margin``, ± ``margin_stderr``) and ``first``'s share of the games won (± ``wins_stderr``)."""

    first: str
    second: str
    margin: float
    margin_stderr: float
    wins: float
    wins_stderr: float


@dataclass(frozen=True)
class Standing(Result):
    """A player's mean margin in $ per game over the field (every other player, equally
    weighted), ± its standard error over the shared deals."""

    player: str
    margin: float
    margin_stderr: float


def _mean_se(values: np.ndarray) -> tuple[float, float]:
    """The mean of per-deal values and its standard error (:func:`analyzer.sim.engine.mean_and_se`)."""
    return mean_and_se(float(values.sum()), float((values * values).sum()), values.size)


@dataclass(frozen=True)
class HeadToHeadTournament(Result):
    """A round robin (module docstring): ``matches`` in the order of the pairs of ``players``
    (1 v 2, 1 v 3, ..., 2 v 3, ...), ``standings`` best first; ``run.trials`` is the number of
    paired deals every pair played (two games each), ``run.seed`` the seed of the deals."""

    players: tuple[str, ...]
    betting: bool
    round_type: str
    crazy: bool
    settings: HeadToHeadRules
    rules: BettingRules | None
    run: RunFacts
    matches: tuple[Match, ...]
    standings: tuple[Standing, ...]

    def to_dict(self) -> dict:
        """The fields with the run's facts inlined, the rule settings, the matches, the
        standings and the ratings (``--json``; ``ratings`` None, and ``ratings_unavailable``
        saying why, when no finite ratings fit)."""
        d = {k: v for k, v in self.__dict__.items() if k not in ("settings", "rules", "matches", "standings")}
        try:
            ratings, why = self.ratings().to_dict(), None
        except ValueError as error:
            ratings, why = None, str(error)
        return {
            "deals": self.run.trials,
            **inline_run(d),
            "settings": self.settings.__dict__,
            "rules": None if self.rules is None else self.rules.__dict__,
            "matches": [m.__dict__ for m in self.matches],
            "standings": [s.__dict__ for s in self.standings],
            "ratings": ratings,
            **({"ratings_unavailable": why} if why else {}),
        }

    def to_frame(self) -> pd.DataFrame:
        """One row per match: first, second, margin, its standard error, wins, its standard error."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([m.__dict__ for m in self.matches])

    def __repr__(self) -> str:
        rows = [
            (f"{s.player}", f"{s.margin:+.1f} ± {s.margin_stderr:.1f} $ per game v the field") for s in self.standings
        ]
        rows += [
            (f"{m.first} v {m.second}", f"{m.margin:+.1f} ± {m.margin_stderr:.1f} $, wins {100 * m.wins:.1f}%")
            for m in self.matches
        ]
        game = "betting game" if self.betting else "placement game"
        title = f"Head to Head round robin, {game}, {self.round_type}{' Crazy' if self.crazy else ''}"
        return summary(title, self.run.describe(DEALS), rows, total=len(rows), noun=("line", "lines"))

    def ratings(self) -> Ratings:
        """The players' Bradley-Terry ratings fitted to the matches' shares of the games won
        (:mod:`analyzer.games.ratings`: Elo points, how well one number per player explains the
        matches, the non-transitive pairs)."""
        index = {name: k for k, name in enumerate(self.players)}
        observations = [(index[m.first], index[m.second], m.wins, m.wins_stderr, 2) for m in self.matches]
        return fit_ratings(self.players, observations)

    def plot(self) -> Figure:
        """Each player's margin over the field, with 2 s.e. error bars."""
        return value_chart(
            [s.player for s in self.standings],
            [s.margin for s in self.standings],
            [s.margin_stderr for s in self.standings],
            run=self.run,
            sampled=DEALS,
            title=f"Head to Head round robin ({'betting' if self.betting else 'placement'} game)",
            value_label="$ per game over the field",
        )


def tournament(
    players: list[str] | tuple[str, ...],
    *,
    betting: bool = False,
    round_type: str = ROLL,
    crazy: bool = False,
    deals: int = 2_000,
    seed: int | None = None,
    settings: HeadToHeadRules = HeadToHeadRules(),
    rules: BettingRules = BettingRules(),
    runner: Runner = Runner(),
) -> HeadToHeadTournament:
    """A round robin between ``players`` (at least two, each named once), ``deals`` paired
    deals a pair, in the placement game or (``betting``) the betting game (module docstring)."""
    if isinstance(players, str):
        raise TypeError(f"players must be a list of policy names, not one string: got {players!r}")
    names = tuple(p.strip() for p in players)
    if len(names) < 2:
        raise ValueError(f"a round robin needs at least two players, got {len(names)}")
    twice_named = sorted({n for n in names if names.count(n) > 1})
    if twice_named:
        raise ValueError(f"player {twice_named[0]!r} is named twice: name each player once")
    if not 1 <= deals <= MAX_DEALS:
        raise ValueError(f"deals must be 1 to {MAX_DEALS:,}, got {deals}")
    kind = parse_round_type(round_type, crazy)
    parsed = [parse_player(n, betting) for n in names]
    used_seed = new_seed(seed)
    game: Game = (kind, int(crazy), settings.codes(), rules.codes() if betting else None)
    pairs = list(combinations(range(len(names)), 2))
    tasks, owner = [], []
    for k, (i, j) in enumerate(pairs):
        piece = LOOKAHEAD_PIECE if {parsed[i][0][0], parsed[j][0][0]} & set(LOOKAHEAD_KINDS) else BLOCK
        for b in range(-(-deals // BLOCK)):
            size = min(BLOCK, deals - b * BLOCK)
            for skip in range(0, size, piece):
                tasks.append((parsed[i], parsed[j], game, used_seed, b, min(piece, size - skip), skip))
                owner.append(k)
    start = time.perf_counter()
    done = runner.tasks(paired_deals, tasks)
    per_pair = [[part for part, k in zip(done, owner) if k == pair] for pair in range(len(pairs))]
    d = np.stack([np.concatenate([t for t, _ in parts]) / 2.0 for parts in per_pair])  # pairs x deals, $
    w = np.stack([np.concatenate([v for _, v in parts]) / 2.0 for parts in per_pair])
    matches = []
    for (i, j), dk, wk in zip(pairs, d, w):
        margin, margin_se = _mean_se(dk)
        wins, wins_se = _mean_se(wk)
        matches.append(Match(names[i], names[j], margin, margin_se, wins, wins_se))
    standings = []
    for p, name in enumerate(names):
        field = sum(dk if i == p else -dk for (i, j), dk in zip(pairs, d) if p in (i, j)) / (len(names) - 1)
        standings.append(Standing(name, *_mean_se(field)))
    standings.sort(key=lambda s: -s.margin)
    return HeadToHeadTournament(
        players=names,
        betting=betting,
        round_type=round_type,
        crazy=crazy,
        settings=settings,
        rules=rules if betting else None,
        run=RunFacts("monte-carlo", deals, used_seed, BLOCK, time.perf_counter() - start, "trials"),
        matches=tuple(matches),
        standings=tuple(standings),
    )
