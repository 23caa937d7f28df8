"""Mousel sessions: successive deals with the pot carried on (analyzer.games.mousel.play)."""

from __future__ import annotations

import json

import numpy as np
import pytest

import analyzer as pa
from analyzer.games.mousel.play import simulate_sessions
from analyzer.games.mousel.rules import MouselRules

BASE = (0.7, 1.6, 0.3)


@pytest.mark.parametrize("mode", ["single", "continuation"])
def test_chips_sum_to_zero_and_equal_players_break_even(mode):
    """Every session ends with the pot shared, so the players' chips sum to zero; identical
    players rotating through the seats each break even within 4 standard errors."""
    stats = simulate_sessions(4, [BASE], deals=30, sessions=3_000, rules=MouselRules(pack_mode=mode), seed=5)
    assert sum(stats.chips_per_deal) == pytest.approx(0, abs=1e-9)
    for chips, se in zip(stats.chips_per_deal, stats.chips_per_deal_stderr):
        assert abs(chips) < 4 * se
    shares = stats.shares
    assert shares["games"] + shares["redeals"] + shares["void"] == pytest.approx(1)


def test_chips_scale_with_the_stake():
    """No decision depends on the stake, so with the same seed every chip doubles with it."""
    one = simulate_sessions(3, [(1.2, 1.6, 0.3), BASE], deals=20, sessions=200, seed=9)
    two = simulate_sessions(3, [(1.2, 1.6, 0.3), BASE], deals=20, sessions=200, seed=9, rules=MouselRules(stake=2.0))
    assert np.allclose(two.chips_per_deal, 2 * np.array(one.chips_per_deal), rtol=1e-12, atol=1e-12)
    assert two.shares == one.shares


@pytest.mark.jitless
def test_a_player_who_never_goes_along_wins_only_his_share_of_the_pot():
    """A player who never goes along pays nothing and collects only his 1/n share of the pot
    left at the end, so his chips are at least 0, and 0 when no pot is left over."""
    never = (99.0, 99.0, 0.3)
    stats = simulate_sessions(
        3, [never, BASE, BASE], deals=1, sessions=500, seed=2, rules=MouselRules(single_participant="takes_pot")
    )
    assert stats.chips_per_deal[0] >= 0
    alone = simulate_sessions(3, [never, never, never], deals=5, sessions=50, seed=2)
    assert alone.chips_per_deal == [0.0, 0.0, 0.0]
    assert alone.shares["void"] == 1


def test_bad_input():
    with pytest.raises(ValueError, match="players must be 3 to 8"):
        simulate_sessions(2, [BASE])
    with pytest.raises(ValueError, match="play must be"):
        simulate_sessions(3, [BASE], play="clever")
    with pytest.raises(ValueError, match=r"deals must be 1 to .*, got 0"):
        simulate_sessions(3, [BASE], deals=0)


@pytest.mark.parametrize(
    ("thresholds", "words"),
    [
        ([()], "three numbers along,declare,keep (e.g. 0.7,1.6,0.3), got ()"),
        ([(0.7, 1.6)], "got (0.7, 1.6)"),
        ([(0.7, 1.6, 0.3, 1.0)], "got (0.7, 1.6, 0.3, 1.0)"),
        ([(float("nan"), 1.6, 0.3)], "got (nan, 1.6, 0.3)"),
        ([(-5, 1.6, 0.3)], "got (-5, 1.6, 0.3)"),
        ([("x", 1.6, 0.3)], "got ('x', 1.6, 0.3)"),
        ([(True, 1.6, 0.3)], "got (True, 1.6, 0.3)"),
        ([], "thresholds: 1 to 3 players' (along, declare, keep), got 0"),
        ([BASE] * 4, "thresholds: 1 to 3 players' (along, declare, keep), got 4"),
    ],
)
def test_thresholds_other_than_three_numbers_per_player_are_refused(thresholds, words):
    """A list's thresholds are checked as the text's are: the kernels read three numbers a seat
    (a shorter list gave garbage chips), and a player's thresholds beyond the table's are refused."""
    with pytest.raises(ValueError) as error:
        simulate_sessions(3, thresholds, deals=5, sessions=10, seed=1)
    assert words in str(error.value)
    with pytest.raises(ValueError, match="baseline thresholds"):
        pa.mousel.advise("Ah Kh 7c 2d", "Qh", 4, others=(0.7, 1.6), trials=100, seed=1)
    same = [
        pa.mousel.advise("Ah Kh 7c 2d", "Qh", 4, others=o, trials=200, seed=1)
        for o in ("0.7,1.6,0.3", np.array([0.7, 1.6, 0.3]))
    ]
    assert same[0].to_dict()["options"] == same[1].to_dict()["options"]


def test_cli_play(cli):
    run = cli("mousel", "play", "--players", "3", "--sessions", "50", "--deals", "10", "--seed", "1", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["sessions"] == 50 and len(data["chips_per_deal"]) == 3 and not data["exact"]
    assert data["thresholds"][0] == [1.3, 1.6, 0.3]
    bad = cli("mousel", "play", "--thresholds", "1,2")
    assert bad.returncode == 1 and bad.stderr.startswith("error: baseline thresholds")


@pytest.mark.jitless
def test_the_deal_passes_round_one_seat_at_a_time():
    """With 8 players one deal uses 33 of the 52 cards, so under pack continuation the pack
    is used up after every deal and the deal passes on each time, void or not: every player
    deals exactly as often. In single mode only a redeal (all passed) keeps the dealer."""
    rules = MouselRules(pack_mode="continuation")
    stats = simulate_sessions(8, [BASE, (0.3, 1.2, 0.3), (1.5, 2.0, 0.3)], deals=16, sessions=100, seed=4, rules=rules)
    assert stats.shares["void"] > 0 and stats.shares["redeals"] > 0
    assert stats.dealt == [1 / 8] * 8
    never = simulate_sessions(3, [(99.0, 99.0, 0.3)], deals=30, sessions=10, seed=4)
    assert never.dealt == [1 / 3] * 3 and never.shares["void"] == 1
