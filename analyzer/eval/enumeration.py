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
from analyzer.eval.tables import CARD_KEY, CARD_MASK
from analyzer.eval.values import Category

_ENUMERATORS: dict[tuple[Rules, bool], Callable[..., None]] = {}
TALLY_COPIES = 4  # consecutive hands add to different copies: no store-to-load chains
LEAD_SLOTS = 11 << 8  # value >> 12: the category and the two leading rank nibbles
VALUE_SLOTS = 11 << 20  # every hand value is below this


def _make_enumerator(rules: Rules, tally: bool):
    kernels = make_kernels(rules)
    key_value = kernels.key_value
    empty_key = kernels.empty_key
    six, one = np.uint64(6), np.uint64(1)

    @stable_njit(f"enumerate:{rules!r}:{tally}", nogil=True, parallel=True)
    def enumerate_hands(deck_key, deck_mask, k, tasks, tallies, seen):
        """Visit every k-subset of a deck (its cards' keys and masks) whose first two cards are
        a task. With ``tally``: ``tallies[thread, copy, value >> 12] += 1`` and bit ``value`` of
        the bitset ``seen`` set; without: ``tallies[thread, 0, 0]`` gets the sum of the values
        (a checksum)."""
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
                            key_f = key + deck_key[f]
                            mask_f = mask | deck_mask[f]
                            for g in range(f + 1, n):
                                v = key_value(key_f + deck_key[g], mask_f | deck_mask[g])
                                if tally:
                                    tallies[t, g & 3, v >> 12] += 1
                                    word, bit = np.uint64(v) >> six, one << (np.uint64(v) & np.uint64(63))
                                    if not seen[word] & bit:  # written once: threads share clean lines
                                        seen[word] |= bit
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
    if not 5 <= cards <= 7:
        raise ValueError(f"hands of {cards} cards: the evaluator takes 5 to 7")
    if (rules, tally) not in _ENUMERATORS:
        _ENUMERATORS[rules, tally] = _make_enumerator(rules, tally)
    tallies = np.zeros((numba.get_num_threads(), TALLY_COPIES, LEAD_SLOTS), np.int64)
    seen = np.zeros((VALUE_SLOTS if tally else 64) // 64, np.uint64)  # a bitset: 1.4 MB stays in cache
    _ENUMERATORS[rules, tally](CARD_KEY[deck], CARD_MASK[deck], cards, _tasks(len(deck), cards), tallies, seen)
    return tallies.sum(axis=(0, 1)), seen


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
        distinct_values=int(np.unpackbits(seen.view(np.uint8)).sum()),
    )


def value_checksum(rules: Rules | str, cards: int, deck: np.ndarray | None = None) -> int:
    """The sum of the values of every ``cards``-card hand from ``deck``: the same
    enumeration with nothing but an add per hand (the evaluator's enumeration speed)."""
    rules = get_rules(rules)
    tallies, _ = _run(rules, cards, _deck(rules, deck), tally=False)
    return int(tallies[0])
