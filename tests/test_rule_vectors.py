"""Rule test vectors A.5 and the profile semantics of rules §1, §4.3 and §5.2."""

import pytest

from analyzer.cards import format_cards
from analyzer.eval import Category, best_five, category_of, evaluate, hand_name

pytestmark = pytest.mark.jitless  # every test here runs with the kernels as Python (docs/testing.md)


def value(cards, rules="standard"):
    return evaluate(cards, rules)


def test_head_to_head_row_trips_beat_two_pair_with_the_common_seven():
    common = "7s"
    p1 = value(f"7h 7d Kc 2s {common}")
    p2 = value(f"7c Qd Qh 3c {common}")
    assert category_of(p1) is Category.THREE_OF_A_KIND
    assert category_of(p2) is Category.TWO_PAIR
    assert p1 > p2


@pytest.mark.parametrize("rules", ["standard", "bug"])
def test_the_wheel_is_the_lowest_straight(rules):
    assert value("Ah 2c 3d 4h 5s", rules) < value("2h 3c 4d 5h 6s", rules)
    assert hand_name(value("Ah 2c 3d 4h 5s", rules)) == "Straight, five high"


def test_pai_gow_wheel_is_the_second_highest_straight():
    wheel = value("Ah 2c 3d 4h 5s", "paigow")
    assert value("Kh Qc Jd Th 9s", "paigow") < wheel < value("Ah Kc Qd Jh Ts", "paigow")


def test_pai_gow_suited_wheel_is_the_second_highest_straight_flush():
    wheel = value("Ah 2h 3h 4h 5h", "paigow")
    assert value("Kh Qh Jh Th 9h", "paigow") < wheel < value("Ah Kh Qh Jh Th", "paigow")
    assert hand_name(value("Ah Kh Qh Jh Th", "paigow")) == "Royal flush"


@pytest.mark.parametrize("rules", ["bug", "paigow"])
def test_five_aces_beat_the_royal_flush(rules):
    five_aces = value("Ac Ad Ah As Jk", rules)
    assert category_of(five_aces) is Category.FIVE_ACES
    assert five_aces > value("Ah Kh Qh Jh Th", rules)


def test_joker_with_two_three_four_five_is_the_pai_gow_wheel():
    v = value("Jk 2c 3d 4h 5s", "paigow")
    assert v == value("Ah 2c 3d 4h 5s", "paigow")
    assert hand_name(v) == "Straight, A-2-3-4-5 (the wheel, second highest)"


def test_joker_with_two_three_four_five_is_six_high_under_bug_rules():
    assert hand_name(value("Jk 2c 3d 4h 5s", "bug")) == "Straight, six high"


@pytest.mark.parametrize("rules", ["bug", "paigow"])
def test_joker_in_a_flush_is_the_highest_missing_rank(rules):
    v = value("Jk Ah Kh 9h 5h", rules)
    assert hand_name(v) == "Flush, A-K-Q-9-5"
    assert v == value("Ah Kh Qh 9h 5h", "standard")
    assert format_cards(best_five("Jk Ah Kh 9h 5h", rules)) == "Ah Kh Jk 9h 5h"


def test_double_ace_flush_house_rule():
    v = value("Jk Ah Kh 9h 5h", "paigow-double-ace")
    assert hand_name(v) == "Flush, A-A-K-9-5"
    assert v > value("Ah Kh Qh Jh 9h", "paigow")


@pytest.mark.parametrize("rules", ["bug", "paigow"])
def test_joker_fills_straights_and_straight_flushes(rules):
    assert hand_name(value("Jk 9h Th Jh Qh", rules)) == "Straight flush, king high"
    assert hand_name(value("Jk Kh Qh Jh Th", rules)) == "Royal flush"
    assert hand_name(value("Jk 9c Td Jh Kh", rules)) == "Straight, king high"


@pytest.mark.parametrize("rules", ["bug", "paigow"])
def test_otherwise_the_joker_is_an_ace(rules):
    assert hand_name(value("Jk Ac Ad 7h 2s", rules)) == "Three of a kind, aces"
    kings = value("Jk Kc Kd 7h 2s", rules)  # not trips: the joker is not wild (D-5)
    assert hand_name(kings) == "Pair of kings"
    assert kings == value("Ac Kc Kd 7h 2s", "standard")


def test_joker_gives_quads_over_a_joker_flush_in_seven_cards():
    v = value("Ah 2h 3h 7h As Ac Jk", "bug")
    assert hand_name(v) == "Four of a kind, aces"


@pytest.mark.parametrize(
    "cards, name",
    [
        ("Jk Kd", "High card, A-K"),
        ("Jk Ad", "Pair of aces"),
        ("Qh Jd", "High card, Q-J"),
        ("7h 7d", "Pair of sevens"),
    ],
)
def test_pai_gow_two_card_hands(cards, name):
    assert hand_name(value(cards, "paigow")) == name


def test_pai_gow_two_card_order():
    assert value("Ah Qd", "paigow") > value("Ah Jd", "paigow")  # A-Q beats A-J
    assert value("2h 2d", "paigow") > value("Ah Kd", "paigow")  # any pair beats a non-pair
    assert value("Jk Kd", "paigow") == value("Ac Kd", "paigow")
    assert value("Jk Ad", "paigow") == value("Ac Ad", "paigow")


def test_pai_gow_copy_is_an_exact_tie():
    """Q-J against Q-J is a copy (the dealer wins it): the values are equal."""
    assert value("Qh Jd", "paigow") == value("Qc Js", "paigow")


def test_front_and_back_compare_with_a_missing_kicker_below_any_card():
    """An equal pair or equal top two cards in back is legal: the back has kickers (§5.3)."""
    assert value("2c 2d 3h 4s 6c", "paigow") > value("2h 2s", "paigow")
    assert value("Ac Kd 4h 3s 2c", "paigow") > value("Ah Kh", "paigow")
    assert value("Ac Qd 4h 3s 2c", "paigow") < value("Ah Kh", "paigow")


@pytest.mark.parametrize(
    "cards, name",
    [
        ("Kc Kd Kh 7s 7c", "Full house, kings over sevens"),
        ("2c 3d 4h 5s 6c", "Straight, six high"),
        ("Ah 2c 3d 4h 5s", "Straight, five high"),
        ("As Ks Qs Js Ts", "Royal flush"),
        ("9s Ks Qs Js Ts", "Straight flush, king high"),
        ("Ac Ad Ah As 2c", "Four of a kind, aces"),
        ("7c 7d 7h As 2c", "Three of a kind, sevens"),
        ("Kc Kd 7h 7s 2c", "Two pair, kings and sevens"),
        ("Ac Ad 7h 5s 2c", "Pair of aces"),
        ("Ac Jd 7h 5s 2c", "High card, A-J-7-5-2"),
        ("Ac Jc 7c 5c 2c", "Flush, A-J-7-5-2"),
    ],
)
def test_names(cards, name):
    assert hand_name(value(cards)) == name
