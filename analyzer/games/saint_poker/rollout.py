"""Saint Poker play under base policies: the phase step, the rollout policy, and valuing every choice.

:func:`_score_choices` is where choices are valued: from a state whose hidden cards
were dealt from the chooser's point of view, each legal choice of the current phase is
made, the other players choose by their base policies (simultaneously, from the same
state), and the game is played out; all choices see the same deals and streams. Each
choice's tally row (:func:`_add_outcome`): [won the round, points this round, its square,
points to the end of the game, its square, share of the game won in units of 1 / ``SHARE``
(:func:`_win_share`), its square] -- "this round" is the round being played, or for a draft pick the
next one.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.policies import (
    BASE,
    ROLLOUTS,
    _base_draft,
    _base_pair,
    _base_river,
    _seat_streams,
)
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.rng import next_u64

CHOICE_TALLY = 7
SHARE = 60  # a game win shared by w players counts SHARE / w (lcm of 1..5)
MAX_CHOICES = 45  # pairs of 10 cards


@kernel
def _legal_choices(st, p):
    """The current phase's choices for ``p``, one per row ``(card, card)`` (a single card
    is repeated): river cards, hole pairs, or draft picks."""
    phase = st[E.PHASE]
    source = E._pool_mask(st) if phase == E.DRAFT else st[E.HAND + p]
    n = E.popcount(source)
    out = np.empty((MAX_CHOICES, 2), np.int64)
    k = 0
    for i in range(n):
        a = E.nth_card(source, i)
        if phase != E.REVEAL:
            out[k, 0], out[k, 1] = a, a
            k += 1
            continue
        for j in range(i + 1, n):
            out[k, 0], out[k, 1] = a, E.nth_card(source, j)
            k += 1
    return out[:k]


@kernel
def _step_base(st, kinds, weights, deal_rng, rngs, me, forced):
    """One phase step with base policies (``kinds`` per seat, reading ``weights``,
    :func:`.policies.policy_weights`); ``me`` plays ``forced`` (a legal choice row) when
    ``me`` >= 0."""
    n = st[E.PLAYERS]
    phase = st[E.PHASE]
    if phase == E.RIVER:
        cards = np.empty(n, np.int64)
        for p in range(n):
            cards[p] = forced[0] if p == me else _base_river(st, p, kinds[p], weights, rngs[p])
        E._play_river(st, cards)
    elif phase == E.REVEAL:
        pairs = np.empty((n, 2), np.int64)
        for p in range(n):
            if p == me:
                pairs[p, 0], pairs[p, 1] = forced[0], forced[1]
            else:
                pairs[p, 0], pairs[p, 1] = _base_pair(st, p, kinds[p], weights, rngs[p])
        E._play_reveal(st, pairs)
        if st[E.PHASE] == E.DRAFT:
            E._begin_draft(st, deal_rng)
    else:
        p = E._picker(st)
        E._pick(st, forced[0] if p == me else _base_draft(st, p, kinds[p], weights, rngs[p]), deal_rng)


@kernel
def _play_out(st, kinds, weights, deal_rng, rngs):
    """Finish the game with base policies."""
    none = np.zeros(2, np.int64)
    while st[E.PHASE] != E.OVER:
        _step_base(st, kinds, weights, deal_rng, rngs, np.int64(-1), none)  # not -1: one signature, not two


@kernel
def _score_choices(base, me, choices, kinds, weights, rng, work, tallies):
    """Add every choice's outcome to ``tallies`` (module docstring)."""
    seed = np.empty(4, np.uint64)
    for i in range(4):
        seed[i] = next_u64(rng)
    n = base[E.PLAYERS]
    now = base[E.ROUND] + (1 if base[E.PHASE] == E.DRAFT else 0)
    deal = np.empty(4, np.uint64)
    for c in range(choices.shape[0]):
        copy_into(work, base)
        copy_into(deal, seed)
        rngs = _seat_streams(deal, n)
        start = work[E.SCORE + me]
        _step_base(work, kinds, weights, deal, rngs, me, choices[c])
        _play_out(work, kinds, weights, deal, rngs)
        _add_outcome(work, me, now, start, tallies[c])


@kernel
def _add_outcome(work, me, now, start, row):
    """Add the finished game ``work`` to ``me``'s tally ``row`` (module docstring); ``now`` is
    the round whose points count as this round's, ``start`` his score before the choice."""
    points = work[E.ROUND_POINTS + (now - 1) * E.MAX_PLAYERS + me] if now <= E.ROUNDS else 0
    total = work[E.SCORE + me] - start
    row[0] += points > 0
    row[1] += points
    row[2] += points * points
    row[3] += total
    row[4] += total * total
    share = _win_share(work, me)
    row[5] += share
    row[6] += share * share


@kernel
def _best_other(st, me):
    """The highest score of ``me``'s opponents."""
    best = -1
    for q in range(st[E.PLAYERS]):
        if q != me:
            best = max(best, st[E.SCORE + q])
    return best


@kernel
def _win_share(st, me):
    """``me``'s share of the game won, in units of 1 / ``SHARE``: ``SHARE / w`` when he is one
    of ``w`` players with the most points (a shared win, S-7), else 0."""
    mine = st[E.SCORE + me]
    if mine < _best_other(st, me):
        return 0
    leaders = 0
    for q in range(st[E.PLAYERS]):
        leaders += st[E.SCORE + q] == mine
    return SHARE // leaders


@kernel
def _sample_choices(st, me, choices, kinds, weights, rng, trials, tallies):
    """Monte Carlo values of ``me``'s choices over ``trials`` deals of what he has not seen."""
    base = np.empty_like(st)
    work = np.empty_like(st)
    for _ in range(trials):
        E._resample_hidden(st, base, me, rng)
        _score_choices(base, me, choices, kinds, weights, rng, work, tallies)


@kernel
def _rollout_choice(st, p, seat_params, weights, rng):
    """The rollout policy: the choice with the most expected points to the end."""
    choices = _legal_choices(st, p)
    tallies = np.zeros((choices.shape[0], CHOICE_TALLY), np.int64)
    kinds = np.full(st[E.PLAYERS], seat_params[BASE])
    _sample_choices(st, p, choices, kinds, weights, rng, seat_params[ROLLOUTS], tallies)
    return choices[np.argmax(tallies[:, 3])]
