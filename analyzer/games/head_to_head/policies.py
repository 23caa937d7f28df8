"""Head to Head Poker playing policies that need no lookahead: random and greedy.

A policy sees only what its player may see: the common cards, the board, its own
choices (drawn cards, hand or open cards) and the public counts. It never reads the
deck or the opponent's hand; :mod:`.rollout` builds on these as base policies (the rollout and
search players).

* **random** -- uniform over the legal moves (choice of card x open space).
* **greedy** -- the move with the largest one-step gain in the *row chances*: each side
  of a row has a potential (:func:`potential`: made hand plus what the open slots
  can still make), and a row's chance is a logistic curve of the lead in potential
  (:func:`row_chance`), so a card counts most where the row is contested. A move on
  one's own side raises one's lead; in Crazy rounds a move on the opponent's side
  may cut his. In Share 2 the drawer also subtracts the best gain the opponent can
  make with the card handed over. Deterministic: ties go to the first move in
  (card, row, side) order. Every number of the scoring is an entry of a parameter
  vector (:mod:`.tuned`).
* **greedy** plays the hand-set vector, compiled in as a constant (reading the entries
  from an argument makes greedy play about 20% slower: measured), and **tuned** (kind
  ``TUNED``) plays the vector ``w`` passed down with the policy: the tuned values, or
  any candidate of a tuning run. Both run the one body :func:`_greedy_choice`.

Compile time: :func:`_greedy_choice` is compiled once (its vector typed read-only, as Numba
types the constant; :func:`analyzer.sim.arrays.read_only` retypes the argument) and LLVM
inlines it into :func:`_greedy_move` and :func:`_tuned_move` (``forceinline``), so greedy
still folds the constant. Numba's own inlining (``inline="always"``) copies the callee's IR
at every call site, at a cost that grows with the callee's size: compiling the body twice
that way cost about 9 CPU-s a copy, in every Head to Head command. For the same reason
:func:`_placement_gain`, called twice in the body, is compiled once and inlined by LLVM (a
third less compile time for the body, about 1 s of every command's first run); its callees
:func:`_potential` and :func:`_add_card` stay inlined by Numba: compiled apart, they made
``tuned`` play about 25% slower (measured).
"""

from __future__ import annotations

import numpy as np

from analyzer.games.head_to_head.engine import (
    COMMON,
    ROWS,
    SHARE2,
    SLOTS,
    TURN,
    TYPE,
    _choice_slice,
    _mover,
    _open_spaces_for,
    _place,
    _prepare,
    _round_over,
    _slot_index,
)
from analyzer.games.head_to_head.tuned import (
    CONTEST_SCALE,
    FLUSH,
    GROUP,
    HAND_SET,
    HIGH_CARD,
    MADE,
    STRAIGHT,
)
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into, read_only
from analyzer.sim.bits import bit_count, nth_bit
from analyzer.sim.rng import below

RANDOM, GREEDY, ROLLOUT, TUNED, SEARCH, ISMCTS, ISMCTS_PURE = 0, 1, 2, 3, 4, 5, 6
POLICY_NAMES = {
    "random": RANDOM,
    "greedy": GREEDY,
    "tuned": TUNED,
    "rollout": ROLLOUT,
    "search": SEARCH,
    "ismcts": ISMCTS,  # tree search over both seats' moves (.ismcts); exact in known end-games
    "ismcts-pure": ISMCTS_PURE,  # the same tree search everywhere
}
GREEDY_KINDS = (GREEDY, TUNED)  # the deterministic policies
LOOKAHEAD_KINDS = (ROLLOUT, SEARCH, ISMCTS, ISMCTS_PURE)  # the policies that play out the rest of the round
BASE_POLICIES = ("random", "greedy", "tuned")
WHEEL_MASK = 0b1000000001111  # A 2 3 4 5


# a side's summary: rank counts (4 bits a rank), rank bits, suit, all one suit, cards,
# top rank, pairs, trips, quads
COUNTS, RANK_BITS, SUIT, ONE_SUIT, CARDS, TOP, PAIRS, TRIPS, QUADS = range(9)
SUMMARY = 9


@kernel
def _both_seats(w):
    """The greedy vector ``w`` for both seats, the ``(2, N_PARAMS)`` array the kernels take."""
    vectors = np.empty((2, w.shape[0]))
    copy_into(vectors[0], w)  # not a slice assignment: see analyzer.sim.arrays
    copy_into(vectors[1], w)
    return vectors


@kernel(inline="always")
def _add_card(summary, card):
    """The summary fields after adding ``card`` (none when ``card`` < 0)."""
    counts, ranks, suit, one_suit = summary[COUNTS], summary[RANK_BITS], summary[SUIT], summary[ONE_SUIT]
    n, top, pairs, trips, quads = summary[CARDS], summary[TOP], summary[PAIRS], summary[TRIPS], summary[QUADS]
    if card >= 0:
        r = card >> 2
        held = (counts >> (4 * r)) & 15  # cards of this rank so far: 1, 2, 3 -> a new group
        pairs += int(held == 1) - int(held == 2)  # int(): numpy has no boolean subtract
        trips += int(held == 2) - int(held == 3)
        quads += held == 3
        counts += 1 << (4 * r)
        ranks |= 1 << r
        one_suit = one_suit and (card & 3) == suit
        top = max(top, r)
        n += 1
    return counts, ranks, suit, one_suit, n, top, pairs, trips, quads


@kernel(inline="always")
def _summarize(st, seat, row, out):
    """Write the summary of ``seat``'s side of ``row`` (its cards and the common card)."""
    common = st[COMMON + row]
    out[:] = 0
    out[SUIT], out[ONE_SUIT] = common & 3, 1
    for i in range(SLOTS + 1):
        card = common if i == SLOTS else st[_slot_index(seat, row, i)]
        (
            out[COUNTS],
            out[RANK_BITS],
            out[SUIT],
            out[ONE_SUIT],
            out[CARDS],
            out[TOP],
            out[PAIRS],
            out[TRIPS],
            out[QUADS],
        ) = _add_card(out, card)


@kernel(inline="always")
def _potential(summary, card, w):
    """Potential of a side (its ``summary``) with ``card`` added (-1: none), under the
    parameter vector ``w`` (:mod:`.tuned`).

    made + flush potential (all one suit) + straight potential (distinct ranks within a
    5-rank window, the wheel included) + group potential (a pair or better, by open
    slots) + a small top-card term. Made: high 0, pair 1, two pair 2, trips 3,
    straight 4, flush 5, full house 6, quads 7, straight flush 8.
    """
    _, ranks, _, one_suit, n, top, pairs, trips, quads = _add_card(summary, card)
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
        if window and one_suit:
            made = 8
        elif one_suit:
            made = 5
        elif window:
            made = 4
        return w[MADE + made] + w[HIGH_CARD] * top
    score = w[MADE + made] + w[HIGH_CARD] * top
    if one_suit:
        score += w[FLUSH + n - 1]
    if window:
        score += w[STRAIGHT + n - 1]
    if not distinct:
        score += w[GROUP + 4 - n]  # 5 - n open slots
    return score


@kernel(forceinline=True)
def _open_spaces(st):
    """The spaces the mover may fill, as bits ``2 * row + side``."""
    return _open_spaces_for(st, _mover(st))


@kernel(forceinline=True)
def _count_moves(st):
    """The number of legal moves: placeable cards x open spaces."""
    return _choice_slice(st)[1] * bit_count(_open_spaces(st))


@kernel(forceinline=True)
def _nth_space(spaces, k):
    """``(row, side)`` of the ``k``-th set bit of ``spaces``."""
    position = nth_bit(spaces, k)
    return position >> 1, position & 1


@kernel
def _move_at(st, index):
    """Legal move number ``index`` as ``(choice, row, side)``, in (card, row, side) order."""
    spaces = _open_spaces(st)
    choice, k = divmod(index, bit_count(spaces))
    row, side = _nth_space(spaces, k)
    return choice, row, side


@kernel(forceinline=True)
def _row_chance(lead, inverse_scale):
    """A row's win chance from the lead in potential: a logistic-like curve (rational,
    0 to 1, 1/2 at no lead, 3/4 at a lead of the contest scale, given as its inverse so
    that no call divides by it), cheaper than ``exp``."""
    x = lead * inverse_scale
    return 0.5 + 0.5 * x / (1.0 + abs(x))


@kernel(forceinline=True)
def _placement_gain(seat, card, row, side, summaries, before, w, inverse_scale):
    """Greedy's one-step gain for ``seat`` of putting ``card`` on ``side`` of ``row``;
    ``summaries`` and ``before`` (potentials) are per side ``2 * row + side``."""
    after = _potential(summaries[2 * row + side], card, w)
    mine, theirs = before[2 * row + seat], before[2 * row + 1 - seat]
    if side == seat:
        return _row_chance(after - theirs, inverse_scale) - _row_chance(mine - theirs, inverse_scale)
    return _row_chance(mine - after, inverse_scale) - _row_chance(mine - theirs, inverse_scale)


@kernel(forceinline=True)
def _greedy_choice(st, w):
    """The greedy move of the player to move under the parameter vector ``w``."""
    seat = _mover(st)
    start, n = _choice_slice(st)
    rows = st[ROWS]
    inverse_scale = 1.0 / w[CONTEST_SCALE]
    summaries = np.empty((2 * rows, SUMMARY), np.int64)
    before = np.empty(2 * rows)
    for i in range(2 * rows):
        _summarize(st, i & 1, i >> 1, summaries[i])
        before[i] = _potential(summaries[i], -1, w)
    spaces = _open_spaces(st)
    share_drawer = st[TYPE] == SHARE2 and n == 2 and st[TURN] % 2 == 0
    receiver_spaces = _open_spaces_for(st, 1 - seat)  # where a card handed over may go
    best, best_move = -1e18, (0, 0, 0)
    for choice in range(n):
        card = st[start + choice]
        penalty = 0.0
        if share_drawer:  # the best gain the receiver makes with the other card
            penalty = -1e9
            given = st[start + 1 - choice]
            for i in range(2 * rows):
                if (receiver_spaces >> i) & 1:
                    penalty = max(
                        penalty, _placement_gain(1 - seat, given, i >> 1, i & 1, summaries, before, w, inverse_scale)
                    )
        for i in range(2 * rows):
            if (spaces >> i) & 1:
                gain = _placement_gain(seat, card, i >> 1, i & 1, summaries, before, w, inverse_scale) - penalty
                if gain > best:
                    best, best_move = gain, (choice, i >> 1, i & 1)
    return best_move


@kernel
def _greedy_move(st):
    """The greedy move under the hand-set vector."""
    return _greedy_choice(st, HAND_SET)


@kernel
def _tuned_move(st, w):
    """The greedy move under the vector ``w`` (the ``tuned`` kind)."""
    return _greedy_choice(st, read_only(w))


@kernel(forceinline=True)
def _random_move(st, rng):
    spaces = _open_spaces(st)
    n = bit_count(spaces)
    choice, k = divmod(below(rng, _choice_slice(st)[1] * n), n)
    row, side = _nth_space(spaces, k)
    return choice, row, side


@kernel(forceinline=True)
def _base_move(st, kind, rng, w):
    """The move of a base policy (random, greedy, or tuned: greedy under the vector ``w``)
    for the player to move."""
    if kind == GREEDY:
        return _greedy_move(st)
    if kind == TUNED:
        return _tuned_move(st, w)
    return _random_move(st, rng)


@kernel
def _play_out(st, kinds, vectors, rng):
    """Finish the round with base policies ``kinds[seat]`` (tuned ones under the parameter
    vector ``vectors[seat]``); ``rng`` deals and randomises."""
    while not _round_over(st):
        _prepare(st, rng)
        seat = _mover(st)
        choice, row, side = _base_move(st, kinds[seat], rng, vectors[seat])
        _place(st, choice, row, side)
