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
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from itertools import combinations

import numpy as np

from analyzer.cards import CardError, CardsInput, cards_left, format_cards, parse_cards
from analyzer.games.holdem.boards import FixedDeals, KnownHands, deal_tallies, prepare_hands
from analyzer.games.holdem.flop_sweep import every_flop, flop_rank
from analyzer.games.holdem.street_results import StreetEquities
from analyzer.games.holdem.symmetry import suit_symmetries
from analyzer.ranges import Range
from analyzer.sim.engine import clock_start
from analyzer.sim.facts import RunFacts
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import EQUITY, TIE, TIE_UNITS, WIN, player_equities

NEW_CARDS = {"flop": 3, "turn": 1}  # cards each street adds
KNOWN_BOARD = {"flop": 0, "turn": 3}  # board cards before it


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
        2 to 10 players' hands, one known hand each (``"AsKs"``); ranges are refused.
    dead:
        Cards known to be out of play.
    distinct:
        List one flop per suit class (``weights`` its size) instead of every flop.
    runner:
        Where the run executes (threads, a Dask scheduler) and its progress sink
        (:class:`~analyzer.sim.runner.Runner`), called with (chunks done, chunks planned) as the run
        goes.
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
    deal = prepare_hands(hands, board, dead, f"Hold'em equity on every {street}")
    holes = deal.holes
    start = clock_start()
    known = np.concatenate([holes.ravel(), deal.board, deal.dead]).astype(np.int64)
    left = cards_left(known)
    new = NEW_CARDS[street]
    boards = left[::-1][_subsets(len(left), new)]  # high card first
    representatives, inverse, counts = _board_classes(boards, _fixing_maps(deal))
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
        equity=figures[:, :, EQUITY] / TIE_UNITS / completions,
        win=figures[:, :, WIN] / completions,
        tie=figures[:, :, TIE] / completions,
        distinct=distinct,
        run=RunFacts.enumerated(len(boards) * completions, since=start),
    )


@functools.cache
def _subsets(m: int, k: int) -> np.ndarray:
    """Every ``k``-subset of ``range(m)`` as rows of ascending positions, in lexicographic order
    (made once per size; read-only)."""
    subsets = np.array(list(combinations(range(m), k)), np.int64).reshape(-1, k)
    subsets.flags.writeable = False
    return subsets


def _fixing_maps(deal: KnownHands) -> list[np.ndarray]:
    """The card maps of the suit permutations that fix each hand, the board and the dead cards
    as sets (:func:`~analyzer.games.holdem.symmetry.suit_symmetries` of each, intersected)."""
    maps = list(suit_symmetries(deal.board))
    for cards in [*deal.holes, deal.dead]:
        fixing = {tuple(m.tolist()) for m in suit_symmetries(np.asarray(cards))}
        maps = [m for m in maps if tuple(m.tolist()) in fixing]
    return maps


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


__all__ = ["holdem_flops", "holdem_turns"]
