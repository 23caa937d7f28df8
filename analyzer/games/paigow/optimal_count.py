"""Pai Gow Poker: exact counts over every deal when the player takes, on every hand, the split
with the best exact EV against the House-Way dealer.

For a player hand H and a split q = (front index, back index), the wins and losses against
every dealer hand disjoint from H are, by the inclusion-exclusion of :mod:`.exact_count`,

    W(H, q) = sum_{S within H} (-1)^|S| #{D holding S: f(D) < f(q) and b(D) < b(q)},

and the same for losses (``f(D) >= f(q) and b(D) >= b(q)``). The terms depend on S only
through its suit class (the House Way and the values do not see which suit is which), and the
best split only on H's class, so both are found per class of hands:

* **Hand classes.** A hand's class is its 4 suit rows of rank masks sorted in decreasing
  order; ``class_of[rank]`` numbers them by the colex rank of the hand's positions (int32),
  ``orbit[c]`` counts a class's hands, and ``settings[c]`` is the House Way's setting of them
  all (set once, on the class's representative): no table of every hand's setting is needed.
* **Splits per class.** Each class's distinct legal splits (back above front, PG-6), less
  those another split beats or ties on both hands (they cannot have the better EV), and
  always the House Way's, one after another in ``splits`` (``offsets[c]`` to
  ``offsets[c + 1]``): 60,652,979 for the full deck's 6,972,147 classes, 8.7 a class.
* **One sweep per class of shared cards.** For each representative S (weight
  ``w = (-1)^|S| x |class S|``) the family of hands holding S is counted in a grid over
  (back, front) and its prefix sums; every member H adds ``w x`` its splits' counts to its
  class's sums. A class C's hands meet each set of the class of S equally often, so the sums
  end at ``|orbit C|`` times C's sum over its subsets: they are divided by the orbit (exactly,
  which is checked). The |S| = 7 term (the hand itself) is taken off last.

The sums are kept modulo 2^32 (``uint32``, each thread its own; a thread's sums are folded
into the first's with the same wrap): a class's final sum, its orbit (at most 24) times a
count of dealer hands (at most C(46, 7) + 1), is below 2^32, so its residue is the sum itself,
whatever the signed terms did on the way. That halves the memory of 64-bit sums. The families
of at least :data:`DENSE` hands (none to 2 shared cards: millions of members each) are swept
by every thread together, each its own part of the members, on a dense grid of every (back,
front) pair, and never listed in memory; a smaller family is listed by the one thread that
counts it, its grid a row per back value it holds.

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

from analyzer.games.paigow.policies import split_values
from analyzer.games.paigow.settings_table import (
    BINOMIAL,
    FRONT_BITS,
    _member_rank,
    _next_colex,
    _others,
    _setting_key,
    _unrank,
    colex_rank,
)
from analyzer.jit import kernel

MAX_SPLITS = 21  # C(7, 2) ways to choose the front
FRONT_MASK = (1 << FRONT_BITS) - 1
WRAP = (1 << 32) - 1  # the sums are kept modulo 2^32
DENSE = 1 << 20  # a family of at least this many hands is swept by every thread on a dense grid


@kernel(inline="always")
def _suit_rows(positions, joker_position, rows):
    """The hand's 4 suit rows (rank masks) into ``rows``; whether it holds the joker."""
    rows[:] = 0
    joker = False
    for i in range(7):
        p = positions[i]
        if p == joker_position:
            joker = True
        else:
            rows[p & 3] |= 1 << (p >> 2)
    return joker


@kernel(inline="always")
def _order(rows, i, j):
    """Put the larger of ``rows[i]`` and ``rows[j]`` first."""
    if rows[i] < rows[j]:
        rows[i], rows[j] = rows[j], rows[i]


@kernel
def _canonical_rank(positions, ranks, joker_position, rows, canonical):
    """The colex rank of the hand's class representative: its suit rows (rank masks) sorted in
    decreasing order, row i in suit i (``rows`` and ``canonical``: room for 4 and 7)."""
    joker = _suit_rows(positions, joker_position, rows)
    _order(rows, 0, 1)  # a sorting network of 4
    _order(rows, 2, 3)
    _order(rows, 0, 2)
    _order(rows, 1, 3)
    _order(rows, 1, 2)
    held = rows[0] | rows[1] | rows[2] | rows[3]
    m = 0
    for r in range(ranks):
        if held >> r & 1:
            for suit in range(4):
                if rows[suit] >> r & 1:
                    canonical[m] = 4 * r + suit
                    m += 1
    if joker:
        canonical[m] = joker_position
    return colex_rank(canonical)


@kernel(parallel=True)
def _mark_representatives(joker_position, bounds, class_of, found):
    """``class_of[rank]`` = the representative's number within its block of ranks (``bounds``),
    or -1 for a hand that is not its class's representative (whose suit rows are not in
    decreasing order); ``found[block]`` counts them."""
    for block in prange(bounds.shape[0] - 1):
        first, last = bounds[block], bounds[block + 1]
        positions = np.zeros(7, np.int64)
        rows = np.zeros(4, np.int64)
        _unrank(first, positions)
        n = 0
        for rank in range(first, last):
            _suit_rows(positions, joker_position, rows)
            if rows[0] >= rows[1] and rows[1] >= rows[2] and rows[2] >= rows[3]:
                class_of[rank] = n
                n += 1
            else:
                class_of[rank] = -1
            _next_colex(positions)
        found[block] = n


@kernel(parallel=True)
def _number_representatives(bounds, starts, class_of, representatives):
    """Number the representatives across blocks (``starts``: the classes before each block)."""
    for block in prange(bounds.shape[0] - 1):
        for rank in range(bounds[block], bounds[block + 1]):
            if class_of[rank] >= 0:
                class_of[rank] += starts[block]
                representatives[class_of[rank]] = rank


@kernel(parallel=True)
def _number_members(ranks, joker_position, bounds, class_of):
    """Every other hand takes its representative's number."""
    for block in prange(bounds.shape[0] - 1):
        first, last = bounds[block], bounds[block + 1]
        positions = np.zeros(7, np.int64)
        rows = np.zeros(4, np.int64)
        canonical = np.zeros(7, np.int64)
        _unrank(first, positions)
        for rank in range(first, last):
            if class_of[rank] < 0:
                class_of[rank] = class_of[_canonical_rank(positions, ranks, joker_position, rows, canonical)]
            _next_colex(positions)


def hand_classes(ranks: int, joker: bool) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``(class_of, orbit, representatives)``: each hand's class number by colex rank (int32),
    each class's number of hands, and the colex rank of each class's representative (numbered
    in increasing order of it); nothing larger than ``class_of`` is held on the way."""
    n_cards = 4 * ranks + int(joker)
    hands = math.comb(n_cards, 7)
    joker_position = 4 * ranks if joker else -1
    blocks = 16 * numba.get_num_threads()
    bounds = np.array([hands * b // blocks for b in range(blocks + 1)], np.int64)
    class_of = np.empty(hands, np.int32)
    found = np.zeros(blocks, np.int64)
    _mark_representatives(joker_position, bounds, class_of, found)
    starts = np.concatenate([[0], np.cumsum(found)[:-1]])
    representatives = np.empty(int(found.sum()), np.int64)
    _number_representatives(bounds, starts, class_of, representatives)
    _number_members(ranks, joker_position, bounds, class_of)
    orbit = np.bincount(class_of, minlength=len(representatives)).astype(np.int64)
    return class_of, orbit, representatives


@kernel(parallel=True)
def _class_splits(deck, way, representatives, fronts, backs, settings, found, counts, house):
    """Each class's House Way setting key (``settings[c]``) and kept splits (module docstring)
    as keys ``back << 8 | front`` in ``found[c, :counts[c]]``, the House Way's at ``house[c]``."""
    for c in prange(representatives.shape[0]):
        positions = np.zeros(7, np.int64)
        cards = np.zeros(7, np.uint8)
        _unrank(representatives[c], positions)
        for i in range(7):
            cards[i] = deck[positions[i]]
        legal = np.zeros(MAX_SPLITS, np.int64)
        m = 0
        for a in range(7):
            for b in range(a + 1, 7):
                front, back = split_values(cards, a, b)
                if back > front:
                    key = np.searchsorted(backs, back) << FRONT_BITS | np.searchsorted(fronts, front)
                    seen = False
                    for j in range(m):
                        seen |= legal[j] == key
                    if not seen:
                        legal[m] = key
                        m += 1
        house_key = _setting_key(cards, way, fronts, backs)
        settings[c] = house_key
        kept = 0
        for j in range(m):
            f, b = legal[j] & FRONT_MASK, legal[j] >> FRONT_BITS
            beaten = False
            for i in range(m):
                if i != j and legal[i] & FRONT_MASK >= f and legal[i] >> FRONT_BITS >= b:
                    beaten = True
            if legal[j] == house_key or not beaten:
                if legal[j] == house_key:
                    house[c] = kept
                found[c, kept] = legal[j]
                kept += 1
        counts[c] = kept


class ClassSplits(NamedTuple):
    """The hand classes of a deck and their kept splits: ``class_of`` (by colex rank),
    ``orbit`` and the House Way's setting key of each class (``settings``); the kept splits of
    class ``c`` are ``splits[offsets[c]:offsets[c + 1]]``, the House Way's at slot ``house[c]``
    of them."""

    class_of: np.ndarray
    orbit: np.ndarray
    settings: np.ndarray
    offsets: np.ndarray
    splits: np.ndarray
    house: np.ndarray


def class_splits(deck, ranks: int, joker: bool, way: int, fronts, backs) -> ClassSplits:
    """The hand classes of the deck and each one's House Way setting and kept splits (module
    docstring), for the House Way number ``way`` and the deck's value scales ``fronts`` and
    ``backs``."""
    class_of, orbit, representatives = hand_classes(ranks, joker)
    classes = len(representatives)
    settings = np.zeros(classes, np.uint32)
    found = np.zeros((classes, MAX_SPLITS), np.uint32)
    counts = np.zeros(classes, np.int64)
    house = np.full(classes, -1, np.int64)
    _class_splits(np.asarray(deck, np.uint8), way, representatives, fronts, backs, settings, found, counts, house)
    del representatives
    if (house < 0).any():
        raise AssertionError("a class's House Way setting is not among its legal splits")
    splits = found[np.arange(MAX_SPLITS)[None, :] < counts[:, None]]
    del found
    offsets = np.concatenate([[0], np.cumsum(counts)])
    return ClassSplits(class_of, orbit, settings, offsets, splits, house)


@kernel(inline="always")
def _add_counts(sums, t, c, offsets, splits, grid, rows, n_rows, n_fronts, members, weight):
    """Add ``weight x`` (wins, losses) of each kept split of class ``c`` against the family's
    prefix-summed ``grid`` to ``sums[t]``; ``rows`` are the family's back values by grid row
    (``n_rows`` of them), or empty when the grid has a row per back value."""
    for k in range(offsets[c], offsets[c + 1]):
        back = np.int64(splits[k] >> FRONT_BITS)
        front = np.int64(splits[k] & FRONT_MASK)
        below = back if rows.shape[0] == 0 else np.searchsorted(rows[:n_rows], back)
        wins = grid[below, front]
        losses = members - grid[below, n_fronts] - grid[n_rows, front] + wins
        sums[t, k, 0] = (np.int64(sums[t, k, 0]) + weight * wins) & WRAP
        sums[t, k, 1] = (np.int64(sums[t, k, 1]) + weight * losses) & WRAP


@kernel(parallel=True)
def _dense_terms(class_of, settings, offsets, splits, n_cards, n_fronts, n_backs, shared, weight, grids, sums):
    """Add the terms of the family of the hands holding ``shared`` (module docstring), every
    thread sweeping its own part of the members: into its own grid first (summed), then
    into its own sums."""
    threads = sums.shape[0]
    free = 7 - shared.shape[0]
    others = _others(n_cards, shared)
    members = BINOMIAL[others.shape[0], free]
    for t in prange(threads):
        mine = grids[t]
        mine[:] = 0
        picks = np.zeros(free, np.int64)
        hand = np.zeros(7, np.int64)
        first, last = members * t // threads, members * (t + 1) // threads
        _unrank(first, picks)
        for _ in range(first, last):
            key = settings[class_of[_member_rank(shared, others, picks, hand)]]
            mine[(key >> FRONT_BITS) + 1, (key & FRONT_MASK) + 1] += 1
            _next_colex(picks)
    grid = grids[0]
    for t in range(1, threads):
        for r in range(n_backs + 1):
            for f in range(n_fronts + 1):
                grid[r, f] += grids[t, r, f]
    for r in range(1, n_backs + 1):  # grid[r, f] = #{back index < r, front < f}
        for f in range(1, n_fronts + 1):
            grid[r, f] += grid[r - 1, f] + grid[r, f - 1] - grid[r - 1, f - 1]
    no_rows = np.zeros(0, np.int64)
    for t in prange(threads):
        picks = np.zeros(free, np.int64)
        hand = np.zeros(7, np.int64)
        first, last = members * t // threads, members * (t + 1) // threads
        _unrank(first, picks)
        for _ in range(first, last):
            c = class_of[_member_rank(shared, others, picks, hand)]
            _add_counts(sums, t, c, offsets, splits, grid, no_rows, n_backs, n_fronts, members, weight)
            _next_colex(picks)


@kernel(parallel=True)
def _sparse_terms(class_of, settings, offsets, splits, n_cards, n_fronts, n_backs, cards, sizes, weights, sums):
    """Add the terms of the families of the sets S given (small ones: under :data:`DENSE`
    hands), dealt round robin to the threads: a family's members are listed, its grid has a row
    per back value it holds."""
    threads = sums.shape[0]
    largest = 0
    for s in range(sizes.shape[0]):
        largest = max(largest, BINOMIAL[n_cards - sizes[s], 7 - sizes[s]])
    for t in prange(threads):
        member_classes = np.empty(largest, np.int32)
        keys = np.empty(largest, np.uint32)
        hand = np.zeros(7, np.int64)
        for s in range(t, cards.shape[0], threads):
            size = sizes[s]
            shared = cards[s, :size].astype(np.int64)
            others = _others(n_cards, shared)
            free = 7 - size
            n = BINOMIAL[others.shape[0], free]
            picks = np.arange(free)
            for i in range(n):
                c = class_of[_member_rank(shared, others, picks, hand)]
                member_classes[i] = c
                keys[i] = settings[c]
                _next_colex(picks)
            sorted_keys = np.sort(keys[:n])
            rows = np.empty(min(n, n_backs), np.int64)  # the family's back values, increasing
            d = 0
            for i in range(n):
                back = np.int64(sorted_keys[i] >> FRONT_BITS)
                if d == 0 or rows[d - 1] != back:
                    rows[d] = back
                    d += 1
            grid = np.zeros((d + 1, n_fronts + 1), np.int64)
            row = 0
            for i in range(n):
                while rows[row] != sorted_keys[i] >> FRONT_BITS:
                    row += 1
                grid[row + 1, (sorted_keys[i] & FRONT_MASK) + 1] += 1
            for r in range(1, d + 1):  # grid[r, f] = #{back row < r, front < f}
                for f in range(1, n_fronts + 1):
                    grid[r, f] += grid[r - 1, f] + grid[r, f - 1] - grid[r - 1, f - 1]
            for i in range(n):
                _add_counts(sums, t, member_classes[i], offsets, splits, grid, rows, d, n_fronts, n, weights[s])


def new_sums(splits: ClassSplits, threads: int | None = None) -> np.ndarray:
    """Zeroed per-thread sums ``(threads, kept splits, 2)`` modulo 2^32 for :func:`add_terms`
    (default: Numba's threads)."""
    return np.zeros((threads or numba.get_num_threads(), len(splits.splits), 2), np.uint32)


def add_terms(
    n_cards: int, n_fronts: int, n_backs: int, splits: ClassSplits, sets, start, stop, sums, dense: int = DENSE
) -> None:
    """Add the terms of the shared-card sets ``start`` to ``stop`` of ``sets``
    (:func:`.exact_count.shared_sets`) to ``sums`` (:func:`new_sums`): each family of at least
    ``dense`` hands swept by every thread, the others round robin."""
    cards, sizes, weights = sets
    tables = (splits.class_of, splits.settings, splits.offsets, splits.splits)
    work = BINOMIAL[n_cards - sizes[start:stop], 7 - sizes[start:stop]]
    together = np.flatnonzero(work >= dense) + start
    sparse = np.flatnonzero(work < dense) + start
    if len(together):
        grids = np.zeros((sums.shape[0], n_backs + 1, n_fronts + 1), np.int64)
        for s in together.tolist():
            shared = cards[s, : sizes[s]].astype(np.int64)
            _dense_terms(*tables, n_cards, n_fronts, n_backs, shared, weights[s], grids, sums)
    if len(sparse):
        _sparse_terms(*tables, n_cards, n_fronts, n_backs, cards[sparse], sizes[sparse], weights[sparse], sums)


def fold(sums: np.ndarray) -> np.ndarray:
    """The threads' sums folded into the first's (modulo 2^32; the others zeroed): its sums
    afterwards, which the run's sums still add up to."""
    for t in range(1, sums.shape[0]):
        np.add(sums[0], sums[t], out=sums[0])  # uint32 arithmetic wraps modulo 2^32
        sums[t] = 0
    return sums[0]


class Totals(NamedTuple):
    """Over every deal: the player's wins and losses with the best split of every hand and with
    the House Way's, and how many hands have a split of strictly better EV than the House
    Way's."""

    best_wins: int
    best_losses: int
    house_wins: int
    house_losses: int
    improved_hands: int


@kernel
def _totals(offsets, splits, orbit, settings, house, sums, payout_num, payout_den, out):
    """Each class's counts from its sums (divided by its orbit, the |S| = 7 term taken off),
    its best split by EV (``num x wins - den x losses``, the first of equals), and the totals
    over every deal (:class:`Totals`, in ``out``); returns the number of classes whose sums are
    not a multiple of their orbit (0, else the counts are wrong)."""
    bad = 0
    for c in range(orbit.shape[0]):
        size = orbit[c]
        own_back = np.int64(settings[c] >> FRONT_BITS)
        own_front = np.int64(settings[c] & FRONT_MASK)
        best, best_score, best_wins, best_losses = -1, np.int64(0), np.int64(0), np.int64(0)
        house_score, house_wins, house_losses = np.int64(0), np.int64(0), np.int64(0)
        for k in range(offsets[c], offsets[c + 1]):
            wins, losses = np.int64(sums[k, 0]), np.int64(sums[k, 1])
            if wins % size or losses % size:
                bad += 1
            back = np.int64(splits[k] >> FRONT_BITS)
            front = np.int64(splits[k] & FRONT_MASK)
            wins = wins // size - (front > own_front and back > own_back)
            losses = losses // size - (front <= own_front and back <= own_back)
            score = payout_num * wins - payout_den * losses
            if best < 0 or score > best_score:
                best, best_score, best_wins, best_losses = k, score, wins, losses
            if k - offsets[c] == house[c]:
                house_score, house_wins, house_losses = score, wins, losses
        out[0] += size * best_wins
        out[1] += size * best_losses
        out[2] += size * house_wins
        out[3] += size * house_losses
        if best_score > house_score:
            out[4] += size
    return bad


def totals(splits: ClassSplits, sums: np.ndarray, payout: Fraction) -> Totals:
    """The :class:`Totals` of the sums of every set of at most :data:`.exact_count.MAX_SHARED`
    shared cards (folded, :func:`fold`), the best split chosen for the payout of a win
    ``num / den`` (``1 -`` the commission); an AssertionError if a class's sums are not a
    multiple of its orbit."""
    out = np.zeros(5, np.int64)
    bad = _totals(
        splits.offsets,
        splits.splits,
        splits.orbit,
        splits.settings,
        splits.house,
        fold(sums),
        payout.numerator,
        payout.denominator,
        out,
    )
    if bad:
        raise AssertionError("a class's sum is not a multiple of its orbit: the counts are wrong")
    return Totals(*(int(x) for x in out))


def split_totals(deck, ranks: int, joker: bool, way: int, fronts, backs, sets, payout: Fraction) -> Totals:
    """:func:`totals` of a deck in one call (module docstring).

    Parameters
    ----------
    deck:
        The deck's card codes, position ``4 i + suit`` for rank row ``i``, the joker last.
    ranks, joker:
        The deck's shape.
    way:
        The House Way's kernel number (:data:`.policies.WAYS`).
    fronts, backs:
        The deck's value scales (:func:`.settings_table.value_scales`).
    sets:
        :func:`.exact_count.shared_sets` of the deck (suit classes).
    payout:
        What a win pays (``1 -`` the commission), which decides the best split.
    """
    splits = class_splits(deck, ranks, joker, way, fronts, backs)
    sums = new_sums(splits)
    add_terms(len(deck), len(fronts), len(backs), splits, sets, 0, len(sets[1]), sums)
    return totals(splits, sums, payout)


__all__ = [
    "ClassSplits",
    "Totals",
    "add_terms",
    "class_splits",
    "fold",
    "hand_classes",
    "new_sums",
    "split_totals",
    "totals",
]
