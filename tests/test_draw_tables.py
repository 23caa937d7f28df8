"""The draw tables: the exact situations, Jacks or Better against combinatorics, small runs."""

from math import comb

import numpy as np
import pytest

from analyzer.games.draw.engine import draw_kernels
from analyzer.sim.seeds import chunk_state
from analyzer.studies.draw import draw_situations, jacks_or_better_table, strategy_table


@pytest.mark.jitless
def test_situations_reproduce_the_a4_vectors_on_both_decks():
    table = draw_situations().set_index(["deck", "situation"])
    assert table.loc[("standard", "pair"), "p_improve"] == pytest.approx(4_656 / 16_215)
    assert table.loc[("standard", "four-flush"), "Flush"] == pytest.approx(9 / 47)
    assert table.loc[("standard", "open-ended straight draw"), "Straight"] == pytest.approx(8 / 47)
    assert table.loc[("bug", "four-flush"), "Flush"] == pytest.approx(10 / 48)  # the joker fills it
    assert table.loc[("bug", "open-ended straight draw"), "Straight"] == pytest.approx(9 / 48)
    assert np.allclose(table.filter(regex="^[A-Z]").sum(axis=1), 1)


def test_one_hand_opens_as_often_as_the_five_card_counts_say():
    """Jacks or better in one 5-card hand: pairs of J-A (4/13 of 1,098,240) and every hand
    above one pair (A.1): 536,100 of 2,598,960."""
    openers = 4 * 1_098_240 // 13 + 123_552 + 54_912 + 10_200 + 5_108 + 3_744 + 624 + 40
    assert openers == 536_100
    tallies = np.zeros((4, 11), np.int64)
    draw_kernels(False)[4](1, 0, False, chunk_state(1, 0), 400_000, tallies)
    p = openers / comb(52, 5)
    assert abs(tallies[0, 1] / 400_000 - p) < 4 * np.sqrt(p * (1 - p) / 400_000)


def test_jacks_or_better_table_on_a_small_run():
    table = jacks_or_better_table(players=range(2, 4), trials=20_000, seed=1)
    assert set(table.deck) == {"standard", "bug"} and set(table.players) == {2, 3}
    for _, part in table.groupby(["deck", "players"]):
        assert part.opener_hand.sum() == pytest.approx(1) and part.winner_california.sum() == pytest.approx(1)
        # the requirement shifts the winning hand upward: pair-or-worse winners get rarer
        low = part.category.isin(["High card", "Pair"])
        assert part[low].winner_jacks_or_better.sum() < part[low].winner_california.sum()
    opens = table.drop_duplicates(["deck", "players"]).set_index(["deck", "players"]).p_someone_opens
    assert opens[("standard", 3)] > opens[("standard", 2)]


def test_strategy_table_on_a_small_run():
    table = strategy_table(opponents=range(1, 2), trials=20_000, seed=2)
    rows = table.set_index("class")
    assert rows.loc["two pair, jacks up", "best_keep"] == "Jc Jd 4h 4s"
    assert rows.loc["four-flush, ace high", "best_keep"] == "Ah Kh 9h 7h"
    assert (table.margin >= 0).all()
