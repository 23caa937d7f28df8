"""Saint Poker playing policies and the game loop.

A policy sees its own hand and the public cards (river, future river, revealed and
removed cards, what each player drafted); it never reads another hand or the deck.
Choices of the same phase are simultaneous: every player chooses from the same state,
then all choices are applied.

* **random** -- uniform over the legal choices.
* **greedy** ("greedy-now", the best hand this round) -- reveals the pair that makes the
  best hand with the river; puts in the river the card that leaves the best expected
  hand (the others' river cards sampled ``RIVER_SAMPLES`` times from the cards it has
  not seen and those the others are known to hold); drafts the card that most raises
  its hand strength.
* **save** ("save for later") -- plays greedy's best pair only when that hand reaches the
  round's bar (a straight in rounds 1-2, three of a kind in 3-4, two pair in 5-6, anything
  in 7-8, when the points are largest); otherwise reveals the pair whose loss costs the
  least :func:`_hand_strength`. Its river card is always the one it misses least; it
  drafts like greedy.
* **tuned**, **tuned-save** -- greedy's and save's rules with the weights tuned by
  self-play (:mod:`.tuned`).
* **rollout** -- every legal choice scored by ``N`` simulations of the rest of the game
  under a base policy for everyone, the hidden cards dealt from what it has not seen;
  the choice with the most expected points wins.
* **search** -- determinized Monte Carlo with successive halving (:mod:`.search`): a
  budget of ``B`` simulations per move, spent on the choices still in the running, each
  valued by its expected points to the end; the worse half of the choices is dropped
  after each round of simulations.

Every number of greedy and save is an entry of a weight vector (:mod:`.tuned`); the
kernels take a table ``weights`` with one vector per kind (:func:`policy_weights`), so a
policy of kind ``k`` reads ``weights[k]``. Greedy's bars are 0: it always shows its best
pair, and the bar test is what makes save (and a tuned greedy) keep its cards.

:func:`_hand_strength` (draft and save) scores a hand for the rounds to come; with the
hand-set weights: pairs 2, trips 5, quads 9; the longest suit beyond 2 cards 1.5 a card;
the longest run of ranks beyond 2 (the ace also low) 1.2 a card; plus 0.3 x rank / 12 for
every card.
"""

from __future__ import annotations

import numpy as np

from analyzer.eval.standard import CARD_KEY, CARD_MASK, key_value
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker import tuned as W
from analyzer.jit import kernel
from analyzer.sim.bits import bit_count
from analyzer.sim.rng import below, next_u64

RANDOM, GREEDY, SAVE, ROLLOUT, SEARCH, TUNED, TUNED_SAVE = range(7)
N_KINDS = 7
POLICY_NAMES = {
    "random": RANDOM,
    "greedy": GREEDY,
    "save": SAVE,
    "tuned": TUNED,
    "tuned-save": TUNED_SAVE,
    "rollout": ROLLOUT,
    "search": SEARCH,
}
STRONG = (ROLLOUT, SEARCH)  # the kinds that simulate, over a base policy
BASE_POLICIES = ("random", "greedy", "save", "tuned", "tuned-save")
SAVE_RIVER = (SAVE, TUNED_SAVE)  # the kinds whose river card is the one they miss least
KIND, ROLLOUTS, BASE = range(3)  # ROLLOUTS: per choice (rollout) or per move (search)
RIVER_SAMPLES = 3
GAME_WIDTH = 2 * E.MAX_PLAYERS + 1 + E.ROUNDS * E.MAX_PLAYERS  # scores, winners, points per round


def policy_weights(tuned: np.ndarray | None = None, tuned_save: np.ndarray | None = None) -> np.ndarray:
    """The kernels' weight table: row ``k`` is the vector of kind ``k`` (:mod:`.tuned`);
    greedy and save the hand-set vectors, tuned and tuned-save the package's tuned ones
    unless ``tuned`` or ``tuned_save`` is given (the rows of the other kinds are unused)."""
    table = np.zeros((N_KINDS, W.N_PARAMS))
    table[GREEDY], table[SAVE] = W.GREEDY_HAND_SET, W.SAVE_HAND_SET
    loaded = W.tuned_vectors()
    table[TUNED] = loaded["tuned"] if tuned is None else W.check_vector(tuned)
    table[TUNED_SAVE] = loaded["tuned-save"] if tuned_save is None else W.check_vector(tuned_save)
    return table


SUIT_CARDS = sum(1 << (4 * rank) for rank in range(13))
"""The cards of the first suit as a mask (card = 4 x rank + suit): shifted by ``s``, suit ``s``'s."""


@kernel
def _hand_strength(mask, w):
    """A hand's promise for the rounds to come under the weights ``w`` (module docstring).
    The cards of a rank are a nibble of the mask and those of a suit every fourth bit, so both
    are counted with ``popcnt``; the longest run of ranks is the number of times the rank bits
    can be ANDed with themselves shifted by one before they are gone."""
    score = 0.0
    ranks = 0
    for r in range(13):
        k = bit_count((mask >> (4 * r)) & 15)
        if k:
            ranks |= 1 << r
            score += w[W.RANK] * k * r / 12
        score += w[W.PAIR] if k == 2 else w[W.TRIPS] if k == 3 else w[W.QUADS] if k == 4 else 0.0
    longest = max(
        max(bit_count(mask & SUIT_CARDS), bit_count(mask & (SUIT_CARDS << 1))),
        max(bit_count(mask & (SUIT_CARDS << 2)), bit_count(mask & (SUIT_CARDS << 3))),
    )
    score += w[W.SUIT] * max(longest - 2, 0)
    run = (ranks << 1) | (ranks >> 12 & 1)  # the ace below the deuce
    best = 0
    while run:
        run &= run << 1
        best += 1
    return score + w[W.RUN] * max(best - 2, 0)


PAIR_KEY, PAIR_MASK, PAIR_CARDS = range(3)
"""The rows of :func:`_hand_pairs`' table."""


@kernel
def _hand_pairs(hand):
    """Every pair of ``hand``'s cards, in card order, one column each (one allocation): row
    ``PAIR_KEY`` their key (without :data:`EMPTY_KEY`), ``PAIR_MASK`` their card mask and
    ``PAIR_CARDS`` the pair as a mask of the two cards."""
    count = E.popcount(hand)
    pairs = np.empty((3, count * (count - 1) // 2), np.uint64)
    k = 0
    for i in range(count):
        a = E.nth_card(hand, i)
        for j in range(i + 1, count):
            b = E.nth_card(hand, j)
            pairs[PAIR_KEY, k] = CARD_KEY[a] + CARD_KEY[b]
            pairs[PAIR_MASK, k] = CARD_MASK[a] | CARD_MASK[b]
            pairs[PAIR_CARDS, k] = np.uint64(E._bit(a) | E._bit(b))
            k += 1
    return pairs


@kernel
def _best_pair(st, hand):
    """Greedy reveal: the pair of ``hand`` with the best hand on the (full) river, the first in
    card order among equals, and its value."""
    river_key, river_mask = E._river_key(st, E.RIVER_SIZE)
    pairs = _hand_pairs(hand)
    best, pair = -1, np.int64(0)
    for k in range(pairs.shape[1]):
        v = key_value(river_key + pairs[PAIR_KEY, k], river_mask | pairs[PAIR_MASK, k])
        if v > best:
            best, pair = v, np.int64(pairs[PAIR_CARDS, k])
    return (E.nth_card(pair, 0), E.nth_card(pair, 1)), best


@kernel
def _least_needed(hand, count, w):
    """The ``count`` (1 or 2) cards of ``hand`` whose loss costs the least strength (weights ``w``)."""
    n = E.popcount(hand)
    best, pick = -1e18, (0, 0)
    for i in range(n):
        a = E.nth_card(hand, i)
        if count == 1:
            s = _hand_strength(hand & ~E._bit(a), w)
            if s > best:
                best, pick = s, (a, a)
            continue
        for j in range(i + 1, n):
            b = E.nth_card(hand, j)
            s = _hand_strength(hand & ~(E._bit(a) | E._bit(b)), w)
            if s > best:
                best, pick = s, (a, b)
    return pick


@kernel
def _greedy_river(st, p, rng):
    """The river card that leaves the best expected hand this round: for each card of the hand,
    the best pair of the others on :data:`RIVER_SAMPLES` rivers of it, the future river's cards and
    the others' cards drawn from the unseen ones (the value -1 where no pair is left), summed.
    The pairs' keys are summed once, not once per card and river."""
    hand = st[E.HAND + p]
    n, f = st[E.PLAYERS], E.RIVER_SIZE - st[E.PLAYERS]
    possible = E._unseen_mask(st, p)  # what the others may put in: unseen or known to be theirs
    for q in range(n):
        if q != p:
            possible |= st[E.KNOWN + q]
    pool = np.empty(E.DECK_SIZE, np.int64)
    m = 0
    for c in range(E.DECK_SIZE):
        if (possible >> c) & 1:
            pool[m] = c
            m += 1
    future_key, future_mask = E._river_key(st, f)
    pairs = _hand_pairs(hand)
    best, choice = -1.0, 0
    for i in range(E.popcount(hand)):
        c = E.nth_card(hand, i)
        total = 0.0
        for _ in range(RIVER_SAMPLES):
            key, mask = future_key + CARD_KEY[c], future_mask | CARD_MASK[c]
            for j in range(n - 1):  # the others' river cards, from the unseen ones
                k = j + below(rng, m - j)
                pool[j], pool[k] = pool[k], pool[j]
                key += CARD_KEY[pool[j]]
                mask |= CARD_MASK[pool[j]]
            value = -1
            played = np.uint64(E._bit(c))
            for k in range(pairs.shape[1]):
                if not pairs[PAIR_CARDS, k] & played:
                    value = max(value, key_value(key + pairs[PAIR_KEY, k], mask | pairs[PAIR_MASK, k]))
            total += value
        if total > best:
            best, choice = total, c
    return choice


@kernel
def _greedy_draft(st, p, w):
    """The pool card that most raises the hand's strength (weights ``w``)."""
    pool, hand = E._pool_mask(st), st[E.HAND + p]
    best, choice = -1e18, 0
    for i in range(E.popcount(pool)):
        c = E.nth_card(pool, i)
        s = _hand_strength(hand | E._bit(c), w)
        if s > best:
            best, choice = s, c
    return choice


@kernel
def _random_card(mask, rng):
    return E.nth_card(mask, below(rng, E.popcount(mask)))


@kernel
def _base_river(st, p, kind, weights, rng):
    """Seat ``p``'s river card by the base policy ``kind`` (weights ``weights[kind]``)."""
    hand = st[E.HAND + p]
    if kind == RANDOM:
        return _random_card(hand, rng)
    if kind == SAVE or kind == TUNED_SAVE:
        return _least_needed(hand, np.int64(1), weights[kind])[0]
    return _greedy_river(st, p, rng)


@kernel
def _base_pair(st, p, kind, weights, rng):
    """Seat ``p``'s hole pair: the best one, unless its category is below the round's bar
    (then the pair missed least)."""
    hand = st[E.HAND + p]
    if kind == RANDOM:
        a = _random_card(hand, rng)
        return a, _random_card(hand & ~E._bit(a), rng)
    pair, value = _best_pair(st, hand)
    w = weights[kind]
    if value >> 20 < w[W.BAR + st[E.ROUND] - 1]:
        return _least_needed(hand, np.int64(2), w)
    return pair


@kernel
def _base_draft(st, p, kind, weights, rng):
    """Seat ``p``'s draft pick: the card that most raises his hand's strength."""
    if kind == RANDOM:
        return _random_card(E._pool_mask(st), rng)
    return _greedy_draft(st, p, weights[kind])


@kernel
def _seat_streams(rng, n):
    out = np.empty((n, 4), np.uint64)
    for i in range(n):
        for j in range(4):
            out[i, j] = next_u64(rng)
    return out
