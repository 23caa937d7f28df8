"""Pai Gow Poker: every split of one hand against every House-Way dealer hand, counted from
the setting table (:mod:`.settings_table`) instead of setting each dealer hand again.

The dealer's hands are the 7-card hands of the cards the player does not hold. Walked in
colex order of their positions, their table ranks increase, so the walk reads the table
front to back; each hand's key adds one to a grid over (back index, front index). The
grid's two-dimensional prefix sums ``P[b, f] = #{dealer back < b and dealer front < f}``
then settle any split (front index ``f``, back index ``b``) in four lookups, with ``N``
dealer hands and ``B``, ``F`` the numbers of back and front values (copies go to the
banker, rules §5.1):

* the dealer banks: win = ``P[b, f]``; loss = #{back >= b and front >= f} =
  ``N - P[b, F] - P[B, f] + P[b, f]``;
* the player banks: win = ``P[b + 1, f + 1]``; loss = #{back > b and front > f} =
  ``N - P[b + 1, F] - P[B, f + 1] + P[b + 1, f + 1]``.
"""

from __future__ import annotations

import math

import numpy as np
from numba import get_num_threads, prange

from analyzer.cards import cards_left
from analyzer.games.paigow.exact_count import FRONT_SLOTS
from analyzer.games.paigow.settings_table import BINOMIAL, FRONT_BITS, numba_threads
from analyzer.jit import kernel


@kernel(parallel=True)
def _count_keys(table, positions, tops, counts):
    """``counts[r, key] += 1`` for the table key of every 7-card hand of the increasing deck
    ``positions`` whose two highest cards are one of the pairs ``tops[r::rows]`` (indices into
    ``positions``), ``rows = counts.shape[0]``; the rank is ``sum_i C(p_i, i + 1)``, its terms
    added as the loops go in."""
    rows = counts.shape[0]
    for r in prange(rows):
        for t in range(r, tops.shape[0], rows):
            g, f = tops[t, 0], tops[t, 1]
            rank6 = BINOMIAL[positions[g], 7] + BINOMIAL[positions[f], 6]
            for e in range(4, f):
                rank5 = rank6 + BINOMIAL[positions[e], 5]
                for d in range(3, e):
                    rank4 = rank5 + BINOMIAL[positions[d], 4]
                    for c in range(2, d):
                        rank3 = rank4 + BINOMIAL[positions[c], 3]
                        for b in range(1, c):
                            rank2 = rank3 + BINOMIAL[positions[b], 2]
                            for a in range(b):
                                counts[r, table[rank2 + positions[a]]] += 1


def _tops(cards: int) -> np.ndarray:
    """The pairs (g, f), g > f >= 5, of the two highest of 7 positions among ``cards``, the
    most hands under them (``C(f, 5)``) first, so that taking every ``rows``-th one deals each
    row about the same work."""
    pairs = [(g, f) for g in range(6, cards) for f in range(5, g)]
    pairs.sort(key=lambda p: -math.comb(p[1], 5))
    return np.array(pairs, np.int64).reshape(-1, 2)


def dealer_grid(
    table: np.ndarray, deck_size: int, held: np.ndarray, backs: int, threads: int | None = None
) -> np.ndarray:
    """The prefix sums ``P`` (module docstring) of the keys of every 7-card hand of the deck's
    positions not in ``held``.

    Parameters
    ----------
    table:
        The setting table of the deck (keys by colex rank of the positions).
    deck_size:
        How many cards the deck has.
    held:
        The positions of the player's cards.
    backs:
        How many back values the deck makes (the grid's rows).
    threads:
        Numba threads (default: every core).

    Returns
    -------
    numpy.ndarray
        ``int64`` of shape ``(backs + 1, FRONT_SLOTS + 1)``; ``P[0, :] = P[:, 0] = 0``.
    """
    positions = cards_left(held, deck_size)
    with numba_threads(threads):
        counts = np.zeros((get_num_threads(), backs << FRONT_BITS), np.int32)
        _count_keys(table, positions, _tops(len(positions)), counts)
    grid = np.zeros((backs + 1, FRONT_SLOTS + 1), np.int64)
    grid[1:, 1:] = counts.sum(axis=0, dtype=np.int64).reshape(backs, FRONT_SLOTS).cumsum(0).cumsum(1)
    return grid


def split_tallies(grid: np.ndarray, fronts: np.ndarray, backs: np.ndarray, player_banks: bool) -> np.ndarray:
    """(win, push, loss) counts of each split (front index ``fronts[s]``, back index
    ``backs[s]``) against the dealer hands of ``grid`` (:func:`dealer_grid`), by the formulas
    of the module docstring."""
    f, b = np.asarray(fronts, np.int64), np.asarray(backs, np.int64)
    if player_banks:  # at least as good: below the next index
        f, b = f + 1, b + 1
    total = grid[-1, -1]
    win = grid[b, f]
    loss = total - grid[b, -1] - grid[-1, f] + win
    return np.stack([win, total - win - loss, loss], axis=1)


__all__ = ["dealer_grid", "split_tallies"]
