"""Numba kernels behind the Head to Head studies: positions sampled from real play, every
move valued by rollouts (:func:`.rollout._sample_moves`, greedy for both players).

* :func:`opening_relations` -- the first placement of a round: each own-side move's
  value relative to the average own-side move of the same decision, grouped by how
  the card relates to the row's common card (:func:`relation`).
* :func:`block_or_build` -- Crazy rounds, at a uniformly chosen point of a greedy v
  greedy round: is the best move on the opponent's side (a block) or on one's own?
* :func:`policy_regret` -- at a uniformly chosen point of a tuned v tuned round, every move
  valued by rollouts under tuned play for both (the search player's values, on samples of
  their own), and what the move of greedy, tuned, rollout:32 and search:1024 gives away
  against the best of them.
* :func:`dealer_chips` -- whole rounds of one type between two given players: the distribution
  of the dealer's chips (the ``choose`` rule's study of the dealer's best type, §2.4).
"""

from __future__ import annotations

import numpy as np

from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.policies import (
    GREEDY,
    ROLLOUT,
    SEARCH,
    TUNED,
    _base_move,
    _both_seats,
    _count_moves,
    _greedy_move,
    _move_at,
    _tuned_move,
)
from analyzer.games.head_to_head.rollout import (
    TALLY_WIDTH,
    _lookahead_move,
    _play_round,
    _sample_moves,
)
from analyzer.games.head_to_head.tuned import HAND_SET, tuned_vector
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.rng import below, fresh_stream

SAME_RANK, SAME_SUIT, CONNECTED, UNRELATED = 0, 1, 2, 3
RELATIONS = ("same rank", "same suit", "connected", "unrelated")
RELATION_TALLY = 3 * len(RELATIONS)  # float64, per relation: count, value sum, value^2 sum (halves)
BLOCK_TALLY = 5  # float64: positions, block best, tie, gap sum, gap^2 (halves, block - build)
REGRET_POLICIES = ("greedy", "tuned", "rollout:32", "search:1024")
REGRET_TALLY = 1 + 3 * len(REGRET_POLICIES)  # float64: positions, then per policy: regret, regret^2, best moves
TUNED_VECTOR = tuned_vector()
CHIP_STEP = E.ROW_POT // 2  # a row won is $200, a tied row $100 each
CHIP_BINS = 5 * E.ROW_POT // CHIP_STEP + 1  # the dealer's chips of a round: $0 to $1,000 in $100 steps


@kernel
def _relation(card, common):
    """How ``card`` relates to a row's common card: same rank; same suit; connected
    (ranks at most 4 apart, so both fit in one straight; the ace also low); unrelated."""
    a, b = card >> 2, common >> 2
    if a == b:
        return SAME_RANK
    if (card & 3) == (common & 3):
        return SAME_SUIT
    if abs(a - b) <= 4 or (a == 12 and b <= 3) or (b == 12 and a <= 3):
        return CONNECTED
    return UNRELATED


@kernel
def _reach_point(st, kind, crazy, rows, policy, w, rng):
    """Start a round of ``kind`` with ``rows`` rows and play it under the base ``policy`` for
    both players (greedy ones under the vector ``w``) up to a uniformly drawn placement,
    prepared for the next one: a position from real play."""
    E._start_round(st, kind, crazy, rows, 0, E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD, rng)
    stop = below(rng, E._placements(st))
    while st[E.TURN] < stop:
        E._prepare(st, rng)
        choice, row, side = _base_move(st, policy, rng, w)
        E._place(st, choice, row, side)
    E._prepare(st, rng)


@kernel
def opening_relations(kind, rows, positions, samples, rng, tallies):
    """Value of each own-side first placement by relation (see the module docstring)."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    kinds = np.full(2, GREEDY)
    vectors = _both_seats(HAND_SET)
    for _ in range(positions):
        E._start_round(st, kind, 0, rows, 0, E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD, rng)
        E._prepare(st, rng)
        moves = _count_moves(st)
        values = np.zeros((moves, TALLY_WIDTH), np.int64)
        _sample_moves(st, kinds, vectors, rng, samples, values)
        start = E._choice_slice(st)[0]
        mean = values[:, 0].mean() / samples
        for m in range(moves):
            choice, row, _side = _move_at(st, m)
            r = _relation(st[start + choice], st[E.COMMON + row])
            gap = values[m, 0] / samples - mean
            tallies[3 * r] += 1
            tallies[3 * r + 1] += gap
            tallies[3 * r + 2] += gap * gap


@kernel
def block_or_build(kind, rows, positions, samples, rng, tallies):
    """Crazy rounds: how often the best move blocks (see the module docstring)."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    kinds = np.full(2, GREEDY)
    vectors = _both_seats(HAND_SET)
    done = 0
    while done < positions:
        _reach_point(st, kind, 1, rows, GREEDY, vectors[0], rng)
        moves = _count_moves(st)
        values = np.zeros((moves, TALLY_WIDTH), np.int64)
        _sample_moves(st, kinds, vectors, rng, samples, values)
        me = E._mover(st)
        best = np.full(2, -1.0)  # best total by side: own, opponent's (halves x samples)
        for m in range(moves):
            theirs = 0 if _move_at(st, m)[2] == me else 1
            best[theirs] = max(best[theirs], values[m, 0])
        if best[0] < 0 or best[1] < 0:
            continue  # only one side has room: nothing to choose
        gap = (best[1] - best[0]) / samples
        tallies[0] += 1
        tallies[1] += gap > 0
        tallies[2] += gap == 0
        tallies[3] += gap
        tallies[4] += gap * gap
        done += 1


@kernel
def _regret_move(st, p, w, rng):
    """The move of policy ``p`` of :data:`REGRET_POLICIES` (tuned vector ``w``)."""
    if p == 0:
        return _greedy_move(st)
    if p == 1:
        return _tuned_move(st, w)
    if p == 2:
        return _lookahead_move(st, np.array([ROLLOUT, 32, GREEDY]), HAND_SET, rng)
    return _lookahead_move(st, np.array([SEARCH, 1024, TUNED]), w, rng)


@kernel
def policy_regret(kind, rows, positions, samples, rng, tallies):
    """What each policy's move gives away (see the module docstring): at a uniform point of a
    tuned v tuned round with more than one legal move, every move valued by ``samples``
    rollouts under tuned play; a policy's regret is the best value minus its move's (halves
    of a row pot)."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    kinds = np.full(2, TUNED)
    vectors = _both_seats(TUNED_VECTOR)
    done = 0
    while done < positions:
        _reach_point(st, kind, 0, rows, TUNED, vectors[0], rng)
        moves = _count_moves(st)
        if moves < 2:
            continue  # nothing to choose
        values = np.zeros((moves, TALLY_WIDTH), np.int64)
        _sample_moves(st, kinds, vectors, rng, samples, values)
        best = values[:, 0].max()
        tallies[0] += 1
        for p in range(len(REGRET_POLICIES)):
            move = _regret_move(st, p, vectors[0], rng)
            m = 0
            while _move_at(st, m) != move:
                m += 1
            regret = (best - values[m, 0]) / samples
            tallies[1 + 3 * p] += regret
            tallies[2 + 3 * p] += regret * regret
            tallies[3 + 3 * p] += values[m, 0] == best
        done += 1


@kernel
def dealer_chips(kind, rows, rounds, params, vectors, lookahead, rng, tallies):
    """Play ``rounds`` rounds of ``kind`` (not Crazy) with ``rows`` rows, the dealer's opponent
    (seat 0, policy ``params[0]``, greedy vector ``vectors[0]``) moving first and the dealer
    (seat 1) second (§2.3); ``tallies[k]`` counts the rounds in which the dealer won ``k`` x $100.
    ``lookahead``: :func:`.rollout.lookahead_flag` of ``params``.

    A seat whose policy draws random numbers (random, rollout, search) gets its own stream, seeded
    from ``rng`` before the first deal; greedy and tuned seats draw none and take none, so with
    those the deal is ``rng`` itself."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    seats = np.ones((2, 4), np.uint64)
    for seat in range(2):
        if params[seat, 0] != GREEDY and params[seat, 0] != TUNED:
            copy_into(seats[seat], fresh_stream(rng))
    for _ in range(rounds):
        E._start_round(st, kind, 0, rows, 0, E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD, rng)
        _play_round(st, params, vectors, rng, seats, lookahead)
        tallies[(rows * E.ROW_POT - E._round_chips(st)) // CHIP_STEP] += 1  # seat 1 deals
