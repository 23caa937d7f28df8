"""The additive hand key and the lookup tables behind it, built deterministically.

Hand key (``uint64``), built with one ``+`` per card from :data:`CARD_KEY`:

* bits 0-15: four 4-bit suit counters preset to 3, so five cards of one suit
  set that counter's bit 3 (test ``key & FLUSH_BITS``). The joker adds one to
  every counter: four suited cards and the joker also set the bit.
* bits 16-31: the *low field*, ranks 2-8, each adding a multiplier from
  :data:`MULTIPLIERS`.
* bits 32-46: the *high field*, ranks 9-A and the joker (the 7th symbol).
* bits 47-49: the number of cards.

The multipliers are the greedy smallest sequence that keeps every multiset of
at most 7 cards (at most 4 of a rank, 1 joker) distinct within its field, so
``LO[low field]`` numbers the low multisets of each size densely and
``HI[count, high field]`` gives the start of the block of low multisets that
complete that high multiset to ``count`` cards: ``VAL[HI[..] + LO[..]]`` is a
perfect, gap-free hash of all 5-, 6- and 7-card rank multisets.

The card mask (``uint64``, :data:`CARD_MASK`) has a 16-bit lane per suit
(bit = rank); the joker sets bit 13 of every lane. A flush hand is valued by
``FLUSH[lane]`` (14 bits): with at most 7 cards a flush excludes quads and a
full house, except with the joker, where the kernel also takes the rank value.
Joker substitutions are baked into the tables when they are built.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
from numba import njit

from analyzer.eval.profiles import Rules
from analyzer.eval.values import encode

MULTIPLIERS = np.array([1, 5, 24, 112, 521, 2247, 9244], dtype=np.int64)
LOW_RANKS = 7  # ranks 2..8 live in the low field, 9..A and the joker in the high field
HIGH_SYMBOLS = 7  # 6 ranks + joker
JOKER_SYMBOL = 6
MAX_CARDS = 7
MIN_CARDS = 5
LOW_SHIFT = np.uint64(16)
HIGH_SHIFT = np.uint64(32)
COUNT_SHIFT = 47
LOW_MASK = np.uint64(0xFFFF)
HIGH_BITS = 15
HI_BASE = np.uint64(MIN_CARDS << HIGH_BITS)  # subtracted from key >> 32: HI starts at 5 cards
EMPTY_KEY = np.uint64(0x3333)
FLUSH_BITS = np.uint64(0x8888)
LANE_MASK = np.uint64(0x3FFF)
JOKER_LANE_BIT = 1 << 13
ACE = 12


def _card_constants() -> tuple[np.ndarray, np.ndarray]:
    key = np.zeros(53, dtype=np.uint64)
    mask = np.zeros(53, dtype=np.uint64)
    for card in range(52):
        rank, suit = card >> 2, card & 3
        field = (int(MULTIPLIERS[rank]) << 16) if rank < LOW_RANKS else (int(MULTIPLIERS[rank - LOW_RANKS]) << 32)
        key[card] = field + (1 << (4 * suit)) + (1 << COUNT_SHIFT)
        mask[card] = 1 << (16 * suit + rank)
    key[52] = (int(MULTIPLIERS[JOKER_SYMBOL]) << 32) + 0x1111 + (1 << COUNT_SHIFT)
    mask[52] = sum(JOKER_LANE_BIT << (16 * s) for s in range(4))
    return key, mask


CARD_KEY, CARD_MASK = _card_constants()


class EvalTables(NamedTuple):
    """Lookup tables of one rule profile (see the module docstring)."""

    lo: np.ndarray  # uint16, indexed by the low field
    hi: np.ndarray  # int32, indexed by (key >> 32) - HI_BASE
    val: np.ndarray  # int32 hand values
    flush: np.ndarray  # int32, indexed by a suit lane (13 rank bits + joker bit)


# ---------------------------------------------------------------- valuing ranks


@njit(cache=True)
def _pack(n1, n2, n3, n4, n5):
    return (n1 << 16) | (n2 << 12) | (n3 << 8) | (n4 << 4) | n5


@njit(cache=True)
def straight_run(bits, wheel_second):
    """Packed rank nibbles of the best straight in a 13-bit rank set, or -1.

    Runs are listed from the top card; the wheel is 5-4-3-2-A (lowest) or,
    with ``wheel_second``, A-5-4-3-2 (between the ace- and king-high runs).
    """
    best = -1
    for top in range(12, 3, -1):
        window = 0x1F << (top - 4)
        if bits & window == window:
            best = _pack(top + 1, top, top - 1, top - 2, top - 3)
            break
    if bits & 0x100F == 0x100F:
        wheel = _pack(13, 4, 3, 2, 1) if wheel_second else _pack(4, 3, 2, 1, 13)
        if wheel > best:
            best = wheel
    return best


@njit(cache=True)
def _top_ranks(counts, skip1, skip2, how_many):
    """Packed nibbles of the ``how_many`` highest ranks present, skipping two ranks
    (the kickers: they fill the last ``how_many`` nibbles of a value)."""
    packed, found = 0, 0
    for r in range(12, -1, -1):
        if found == how_many:
            break
        if counts[r] > 0 and r != skip1 and r != skip2:
            packed = (packed << 4) | (r + 1)
            found += 1
    return packed


@njit(cache=True)
def _highest(counts, at_least, skip):
    for r in range(12, -1, -1):
        if counts[r] >= at_least and r != skip:
            return r
    return -1


@njit(cache=True)
def rank_value(counts, wheel_second):
    """Value of the best non-flush five-card hand from a multiset of 5-7 ranks (no joker)."""
    if counts[ACE] >= 5:
        return encode(10, 13, 13, 13, 13, 13)
    quad = _highest(counts, 4, -1)
    if quad >= 0:
        k = _highest(counts, 1, quad) + 1
        q = quad + 1
        return encode(8, q, q, q, q, k)
    trips = _highest(counts, 3, -1)
    if trips >= 0:
        pair = _highest(counts, 2, trips)
        if pair >= 0:
            t, p = trips + 1, pair + 1
            return encode(7, t, t, t, p, p)
    bits = 0
    for r in range(13):
        if counts[r] > 0:
            bits |= 1 << r
    run = straight_run(bits, wheel_second)
    if run >= 0:
        return (5 << 20) | run
    if trips >= 0:
        t = trips + 1
        return (4 << 20) | _pack(t, t, t, 0, 0) | _top_ranks(counts, trips, trips, 2)
    high_pair = _highest(counts, 2, -1)
    if high_pair >= 0:
        low_pair = _highest(counts, 2, high_pair)
        p1 = high_pair + 1
        if low_pair >= 0:
            p2 = low_pair + 1
            return (3 << 20) | _pack(p1, p1, p2, p2, 0) | _top_ranks(counts, high_pair, low_pair, 1)
        return (2 << 20) | _pack(p1, p1, 0, 0, 0) | _top_ranks(counts, high_pair, high_pair, 3)
    return (1 << 20) | _top_ranks(counts, -1, -1, 5)


@njit(cache=True)
def joker_rank_value(counts, wheel_second):
    """Best non-flush value with a joker: the joker is an ace, or fills a straight."""
    counts[ACE] += 1
    best = rank_value(counts, wheel_second)
    counts[ACE] -= 1
    bits = 0
    for r in range(13):
        if counts[r] > 0:
            bits |= 1 << r
    for r in range(13):
        if counts[r] == 0:
            run = straight_run(bits | (1 << r), wheel_second)
            if run >= 0 and (5 << 20) | run > best:
                best = (5 << 20) | run
    return best


@njit(cache=True)
def _popcount13(bits):
    n = 0
    for r in range(13):
        n += (bits >> r) & 1
    return n


@njit(cache=True)
def _suited_value(bits, wheel_second):
    """Straight flush or flush value of a set of at least five suited ranks."""
    run = straight_run(bits, wheel_second)
    if run >= 0:
        return (9 << 20) | run
    packed, found = 0, 0
    for r in range(12, -1, -1):
        if (bits >> r) & 1 and found < 5:
            packed = (packed << 4) | (r + 1)
            found += 1
    return (6 << 20) | packed


@njit(cache=True)
def flush_value(lane, wheel_second, joker_flush_ace):
    """Value of the best flush-type hand in one suit lane (rank bits + joker bit 13), or 0."""
    bits = lane & 0x1FFF
    best = 0
    if lane & 0x2000 == 0:
        if _popcount13(bits) >= 5:
            best = _suited_value(bits, wheel_second)
        return best
    for r in range(13):  # the joker as any missing card of the suit
        filled = bits | (1 << r)
        if filled != bits and _popcount13(filled) >= 5:
            v = _suited_value(filled, wheel_second)
            if v > best:
                best = v
    if joker_flush_ace and _popcount13(bits) >= 4:
        packed, found = 13, 1  # the joker is an extra ace, then the four best suited cards
        for r in range(12, -1, -1):
            if (bits >> r) & 1 and found < 5:
                packed = (packed << 4) | (r + 1)
                found += 1
        if (6 << 20) | packed > best:
            best = (6 << 20) | packed
    return best


# ---------------------------------------------------------------- building


@njit(cache=True)
def _field_multisets(symbols, max_count_last):
    """All count vectors over ``symbols`` symbols (at most 4 each, the last at most
    ``max_count_last``) with at most 7 cards, as (counts, size, field key) arrays."""
    total = 5**symbols
    counts = np.zeros((total, symbols), np.int64)
    sizes = np.zeros(total, np.int64)
    keys = np.zeros(total, np.int64)
    n = 0
    digits = np.zeros(symbols, np.int64)
    for _ in range(total):
        size, key = 0, 0
        for s in range(symbols):
            size += digits[s]
            key += digits[s] * MULTIPLIERS[s]
        if size <= MAX_CARDS and digits[symbols - 1] <= max_count_last:
            counts[n] = digits
            sizes[n] = size
            keys[n] = key
            n += 1
        s = 0
        while s < symbols:  # odometer step
            digits[s] += 1
            if digits[s] < 5:
                break
            digits[s] = 0
            s += 1
    return counts[:n], sizes[:n], keys[:n]


@njit(cache=True)
def _build_rank_tables(wheel_second):
    low_counts, low_sizes, low_keys = _field_multisets(LOW_RANKS, 4)
    high_counts, high_sizes, high_keys = _field_multisets(HIGH_SYMBOLS, 1)
    lo = np.zeros(low_keys.max() + 1, np.uint16)
    per_size = np.zeros(MAX_CARDS + 1, np.int64)
    for i in range(low_keys.shape[0]):
        lo[low_keys[i]] = per_size[low_sizes[i]]
        per_size[low_sizes[i]] += 1
    hi = np.full((MAX_CARDS - MIN_CARDS + 1) << HIGH_BITS, -1, np.int32)
    total = 0
    for cards in range(MIN_CARDS, MAX_CARDS + 1):
        for h in range(high_keys.shape[0]):
            if high_sizes[h] <= cards:
                total += per_size[cards - high_sizes[h]]
    val = np.zeros(total, np.int32)
    counts = np.zeros(13, np.int64)
    offset = 0
    for cards in range(MIN_CARDS, MAX_CARDS + 1):
        for h in range(high_keys.shape[0]):
            if high_sizes[h] > cards:
                continue
            hi[((cards - MIN_CARDS) << HIGH_BITS) + high_keys[h]] = offset
            for l in range(low_keys.shape[0]):
                if low_sizes[l] != cards - high_sizes[h]:
                    continue
                counts[:LOW_RANKS] = low_counts[l]
                counts[LOW_RANKS:] = high_counts[h, :JOKER_SYMBOL]
                if high_counts[h, JOKER_SYMBOL]:
                    v = joker_rank_value(counts, wheel_second)
                else:
                    v = rank_value(counts, wheel_second)
                val[offset + lo[low_keys[l]]] = v
            offset += per_size[cards - high_sizes[h]]
    return lo, hi, val


@njit(cache=True)
def _build_flush_table(wheel_second, joker_flush_ace):
    flush = np.zeros(1 << 14, np.int32)
    for lane in range(1 << 14):
        flush[lane] = flush_value(lane, wheel_second, joker_flush_ace)
    return flush


_CACHE: dict[tuple[bool, bool], EvalTables] = {}


def build_tables(rules: Rules) -> EvalTables:
    """The lookup tables of a profile (deterministic; built once per process)."""
    shape = (rules.wheel_second, rules.joker_flush_ace)
    if shape not in _CACHE:
        lo, hi, val = _build_rank_tables(rules.wheel_second)
        flush = _build_flush_table(rules.wheel_second, rules.joker_flush_ace)
        _CACHE[shape] = EvalTables(lo, hi, val, flush)
    return _CACHE[shape]
