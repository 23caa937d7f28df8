"""Exact tallies of a Hold'em equity query: the deals listed by suit class, the runout table on
the flop, turn and river, the board's rank patterns preflop (:func:`exact_tallies`)."""

from __future__ import annotations

import functools
import math

import numpy as np

from analyzer.games.holdem.boards import FixedDeals, deal_tallies
from analyzer.games.holdem.deal import UNDEALABLE, HoldemDeal
from analyzer.games.holdem.engine import BOARD_CARDS, _exact_assignments, exact_showdowns
from analyzer.games.holdem.runouts import MAX_RUNOUT_CARDS, runout_assignments
from analyzer.games.holdem.symmetry import canonical_classes, valid_assignments
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import WIDTH


def exact_tallies(
    deal: HoldemDeal,
    runner: Runner,
    listed: bool = True,
    by_combo: bool = False,
    categories: bool = True,
) -> tuple[np.ndarray, float, int]:
    """Exact tallies: (tallies, total weight, number of deals enumerated), a row per player or,
    ``by_combo``, per combo of :meth:`HoldemDeal.packed`. Their final-hand category columns are
    filled when ``categories`` says so, or when that costs nothing (every kernel but the runout
    table's tallies them). With ``listed``, from a list of deals
    where :func:`_run_listed` takes one (suit classes, or the one deal of fixed hands); else
    combo choice by combo choice in a kernel, in tasks by the first player's combos, summed in
    task order: on the flop, turn and river by the table of every combo's value on every runout
    (:mod:`~analyzer.games.holdem.runouts`), preflop by the board's rank patterns."""
    if listed:
        result = _run_listed(deal, runner, by_combo)
        if result is not None:
            return result
    combos, offsets, weights = deal.packed
    board = deal.board
    if BOARD_CARDS - len(board) <= MAX_RUNOUT_CARDS:
        runs = _runout_tasks(deal)
        tasks = [(combos, offsets, weights, board, deal.excluded, by_combo, categories, run) for run in runs]
        results = runner.tasks(_runouts_one, tasks)
        tallies = results[0][0] if len(results) == 1 else np.sum([t for t, _, _ in results], axis=0)
    else:
        pattern_tasks = []
        for row in range(offsets[0], offsets[1]):
            first = np.concatenate([combos[row : row + 1], combos[offsets[1] :]])
            first_weights = np.concatenate([weights[row : row + 1], weights[offsets[1] :]])
            first_offsets = np.concatenate([[0, 1], offsets[2:] - offsets[1] + 1])
            pattern_tasks.append((first, first_offsets, first_weights, board, deal.excluded, by_combo))
        results = runner.tasks(_exact_one, pattern_tasks)
        if by_combo:  # task ``row`` holds player 1's combo ``row``, then every later player's combos
            tallies = np.zeros((len(combos), WIDTH))
            for row, (part, _, _) in enumerate(results):
                tallies[row] += part[0]
                tallies[offsets[1] :] += part[1:]
        else:
            tallies = np.sum([t for t, _, _ in results], axis=0)
    _, totals, deals = zip(*results)
    total = float(sum(totals))
    if total == 0:
        raise ValueError(UNDEALABLE)
    return tallies, total, int(sum(deals))


def _run_listed(deal: HoldemDeal, runner: Runner, by_combo: bool = False) -> tuple[np.ndarray, float, int] | None:
    """Exact tallies from a list of deals, when it helps: the suit classes of the combo choices
    (one representative each, with the summed weight of its members) when the board and dead
    cards leave a symmetry and there are at least as many choices as symmetries, and at most
    :data:`~analyzer.games.holdem.symmetry.MAX_ASSIGNMENTS`; the one deal when every player
    holds one combo. Else None: :func:`exact_tallies` enumerates combo by combo in the kernel.

    The deals go to :func:`~analyzer.games.holdem.engine.exact_showdowns` in tasks of 64, so a
    query of fixed hands compiles that kernel alone. ``by_combo`` (rows per combo, as in
    :func:`exact_tallies`; with fixed hands they are the players' rows): the classes are
    enumerated one by one (:func:`_combo_tallies`)."""
    maps = deal.symmetries
    assignments = deal.assignments
    symmetric = len(maps) > 1 and assignments >= len(maps)
    if not symmetric and assignments > 1:
        return None
    free = 52 - len(deal.board) - len(deal.dead) - 2 * len(deal.ranges)
    completions = math.comb(free, 5 - len(deal.board))
    if not symmetric:  # the one deal, which prepare_deal found dealable
        holes, weights, weight = deal.one_deal
        task = (holes, weights, deal.board, deal.excluded)
        tallies = runner.tasks(_exact_classes, [task])[0]
        return tallies, weight * completions, completions
    listed = valid_assignments([r.combos for r in deal.ranges], [r.weights for r in deal.ranges])
    if listed is None:
        return None
    holes, weights = listed
    if len(holes) == 0:
        raise ValueError(UNDEALABLE)
    representatives, summed, members = canonical_classes(holes, weights, maps)
    totals = float(weights.sum()) * completions, len(holes) * completions
    if by_combo:
        return _combo_tallies(deal, holes, weights, representatives, members, runner), *totals
    parts = len(representatives) // 64
    batches = np.array_split(np.arange(len(representatives)), parts) if parts > 1 else [slice(None)]
    tasks = [(representatives[b], summed[b], deal.board, deal.excluded) for b in batches]
    results = runner.tasks(_exact_classes, tasks)
    return (results[0] if len(results) == 1 else np.sum(results, axis=0)), *totals


def _combo_tallies(
    deal: HoldemDeal,
    holes: np.ndarray,
    weights: np.ndarray,
    representatives: np.ndarray,
    members: np.ndarray,
    runner: Runner,
) -> np.ndarray:
    """Tallies per combo of the deals ``holes`` (weights ``weights``) from their suit classes:
    each class ``representatives[u]`` enumerated on its own, every completion counted once
    (:func:`~analyzer.games.holdem.boards.deal_tallies`), then deal ``a`` adds
    ``weights[a]`` times the counts of its class ``members[a]`` to the row of each player's combo
    (a suit permutation keeps the players' order). The counts take ``120 n`` bytes a class, at
    most :data:`~analyzer.games.holdem.symmetry.MAX_ASSIGNMENTS` classes."""

    count, n = representatives.shape[:2]
    boards = np.zeros((count, 5), np.uint8)
    boards[:, : len(deal.board)] = deal.board
    classes = FixedDeals(
        representatives.astype(np.uint8),
        np.full(count, n, np.int64),
        boards,
        np.full(count, len(deal.board), np.int64),
        np.full(count, deal.excluded, np.uint64),
    )
    counts = deal_tallies(classes, runner=runner)
    combo_rows = deal.combo_rows()
    tallies = np.zeros((len(deal.packed[0]), WIDTH))
    for p in range(n):
        np.add.at(tallies, combo_rows[p, holes[:, p, 0], holes[:, p, 1]], weights[:, None] * counts[members, p])
    return tallies


def _exact_classes(representatives, weights, board, excluded):
    tallies = np.zeros((representatives.shape[1], WIDTH), np.float64)
    exact_showdowns(representatives, weights, board, excluded, tallies)
    return tallies


RUNOUT_TASK_STEPS = 4_000_000
"""About how many runout steps (choices times runouts) a task of :func:`_runout_tasks` takes at
least."""
RUNOUT_TASK_ROWS = 32
"""The fewest first-player combos a task of :func:`_runout_tasks` takes: each task values every
later player's combo on every runout again, which then costs a few percent of its work."""
MAX_RUNOUT_TASKS = 64


def _runout_tasks(deal: HoldemDeal) -> tuple[tuple[int, int], ...]:
    """The first player's combo rows split into at most :data:`MAX_RUNOUT_TASKS` runs of at least
    :data:`RUNOUT_TASK_ROWS` rows and :data:`RUNOUT_TASK_STEPS` steps of
    :func:`~analyzer.games.holdem.runouts.runout_assignments` (a small query is one task, run on
    the calling thread); the split depends on the query alone, so the sums do too."""
    free = 52 - len(deal.board) - len(deal.dead)
    return _split_rows(deal.listed[0], deal.assignments * math.comb(free, BOARD_CARDS - len(deal.board)))


@functools.lru_cache(maxsize=256)
def _split_rows(rows: int, steps: int) -> tuple[tuple[int, int], ...]:
    """:func:`_runout_tasks`'s runs of ``rows`` first-player rows of ``steps`` steps in all,
    worked out once per size: a pure function of the two, and a small query's floor is a few µs."""
    parts = max(1, min(rows // RUNOUT_TASK_ROWS, steps // RUNOUT_TASK_STEPS, MAX_RUNOUT_TASKS))
    return tuple((rows * i // parts, rows * (i + 1) // parts) for i in range(parts))


def _runouts_one(combos, offsets, weights, board, excluded, by_combo, categories, first):
    tallies = np.zeros((len(combos) if by_combo else len(offsets) - 1, WIDTH), np.float64)
    total, deals = runout_assignments(combos, offsets, weights, board, excluded, by_combo, categories, first, tallies)
    return tallies, total, deals


def _exact_one(combos, offsets, weights, board, excluded, by_combo):
    tallies = np.zeros((len(combos) if by_combo else len(offsets) - 1, WIDTH), np.float64)
    total, deals = _exact_assignments(combos, offsets, weights, board, excluded, by_combo, tallies)
    return tallies, total, deals
