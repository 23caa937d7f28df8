"""Exhaustive enumeration of k-card hands, each valued by one add and a table read.

The hand key is additive and its rank index splits in two (:mod:`analyzer.eval.tables`): the
``LO`` entry of the low field (ranks 2-8) plus the ``HI`` entry of the high field (9-A and the
joker) and the card count. So a hand is its low cards ``L`` (some subset of the deck's cards of
ranks 2-8) joined to its high cards ``H``, and every k-card hand is one pair of a low subset of
j cards and a high subset of k - j cards, for each j. Each subset is made once as a *word*: its
part of the rank index in the low 32 bits and its suit counters above them (the low side
carries the counters' preset), and its card mask. The word of a hand is the sum of its two
subsets' words: its rank index, and its suit counters, whose flush bits say whether it is a
flush; its mask is the OR of theirs. The innermost loop runs over the longer list of subsets
for a fixed subset of the shorter one: per hand a load, an add, a flush test, a table read and
the count (or the checksum's add), about two cycles; a flush is put aside and valued from its
mask after the loop. Every hand is valued
one by one; nothing is inferred or counted in bulk.

Work is cut into tasks (ranges of the outer list), sorted by size and dealt round-robin to the
threads, whose integer tallies are summed: the result never depends on the thread count.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from math import comb

import numba
import numpy as np
from numba import prange

from analyzer.cards import CardError
from analyzer.eval.kernels import make_kernels
from analyzer.eval.profiles import Rules, get_rules
from analyzer.eval.tables import (
    CARD_KEY,
    CARD_MASK,
    EMPTY_KEY,
    FLUSH_BITS,
    HI_BASE,
    HIGH_SHIFT,
    HIGH_STRIDE,
    LANE_MASK,
    LOW_MASK,
    LOW_RANKS,
    LOW_SHIFT,
    load_tables,
)
from analyzer.eval.values import Category
from analyzer.jit import stable_kernel

_ENUMERATORS: dict[tuple[Rules, bool], Callable[..., None]] = {}
TALLY_COPIES = 2  # consecutive hands add to different copies: no store-to-load chains
TASKS_PER_THREAD = 16  # tasks dealt round-robin: the threads finish close together
SUITS_SHIFT = np.uint64(32)  # a word's suit counters sit above its 32-bit rank index
INDEX_MASK = np.uint64(0xFFFFFFFF)
SUIT_MASK = np.uint64(0xFFFF)


def _make_enumerator(rules: Rules, tally: bool):
    """The kernel valuing every hand of the tasks' ranges of subsets, for a profile: with
    ``tally`` it counts the hands of each value class, without it sums their values."""
    kernels = make_kernels(rules)
    flush_shift, flush_or_better = kernels.flush_shift, kernels.flush_or_better
    flush_bits, lane_mask = FLUSH_BITS << SUITS_SHIFT, LANE_MASK
    index_mask, copy = INDEX_MASK, np.uint64(TALLY_COPIES - 1)
    tag = f"enumerate:{rules!r}:{tally}"

    @stable_kernel(tag, inline="always")
    def flush_value(word, mask, rank_values, flush_values):
        """The value of a flush from its word (rank index, suit counters) and card mask, as the
        evaluator's ``key_value`` gives it, from its parts."""
        lane = (mask >> flush_shift(word >> SUITS_SHIFT)) & lane_mask
        return flush_or_better(flush_values[lane], rank_values[word & index_mask])

    @stable_kernel(tag, parallel=True)
    def enumerate_hands(words, masks, tasks, value_tables, counts):
        """For each task ``(x0, x1, y0, y1)``, every hand of subset ``x`` in ``x0..x1`` joined to
        subset ``y`` in ``y0..y1`` of ``words`` and ``masks`` (:func:`_subsets`), valued from
        ``value_tables = (rank values, flush values)``: with ``tally``, value classes
        (:func:`_value_classes`) and ``counts[thread, copy, class] += 1``; without, values and
        ``counts[thread, 0, 0]`` gets their sum (a checksum).

        The inner loop counts each hand's rank value unless its suit counters show a flush
        (about 3% of 7-card hands): then it only notes the hand's place in ``flushes``, and the
        flushes are valued after the run, so the loop carries nothing for them. (Without the
        branch, noting every hand's place and counting only the flushes, each store's address
        waited for the hand's word, and the loop ran at half the speed.)"""
        rank_values, flush_values = value_tables
        threads = counts.shape[0]
        longest = (tasks[:, 3] - tasks[:, 2]).max()
        for t in prange(threads):
            flushes = np.empty(longest, np.uint64)
            checksum = np.int64(0)  # not 0: in plain Python (NUMBA_DISABLE_JIT), 0 + int32 stays int32
            for task in range(t, tasks.shape[0], threads):
                x0, x1, y0, y1 = tasks[task, 0], tasks[task, 1], tasks[task, 2], tasks[task, 3]
                for x in range(x0, x1):
                    word, mask = words[x], masks[x]
                    found = 0
                    for y in range(np.uint64(y0), np.uint64(y1)):  # unsigned: no wraparound tests
                        hand = word + words[y]
                        if hand & flush_bits:  # rare: a mispredicted branch costs less than a store a hand
                            flushes[found] = y
                            found += 1
                            continue
                        r = rank_values[hand & index_mask]
                        if tally:
                            counts[t, y & copy, r] += 1
                        else:
                            checksum += r
                    for f in range(found):
                        y = flushes[f]
                        hand = word + words[y]
                        v = flush_value(hand, mask | masks[y], rank_values, flush_values)
                        if tally:
                            counts[t, y & copy, v] += 1
                        else:
                            checksum += v
            if not tally:
                counts[t, 0, 0] += checksum

    return enumerate_hands


@stable_kernel("enumerate:subsets")
def _side_subsets(card_key, card_mask, largest, total, low, cards, lo, hi, words, masks, start):
    """Write the word and mask of every subset of at most ``largest`` of the cards (keys
    ``card_key``, masks ``card_mask``; ``total`` subsets) at ``words[start:]`` and
    ``masks[start:]``, by size, each size in lexicographic order: size ``j`` extends each subset
    of ``j - 1`` by a later card. A low side's word (``low``: ranks 2-8) is ``LO`` of its low
    field, with its suit counters plus their preset from bit 32; a high side's is ``HI`` of its
    high field for a hand of ``cards`` cards, with its suit counters from bit 32."""
    n = card_key.shape[0]
    keys = np.empty(total, np.uint64)
    nexts = np.empty(total, np.uint8)  # the first card a subset may add (a side has at most 28)
    keys[0], nexts[0], masks[start] = 0, 0, 0
    first, stop = 0, 1  # the subsets of the size before
    for size in range(largest + 1):
        if size:
            w = stop
            for e in range(first, stop):
                key, mask = keys[e], masks[start + e]
                for c in range(nexts[e], n):
                    keys[w], masks[start + w], nexts[w] = key + card_key[c], mask | card_mask[c], c + 1
                    w += 1
            first, stop = stop, w
        count = np.uint64((cards - size) * HIGH_STRIDE)
        for e in range(first, stop):
            key = keys[e]
            suits = key & SUIT_MASK
            if low:
                words[start + e] = np.uint64(lo[(key >> LOW_SHIFT) & LOW_MASK]) | ((suits + EMPTY_KEY) << SUITS_SHIFT)
            else:
                words[start + e] = np.uint64(hi[(key >> HIGH_SHIFT) + count - HI_BASE]) | (suits << SUITS_SHIFT)


def _subsets(rules: Rules, deck: np.ndarray, cards: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The words and masks of every subset a hand of ``cards`` cards from ``deck`` can be cut
    into (low cards of ranks 2-8, high cards of 9-A and the joker; :func:`_side_subsets`), laid
    end to end, and the tasks: ``(x0, x1, y0, y1)`` ranges of the shorter and the longer list
    of each cut, each task at most about 1/``TASKS_PER_THREAD`` of a thread's share of hands,
    the largest first."""
    tables = load_tables(rules)
    sides = (deck[deck < 4 * LOW_RANKS], deck[deck >= 4 * LOW_RANKS])
    largest = [min(cards, len(codes)) for codes in sides]
    levels = [np.cumsum([0] + [comb(len(codes), j) for j in range(top + 1)]) for codes, top in zip(sides, largest)]
    words = np.empty(levels[0][-1] + levels[1][-1], np.uint64)
    masks = np.empty_like(words)
    starts = (0, int(levels[0][-1]))
    for side, codes in enumerate(sides):
        _side_subsets(
            CARD_KEY[codes],
            CARD_MASK[codes],
            largest[side],
            int(levels[side][-1]),
            side == 0,
            cards,
            tables.lo,
            tables.hi,
            words,
            masks,
            starts[side],
        )
    per_task = max(1, comb(len(deck), cards) // (TASKS_PER_THREAD * numba.get_num_threads()))
    tasks = []
    for j in range(cards + 1):
        h = cards - j
        if j > largest[0] or h > largest[1]:
            continue
        ranges = [
            (starts[0] + levels[0][j], starts[0] + levels[0][j + 1]),
            (starts[1] + levels[1][h], starts[1] + levels[1][h + 1]),
        ]
        (x0, x1), (y0, y1) = sorted(ranges, key=lambda r: r[1] - r[0])
        step = max(1, per_task // (y1 - y0))
        tasks += [(x, min(x + step, x1), y0, y1) for x in range(x0, x1, step)]
    tasks.sort(key=lambda t: -(t[1] - t[0]) * (t[3] - t[2]))
    return words, masks, np.array(tasks, np.int64).reshape(-1, 4)


@functools.cache
def _value_classes(rules: Rules) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Every value of the profile's rank and flush tables in increasing order, and both tables
    with each entry replaced by its value's index there (``uint16``): a class is a hand value
    on a dense scale, so counting hands by class counts them by value. Made once per profile
    (about 5 ms, half of a 5-card enumeration), read-only."""
    tables = load_tables(rules)
    values = np.unique(np.concatenate([tables.val, tables.flush]))
    if len(values) > 1 << 16:
        raise RuntimeError(f"{len(values)} hand values: more than uint16 classes hold")
    rank_classes, flush_classes = (np.searchsorted(values, t).astype(np.uint16) for t in (tables.val, tables.flush))
    for array in (values, rank_classes, flush_classes):
        array.flags.writeable = False
    return values, rank_classes, flush_classes


def _deck(rules: Rules, deck: np.ndarray | None) -> np.ndarray:
    """The profile's deck, or the given cards checked: distinct codes of the profile's deck."""
    if deck is None:
        return np.arange(rules.deck_size, dtype=np.uint8)
    codes = np.asarray(deck)
    if (
        codes.ndim != 1
        or not np.issubdtype(codes.dtype, np.integer)
        or (codes < 0).any()
        or (codes >= rules.deck_size).any()
        or len(np.unique(codes)) != len(codes)
    ):
        raise CardError(
            f"a deck is distinct card codes 0..{rules.deck_size - 1} ({rules.name} rules), got {codes.tolist()}"
        )
    return np.ascontiguousarray(codes, dtype=np.uint8)


def _run(rules: Rules, cards: int, deck: np.ndarray, tally: bool, value_tables: tuple, slots: int) -> np.ndarray:
    """Every hand of ``cards`` cards from ``deck`` valued from ``value_tables`` (the rank and
    the flush table): the number of hands of each value class (``tally``, classes below
    ``slots``), or the sum of their values in slot 0."""
    if not 5 <= cards <= 7:
        raise ValueError(f"hands of {cards} cards: the evaluator takes 5 to 7")
    if (rules, tally) not in _ENUMERATORS:
        _ENUMERATORS[rules, tally] = _make_enumerator(rules, tally)
    words, masks, tasks = _subsets(rules, deck, cards)
    copies, dtype = (TALLY_COPIES, np.int32) if tally else (1, np.int64)  # int32: fewer than 2**31 hands
    counts = np.zeros((numba.get_num_threads(), copies, slots), dtype)
    if len(tasks):  # none when the deck is smaller than a hand
        _ENUMERATORS[rules, tally](words, masks, tasks, value_tables, counts)
    return counts.sum(axis=(0, 1), dtype=np.int64)


@dataclass(frozen=True)
class EnumerationResult:
    """Exact tallies over every hand of ``cards`` cards from a deck."""

    rules: str
    deck_size: int
    cards: int
    category_counts: dict[Category, int]
    royal_flushes: int
    distinct_values: int

    @property
    def total(self) -> int:
        """The number of hands enumerated, C(n, cards) from a deck of n cards: the category counts' sum."""
        return sum(self.category_counts.values())


def enumerate_categories(rules: Rules | str, cards: int, deck: np.ndarray | None = None) -> EnumerationResult:
    """Count the best-hand categories of every ``cards``-card hand (5 to 7) from ``deck``
    (default: the profile's full deck), and the number of distinct hand values."""
    rules = get_rules(rules)
    deck = _deck(rules, deck)
    values, rank_classes, flush_classes = _value_classes(rules)
    counts = _run(rules, cards, deck, True, (rank_classes, flush_classes), len(values))
    lead = values >> 12  # the category and the two leading ranks: a royal flush leads A, K
    royal = (Category.STRAIGHT_FLUSH << 8) | (13 << 4) | 12
    return EnumerationResult(
        rules=rules.name,
        deck_size=len(deck),
        cards=cards,
        category_counts={cat: int(counts[(lead >> 8) == cat].sum()) for cat in Category},
        royal_flushes=int(counts[lead == royal].sum()),
        distinct_values=int(np.count_nonzero(counts)),
    )


def value_checksum(rules: Rules | str, cards: int, deck: np.ndarray | None = None) -> int:
    """The sum of the values of every ``cards``-card hand from ``deck``: the same
    enumeration, each hand's value added instead of counted (the evaluator's enumeration
    speed)."""
    rules = get_rules(rules)
    tables = load_tables(rules)
    return int(_run(rules, cards, _deck(rules, deck), False, (tables.val, tables.flush), 1)[0])
