"""ICM (Malmuth-Harville) against a brute force written from the model's definition: every
finishing order of all the players listed, its probability the product, place by place, of
the finisher's share of the chips still in play."""

from __future__ import annotations

import subprocess
from itertools import permutations

import numpy as np
import pytest

import analyzer as pa


def brute_force(stacks: list[float], payouts: list[float]) -> list[float]:
    """Each player's expected prize over every finishing order."""
    equity = [0.0] * len(stacks)
    for order in permutations(range(len(stacks))):
        chance, left = 1.0, float(sum(stacks))
        for player in order:
            chance *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order[: len(payouts)]):
            equity[player] += chance * payouts[place]
    return equity


@pytest.mark.parametrize(
    ("stacks", "payouts"),
    [
        ([5000, 3000, 2000], [50, 30, 20]),
        ([1, 1], [1]),
        ([7, 1, 1, 1], [0.5, 0.3, 0.2]),
        ([12.5, 3.25, 8, 1, 20, 0.5], [40, 25, 15, 10, 10]),
        ([3, 9, 2, 4, 4, 6, 1], [1]),
    ],
)
def test_equities_equal_the_brute_force(stacks, payouts):
    result = pa.holdem.icm(stacks, payouts)
    assert result.equities == pytest.approx(brute_force(stacks, payouts), abs=1e-12)
    assert sum(result.equities) == pytest.approx(sum(payouts))
    assert np.allclose(result.places.sum(axis=0), 1.0)  # every paid place goes to someone


@pytest.mark.parametrize("scale", [3e307, 1e-300])  # 3e307: the stacks sum past the largest float
def test_only_the_stacks_ratios_count_down_to_the_extremes_of_floats(scale):
    """Stacks near the largest float (whose sums overflowed, giving every player 0) and near the
    smallest give the equities of the same stacks at ordinary scale (the brute force's)."""
    stacks, payouts = [5.0, 3.0, 2.0], [65.0, 35.0]
    scaled = pa.holdem.icm([s * scale for s in stacks], payouts).equities
    assert scaled == pytest.approx(brute_force(stacks, payouts), rel=1e-12)


def test_a_bool_is_no_stack_or_prize():
    """NumPy reads True as 1: a stack or prize given as a bool is refused instead."""
    with pytest.raises(ValueError, match=r"stacks: expected a list of numbers, got \[True, 2\]"):
        pa.holdem.icm([True, 2], [10])
    with pytest.raises(ValueError, match="payouts: expected a list of numbers"):
        pa.holdem.icm([5, 3], [np.bool_(True)])


def test_a_winner_take_all_equity_is_the_chip_share_and_random_stacks_agree():
    assert pa.holdem.icm([6, 3, 1], [100]).equities == pytest.approx((60, 30, 10))
    rng = np.random.default_rng(7)
    for _ in range(20):
        stacks = list(rng.uniform(0.5, 10, rng.integers(2, 7)))
        payouts = sorted(rng.uniform(0, 1, rng.integers(1, len(stacks) + 1)), reverse=True)
        assert pa.holdem.icm(stacks, payouts).equities == pytest.approx(brute_force(stacks, payouts), abs=1e-12)


@pytest.mark.parametrize(
    ("stacks", "payouts", "words"),
    [
        ([5], [1], "stacks: 1 given"),
        ([5, 0], [1], "every stack must be a number more than 0"),
        ([5, 3], [1, 1, 1], "payouts: 3 given for 2 players"),
        ([5, 3], [], "payouts: 0 given"),
        ([5, 3], [-1], "every prize must be a number, 0 or more"),
        ([5, 3], [30, 50], "must not pay more than the place above"),
        ([5, 3], [0, 0], "at least one prize must be more than 0"),
        (["a", 3], [1], "stacks: expected a list of numbers"),
        ([5, 3], ["x"], "payouts: expected a list of numbers"),
    ],
)
def test_bad_input_is_one_line_naming_the_part(stacks, payouts, words):
    with pytest.raises(ValueError, match=words):
        pa.holdem.icm(stacks, payouts)


def test_the_command_prints_equities_and_exits_1_on_payouts_that_make_no_sense(cli):
    def run(*args: str) -> subprocess.CompletedProcess:
        return cli("holdem", "icm", *args)

    ok = run("--stacks", "5000", "--stacks", "3000", "--stacks", "2000", "--payouts", "50", "--payouts", "30")
    assert ok.returncode == 0 and "equity 35.1786" in ok.stdout  # 50 * 0.5 + 30 * (0.3 * 5 / 7 + 0.2 * 5 / 8)
    bad = run("--stacks", "5000", "--stacks", "3000", "--payouts", "30", "--payouts", "50")
    assert bad.returncode == 1 and bad.stdout == ""
    assert bad.stderr.strip() == "error: payouts: a place must not pay more than the place above it, got [30.0, 50.0]"
    assert run("--stacks", "5000 3000,2000", "--payouts", "50 30").stdout == ok.stdout  # lists in one value
    unreadable = run("--stacks", "5000 lots", "--payouts", "50")
    assert unreadable.returncode == 2 and "--stacks: 'lots' is not a number" in unreadable.stderr
    assert len(unreadable.stderr.strip().splitlines()) == 1
