"""Pai Gow Poker: exact counts of player wins, banker wins and copies over every ordered
pair of disjoint 7-card hands (player, dealer) of a deck, from a setting table.

The player wins when his front and back both beat the dealer's, the banker when the
dealer's are both at least as good (copies go to the banker); the rest push (rules §5.1).
With the keys of :mod:`.settings_table` the counts are, over ordered pairs (P, D) of
disjoint hands,

* ``wins   = #{f(P) > f(D) and b(P) > b(D)}``,
* ``banker = #{f(D) >= f(P) and b(D) >= b(P)}``,
* ``high copies = #{b(P) = b(D)}`` and ``low copies = #{f(P) = f(D)}`` (either hand a copy).

Disjointness by inclusion-exclusion over the shared cards S: since
``sum_{S within P & D} (-1)^|S|`` is 1 when P and D are disjoint and 0 otherwise,

    #disjoint pairs with a property = sum_S (-1)^|S| #(pairs of hands both holding S with it).

Each term is a two-dimensional dominance count in the family of hands that hold S: sort
the family's keys (by back, then front) and sweep, with a Fenwick tree over front indices
(strict: query before a back value's group is inserted; at least as good: after); a value
held by ``m`` hands of the family makes ``m^2`` ordered pairs of copies. |S| = 7 leaves one
hand, paired with itself: a copy of both hands, so that term is ``-C(n, 7)`` banker wins,
high copies and low copies.

Suit symmetry: a deck of ``ranks`` ranks in each of the 4 suits (position ``4 i + suit``)
and at most one joker (the last position) is mapped to itself by every permutation of the
suits. When the table's settings do not depend on which suit is which (true of the House
Way, which sees suits only through flushes: rules PG-9, and a test of random renamings),
S and every suit permutation of S give the same term, so one S per class is counted,
weighted by the class size. A set S is 4 suit rows of rank masks; a class's representative
has its rows in decreasing order of a fixed list of masks, and its class has
``24 / prod(m!)`` members for rows repeated ``m`` times.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from analyzer.games.paigow.settings_table import BINOMIAL, FRONT_BITS, _member_rank, _next_colex, _others
from analyzer.jit import kernel

FRONT_SLOTS = 1 << FRONT_BITS
MAX_SHARED = 6  # |S| = 7 is counted in closed form


def _row_masks(ranks: int) -> np.ndarray:
    """Every mask of ``ranks`` bits with at most :data:`MAX_SHARED` set, by popcount then value."""
    masks = [m for m in range(1 << ranks) if m.bit_count() <= MAX_SHARED]
    return np.array(sorted(masks, key=lambda m: (m.bit_count(), m)), np.int64)


@kernel
def _classes(masks, popcounts, ranks, joker, symmetric, fill, cards, sizes, weights):
    """Walk the sets S of at most MAX_SHARED cards of the deck of ``ranks`` ranks (and the
    joker), one per suit class when ``symmetric`` (rows i0 >= i1 >= i2 >= i3 in mask order)
    else every set (weight 1); when ``fill``, write each one's positions (increasing: rank,
    then suit), size and signed weight. Returns how many there are."""
    n = masks.shape[0]
    count = 0
    rows = np.zeros(4, np.int64)
    for j in range(2 if joker else 1):
        for i0 in range(n):
            if popcounts[i0] + j > MAX_SHARED:
                break
            for i1 in range(i0 + 1 if symmetric else n):
                if popcounts[i0] + popcounts[i1] + j > MAX_SHARED:
                    break
                for i2 in range(i1 + 1 if symmetric else n):
                    if popcounts[i0] + popcounts[i1] + popcounts[i2] + j > MAX_SHARED:
                        break
                    for i3 in range(i2 + 1 if symmetric else n):
                        size = popcounts[i0] + popcounts[i1] + popcounts[i2] + popcounts[i3] + j
                        if size > MAX_SHARED:
                            break
                        if fill:
                            rows[0], rows[1], rows[2], rows[3] = i0, i1, i2, i3
                            weight = 1
                            if symmetric:
                                weight = 24
                                run = 1
                                for r in range(1, 4):
                                    run = run + 1 if rows[r] == rows[r - 1] else 1
                                    weight //= run
                            m = 0
                            for r in range(ranks):
                                for suit in range(4):
                                    if masks[rows[suit]] >> r & 1:
                                        cards[count, m] = 4 * r + suit
                                        m += 1
                            if j:
                                cards[count, m] = 4 * ranks
                            sizes[count] = size
                            weights[count] = -weight if size & 1 else weight
                        count += 1
    return count


def shared_sets(ranks: int, joker: bool, symmetric: bool = True) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The card sets S of at most :data:`MAX_SHARED` cards of the deck of ``ranks`` ranks (and
    the joker): one per suit class when ``symmetric``, else all of them.

    Returns
    -------
    cards, sizes, weights:
        ``cards[s, :sizes[s]]`` are the increasing positions of set ``s``; ``weights[s]`` is
        ``(-1)^|S|`` times the number of sets it stands for.
    """
    masks = _row_masks(ranks)
    popcounts = np.array([int(m).bit_count() for m in masks], np.int64)
    total = _classes(
        masks,
        popcounts,
        ranks,
        joker,
        symmetric,
        False,
        np.zeros((0, 7), np.int8),
        np.zeros(0, np.int64),
        np.zeros(0, np.int64),
    )
    cards = np.full((total, 7), -1, np.int8)
    sizes = np.zeros(total, np.int64)
    weights = np.zeros(total, np.int64)
    _classes(masks, popcounts, ranks, joker, symmetric, True, cards, sizes, weights)
    order = np.argsort(sizes, kind="stable")
    return cards[order], sizes[order], weights[order]


@kernel(inline="always")
def _add(tree, slot, amount):
    slot += 1
    while slot < tree.shape[0]:
        tree[slot] += amount
        slot += slot & -slot


@kernel(inline="always")
def _below(tree, slot):
    """How many inserted keys have a front index below ``slot``."""
    total = 0
    while slot > 0:
        total += tree[slot]
        slot -= slot & -slot
    return total


@kernel
def dominance(keys):
    """(wins, banker, high copies, low copies) over ordered pairs (P, D) of entries of ``keys``
    (sorted in place): P's back and front both above D's; D's both at least P's; the same back;
    the same front. Sort and sweep by back, a Fenwick tree over fronts."""
    keys.sort()
    tree = np.zeros(FRONT_SLOTS + 1, np.int64)
    fronts = np.zeros(FRONT_SLOTS, np.int64)
    wins = 0
    banker = 0
    high = 0
    n = keys.shape[0]
    start = 0
    while start < n:
        back = keys[start] >> FRONT_BITS
        stop = start
        while stop < n and keys[stop] >> FRONT_BITS == back:
            stop += 1
        for i in range(start, stop):
            wins += _below(tree, np.int64(keys[i] & (FRONT_SLOTS - 1)))
        for i in range(start, stop):
            _add(tree, np.int64(keys[i] & (FRONT_SLOTS - 1)), 1)
            fronts[keys[i] & (FRONT_SLOTS - 1)] += 1
        for i in range(start, stop):
            banker += _below(tree, np.int64(keys[i] & (FRONT_SLOTS - 1)) + 1)
        high += (stop - start) * (stop - start)
        start = stop
    return wins, banker, high, (fronts * fronts).sum()


@kernel
def _family_members(table, n_cards, shared, size, keys, ranks):
    """The keys of every 7-card hand of the ``n_cards`` deck holding the ``size`` positions
    ``shared`` (increasing), in ``keys`` (length C(n_cards - size, 7 - size)), and their colex
    ranks in ``ranks`` unless it is empty."""
    mine = shared[:size]
    others = _others(n_cards, mine)
    pick = np.arange(7 - size)
    hand = np.zeros(7, np.int64)
    for h in range(keys.shape[0]):
        rank = _member_rank(mine, others, pick, hand)
        keys[h] = table[rank]
        if ranks.shape[0]:
            ranks[h] = rank
        _next_colex(pick)


@kernel
def family_terms(table, n_cards, cards, sizes, weights):
    """sum over the sets S given of weight(S) x (wins, banker, high copies, low copies) in the
    family of hands holding S."""
    terms = np.zeros(4, np.int64)
    no_ranks = np.empty(0, np.int64)
    for s in range(cards.shape[0]):
        size = sizes[s]
        keys = np.empty(BINOMIAL[n_cards - size, 7 - size], np.uint32)
        _family_members(table, n_cards, cards[s].astype(np.int64), size, keys, no_ranks)
        counts = dominance(keys)
        for i in range(4):
            terms[i] += weights[s] * counts[i]
    return terms


def closed_form_terms(n_cards: int) -> np.ndarray:
    """The |S| = 7 term: each hand paired with itself is a copy of both hands, so
    ``(0, -C(n, 7), -C(n, 7), -C(n, 7))``."""
    hands = math.comb(n_cards, 7)
    return np.array([0, -hands, -hands, -hands], np.int64)


def deck_size(ranks: int, joker: bool) -> int:
    """The cards of a deck of ``ranks`` ranks in 4 suits, and the joker if ``joker``."""
    return 4 * ranks + int(joker)


def count_outcomes(table: np.ndarray, ranks: int, joker: bool, symmetric: bool = True) -> PairCounts:
    """Exact counts over every ordered pair of disjoint 7-card hands of the deck of ``ranks``
    ranks (and the joker), from its setting ``table`` (one process).

    Parameters
    ----------
    table:
        The keys of :mod:`.settings_table`, one per hand, by colex rank of its positions.
    ranks, joker:
        The deck: ``ranks`` ranks in each of the 4 suits (position ``4 i + suit``), and the
        joker last if ``joker``.
    symmetric:
        Count one set of shared cards per suit class (valid when the table's settings do not
        depend on which suit is which); else every set.
    """
    n_cards = deck_size(ranks, joker)
    cards, sizes, weights = shared_sets(ranks, joker, symmetric)
    return finish(family_terms(table, n_cards, cards, sizes, weights), n_cards)


class PairCounts(NamedTuple):
    """Counts over ordered pairs (player, dealer) of disjoint hands (module docstring)."""

    wins: int
    pushes: int
    banker: int
    high_copies: int
    low_copies: int


def finish(terms: np.ndarray, n_cards: int) -> PairCounts:
    """The counts from the summed terms of every set of at most :data:`MAX_SHARED` shared cards
    (wins, banker, high copies, low copies), with the closed-form |S| = 7 term added; pushes are
    the remaining disjoint pairs."""
    wins, banker, high, low = (int(t) for t in np.asarray(terms, np.int64) + closed_form_terms(n_cards))
    pairs = math.comb(n_cards, 7) * math.comb(n_cards - 7, 7)
    return PairCounts(wins, pairs - wins - banker, banker, high, low)


__all__ = [
    "PairCounts",
    "closed_form_terms",
    "count_outcomes",
    "deck_size",
    "dominance",
    "family_terms",
    "finish",
    "shared_sets",
]
