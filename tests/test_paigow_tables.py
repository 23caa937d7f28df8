"""The Pai Gow tables on small runs: the unbiased deviation measure and the two-pair grid."""

import numpy as np
import pytest

from analyzer.games.paigow.houseway import parse_hand
from analyzer.sim.seeds import chunk_state
from analyzer.studies.paigow import _hand_deviation, _two_pair_hand, house_way_deviations


def test_deviation_is_scored_on_a_sample_independent_of_the_choice():
    cards = parse_hand("Ac Kd 9h 7s 5c 3d 2h")
    hw, best, hw_setting, ev_hw, ev_best = _hand_deviation(cards, 0, 20_000, chunk_state(1, 0), chunk_state(1, 1))
    assert hw.front == "Kd 9h"
    # exact figures (tests/test_paigow.py computes the same hand exactly): K-5 front -0.5307, K-9 -0.5538
    assert ev_hw == pytest.approx(-0.5538, abs=0.02)
    assert best is not hw_setting and ev_best > ev_hw


def test_two_pair_hands_have_the_asked_shape():
    rng = np.random.default_rng(4)
    for high, low, ace in [(11, 3, True), (5, 2, False), (12, 0, False)]:
        for _ in range(50):
            cards = _two_pair_hand(high, low, ace, rng)
            ranks = [12 if c == 52 else c >> 2 for c in cards.tolist()]
            assert len(set(cards.tolist())) == 7
            assert ranks.count(high) == 2
            assert ranks.count(low) == 2
            singles = ranks[4:]
            assert (12 in singles) == ace and len(set(singles)) == 3


def test_small_study_writes_every_table_and_chart():
    result = house_way_deviations(hands=64, dealer_hands=500, pair_hands=2, seed=3)
    assert set(result.tables) == {"hands", "patterns", "two_pair"}
    assert set(result.figures) == {"ev_lost_histogram", "two_pair_decisions"}
    hands = result.tables["hands"]
    assert len(hands) == 64 and np.isclose(hands.ev_lost, hands.ev_best - hands.ev_house_way).all()
    assert result.tables["patterns"].hands.sum() == 64
    assert result.tables["two_pair"].hands.eq(2).all()
