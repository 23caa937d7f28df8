"""Integer tallies of multiway showdowns: recorded by the kernels here, read into each player's
equity, in the layout of :mod:`analyzer.sim.tally_layout`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analyzer.eval.values import Category
from analyzer.jit import kernel
from analyzer.sim.bits import bit_count
from analyzer.sim.breakdown import Breakdown
from analyzer.sim.engine import mean_and_se
from analyzer.sim.frozen import frozen
from analyzer.sim.tally_layout import CATEGORY, EQUITY, EQUITY_SQ, SHARE, TIE, TIE_UNITS, WIDTH, WIN

__all__ = [  # with the layout's names, which the engines read from here
    "CATEGORY",
    "EQUITY",
    "EQUITY_SQ",
    "SHARE",
    "TIE",
    "TIE_UNITS",
    "WIDTH",
    "WIN",
    "PlayerEquity",
    "fold_winners",
    "max_equity_se",
    "player_equities",
    "record_showdown",
    "record_winners",
]


@kernel(forceinline=True)
def record_showdown(values, tallies, weight):
    """Add one showdown of ``values`` (one per player, higher wins) with ``weight``.

    Branch-free: who wins is random, so branches on it would be mispredicted
    about half the time and cost more than the evaluations. Inlined, so its
    array arguments are not reference-counted per call.
    """
    n = values.shape[0]
    best = values[0]
    for p in range(1, n):
        if values[p] > best:  # not max(): a builtin compiles its own code
            best = values[p]
    winners = 0
    for p in range(n):
        winners += values[p] == best
    share = SHARE[winners] * weight
    won = np.int64(winners == 1) * weight
    tied = weight - won
    for p in range(n):
        top = np.int64(values[p] == best)
        tallies[p, WIN] += top * won
        tallies[p, TIE] += top * tied
        tallies[p, EQUITY] += top * share
        tallies[p, EQUITY_SQ] += top * share * SHARE[winners]
        tallies[p, CATEGORY + (values[p] >> 20)] += weight


@kernel(inline="always")
def record_winners(values, best, winner_sets, tallies, weight, categories):
    """Add one showdown of ``values`` (whose maximum is ``best``) with ``weight`` as
    :func:`record_showdown` does, but with the win, tie and equity counters kept per set of
    winners: ``winner_sets[w]`` adds the weight of the showdowns won by the players of bit set
    ``w`` (``2**n`` entries for ``n`` players), and only each player's category goes to
    ``tallies`` at once, when ``categories`` asks for them. :func:`fold_winners` adds the sets to
    the tallies later: the same integer sums, added in another order. A six-way deal updates 7
    counters instead of 30 (Monte Carlo heads-up and six-way about 10% faster), and one without
    the categories (10% faster again)."""
    winners = np.int64(0)
    for p in range(values.shape[0]):
        winners |= np.int64(values[p] == best) << p
        if categories:
            tallies[p, CATEGORY + (values[p] >> 20)] += weight
    winner_sets[winners] += weight


@kernel
def fold_winners(winner_sets, tallies):
    """Add the showdowns counted by :func:`record_winners` in ``winner_sets`` to the win, tie,
    equity and squared-equity counters of ``tallies``, and clear the sets. A set of ``m``
    winners gives each of them ``SHARE[m]`` units a showdown (squared: ``SHARE[m]**2``), a win
    when ``m`` is 1 and a tie otherwise."""
    for w in range(1, winner_sets.shape[0]):
        count = winner_sets[w]
        if count == 0:
            continue
        share = SHARE[bit_count(w)]
        won = count if share == TIE_UNITS else 0
        for p in range(tallies.shape[0]):
            if (w >> p) & 1:
                tallies[p, WIN] += won
                tallies[p, TIE] += count - won
                tallies[p, EQUITY] += count * share
                tallies[p, EQUITY_SQ] += count * share * share
        winner_sets[w] = 0


@dataclass(frozen=True)
class PlayerEquity:
    """One player's share of the pot: equity = win + tie shares; ``breakdown``, when asked for,
    the same figures combo by combo and class by class (:class:`~analyzer.sim.breakdown.Breakdown`).

    ``combos`` counts the *live* combos of the hand or range: those in at least one deal, given
    the board, the dead cards and the other players' hands or ranges (the combos with a positive
    weight in the breakdown); ``combos_listed`` counts every combo of the range left after the
    board and dead cards, live or not. A known hand has one of each."""

    hand: str
    combos: int
    combos_listed: int
    equity: float
    win: float
    tie: float
    stderr: float
    categories: dict[str, float] | None = None
    breakdown: Breakdown | None = None

    def to_dict(self) -> dict:
        """The JSON form: ``range`` (the hand or range as given), ``combos`` (the live ones),
        ``combos_listed`` (every one left after the board and dead cards), equity, win, tie,
        stderr, ``categories`` (final-hand shares by category) and ``breakdown`` (its
        :meth:`~analyzer.sim.breakdown.Breakdown.to_dict`) when they were asked for."""
        d = {
            "range": self.hand,
            "combos": self.combos,
            "combos_listed": self.combos_listed,
            "equity": self.equity,
            "win": self.win,
            "tie": self.tie,
            "stderr": self.stderr,
        }
        if self.categories is not None:
            d["categories"] = self.categories
        if self.breakdown is not None:
            d["breakdown"] = self.breakdown.to_dict()
        return d


def player_equities(
    tallies: np.ndarray,
    total: float,
    hands: Sequence[str],
    combos: Sequence[int],
    *,
    exact: bool,
    categories: bool = False,
    listed: Sequence[int] | None = None,
) -> tuple[PlayerEquity, ...]:
    """Per-player estimates from merged tallies over ``total`` showdowns (or weight); ``combos``
    the players' live combos, ``listed`` all of their combos (``None``: the same, as for known
    hands)."""
    listed = combos if listed is None else listed
    players = []
    for p, row in enumerate(np.asarray(tallies, dtype=np.float64).tolist()):  # Python floats, not numpy
        equity = row[EQUITY] / TIE_UNITS / total
        se = 0.0 if exact else mean_and_se(row[EQUITY] / TIE_UNITS, row[EQUITY_SQ] / TIE_UNITS**2, int(total))[1]
        dist = None
        if categories:
            dist = {cat.label: row[CATEGORY + cat] / total for cat in Category if row[CATEGORY + cat]}
        players.append(
            frozen(
                PlayerEquity,
                hand=hands[p],
                combos=combos[p],
                combos_listed=listed[p],
                equity=equity,
                win=row[WIN] / total,
                tie=row[TIE] / total,
                stderr=se,
                categories=dist,
                breakdown=None,
            )
        )
    return tuple(players)


def max_equity_se(tallies: np.ndarray, trials: int) -> float:
    """The largest equity standard error among the players (a stopping criterion)."""
    rows = np.asarray(tallies, dtype=np.float64)
    return max(mean_and_se(r[EQUITY] / TIE_UNITS, r[EQUITY_SQ] / TIE_UNITS**2, trials)[1] for r in rows)
