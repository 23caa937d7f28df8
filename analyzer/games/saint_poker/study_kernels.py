"""Numba kernels behind the Saint Poker studies: spend or save, draft seats, the paired
tournament, and what each policy's choice gives away (:func:`policy_regret`)."""

from __future__ import annotations

import numpy as np

from analyzer.games._lookahead import LOOKAHEAD
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.policies import GREEDY, _best_pair, _least_needed, _seat_streams
from analyzer.games.saint_poker.rollout import (
    CHOICE_TALLY,
    SHARE,
    _legal_choices,
    _sample_choices,
    _score_choices,
    _step_base,
    _win_share,
)
from analyzer.games.saint_poker.table import _play_game, _policy_choice
from analyzer.jit import kernel
from analyzer.sim.rng import below, next_u64

SPEND_TALLY = 4  # positions, value gap sum, gap^2 sum, positions where spending is better


@kernel
def spend_or_save(n, round_, weights, positions, samples, rng, tallies):
    """At the reveal of round ``round_`` in greedy games: the rest-of-game points of seat
    0 revealing its best pair (spend) minus revealing the pair it misses least (save),
    each valued over ``samples`` deals of what it has not seen, greedy play after
    (``weights``: :func:`.policies.policy_weights`)."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    kinds = np.full(E.MAX_PLAYERS, GREEDY)
    none = np.zeros(2, np.int64)
    base = np.empty_like(st)
    work = np.empty_like(st)
    choices = np.empty((2, 2), np.int64)
    for _ in range(positions):
        rngs = _seat_streams(rng, E.MAX_PLAYERS)
        E._start_game(st, n, 0, rng)
        while not (st[E.ROUND] == round_ and st[E.PHASE] == E.REVEAL):
            _step_base(st, kinds, weights, rng, rngs, np.int64(-1), none)
        hand = st[E.HAND]
        (a, b), _ = _best_pair(st, hand)
        c, d = _least_needed(hand, np.int64(2), weights[GREEDY])
        choices[0, 0], choices[0, 1], choices[1, 0], choices[1, 1] = a, b, c, d
        values = np.zeros((2, CHOICE_TALLY), np.int64)
        for _ in range(samples):
            E._resample_hidden(st, base, np.int64(0), rng)
            _score_choices(base, np.int64(0), choices, kinds, weights, rng, work, values)
        gap = (values[0, 3] - values[1, 3]) / samples
        tallies[0] += 1
        tallies[1] += gap
        tallies[2] += gap * gap
        tallies[3] += gap > 0


@kernel
def draft_seats(n, weights, games, rng, tallies):
    """All-greedy games: the points each player scores in the round after a draft, by the
    position he picked in (1st .. nth); ``tallies[3 * k: 3 * k + 3]`` = count, points,
    points^2 for position ``k``."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    kinds = np.full(E.MAX_PLAYERS, GREEDY)
    none = np.zeros(2, np.int64)
    position = np.zeros(E.MAX_PLAYERS, np.int64)
    for _ in range(games):
        rngs = _seat_streams(rng, E.MAX_PLAYERS)
        E._start_game(st, n, 0, rng)
        while st[E.PHASE] != E.OVER:
            before = st[E.PHASE]
            _step_base(st, kinds, weights, rng, rngs, np.int64(-1), none)
            if before != E.REVEAL:
                continue
            r = st[E.ROUND]  # the round just scored; rounds after the first follow a draft
            for p in range(n if r > 1 else 0):
                points = st[E.ROUND_POINTS + (r - 1) * E.MAX_PLAYERS + p]
                tallies[3 * position[p]] += 1
                tallies[3 * position[p] + 1] += points
                tallies[3 * position[p] + 2] += points * points
            if st[E.PHASE] == E.DRAFT:
                for k in range(n):
                    position[st[E.ORDER + k]] = k


def paired_width(k):
    """The tally width of :func:`paired_tournament` for ``k`` players."""
    return 1 + 2 * k + k * (k - 1)


@kernel
def paired_tournament(n, players, field, weights, deals, rng, tallies):
    """Every player of ``players`` (one policy row each) in every seat of ``n`` against
    ``field`` policies (base policies reading ``weights``), on the same deals: each deal's
    stream (cards, draft ties) and seat streams are drawn once and replayed for every player
    and seat (common random numbers).
    A player's result on a deal is ``x``, the sum over the ``n`` seats of his share of the
    game won (units of 1/60, :func:`.rollout._win_share`); his win share is ``x / (60 n)``.
    ``tallies``: deals; per player the sums of ``x`` and ``x^2``; per ordered pair ``i < j``
    the sums of ``x_i - x_j`` and its square (:func:`paired_width`)."""
    k = players.shape[0]
    st = np.zeros(E.STATE_SIZE, np.int64)
    params = np.zeros((E.MAX_PLAYERS, 3), np.int64)
    seed = np.empty(4, np.uint64)
    deal = np.empty(4, np.uint64)
    x = np.zeros(k, np.int64)
    for _ in range(deals):
        for i in range(4):
            seed[i] = next_u64(rng)
        seats = _seat_streams(rng, E.MAX_PLAYERS)
        x[:] = 0
        for c in range(k):
            for s in range(n):
                for q in range(n):
                    params[q] = players[c] if q == s else field
                deal[:] = seed
                _play_game(st, n, 0, params, weights, deal, seats.copy(), LOOKAHEAD)
                x[c] += _win_share(st, s)
        tallies[0] += 1
        at = 1 + 2 * k
        for c in range(k):
            tallies[1 + 2 * c] += x[c]
            tallies[2 + 2 * c] += x[c] * x[c]
            for d in range(c + 1, k):
                tallies[at] += x[c] - x[d]
                tallies[at + 1] += (x[c] - x[d]) ** 2
                at += 2


REGRET_HEAD = 2  # positions, legal choices summed
REGRET_STATS = 7  # per policy: regret, its square, held-out regret, its square, best choices, points regret, square


def regret_width(k):
    """The tally width of :func:`policy_regret` for ``k`` policies."""
    return REGRET_HEAD + REGRET_STATS * k


@kernel
def _reach_decision(st, n, phase, round_, kinds, weights, rng):
    """Deal a game of ``n`` players and play it, each seat by its base policy ``kinds[seat]``
    (draft ties broken at random, S-5), up to ``phase`` of round ``round_`` -- in the draft up
    to a uniformly drawn one of its ``2 n`` picks; the decider: a uniformly drawn seat at the
    river and the reveal (everyone chooses), the picker in the draft."""
    rngs = _seat_streams(rng, E.MAX_PLAYERS)
    none = np.zeros(2, np.int64)
    E._start_game(st, n, 1, rng)
    while not (st[E.ROUND] == round_ and st[E.PHASE] == phase):
        _step_base(st, kinds, weights, rng, rngs, np.int64(-1), none)
    if phase != E.DRAFT:
        return below(rng, n)
    stop = below(rng, 2 * n)
    while st[E.PICKS] < stop:
        _step_base(st, kinds, weights, rng, rngs, np.int64(-1), none)
    return E._picker(st)


@kernel
def _choice_index(choices, move):
    """The row of ``choices`` that is ``move`` (a pair in either order); a move that is not a
    legal choice is an error."""
    for m in range(choices.shape[0]):
        a, b = choices[m, 0], choices[m, 1]
        if (a == move[0] and b == move[1]) or (a == move[1] and b == move[0]):
            return m
    raise ValueError("a policy's move is not a legal choice")


@kernel
def _position_regret(st, p, players, kinds, weights, samples, rng, tallies):
    """Add the regret of every policy of ``players`` at ``p``'s decision in ``st`` to ``tallies``
    (:func:`policy_regret`; ``kinds``: the base policy of every seat after the choice)."""
    choices = _legal_choices(st, p)
    c = choices.shape[0]
    half = samples // 2
    first = np.zeros((c, CHOICE_TALLY), np.int64)
    second = np.zeros((c, CHOICE_TALLY), np.int64)
    _sample_choices(st, p, choices, kinds, weights, rng, half, first)
    _sample_choices(st, p, choices, kinds, weights, rng, samples - half, second)
    won = first[:, 5] + second[:, 5]
    share = won / (SHARE * samples)
    points = (first[:, 3] + second[:, 3]) / samples
    a, b = first[:, 5] / (SHARE * half), second[:, 5] / (SHARE * (samples - half))
    best_a, best_b = np.argmax(a), np.argmax(b)
    params = np.zeros((E.MAX_PLAYERS, 3), np.int64)
    tallies[0] += 1
    tallies[1] += c
    for i in range(players.shape[0]):
        params[p] = players[i]
        move = _policy_choice(st, p, params, weights, _seat_streams(rng, 1)[0], LOOKAHEAD)
        m = _choice_index(choices, move)
        regret = share.max() - share[m]
        held = 0.5 * ((b[best_a] - b[m]) + (a[best_b] - a[m]))
        lost = points.max() - points[m]
        at = REGRET_HEAD + REGRET_STATS * i
        tallies[at] += regret
        tallies[at + 1] += regret * regret
        tallies[at + 2] += held
        tallies[at + 3] += held * held
        tallies[at + 4] += won[m] == won.max()
        tallies[at + 5] += lost
        tallies[at + 6] += lost * lost


@kernel
def policy_regret(n, phase, round_, players, continuation, weights, positions, samples, rng, tallies):
    """What each policy of ``players`` (one policy row each) gives away at ``phase`` of round
    ``round_``, ``n`` players (``weights``: :func:`.policies.policy_weights`).

    A position: a game of ``continuation`` players (a base policy kind) played to a uniformly
    drawn decision of that phase and round with more than one legal choice
    (:func:`_reach_decision`). Every legal choice of the decider is valued by ``samples`` deals
    of what he has not seen, the game played out by ``continuation`` for everyone
    (:func:`.rollout._sample_choices`; every choice sees the same deals and streams, common
    random numbers): its share of the game won and its points to the end of the game.

    A policy's regret at a position is the best choice's value minus the value of the policy's
    own choice (made from the true position; a policy sees only what the rules show): in
    win share, and in points. The best by the same values (in-sample) is on average no worse
    than the truly best choice, so that regret errs high; the held-out regret chooses the best
    on one half of the deals and measures the gap on the other (both ways, averaged), which
    errs low (the half's best may not be the best); with an even ``samples`` it is never above
    the in-sample regret. ``tallies`` (:func:`regret_width`): positions, legal choices summed,
    then per policy the sums of the regret and its square, the held-out regret and its
    square, positions where its choice is a best one by win share (ties count), and the
    points regret and its square (:func:`_position_regret`)."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    kinds = np.full(E.MAX_PLAYERS, continuation)
    done = 0
    while done < positions:
        p = _reach_decision(st, n, phase, round_, kinds, weights, rng)
        if _legal_choices(st, p).shape[0] < 2:
            continue  # nothing to choose
        _position_regret(st, p, players, kinds, weights, samples, rng, tallies)
        done += 1
