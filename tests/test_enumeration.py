"""Exact category counts of every hand, against test vectors A.1-A.3b
(docs/rules/conventions.md#a-3; A.3 is the published table).

The enumerations of every hand are the slow tier; the fast tier checks the same
enumeration machinery against direct evaluation of every hand of a small deck."""

from math import comb

import numpy as np
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


@pytest.mark.jitless
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


ROYAL_LEAD = (C.STRAIGHT_FLUSH << 8) | (13 << 4) | 12  # value >> 12 of a straight flush to the ace
DECKS = {
    "random 16": lambda rng: rng.choice(52, 16, replace=False),
    # ten spades and six others: the flushes of every length, straight flushes, the wheel
    "spade-heavy": lambda rng: np.concatenate(
        [np.arange(3, 52, 4)[[0, 1, 2, 3, 8, 9, 10, 11, 12, 7]], rng.choice(np.arange(0, 52, 4), 6, replace=False)]
    ),
    "ranks 2-8 only": lambda rng: rng.choice(28, 14, replace=False),
    "ranks 9-A only": lambda rng: 28 + rng.choice(24, 14, replace=False),
}


@pytest.mark.jitless
def test_a_deck_smaller_than_a_hand_has_no_hands():
    from analyzer.eval.enumeration import value_checksum

    assert enumerate_categories(STANDARD, 7, np.arange(6)).total == 0
    assert value_checksum(STANDARD, 6, np.arange(5)) == 0
    assert enumerate_categories(STANDARD, 5, np.arange(5)).total == 1


@pytest.mark.parametrize("deck_kind", DECKS)
@pytest.mark.parametrize("cards", [5, 6, 7])
@pytest.mark.parametrize("rules", [STANDARD, BUG, PAIGOW], ids=lambda r: r.name)
@pytest.mark.jitless
def test_enumerations_value_every_hand_as_the_evaluator(rng, rules, cards, deck_kind):
    """The checksum is the sum of the values the evaluator gives every hand of a small deck, the
    tallies their categories, and the distinct values theirs; for 5 to 7 cards, on decks that
    reach every cut of a hand into cards of ranks 2-8 and of 9-A (or only one side), many
    flushes, and (on the joker deck) the joker; the deck's order changes nothing."""
    from itertools import combinations

    from analyzer.eval import evaluate_batch
    from analyzer.eval.enumeration import value_checksum

    deck = np.sort(DECKS[deck_kind](rng)).astype(np.uint8)
    if rules.joker:
        deck = np.append(deck[1:], np.uint8(52))
    hands = np.array(list(combinations(deck.tolist(), cards)), np.uint8)
    values = evaluate_batch(hands, rules)
    assert value_checksum(rules, cards, deck) == int(values.astype(np.int64).sum())
    result = enumerate_categories(rules, cards, rng.permutation(deck))
    assert result.category_counts == {cat: int(((values >> 20) == cat).sum()) for cat in Category}
    assert result.distinct_values == len(np.unique(values))
    assert result.royal_flushes == int(((values >> 12) == ROYAL_LEAD).sum())
    assert result.total == len(hands)


@pytest.mark.parametrize("rules", [BUG, PAIGOW], ids=lambda r: r.name)
@pytest.mark.jitless
def test_with_the_joker_quads_or_a_full_house_beat_its_flush(rules):
    """Four aces, four kings, six spades and the joker: in 282 of its 7-card hands the joker
    makes a flush that quads or a full house beat; every hand is valued as the evaluator does."""
    from itertools import combinations

    from analyzer.eval import evaluate_batch
    from analyzer.eval.enumeration import value_checksum

    deck = np.array([48, 49, 50, 51, 44, 45, 46, 47, 3, 7, 11, 19, 27, 35, 52], np.uint8)
    values = evaluate_batch(np.array(list(combinations(deck.tolist(), 7)), np.uint8), rules).astype(np.int64)
    assert value_checksum(rules, 7, deck) == values.sum()
    result = enumerate_categories(rules, 7, deck)
    assert result.category_counts == {cat: int(((values >> 20) == cat).sum()) for cat in Category}
    assert result.royal_flushes == int(((values >> 12) == ROYAL_LEAD).sum())
