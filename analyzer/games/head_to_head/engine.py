"""Head to Head Poker: the round state and its mechanics, as Numba kernels (rules §2.3-2.6).

A round lives in one flat ``int64`` array (layout below), so a rollout copies it in
one step and every kernel takes the same argument. Seats are 0 and 1; ``FIRST`` is
the seat of the first mover F (the dealer's opponent), the other seat is the dealer D.
``TURN`` counts the placements made so far, ``0 .. 8k``; who places next follows from
it and the round type (:func:`mover`):

* Draw 1, Hold 3, Open 5: F, D, F, D, ...
* Share 2: draw turns alternate F, D, ...; the drawer places one card and the other
  player places the card handed to him, so placements go F D | D F | F D | ...
* Play 4: batches of 8 placements alternate within the batch; the batch starter
  alternates F, D, F, ... (H-G1 ``alternate``) or is always F (``strict``).

The cards the mover may place (:func:`choices`) are the drawn card(s) in Draw 1 and
Share 2 (``PENDING``: two for the drawer, then the one handed over), the mover's
hidden hand in Hold 3 and Play 4 (``HAND``), or the open cards in Open 5 (``OPEN``).
:func:`prepare` draws whatever a turn needs before the choice; :func:`place` puts the
chosen card on a space and refills (Hold 3). The deck is a set ``DECK[TOP:END]`` from
which every draw is uniform, i.e. a shuffled deck dealt lazily.

A row's hand is exactly one side's 4 cards plus the row's common card (§2.3.6);
the better hand takes the row's $200, an exact tie splits it (H-G5).
"""

from __future__ import annotations

import numpy as np

from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.deck import draw_card

DRAW1, SHARE2, HOLD3, PLAY4, OPEN5 = 1, 2, 3, 4, 5
ROUND_TYPES = {DRAW1: "draw1", SHARE2: "share2", HOLD3: "hold3", PLAY4: "play4", OPEN5: "open5"}
HAND_SIZE_HOLD3, HAND_SIZE_PLAY4 = 3, 4
MAX_ROWS, SLOTS, DECK_SIZE = 5, 4, 52
ROW_POT = 200
BATCH_ALTERNATE, BATCH_STRICT = 0, 1  # H-G1, h2h.play4_batch_starter
TIEBREAK_STANDARD, TIEBREAK_LITERAL = 0, 1  # H-G2, h2h.tiebreak
OPEN_SET = 5
NO_CARD = -1
SEAT_0, SEAT_1 = np.int64(0), np.int64(1)
"""The seats typed int64, for kernels that name one: a literal 0 or 1 passed to a kernel would
compile a specialization of it beside the run-time seats' one."""

# -- state layout ------------------------------------------------------------------
TYPE, CRAZY, ROWS, TURN, FIRST, BATCH_RULE, TIEBREAK, ORDERED_DRAWS = range(8)
COMMON = 8  # MAX_ROWS common cards
BOARD = COMMON + MAX_ROWS  # [seat][row][slot] placed cards, NO_CARD if empty
COUNT = BOARD + 2 * MAX_ROWS * SLOTS  # [seat][row] cards placed on a side of a row
HAND = COUNT + 2 * MAX_ROWS  # [seat][4] hidden hands (Hold 3, Play 4)
HAND_N = HAND + 2 * 4  # [seat]
PENDING = HAND_N + 2  # drawn cards waiting to be placed (Draw 1, Share 2)
PENDING_N = PENDING + 2
OPEN = PENDING_N + 1  # the open cards (Open 5)
OPEN_N = OPEN + OPEN_SET
DECK = OPEN_N + 1  # the undealt cards are DECK[TOP:END]
TOP = DECK + DECK_SIZE
END = TOP + 1
KNOWN_OUT = END + 1  # bit mask of cards known to be out of play
# the betting game (§2.7; see betting.py): stacks persist over the game, the rest per round
STACK = KNOWN_OUT + 1  # [seat] chips in front of each player
ROW_BASE = STACK + 2  # [row] base chips still on the common card
COMMITTED = ROW_BASE + MAX_ROWS  # [seat][row] chips each has put on the card
BET_CLOSED = COMMITTED + 2 * MAX_ROWS  # [row] 1 once the row is closed to betting
BET_RULES = BET_CLOSED + MAX_ROWS  # forfeit flag, bet window, min bet, row cap, max raise
STATE_SIZE = BET_RULES + 5


def new_state() -> np.ndarray:
    """An empty engine state (``STATE_SIZE`` zeros)."""
    return np.zeros(STATE_SIZE, np.int64)


# the index and turn helpers are inlined by LLVM (forceinline), not by Numba (inline="always"),
# which would copy their IR into each of the many call sites, at a compile-time cost per site
# (``_mover`` alone had 29 sites in a search player's chain: 2 CPU-s)
@kernel(forceinline=True)
def _slot_index(seat, row, slot):
    return BOARD + (seat * MAX_ROWS + row) * SLOTS + slot


@kernel(forceinline=True)
def _count_index(seat, row):
    return COUNT + seat * MAX_ROWS + row


@kernel(forceinline=True)
def _placements(st):
    """Placements in the whole round: 4 per side of each active row."""
    return 2 * SLOTS * st[ROWS]


@kernel(forceinline=True)
def _round_over(st):
    return st[TURN] >= _placements(st)


@kernel(forceinline=True)
def _mover_at(st, t):
    """The seat that makes placement number ``t`` of the round."""
    first = st[FIRST]
    kind = st[TYPE]
    if kind == SHARE2:
        drawer = first if (t // 2) % 2 == 0 else 1 - first
        return drawer if t % 2 == 0 else 1 - drawer
    if kind == PLAY4:
        starter = first if (st[BATCH_RULE] == BATCH_STRICT or (t // 8) % 2 == 0) else 1 - first
        return starter if t % 2 == 0 else 1 - starter
    return first if t % 2 == 0 else 1 - first


@kernel(forceinline=True)
def _mover(st):
    return _mover_at(st, st[TURN])


@kernel(inline="always")
def _draw(st, rng):
    """Deal one card from the deck: uniform over the undealt cards, or the next one in
    order when ``ORDERED_DRAWS`` is set (exact enumeration arranges the deck itself)."""
    return draw_card(st, DECK, TOP, END, st[ORDERED_DRAWS], rng)


@kernel
def _start_round(st, kind, crazy, rows, first, batch_rule, tiebreak, rng):
    """A fresh round: the whole deck shuffled (§2.3.1) and ``rows`` common cards turned up."""
    st[:STACK] = 0  # the betting game's stacks and rules carry over between rounds
    st[TYPE], st[CRAZY], st[ROWS], st[FIRST] = kind, crazy, rows, first
    st[BATCH_RULE], st[TIEBREAK] = batch_rule, tiebreak
    for c in range(DECK_SIZE):
        st[DECK + c] = c
    st[TOP], st[END] = 0, DECK_SIZE
    st[BOARD:COUNT] = NO_CARD
    st[COMMON:BOARD] = NO_CARD
    for r in range(rows):
        st[COMMON + r] = _draw(st, rng)


@kernel
def _prepare(st, rng):
    """Deal what the coming placement needs: the card(s) of a draw turn (Draw 1, Share 2),
    a new Open 5 set, the hands of each Play 4 batch, and Hold 3 hands topped up to 3.
    (Hold 3 refills here rather than right after each placement: the refill is hidden
    and uniform from the same deck either way, H-G9.)"""
    kind = st[TYPE]
    dest, n, hand = PENDING, 0, 0
    if kind == DRAW1 or kind == SHARE2:
        if st[PENDING_N] == 0:
            n = kind  # Draw 1 draws one card, Share 2 two
            st[PENDING_N] = n
    elif kind == OPEN5:
        if st[OPEN_N] == 0:
            dest, n = OPEN, OPEN_SET
            st[OPEN_N] = n
    elif kind == HOLD3:
        hand = HAND_SIZE_HOLD3
    elif st[HAND_N] == 0 and st[HAND_N + 1] == 0 and st[TURN] % 8 == 0:
        hand = HAND_SIZE_PLAY4
    # unconditional loops of draws: a call inside a branch costs Numba ~20 ns
    for i in range(n):
        st[dest + i] = _draw(st, rng)
    for seat in range(2):
        held = st[HAND_N + seat]
        target = max(held, min(hand, held + st[END] - st[TOP]))
        for i in range(held, target):
            st[HAND + 4 * seat + i] = _draw(st, rng)
        st[HAND_N + seat] = target


@kernel(forceinline=True)
def _choice_slice(st):
    """``(start, n)``: where in the state the mover's placeable cards are."""
    kind = st[TYPE]
    if kind == DRAW1 or kind == SHARE2:
        return PENDING, st[PENDING_N]
    if kind == OPEN5:
        return OPEN, st[OPEN_N]
    seat = _mover(st)
    return HAND + 4 * seat, st[HAND_N + seat]


@kernel(forceinline=True)
def _open_spaces_for(st, seat):
    """The spaces ``seat`` may fill, as bits ``2 * row + side`` (§2.4: a side of a row
    with room, his own side only unless the round is Crazy)."""
    crazy = st[CRAZY] != 0
    spaces = 0
    for row in range(st[ROWS]):
        for side in range(2):
            if (crazy or side == seat) and st[_count_index(side, row)] < SLOTS:
                spaces |= 1 << (2 * row + side)
    return spaces


@kernel(inline="always")
def _is_open_space(st, row, side):
    """Whether the mover may place on ``side`` of ``row``."""
    return row < st[ROWS] and (_open_spaces_for(st, _mover(st)) >> (2 * row + side)) & 1 == 1


@kernel
def _place(st, choice, row, side):
    """Put the mover's choice number ``choice`` on ``side`` of ``row`` and move on (the
    other Share 2 card stays pending: it is now the opponent's to place)."""
    kind = st[TYPE]
    start, n = _choice_slice(st)
    card = st[start + choice]
    st[start + choice] = st[start + n - 1]  # remove by moving the last choice into the gap
    if kind == DRAW1 or kind == SHARE2:
        st[PENDING_N] = n - 1
    elif kind == OPEN5:
        st[OPEN_N] = n - 1
    else:
        st[HAND_N + _mover(st)] = n - 1
    ci = _count_index(side, row)
    st[_slot_index(side, row, st[ci])] = card
    st[ci] += 1
    st[TURN] += 1
    return card


@kernel
def _literal_order(value):
    """H-G2 literal reading: in pair and two pair the unpaired cards decide first.
    Values hold 5 rank nibbles by group (pair: p p k k k; two pair: p p q q k)."""
    category = value >> 20
    if category == 2:
        return (value & 0xF00000) | ((value & 0xFFF) << 8) | ((value >> 12) & 0xFF)
    if category == 3:
        return (value & 0xF00000) | ((value & 0xF) << 16) | ((value >> 4) & 0xFFFF)
    return value


@kernel(inline="always")
def _row_value(st, seat, row):
    """The value of a complete side of a row: its 4 cards plus the common card."""
    c = st[COMMON + row]
    key, mask = EMPTY_KEY + CARD_KEY[c], CARD_MASK[c]
    for slot in range(SLOTS):
        c = st[_slot_index(seat, row, slot)]
        key += CARD_KEY[c]
        mask |= CARD_MASK[c]
    value = evaluate_key(key, mask)
    return _literal_order(value) if st[TIEBREAK] == TIEBREAK_LITERAL else value


@kernel
def _row_result(st, row):
    """Seat 0's share of a complete row in halves: 2 win, 1 tie, 0 loss."""
    v0, v1 = _row_value(st, SEAT_0, row), _row_value(st, SEAT_1, row)
    return 2 if v0 > v1 else (1 if v0 == v1 else 0)


@kernel
def _open_rows(st):
    """Bit mask of the active rows that are not complete yet."""
    rows = 0
    for row in range(st[ROWS]):
        if st[_count_index(SEAT_0, row)] + st[_count_index(SEAT_1, row)] < 2 * SLOTS:
            rows |= 1 << row
    return rows


@kernel
def _round_chips(st):
    """Seat 0's chips from the round's rows ($200 a row, ties split); seat 1 gets the rest."""
    halves = 0
    for row in range(st[ROWS]):
        halves += _row_result(st, row)
    return halves * (ROW_POT // 2)


@kernel
def _pending_seen_by(st, viewer):
    """Drawn cards are seen by the mover; a Share 2 card handed over also by its giver."""
    return _mover(st) == viewer or (st[TYPE] == SHARE2 and st[TURN] % 2 == 1)


@kernel
def _seen_mask(st, viewer):
    """The cards ``viewer`` has seen or knows to be out: common cards, the board, his own
    hand, drawn cards he has seen, the open cards, and ``KNOWN_OUT``."""
    seen = np.uint64(st[KNOWN_OUT])
    one = np.uint64(1)
    for i in range(COMMON, COUNT):
        if st[i] >= 0:
            seen |= one << np.uint64(st[i])
    for i in range(st[OPEN_N]):
        seen |= one << np.uint64(st[OPEN + i])
    if _pending_seen_by(st, viewer):
        for i in range(st[PENDING_N]):
            seen |= one << np.uint64(st[PENDING + i])
    for i in range(st[HAND_N + viewer]):
        seen |= one << np.uint64(st[HAND + 4 * viewer + i])
    return seen


@kernel
def _unseen_deck(src, dst, viewer):
    """Copy ``src`` into ``dst`` with the deck made of every card ``viewer`` has not seen
    (ascending); returns their number."""
    copy_into(dst, src)
    seen = _seen_mask(src, viewer)
    n = 0
    for c in range(DECK_SIZE):
        if not (seen >> np.uint64(c)) & np.uint64(1):
            dst[DECK + n] = c
            n += 1
    dst[TOP], dst[END] = 0, n
    return n


@kernel
def _deal_hidden(st, viewer, rng):
    """Deal from the deck what ``viewer`` cannot see: the opponent's hidden hand and any
    drawn cards he has not seen."""
    other = 1 - viewer
    for i in range(st[HAND_N + other]):
        st[HAND + 4 * other + i] = _draw(st, rng)
    for i in range(0 if _pending_seen_by(st, viewer) else st[PENDING_N]):
        st[PENDING + i] = _draw(st, rng)


@kernel
def _resample_hidden(src, dst, viewer, rng):
    """Copy ``src`` into ``dst`` with everything ``viewer`` has not seen dealt afresh from
    the cards he has not seen: the opponent's hidden hand, unseen drawn cards, the deck.
    Such a copy is distributed exactly as the real state given what ``viewer`` saw."""
    _unseen_deck(src, dst, viewer)
    _deal_hidden(dst, viewer, rng)
