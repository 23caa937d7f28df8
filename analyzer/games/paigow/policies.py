"""Pai Gow Poker: splits and the House Way (rules §5.2-§5.3), as Numba kernels.

A *split* puts 2 of the 7 cards in front and 5 in back; it is legal when the back
(five-card Pai Gow value) outranks the front (two-card value; both share one
value scale, see :mod:`analyzer.eval.two_card`).

:func:`house_way` sets a hand by the Foxwoods way of §5.3, rule by rule, or by
another published way that differs in its two-pair rule (:data:`WAYS`). It
returns the two front cards and the number of the rule that fired
(:data:`RULES`). For pairs, trips and quads the joker counts as an extra ace;
straights and flushes are judged by the evaluator with the joker filling them.
"""

from __future__ import annotations

import numpy as np

from analyzer.eval import PAIGOW, make_kernels
from analyzer.eval.two_card import two_card_value
from analyzer.jit import kernel

_K = make_kernels(PAIGOW)
evaluate_key = _K.evaluate_key
CARD_KEY, CARD_MASK, EMPTY_KEY = _K.card_key, _K.card_mask, _K.empty_key
JOKER = 52
ACE, KING, JACK, TEN, SEVEN, SIX = 12, 11, 9, 8, 5, 4

WAYS = {"foxwoods": 0, "trump-plaza": 1, "improved": 2}
WAY_DESCRIPTIONS = {
    "foxwoods": "Foxwoods (the default of §5.3)",
    "trump-plaza": "Foxwoods with the Trump Plaza two-pair rule",
    "improved": "Foxwoods with the Wizard of Odds improved two-pair rule",
}
RULES = (
    "1 five aces: two aces in front",
    "1 five aces with a pair of kings: kings in front",
    "2 quads with a pair or trips: that pair in front",
    "2 quads J-A: split them",
    "2 quads 7-10 with a king or ace: keep them, two highest singles in front",
    "2 quads 7-10 without a king or ace: split them",
    "2 quads 2-6: keep them, two highest singles in front",
    "3 two sets of trips: a pair of the higher in front",
    "3 full house: the highest pair in front",
    "4 three pair: the highest pair in front",
    "5 two pair: split (lower pair in front)",
    "5 two pair: keep both in back, the two highest singles in front",
    "5 two pair 7-10 with an ace: ace and next single in front",
    "6 straight or flush: the highest front that keeps it in back",
    "6 exception: pair 10-K with an ace plays as one pair",
    "7 trips of aces: an ace and the highest single in front",
    "7 trips: kept in back, the two highest singles in front",
    "8 one pair: pair in back, the two highest singles in front",
    "9 no pair: the 2nd and 3rd highest cards in front",
)
(
    FIVE_ACES,
    FIVE_ACES_KINGS,
    QUADS_WITH_PAIR,
    QUADS_HIGH,
    QUADS_MID_KEEP,
    QUADS_MID_SPLIT,
    QUADS_LOW,
    TWO_TRIPS,
    FULL_HOUSE,
    THREE_PAIR,
    TWO_PAIR_SPLIT,
    TWO_PAIR_KEEP,
    TWO_PAIR_ACE,
    STRAIGHT_FLUSH_RULE,
    PAIR_EXCEPTION,
    TRIPS_ACES,
    TRIPS,
    ONE_PAIR,
    NO_PAIR,
) = range(len(RULES))


@kernel
def _five_card_value(cards, skip_a, skip_b):
    """Pai Gow value of the 5 of the 7 ``cards`` other than positions ``skip_a`` and ``skip_b``."""
    key, mask = EMPTY_KEY, np.uint64(0)
    for i in range(7):
        if i != skip_a and i != skip_b:
            key += CARD_KEY[cards[i]]
            mask |= CARD_MASK[cards[i]]
    return evaluate_key(key, mask)


@kernel
def split_values(cards, a, b):
    """(front value, back value) of the split with cards ``a`` and ``b`` in front."""
    return two_card_value(cards[a], cards[b]), _five_card_value(cards, a, b)


@kernel
def _rank(card):
    return ACE if card == JOKER else card >> 2


@kernel
def _two_pair_keeps(way, high, low, best_single):
    """Whether a two-pair hand keeps both pairs in back (True) or splits them, under ``way``.
    Ranks are 0 = two .. 12 = ace; ``best_single`` is the highest single (joker = ace)."""
    if way == 1:  # Trump Plaza: low 2-6, medium 7-10, high J-K; aces with any pair split
        if high == ACE:
            return False
        high_class = 0 if high <= SIX else (1 if high <= TEN else 2)
        low_class = 0 if low <= SIX else (1 if low <= TEN else 2)
        if low_class == 0 and high_class <= 1:
            return best_single >= KING
        if (low_class == 0 and high_class == 2) or (low_class == 1 and high_class == 1):
            return best_single == ACE
        return False
    # improved: keep if the pair values (2..14) sum to 9 or less with a K or A single,
    # or to 15 or less with an A single
    total = (high + 2) + (low + 2)
    return (total <= 9 and best_single >= KING) or (total <= 15 and best_single == ACE)


@kernel
def _best_straight_or_flush(cards):
    """The legal split with a straight, flush or straight flush in back and the highest
    front (then the highest back): (a, b, front, back), or a = -1 if there is none."""
    best_a, best_b, best_front, best_back = -1, -1, -1, -1
    for a in range(7):
        for b in range(a + 1, 7):
            front, back = split_values(cards, a, b)
            category = back >> 20
            if (
                (category == 5 or category == 6 or category == 9)
                and back > front
                and (front > best_front or (front == best_front and back > best_back))
            ):
                best_a, best_b, best_front, best_back = a, b, front, back
    return best_a, best_b, best_front, best_back


@kernel
def _split_quads(cards, group):
    """Two of the quad positions ``group`` to put in front: the two that leave the best back.
    Every such front is the same pair; the back differs only when the joker is one of four
    aces, where the real ace kept beside it may fill a flush (so the setting depends on the
    cards, not on their order or on which suit is which)."""
    best_a, best_b, best_back = group[0], group[1], -1
    for i in range(4):
        for j in range(i + 1, 4):
            back = _five_card_value(cards, group[i], group[j])
            if back > best_back:
                best_a, best_b, best_back = group[i], group[j], back
    return best_a, best_b


@kernel
def _house_way(cards, way):
    """Set 7 card codes by the House Way ``way`` (0 Foxwoods, 1 Trump Plaza, 2 improved
    two-pair rule): returns (front card position, front card position, rule number)."""
    count = np.zeros(13, np.int64)
    where = np.full((13, 5), -1, np.int64)  # positions of each rank's cards, the joker last among aces
    for i in range(7):
        if cards[i] != JOKER:
            r = cards[i] >> 2
            where[r, count[r]] = i
            count[r] += 1
    for i in range(7):
        if cards[i] == JOKER:
            where[ACE, count[ACE]] = i
            count[ACE] += 1
    # singles (rank groups of one), highest first, as positions
    singles = np.full(7, -1, np.int64)
    n_singles = 0
    pairs = np.full(3, -1, np.int64)  # pair ranks, highest first
    n_pairs = 0
    trips = np.full(2, -1, np.int64)
    n_trips = 0
    quad = -1
    for r in range(12, -1, -1):
        if count[r] == 1:
            singles[n_singles] = where[r, 0]
            n_singles += 1
        elif count[r] == 2:
            pairs[n_pairs] = r
            n_pairs += 1
        elif count[r] == 3:
            trips[n_trips] = r
            n_trips += 1
        elif count[r] == 4:
            quad = r
    # 1. five aces
    if count[ACE] == 5:
        if count[KING] >= 2:
            return where[KING, 0], where[KING, 1], FIVE_ACES_KINGS
        return where[ACE, 0], where[ACE, 1], FIVE_ACES
    # 2. four of a kind
    if quad >= 0:
        if n_pairs > 0:
            return where[pairs[0], 0], where[pairs[0], 1], QUADS_WITH_PAIR
        if n_trips > 0:
            return where[trips[0], 0], where[trips[0], 1], QUADS_WITH_PAIR
        if quad >= JACK:
            a, b = _split_quads(cards, where[quad, :4])
            return a, b, QUADS_HIGH
        if SEVEN <= quad <= TEN:
            if _rank(cards[singles[0]]) >= KING:
                return singles[0], singles[1], QUADS_MID_KEEP
            a, b = _split_quads(cards, where[quad, :4])
            return a, b, QUADS_MID_SPLIT
        return singles[0], singles[1], QUADS_LOW
    # 3. full house
    if n_trips == 2:
        return where[trips[0], 0], where[trips[0], 1], TWO_TRIPS
    if n_trips == 1 and n_pairs > 0:
        return where[pairs[0], 0], where[pairs[0], 1], FULL_HOUSE
    # 4. three pair
    if n_pairs == 3:
        return where[pairs[0], 0], where[pairs[0], 1], THREE_PAIR
    # 5. two pair (governs even when a straight or flush is possible)
    if n_pairs == 2:
        high, low = pairs[0], pairs[1]
        best_single = _rank(cards[singles[0]])
        if way == 0:
            if high >= JACK:
                keep = False
            elif high >= SEVEN:
                if best_single == ACE:
                    return singles[0], singles[1], TWO_PAIR_ACE
                keep = False
            else:
                keep = best_single >= KING
        else:
            keep = _two_pair_keeps(way, high, low, best_single)
        if keep:
            return singles[0], singles[1], TWO_PAIR_KEEP
        return where[low, 0], where[low, 1], TWO_PAIR_SPLIT
    # 6. a straight, flush or straight flush is possible
    seven_key, seven_mask = EMPTY_KEY, np.uint64(0)
    for i in range(7):
        seven_key += CARD_KEY[cards[i]]
        seven_mask |= CARD_MASK[cards[i]]
    category = evaluate_key(seven_key, seven_mask) >> 20
    if category == 5 or category == 6 or category == 9:
        a, b, front, _back = _best_straight_or_flush(cards)
        if n_pairs == 1 and TEN <= pairs[0] <= KING and count[ACE] == 1:
            # the ordinary one-pair setting: the ace and the next-highest single in front
            ace = where[ACE, 0]
            other = singles[0] if singles[0] != ace else singles[1]
            if two_card_value(cards[ace], cards[other]) > front:
                return ace, other, PAIR_EXCEPTION
        return a, b, STRAIGHT_FLUSH_RULE
    # 7. three of a kind
    if n_trips == 1:
        if trips[0] == ACE:
            return where[ACE, 0], singles[0], TRIPS_ACES
        return singles[0], singles[1], TRIPS
    # 8. one pair
    if n_pairs == 1:
        return singles[0], singles[1], ONE_PAIR
    # 9. no pair: the highest card in back
    return singles[1], singles[2], NO_PAIR


@kernel
def _house_way_values(cards, way):
    """(front value, back value) of the House Way setting of 7 card codes."""
    a, b, _ = _house_way(cards, way)
    return split_values(cards, a, b)
