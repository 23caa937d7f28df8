"""Hold'em equity on every flop, or on every turn of a flop, exactly.

The boards of the street are every choice of its new cards from the cards left (C(48, 3) =
17,296 flops heads-up), each completed exactly over every later card. Every flop at once comes
from one pass over the five-card boards, each counted for its ten flops
(:mod:`~analyzer.games.holdem.flop_sweep`); the turns of a flop are completed one by one by one
kernel call for all of them (:func:`~analyzer.games.holdem.boards.deal_tallies`), each suit
class of turns once. A permutation of the suits that fixes every hand, the board and the dead
cards (as sets) maps a board onto one with the same figures (AsKs v QdQc: diamonds and clubs
swap, 9,804 classes of the 17,296 flops); ``distinct=True`` lists one board per class. Every
board is equally likely, so the players' equities over all boards are the equities before the
street, to the last digit.

Ranges take the runout table of the flop and the turn
(:func:`~analyzer.games.holdem.runouts.runout_assignments`, what an exact query on a flop or a
turn runs) board by board: on each board of the street, every choice of one live combo per
player (the combos holding none of the board's, the dead or another player's cards), weighted by
the product of the combos' weights, over every later card. A board's weight is the summed weight
of those choices, so its probability is that weight over every board's: the boards' equities,
weighted so, average to the equity before the street, to the last digit with whole weights
(the tallies are the exact query's times the ways to split a completion into the street and the
cards after it: 10 before the flop, 2 on a flop). The suit classes of boards are those of the
permutations that fix the board, the dead cards and every weighted range (every permutation for
ranges that hold each hand class whole, "QQ+, AKs" v "JJ-": 1,755 classes of the 22,100 flops).
A board on which a player has no live combo, or no choice of combos uses no card twice, has no
row. Time (2026-12-06, medians of 5 warm calls, a shared 2-core machine): "QQ+, AKs" v "JJ-"
(22 v 60 combos, 1,755 classes of flops) on every flop 0.47 s on two threads, 0.82 on one,
where the exact preflop query takes 0.09 s; on every turn of Kh 7d 2c 4 ms. A choice of combos
costs branch-free counts over the runouts with two or three players; with four or more each
runout's showdown is scored in full, about ten times as much (:data:`CHOICE_SECONDS`), and a run
estimated over the guard's minute is refused unless allowed.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from itertools import combinations

import numpy as np

from analyzer.cards import CARD_BIT, CardError, CardsInput, cards_left, cards_mask, format_cards, parse_cards
from analyzer.games.holdem.boards import FixedDeals, deal_tallies, one_combo_each, prepare_hands
from analyzer.games.holdem.deal import UNDEALABLE, HoldemDeal, prepare_deal
from analyzer.games.holdem.equity import equity_players
from analyzer.games.holdem.flop_sweep import every_flop, flop_rank
from analyzer.games.holdem.runouts import runout_assignments
from analyzer.games.holdem.street_results import StreetEquities
from analyzer.games.holdem.symmetry import range_symmetries, suit_symmetries
from analyzer.ranges import Range
from analyzer.sim.engine import clock_start
from analyzer.sim.facts import RunFacts
from analyzer.sim.method import check_exact_cost
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import EQUITY, TIE, TIE_UNITS, WIDTH, WIN, player_equities

NEW_CARDS = {"flop": 3, "turn": 1}  # cards each street adds
BOARDS_PER_TASK = 64  # boards of ranges per task: about 20 ms of "QQ+, AKs" v "JJ-" on flops
CHOICE_SECONDS = {"flop": (2.5e-7, 5e-7, 5e-6), "turn": (1.5e-7, 1.5e-7, 6e-7)}
"""Seconds per choice of one combo per player (conflicts not removed) and board, of ranges on
every flop or turn on one thread: two players, three (branch-free counts per runout) and more
(every runout's showdown scored in full); measured 2026-12-06 on "QQ+, AKs" v "JJ-" (+ "AJs+,
KQs", + "T9s, 98s"): 2.0e-7, 3.1e-7 and 3.6e-6 a flop, 1.3e-7, 9.5e-8 and 3.1e-7 a turn."""


def holdem_flops(
    hands: Sequence[str | Range],
    dead: CardsInput = "",
    *,
    distinct: bool = False,
    runner: Runner = Runner(),
) -> StreetEquities:
    """Every player's exact equity on every flop of the cards left (rules §6.2), each flop
    completed over every turn and river.

    Parameters
    ----------
    hands:
        2 to 10 players' hands or ranges: known hands (``"AsKs"``, two card codes) or ranges
        (``"QQ+, AKs"``, :class:`~analyzer.ranges.Range`), whose combos are dealt by weight,
        those holding a flop or dead card dropped.
    dead:
        Cards known to be out of play.
    distinct:
        List one flop per suit class (``weights`` its size) instead of every flop.
    runner:
        Where the run executes (threads, a Dask scheduler) and its progress sink
        (:class:`~analyzer.sim.runner.Runner`), called with (chunks done, chunks planned) as the run
        goes.

    A forced enumeration estimated to take too long is refused
    (:func:`~analyzer.sim.method.check_exact_cost`).
    """
    return _street("flop", hands, "", dead, distinct, runner)


def holdem_turns(
    hands: Sequence[str | Range],
    flop: CardsInput,
    dead: CardsInput = "",
    *,
    distinct: bool = False,
    runner: Runner = Runner(),
) -> StreetEquities:
    """Every player's exact equity on every turn card of the cards left after ``flop`` (three
    cards), each turn completed over every river; the other parameters as :func:`holdem_flops`."""
    cards = parse_cards(flop)
    if len(cards) != 3:
        raise CardError(f"a flop has 3 cards, got {len(cards)}: {format_cards(cards) or 'none'}")
    return _street("turn", hands, cards, dead, distinct, runner)


def _street(
    street: str,
    hands: Sequence[str | Range],
    board: CardsInput,
    dead: CardsInput,
    distinct: bool,
    runner: Runner,
) -> StreetEquities:
    if not one_combo_each(hands):
        return _ranged_street(street, prepare_deal(hands, board, dead), distinct, runner)
    deal = prepare_hands(hands, board, dead, f"Hold'em equity on every {street}")
    holes = deal.holes
    start = clock_start()
    known = np.concatenate([holes.ravel(), deal.board, deal.dead]).astype(np.int64)
    left = cards_left(known)
    new = NEW_CARDS[street]
    boards = left[::-1][_subsets(len(left), new)]  # high card first
    maps = _fixing_maps(deal.board, deal.dead, list(holes[:, np.newaxis]), [np.ones(1)] * len(holes))
    representatives, inverse, counts = _board_classes(boards, maps)
    completions = math.comb(len(left) - new, 5 - len(deal.board) - new)
    if street == "flop":  # one pass over the five-card boards counts every flop at once
        every, overall = every_flop(holes, left, runner=runner)
        tallies = every[flop_rank(np.sort(np.searchsorted(left, representatives), axis=1))]
        showdowns = math.comb(len(left), 5)
    else:
        known_board = np.broadcast_to(deal.board, (len(representatives), len(deal.board)))
        full_boards = np.concatenate([known_board, representatives], axis=1)
        deals = FixedDeals.on_boards(holes, full_boards.astype(np.uint8), deal.excluded)
        tallies = deal_tallies(deals, runner=runner)
        overall, showdowns = np.tensordot(counts, tallies, axes=1), len(boards) * completions
    players = player_equities(overall, showdowns, list(deal.labels), [1] * len(holes), exact=True)
    rows = np.arange(len(representatives)) if distinct else inverse
    figures = tallies[rows].astype(np.float64)
    return StreetEquities(
        street=street,
        players=players,
        board=format_cards(deal.board),
        dead=format_cards(deal.dead),
        cards=representatives if distinct else boards,
        weights=counts if distinct else np.ones(len(boards), np.int64),
        sizes=counts if distinct else np.ones(len(boards), np.int64),
        equity=figures[:, :, EQUITY] / TIE_UNITS / completions,
        win=figures[:, :, WIN] / completions,
        tie=figures[:, :, TIE] / completions,
        distinct=distinct,
        run=RunFacts.enumerated(len(boards) * completions, since=start),
    )


def _ranged_street(street: str, deal: HoldemDeal, distinct: bool, runner: Runner) -> StreetEquities:
    """:func:`_street` of ranges: every suit class of boards of the street (those of the
    permutations that fix the board, the dead cards and every weighted range) enumerated once,
    in tasks of :data:`BOARDS_PER_TASK` boards (:func:`board_tallies`)."""
    start = clock_start()
    left = cards_left(np.concatenate([deal.board, deal.dead]).astype(np.int64))
    new = NEW_CARDS[street]
    boards = left[::-1][_subsets(len(left), new)]  # high card first
    ranges = [r.combos for r in deal.ranges], [r.weights for r in deal.ranges]
    representatives, inverse, counts = _board_classes(boards, _fixing_maps(deal.board, deal.dead, *ranges))
    each = CHOICE_SECONDS[street][min(len(deal.ranges), 4) - 2]
    check_exact_cost(len(representatives) * deal.assignments * each / runner.workers)
    tallies, totals, deals = board_tallies(deal, representatives, runner)
    overall = np.tensordot(counts, tallies, axes=1)
    total = float(counts @ totals)
    if total == 0:
        raise ValueError(UNDEALABLE)
    players = equity_players(deal, overall, total, exact=True, categories=False, breakdown=False)
    cards, rows = (representatives, np.arange(len(representatives))) if distinct else (boards, inverse)
    dealt = totals[rows] > 0  # boards on which the ranges cannot all be dealt have no row
    cards, rows = cards[dealt], rows[dealt]
    sizes = counts[rows] if distinct else np.ones(len(rows), np.int64)
    shares = tallies[rows] / totals[rows, None, None]
    return StreetEquities(
        street=street,
        players=players,
        board=deal.board_text,
        dead=deal.dead_text,
        cards=cards,
        weights=sizes * totals[rows] / total,
        sizes=sizes,
        equity=shares[:, :, EQUITY] / TIE_UNITS,
        win=shares[:, :, WIN],
        tie=shares[:, :, TIE],
        distinct=distinct,
        run=RunFacts.enumerated(int(counts @ deals), since=start),
    )


def board_tallies(
    deal: HoldemDeal, boards: np.ndarray, runner: Runner = Runner()
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The exact tallies of ``deal`` (ranges) on each of ``boards`` (``(B, k)`` card codes added
    to its board, 3 to 5 cards in all): ``(B, n, WIDTH)`` tallies, ``(B,)`` total weights and
    ``(B,)`` deals enumerated, as :func:`~analyzer.games.holdem.exact.exact_tallies` finds
    them for the deal with that board (every choice of one live combo per player, weighted by
    the product of its combos' weights, over every completion); all zero on a board where
    some player has no live combo. Tasks of :data:`BOARDS_PER_TASK` boards (at least one
    board), run on the ``runner``."""
    combos, offsets, weights = deal.packed
    holes = CARD_BIT[combos[:, 0]] | CARD_BIT[combos[:, 1]]
    board = deal.board
    tasks = [
        (combos, offsets, weights, holes, board, deal.excluded, boards[i : i + BOARDS_PER_TASK])
        for i in range(0, len(boards), BOARDS_PER_TASK)
    ]
    tallies, totals, deals = zip(*runner.tasks(_boards_task, tasks))
    return np.concatenate(tallies), np.concatenate(totals), np.concatenate(deals)


def _boards_task(combos, offsets, weights, holes, board, excluded, boards):
    """:func:`board_tallies` of some boards: on each, the live combos' rows are kept and the
    runout table's kernel enumerates every choice of them."""
    n = len(offsets) - 1
    tallies = np.zeros((len(boards), n, WIDTH))
    totals = np.zeros(len(boards))
    deals = np.zeros(len(boards), np.int64)
    for b, cards in enumerate(boards):
        blocked = excluded | cards_mask(cards)
        live = (holes & blocked) == 0
        alive = np.add.reduceat(live, offsets[:-1])
        if not alive.all():
            continue
        rows = np.flatnonzero(live)
        kept = np.concatenate([[0], np.cumsum(alive)])
        full = np.concatenate([board, cards]).astype(np.uint8)
        totals[b], deals[b] = runout_assignments(
            combos[rows], kept, weights[rows], full, blocked, False, False, (0, int(kept[1])), tallies[b]
        )
    return tallies, totals, deals


@functools.cache
def _subsets(m: int, k: int) -> np.ndarray:
    """Every ``k``-subset of ``range(m)`` as rows of ascending positions, in lexicographic order
    (made once per size; read-only)."""
    subsets = np.array(list(combinations(range(m), k)), np.int64).reshape(-1, k)
    subsets.flags.writeable = False
    return subsets


def _fixing_maps(
    board: np.ndarray, dead: np.ndarray, combos: Sequence[np.ndarray], weights: Sequence[np.ndarray]
) -> list[np.ndarray]:
    """The card maps of the suit permutations that fix the board and the dead cards as sets and
    every player's weighted range (``combos[p]``, ``weights[p]``; a known hand is a range of one
    combo): :func:`~analyzer.games.holdem.symmetry.suit_symmetries` and
    :func:`~analyzer.games.holdem.symmetry.range_symmetries`."""
    return range_symmetries(combos, weights, suit_symmetries(board, dead))


def _board_classes(boards: np.ndarray, maps: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The classes of ``boards`` (B, k) under ``maps``: (the first board of each class (U, k),
    each board's class (B,), each class's size (U,)). A board's key is the smallest, over the
    maps, of its image's cards sorted and read as base-52 digits."""
    digits = 52 ** np.arange(boards.shape[1], dtype=np.int64)
    keys = np.min([np.sort(m[boards], axis=1) @ digits for m in maps], axis=0)
    _, first, inverse, counts = np.unique(keys, return_index=True, return_inverse=True, return_counts=True)
    order = np.argsort(first, kind="stable")  # classes in the order of their first board
    rank = np.empty_like(order)
    rank[order] = np.arange(len(order))
    return boards[first[order]], rank[inverse.ravel()], counts[order].astype(np.int64)


__all__ = ["board_tallies", "holdem_flops", "holdem_turns"]
