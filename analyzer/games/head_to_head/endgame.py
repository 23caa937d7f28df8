"""Exact Head to Head end-games: minimax over the last open cards of an Open 5 round (§2.4).

In Open 5 every card is face up, so once the placements left in the round are no more than the
open cards (no new set will be turned up: rounds 1, 2 and 3 end with 4, 2 and 5 picks from
their last set), nothing is hidden and nothing is left to chance: the rest of the round is a
finite game of perfect information. Its value is the **minimax** value: you maximise your
chips from the rows still open, and the opponent, who gets the rest of the same rows (the game
is zero-sum), plays to beat you. No policy is assumed: it is the best you can guarantee
against any opponent, and what you get against one who plays perfectly.

The solver (:func:`_solve`) works backwards over every way the open cards can have been placed
(retrograde analysis): a node is the space each open card went to (``0`` still open, ``1 + s``
space ``s = 2 * row + side``), numbered in base ``2 * rows + 1``, one digit a card, so two
orders of the same placements (a transposition) are one node and each is solved once
(memoised in one array). A node whose cards fill every empty space is the end of the round
and is scored by the rules (§2.3.6, H-G5); any other takes the best child for the player on
turn (the mover at the node alternates with the placements, :func:`.engine._mover_at`). At
most ``11 ** 5 = 161,051`` nodes: milliseconds.

A move's row shares are those of the round's end reached when both players keep playing
minimax moves (the principal variation; ties go to the first move in (card, row, side) order),
so each says what that line of play gives, not a probability.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.head_to_head.engine import (
    CRAZY,
    MAX_ROWS,
    OPEN,
    OPEN5,
    OPEN_N,
    ROWS,
    SLOTS,
    TURN,
    TYPE,
    _count_index,
    _mover,
    _mover_at,
    _open_rows,
    _placements,
    _row_result,
    _slot_index,
)
from analyzer.games.head_to_head.policies import _count_moves, _move_at
from analyzer.jit import kernel

UNSOLVED = -1


@kernel
def _solvable(st):
    """Whether the rest of the round is fully known: an Open 5 round whose placements left are
    no more than the open cards (module docstring)."""
    left = _placements(st) - st[TURN]
    return st[TYPE] == OPEN5 and 0 < left <= st[OPEN_N]


@kernel(inline="always")
def _decode(key, base, n, digits, counts):
    """Split ``key`` into its ``n`` digits (the space of each open card, 0 for none) and count
    the cards each space gets in ``counts``; returns how many cards are placed."""
    counts[:] = 0
    placed = 0
    for i in range(n):
        d = key % base
        key //= base
        digits[i] = d
        if d:
            counts[d - 1] += 1
            placed += 1
    return placed


@kernel
def _fits(st, counts):
    """Whether every side of a row has room for the cards ``counts`` adds to it."""
    for s in range(2 * st[ROWS]):  # noqa: SIM110 (Numba compiles no generator in all())
        if st[_count_index(s & 1, s >> 1)] + counts[s] > SLOTS:
            return False
    return True


@kernel
def _halves_at(st, key, base, work, halves):
    """The round's end ``key`` (every open card's space): ``halves[row]`` the root mover's share
    of each active row in halves of its pot (2 a win, 1 a tie, 0 a loss); returns their sum
    over the rows open at the root."""
    me = _mover(st)
    work[:] = st
    n = st[OPEN_N]
    for i in range(n):
        d = key % base
        key //= base
        if d:
            s = d - 1
            ci = _count_index(s & 1, s >> 1)
            work[_slot_index(s & 1, s >> 1, work[ci])] = st[OPEN + i]
            work[ci] += 1
    rows = _open_rows(st)
    total = 0
    for r in range(st[ROWS]):
        h = _row_result(work, r)
        halves[r] = h if me == 0 else 2 - h
        if (rows >> r) & 1:
            total += halves[r]
    return total


@kernel
def _best_child(st, values, key, digits, counts, level):
    """The best move at node ``key`` (its ``digits`` and ``counts`` decoded, ``level`` cards
    placed) for the player on turn there: ``(value, child key)``, the first best in (card,
    space) order. The root mover maximises his halves, the other player minimises them."""
    base = 2 * st[ROWS] + 1
    seat = _mover_at(st, st[TURN] + level)
    maximise = seat == _mover(st)
    crazy = st[CRAZY] != 0
    best, best_key = -1, -1
    power = 1
    for i in range(st[OPEN_N]):
        if digits[i] == 0:
            for s in range(2 * st[ROWS]):
                side, row = s & 1, s >> 1
                if (crazy or side == seat) and st[_count_index(side, row)] + counts[s] < SLOTS:
                    child = key + (s + 1) * power
                    v = values[child]
                    if best_key < 0 or (v > best if maximise else v < best):
                        best, best_key = v, child
        power *= base
    return best, best_key


@kernel
def _solve(st):
    """The minimax value of every node (module docstring), in halves of a row pot for the root
    mover summed over the rows open at the root; ``UNSOLVED`` for keys no play reaches."""
    n = st[OPEN_N]
    base = 2 * st[ROWS] + 1
    left = _placements(st) - st[TURN]
    size = base**n
    values = np.full(size, UNSOLVED, np.int64)
    digits = np.empty(n, np.int64)
    counts = np.empty(2 * MAX_ROWS, np.int64)
    work = np.empty_like(st)
    halves = np.empty(MAX_ROWS, np.int64)
    level_of = np.full(size, -1, np.int64)
    for key in range(size):
        placed = _decode(key, base, n, digits, counts)
        if placed <= left and _fits(st, counts):
            level_of[key] = placed
    for level in range(left, -1, -1):
        for key in range(size):
            if level_of[key] != level:
                continue
            if level == left:
                values[key] = _halves_at(st, key, base, work, halves)
            else:
                _decode(key, base, n, digits, counts)
                values[key] = _best_child(st, values, key, digits, counts, level)[0]
    return values


@kernel
def _endgame_tallies(st, tallies):
    """Each legal move's minimax value (``tallies[m, 0]``, halves over the rows open) and the
    rows' halves at the end of its principal variation (``tallies[m, 2 + r]``), in the layout
    of the rollouts' tallies (:data:`.rollout.TALLY_WIDTH`, squares set to match one exact
    case); returns the number of nodes solved."""
    values = _solve(st)
    n = st[OPEN_N]
    base = 2 * st[ROWS] + 1
    left = _placements(st) - st[TURN]
    digits = np.empty(n, np.int64)
    counts = np.empty(2 * MAX_ROWS, np.int64)
    work = np.empty_like(st)
    halves = np.empty(MAX_ROWS, np.int64)
    for m in range(_count_moves(st)):
        choice, row, side = _move_at(st, m)
        key = (2 * row + side + 1) * base**choice
        for level in range(1, left):
            _decode(key, base, n, digits, counts)
            key = _best_child(st, values, key, digits, counts, level)[1]
        total = _halves_at(st, key, base, work, halves)
        tallies[m, 0], tallies[m, 1] = total, total * total
        for r in range(st[ROWS]):
            tallies[m, 2 + r], tallies[m, 2 + MAX_ROWS + r] = halves[r], halves[r] * halves[r]
    solved = 0
    for v in values:
        solved += v != UNSOLVED
    return solved
