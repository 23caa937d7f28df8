"""Card codes, parsing and formatting (DESIGN.md "Cards and hands")."""

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from analyzer.cards import (
    JOKER,
    CardError,
    deck,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)


def test_codes_follow_four_times_rank_plus_suit():
    assert parse_card("2c") == 0
    assert parse_card("2s") == 3
    assert parse_card("Ac") == 48
    assert parse_card("As") == 51
    assert parse_card("Jk", allow_joker=True) == JOKER == 52


def test_canonical_output():
    assert format_cards(parse_cards("as td JK kD", allow_joker=True)) == "As Td Jk Kd"


@pytest.mark.parametrize(
    "text",
    [
        "As Kd Th",
        "as kd th",
        "AS KD TH",
        "AsKdTh",
        "As,Kd,Th",
        "As, Kd; Th",
        "A♠ K♦ 10♥",
        "a♠k♦t♥",
        "As Kd 10h",
        "[As Kd Th]",
        "As/Kd/Th",
        "A♤ K♢ T♡",
    ],
)
def test_every_accepted_spelling(text):
    assert format_cards(parse_cards(text)) == "As Kd Th"


@pytest.mark.parametrize("text", ["Jk", "jk", "JK", "joker", "JOKER", "Joker"])
def test_joker_spellings(text):
    assert parse_cards(text, allow_joker=True).tolist() == [JOKER]


def test_a_parsed_text_is_a_fresh_array_each_time():
    """Card texts are parsed once (cached), but no caller can change what the next one gets."""
    first = parse_cards("As Kd")
    first[0] = 0
    assert parse_cards("As Kd").tolist() == [51, 45]


def test_token_list_input():
    assert format_cards(parse_cards(["As", "kd", "10h"])) == "As Kd Th"


@pytest.mark.parametrize(
    "text, token, position",
    [
        ("As Kx Qd", "Kx", 2),
        ("As 1h", "1h", 2),
        ("AsKxQd", "Kx", 2),
        ("hello", "hello", 1),
        ("As Kd Q", "Q", 3),
        ("As 11h", "11h", 2),
    ],
)
def test_bad_tokens_are_named_with_their_position(text, token, position):
    with pytest.raises(CardError) as err:
        parse_cards(text)
    assert err.value.token == token
    assert err.value.position == position
    assert repr(token) in str(err.value) and f"card {position}" in str(err.value)
    assert "\n" not in str(err.value)


def test_duplicates_are_errors():
    with pytest.raises(CardError, match=r"duplicate card 'As' \(cards 1 and 3\)"):
        parse_cards("As Kd as")


def test_joker_needs_a_joker_game():
    with pytest.raises(CardError, match=r"joker 'Jk' .* not allowed under standard rules"):
        parse_cards("As Jk", rules_name="standard rules")


def test_two_jokers_are_a_duplicate():
    with pytest.raises(CardError, match="duplicate card 'Jk'"):
        parse_cards("Jk joker", allow_joker=True)


def test_format_rejects_bad_codes():
    with pytest.raises(CardError):
        format_card(53)


def test_deck():
    assert deck().tolist() == list(range(52))
    assert deck(joker=True).tolist() == list(range(53))


SPELLINGS = {
    "rank": {8: ["T", "t", "10"]},
    "suit": {0: ["c", "C", "♣", "♧"], 1: ["d", "D", "♦", "♢"], 2: ["h", "H", "♥", "♡"], 3: ["s", "S", "♠", "♤"]},
}


@st.composite
def spelled_hands(draw):
    cards = draw(st.lists(st.integers(0, 52), min_size=1, max_size=12, unique=True))
    tokens = []
    for c in cards:
        if c == JOKER:
            tokens.append(draw(st.sampled_from(["Jk", "jk", "JK", "joker", "Joker"])))
            continue
        rank, suit = c >> 2, c & 3
        rank_text = draw(st.sampled_from(SPELLINGS["rank"].get(rank, ["23456789TJQKA"[rank]])))
        rank_text = draw(st.sampled_from([rank_text, rank_text.lower()]))
        tokens.append(rank_text + draw(st.sampled_from(SPELLINGS["suit"][suit])))
    separators = draw(
        st.lists(st.sampled_from([" ", ",", ", ", ";", "  ", "/"]), min_size=len(tokens), max_size=len(tokens))
    )
    text = "".join(t + s for t, s in zip(tokens, separators))
    return cards, text


@given(spelled_hands())
def test_any_spelling_round_trips(case):
    cards, text = case
    parsed = parse_cards(text, allow_joker=True)
    assert parsed.tolist() == cards
    assert parse_cards(format_cards(parsed), allow_joker=True).tolist() == cards


@given(st.lists(st.integers(0, 51), min_size=1, max_size=52, unique=True))
def test_canonical_text_round_trips_without_separators(cards):
    text = format_cards(cards)
    assert parse_cards(text.replace(" ", "")).tolist() == cards
    assert parse_cards(text).dtype == np.uint8


@pytest.mark.parametrize("text", ["As\u00a0Kd\u2009Th", "A\u2660\ufe0f K\u2666\ufe0f T\u2665"])
def test_copy_paste_spaces_and_emoji_suit_symbols(text):
    assert format_cards(parse_cards(text)) == "As Kd Th"


@pytest.mark.parametrize("text, token", [("A\u017f", "A\u017f"), ("\u212as", "\u212as")])
def test_only_ascii_letters_fold_case(text, token):
    with pytest.raises(CardError) as err:
        parse_cards(text)
    assert err.value.token == token


@given(st.lists(st.integers(0, 52), min_size=1, max_size=53, unique=True))
def test_codes_and_arrays_parse_like_their_text(cards):
    as_text = parse_cards(format_cards(cards), allow_joker=True).tolist()
    assert parse_cards(cards, allow_joker=True).tolist() == as_text == cards
    assert parse_cards(np.array(cards, np.uint8), allow_joker=True).tolist() == cards


@pytest.mark.parametrize(
    "cards, message",
    [
        ([53], "invalid card code 53"),
        ([-1], "invalid card code -1"),
        ([True], "bad card True"),
        ([1.5], "bad card 1.5"),
        ([51, 51], "duplicate card 'As'"),
        (np.array([52]), "joker"),
    ],
)
def test_bad_codes_are_refused_like_bad_text(cards, message):
    with pytest.raises(CardError, match=message):
        parse_cards(cards)
