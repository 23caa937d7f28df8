"""Exhaustive enumeration of k-card hands with incremental keys.

Every k-subset of a deck is visited once; partial hands are kept as
``(key, mask)`` pairs and extended by one add per card, so the innermost loop
costs one lookup per hand. Work is split by the first card, interleaving heavy
and light first cards so that threads finish together.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit, prange

from analyzer.eval.kernels import make_kernels
from analyzer.eval.profiles import Rules
from analyzer.eval.values import Category

_ENUMERATORS: dict[str, object] = {}


def _make_enumerator(rules: Rules):
    kernels = make_kernels(rules)
    evaluate_key = kernels.evaluate_key
    card_key, card_mask, empty_key = kernels.card_key, kernels.card_mask, kernels.empty_key

    @njit(cache=True, nogil=True, parallel=True)
    def enumerate_hands(deck, k, category_counts, seen):
        """Tally every k-subset of ``deck``: ``category_counts[first, category]`` and
        ``seen[value] = 1``."""
        n = deck.shape[0]
        firsts = n - k + 1
        for task in prange(firsts):
            # interleave heavy (low) and light (high) first cards across threads
            first = task // 2 if task % 2 == 0 else firsts - 1 - task // 2
            idx = np.zeros(k, np.int64)
            keys = np.zeros(k, np.uint64)
            masks = np.zeros(k, np.uint64)
            idx[0] = first
            keys[0] = empty_key + card_key[deck[first]]
            masks[0] = card_mask[deck[first]]
            depth = 1
            idx[1] = first
            while depth > 0:
                if depth == k - 1:
                    key, mask = keys[depth - 1], masks[depth - 1]
                    for c in range(idx[depth - 1] + 1, n):
                        v = evaluate_key(key + card_key[deck[c]], mask | card_mask[deck[c]])
                        category_counts[first, v >> 20] += 1
                        seen[v] = 1
                    depth -= 1
                    continue
                idx[depth] += 1
                if idx[depth] > n - (k - depth):
                    depth -= 1
                    continue
                card = deck[idx[depth]]
                keys[depth] = keys[depth - 1] + card_key[card]
                masks[depth] = masks[depth - 1] | card_mask[card]
                depth += 1
                idx[depth] = idx[depth - 1]

    return enumerate_hands


@dataclass(frozen=True)
class EnumerationResult:
    """Exact tallies over every hand of ``cards`` cards from a deck."""

    rules: str
    deck_size: int
    cards: int
    category_counts: dict[Category, int]
    distinct_values: int

    @property
    def total(self) -> int:
        return sum(self.category_counts.values())


def enumerate_categories(rules: Rules, cards: int, deck: np.ndarray | None = None) -> EnumerationResult:
    """Count the best-hand categories of every ``cards``-card hand (5 to 7) from ``deck``
    (default: the profile's full deck), and the number of distinct hand values."""
    if not 5 <= cards <= 7:
        raise ValueError(f"hands of {cards} cards: the evaluator takes 5 to 7")
    if deck is None:
        deck = np.arange(rules.deck_size, dtype=np.uint8)
    deck = np.ascontiguousarray(deck, dtype=np.uint8)
    if rules.name not in _ENUMERATORS:
        _ENUMERATORS[rules.name] = _make_enumerator(rules)
    counts = np.zeros((len(deck), 11), np.int64)
    seen = np.zeros(11 << 20, np.uint8)
    _ENUMERATORS[rules.name](deck, cards, counts, seen)
    totals = counts.sum(axis=0)
    return EnumerationResult(
        rules=rules.name, deck_size=len(deck), cards=cards,
        category_counts={cat: int(totals[cat]) for cat in Category},
        distinct_values=int(seen.sum()))
