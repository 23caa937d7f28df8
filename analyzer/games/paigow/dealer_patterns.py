"""Pai Gow Poker: one hand's every split against every House-Way dealer hand, counted by the
dealer's rank patterns instead of hand by hand.

The House Way's setting of 7 cards, and so its front and back values, sees suits only through
flushes (rules PG-9: not which suit is which, nor the order of the cards). A hand is
*flush-capable* when one suit holds 5 of its cards, or 4 and the joker, which fills a flush; no
two suits can. So the dealer's hands fall in patterns that each set alike:

* **Plain patterns**: the hands that are not flush-capable, by their multiset of ranks (the
  joker a rank of its own): no 5 of their cards make a flush, so every value the House Way
  looks at, and the setting it makes, depends on the ranks alone: 67,600 multisets of 7 ranks
  (at most 4 of a rank, the joker at most once).
* **Flush patterns**: the flush-capable hands, by the set F of ranks in the flush suit (4 to 7
  of them), the joker, and the multiset O of the ranks of the at most 2 cards of other suits,
  which cannot be in any flush: 224,653 patterns.

Each pattern is set once by the House Way, on a hand of it, when a way is first used in a
process (about 0.15 s on one core; :func:`patterns`, kept in memory: a few megabytes).

The cards the player holds (and any other cards out of the deck) leave ``a_r`` cards of rank
``r``, of known suits. A multiset (c_r) of ranks is then dealt ``prod_r C(a_r, c_r)`` ways
(times whether the joker is left, if it holds it), flush-capable or not; a flush pattern
(F, joker, O) in suit s, when suit s of every rank in F is left, ``prod_r C(a_r - [s of r
left], O_r)`` ways: the ranks of F take their suit-s card, and the off-suit cards are chosen
from the other suits left. Each flush pattern's hands are taken off the plain count of their
multiset of ranks, so the plain counts are the hands that are not flush-capable. Every split
(front value, back value) is then settled against each pattern's setting, times its count (a
copy goes to the banker, rules §5.1).

The counts are the same integers as setting each of the 53,524,680 dealer hands again
(``tests/test_paigow_exact.py`` compares the two on random hands and cards out of the deck,
and every hand's pattern setting with the House Way's own in the slow tier), in a few
thousandths of a second on one core.
"""

from __future__ import annotations

import math
import threading
from typing import NamedTuple

import numpy as np

from analyzer.games.paigow.engine import LOSS
from analyzer.games.paigow.policies import _house_way_values
from analyzer.jit import kernel

RANKS = 13
JOKER = 52
JOKER_CODE = 5**RANKS  # a multiset's code is sum_r c_r 5^r, plus this when it holds the joker
SMALL_BINOMIAL = np.array([[math.comb(n, k) for k in range(5)] for n in range(5)], np.int64)
PLAIN_PATTERNS = 67_600
FLUSH_PATTERNS = 224_653


class Patterns(NamedTuple):
    """The dealer's hand patterns (module docstring) and the House Way's setting of each.

    ``plain_counts[m, r]`` is how many cards of rank ``r`` the multiset ``m`` holds and
    ``plain_jokers[m]`` whether it holds the joker; ``flush_ranks[p]`` is the mask of the ranks
    in the flush suit, ``flush_jokers[p]`` the joker, ``flush_off[p]`` the off-suit ranks
    (increasing, -1 for none) and ``flush_plain[p]`` the index of the pattern's multiset of ranks
    among the plain ones; ``*_front`` and ``*_back`` are the values of the House Way's setting.
    """

    plain_counts: np.ndarray
    plain_jokers: np.ndarray
    plain_front: np.ndarray
    plain_back: np.ndarray
    flush_ranks: np.ndarray
    flush_jokers: np.ndarray
    flush_off: np.ndarray
    flush_plain: np.ndarray
    flush_front: np.ndarray
    flush_back: np.ndarray


@kernel
def _rank_multisets(fill, counts, jokers, codes):
    """Walk the multisets of 7 ranks (the joker a rank of its own, at most once; at most 4 of a
    rank), as nondecreasing sequences; when ``fill``, write each one's counts, joker and code.
    Returns how many there are."""
    m = 0
    seq = np.zeros(7, np.int64)
    for j in range(2):
        n = 7 - j
        seq[:] = 0
        while True:
            run, fits = 1, True
            for i in range(1, n):
                run = run + 1 if seq[i] == seq[i - 1] else 1
                if run > 4:
                    fits = False
            if fits:
                if fill:
                    code = JOKER_CODE * j
                    for i in range(n):
                        counts[m, seq[i]] += 1
                        code += 5 ** seq[i]
                    jokers[m] = j
                    codes[m] = code
                m += 1
            i = n - 1  # the next nondecreasing sequence
            while i >= 0 and seq[i] == RANKS - 1:
                i -= 1
            if i < 0:
                break
            seq[i] += 1
            for k in range(i + 1, n):
                seq[k] = seq[i]
    return m


@kernel
def _flush_shapes(fill, ranks, jokers, off):
    """Walk the flush patterns (F, joker, O): F a set of 4 to 7 ranks, with the joker at least 5
    cards, and O the multiset of the other 7 cards' ranks (o1 <= o2, -1 for none); when
    ``fill``, write them. Returns how many there are."""
    p = 0
    for mask in range(1 << RANKS):
        k = 0
        for r in range(RANKS):
            k += mask >> r & 1
        for j in range(2):
            if k + j < 5 or k + j > 7:
                continue
            left = 7 - k - j
            for o1 in range(RANKS if left >= 1 else 1):
                for o2 in range(o1, RANKS if left == 2 else o1 + 1):
                    if fill:
                        ranks[p] = mask
                        jokers[p] = j
                        off[p, 0] = o1 if left >= 1 else -1
                        off[p, 1] = o2 if left == 2 else -1
                    p += 1
    return p


@kernel
def _set_patterns(way, plain_counts, plain_jokers, codes, flush_ranks, flush_jokers, flush_off, settings):
    """The House Way's (front, back) values of a hand of each pattern: plain ones first, with
    their cards' suits dealt in turn (two cards of a suit at most, so no flush), then the flush
    ones (the flush in suit 0, the off-suit cards in suits 1 and 2); and each flush pattern's
    plain index (``settings[p, 2]``), its multiset's code looked up in the sorted ``codes``."""
    cards = np.zeros(7, np.uint8)
    plains = plain_counts.shape[0]
    for m in range(plains):
        i = 0
        for r in range(RANKS):
            for _ in range(plain_counts[m, r]):
                cards[i] = 4 * r + i % 4
                i += 1
        if plain_jokers[m]:
            cards[i] = JOKER
        front, back = _house_way_values(cards, way)
        settings[m, 0], settings[m, 1] = front, back
    for p in range(flush_ranks.shape[0]):
        i = 0
        code = JOKER_CODE * flush_jokers[p]
        for r in range(RANKS):
            if flush_ranks[p] >> r & 1:
                cards[i] = 4 * r
                code += 5**r
                i += 1
        o1, o2 = flush_off[p, 0], flush_off[p, 1]
        if o1 >= 0:
            cards[i] = 4 * o1 + 1
            code += 5**o1
            i += 1
        if o2 >= 0:
            cards[i] = 4 * o2 + (2 if o2 == o1 else 1)
            code += 5**o2
            i += 1
        if flush_jokers[p]:
            cards[i] = JOKER
        front, back = _house_way_values(cards, way)
        row = plains + p
        settings[row, 0], settings[row, 1] = front, back
        settings[row, 2] = np.searchsorted(codes, code)


def build_patterns(way: int) -> Patterns:
    """Every pattern of the dealer's hands and the House Way ``way``'s (a kernel number,
    :data:`.policies.WAYS`) setting of each (module docstring)."""
    empty = np.zeros((0, 0), np.int8)
    multisets = _rank_multisets(False, empty, np.zeros(0, np.int8), np.zeros(0, np.int64))
    counts = np.zeros((multisets, RANKS), np.int8)
    jokers = np.zeros(multisets, np.int8)
    codes = np.zeros(multisets, np.int64)
    _rank_multisets(True, counts, jokers, codes)
    order = np.argsort(codes, kind="stable")
    counts, jokers, codes = counts[order], jokers[order], codes[order]
    shapes = _flush_shapes(False, np.zeros(0, np.int64), np.zeros(0, np.int8), empty)
    flush_ranks = np.zeros(shapes, np.int64)
    flush_jokers = np.zeros(shapes, np.int8)
    flush_off = np.zeros((shapes, 2), np.int8)
    _flush_shapes(True, flush_ranks, flush_jokers, flush_off)
    settings = np.zeros((multisets + shapes, 3), np.int64)
    _set_patterns(way, counts, jokers, codes, flush_ranks, flush_jokers, flush_off, settings)
    return Patterns(
        counts,
        jokers,
        settings[:multisets, 0].copy(),
        settings[:multisets, 1].copy(),
        flush_ranks,
        flush_jokers,
        flush_off,
        settings[multisets:, 2].copy(),
        settings[multisets:, 0].copy(),
        settings[multisets:, 1].copy(),
    )


_BUILT: dict[int, Patterns] = {}
_BUILDING = threading.Lock()


def patterns(way: int) -> Patterns:
    """:func:`build_patterns` of the House Way ``way``, built once per process."""
    with _BUILDING:
        if way not in _BUILT:
            _BUILT[way] = build_patterns(way)
        return _BUILT[way]


@kernel
def _pattern_counts(
    available, plain_counts, plain_jokers, flush_ranks, flush_jokers, flush_off, flush_plain, plain_out, flush_out
):
    """How many dealer hands of the cards ``available`` (13 suit masks by rank, then 1 if the
    joker is left) fall in each plain pattern (not flush-capable) and each flush pattern
    (module docstring)."""
    left = np.zeros(RANKS, np.int64)
    for r in range(RANKS):
        left[r] = (available[r] & 1) + (available[r] >> 1 & 1) + (available[r] >> 2 & 1) + (available[r] >> 3 & 1)
    joker = available[RANKS]
    for m in range(plain_counts.shape[0]):
        n = joker if plain_jokers[m] else 1
        for r in range(RANKS):
            n *= SMALL_BINOMIAL[left[r], plain_counts[m, r]]
        plain_out[m] = n
    flush_out[:] = 0
    for s in range(4):
        suit = 0
        for r in range(RANKS):
            suit |= (available[r] >> s & 1) << r
        for p in range(flush_ranks.shape[0]):
            if flush_ranks[p] & ~suit or (flush_jokers[p] and not joker):
                continue
            n = 1
            o1, o2 = np.int64(flush_off[p, 0]), np.int64(flush_off[p, 1])
            if o1 >= 0:
                if o2 == o1:
                    n = SMALL_BINOMIAL[left[o1] - (available[o1] >> s & 1), 2]
                else:
                    n = SMALL_BINOMIAL[left[o1] - (available[o1] >> s & 1), 1]
                    if o2 >= 0:
                        n *= SMALL_BINOMIAL[left[o2] - (available[o2] >> s & 1), 1]
            if n:
                flush_out[p] += n
                plain_out[flush_plain[p]] -= n


@kernel(inline="always")
def _settle(fronts, backs, front, back, count, player_banks, tallies):
    """Add ``count`` dealer hands set (``front``, ``back``) to every split's tallies."""
    for s in range(fronts.shape[0]):
        if player_banks:
            won = int(fronts[s] >= front) + int(backs[s] >= back)
        else:
            won = int(fronts[s] > front) + int(backs[s] > back)
        tallies[s, LOSS - won] += count


@kernel
def _tallies(fronts, backs, player_banks, counts, front, back, tallies):
    """Every split's (win, push, loss) against the patterns of ``counts`` hands set (``front``,
    ``back``)."""
    for p in range(counts.shape[0]):
        if counts[p]:
            _settle(fronts, backs, front[p], back[p], counts[p], player_banks, tallies)


def available_cards(out: np.ndarray) -> np.ndarray:
    """The kernels' view of the deck without the card codes ``out``: 13 masks of the suits left
    of each rank, then 1 if the joker is left."""
    available = np.full(RANKS + 1, 15, np.int64)
    available[RANKS] = 1
    for card in np.asarray(out).tolist():
        if card == JOKER:
            available[RANKS] = 0
        else:
            available[card >> 2] &= ~(1 << (card & 3))
    return available


def dealer_pattern_counts(out: np.ndarray, way: int) -> tuple[np.ndarray, np.ndarray]:
    """(plain counts, flush counts): how many 7-card hands of the deck without the cards ``out``
    fall in each pattern of :func:`patterns` of ``way``."""
    found = patterns(way)
    plain = np.zeros(len(found.plain_jokers), np.int64)
    flush = np.zeros(len(found.flush_jokers), np.int64)
    _pattern_counts(
        available_cards(out),
        found.plain_counts,
        found.plain_jokers,
        found.flush_ranks,
        found.flush_jokers,
        found.flush_off,
        found.flush_plain,
        plain,
        flush,
    )
    return plain, flush


def split_tallies(out: np.ndarray, fronts: np.ndarray, backs: np.ndarray, way: int, player_banks: bool) -> np.ndarray:
    """(win, push, loss) counts of each split (front value ``fronts[s]``, back value
    ``backs[s]``) against every 7-card dealer hand of the deck without the cards ``out``, the
    dealer setting by the House Way ``way`` (a copy to the banker)."""
    found = patterns(way)
    plain, flush = dealer_pattern_counts(out, way)
    fronts, backs = np.asarray(fronts, np.int64), np.asarray(backs, np.int64)
    tallies = np.zeros((len(fronts), 3), np.int64)
    _tallies(fronts, backs, player_banks, plain, found.plain_front, found.plain_back, tallies)
    _tallies(fronts, backs, player_banks, flush, found.flush_front, found.flush_back, tallies)
    return tallies


__all__ = ["Patterns", "available_cards", "build_patterns", "dealer_pattern_counts", "patterns", "split_tallies"]
