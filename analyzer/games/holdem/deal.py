"""What a Hold'em query is given, checked and dealt: the players' hands or ranges without the
combos the board and dead cards block, labelled as given, and what every run reads of them
(:class:`HoldemDeal`); an undealable query is refused before anything runs."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property, lru_cache
from itertools import accumulate

import numpy as np

from analyzer.cards import CardError, CardsInput, cards_mask, check_disjoint, format_cards, parse_cards
from analyzer.games.holdem.live import live_combos
from analyzer.games.holdem.symmetry import class_count, suit_symmetries
from analyzer.ranges import EmptyRangeError, Range, parse
from analyzer.text import plural

MIN_PLAYERS, MAX_PLAYERS = 2, 10
BOARD_SIZES = (0, 3, 4, 5)


def check_players(entries: Sequence, each: str, what: str) -> None:
    """One entry (``each``: "hand", "hand or range") per player, 2 to 10 of them, given as a list
    (or a tuple or an array) in seat order; else a ValueError saying what ``what`` takes, or a
    TypeError for a value that is no list (a set or a dict has no seat order)."""
    if isinstance(entries, str):
        raise ValueError(f"give one {each} per player (a list), not a single string")
    if not isinstance(entries, (list, tuple, np.ndarray)):
        raise TypeError(
            f"give one {each} per player as a list, in seat order: got {type(entries).__name__} {entries!r:.80}"
        )
    if not MIN_PLAYERS <= len(entries) <= MAX_PLAYERS:
        raise ValueError(f"{plural(len(entries), 'player')}: {what} takes {MIN_PLAYERS} to {MAX_PLAYERS}")


def parse_board(board: CardsInput) -> np.ndarray:
    """The board's cards: 0, 3, 4 or 5 of them, else a CardError showing them."""
    cards = parse_cards(board)
    if len(cards) not in BOARD_SIZES:
        raise CardError(f"a board has 0, 3, 4 or 5 cards, got {len(cards)}: {format_cards(cards)}")
    return cards


@dataclass(frozen=True)
class HoldemDeal:
    """Validated inputs: ranges without the combos the board and dead cards block,
    labelled by the ranges as given (canonical text).

    Derived once when made, as every run reads them:

    * ``symmetries``: the card maps of the suit permutations that fix the board and the dead
      cards, each as a set (:func:`~analyzer.games.holdem.symmetry.suit_symmetries`), the
      identity first;
    * ``excluded``: the board and dead cards as a card bit mask (bit ``c`` for card code ``c``);
    * ``assignments``: an upper bound on the number of combo choices (conflicts not removed).
    """

    ranges: tuple[Range, ...]
    labels: tuple[str, ...]
    board: np.ndarray
    dead: np.ndarray
    symmetries: tuple[np.ndarray, ...] = field(init=False, repr=False, compare=False)
    excluded: np.uint64 = field(init=False, repr=False, compare=False)
    assignments: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        known = self.board.tolist() + self.dead.tolist()
        object.__setattr__(self, "symmetries", suit_symmetries(self.board, self.dead))
        object.__setattr__(self, "excluded", cards_mask(known))
        object.__setattr__(self, "assignments", math.prod(len(r) for r in self.ranges))

    @cached_property
    def board_text(self) -> str:
        """The board as canonical text (:func:`~analyzer.cards.format_cards`), as results show it."""
        return format_cards(self.board)

    @cached_property
    def dead_text(self) -> str:
        """The dead cards as canonical text, as results show them."""
        return format_cards(self.dead)

    @cached_property
    def packed(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """All players' combos in one ``uint8`` array, the offsets of each player's rows, the
        weights. Computed once and shared: not to be written to (they stay writable arrays, the
        type the kernels are compiled for)."""
        combos = np.concatenate([r.combos for r in self.ranges])
        offsets = np.array([0, *accumulate(len(r) for r in self.ranges)], np.int64)
        return combos, offsets, np.concatenate([r.weights for r in self.ranges])

    @cached_property
    def one_deal(self) -> tuple[np.ndarray, np.ndarray, float]:
        """When every player holds one combo: that deal as a list of one for
        :func:`~analyzer.games.holdem.engine.exact_showdowns` (``(1, n, 2)`` ``int64`` cards),
        its weight in an array of one, and that weight (the product of the combos' weights)."""
        combos, _offsets, each = self.packed  # a row per player: his one combo and its weight
        weight = math.prod(each.tolist())
        return combos.astype(np.int64)[np.newaxis], np.array([weight]), weight

    @cached_property
    def listed(self) -> tuple[int, ...]:
        """Each player's combos: those of his range without the board and dead cards, live or
        not (``len(ranges[p])``)."""
        return tuple(len(r) for r in self.ranges)

    @cached_property
    def live(self) -> tuple[int, ...]:
        """Each player's live combos: those of his range (without the board and dead cards) that
        are in at least one deal, given the other players' ranges
        (:func:`~analyzer.games.holdem.live.live_combos`); ``len(ranges[p])`` counts them all.
        All 0 when no deal exists (:func:`prepare_deal` refuses such a query)."""
        if all(len(r) == 1 for r in self.ranges):  # known hands: each live when no card is held twice
            held, apart = 0, True
            for (m,) in (r.card_masks for r in self.ranges):
                apart &= not held & m
                held |= m
            return (int(apart),) * len(self.ranges)
        return tuple(int(m.sum()) for m in live_combos([r.combos for r in self.ranges], int(self.excluded)))

    def classes(self) -> float:
        """About how many suit classes the combo choices fall into
        (:func:`~analyzer.games.holdem.symmetry.class_count`): what an exact run enumerates."""
        return class_count([r.combos for r in self.ranges], [r.weights for r in self.ranges], self.symmetries)

    def combo_rows(self) -> np.ndarray:
        """``(n, 52, 52)``: at ``[p, a, b]`` (and ``[p, b, a]``) the row in :meth:`packed` of
        player ``p``'s combo of cards ``a`` and ``b``; -1 where he has no such combo."""
        combos, offsets, _weights = self.packed
        rows = np.full((len(self.ranges), 52, 52), -1, np.int64)
        for p in range(len(self.ranges)):
            mine = np.arange(offsets[p], offsets[p + 1])
            rows[p, combos[mine, 0], combos[mine, 1]] = mine
            rows[p, combos[mine, 1], combos[mine, 0]] = mine
        return rows


def by_player(combo_tallies: np.ndarray, offsets: np.ndarray) -> np.ndarray:
    """Each player's tallies: the sum of his combos' rows (``offsets[p]`` to ``offsets[p + 1]``)."""
    return np.add.reduceat(combo_tallies, offsets[:-1], axis=0)


def prepare_deal(ranges: Sequence[str | Range], board: CardsInput = "", dead: CardsInput = "") -> HoldemDeal:
    """Parse and check the inputs; every conflict is an error naming the bad part (a hand that
    is neither text nor a :class:`~analyzer.ranges.Range`: a TypeError naming the player)."""
    check_players(ranges, "hand or range", "Hold'em equity")
    board_cards = parse_board(board)
    dead_cards = parse_cards(dead)
    check_disjoint({"the board": board_cards, "the dead cards": dead_cards})
    blocked = tuple(sorted(board_cards.tolist() + dead_cards.tolist()))
    parsed, labels = [], []
    for i, r in enumerate(ranges, start=1):
        if not isinstance(r, str | Range):
            raise TypeError(f"player {i}'s hand or range must be text or a Range, got {type(r).__name__} {r!r}")
        try:
            rng, label = _dealt_range(r, blocked) if isinstance(r, str) else _blocked_range(r, blocked)
        except _NothingLeft as nothing:
            raise EmptyRangeError(
                f"player {i}'s range {nothing.label!r} has no combos left after the board and dead cards"
            ) from None
        parsed.append(rng)
        labels.append(label)
    deal = HoldemDeal(tuple(parsed), tuple(labels), board_cards, dead_cards)
    _check_dealable(deal)
    return deal


def query_deal(ranges: Sequence[str | Range], board: CardsInput, dead: CardsInput) -> HoldemDeal:
    """:func:`prepare_deal`, from :func:`_text_deal`'s cache when every input is text."""
    check_players(ranges, "hand or range", "Hold'em equity")
    if isinstance(board, str) and isinstance(dead, str):
        key = tuple(ranges)
        if all(isinstance(r, str) for r in key):
            return _text_deal(key, board, dead)
    return prepare_deal(ranges, board, dead)


@lru_cache(maxsize=64)
def _text_deal(ranges: tuple[str, ...], board: str, dead: str) -> HoldemDeal:
    """:func:`prepare_deal` of text inputs, cached: a deal is a pure function of them and is
    never changed after it is made (its arrays are only read), so a repeated query (the same
    hands on the same board) checks and derives nothing again. Errors are not cached."""
    return prepare_deal(ranges, board, dead)


class _NothingLeft(Exception):
    """No combo of the range labelled ``label`` is left after the blocked cards."""

    def __init__(self, label: str) -> None:
        super().__init__(label)
        self.label = label


def _blocked_range(rng: Range, blocked: tuple[int, ...]) -> tuple[Range, str]:
    """``rng`` without the combos holding a ``blocked`` card, and its label (the canonical text
    of ``rng`` as given); :class:`_NothingLeft` when no combo is left."""
    label = rng.canonical()
    try:
        return rng.without(blocked), label
    except EmptyRangeError:
        raise _NothingLeft(label) from None


@lru_cache(maxsize=1024)
def _dealt_range(text: str, blocked: tuple[int, ...]) -> tuple[Range, str]:
    """:func:`_blocked_range` of the range ``text``, cached: a pure function of the text and the
    sorted blocked cards, and Ranges are immutable, so repeated queries parse nothing."""
    return _blocked_range(_parsed_range(text), blocked)


@lru_cache(maxsize=1024)
def _parsed_range(text: str) -> Range:
    """The range ``text``, parsed once per text: a new board (another ``blocked``) then costs
    only :meth:`~analyzer.ranges.Range.without`, and the label is the same range's."""
    return parse(text)


UNDEALABLE = "the ranges cannot all be dealt together: every choice of hands uses a card twice"


def _check_dealable(deal: HoldemDeal) -> None:
    """Enough cards for the hands and the board, and at least one choice of one combo per player
    that uses no card twice: the first player has a live combo (:attr:`HoldemDeal.live`).

    A search that gives up undecided counts its combos live
    (:data:`~analyzer.games.holdem.live.LIVE_SEARCH_TRIES`); the runs themselves then still fail
    cleanly (Monte Carlo caps its redraws, exact counts deals).
    """
    remaining = 52 - len(deal.board) - len(deal.dead) - 2 * len(deal.ranges)
    if remaining < 5 - len(deal.board):
        raise ValueError(
            f"not enough cards: {len(deal.ranges)} players, {len(deal.board)} board "
            f"and {len(deal.dead)} dead cards leave {remaining} for the board"
        )
    if not deal.live[0]:
        raise ValueError(UNDEALABLE)
