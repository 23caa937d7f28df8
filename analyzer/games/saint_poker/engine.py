"""Saint Poker: the game state and its mechanics, as Numba kernels (rules §3.2-3.5).

A game lives in one flat ``int64`` array. Hands are 52-bit card masks, so "which
cards may I play" and "which cards has a player not seen" are bit operations.

* Setup: 10 hidden cards each; a face-up *future river* of ``f = 5 - n`` cards.
* Round ``r`` (1..8): the future river becomes the river and ``f`` new cards are
  turned up (not in round 8, S-6); every player puts 1 hand card in the river, then
  reveals 2 (both choices simultaneous: all choose, then all are applied); each
  player's hand is the best 5 of the 5 river cards and his 2; the best hand scores
  ``ceil(r / w)`` for each of ``w`` tied winners.
* Draft (rounds 1..7): in reverse finishing order (ties: more points picks later, then
  the youngest, seat priority, picks first), each player takes 1 of the face-up cards
  (river and revealed), twice in the same order (S-10); the 5 left leave the game.
* Information (§3.6): public are the river, the future river, revealed cards, the
  removed cards, and which cards each player drafted (``KNOWN``, while he holds them).
"""

from __future__ import annotations

import numpy as np

from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.bits import bit_count, nth_bit
from analyzer.sim.deck import draw_card
from analyzer.sim.rng import below

MAX_PLAYERS, ROUNDS, DEAL, DECK_SIZE = 5, 8, 10, 52
RIVER_SIZE, HOLE = 5, 2
RIVER, REVEAL, DRAFT, OVER = 0, 1, 2, 3  # phases

# -- state layout --------------------------------------------------------------------
PLAYERS, ROUND, PHASE, RANDOM_PRIORITY, SNAKE, FUTURE_HIDDEN = range(6)  # options: S-5, S-10, S-1
SCORE = 6  # [player] points so far
HAND = SCORE + MAX_PLAYERS  # [player] card mask of the hand
KNOWN = HAND + MAX_PLAYERS  # [player] mask of his cards the others know (drafted)
RIVER_CARDS = KNOWN + MAX_PLAYERS  # the river (f future cards first, then one per player)
FUTURE = RIVER_CARDS + RIVER_SIZE  # the face-up future river
FUTURE_N = FUTURE + 3
HOLES = FUTURE_N + 1  # [player][2] revealed this round
VALUE = HOLES + 2 * MAX_PLAYERS  # [player] this round's hand value
PRIORITY = VALUE + MAX_PLAYERS  # [player] the draft tie-break "youngest" order (0 first)
REMOVED = PRIORITY + MAX_PLAYERS  # mask of the cards out of the game
ORDER = REMOVED + 1  # [5] this draft's pick order
PICKS = ORDER + MAX_PLAYERS  # picks made in this draft (2 passes of n)
ROUND_POINTS = PICKS + 1  # [round][player] points scored
DECK = ROUND_POINTS + ROUNDS * MAX_PLAYERS  # undealt cards are DECK[TOP:END]
TOP = DECK + DECK_SIZE
END = TOP + 1
STATE_SIZE = END + 1


@kernel(inline="always")
def _bit(card):
    return np.int64(1) << card


@kernel
def _draw(st, rng):
    """One card from the deck, uniform over the undealt cards."""
    return draw_card(st, DECK, TOP, END, 0, rng)


@kernel
def _start_game(st, players, random_priority, rng):
    """Shuffle, deal 10 cards each, turn up the future river (seat priority 0, 1, ...),
    and begin round 1."""
    st[:] = 0
    st[PLAYERS], st[ROUND], st[PHASE], st[RANDOM_PRIORITY] = players, 1, RIVER, random_priority
    for c in range(DECK_SIZE):
        st[DECK + c] = c
    st[TOP], st[END] = 0, DECK_SIZE
    for p in range(players):
        st[PRIORITY + p] = p
        for _ in range(DEAL):
            st[HAND + p] |= _bit(_draw(st, rng))
    f = RIVER_SIZE - players
    for i in range(f):
        st[FUTURE + i] = _draw(st, rng)
    st[FUTURE_N] = f
    st[HOLES:VALUE] = -1
    _start_round(st, rng)


@kernel
def _start_round(st, rng):
    """The river phase begins: the future river moves in, and (before round 8) f new
    future cards are turned up."""
    f = st[FUTURE_N]
    for i in range(RIVER_SIZE):
        st[RIVER_CARDS + i] = st[FUTURE + i] if i < f else -1
    n = f if st[ROUND] < ROUNDS else 0
    for i in range(n):
        st[FUTURE + i] = _draw(st, rng)
    st[FUTURE_N] = n
    st[PHASE] = RIVER


@kernel
def _play_river(st, choices):
    """Everyone's river card at once (``choices[p]`` from his hand)."""
    f = RIVER_SIZE - st[PLAYERS]
    for p in range(st[PLAYERS]):
        c = choices[p]
        st[HAND + p] &= ~_bit(c)
        st[KNOWN + p] &= ~_bit(c)
        st[RIVER_CARDS + f + p] = c
    st[PHASE] = REVEAL


@kernel
def _river_key(st, count):
    """The hand key and card mask of the river's first ``count`` cards (``RIVER_SIZE``: the full
    river), to which a player's cards are added."""
    key, mask = EMPTY_KEY, np.uint64(0)
    for i in range(count):
        c = st[RIVER_CARDS + i]
        key += CARD_KEY[c]
        mask |= CARD_MASK[c]
    return key, mask


@kernel
def _hand_value(st, a, b):
    """The best 5 of the river and the hole cards ``a``, ``b`` (standard ranking)."""
    key, mask = _river_key(st, RIVER_SIZE)
    return evaluate_key(key + CARD_KEY[a] + CARD_KEY[b], mask | CARD_MASK[a] | CARD_MASK[b])


@kernel
def _ceil_div(a, b):
    return -(-a // b)


@kernel
def _play_reveal(st, pairs):
    """Everyone's two cards at once (``pairs[p]``), then scoring: the best hand wins
    ``r`` points, ``w`` tied winners ``ceil(r / w)`` each (§3.3.2)."""
    n = st[PLAYERS]
    best = -1
    for p in range(n):
        a, b = pairs[p, 0], pairs[p, 1]
        st[HAND + p] &= ~(_bit(a) | _bit(b))
        st[KNOWN + p] &= ~(_bit(a) | _bit(b))
        st[HOLES + 2 * p], st[HOLES + 2 * p + 1] = a, b
        st[VALUE + p] = _hand_value(st, a, b)
        best = max(best, st[VALUE + p])
    winners = 0
    for p in range(n):
        winners += st[VALUE + p] == best
    points = _ceil_div(st[ROUND], winners)
    for p in range(n):
        if st[VALUE + p] == best:
            st[SCORE + p] += points
            st[ROUND_POINTS + (st[ROUND] - 1) * MAX_PLAYERS + p] = points
    st[PHASE] = DRAFT if st[ROUND] < ROUNDS else OVER


@kernel
def _draft_order(st, rng):
    """The pick order: reverse finishing order; among equal hands the player with more
    points (after this round) picks later, then the youngest (priority) first (S-4, S-5)."""
    n = st[PLAYERS]
    order = np.arange(n)
    if st[RANDOM_PRIORITY]:
        for i in range(n - 1, 0, -1):  # a fresh random "youngest" order for this draft
            j = below(rng, i + 1)
            st[PRIORITY + i], st[PRIORITY + j] = st[PRIORITY + j], st[PRIORITY + i]
    for i in range(1, n):  # insertion sort by (hand value, points, priority), ascending
        p = order[i]
        j = i - 1
        while j >= 0 and _before(st, p, order[j]):
            order[j + 1] = order[j]
            j -= 1
        order[j + 1] = p
    return order


@kernel
def _before(st, p, q):
    if st[VALUE + p] != st[VALUE + q]:
        return st[VALUE + p] < st[VALUE + q]
    if st[SCORE + p] != st[SCORE + q]:
        return st[SCORE + p] < st[SCORE + q]
    return st[PRIORITY + p] < st[PRIORITY + q]


@kernel
def _pool_mask(st):
    """The face-up cards still to be drafted: the river and the revealed cards."""
    pool = np.int64(0)
    for i in range(RIVER_SIZE):
        if st[RIVER_CARDS + i] >= 0:
            pool |= _bit(st[RIVER_CARDS + i])
    for i in range(2 * st[PLAYERS]):
        if st[HOLES + i] >= 0:
            pool |= _bit(st[HOLES + i])
    return pool


@kernel
def _take(st, p, card):
    """Player ``p`` drafts ``card`` from the pool into his hand, in view of everyone."""
    for i in range(RIVER_SIZE):
        if st[RIVER_CARDS + i] == card:
            st[RIVER_CARDS + i] = -1
    for i in range(2 * st[PLAYERS]):
        if st[HOLES + i] == card:
            st[HOLES + i] = -1
    st[HAND + p] |= _bit(card)
    st[KNOWN + p] |= _bit(card)


@kernel
def _begin_draft(st, rng):
    copy_into(st[ORDER : ORDER + st[PLAYERS]], _draft_order(st, rng))
    st[PICKS] = 0


@kernel
def _picker(st):
    """The player whose pick it is: two passes in the same order, or the second reversed
    with the ``SNAKE`` option (S-10)."""
    n, k = st[PLAYERS], st[PICKS]
    i = k % n
    return st[ORDER + (n - 1 - i if st[SNAKE] and k >= n else i)]


@kernel
def _pick(st, card, rng):
    """The current picker takes ``card``; after the last pick the 5 cards left leave the
    game and the next round begins."""
    _take(st, _picker(st), card)
    st[PICKS] += 1
    if st[PICKS] == 2 * st[PLAYERS]:
        _end_draft(st)
        _start_round(st, rng)


@kernel
def _end_draft(st):
    """The 5 undrafted cards leave the game; the next round's number."""
    st[REMOVED] |= _pool_mask(st)
    st[RIVER_CARDS:FUTURE] = -1
    st[HOLES:VALUE] = -1
    st[ROUND] += 1


@kernel
def _unseen_mask(st, viewer):
    """The cards ``viewer`` has not seen: not his, not face up, not removed, not known
    to be in another hand; they are the opponents' hidden cards and the deck."""
    seen = st[HAND + viewer] | st[REMOVED] | _pool_mask(st)
    for i in range(0 if st[FUTURE_HIDDEN] else st[FUTURE_N]):  # S-1: face up by default
        seen |= _bit(st[FUTURE + i])
    for p in range(st[PLAYERS]):
        seen |= st[KNOWN + p]
    return ((np.int64(1) << DECK_SIZE) - 1) & ~seen


@kernel
def _resample_hidden(src, dst, viewer, rng):
    """Copy ``src`` into ``dst`` with each opponent's hidden cards (hand minus what he is
    known to hold), a face-down future river, and the deck dealt afresh from the cards
    ``viewer`` has not seen."""
    copy_into(dst, src)
    unseen = _unseen_mask(src, viewer)
    n = 0
    for c in range(DECK_SIZE):
        if (unseen >> c) & 1:
            dst[DECK + n] = c
            n += 1
    dst[TOP], dst[END] = 0, n
    for p in range(src[PLAYERS]):
        if p != viewer:
            hidden = src[HAND + p] & ~src[KNOWN + p]
            dst[HAND + p] = src[KNOWN + p]
            for _ in range(popcount(hidden)):
                dst[HAND + p] |= _bit(_draw(dst, rng))
    for i in range(dst[FUTURE_N] if src[FUTURE_HIDDEN] else 0):  # a face-down future river
        dst[FUTURE + i] = _draw(dst, rng)


popcount = bit_count  # the number of cards in a mask
nth_card = nth_bit  # the k-th card (ascending) of a mask
