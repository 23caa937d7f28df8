"""Numba kernels for five-card stud showdowns (each hand is exactly its own five cards).

Exact: every completion of each player's known cards is listed once with its
card mask and value; a depth-first walk over the players then visits every
choice of completions that uses no card twice, i.e. every deal of the unknown
cards, in parts by ranges of the first player's completions. Monte Carlo deals
the unknown cards uniformly with rejection.
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import CARD_BIT
from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key
from analyzer.jit import kernel
from analyzer.sim.rng import below
from analyzer.sim.showdown import record_showdown

HAND = 5


@kernel
def _completions(known, free_cards):
    """Masks and values of every 5-card hand made of ``known`` plus cards of ``free_cards``."""
    need = HAND - known.shape[0]
    m = free_cards.shape[0]
    count = 1
    for i in range(need):
        count = count * (m - i) // (i + 1)
    masks = np.zeros(count, np.uint64)
    values = np.zeros(count, np.int64)
    base_key, base_mask = EMPTY_KEY, np.uint64(0)
    for c in known:
        base_key += CARD_KEY[c]
        base_mask |= CARD_MASK[c]
    idx = np.arange(need)
    for row in range(count):
        key, mask, bits = base_key, base_mask, np.uint64(0)
        for j in range(need):
            c = free_cards[idx[j]]
            key += CARD_KEY[c]
            mask |= CARD_MASK[c]
            bits |= CARD_BIT[c]
        masks[row] = bits
        values[row] = evaluate_key(key, mask)
        j = need - 1  # next combination of `need` positions out of m
        while j >= 0 and idx[j] == m - need + j:
            j -= 1
        if j >= 0:
            idx[j] += 1
            for i in range(j + 1, need):
                idx[i] = idx[i - 1] + 1
    return masks, values


@kernel
def _exact_deals(masks, values, offsets, first, stop, tallies):
    """Tally every choice of one completion per player (rows ``offsets[p]:offsets[p+1]``
    of ``masks``/``values``; for player 0 only rows ``first:stop``) whose cards are disjoint.
    Returns the number of deals. Splitting player 0's rows into ranges splits the walk into
    parts whose tallies and deals add up to the whole walk's."""
    n = offsets.shape[0] - 1
    choice = np.zeros(n, np.int64)
    used = np.zeros(n + 1, np.uint64)  # used[p]: cards taken by players before p
    hand_values = np.zeros(n, np.int64)
    deals = 0
    p = 0
    choice[0] = first - 1
    while p >= 0:
        choice[p] += 1
        if choice[p] == (stop if p == 0 else offsets[p + 1]):
            p -= 1
            continue
        row = choice[p]
        if masks[row] & used[p]:
            continue
        hand_values[p] = values[row]
        if p == n - 1:
            record_showdown(hand_values, tallies, 1)
            deals += 1
            continue
        used[p + 1] = used[p] | masks[row]
        p += 1
        choice[p] = offsets[p] - 1
    return deals


@kernel
def _monte_carlo_deals(known, known_offsets, excluded, state, trials, tallies):
    """``trials`` random deals: each player's known cards completed to five with
    uniformly drawn unseen cards."""
    n = known_offsets.shape[0] - 1
    base_key = np.zeros(n, np.uint64)
    base_mask = np.zeros(n, np.uint64)
    for p in range(n):
        base_key[p] = EMPTY_KEY
        for i in range(known_offsets[p], known_offsets[p + 1]):
            base_key[p] += CARD_KEY[known[i]]
            base_mask[p] |= CARD_MASK[known[i]]
    values = np.zeros(n, np.int64)
    for _ in range(trials):
        used = excluded
        for p in range(n):
            key, mask = base_key[p], base_mask[p]
            for _i in range(HAND - (known_offsets[p + 1] - known_offsets[p])):  # written out, as in Hold'em
                c = below(state, 52)
                while used & CARD_BIT[c]:
                    c = below(state, 52)
                used |= CARD_BIT[c]
                key += CARD_KEY[c]
                mask |= CARD_MASK[c]
            values[p] = evaluate_key(key, mask)
        record_showdown(values, tallies, 1)
