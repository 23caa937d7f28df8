"""Differential tests: our ordering of random hands against independent evaluators.

The large samples are the slow tier; the fast tier ranks a tenth as many hands."""

import eval7
import numpy as np
import pytest
from pokerkit import StandardHighHand

from analyzer.cards import format_card
from analyzer.eval import evaluate_batch
from conftest import assert_same_order, random_hands
from reference import best_key

EVAL7_CARDS = [eval7.Card(format_card(c)) for c in range(52)]


@pytest.mark.parametrize("n", [20_000, pytest.param(200_000, marks=pytest.mark.slow)])
@pytest.mark.parametrize("k", [5, 6, 7])
@pytest.mark.jitless
def test_order_agrees_with_eval7_value_for_value(rng, k, n):
    hands = random_hands(rng, n, k)
    ours = evaluate_batch(hands)
    theirs = np.array([eval7.evaluate([EVAL7_CARDS[c] for c in hand]) for hand in hands.tolist()])
    assert_same_order(ours, theirs)


@pytest.mark.parametrize("k", [5, 7])
@pytest.mark.jitless
def test_order_agrees_with_pokerkit(rng, k):
    hands = random_hands(rng, 3_000, k)
    ours = evaluate_batch(hands)
    theirs = [StandardHighHand.from_game("".join(format_card(c) for c in hand)) for hand in hands.tolist()]
    ranking = {hand: i for i, hand in enumerate(sorted(set(theirs)))}
    assert_same_order(ours, [ranking[h] for h in theirs])


def _dense(keys):
    ranking = {key: i for i, key in enumerate(sorted(set(keys)))}
    return [ranking[key] for key in keys]


SLOW = pytest.mark.slow


@pytest.mark.parametrize(
    "rules, k, n",
    [
        ("bug", 5, 2_000),
        ("bug", 7, 300),
        ("paigow", 5, 2_000),
        ("paigow", 6, 300),
        ("paigow", 7, 300),
        pytest.param("bug", 5, 20_000, marks=SLOW),
        pytest.param("bug", 7, 3_000, marks=SLOW),
        pytest.param("paigow", 5, 20_000, marks=SLOW),
        pytest.param("paigow", 6, 3_000, marks=SLOW),
        pytest.param("paigow", 7, 3_000, marks=SLOW),
    ],
)
@pytest.mark.jitless
def test_joker_profiles_agree_with_the_substitution_reference(rng, rules, k, n):
    """Half the hands hold the joker, so joker cases are well covered."""
    hands = random_hands(rng, n, k, deck_size=53)
    with_joker = random_hands(rng, n // 2, k - 1, deck_size=52)
    hands[: n // 2] = np.column_stack([with_joker, np.full(n // 2, 52, np.uint8)])
    ours = evaluate_batch(hands, rules)
    keys = [best_key(hand, wheel_second=rules == "paigow") for hand in hands.tolist()]
    assert_same_order(ours, _dense(keys))


@pytest.mark.jitless
def test_reference_agrees_with_eval7_without_the_joker(rng):
    """The reference is itself checked against eval7 on standard hands."""
    hands = random_hands(rng, 5_000, 7)
    keys = [best_key(hand) for hand in hands.tolist()]
    theirs = [eval7.evaluate([EVAL7_CARDS[c] for c in hand]) for hand in hands.tolist()]
    assert_same_order(theirs, _dense(keys))
