"""Exact category counts of every hand, against test vectors A.1-A.3b
(docs/rules/conventions.md#a-3; A.3 is the published table).

The enumerations of every hand are the slow tier; the fast tier checks the same
enumeration machinery against direct evaluation of every hand of a small deck."""

from math import comb

import pytest

from analyzer.eval import BUG, PAIGOW, STANDARD, Category
from analyzer.eval.enumeration import enumerate_categories

C = Category

A1_FIVE_CARD = {
    C.STRAIGHT_FLUSH: 40,
    C.FOUR_OF_A_KIND: 624,
    C.FULL_HOUSE: 3_744,
    C.FLUSH: 5_108,
    C.STRAIGHT: 10_200,
    C.THREE_OF_A_KIND: 54_912,
    C.TWO_PAIR: 123_552,
    C.PAIR: 1_098_240,
    C.HIGH_CARD: 1_302_540,
    C.FIVE_ACES: 0,
}
A2_FIVE_CARD_BUG = {
    C.FIVE_ACES: 1,
    C.STRAIGHT_FLUSH: 204,
    C.FOUR_OF_A_KIND: 828,
    C.FULL_HOUSE: 4_368,
    C.FLUSH: 7_804,
    C.STRAIGHT: 20_532,
    C.THREE_OF_A_KIND: 63_360,
    C.TWO_PAIR: 138_600,
    C.PAIR: 1_215_024,
    C.HIGH_CARD: 1_418_964,
}
A3_SEVEN_CARD = {
    C.STRAIGHT_FLUSH: 41_584,
    C.FOUR_OF_A_KIND: 224_848,
    C.FULL_HOUSE: 3_473_184,
    C.FLUSH: 4_047_644,
    C.STRAIGHT: 6_180_020,
    C.THREE_OF_A_KIND: 6_461_620,
    C.TWO_PAIR: 31_433_400,
    C.PAIR: 58_627_800,
    C.HIGH_CARD: 23_294_460,
    C.FIVE_ACES: 0,
}
A3B_SEVEN_CARD_PAIGOW = {
    C.FIVE_ACES: 1_128,
    C.STRAIGHT_FLUSH: 210_964,
    C.FOUR_OF_A_KIND: 307_472,
    C.FULL_HOUSE: 4_188_528,
    C.FLUSH: 6_172_088,
    C.STRAIGHT: 11_236_028,
    C.THREE_OF_A_KIND: 7_470_676,
    C.TWO_PAIR: 35_553_816,
    C.PAIR: 64_221_960,
    C.HIGH_CARD: 24_780_420,
}


def test_vectors_sum_to_the_number_of_hands():
    assert sum(A1_FIVE_CARD.values()) == comb(52, 5)
    assert sum(A2_FIVE_CARD_BUG.values()) == comb(53, 5)
    assert sum(A3_SEVEN_CARD.values()) == comb(52, 7)
    assert sum(A3B_SEVEN_CARD_PAIGOW.values()) == comb(53, 7)


@pytest.mark.slow
def test_every_five_card_hand():
    result = enumerate_categories(STANDARD, 5)
    assert result.category_counts == A1_FIVE_CARD
    assert result.distinct_values == 7_462


@pytest.mark.slow
@pytest.mark.parametrize("rules", [BUG, PAIGOW], ids=lambda r: r.name)
def test_every_five_card_hand_of_the_joker_deck(rules):
    result = enumerate_categories(rules, 5)
    assert result.category_counts == A2_FIVE_CARD_BUG
    # 7,462 standard values plus five aces; the Pai Gow wheel reorders, not adds
    assert result.distinct_values == 7_463


@pytest.mark.slow
def test_every_seven_card_hand():
    result = enumerate_categories(STANDARD, 7)
    assert result.category_counts == A3_SEVEN_CARD
    assert result.royal_flushes == 4_324
    assert result.distinct_values == 4_824


@pytest.mark.slow
def test_every_seven_card_hand_of_the_joker_deck_under_pai_gow_rules():
    result = enumerate_categories(PAIGOW, 7)
    assert result.category_counts == A3B_SEVEN_CARD_PAIGOW
    assert result.royal_flushes == 26_132


@pytest.mark.parametrize("rules", [STANDARD, PAIGOW], ids=lambda r: r.name)
def test_checksum_enumeration_visits_the_same_hands(rng, rules):
    """The checksum mode sums the values the tally mode counts; on a small deck both
    are checked against direct evaluation of every hand (the joker deck's holds the joker),
    and so is the number of distinct values; the deck's order changes nothing."""
    from itertools import combinations

    import numpy as np

    from analyzer.eval import evaluate_batch
    from analyzer.eval.enumeration import value_checksum

    deck = np.sort(rng.choice(52, 16, replace=False)).astype(np.uint8)
    if rules.joker:
        deck = np.append(deck[1:], np.uint8(52))
    hands = np.array(list(combinations(deck.tolist(), 7)), np.uint8)
    values = evaluate_batch(hands, rules)
    assert value_checksum(rules, 7, deck) == int(values.astype(np.int64).sum())
    result = enumerate_categories(rules, 7, rng.permutation(deck))
    assert result.category_counts == {cat: int(((values >> 20) == cat).sum()) for cat in Category}
    assert result.distinct_values == len(np.unique(values))
