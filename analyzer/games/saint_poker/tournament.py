"""Saint Poker tournaments, deals and seats paired (rules §3; ``poker-analyzer saint-poker tournament``).

Every player plays every seat of an ``n``-player table against ``n - 1`` opponents of one
``field`` policy, on the same deals (:func:`.study_kernels.paired_tournament`): each deal's
cards, draft tie-breaks and seat streams are drawn once and replayed for every player and every
seat (common random numbers), so two players' results differ by their play, not by their cards
or their seats. A player's score on a deal is ``x``, his share of the game won summed over the
``n`` seats (a shared win counts 1 / w, S-7); his win share is the mean of ``x / n`` over the
deals, the fair share ``1 / n``. Two players' difference is the mean of ``(x_a - x_b) / n`` over
the same deals, so its standard error is that of the paired differences.

A player whose policy is the field's (the same parameters: ``search`` and ``search:256`` are
one policy) is not played, in a tournament, a round robin or a study's cell alike
(:func:`paired_run`). At a table where every seat plays one policy, the player in seat ``s``
plays the same game whichever seat he has, so his shares over the ``n`` seats are that game's,
which sum to one game (``w`` tied winners take ``1 / w`` each): his ``x`` is one game on every
deal, and his tallies are written without playing (:func:`_with_the_field`), the same integers
the games would give. So a player measured at a table of another
(``tournament(["search:4096", "search:1024"], field="search:1024")``) costs one player's
games, not two. The deals do not depend on which players are played.

Reported: every player's win share with its standard error and its margin over the fair share,
best first, and every pair's difference with its standard error and z-score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._results import Result, percent_with_error, summary, value_chart
from analyzer.games.ratings import Ratings, fit_ratings
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.play import parse_policy
from analyzer.games.saint_poker.policies import policy_weights
from analyzer.games.saint_poker.rollout import SHARE
from analyzer.games.saint_poker.study_kernels import paired_tournament, paired_width
from analyzer.sim.engine import KernelJob, MonteCarloRun, Stopping, check_count, mean_and_se
from analyzer.sim.facts import RunFacts, inline_run
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import check_seed, new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

DEALS = ("paired deal", "paired deals")
DEFAULT_FIELD = "greedy"


def paired_run(
    seats: int,
    names: Sequence[str],
    deals: int,
    seed: int,
    *,
    field: str = DEFAULT_FIELD,
    weights: np.ndarray | None = None,
    runner: Runner = Runner(),
) -> MonteCarloRun:
    """The run behind a tournament (module docstring): ``names`` each in every one of ``seats``
    seats against ``field``, over ``deals`` deals of ``seed`` (in 20 chunks), base policies
    reading ``weights`` (:func:`.policies.policy_weights` by default); its tallies are those of
    :func:`.study_kernels.paired_tournament` for all ``names``, though the names whose policy
    is the field's are not played (module docstring). A deal's cards and streams do not depend
    on the players, so a subset of ``names`` gets the same values for its players."""
    params = np.stack([parse_policy(name) for name in names])
    field_policy = parse_policy(field)
    played = [i for i, policy in enumerate(params) if not np.array_equal(policy, field_policy)]
    run = _played_run(seats, params[played], field_policy, deals, seed, weights, runner)
    return replace(run, tallies=_with_the_field(run.tallies, len(names), played))


def _played_run(
    seats: int,
    params: np.ndarray,
    field_policy: np.ndarray,
    deals: int,
    seed: int,
    weights: np.ndarray | None,
    runner: Runner,
) -> MonteCarloRun:
    """:func:`paired_run` with every policy row of ``params`` played (none: the deals are drawn
    and nothing else)."""
    table = policy_weights() if weights is None else weights
    job = KernelJob(paired_tournament, (seats, params, field_policy, table), (), paired_width(len(params)))
    return runner.monte_carlo(job, seed=seed, stopping=Stopping(trials=deals), chunk_size=max(1, deals // 20))


@dataclass(frozen=True)
class Standing(Result):
    """A player's result: ``wins`` his share of the games won (fair: 1 / seats) with its standard
    error, and ``margin`` that share minus the fair one."""

    player: str
    wins: float
    wins_stderr: float
    margin: float


@dataclass(frozen=True)
class Match(Result):
    """Two players on the same deals and seats: ``difference`` the first's win share minus the
    second's, with the standard error of the paired differences and ``z`` their ratio (None when
    that error is 0: the two played alike on every deal)."""

    first: str
    second: str
    difference: float
    stderr: float
    z: float | None


@dataclass(frozen=True)
class SaintPokerTournament(Result):
    """A paired tournament (module docstring): ``players`` each in every one of ``seats`` seats
    against ``field`` opponents; ``standings`` best first, ``matches`` in the order of the pairs
    of ``players``; ``run.trials`` the deals, ``run.seed`` their seed."""

    players: tuple[str, ...]
    seats: int
    field: str
    run: RunFacts
    standings: tuple[Standing, ...]
    matches: tuple[Match, ...]

    def to_dict(self) -> dict:
        """The fields with the run's facts inlined, the standings and the matches (``--json``)."""
        d = {k: v for k, v in self.__dict__.items() if k not in ("standings", "matches")}
        return {
            "deals": self.run.trials,
            **inline_run(d),
            "standings": [s.__dict__ for s in self.standings],
            "matches": [m.__dict__ for m in self.matches],
        }

    def to_frame(self) -> pd.DataFrame:
        """One row per match: first, second, difference, its standard error, z."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([m.__dict__ for m in self.matches])

    def __repr__(self) -> str:
        rows = [
            (s.player, f"wins {percent_with_error(s.wins, s.wins_stderr, 1)} ({100 * s.margin:+.1f} over fair)")
            for s in self.standings
        ]
        rows += [
            (f"{m.first} v {m.second}", f"{100 * m.difference:+.1f} ± {100 * m.stderr:.1f} points of win share")
            for m in self.matches
        ]
        title = f"Saint Poker paired tournament, {self.seats} seats against {self.field}"
        return summary(title, self.run.describe(DEALS), rows, total=len(rows), noun=("line", "lines"))

    def plot(self) -> Figure:
        """Each player's win share, with 2 s.e. error bars."""
        return value_chart(
            [s.player for s in self.standings],
            [s.wins for s in self.standings],
            [s.wins_stderr for s in self.standings],
            run=self.run,
            sampled=DEALS,
            title=f"Saint Poker paired tournament ({self.seats} seats against {self.field})",
            value_label="share of the games won",
        )


def _check_players(players: Sequence[str]) -> tuple[str, ...]:
    """The players' names, stripped; a ``TypeError`` for one string, a ``ValueError`` for a name
    given twice."""
    if isinstance(players, str):
        raise TypeError(f"players must be a list of policy names, not one string: got {players!r}")
    names = tuple(p.strip() for p in players)
    if len(set(names)) < len(names):
        raise ValueError(f"each player is named once: got {', '.join(names)}")
    return names


def _check_table(seats: int, deals: int, seed: int | None) -> None:
    """A ``ValueError`` naming the bad value unless 2 to 5 seats, a positive count of deals and a
    valid seed."""
    if not 2 <= seats <= E.MAX_PLAYERS:
        raise ValueError(f"Saint Poker has 2 to 5 players a table, got {seats} seats")
    check_count(deals, "deals")
    check_seed(seed)


def _with_the_field(tallies: np.ndarray, players: int, played: Sequence[int]) -> np.ndarray:
    """The tallies of all ``players`` players, from ``tallies``, those of the players ``played``
    (indices, ascending) alone: a player not played plays like the field, so his ``x`` is
    ``SHARE`` (one game) on every deal (module docstring), his sums are ``done * SHARE`` and
    ``done * SHARE**2``, and a pair's follow from the other player's. Exact integers: what
    playing him would tally."""
    done = tallies[0]
    index = {c: i for i, c in enumerate(played)}
    x_sums, x_squares = [], []
    for c in range(players):
        i = index.get(c)
        x_sums.append(done * SHARE if i is None else tallies[1 + 2 * i])
        x_squares.append(done * SHARE * SHARE if i is None else tallies[2 + 2 * i])
    played_pairs = {pair: 1 + 2 * len(played) + 2 * k for k, pair in enumerate(combinations(played, 2))}
    full = np.zeros(paired_width(players), tallies.dtype)
    full[0] = done
    full[1 : 1 + 2 * players : 2], full[2 : 2 + 2 * players : 2] = x_sums, x_squares
    for k, (i, j) in enumerate(combinations(range(players), 2)):
        at = 1 + 2 * players + 2 * k
        if (i, j) in played_pairs:
            full[at : at + 2] = tallies[played_pairs[i, j] : played_pairs[i, j] + 2]
        else:  # (x_i - x_j)^2 summed, one of them SHARE on every deal
            cross = SHARE * (x_sums[i] if j not in index else x_sums[j])
            full[at], full[at + 1] = x_sums[i] - x_sums[j], x_squares[i] - 2 * cross + x_squares[j]
    return full


def win_shares(run: MonteCarloRun, players: int, seats: int) -> list[tuple[float, float]]:
    """Each of the first ``players`` players' share of the games won in a :func:`paired_run`
    at ``seats`` seats, with its standard error over the deals."""
    t, unit = run.tallies, SHARE * seats  # x / unit is a deal's win share, averaged over the seats
    shares = []
    for c in range(players):
        mean, se = mean_and_se(t[1 + 2 * c], t[2 + 2 * c], int(t[0]))
        shares.append((mean / unit, se / unit))
    return shares


def paired_differences(run: MonteCarloRun, players: int, seats: int) -> list[tuple[float, float, float | None]]:
    """Each pair of the first ``players`` players' paired difference of win shares in a
    :func:`paired_run` at ``seats`` seats (first minus second, the pairs in the order of
    :func:`itertools.combinations`), with its standard error over the deals and its z (None
    when the standard error is 0)."""
    t, unit = run.tallies, SHARE * seats  # x / unit is a deal's win share, averaged over the seats
    differences = []
    for at in range(1 + 2 * players, paired_width(players), 2):  # the pairs' sums and squares
        mean, se = mean_and_se(t[at], t[at + 1], int(t[0]))
        differences.append((mean / unit, se / unit, mean / se if se > 0 else None))
    return differences


def tournament(
    players: Sequence[str],
    *,
    seats: int = 3,
    field: str = DEFAULT_FIELD,
    deals: int = 1_000,
    seed: int | None = None,
    runner: Runner = Runner(),
) -> SaintPokerTournament:
    """A paired tournament of ``players`` (at least two, each named once) at tables of ``seats``
    against ``field`` opponents, over ``deals`` deals (module docstring)."""
    names = _check_players(players)
    if len(names) < 2:
        raise ValueError(f"a tournament needs at least two players, got {len(names)}")
    _check_table(seats, deals, seed)
    used_seed = new_seed(seed)
    run = paired_run(seats, names, deals, used_seed, field=field, runner=runner)
    standings = [
        Standing(name, wins, se, wins - 1 / seats)
        for name, (wins, se) in zip(names, win_shares(run, len(names), seats))
    ]
    matches = [
        Match(a, b, *difference)
        for (a, b), difference in zip(combinations(names, 2), paired_differences(run, len(names), seats))
    ]
    standings.sort(key=lambda s: -s.wins)
    return SaintPokerTournament(
        players=names,
        seats=seats,
        field=field.strip(),
        run=RunFacts.from_run(run),
        standings=tuple(standings),
        matches=tuple(matches),
    )


@dataclass(frozen=True)
class FieldShare(Result):
    """``player``'s share of the games won, with its standard error, in every seat of a table
    whose other seats all play ``field``."""

    player: str
    field: str
    wins: float
    wins_stderr: float


@dataclass(frozen=True)
class SaintPokerRoundRobin(Result):
    """A round robin (:func:`round_robin`): ``shares`` of every player against the field of
    every other, in the order of the fields; ``ratings`` fitted to them
    (:mod:`analyzer.games.ratings`); ``run.trials`` the deals each field was played on (the same
    deals for every field), ``run.seed`` their seed, ``run.elapsed`` the whole round robin's."""

    players: tuple[str, ...]
    seats: int
    run: RunFacts
    shares: tuple[FieldShare, ...]
    ratings: Ratings | None
    ratings_unavailable: str | None = None

    def to_dict(self) -> dict:
        """The fields with the run's facts inlined, the shares, the ratings and the fit (``--json``)."""
        d = {k: v for k, v in self.__dict__.items() if k not in ("shares", "ratings", "ratings_unavailable")}
        return {
            "deals": self.run.trials,
            **inline_run(d),
            "shares": [s.__dict__ for s in self.shares],
            "ratings": None if self.ratings is None else self.ratings.to_dict(),
            **({"ratings_unavailable": self.ratings_unavailable} if self.ratings is None else {}),
        }

    def to_frame(self) -> pd.DataFrame:
        """One row per player and field: player, field, wins, its standard error."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([s.__dict__ for s in self.shares])

    def __repr__(self) -> str:
        rated = self.ratings.ratings if self.ratings is not None else ()
        rows = [(r.player, f"{r.rating:+.0f} ± {r.stderr:.0f} Elo") for r in rated]
        against = self.seats - 1
        rows += [
            (f"{s.player} v {s.field} x{against}", f"wins {percent_with_error(s.wins, s.wins_stderr, 1)}")
            for s in self.shares
        ]
        fit = self.ratings.fit_text() if self.ratings is not None else f"no ratings ({self.ratings_unavailable})"
        title = f"Saint Poker round robin, {self.seats} seats: {fit}"
        return summary(title, self.run.describe(DEALS), rows, total=len(rows), noun=("line", "lines"))

    def plot(self) -> Figure:
        """Each player's rating, with 2 s.e. error bars and the fit under the chart."""
        if self.ratings is None:
            raise ValueError(f"no ratings to draw: {self.ratings_unavailable}")
        return self.ratings.plot(f"Saint Poker round robin ({self.seats} seats): ratings")


def round_robin(
    players: Sequence[str],
    *,
    seats: int = 3,
    deals: int = 1_000,
    seed: int | None = None,
    runner: Runner = Runner(),
) -> SaintPokerRoundRobin:
    """Every player of ``players`` (at least three, each named once) in every seat of a table of
    ``seats`` against ``seats - 1`` copies of every other, on the same ``deals`` deals for every
    field (:func:`paired_run`), and the ratings that fit the win shares (Luce's model:
    :mod:`analyzer.games.ratings`). The progress sink hears one step per field."""
    names = _check_players(players)
    if len(names) < 3:
        raise ValueError(f"a round robin needs at least three players, got {len(names)}")
    _check_table(seats, deals, seed)
    used_seed = new_seed(seed)
    shares, observations, elapsed = [], [], 0.0
    for j, field in enumerate(names):
        others = [i for i in range(len(names)) if i != j]
        run = paired_run(
            seats, [names[i] for i in others], deals, used_seed, field=field, runner=runner.reporting(None)
        )
        elapsed += run.elapsed
        for i, (wins, se) in zip(others, win_shares(run, len(others), seats)):
            shares.append(FieldShare(names[i], field, wins, se))
            observations.append((i, j, wins, se, seats))
        runner.report(j + 1, len(names))
    return SaintPokerRoundRobin(
        players=names,
        seats=seats,
        run=RunFacts.from_run(run, elapsed=elapsed),
        shares=tuple(shares),
        **_fitted(names, observations),
    )


def _fitted(names: tuple[str, ...], observations: list) -> dict:
    """``ratings`` fitted to the observations, or None and ``ratings_unavailable`` saying why
    (a player who lost, or won, every game: the shares are kept either way)."""
    try:
        return {"ratings": fit_ratings(names, observations)}
    except ValueError as error:
        return {"ratings": None, "ratings_unavailable": str(error)}
