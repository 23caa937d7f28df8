"""Pai Gow Poker: exact counts over every deal when the player takes, on every hand, the split
with the best exact EV against the House-Way dealer (who sets by the setting table).

For a player hand H and a split q = (front index, back index), the wins and losses against
every dealer hand disjoint from H are, by the inclusion-exclusion of :mod:`.exact_count`,

    W(H, q) = sum_{S within H} (-1)^|S| #{D holding S: f(D) < f(q) and b(D) < b(q)},

and the same for losses (``f(D) >= f(q) and b(D) >= b(q)``). The terms depend on S only
through its suit class (the table and the values do not see which suit is which), and the
best split only on H's class, so both are found per class of hands:

* **Hand classes.** A hand's class is its 4 suit rows of rank masks sorted in decreasing
  order; ``class_of[rank]`` numbers them, ``orbit[c]`` counts a class's hands.
* **Splits per class.** Each class's distinct legal splits (back above front, PG-6), less
  those another split beats or ties on both hands (they cannot have the better EV), and
  always the House Way's.
* **One sweep per class of shared cards.** For each representative S (weight
  ``w = (-1)^|S| x |class S|``) the family of hands holding S is counted in a grid over
  (back, front) and its prefix sums; every member H adds ``w x`` its splits' counts to its
  class's accumulator. A class C's hands meet each set of the class of S equally often, so
  the accumulator ends at ``|orbit C|`` times C's sum over its subsets: it is divided by the
  orbit (exactly, which is checked). The |S| = 7 term (the hand itself) is added last.

The House Way's split is kept in every class, so the same run gives the House Way against
House Way counts, which must equal :func:`.exact_count.count_outcomes` (a check on the whole).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple

import numba
import numpy as np
from numba import prange

from analyzer.games.paigow.exact_count import _family_members
from analyzer.games.paigow.policies import split_values
from analyzer.games.paigow.settings_table import BINOMIAL, FRONT_BITS, _next_colex, _unrank, colex_rank
from analyzer.jit import kernel

MAX_SPLITS = 21  # C(7, 2) ways to choose the front


@kernel
def _canonical_rank(positions, ranks, joker_position):
    """The colex rank of the hand's class representative: its suit rows (rank masks) sorted in
    decreasing order, row i in suit i."""
    rows = np.zeros(4, np.int64)
    joker = False
    for i in range(7):
        p = positions[i]
        if p == joker_position:
            joker = True
        else:
            rows[p & 3] |= 1 << (p >> 2)
    rows.sort()
    canonical = np.zeros(7, np.int64)
    m = 0
    for r in range(ranks):
        for suit in range(4):
            if rows[3 - suit] >> r & 1:
                canonical[m] = 4 * r + suit
                m += 1
    if joker:
        canonical[m] = joker_position
    return colex_rank(canonical)


@kernel(parallel=True)
def _canonical_ranks(hands, ranks, joker_position, blocks, out):
    """``out[r]`` = the class representative's rank of the hand of colex rank ``r``."""
    for block in prange(blocks):
        first = hands * block // blocks
        last = hands * (block + 1) // blocks
        if first >= last:
            continue
        positions = np.zeros(7, np.int64)
        _unrank(first, positions)
        for rank in range(first, last):
            out[rank] = _canonical_rank(positions, ranks, joker_position)
            _next_colex(positions)


def hand_classes(ranks: int, joker: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(class_of, orbit, representatives)``: each hand's class number by colex rank (int32),
    each class's number of hands, and the colex rank of each class's representative."""
    n_cards = 4 * ranks + int(joker)
    hands = math.comb(n_cards, 7)
    canonical = np.empty(hands, np.int64)
    _canonical_ranks(hands, ranks, 4 * ranks if joker else -1, 4 * numba.get_num_threads(), canonical)
    representatives = np.flatnonzero(canonical == np.arange(hands))
    number = np.full(hands, -1, np.int32)
    number[representatives] = np.arange(len(representatives), dtype=np.int32)
    class_of = number[canonical]
    del canonical, number
    orbit = np.bincount(class_of, minlength=len(representatives)).astype(np.int64)
    return class_of, orbit, representatives


@kernel(parallel=True)
def _class_splits(table, deck, representatives, fronts, backs, keys, counts, house):
    """Each class's kept splits (module docstring) as keys ``back << 8 | front`` in
    ``keys[c, :counts[c]]``, the House Way's at ``house[c]``."""
    for c in prange(representatives.shape[0]):
        positions = np.zeros(7, np.int64)
        cards = np.zeros(7, np.uint8)
        _unrank(representatives[c], positions)
        for i in range(7):
            cards[i] = deck[positions[i]]
        found = np.zeros(MAX_SPLITS, np.int64)
        m = 0
        for a in range(7):
            for b in range(a + 1, 7):
                front, back = split_values(cards, a, b)
                if back > front:
                    key = np.searchsorted(backs, back) << FRONT_BITS | np.searchsorted(fronts, front)
                    seen = False
                    for j in range(m):
                        seen |= found[j] == key
                    if not seen:
                        found[m] = key
                        m += 1
        house_key = np.int64(table[representatives[c]])
        kept = 0
        for j in range(m):
            f, b = found[j] & 255, found[j] >> FRONT_BITS
            beaten = False
            for i in range(m):
                if i != j and found[i] & 255 >= f and found[i] >> FRONT_BITS >= b:
                    beaten = True
            if found[j] == house_key or not beaten:
                if found[j] == house_key:
                    house[c] = kept
                keys[c, kept] = found[j]
                kept += 1
        counts[c] = kept


@kernel(parallel=True)
def _optimal_terms(table, class_of, keys, counts, n_cards, n_fronts, n_backs, cards, sizes, weights, acc):
    """Add ``weight(S) x`` (wins, losses) of every member's kept splits in the family of each set
    S given to its class's row of ``acc[thread]`` (the sets dealt round robin to the threads)."""
    threads = acc.shape[0]
    for t in prange(threads):
        for s in range(t, cards.shape[0], threads):
            size = sizes[s]
            n = BINOMIAL[n_cards - size, 7 - size]
            family = np.empty(n, np.uint32)
            ranks = np.empty(n, np.int64)
            _family_members(table, n_cards, cards[s].astype(np.int64), size, family, ranks)
            sorted_keys = np.sort(family)
            distinct = np.empty(min(n, n_backs), np.int64)  # the family's back values, increasing
            d = 0
            for i in range(n):
                back = np.int64(sorted_keys[i] >> FRONT_BITS)
                if d == 0 or distinct[d - 1] != back:
                    distinct[d] = back
                    d += 1
            grid = np.zeros((d + 1, n_fronts + 1), np.int64)
            row = 0
            for i in range(n):
                while distinct[row] != sorted_keys[i] >> FRONT_BITS:
                    row += 1
                grid[row + 1, (sorted_keys[i] & 255) + 1] += 1
            for r in range(1, d + 1):  # grid[r, f] = #{back index < r, front < f}
                for f in range(1, n_fronts + 1):
                    grid[r, f] += grid[r - 1, f] + grid[r, f - 1] - grid[r - 1, f - 1]
            weight = weights[s]
            for i in range(n):
                c = class_of[ranks[i]]
                for j in range(counts[c]):
                    back = np.int64(keys[c, j] >> FRONT_BITS)
                    front = np.int64(keys[c, j] & 255)
                    below = np.searchsorted(distinct[:d], back)  # the family's backs below
                    wins = grid[below, front]
                    losses = n - grid[below, n_fronts] - grid[d, front] + wins
                    acc[t, c, j, 0] += weight * wins
                    acc[t, c, j, 1] += weight * losses


class SplitCounts(NamedTuple):
    """Per class of hands: ``keys[c, :counts[c]]`` its kept splits, ``house[c]`` the House Way's
    slot, ``wins`` and ``losses`` (per class and slot) over the dealer hands disjoint from a hand
    of the class, and ``orbit[c]`` its number of hands."""

    keys: np.ndarray
    counts: np.ndarray
    house: np.ndarray
    wins: np.ndarray
    losses: np.ndarray
    orbit: np.ndarray


class ClassSplits(NamedTuple):
    """The hand classes of a deck and their kept splits: ``class_of`` (by colex rank),
    ``orbit`` and ``representatives`` (:func:`hand_classes`); ``keys[c, :counts[c]]`` the kept
    splits of class ``c`` and ``house[c]`` the House Way's slot."""

    class_of: np.ndarray
    orbit: np.ndarray
    representatives: np.ndarray
    keys: np.ndarray
    counts: np.ndarray
    house: np.ndarray


def class_splits(table, deck, ranks: int, joker: bool, fronts, backs) -> ClassSplits:
    """The hand classes of the deck and each one's kept splits (module docstring), from the
    setting ``table`` and the deck's value scales ``fronts`` and ``backs``."""
    class_of, orbit, representatives = hand_classes(ranks, joker)
    classes = len(representatives)
    keys = np.zeros((classes, MAX_SPLITS), np.uint32)
    counts = np.zeros(classes, np.int64)
    house = np.full(classes, -1, np.int64)
    _class_splits(table, np.asarray(deck, np.uint8), representatives, fronts, backs, keys, counts, house)
    if (house < 0).any():
        raise AssertionError("a class's House Way setting is not among its legal splits")
    keys = np.ascontiguousarray(keys[:, : int(counts.max())])
    return ClassSplits(class_of, orbit, representatives, keys, counts, house)


def new_sums(splits: ClassSplits) -> np.ndarray:
    """Zeroed per-thread sums ``(threads, classes, splits, 2)`` for :func:`add_terms`."""
    return np.zeros((numba.get_num_threads(), *splits.keys.shape, 2), np.int64)


def add_terms(table, n_cards: int, n_fronts: int, n_backs: int, splits: ClassSplits, sets, start, stop, sums) -> None:
    """Add the terms of the shared-card sets ``start`` to ``stop`` of ``sets``
    (:func:`.exact_count.shared_sets`) to ``sums`` (:func:`new_sums`)."""
    cards, sizes, weights = sets
    _optimal_terms(
        table,
        splits.class_of,
        splits.keys,
        splits.counts,
        n_cards,
        n_fronts,
        n_backs,
        cards[start:stop],
        sizes[start:stop],
        weights[start:stop],
        sums,
    )


def finish_counts(table, splits: ClassSplits, sums: np.ndarray) -> SplitCounts:
    """Each class's wins and losses from the summed terms of every set of at most
    :data:`.exact_count.MAX_SHARED` cards: divided by the orbit (exactly, else an AssertionError), with the
    |S| = 7 term (the hand itself as the dealer's) taken off."""
    total = sums.sum(axis=0)
    orbit = splits.orbit[:, None, None]
    if (total % orbit).any():
        raise AssertionError("a class's sum is not a multiple of its orbit: the counts are wrong")
    total //= orbit
    own = np.asarray(table)[splits.representatives].astype(np.int64)
    own_front, own_back = own & 255, own >> FRONT_BITS
    keys = splits.keys.astype(np.int64)
    split_front, split_back = keys & 255, keys >> FRONT_BITS
    total[:, :, 0] -= (split_front > own_front[:, None]) & (split_back > own_back[:, None])
    total[:, :, 1] -= (split_front <= own_front[:, None]) & (split_back <= own_back[:, None])
    total[np.arange(keys.shape[1])[None, :] >= splits.counts[:, None]] = 0
    return SplitCounts(splits.keys, splits.counts, splits.house, total[:, :, 0], total[:, :, 1], splits.orbit)


def split_counts(table, deck, ranks: int, joker: bool, fronts, backs, sets) -> SplitCounts:
    """Every class's kept splits' exact wins and losses (module docstring), in one call.

    Parameters
    ----------
    table:
        The setting table of ``deck`` (keys by colex rank of the positions).
    deck:
        The deck's card codes, position ``4 i + suit`` for rank row ``i``, the joker last.
    ranks, joker:
        The deck's shape.
    fronts, backs:
        The deck's value scales (:func:`.settings_table.value_scales`).
    sets:
        :func:`.exact_count.shared_sets` of the deck (suit classes).
    """
    splits = class_splits(table, deck, ranks, joker, fronts, backs)
    sums = new_sums(splits)
    add_terms(table, len(deck), len(fronts), len(backs), splits, sets, 0, len(sets[1]), sums)
    return finish_counts(table, splits, sums)


def split_scores(counts: SplitCounts, payout: Fraction) -> np.ndarray:
    """Each class's kept splits' EV in integers: ``num x wins - den x losses`` for the payout of
    a win ``num / den`` (``1 -`` the commission), which orders the splits as the EV does; the
    empty slots score below any split."""
    scores = payout.numerator * counts.wins - payout.denominator * counts.losses
    slots = np.arange(scores.shape[1])[None, :] < counts.counts[:, None]
    return np.where(slots, scores, np.iinfo(np.int64).min)


def deal_totals(counts: SplitCounts, slots: np.ndarray) -> tuple[int, int]:
    """(player wins, player losses) over every deal when each class plays its split ``slots``."""
    rows = np.arange(len(slots))
    wins = counts.wins[rows, slots].astype(object) * counts.orbit.astype(object)
    losses = counts.losses[rows, slots].astype(object) * counts.orbit.astype(object)
    return int(wins.sum()), int(losses.sum())


__all__ = [
    "ClassSplits",
    "SplitCounts",
    "add_terms",
    "class_splits",
    "deal_totals",
    "finish_counts",
    "hand_classes",
    "new_sums",
    "split_counts",
    "split_scores",
]
