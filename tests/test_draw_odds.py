"""Exact five-card draw odds: table A.4 (docs/rules/draw.md#a-4) with every
count derived by hand, the Bug joker (§4.3), dead cards, standing pat, the whole-hand draw
against the evaluator's own enumeration, a brute force with itertools, and every input error."""

import json
from itertools import combinations
from math import comb, prod

import numpy as np
import pytest

from analyzer.cards import CardError, format_card, format_cards, parse_cards
from analyzer.eval import BUG, STANDARD, Category, evaluate
from analyzer.eval.enumeration import enumerate_categories
from analyzer.games.draw.odds import draw_odds

QUADS, FULL, FLUSH, STRAIGHT = "Four of a kind", "Full house", "Flush", "Straight"
TRIPS, TWO_PAIR, PAIR, HIGH = "Three of a kind", "Two pair", "Pair", "High card"
STRAIGHT_FLUSH, FIVE_ACES = "Straight flush", "Five aces"


def pairs(counts: list[int]) -> int:
    """Ways to draw two cards of one rank, given the unseen count of each rank."""
    return sum(comb(n, 2) for n in counts)


def trips(counts: list[int]) -> int:
    """Ways to draw three cards of one rank."""
    return sum(comb(n, 3) for n in counts)


def singles(counts: list[int], m: int) -> int:
    """Ways to draw m cards of m different ranks."""
    return sum(prod(chosen) for chosen in combinations(counts, m))


def rounded(odds) -> dict[str, float]:
    return {name: round(p, 4) for name, p in odds.categories.items()}


def assert_consistent(odds) -> None:
    """Counts sum to the outcomes and the probabilities are the counts over the outcomes."""
    assert sum(odds.category_counts.values()) == odds.outcomes
    assert odds.categories == {k: n / odds.outcomes for k, n in odds.category_counts.items()}


# --- table A.4 ---------------------------------------------------------------------------


def test_a4_pair_of_jacks_draws_three():
    odds = draw_odds("Jc Jd 8h 5s 2c", "8h 5s 2c")
    others = [3, 3, 3] + [4] * 9  # unseen non-jacks: 8, 5, 2 (one of each thrown), nine full ranks
    assert sum(others) == 45
    expected = {
        QUADS: comb(2, 2) * 45,
        FULL: comb(2, 1) * pairs(others) + trips(others),
        TRIPS: comb(2, 1) * singles(others, 2),
        TWO_PAIR: sum(comb(n, 2) * (45 - n) for n in others),
        PAIR: singles(others, 3),
    }
    assert expected == {QUADS: 45, FULL: 165, TRIPS: 1_854, TWO_PAIR: 2_592, PAIR: 11_559}
    assert odds.outcomes == comb(47, 3) == 16_215
    assert odds.category_counts == expected
    assert odds.improve_count == 4_656 and odds.p_improve == 4_656 / 16_215
    assert rounded(odds) == {QUADS: 0.0028, FULL: 0.0102, TRIPS: 0.1143, TWO_PAIR: 0.1599, PAIR: 0.7129}
    assert round(odds.p_improve, 4) == 0.2871
    assert odds.original == "Pair of jacks" and odds.kept == "Jc Jd" and odds.draws == 3
    assert_consistent(odds)


def test_a4_pair_with_an_ace_kicker_draws_two():
    odds = draw_odds("Jc Jd Ah 8s 5c", "8s 5c")
    others = [3, 3] + [4] * 9  # unseen non-jacks, non-aces: 8, 5, nine full ranks
    assert sum(others) == 42
    expected = {
        QUADS: comb(2, 2),
        FULL: 2 * 3 + comb(3, 2),  # a jack and an ace, or two aces
        TRIPS: 2 * 42,
        TWO_PAIR: 3 * 42 + pairs(others),  # pair the ace, or a new pair
        PAIR: singles(others, 2),
    }
    assert odds.outcomes == comb(47, 2) == 1_081
    assert odds.category_counts == expected
    assert rounded(odds) == {QUADS: 0.0009, FULL: 0.0083, TRIPS: 0.0777, TWO_PAIR: 0.1721, PAIR: 0.7410}
    assert_consistent(odds)


def test_a4_two_pair_draws_one():
    odds = draw_odds("Jc Jd 8h 8s 5c", "5c")
    assert odds.category_counts == {FULL: 2 + 2, TWO_PAIR: 47 - 4}
    assert odds.p_improve == 4 / 47 and round(odds.p_improve, 4) == 0.0851


def test_a4_trips_draw_two():
    odds = draw_odds("Jc Jd Jh 8s 5c", "8s 5c")
    others = [3, 3] + [4] * 10
    assert sum(others) == 46
    expected = {QUADS: 1 * 46, FULL: pairs(others), TRIPS: singles(others, 2)}
    assert odds.category_counts == expected == {QUADS: 46, FULL: 66, TRIPS: 969}
    assert rounded(odds) == {QUADS: 0.0426, FULL: 0.0611, TRIPS: 0.8964}
    assert round(odds.p_improve, 4) == 0.1036


def test_a4_four_flush_draws_one():
    odds = draw_odds("Ah Jh 8h 3h Kc", "Kc")  # no straight draw, no pair
    assert odds.category_counts == {FLUSH: 13 - 4, PAIR: 4 * 3, HIGH: 47 - 9 - 12}
    assert odds.categories[FLUSH] == 9 / 47 and round(9 / 47, 4) == 0.1915


def test_a4_open_ended_straight_draw_draws_one():
    odds = draw_odds("9c 8d 7h 6s Kc", "Kc")  # four suits: no flush draw
    assert odds.category_counts == {STRAIGHT: 4 + 4, PAIR: 4 * 3, HIGH: 47 - 8 - 12}
    assert odds.categories[STRAIGHT] == 8 / 47 and round(8 / 47, 4) == 0.1702


def test_a4_ace_alone_draws_four():
    """A.4's row holds for discards that include a card of the ace's suit (10 hearts left) and
    two ranks of one straight with the ace (here K and Q); other discards change the flush and
    straight figures in the fourth place."""
    odds = draw_odds("Ah Kc Qd 9h 6s", "Kc Qd 9h 6s")
    thrown = [3, 3, 3, 3]  # unseen kings, queens, nines, sixes
    full = [4] * 8  # J T 8 7 5 4 3 2
    others = thrown + full
    assert sum(others) == 44
    royal, wheel = 1, 1  # Kh Qh Jh Th and 5h 4h 3h 2h
    expected = {
        STRAIGHT_FLUSH: royal + wheel,
        QUADS: 44 + len(full),  # three aces and any card, or four of a full rank
        FULL: comb(3, 2) * pairs(others) + 3 * trips(others),
        FLUSH: comb(11, 4) - royal - wheel,
        STRAIGHT: (3 * 3 * 4 * 4 - royal) + (4**4 - wheel),  # K Q J T and 5 4 3 2
        TRIPS: comb(3, 2) * singles(others, 2) + sum(comb(n, 3) * (44 - n) for n in others),
        TWO_PAIR: 3 * sum(comb(n, 2) * (44 - n) for n in others) + singles([comb(n, 2) for n in others], 2),
        PAIR: 3 * singles(others, 3)
        + sum(comb(n, 2) * singles(others[:i] + others[i + 1 :], 2) for i, n in enumerate(others)),
    }
    # no ace and four ranks that make neither a straight nor a flush (the straight flushes are in both)
    expected[HIGH] = singles(others, 4) - (3 * 3 * 4 * 4 + 4**4) - comb(11, 4) + royal + wheel
    assert sum(expected.values()) == comb(47, 4) == 178_365
    assert odds.category_counts == expected
    table = {
        PAIR: 0.4283,
        TWO_PAIR: 0.0498,
        TRIPS: 0.0230,
        STRAIGHT: 0.0022,
        FLUSH: 0.0018,
        FULL: 0.0016,
        QUADS: 0.0003,
    }
    assert {k: v for k, v in rounded(odds).items() if k in table} == table
    assert_consistent(odds)


# --- the Bug joker (§4.3) ----------------------------------------------------------------


def test_bug_four_flush_is_also_filled_by_the_joker():
    odds = draw_odds("Ah Jh 8h 3h Kc", "Kc", bug=True)
    assert odds.rules == "bug" and odds.outcomes == 48
    assert odds.category_counts == {FLUSH: 9 + 1, PAIR: 4 * 3, HIGH: 48 - 10 - 12}


def test_bug_open_ended_straight_draw_is_also_filled_by_the_joker():
    odds = draw_odds("9c 8d 7h 6s Kc", "Kc", bug=True)
    assert odds.category_counts == {STRAIGHT: 8 + 1, PAIR: 4 * 3, HIGH: 48 - 9 - 12}


def test_a_held_joker_pairs_aces_and_fills_straights_but_pairs_nothing_else():
    # Jk K 8 5: an ace pairs the joker; a king, eight or five pairs itself; no straight is possible
    odds = draw_odds("Jk Kc 8d 5h 2s", "2s", bug=True)
    assert odds.category_counts == {PAIR: 4 + 3 + 3 + 3, HIGH: 48 - 13}
    # Jk 9 8 7: a five, six, ten or jack makes a straight; an ace pairs the joker
    odds = draw_odds("Jk 9c 8d 7h Kc", "Kc", bug=True)
    assert odds.category_counts == {STRAIGHT: 4 * 4, PAIR: 4 + 3 * 3, HIGH: 48 - 16 - 13}
    assert odds.original == "High card, A-K-9-8-7"


def test_keeping_the_joker_alone():
    odds = draw_odds("Jk Kc 8d 5h 2s", "Kc 8d 5h 2s", bug=True)
    others = [3, 3, 3, 3] + [4] * 8  # unseen non-aces: K 8 5 2, then Q J T 9 7 6 4 3
    assert sum(others) == 44
    assert odds.outcomes == comb(48, 4)
    counts = odds.category_counts
    assert counts[FIVE_ACES] == 1  # all four aces
    assert counts[QUADS] == comb(4, 3) * 44 + len([n for n in others if n == 4])
    assert counts[FULL] == comb(4, 2) * pairs(others) + 4 * trips(others)
    assert_consistent(odds)


def test_four_aces_and_the_joker_make_five_aces():
    odds = draw_odds("Ac Ad Ah As Kc", "Kc", bug=True)
    assert odds.category_counts == {FIVE_ACES: 1, QUADS: 47}
    assert odds.improve_count == 1
    assert draw_odds("Ac Ad Ah As Kc", "Kc").category_counts == {QUADS: 47}


# --- dead cards, standing pat, drawing five ---------------------------------------------


@pytest.mark.parametrize(
    "dead, expected",
    [
        ("2h 5h", {FLUSH: 7, PAIR: 12, HIGH: 26}),  # two of the nine flush cards are out
        ("Ac", {FLUSH: 9, PAIR: 11, HIGH: 26}),  # one of the twelve pairing cards is out
        ("Qc Td", {FLUSH: 9, PAIR: 12, HIGH: 24}),
    ],
)
def test_dead_cards_leave_the_stock(dead, expected):
    odds = draw_odds("Ah Jh 8h 3h Kc", "Kc", dead=dead)
    assert odds.outcomes == 47 - len(dead.split())
    assert odds.category_counts == expected


@pytest.mark.parametrize(
    "hand, category",
    [
        ("Ah Kc Qd 9h 6s", HIGH),
        ("Jc Jd Jh 8s 8c", FULL),
        ("9h Th Jh Qh Kh", STRAIGHT_FLUSH),
    ],
)
@pytest.mark.parametrize("discard", ["", []])
def test_standing_pat_keeps_the_hand(hand, category, discard):
    odds = draw_odds(hand, discard)
    assert (odds.draws, odds.outcomes, odds.discard, odds.kept) == (0, 1, "", odds.hand)
    assert odds.categories == {category: 1.0} and odds.p_improve == 0 and odds.improve_count == 0


@pytest.mark.parametrize(
    "hand, rules", [("Ah Kc Qd 9h 6s", STANDARD), ("Jk Kc Qd 9h 6s", BUG)], ids=["standard", "bug"]
)
def test_drawing_five_is_every_five_card_hand_of_the_stock(hand, rules):
    odds = draw_odds(hand, hand, bug=rules is BUG)
    gone = set(parse_cards(hand, allow_joker=True).tolist())
    stock = np.array([c for c in range(rules.deck_size) if c not in gone], np.uint8)
    every = enumerate_categories(rules, 5, deck=stock).category_counts
    assert odds.outcomes == comb(rules.deck_size - 5, 5)
    assert odds.category_counts == {c.label: n for c, n in sorted(every.items(), reverse=True) if n}
    assert odds.kept == "" and odds.discard == odds.hand


# --- against a brute force ---------------------------------------------------------------


def brute_force(hand: list[int], discard: list[int], dead: list[int], rules) -> dict[str, int]:
    """Every draw from the stock by itertools, each final hand valued by ``evaluate``."""
    kept = [c for c in hand if c not in discard]
    stock = [c for c in range(rules.deck_size) if c not in hand and c not in dead]
    counts: dict[Category, int] = {}
    for drawn in combinations(stock, len(discard)):
        category = Category(evaluate(kept + list(drawn), rules) >> 20)
        counts[category] = counts.get(category, 0) + 1
    return {c.label: counts[c] for c in sorted(counts, reverse=True)}


@pytest.mark.parametrize("rules", [STANDARD, BUG], ids=lambda r: r.name)
def test_random_draws_equal_a_brute_force(rng, rules):
    for draws in (1, 2, 3):
        cards = rng.permutation(rules.deck_size)[:8].tolist()
        hand, dead = cards[:5], cards[5 : 5 + draws]
        discard = rng.permutation(hand)[:draws].tolist()
        odds = draw_odds(hand, discard, bug=rules is BUG, dead=dead)
        assert odds.category_counts == brute_force(hand, discard, dead, rules), format_cards(hand)


# --- inputs and outputs ------------------------------------------------------------------


def test_codes_tokens_and_text_agree():
    text = draw_odds("Jc Jd Ah 8s 5c", "8s 5c", dead="2c")
    codes = draw_odds(parse_cards("Jc Jd Ah 8s 5c"), [int(c) for c in parse_cards("5c 8s")], dead=parse_cards("2c"))
    tokens = draw_odds(["jc", "JD", "A♥", "8s", "5c"], ("5c", "8s"), dead=["2c"])
    assert text == codes == tokens
    assert text.discard == "8s 5c"  # in hand order


def test_to_dict_is_json_and_to_frame_has_a_row_per_category():
    odds = draw_odds("Jc Jd 8h 5s 2c", "8h 5s 2c")
    data = json.loads(json.dumps(odds.to_dict()))
    assert data["categories"] == odds.categories and data["category_counts"] == odds.category_counts
    assert (data["p_improve"], data["exact"], data["outcomes"]) == (odds.p_improve, True, 16_215)
    assert (data["hand"], data["kept"], data["discard"], data["rules"]) == (
        "Jc Jd 8h 5s 2c",
        "Jc Jd",
        "8h 5s 2c",
        "standard",
    )
    frame = odds.to_frame()
    assert list(frame.columns) == ["category", "count", "probability"]
    assert frame["category"].tolist() == [QUADS, FULL, TRIPS, TWO_PAIR, PAIR]
    assert frame["count"].sum() == 16_215 and frame["probability"].sum() == pytest.approx(1)


HAND = "Jc Jd 8h 5s 2c"
OTHERS = [format_card(c) for c in range(52) if format_card(c) not in HAND.split()]


@pytest.mark.parametrize(
    "hand, discard, kwargs, words",
    [
        ("Jc Jd 8h 5s", "8h", {}, "hand has 4 cards: a draw hand has exactly 5"),
        ("Jc Jd 8h 5s 2c 3c", "8h", {}, "hand has 6 cards"),
        ("Jc Jd 8h 5s Kx", "8h", {}, "hand: bad card 'Kx'"),
        ("Jc Jd 8h 5s Jc", "8h", {}, "hand: duplicate card 'Jc'"),
        ("Jk Jd 8h 5s 2c", "Jk", {}, "hand: joker 'Jk' (card 1, character 1) is not allowed under standard rules"),
        ([0, 1, 2, 3, 60], [], {}, "hand: invalid card code 60"),
        ([0, 1, 2, 3, 52], [], {}, "hand: joker 'Jk'"),
        ([0, 1, 2, 3, 4.5], [], {}, "hand: bad card 4.5"),
        (HAND, "7c", {}, "discard '7c' is not in the hand"),
        (HAND, "8h 7c", {}, "discard '7c' is not in the hand"),
        (HAND, "Jk", {"bug": True}, "discard 'Jk' is not in the hand"),
        (HAND, "8h 8h", {}, "discard: duplicate card '8h'"),
        (HAND, "8x", {}, "discard: bad card '8x'"),
        (HAND, "8h", {"dead": "Jc"}, "dead card 'Jc' is in the hand"),
        (HAND, "8h", {"dead": "Qx"}, "dead: bad card 'Qx'"),
        (HAND, "8h", {"dead": "Qc Qc"}, "dead: duplicate card 'Qc'"),
        (HAND, HAND, {"dead": OTHERS[:43]}, "not enough unseen cards: 5 to draw and 4 unseen"),
    ],
)
def test_bad_inputs_are_one_line_errors_naming_the_bad_part(hand, discard, kwargs, words):
    with pytest.raises(CardError) as error:
        draw_odds(hand, discard, **kwargs)
    assert words in str(error.value)
    assert "\n" not in str(error.value)


def test_enough_unseen_cards_is_not_an_error():
    assert draw_odds(HAND, HAND, dead=OTHERS[:42]).outcomes == 1
