"""Board texture (``holdem hits``): what a range makes and draws to on a flop, a turn or every flop.

Every combo of the range that holds no board or dead card is classified on the board
(:mod:`~analyzer.games.holdem.texture`: its made-hand row and its draws) and counted with its
weight; on a board each row also lists its combos (one kernel call classifies them all, and the
rows' counts are their weights summed in combo order). With no board, every flop of the cards
left (C(52 - dead, 3), 19,600 with none dead) counts once, each with the combos that hold none
of its cards: one kernel pass over the flops, cut into tasks of flops on threads or a Dask
cluster, each flop's tally kept apart and the flops summed in their order, so the figures do not
depend on how the work was cut.
"""

from __future__ import annotations

from itertools import combinations

import numpy as np

from analyzer.cards import CardError, CardsInput, cards_left, check_disjoint, format_cards, parse_cards
from analyzer.games.holdem.hits_result import HitRow, HitsResult
from analyzer.games.holdem.texture import (
    CATEGORIES,
    COLUMNS,
    DRAWS,
    FLOP_ONLY,
    MADE,
    TOTAL,
    classify_hands,
    tally_boards,
)
from analyzer.ranges import EmptyRangeError, Range, format_combo, parse
from analyzer.sim.engine import clock_start
from analyzer.sim.facts import RunFacts
from analyzer.sim.runner import Runner

BOARD_SIZES = (3, 4)  # a flop or a turn; no board: every flop
TASKS = 16  # tasks of flops on every flop: a few per thread balance the work


def holdem_hits(
    hand_range: str | Range,
    board: CardsInput = "",
    dead: CardsInput = "",
    *,
    runner: Runner = Runner(),
) -> HitsResult:
    """What ``hand_range`` makes and draws to on ``board`` (3 or 4 cards), or on every flop of
    the cards left when ``board`` is empty, exactly (rows: :mod:`~analyzer.games.holdem.texture`).

    Parameters
    ----------
    hand_range:
        A range (``"QQ+, AKs"``, ``"random"``: :func:`analyzer.ranges.parse`) or a
        :class:`~analyzer.ranges.Range`; combos holding a board or dead card are dropped, the
        others count with their weights.
    board:
        A flop or a turn; ``""`` for every flop.
    dead:
        Cards known to be out of play: no combo or flop holds one.
    runner:
        Where the run executes (threads, a Dask scheduler) and its progress sink
        (:class:`~analyzer.sim.runner.Runner`), called with (tasks done, tasks planned) as the run
        over every flop goes.
    """
    board_cards = parse_cards(board)
    if len(board_cards) and len(board_cards) not in BOARD_SIZES:
        raise CardError(
            f"holdem hits takes a flop (3 cards) or a turn (4), or no board for every flop; "
            f"got {len(board_cards)}: {format_cards(board_cards)}"
        )
    dead_cards = parse_cards(dead)
    check_disjoint({"the board": board_cards, "the dead cards": dead_cards})
    if not isinstance(hand_range, str | Range):
        raise TypeError(f"hand_range must be text or a Range, got {type(hand_range).__name__} {hand_range!r}")
    rng = parse(hand_range) if isinstance(hand_range, str) else hand_range
    label = rng.canonical()
    known = np.concatenate([board_cards, dead_cards]).astype(np.int64)
    try:
        rng = rng.without(known)
    except EmptyRangeError:
        raise EmptyRangeError(f"range {label!r} has no combos left after the board and dead cards") from None
    start = clock_start()
    if len(board_cards):
        rows, flags = _classified(rng, board_cards, runner)
        hands = _hands(rng, rows, flags)
        return _result(rng, label, board_cards, dead_cards, _board_tallies(rng, rows, flags), len(rng), 1, start, hands)
    left = cards_left(dead_cards)
    if len(left) < 5:
        raise ValueError(f"{len(dead_cards)} dead cards leave {len(left)} cards: too few for a hand and a flop")
    boards = left[np.array(list(combinations(range(len(left)), 3)), np.int64)]
    tallies, classified = _tally(rng, boards.astype(np.uint8), runner)
    return _result(rng, label, board_cards, dead_cards, tallies, classified, len(boards), start, None)


def _classified(rng: Range, board: np.ndarray, runner: Runner) -> tuple[np.ndarray, np.ndarray]:
    """Each combo's made-hand row and draw flags on ``board``
    (:func:`~analyzer.games.holdem.texture.classify_hands`), as one task of ``runner``."""
    holes = np.ascontiguousarray(rng.combos, np.uint8)
    return runner.tasks(_classify_task, [(holes, np.ascontiguousarray(board, np.uint8))])[0]


def _classify_task(holes: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    rows, flags = np.zeros(len(holes), np.int64), np.zeros(len(holes), np.int64)
    classify_hands(holes, board, rows, flags)
    return rows, flags


def _board_tallies(rng: Range, rows: np.ndarray, flags: np.ndarray) -> np.ndarray:
    """The columns (:data:`~analyzer.games.holdem.texture.COLUMNS`) of one board from its combos'
    rows and flags: each column the weights of its combos added in combo order, as
    :func:`~analyzer.games.holdem.texture.tally_boards` adds them."""
    weights = rng.weights
    tallies = np.zeros(COLUMNS)
    tallies[: len(MADE)] = np.bincount(rows, weights, minlength=len(MADE))
    for d in range(len(DRAWS)):
        tallies[len(MADE) + d] = sum(weights[(flags >> d) & 1 == 1].tolist())
    tallies[TOTAL] = sum(weights.tolist())
    return tallies


def _hands(rng: Range, rows: np.ndarray, flags: np.ndarray) -> dict[str, tuple[str, ...]]:
    """The combos (``"AsKd"``, in the range's order) of every made-hand row, category and draw."""
    names = [format_combo(c) for c in rng.combos]

    def listed(keep: np.ndarray) -> tuple[str, ...]:
        return tuple(names[i] for i in np.flatnonzero(keep))

    hands = {name: listed(rows == i) for i, (name, _) in enumerate(MADE)}
    for c in CATEGORIES:
        hands[c.label] = listed(np.isin(rows, [i for i, (_, of) in enumerate(MADE) if of == c]))
    hands |= {name: listed((flags >> d) & 1 == 1) for d, name in enumerate(DRAWS)}
    return hands


def _tally(rng: Range, boards: np.ndarray, runner: Runner) -> tuple[np.ndarray, int]:
    """The columns (:data:`~analyzer.games.holdem.texture.COLUMNS`) summed over ``boards``, and
    the number of hands classified."""
    holes = np.ascontiguousarray(rng.combos, np.uint8)
    weights = np.ascontiguousarray(rng.weights, np.float64)
    chunks = np.array_split(np.arange(len(boards)), min(TASKS, len(boards)))
    tasks = [(holes, weights, np.ascontiguousarray(boards[chunk])) for chunk in chunks]
    results = runner.tasks(_tally_task, tasks)
    per_board = np.concatenate([out for out, _ in results])
    return per_board.sum(axis=0), sum(count for _, count in results)


def _tally_task(holes: np.ndarray, weights: np.ndarray, boards: np.ndarray) -> tuple[np.ndarray, int]:
    out = np.zeros((len(boards), COLUMNS), np.float64)
    return out, int(tally_boards(holes, weights, boards, out))


def _result(
    rng: Range,
    label: str,
    board: np.ndarray,
    dead: np.ndarray,
    tallies: np.ndarray,
    classified: int,
    boards: int,
    start: float,
    hands: dict[str, tuple[str, ...]] | None,
) -> HitsResult:
    total = tallies[TOTAL]  # > 0: a combo in play leaves at least 3 of the 5 or more cards for a board

    def row(name: str, weight: float) -> HitRow:
        return HitRow(name, weight / boards, weight / total, None if hands is None else hands[name])

    made = tuple(row(name, tallies[i]) for i, (name, _) in enumerate(MADE))
    by_category = {c: sum(tallies[i] for i, (_, of) in enumerate(MADE) if of == c) for c in CATEGORIES}
    flop = len(board) != 4
    draws = tuple(row(name, tallies[len(MADE) + d]) for d, name in enumerate(DRAWS) if flop or name not in FLOP_ONLY)
    return HitsResult(
        range=label,
        board=format_cards(board),
        dead=format_cards(dead),
        combos=len(rng),
        weight=total / boards,
        boards=boards,
        made=made,
        categories=tuple(row(c.label, weight) for c, weight in by_category.items()),
        draws=draws,
        run=RunFacts.enumerated(classified, since=start),
        in_play=rng,
    )


__all__ = ["BOARD_SIZES", "holdem_hits"]
