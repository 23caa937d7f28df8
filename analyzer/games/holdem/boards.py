"""Exact Hold'em showdowns of many fixed deals in one kernel call.

A *deal* here is a few players' known hole cards, a board of 0, 3, 4 or 5 cards and dead cards.
:func:`deal_tallies` completes the board of every deal exactly, each into its own tallies
(:mod:`analyzer.sim.showdown`), with the one exact kernel of Hold'em,
:func:`~analyzer.games.holdem.engine.exact_showdowns`, called deal after deal inside one
compiled loop: no Python per deal. Deals are independent, so the list is cut into chunks of
:data:`DEALS_PER_TASK` run on threads (or a Dask cluster), and every deal's tallies are the
same whatever the number of threads.

Deal ``q``'s tallies count each of its ``C(free, 5 - board)`` completions once (integer
counts), so its equities are its tallies over that number of completions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from analyzer.cards import (
    CARD_BIT,
    DECK_SIZE,
    CardError,
    CardsInput,
    cards_mask,
    check_disjoint,
    format_card,
    parse_cards,
)
from analyzer.games.holdem.deal import check_players, parse_board
from analyzer.games.holdem.engine import BOARD_CARDS, exact_showdowns
from analyzer.jit import kernel
from analyzer.ranges import Range, parse
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import WIDTH
from analyzer.text import plural

DEALS_PER_TASK = 256  # deals per chunk of work: a few milliseconds of a flop's deals


@dataclass(frozen=True)
class FixedDeals:
    """Deals packed for the kernel, ``Q`` of them with up to ``N`` players.

    Attributes
    ----------
    holes:
        ``(Q, N, 2)`` card codes; deal ``q``'s players are rows ``0 .. players[q] - 1``.
    players:
        ``(Q,)`` the number of players of each deal.
    boards:
        ``(Q, 5)`` card codes; deal ``q``'s board is its first ``board_sizes[q]`` of them.
    board_sizes:
        ``(Q,)`` 0, 3, 4 or 5.
    dead:
        ``(Q,)`` each deal's dead cards as a card bit mask (bit ``c`` for card code ``c``).
    """

    holes: np.ndarray
    players: np.ndarray
    boards: np.ndarray
    board_sizes: np.ndarray
    dead: np.ndarray

    @classmethod
    def pack(cls, holes: list[np.ndarray], boards: list[np.ndarray], dead: list[np.uint64]) -> FixedDeals:
        """The packed form of deals given one by one: ``holes[q]`` ``(n_q, 2)`` codes, ``boards[q]``
        0 to 5 codes, ``dead[q]`` a card mask. The cards are assumed valid and disjoint."""
        count = len(holes)
        most = max((len(h) for h in holes), default=0)
        packed_holes = np.zeros((count, most, 2), np.uint8)
        packed_boards = np.zeros((count, BOARD_CARDS), np.uint8)
        for q, (hole, board) in enumerate(zip(holes, boards)):
            packed_holes[q, : len(hole)] = hole
            packed_boards[q, : len(board)] = board
        return cls(
            packed_holes,
            np.array([len(h) for h in holes], np.int64),
            packed_boards,
            np.array([len(b) for b in boards], np.int64),
            np.array(dead, np.uint64).reshape(count),
        )

    @classmethod
    def on_boards(cls, holes: np.ndarray, boards: np.ndarray, dead: np.uint64) -> FixedDeals:
        """The same hands ``holes`` ``(n, 2)`` and dead cards on each board ``boards[q]`` (``(Q, m)``)."""
        count, size = boards.shape
        packed_boards = np.zeros((count, BOARD_CARDS), np.uint8)
        packed_boards[:, :size] = boards
        return cls(
            np.broadcast_to(np.asarray(holes, np.uint8), (count, *np.shape(holes))).copy(),
            np.full(count, len(holes), np.int64),
            packed_boards,
            np.full(count, size, np.int64),
            np.full(count, dead, np.uint64),
        )

    def __len__(self) -> int:
        return len(self.players)

    def chunk(self, start: int, stop: int) -> tuple[np.ndarray, ...]:
        """The kernel's arguments for deals ``start .. stop - 1``."""
        return (
            self.holes[start:stop],
            self.players[start:stop],
            self.boards[start:stop],
            self.board_sizes[start:stop],
            self.dead[start:stop],
        )


@dataclass(frozen=True)
class KnownHands:
    """Checked inputs of one deal of known hands: ``holes`` ``(n, 2)`` codes (high card first),
    ``labels`` their canonical text, and the ``board`` and ``dead`` card codes."""

    holes: np.ndarray
    labels: tuple[str, ...]
    board: np.ndarray
    dead: np.ndarray

    @property
    def excluded(self) -> np.uint64:
        """The board and dead cards as a card bit mask (bit ``c`` for card code ``c``)."""
        return cards_mask(np.concatenate([self.board, self.dead]))


def prepare_hands(hands: Sequence[CardsInput | Range], board: CardsInput, dead: CardsInput, what: str) -> KnownHands:
    """Parse and check one known hand per player, the board and the dead cards, as
    :func:`~analyzer.games.holdem.deal.prepare_deal` checks ranges (2 to 10 players, a board
    of 0, 3, 4 or 5 cards, enough cards left), every card held once (else a CardError naming it
    and both holders). A hand is two cards (``"AsKs"``, ``"As Ks"``) or a one-combo range; a
    range of more combos is refused, naming the player and ``what`` refuses it. Two card codes
    (a list or array) are a hand too.

    Hands and boards are read with :func:`~analyzer.cards.parse_cards` (microseconds), and
    only text that is no two cards with the range parser, which finds what it holds."""
    check_players(hands, "hand", what)
    holes = np.array([_hand(hand, i, what) for i, hand in enumerate(hands, start=1)], np.uint8)
    board_cards, dead_cards = parse_board(board), parse_cards(dead)
    parts = {f"player {i}'s hand": hole for i, hole in enumerate(holes, start=1)}
    check_disjoint({**parts, "the board": board_cards, "the dead cards": dead_cards})
    left = DECK_SIZE - holes.size - len(board_cards) - len(dead_cards)
    if left < BOARD_CARDS - len(board_cards):
        raise ValueError(
            f"not enough cards: {plural(len(holes), 'player')}, {len(board_cards)} board and "
            f"{len(dead_cards)} dead cards leave {left} for the board"
        )
    labels = tuple(format_card(hi) + format_card(lo) for hi, lo in holes.tolist())
    return KnownHands(holes, labels, board_cards, dead_cards)


def one_combo_each(hands: Sequence[CardsInput | Range]) -> bool:
    """Whether every hand is one combo, as :func:`prepare_hands` takes them: two cards (text or
    codes) or a range of one combo. Text that is neither is read as a range; text that cannot
    be read counts as one combo, for :func:`prepare_hands` to name the bad term."""
    for hand in () if isinstance(hands, str) else hands:
        if isinstance(hand, Range):
            if len(hand) != 1:
                return False
        elif isinstance(hand, str):
            try:
                if len(parse_cards(hand)) == 2:
                    continue
            except CardError:
                pass
            try:
                if len(parse(hand)) != 1:
                    return False
            except ValueError:
                continue
    return True


def _hand(hand: CardsInput | Range, player: int, what: str) -> tuple[int, int]:
    """Player ``player``'s two cards, high card first (see :func:`prepare_hands`)."""
    if isinstance(hand, str):
        try:
            cards = parse_cards(hand)
        except CardError:
            cards = np.zeros(0, np.uint8)
        if len(cards) != 2:
            hand = parse(hand)  # names a bad term; else says what range the text is
    elif not isinstance(hand, Range):
        cards = parse_cards(hand)
        if len(cards) != 2:
            raise CardError(f"player {player}'s hand has {plural(len(cards), 'card')}, not 2")
    if not isinstance(hand, Range):
        return int(max(cards)), int(min(cards))
    if len(hand) != 1:
        raise ValueError(
            f"player {player}'s {hand.canonical()!r} is a range of {plural(len(hand), 'combo')}: {what} takes "
            "one hand per player, such as 'AsKs' (ranges: Hold'em equity, holdem equity or pa.holdem.equity)"
        )
    first, second = hand.combos[0].tolist()
    return max(first, second), min(first, second)


def deal_tallies(
    deals: FixedDeals,
    *,
    runner: Runner = Runner(),
) -> np.ndarray:
    """Exact showdown tallies ``(Q, N, WIDTH)`` (``int64``) of every deal, each completion of a
    deal's board counted once; rows of absent players stay zero. Chunks of
    :data:`DEALS_PER_TASK` deals run on the ``runner``'s threads or Dask cluster."""
    starts = range(0, len(deals), DEALS_PER_TASK)
    tasks = [deals.chunk(start, start + DEALS_PER_TASK) for start in starts]
    results = runner.tasks(_chunk_tallies, tasks)
    if not results:
        return np.zeros((0, deals.holes.shape[1], WIDTH), np.int64)
    return np.concatenate(results)


def _chunk_tallies(holes, players, boards, board_sizes, dead):
    tallies = np.zeros((holes.shape[0], holes.shape[1], WIDTH), np.int64)
    _deal_tallies(holes, players, boards, board_sizes, dead, tallies)
    return tallies


@kernel
def _deal_tallies(holes, players, boards, board_sizes, dead, tallies):
    """Into ``tallies[q]``, every completion of deal ``q``'s board (the arrays of :class:`FixedDeals`)."""
    one = np.ones(1, np.int64)
    for q in range(holes.shape[0]):
        n = players[q]
        size = board_sizes[q]
        excluded = dead[q]
        for j in range(size):
            excluded |= CARD_BIT[boards[q, j]]
        exact_showdowns(holes[q : q + 1, :n], one, boards[q, :size], excluded, tallies[q, :n])


__all__ = ["DEALS_PER_TASK", "FixedDeals", "KnownHands", "deal_tallies", "one_combo_each", "prepare_hands"]
