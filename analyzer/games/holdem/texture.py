"""What a Hold'em hand makes and draws to on a flop or a turn: the rows of ``holdem hits``.

A hand is two hole cards on a board of 3 cards (a flop) or 4 (a turn). Its *made hand* is one
row of :data:`MADE`, a partition: the category of the best five of its cards (the evaluator's,
:mod:`analyzer.eval.standard`), refined by what the hole cards do. Below, ``H`` is the two hole
cards, ``B`` the board, a rank is *on the board* when a board card has it, and the board's
*top*, *second* and *lowest* ranks are its distinct ranks in order.

* Straight flush, Four of a kind, Full house, Flush, Straight: the category of the best five.
* Three of a kind, by the rank ``t`` of the three: *Set*, a pocket pair of rank ``t`` and one
  board card of it; *Trips*, one hole card of rank ``t`` and two board cards; *Trips on the
  board*, three board cards of rank ``t``, no hole card of it.
* Two pair, by the two pairs of the best five (the two highest paired ranks): *both hole cards*,
  each hole card pairs a board card; *pocket pair and board pair*, one pair is the hole cards,
  the other on the board; *hole card and board pair*, one pair is a hole card and a board card,
  the other on the board; *on the board*, both pairs on the board (a turn only).
* Pair, by the paired rank ``x``: *Overpair*, a pocket pair above every board card; *Top pair*,
  a hole card of the board's top rank; *Pocket pair below top card*, a pocket pair below the top
  rank and above the lowest; *Second pair*, a hole card of the board's second rank; *Weak pair*,
  a hole card of a lower board rank (the third or, on a turn, the fourth); *Underpair*, a pocket
  pair below every board card; *Pair on the board*, two board cards of rank ``x`` (the hole
  cards pair nothing).
* High card: *Ace high*, an ace among the hole cards; *No made hand*, the rest.

Its *draws* (:data:`DRAWS`) are flags, any number of them at once. Every draw uses a hole card.

* *Flush draw*: no five cards of a suit among ``H`` and ``B``, and exactly four of some suit,
  at least one of them a hole card. *Nut flush draw*: a flush draw with the highest rank of its
  suit that is not on the board among the hole cards.
* Straight draws. A *window* is five consecutive ranks (A-2-3-4-5, the wheel, to T-J-Q-K-A);
  ``R`` is the ranks of ``H`` and ``B``, and a hole card's rank that is not on the board is a
  *hole rank*. The hand has a straight when a window lies inside ``R``. Otherwise its *out ranks*
  are the ranks ``r`` missing from ``R`` that complete a window holding a hole rank (the window
  minus ``r`` inside ``R``). *Open-ended or double gutshot*: two or more out ranks (8 outs, as
  flop analysers count open-enders: the double gutshot is one too); *Gutshot*: exactly one.
* *Flush draw and straight draw*: a flush draw and one of the two straight draws (a combo draw).
* Backdoor draws, on a flop only (not counted on a turn): *Backdoor flush draw*, exactly three
  cards of a suit among the five, at least one of them a hole card; *Backdoor straight draw*, no
  straight and no out rank, and a window holding a hole rank and exactly three ranks of ``R``.
* *Two overcards*: both hole cards rank above every board card, and the made hand is high card
  or a pair on the board.

:func:`tally_boards` classifies every combo of a range on every board of a list in one kernel
call and adds its weight to its rows; :func:`classify_hands` gives each combo's row and draws on
one board.
"""

from __future__ import annotations

import numpy as np

from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key
from analyzer.eval.values import CATEGORY_SHIFT, Category
from analyzer.jit import kernel

MADE: tuple[tuple[str, Category], ...] = (
    ("Straight flush", Category.STRAIGHT_FLUSH),
    ("Four of a kind", Category.FOUR_OF_A_KIND),
    ("Full house", Category.FULL_HOUSE),
    ("Flush", Category.FLUSH),
    ("Straight", Category.STRAIGHT),
    ("Set", Category.THREE_OF_A_KIND),
    ("Trips", Category.THREE_OF_A_KIND),
    ("Trips on the board", Category.THREE_OF_A_KIND),
    ("Two pair, both hole cards", Category.TWO_PAIR),
    ("Two pair, pocket pair and board pair", Category.TWO_PAIR),
    ("Two pair, hole card and board pair", Category.TWO_PAIR),
    ("Two pair on the board", Category.TWO_PAIR),
    ("Overpair", Category.PAIR),
    ("Top pair", Category.PAIR),
    ("Pocket pair below top card", Category.PAIR),
    ("Second pair", Category.PAIR),
    ("Weak pair", Category.PAIR),
    ("Underpair", Category.PAIR),
    ("Pair on the board", Category.PAIR),
    ("Ace high", Category.HIGH_CARD),
    ("No made hand", Category.HIGH_CARD),
)
"""The made-hand rows, strongest first, each with its category (module docstring)."""

DRAWS: tuple[str, ...] = (
    "Flush draw",
    "Nut flush draw",
    "Open-ended or double gutshot",
    "Gutshot",
    "Flush draw and straight draw",
    "Backdoor flush draw",
    "Backdoor straight draw",
    "Two overcards",
)
"""The draw rows (module docstring); a hand may have several."""

FLOP_ONLY = frozenset({"Backdoor flush draw", "Backdoor straight draw"})
"""The draws counted on a flop only."""

CATEGORIES: tuple[Category, ...] = tuple(sorted({c for _, c in MADE}, reverse=True))
"""The categories the made-hand rows refine, strongest first."""

COLUMNS = len(MADE) + len(DRAWS) + 1
"""Columns of a board's tally: the made-hand rows, the draws, then the weight of every combo."""
TOTAL = COLUMNS - 1

_MADE_ROW = {name: row for row, (name, _) in enumerate(MADE)}
_SET, _TRIPS, _BOARD_TRIPS = _MADE_ROW["Set"], _MADE_ROW["Trips"], _MADE_ROW["Trips on the board"]
_TWO_HOLE, _TWO_POCKET = _MADE_ROW["Two pair, both hole cards"], _MADE_ROW["Two pair, pocket pair and board pair"]
_TWO_ONE, _TWO_BOARD = _MADE_ROW["Two pair, hole card and board pair"], _MADE_ROW["Two pair on the board"]
_OVERPAIR, _TOP_PAIR, _BELOW_TOP = _MADE_ROW["Overpair"], _MADE_ROW["Top pair"], _MADE_ROW["Pocket pair below top card"]
_SECOND_PAIR, _WEAK_PAIR = _MADE_ROW["Second pair"], _MADE_ROW["Weak pair"]
_UNDERPAIR, _BOARD_PAIR = _MADE_ROW["Underpair"], _MADE_ROW["Pair on the board"]
_ACE_HIGH, _NOTHING = _MADE_ROW["Ace high"], _MADE_ROW["No made hand"]
# draw flags: bit d for DRAWS[d]
_FD, _NUT_FD, _OESD, _GUTSHOT, _COMBO, _BDFD, _BDSD, _OVERCARDS = range(len(DRAWS))  # the order of DRAWS
_DRAW_BASE, _DRAW_COUNT = len(MADE), len(DRAWS)
_STRAIGHT, _THREE, _TWO_PAIR, _PAIR = (
    int(Category.STRAIGHT),
    int(Category.THREE_OF_A_KIND),
    int(Category.TWO_PAIR),
    int(Category.PAIR),
)
_SF_CATEGORY = int(Category.STRAIGHT_FLUSH)
_ACE = 12
WINDOWS = np.array([0x100F] + [0x1F << low for low in range(9)], np.int64)
"""The ten straights as rank bit masks (bit ``r`` for rank ``r``, 0 = two): the wheel, 6-high .. A-high."""
_POPCOUNT = np.array([bin(i).count("1") for i in range(1 << 13)], np.int64)


@kernel(inline="always")
def _made_row(value, r1, r2, top, second, lowest):
    """The made-hand row of a hand of ``value`` with hole ranks ``r1 >= r2`` on a board whose
    distinct ranks are ``top`` > ``second`` (-1 if none) ... ``lowest``."""
    category = value >> CATEGORY_SHIFT
    first = ((value >> 16) & 0xF) - 1  # the rank of the leading group (trips, top pair, pair)
    held = np.int64(r1 == first) + np.int64(r2 == first)
    if category >= _STRAIGHT:
        return _SF_CATEGORY - category  # straight flush .. straight are the first five rows
    if category == _THREE:
        return _SET if held == 2 else (_TRIPS if held == 1 else _BOARD_TRIPS)
    if category == _TWO_PAIR:
        low = ((value >> 8) & 0xF) - 1
        held_low = np.int64(r1 == low) + np.int64(r2 == low)
        if held == 1 and held_low == 1:
            return _TWO_HOLE
        if held == 2 or held_low == 2:
            return _TWO_POCKET
        return _TWO_ONE if held + held_low == 1 else _TWO_BOARD
    if category == _PAIR:
        if held == 2:
            if first > top:
                return _OVERPAIR
            return _UNDERPAIR if first < lowest else _BELOW_TOP
        if held == 1:
            if first == top:
                return _TOP_PAIR
            return _SECOND_PAIR if first == second else _WEAK_PAIR
        return _BOARD_PAIR
    return _ACE_HIGH if r1 == _ACE else _NOTHING


@kernel(inline="always")
def _draws(c1, c2, rank_bits, suit_counts, suit_ranks, flop):
    """The draw flags (bit ``d`` for ``DRAWS[d]``, overcards aside) of hole cards ``c1``, ``c2``
    on a board of rank bits ``rank_bits``, cards per suit ``suit_counts`` and rank bits per suit
    ``suit_ranks``; ``flop``: the board has three cards."""
    r1, s1, r2, s2 = c1 >> 2, c1 & 3, c2 >> 2, c2 & 3
    hole_bits = (np.int64(1) << r1) | (np.int64(1) << r2)
    ranks = rank_bits | hole_bits
    hole_only = hole_bits & ~rank_bits
    straight = False
    outs = np.int64(0)
    backdoor_straight = False
    for window in WINDOWS:
        present = window & ranks
        if present == window:
            straight = True
        elif window & hole_only:
            count = _POPCOUNT[present]
            if count == 4:
                outs |= window & ~ranks
            elif count == 3:
                backdoor_straight = True
    flags = np.int64(0)
    if not straight:
        out_ranks = _POPCOUNT[outs]
        if out_ranks >= 2:
            flags |= np.int64(1) << _OESD
        elif out_ranks == 1:
            flags |= np.int64(1) << _GUTSHOT
        elif flop and backdoor_straight:
            flags |= np.int64(1) << _BDSD
    flush = False
    for s in range(4):
        flush |= suit_counts[s] + np.int64(s1 == s) + np.int64(s2 == s) >= 5
    if not flush:
        for s in range(4):
            held = np.int64(s1 == s) + np.int64(s2 == s)
            cards = suit_counts[s] + held
            if held and cards == 4:
                flags |= np.int64(1) << _FD
                nut = 12
                while (suit_ranks[s] >> nut) & 1:
                    nut -= 1
                if (s1 == s and r1 == nut) or (s2 == s and r2 == nut):
                    flags |= np.int64(1) << _NUT_FD
            elif held and cards == 3 and flop:
                flags |= np.int64(1) << _BDFD
    if flags & (np.int64(1) << _FD) and flags & ((np.int64(1) << _OESD) | (np.int64(1) << _GUTSHOT)):
        flags |= np.int64(1) << _COMBO
    return flags


@kernel(inline="always")
def _board_facts(board, suit_counts, suit_ranks):
    """Read board ``board`` (3 or 4 codes): fill ``suit_counts`` (cards per suit) and
    ``suit_ranks`` (rank bits per suit) and return its evaluator key and mask, its card bits, its
    rank bits and its distinct ranks ``top`` > ``second`` ... ``lowest`` (-1 where there is none)."""
    key, mask, cards, rank_bits = EMPTY_KEY, np.uint64(0), np.int64(0), np.int64(0)
    for s in range(4):
        suit_counts[s] = 0
        suit_ranks[s] = 0
    for j in range(board.shape[0]):
        c = np.int64(board[j])
        key += CARD_KEY[c]
        mask |= CARD_MASK[c]
        cards |= np.int64(1) << c
        rank_bits |= np.int64(1) << (c >> 2)
        suit_counts[c & 3] += 1
        suit_ranks[c & 3] |= np.int64(1) << (c >> 2)
    top, second, lowest = np.int64(-1), np.int64(-1), np.int64(-1)
    for r in range(12, -1, -1):
        if (rank_bits >> r) & 1:
            if top < 0:
                top = np.int64(r)
            elif second < 0:
                second = np.int64(r)
            lowest = np.int64(r)
    return key, mask, cards, rank_bits, top, second, lowest


@kernel(inline="always")
def _classify(a, b, key, mask, rank_bits, suit_counts, suit_ranks, top, second, lowest, flop):
    """The made-hand row and the draw flags (bit ``d`` for ``DRAWS[d]``) of hole cards ``a`` and
    ``b`` on a board read by :func:`_board_facts`; ``flop``: the board has three cards."""
    c1, c2 = (a, b) if a > b else (b, a)
    r1, r2 = c1 >> 2, c2 >> 2
    value = np.int64(evaluate_key(key + CARD_KEY[c1] + CARD_KEY[c2], mask | CARD_MASK[c1] | CARD_MASK[c2]))
    row = _made_row(value, r1, r2, top, second, lowest)
    flags = _draws(c1, c2, rank_bits, suit_counts, suit_ranks, flop)
    if r2 > top and (row == _ACE_HIGH or row == _NOTHING or row == _BOARD_PAIR):
        flags |= np.int64(1) << _OVERCARDS
    return row, flags


@kernel
def tally_boards(holes, weights, boards, out):
    """Add the weight ``weights[i]`` of every combo ``holes[i]`` (two codes) that shares no card
    with board ``boards[b]`` (3 or 4 codes) to ``out[b, row]`` for its made-hand row, each of its
    draws (column ``len(MADE) + d``) and ``out[b, TOTAL]``; return the number of hands classified."""
    flop = boards.shape[1] == 3
    suit_counts = np.zeros(4, np.int64)
    suit_ranks = np.zeros(4, np.int64)
    classified = 0
    for b in range(boards.shape[0]):
        key, mask, cards, rank_bits, top, second, lowest = _board_facts(boards[b], suit_counts, suit_ranks)
        for i in range(holes.shape[0]):
            c1, c2 = np.int64(holes[i, 0]), np.int64(holes[i, 1])
            if cards & ((np.int64(1) << c1) | (np.int64(1) << c2)):
                continue
            row, flags = _classify(c1, c2, key, mask, rank_bits, suit_counts, suit_ranks, top, second, lowest, flop)
            w = weights[i]
            out[b, row] += w
            for d in range(_DRAW_COUNT):
                if (flags >> d) & 1:
                    out[b, _DRAW_BASE + d] += w
            out[b, TOTAL] += w
            classified += 1
    return classified


@kernel
def classify_hands(holes, board, rows, flags):
    """Classify every combo ``holes[i]`` (two codes, none on the board) on board ``board`` (3 or 4
    codes): ``rows[i]``, its made-hand row (an index of :data:`MADE`), and ``flags[i]``, its
    draws (bit ``d`` for ``DRAWS[d]``), as :func:`tally_boards` counts them."""
    suit_counts = np.zeros(4, np.int64)
    suit_ranks = np.zeros(4, np.int64)
    key, mask, _cards, rank_bits, top, second, lowest = _board_facts(board, suit_counts, suit_ranks)
    flop = board.shape[0] == 3
    for i in range(holes.shape[0]):
        c1, c2 = np.int64(holes[i, 0]), np.int64(holes[i, 1])
        rows[i], flags[i] = _classify(c1, c2, key, mask, rank_bits, suit_counts, suit_ranks, top, second, lowest, flop)


__all__ = ["CATEGORIES", "COLUMNS", "DRAWS", "FLOP_ONLY", "MADE", "TOTAL", "WINDOWS", "classify_hands", "tally_boards"]
