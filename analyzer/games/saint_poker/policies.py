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
  round's bar (:data:`PLAY_BAR`: a straight in rounds 1-2, three of a kind in 3-4, two
  pair in 5-6, anything in 7-8, when the points are largest); otherwise reveals the pair
  whose loss costs the least :func:`hand_strength`. Its river card is always the one it
  misses least; it drafts like greedy.
* **rollout** -- every legal choice scored by ``N`` simulations of the rest of the game
  under a base policy for everyone, the hidden cards dealt from what it has not seen;
  the choice with the most expected points wins.
* **search** -- determinized Monte Carlo with successive halving (:mod:`.search`): a
  budget of ``B`` simulations per move, spent on the choices still in the running, each
  valued by its expected points to the end; the worse half of the choices is dropped
  after each round of simulations.

:func:`hand_strength` (draft and save) scores a hand for the rounds to come: pairs 2,
trips 5, quads 9; the longest suit beyond 2 cards 1.5 a card; the longest run of ranks
beyond 2 (the ace also low) 1.2 a card; plus 0.3 x rank / 12 for every card.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.games.saint_poker import engine as E
from analyzer.sim.rng import below, next_u64

RANDOM, GREEDY, SAVE, ROLLOUT, SEARCH = 0, 1, 2, 3, 4
POLICY_NAMES = {"random": RANDOM, "greedy": GREEDY, "save": SAVE, "rollout": ROLLOUT, "search": SEARCH}
STRONG = (ROLLOUT, SEARCH)  # the kinds that simulate, over a base policy
BASE_POLICIES = ("random", "greedy", "save")
KIND, ROLLOUTS, BASE = range(3)  # ROLLOUTS: per choice (rollout) or per move (search)
RIVER_SAMPLES = 3
PLAY_BAR = np.array([0, 5, 5, 4, 4, 3, 3, 0, 0])  # by round: the category save plays to win with
GAME_WIDTH = 2 * E.MAX_PLAYERS + 1 + E.ROUNDS * E.MAX_PLAYERS  # scores, winners, points per round


@njit(cache=True, nogil=True)
def _hand_strength(mask):
    """A hand's promise for the rounds to come (module docstring)."""
    score = 0.0
    suits = np.zeros(4, np.int64)
    ranks = 0
    for r in range(13):
        k = 0
        for s in range(4):
            if (mask >> (4 * r + s)) & 1:
                k += 1
                suits[s] += 1
        if k:
            ranks |= 1 << r
            score += 0.3 * k * r / 12
        score += 2.0 if k == 2 else 5.0 if k == 3 else 9.0 if k == 4 else 0.0
    longest = max(max(suits[0], suits[1]), max(suits[2], suits[3]))  # not suits.max(): 1 CPU-s less to compile
    score += 1.5 * max(longest - 2, 0)
    ranks_low = (ranks << 1) | (ranks >> 12 & 1)  # the ace below the deuce
    run = best = 0
    for r in range(14):
        run = run + 1 if (ranks_low >> r) & 1 else 0
        best = max(best, run)
    return score + 1.2 * max(best - 2, 0)


@njit(cache=True, nogil=True)
def _best_pair(st, hand):
    """Greedy reveal: the pair of ``hand`` with the best hand on the (full) river."""
    best, pair = -1, (0, 0)
    n = E.popcount(hand)
    for i in range(n):
        a = E.nth_card(hand, i)
        for j in range(i + 1, n):
            b = E.nth_card(hand, j)
            v = E._hand_value(st, a, b)
            if v > best:
                best, pair = v, (a, b)
    return pair, best


@njit(cache=True, nogil=True)
def _least_needed(hand, count):
    """The ``count`` (1 or 2) cards of ``hand`` whose loss costs the least strength."""
    n = E.popcount(hand)
    best, pick = -1e18, (0, 0)
    for i in range(n):
        a = E.nth_card(hand, i)
        if count == 1:
            s = _hand_strength(hand & ~E._bit(a))
            if s > best:
                best, pick = s, (a, a)
            continue
        for j in range(i + 1, n):
            b = E.nth_card(hand, j)
            s = _hand_strength(hand & ~(E._bit(a) | E._bit(b)))
            if s > best:
                best, pick = s, (a, b)
    return pick


@njit(cache=True, nogil=True)
def _greedy_river(st, p, rng):
    """The river card that leaves the best expected hand this round."""
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
    work = st.copy()
    best, choice = -1.0, 0
    for i in range(E.popcount(hand)):
        c = E.nth_card(hand, i)
        total = 0.0
        for _ in range(RIVER_SAMPLES):
            work[E.RIVER_CARDS + f] = c
            for j in range(n - 1):  # the others' river cards, from the unseen ones
                k = j + below(rng, m - j)
                pool[j], pool[k] = pool[k], pool[j]
                work[E.RIVER_CARDS + f + 1 + j] = pool[j]
            total += _best_pair(work, hand & ~E._bit(c))[1]
        if total > best:
            best, choice = total, c
    return choice


@njit(cache=True, nogil=True)
def _greedy_draft(st, p):
    """The pool card that most raises the hand's strength."""
    pool, hand = E._pool_mask(st), st[E.HAND + p]
    best, choice = -1e18, 0
    for i in range(E.popcount(pool)):
        c = E.nth_card(pool, i)
        s = _hand_strength(hand | E._bit(c))
        if s > best:
            best, choice = s, c
    return choice


@njit(cache=True, nogil=True)
def _random_card(mask, rng):
    return E.nth_card(mask, below(rng, E.popcount(mask)))


@njit(cache=True, nogil=True)
def _base_river(st, p, kind, rng):
    hand = st[E.HAND + p]
    if kind == RANDOM:
        return _random_card(hand, rng)
    if kind == SAVE:
        return _least_needed(hand, 1)[0]
    return _greedy_river(st, p, rng)


@njit(cache=True, nogil=True)
def _base_pair(st, p, kind, rng):
    hand = st[E.HAND + p]
    if kind == RANDOM:
        a = _random_card(hand, rng)
        return a, _random_card(hand & ~E._bit(a), rng)
    pair, value = _best_pair(st, hand)
    if kind == SAVE and value >> 20 < PLAY_BAR[st[E.ROUND]]:
        return _least_needed(hand, 2)
    return pair


@njit(cache=True, nogil=True)
def _base_draft(st, p, kind, rng):
    if kind == RANDOM:
        return _random_card(E._pool_mask(st), rng)
    return _greedy_draft(st, p)


@njit(cache=True, nogil=True)
def _seat_streams(rng, n):
    out = np.empty((n, 4), np.uint64)
    for i in range(n):
        for j in range(4):
            out[i, j] = next_u64(rng)
    return out
