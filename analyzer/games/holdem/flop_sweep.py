"""Every flop's exact showdown figures from one pass over the five-card boards.

A flop's figures are sums over the boards that contain it. So each of the C(m, 5) boards of the
``m`` cards left (1,712,304 heads-up) is valued once per player, with keys built one card at a
time, and its outcome, the set of players holding the best hand (a bitmask ``w``), is counted
for each of the board's ten three-card subsets: ``counts[flop, w] += 1``. The counts by winner
set give every figure: player ``p`` wins alone where ``w == {p}``, ties where ``w`` holds ``p``
and others, and takes ``TIE_UNITS / |w|`` units of the pot wherever ``w`` holds ``p``.

Flops are numbered by the colex rank of their cards' positions ``x < y < z`` in the sorted free
cards, ``x + C(y, 2) + C(z, 3)``. Of a board ``a < b < c < d < e``, the six flops holding ``e``
are counted board by board; the four of ``a, b, c, d`` once per winner set after the loop over
``e``. The boards are cut into tasks by their lowest card, dealt
round-robin to at most :data:`MAX_TASKS` partial count tables that are summed: integer counts,
so the figures never depend on how the work was cut.
"""

from __future__ import annotations

from math import comb

import numpy as np

from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key
from analyzer.jit import kernel
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import EQUITY, TIE, TIE_UNITS, WIDTH, WIN

BOARD_CARDS = 5
MAX_TASKS = 16  # partial tables: a few per thread balance the work; each holds every flop's counts
TABLES_BYTES = 128 << 20  # at most this much for all partial tables (10 players: 20 MB each)
CHOOSE2 = np.array([comb(i, 2) for i in range(52)], np.int64)
CHOOSE3 = np.array([comb(i, 3) for i in range(52)], np.int64)


def flop_rank(positions: np.ndarray) -> np.ndarray:
    """The colex rank of each row of three ascending positions: ``x + C(y, 2) + C(z, 3)``."""
    x, y, z = positions[:, 0], positions[:, 1], positions[:, 2]
    return x + CHOOSE2[y] + CHOOSE3[z]


@kernel
def _sweep(holes, free, firsts, counts, totals):
    """Count the winner set of every board whose lowest position is in ``firsts`` into
    ``counts[rank of each of its flops]`` and ``totals``."""
    n = holes.shape[0]
    m = free.shape[0]
    hole_key = np.zeros(n, np.uint64)
    hole_mask = np.zeros(n, np.uint64)
    for p in range(n):
        hole_key[p] = CARD_KEY[holes[p, 0]] + CARD_KEY[holes[p, 1]]
        hole_mask[p] = CARD_MASK[holes[p, 0]] | CARD_MASK[holes[p, 1]]
    values = np.zeros(n, np.int64)
    held = np.zeros(1 << n, np.int64)  # winner sets of the boards of one (a, b, c, d), by set
    seen = np.zeros(1 << n, np.int64)  # the sets held counts for, in the order first seen
    for a in firsts:
        ka, ma = EMPTY_KEY + CARD_KEY[free[a]], CARD_MASK[free[a]]
        for b in range(a + 1, m - 3):
            kb, mb = ka + CARD_KEY[free[b]], ma | CARD_MASK[free[b]]
            for c in range(b + 1, m - 2):
                kc, mc = kb + CARD_KEY[free[c]], mb | CARD_MASK[free[c]]
                for d in range(c + 1, m - 1):
                    kd, md = kc + CARD_KEY[free[d]], mc | CARD_MASK[free[d]]
                    sets = 0
                    for e in range(d + 1, m):
                        key, mask = kd + CARD_KEY[free[e]], md | CARD_MASK[free[e]]
                        best = np.int64(0)
                        for p in range(n):
                            values[p] = evaluate_key(key + hole_key[p], mask | hole_mask[p])
                            best = max(best, values[p])
                        w = np.int64(0)
                        for p in range(n):
                            w |= np.int64(values[p] == best) << p
                        if held[w] == 0:
                            seen[sets] = w
                            sets += 1
                        held[w] += 1
                        ce = CHOOSE3[e]  # the six flops holding e, counted board by board
                        for flop in (
                            a + CHOOSE2[b] + ce,
                            a + CHOOSE2[c] + ce,
                            b + CHOOSE2[c] + ce,
                            a + CHOOSE2[d] + ce,
                            b + CHOOSE2[d] + ce,
                            c + CHOOSE2[d] + ce,
                        ):
                            counts[flop, w] += 1
                    cd = CHOOSE3[d]  # the four flops of a, b, c, d: every e at once
                    flops = (a + CHOOSE2[b] + CHOOSE3[c], a + CHOOSE2[b] + cd, a + CHOOSE2[c] + cd, b + CHOOSE2[c] + cd)
                    for j in range(sets):
                        w = seen[j]
                        for flop in flops:
                            counts[flop, w] += held[w]
                        totals[w] += held[w]
                        held[w] = 0


def _sweep_task(holes: np.ndarray, free: np.ndarray, firsts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    counts = np.zeros((comb(len(free), 3), 1 << len(holes)), np.int32)
    totals = np.zeros(1 << len(holes), np.int64)
    _sweep(holes, free, firsts, counts, totals)
    return counts, totals


def winner_set_figures(counts: np.ndarray, players: int) -> np.ndarray:
    """Showdown tallies ``(..., players, WIDTH)`` (WIN, TIE and EQUITY filled) from counts by
    winner set ``(..., 2**players)``."""
    sets = np.arange(1 << players)
    holds = (sets[:, None] >> np.arange(players)) & 1  # (sets, players)
    size = np.maximum(holds.sum(axis=1), 1)[:, None]
    figures = np.zeros((*counts.shape[:-1], players, WIDTH), np.int64)
    counts = counts.astype(np.int64)
    figures[..., WIN] = counts @ (holds * (size == 1))
    figures[..., TIE] = counts @ (holds * (size > 1))
    figures[..., EQUITY] = counts @ (holds * (TIE_UNITS // size))
    return figures


def every_flop(
    holes: np.ndarray,
    free: np.ndarray,
    *,
    runner: Runner = Runner(),
) -> tuple[np.ndarray, np.ndarray]:
    """Every flop's tallies ``(C(m, 3), n, WIDTH)`` over its C(m - 3, 2) completions, flops in
    colex order of their positions in ``free`` (the ``m`` cards left, ascending), and the
    tallies ``(n, WIDTH)`` over all C(m, 5) boards, each counted once; ``holes`` is ``(n, 2)``."""
    holes = np.ascontiguousarray(holes, np.uint8)
    free = np.ascontiguousarray(free, np.uint8)
    table_bytes = comb(len(free), 3) * (4 << len(holes))
    tasks_count = max(1, min(MAX_TASKS, len(free) - BOARD_CARDS + 1, TABLES_BYTES // table_bytes))
    lowest = np.arange(len(free) - BOARD_CARDS + 1)
    tasks = [(holes, free, np.ascontiguousarray(lowest[t::tasks_count])) for t in range(tasks_count)]  # one layout
    results = runner.tasks(_sweep_task, tasks)
    counts = sum(r[0].astype(np.int64) for r in results)
    totals = sum(r[1] for r in results)
    return winner_set_figures(counts, len(holes)), winner_set_figures(totals, len(holes))


__all__ = ["every_flop", "flop_rank", "winner_set_figures"]
