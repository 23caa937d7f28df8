"""Exhaustive enumeration of k-card hands with incremental keys.

Every k-subset of a deck is visited once. Partial hands are kept as
``(key, mask)`` pairs and extended by one add per card, so the two innermost
loops cost one add and one lookup per hand. Work is cut into tasks by the
first two cards, sorted by size and dealt round-robin to the threads, whose
integer tallies are summed: the result never depends on the thread count.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb

import numba
import numpy as np
from numba import prange

from analyzer.cards import CardError
from analyzer.eval.kernels import make_kernels, stable_njit
from analyzer.eval.profiles import Rules, get_rules
from analyzer.eval.scalar_loops import scalar_loops
from analyzer.eval.tables import CARD_KEY, CARD_MASK, FLUSH_BITS, LOW_RANKS, ONE_CARD
from analyzer.eval.values import Category

_ENUMERATORS: dict[tuple[Rules, bool], Callable[..., None]] = {}
TALLY_COPIES = 4  # consecutive hands add to different copies: no store-to-load chains
LEAD_SLOTS = 11 << 8  # value >> 12: the category and the two leading rank nibbles
VALUE_SLOTS = 11 << 20  # every hand value is below this


def _make_enumerator(rules: Rules, tally: bool):
    kernels = make_kernels(rules)
    key_value, high_part, low_part, values = kernels.key_value, kernels.high_part, kernels.low_part, kernels.rank_values
    empty_key = kernels.empty_key
    one, three, six, twelve = np.uint64(1), np.uint64(3), np.uint64(6), np.uint64(12)
    one_each_suit, flush_bits, one_card = np.uint64(0x1111), FLUSH_BITS, ONE_CARD

    @stable_njit(f"enumerate:{rules!r}:{tally}", nogil=True, inline="always")
    def count(v, t, g, tallies):
        """Tally value ``v`` of a hand whose last card is ``g`` (consecutive cards, other copies)."""
        tallies[t, g & three, np.uint64(v) >> twelve] += 1

    @stable_njit(f"enumerate:{rules!r}:{tally}", nogil=True, inline="always")
    def record(v, t, g, tallies, seen):
        """Tally value ``v`` of a hand whose last card is ``g`` and mark it seen in the bitset."""
        count(v, t, g, tallies)
        word, bit = np.uint64(v) >> six, one << (np.uint64(v) & np.uint64(63))
        if not seen[word] & bit:  # written once: threads share clean lines
            seen[word] |= bit

    @scalar_loops
    @stable_njit(f"enumerate:{rules!r}:{tally}", nogil=True, parallel=True)
    def enumerate_hands(deck_key, deck_mask, low_cards, k, tasks, tallies, seen, seen_ranks):
        """Visit every k-subset of a deck (its cards' keys and masks, the ``low_cards`` of ranks
        2-8 first) whose first two cards are a task. With ``tally``:
        ``tallies[thread, copy, value >> 12] += 1`` and bit ``value`` of the bitset ``seen`` set,
        or ``seen_ranks[thread, index]`` for a value looked up at ``VAL[index]``; without:
        ``tallies[thread, 0, 0]`` gets the sum of the values (a checksum).

        When no suit can reach five cards with the last card, the last card's loop looks up ranks
        only, with half of the rank index held fixed: a card of rank 2-8 changes only the low
        field (the high field gains one card), a higher card only the high field."""
        n = deck_key.shape[0]
        threads = tallies.shape[0]
        for t in prange(threads):
            idx = np.zeros(k, np.int64)
            keys = np.zeros(k, np.uint64)
            masks = np.zeros(k, np.uint64)
            checksum = 0
            for task in range(t, tasks.shape[0], threads):
                a, b = tasks[task, 0], tasks[task, 1]
                keys[1] = empty_key + deck_key[a] + deck_key[b]
                masks[1] = deck_mask[a] | deck_mask[b]
                idx[1] = b
                depth = 2
                idx[2] = b
                while depth >= 2:
                    if depth == k - 2:  # the prefix is full: the last two cards by plain loops
                        key, mask = keys[depth - 1], masks[depth - 1]
                        for f in range(idx[depth - 1] + 1, n):
                            key_f = key + deck_key[np.uint64(f)]  # unsigned indices: no wraparound tests
                            if (key_f + one_each_suit) & flush_bits:  # a flush is possible
                                mask_f = mask | deck_mask[np.uint64(f)]
                                for g in range(f + 1, n):
                                    v = key_value(key_f + deck_key[np.uint64(g)], mask_f | deck_mask[np.uint64(g)])
                                    if tally:
                                        record(v, t, np.uint64(g), tallies, seen)
                                    else:
                                        checksum += v
                                continue
                            high = high_part(key_f + one_card)
                            for g in range(f + 1, low_cards):
                                i = high + low_part(key_f + deck_key[np.uint64(g)])
                                v = values[i]
                                if tally:
                                    count(v, t, np.uint64(g), tallies)
                                    seen_ranks[t, i] = 1
                                else:
                                    checksum += v
                            low = low_part(key_f)
                            for g in range(max(f + 1, low_cards), n):
                                i = high_part(key_f + deck_key[np.uint64(g)]) + low
                                v = values[i]
                                if tally:
                                    count(v, t, np.uint64(g), tallies)
                                    seen_ranks[t, i] = 1
                                else:
                                    checksum += v
                        depth -= 1
                        continue
                    idx[depth] += 1
                    if idx[depth] > n - (k - depth):
                        depth -= 1
                        continue
                    keys[depth] = keys[depth - 1] + deck_key[idx[depth]]
                    masks[depth] = masks[depth - 1] | deck_mask[idx[depth]]
                    depth += 1
                    idx[depth] = idx[depth - 1]
            tallies[t, 0, 0] += checksum

    return enumerate_hands


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


def _run(rules: Rules, cards: int, deck: np.ndarray, tally: bool) -> tuple[np.ndarray, np.ndarray]:
    """The tallies by ``value >> 12`` (or the checksum in slot 0) and, with ``tally``, the
    distinct values reached."""
    if not 5 <= cards <= 7:
        raise ValueError(f"hands of {cards} cards: the evaluator takes 5 to 7")
    if (rules, tally) not in _ENUMERATORS:
        _ENUMERATORS[rules, tally] = _make_enumerator(rules, tally)
    threads = numba.get_num_threads()
    tallies = np.zeros((threads, TALLY_COPIES, LEAD_SLOTS), np.int64)
    seen = np.zeros((VALUE_SLOTS if tally else 64) // 64, np.uint64)  # a bitset: 1.4 MB stays in cache
    values = make_kernels(rules).rank_values
    seen_ranks = np.zeros((threads, len(values) if tally else 1), np.uint8)
    deck = np.sort(deck)  # the order of the visit changes no tally; the ranks 2-8 come first
    low_cards = int(np.searchsorted(deck, 4 * LOW_RANKS))
    tasks = _tasks(len(deck), cards)
    _ENUMERATORS[rules, tally](CARD_KEY[deck], CARD_MASK[deck], low_cards, cards, tasks, tallies, seen, seen_ranks)
    if not tally:
        return tallies.sum(axis=(0, 1)), np.zeros(0, np.int32)
    flushes_or_any = np.flatnonzero(np.unpackbits(seen.view(np.uint8), bitorder="little"))
    return tallies.sum(axis=(0, 1)), np.union1d(flushes_or_any, values[seen_ranks.any(axis=0)])


def _tasks(n: int, k: int) -> np.ndarray:
    """Pairs of first-two-card positions, largest first (each has C(n-1-b, k-2) hands)."""
    pairs = [(a, b) for a in range(n) for b in range(a + 1, n) if n - 1 - b >= k - 2]
    pairs.sort(key=lambda p: -comb(n - 1 - p[1], k - 2))
    return np.array(pairs, np.int64).reshape(-1, 2)


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
    tallies, seen = _run(rules, cards, deck, tally=True)
    by_lead = tallies.reshape(11, 16, 16)  # [category, first rank, second rank]
    return EnumerationResult(
        rules=rules.name,
        deck_size=len(deck),
        cards=cards,
        category_counts={cat: int(by_lead[cat].sum()) for cat in Category},
        royal_flushes=int(by_lead[Category.STRAIGHT_FLUSH, 13, 12]),
        distinct_values=len(seen),
    )


def value_checksum(rules: Rules | str, cards: int, deck: np.ndarray | None = None) -> int:
    """The sum of the values of every ``cards``-card hand from ``deck``: the same
    enumeration with nothing but an add per hand (the evaluator's enumeration speed)."""
    rules = get_rules(rules)
    tallies, _ = _run(rules, cards, _deck(rules, deck), tally=False)
    return int(tallies[0])
