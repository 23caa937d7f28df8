"""Mousel players: the bidding rules of thumb, heuristic card play, and exact play (Numba).

*Strength* is a hand's expected tricks by a fixed table: a trump ace 1.0, king 0.85,
queen 0.7, jack 0.55, ten 0.45, a lower trump 0.35; an ace of another suit 0.6, a king
0.3; anything else 0. A baseline player goes along when his strength is at least
``along``, lays away every card worth less than ``keep``, and takes the game when his
strength after the exchange is at least ``declare``.

Card play:
* ``random``: a uniformly random legal card;
* ``heuristic``: everyone wants tricks (each pays a quarter of the pot, and a player
  without one pays the pot): :func:`analyzer.games._tricks.want_card`, with trumps.
* ``exact``: with every hand in view, the declarer maximizes his tricks and the other
  participants minimize them (alpha-beta search over the at most 4 tricks left); among
  equally good cards a player takes the heuristic's card if it is one of them.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from analyzer.games._tricks import card_bit, random_card, want_card
from analyzer.games.mousel import engine as E
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.bits import bit_count, nth_bit

HEURISTIC, EXACT, RANDOM = 0, 1, 2
PLAY_NAMES = ("heuristic", "exact", "random")
TRUMP_VALUES = np.array([0.35] * 8 + [0.45, 0.55, 0.7, 0.85, 1.0])  # by rank 2..A
SIDE_VALUES = np.array([0.0] * 11 + [0.3, 0.6])
ALONG, DECLARE, KEEP = range(3)  # baseline thresholds, in this order
BASELINE = (0.7, 1.6, 0.3)
ALL_CARDS = (np.int64(1) << 52) - 1
SEARCH_DEPTH = E.MAX_PLAYERS * E.TRICKS_PER_DEAL + 2  # scratch states for search: one per card to play, plus 2


@kernel(inline="always")
def _card_value(card, trump):
    rank = card >> 2
    return TRUMP_VALUES[rank] if card & 3 == trump else SIDE_VALUES[rank]


@kernel
def _strength(hand, trump):
    """Expected tricks by the table of the module docstring."""
    total = 0.0
    rest = hand
    while rest:
        card = nth_bit(rest, 0)
        rest &= rest - 1
        total += _card_value(card, trump)
    return total


def play_code(name: str) -> int:
    """The kernel code of a card-play name (PLAY_NAMES); a one-line error otherwise."""
    if name not in PLAY_NAMES:
        raise ValueError(f"play must be one of {', '.join(PLAY_NAMES)}, got {name!r}")
    return PLAY_NAMES.index(name)


def seat_thresholds(thresholds) -> np.ndarray:
    """The same baseline thresholds (along, declare, keep) for every seat, as run_deal takes them."""
    return np.tile(np.asarray(thresholds, np.float64), (E.MAX_PLAYERS, 1))


def check_thresholds(values: Any, given: Any = None) -> tuple[float, float, float]:
    """``values`` as a baseline player's thresholds (along, declare, keep): three finite numbers,
    each 0 or more (NumPy's included, bools not); else a ValueError quoting ``given`` (the text
    they were read from) or ``values``.

    >>> check_thresholds([0.7, 1.6, 0.3])
    (0.7, 1.6, 0.3)
    >>> check_thresholds((0.7, 1.6))
    Traceback (most recent call last):
    ValueError: baseline thresholds: three numbers along,declare,keep (e.g. 0.7,1.6,0.3), got (0.7, 1.6)
    """
    numeric = (int, float, np.integer, np.floating)
    three = isinstance(values, (list, tuple, np.ndarray)) and len(values) == 3
    numbers = (
        tuple(float(v) for v in values)
        if three and all(isinstance(v, numeric) and not isinstance(v, bool) for v in values)
        else ()
    )
    if len(numbers) != 3 or not all(math.isfinite(v) and v >= 0 for v in numbers):
        shown = given if given is not None else values
        raise ValueError(f"baseline thresholds: three numbers along,declare,keep (e.g. 0.7,1.6,0.3), got {shown!r}")
    return numbers


def parse_thresholds(text: str) -> tuple[float, float, float]:
    """``along,declare,keep`` (e.g. ``0.7,1.6,0.3``) for the baseline players."""
    try:
        values: Any = [float(p) for p in text.split(",")]
    except ValueError:
        values = ()
    return check_thresholds(values, text)


def parse_player_thresholds(text: str) -> list[tuple[float, float, float]]:
    """Each player's ``along,declare,keep``, players separated by ``;`` (e.g.
    ``1.3,1.6,0.3;0.7,1.6,0.3``), for :func:`.play.simulate_sessions`."""
    return [parse_thresholds(part) for part in text.split(";")]


@kernel
def _baseline_discards(hand, trump, keep):
    """The cards worth less than ``keep``."""
    out = np.int64(0)
    rest = hand
    while rest:
        card = nth_bit(rest, 0)
        rest &= rest - 1
        if _card_value(card, trump) < keep:
            out |= card_bit(card)
    return out


@kernel
def _heuristic_card(st, seat):
    cards = E.legal(st, seat)
    if cards & (cards - 1) == 0:
        return nth_bit(cards, 0)
    outstanding = ALL_CARDS & ~st[E.PLAYED] & ~st[E.HAND + seat] & ~card_bit(st[E.TRUMP_CARD])
    return want_card(
        cards, outstanding, st[E.LED], st[E.BEST], st[E.TRUMP], False, st[E.PLAYS], bit_count(st[E.PARTICIPANTS]), False
    )


@kernel
def _distinct_cards(cards, gone):
    """``cards`` less those equivalent to a lower one: two cards of a suit are equivalent
    when every card ranking between them is ``gone`` (out of play before this trick)."""
    out = np.int64(0)
    for suit in range(4):
        after_own = False
        for rank in range(13):
            card = card_bit(4 * rank + suit)
            if cards & card:
                if not after_own:
                    out |= card
                after_own = True
            elif not gone & card:
                after_own = False
    return out


@kernel
def _search(buf, root, alpha, beta):
    """The declarer's tricks at the end under exact play from ``buf[root]``: alpha-beta,
    exact inside (alpha, beta), else a bound on the far side. Iterative, with the
    position after each card in the next row of ``buf``."""
    lows = np.empty(SEARCH_DEPTH, np.int64)  # alpha per depth
    highs = np.empty(SEARCH_DEPTH, np.int64)  # beta per depth
    best = np.empty(SEARCH_DEPTH, np.int64)
    moves = np.empty(SEARCH_DEPTH, np.int64)  # cards still to try
    maximizing = np.empty(SEARCH_DEPTH, np.bool_)
    depth, entering, result = root, True, 0
    lows[root], highs[root] = alpha, beta
    while True:
        if entering:
            st = buf[depth]
            declarer = st[E.DECLARER]
            have = st[E.TRICKS + declarer]
            most = have + E.TRICKS_PER_DEAL - st[E.TRICK]
            if st[E.DONE] or have >= highs[depth] or most <= lows[depth]:
                result = have if st[E.DONE] or have >= highs[depth] else most
                if depth == root:
                    return result
                depth -= 1
                entering = False
                continue
            seat = st[E.TURN]
            maximizing[depth] = seat == declarer
            best[depth] = -1 if maximizing[depth] else E.TRICKS_PER_DEAL + 1
            moves[depth] = _distinct_cards(E.legal(st, seat), st[E.PLAYED] & ~st[E.ON_TABLE])
        else:
            if maximizing[depth]:
                best[depth] = max(best[depth], result)
                lows[depth] = max(lows[depth], result)
            else:
                best[depth] = min(best[depth], result)
                highs[depth] = min(highs[depth], result)
            if lows[depth] >= highs[depth]:
                moves[depth] = 0
        if moves[depth]:
            card = nth_bit(moves[depth], 0)
            moves[depth] &= moves[depth] - 1
            copy_into(buf[depth + 1], buf[depth])
            E.play(buf[depth + 1], card)
            lows[depth + 1], highs[depth + 1] = lows[depth], highs[depth]
            depth += 1
            entering = True
        else:
            result = best[depth]
            if depth == root:
                return result
            depth -= 1
            entering = False


@kernel
def _exact_card(st, buf):
    """The card of exact play (module docstring): the heuristic's card is searched first,
    and another card replaces it only if a null-window search proves it strictly better."""
    seat = st[E.TURN]
    cards = E.legal(st, seat)
    choice = _heuristic_card(st, seat)
    if cards & (cards - 1) == 0:
        return choice
    maximizing = seat == st[E.DECLARER]
    copy_into(buf[1], st)
    E.play(buf[1], choice)
    # np.int64(-1), not -1: a literal would compile _search once more, for that constant
    best = _search(buf, 1, np.int64(-1), E.TRICKS_PER_DEAL + 1)
    rest = cards & ~card_bit(choice)
    while rest:
        card = nth_bit(rest, 0)
        rest &= rest - 1
        copy_into(buf[1], st)
        E.play(buf[1], card)
        if maximizing:
            value = _search(buf, 1, best, best + 1)
            better = value > best
        else:
            value = _search(buf, 1, best - 1, best)
            better = value < best
        if better:
            best = _search(buf, 1, np.int64(-1), E.TRICKS_PER_DEAL + 1)
            choice = card
    return choice


@kernel
def _play_out(st, play_mode, buf, rng):
    """Play the 4 tricks."""
    while not st[E.DONE]:
        if play_mode == EXACT:
            card = _exact_card(st, buf)
        elif play_mode == RANDOM:
            card = random_card(E.legal(st, st[E.TURN]), rng)
        else:
            card = _heuristic_card(st, st[E.TURN])
        E.play(st, card)


@kernel
def _exact_declarer_tricks(st, buf):
    """The declarer's tricks under exact play from the start of play."""
    copy_into(buf[0], st)
    return _search(buf, 0, -1, E.TRICKS_PER_DEAL + 1)
