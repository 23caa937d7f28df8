"""Head to Head Poker playing policies that need no lookahead: random and greedy.

A policy sees only what its player may see: the common cards, the board, its own
choices (drawn cards, hand or open cards) and the public counts. It never reads the
deck or the opponent's hand; :mod:`.rollout` builds on these two as base policies.

* **random** -- uniform over the legal moves (choice of card x open space).
* **greedy** -- the move with the largest one-step gain in the *row chances*: each side
  of a row has a potential (:func:`row_potential`: made hand plus what the open slots
  can still make), and a row's chance is a logistic curve of the lead in potential
  (:func:`row_chance`), so a card counts most where the row is contested. A move on
  one's own side raises one's lead; in Crazy rounds a move on the opponent's side
  may cut his. In Share 2 the drawer also subtracts the best gain the opponent can
  make with the card handed over. Deterministic: ties go to the first move in
  (card, row, side) order.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.games.head_to_head.engine import (
    COMMON,
    CRAZY,
    ROWS,
    SHARE2,
    SLOTS,
    TURN,
    TYPE,
    choice_slice,
    count_index,
    is_open_space,
    mover,
    place,
    prepare,
    round_over,
    slot_index,
)
from analyzer.sim.rng import below

RANDOM, GREEDY, ROLLOUT = 0, 1, 2
POLICY_NAMES = {"random": RANDOM, "greedy": GREEDY, "rollout": ROLLOUT}
BASE_POLICIES = ("random", "greedy")

# Row potential (greedy): the made hand of the cards so far, plus what the open slots
# can still make. Indexed by the number of cards in the row hand (common card included).
MADE_SCORE = np.array([0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])  # high .. straight flush
FLUSH_POTENTIAL = np.array([0.0, 0.3, 0.8, 1.6, 3.0, 0.0])     # all cards one suit
STRAIGHT_POTENTIAL = np.array([0.0, 0.25, 0.6, 1.2, 2.2, 0.0])  # distinct, within 5 ranks
GROUP_POTENTIAL = np.array([0.0, 0.35, 0.6, 0.8, 1.0, 0.0])     # per open slot, with a pair+
CONTEST_SCALE = 2.0
HIGH_CARD_WEIGHT = 0.04                                           # per rank of the top card
WHEEL_MASK = 0b1000000001111                                      # A 2 3 4 5


@njit(cache=True, nogil=True, inline="always")
def row_potential(st, seat, row, extra):
    """Potential of ``seat``'s side of ``row`` with card ``extra`` added (-1: none).

    made + flush potential (all one suit) + straight potential (distinct ranks within a
    5-rank window, the wheel included) + group potential (a pair or better, per open
    slot) + a small top-card term. Made: high 0, pair 1, two pair 2, trips 3,
    straight 4, flush 5, full house 6, quads 7, straight flush 8.
    """
    counts = 0  # a 4-bit count per rank
    c = st[COMMON + row]
    suit, same_suit, ranks, n, top = c & 3, True, 0, 0, 0
    pairs, trips, quads = 0, 0, 0
    for i in range(SLOTS + 2):
        if i == SLOTS:
            c = st[COMMON + row]
        elif i == SLOTS + 1:
            c = extra
        else:
            c = st[slot_index(seat, row, i)]
        if c < 0:
            continue
        r = c >> 2
        held = (counts >> (4 * r)) & 15  # cards of this rank so far: 1, 2, 3 -> a new group
        pairs += (held == 1) - (held == 2)
        trips += (held == 2) - (held == 3)
        quads += held == 3
        counts += 1 << (4 * r)
        ranks |= 1 << r
        same_suit = same_suit and (c & 3) == suit
        top = max(top, r)
        n += 1
    distinct = pairs + trips + quads == 0
    window = False
    if distinct:
        low = 0
        while not (ranks >> low) & 1:
            low += 1
        window = ranks >> low < 32 or (ranks & ~WHEEL_MASK) == 0
    if quads:
        made = 7
    elif trips and pairs:
        made = 6
    elif trips:
        made = 3
    elif pairs == 2:
        made = 2
    elif pairs:
        made = 1
    else:
        made = 0
    if n == 5:
        if window and same_suit:
            made = 8
        elif same_suit:
            made = 5
        elif window:
            made = 4
        return MADE_SCORE[made] + HIGH_CARD_WEIGHT * top
    score = MADE_SCORE[made] + HIGH_CARD_WEIGHT * top
    if same_suit:
        score += FLUSH_POTENTIAL[n]
    if window:
        score += STRAIGHT_POTENTIAL[n]
    if not distinct:
        score += GROUP_POTENTIAL[5 - n]
    return score


@njit(cache=True, nogil=True, inline="always")
def open_spaces(st):
    """The spaces the mover may fill, as bits ``2 * row + side``."""
    seat, crazy = mover(st), st[CRAZY] != 0
    spaces = 0
    for row in range(st[ROWS]):
        for side in range(2):
            if (crazy or side == seat) and st[count_index(side, row)] < SLOTS:
                spaces |= 1 << (2 * row + side)
    return spaces


@njit(cache=True, nogil=True, inline="always")
def bit_count(bits):
    n = 0
    while bits:
        bits &= bits - 1
        n += 1
    return n


@njit(cache=True, nogil=True, inline="always")
def count_moves(st):
    """The number of legal moves: placeable cards x open spaces."""
    return choice_slice(st)[1] * bit_count(open_spaces(st))


@njit(cache=True, nogil=True, inline="always")
def nth_space(spaces, k):
    """``(row, side)`` of the ``k``-th set bit of ``spaces``."""
    for _ in range(k):
        spaces &= spaces - 1
    bit = 0
    while not (spaces >> bit) & 1:
        bit += 1
    return bit >> 1, bit & 1


@njit(cache=True, nogil=True)
def move_at(st, index):
    """Legal move number ``index`` as ``(choice, row, side)``, in (card, row, side) order."""
    spaces = open_spaces(st)
    choice, k = divmod(index, bit_count(spaces))
    row, side = nth_space(spaces, k)
    return choice, row, side


@njit(cache=True, nogil=True, inline="always")
def placement_gain(st, seat, card, row, side, before):
    """Greedy's one-step gain for ``seat`` of putting ``card`` on ``side`` of ``row``;
    ``before`` holds every side's potential before the move, indexed [side][row]."""
    after = row_potential(st, side, row, card)
    mine, theirs = before[seat, row], before[1 - seat, row]
    if side == seat:
        return row_chance(after - theirs) - row_chance(mine - theirs)
    return row_chance(mine - after) - row_chance(mine - theirs)


@njit(cache=True, nogil=True, inline="always")
def row_chance(lead):
    """A row's win chance from the lead in potential: a logistic curve."""
    return 1.0 / (1.0 + np.exp(-lead / CONTEST_SCALE))


@njit(cache=True, nogil=True)
def potentials(st):
    before = np.zeros((2, 5))
    for side in range(2):
        for row in range(st[ROWS]):
            before[side, row] = row_potential(st, side, row, -1)
    return before


@njit(cache=True, nogil=True)
def best_receiver_gain(st, receiver, card, before):
    """The best gain ``receiver`` can make with a card handed over in Share 2."""
    best = -1e9
    for row in range(st[ROWS]):
        for side in range(2):
            if st[count_index(side, row)] < SLOTS and (st[CRAZY] != 0 or side == receiver):
                best = max(best, placement_gain(st, receiver, card, row, side, before))
    return best


@njit(cache=True, nogil=True)
def greedy_move(st):
    seat = mover(st)
    start, n = choice_slice(st)
    before = potentials(st)
    share_drawer = st[TYPE] == SHARE2 and n == 2 and st[TURN] % 2 == 0
    best, best_move = -1e18, (0, 0, 0)
    for choice in range(n):
        card = st[start + choice]
        penalty = 0.0
        if share_drawer:
            penalty = best_receiver_gain(st, 1 - seat, st[start + 1 - choice], before)
        for row in range(st[ROWS]):
            for side in range(2):
                if is_open_space(st, row, side):
                    gain = placement_gain(st, seat, card, row, side, before) - penalty
                    if gain > best:
                        best, best_move = gain, (choice, row, side)
    return best_move


@njit(cache=True, nogil=True, inline="always")
def random_move(st, rng):
    spaces = open_spaces(st)
    n = bit_count(spaces)
    choice, k = divmod(below(rng, choice_slice(st)[1] * n), n)
    row, side = nth_space(spaces, k)
    return choice, row, side


@njit(cache=True, nogil=True, inline="always")
def base_move(st, kind, rng):
    """The move of a base policy (random or greedy) for the player to move."""
    if kind == GREEDY:
        return greedy_move(st)
    return random_move(st, rng)


@njit(cache=True, nogil=True)
def play_out(st, kinds, rng):
    """Finish the round with base policies ``kinds[seat]``; ``rng`` deals and randomises."""
    while not round_over(st):
        prepare(st, rng)
        choice, row, side = base_move(st, kinds[mover(st)], rng)
        place(st, choice, row, side)
