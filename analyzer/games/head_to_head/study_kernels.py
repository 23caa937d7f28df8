"""Numba kernels behind the Head to Head studies: positions sampled from real play, every
move valued by rollouts (:func:`.rollout._sample_moves`, greedy for both players).

* :func:`opening_relations` -- the first placement of a round: each own-side move's
  value relative to the average own-side move of the same decision, grouped by how
  the card relates to the row's common card (:func:`relation`).
* :func:`block_or_build` -- Crazy rounds, at a uniformly chosen point of a greedy v
  greedy round: is the best move on the opponent's side (a block) or on one's own?
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.greedy_params import HAND_SET
from analyzer.games.head_to_head.policies import GREEDY, _base_move, _count_moves, _move_at
from analyzer.games.head_to_head.rollout import TALLY_WIDTH, _sample_moves
from analyzer.sim.arrays import copy_into
from analyzer.sim.rng import below

SAME_RANK, SAME_SUIT, CONNECTED, UNRELATED = 0, 1, 2, 3
RELATIONS = ("same rank", "same suit", "connected", "unrelated")
RELATION_TALLY = 3 * len(RELATIONS)  # float64, per relation: count, value sum, value^2 sum (halves)
BLOCK_TALLY = 5  # float64: positions, block best, tie, gap sum, gap^2 (halves, block - build)


@njit(cache=True, nogil=True)
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


@njit(cache=True, nogil=True)
def _hand_set_vectors():
    """The hand-set greedy vector for both seats: the studies' players."""
    vectors = np.empty((2, HAND_SET.shape[0]))
    copy_into(vectors[0], HAND_SET)  # not a slice assignment: see analyzer.sim.arrays
    copy_into(vectors[1], HAND_SET)
    return vectors


@njit(cache=True, nogil=True)
def opening_relations(kind, rows, positions, samples, rng, tallies):
    """Value of each own-side first placement by relation (see the module docstring)."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    kinds = np.full(2, GREEDY)
    vectors = _hand_set_vectors()
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


@njit(cache=True, nogil=True)
def block_or_build(kind, rows, positions, samples, rng, tallies):
    """Crazy rounds: how often the best move blocks (see the module docstring)."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    kinds = np.full(2, GREEDY)
    vectors = _hand_set_vectors()
    done = 0
    while done < positions:
        E._start_round(st, kind, 1, rows, 0, E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD, rng)
        stop = below(rng, E._placements(st))
        while st[E.TURN] < stop:
            E._prepare(st, rng)
            choice, row, side = _base_move(st, GREEDY, rng, vectors[0])
            E._place(st, choice, row, side)
        E._prepare(st, rng)
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
