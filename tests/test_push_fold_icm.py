"""Three-handed push/fold under ICM, against references written here from the rules:

* side pots settled by hand for the table's cases (a short stack all in against two, a pusher
  against one caller with dead blinds, an uncalled excess going back);
* ICM payoffs against the brute force over finishing orders (``tests/test_icm.py``), busted
  players placed by their stacks before the hand;
* every player's best-response gain recomputed with numpy, node by node over the sampled deals,
  independently of the solver's kernel;
* the documented example (docs/cli/holdem-stud.md) solved to less than 0.1% of the prize pool.
"""

from __future__ import annotations

import numpy as np
import pytest

import analyzer as pa
from analyzer.games.holdem import push_fold_icm as icm3
from analyzer.sim.seeds import chunk_state
from conftest import assert_one_line_error
from tests.test_icm import brute_force


def test_side_pots_follow_the_rules():
    start = np.array([10.0, 4.0, 20.0])
    paid = np.array([10.0, 4.0, 10.0])  # button all in, small blind all in for 4, big blind calls 10
    live = np.array([True, True, True])
    # the small blind has the best hand: the main pot of 3 x 4 = 12; the side pot of 2 x 6 = 12
    # goes to the better of the button and the big blind (the big blind here)
    final = icm3._settle(start, paid, live, np.array([0, 2, 1]))
    assert final.tolist() == [0.0, 12.0, 22.0]
    # a tie between the button and the big blind splits the side pot; the small blind wins the main
    assert icm3._settle(start, paid, live, np.array([1, 2, 1])).tolist() == [6.0, 12.0, 16.0]
    # the button pushes 10, the small blind (posted 0.5) folds, the big blind calls: 20.5 to the winner
    start = np.array([10.0, 10.0, 10.0])
    paid = np.array([10.0, 0.5, 10.0])
    final = icm3._settle(start, paid, np.array([True, False, True]), np.array([1, 0, 0]))
    assert final.tolist() == [20.5, 9.5, 0.0]
    # the small blind pushes 3 (his stack) into a big blind with 10, who calls: 7 of his 10 go back
    start = np.array([10.0, 3.0, 10.0])
    final = icm3._settle(start, np.array([0.0, 3.0, 10.0]), np.array([False, True, True]), np.array([0, 0, 1]))
    assert final.tolist() == [10.0, 0.0, 13.0]


def test_icm_payoffs_place_the_busted_by_their_starting_stacks():
    payouts = np.array([50.0, 30.0, 20.0])
    stacks = np.array([12.0, 7.0, 11.0])
    assert icm3._icm(stacks, stacks, payouts) == pytest.approx(np.array(brute_force(list(stacks), [50, 30, 20])) / 100)
    # two busted in one hand: the one who started with more finishes second
    assert icm3._icm(np.array([30.0, 0.0, 0.0]), np.array([10.0, 9.0, 11.0]), payouts).tolist() == [0.5, 0.2, 0.3]
    # equal starting stacks share the places
    assert icm3._icm(np.array([30.0, 0.0, 0.0]), np.array([10.0, 10.0, 10.0]), payouts).tolist() == [0.5, 0.25, 0.25]


def _numpy_gains(x, classes, codes, folds, showdowns):
    """Each player's best-response gain, node by node over the deals with numpy arrays."""
    h0, h1, h2 = classes[:, 0], classes[:, 1], classes[:, 2]
    p0, c1, p1 = x[0][h0], x[1][h1], x[2][h1]
    c2a, c2b, c2c = x[3][h2], x[4][h2], x[5][h2]
    sd = [showdowns[k][codes[:, k]] for k in range(4)]  # (deals, 3) each: sb-bb, btn-bb, btn-sb, all
    walk, sb_steal, btn_steal = folds
    gains = np.zeros(3)
    n = len(classes)
    # the button: push (the subtree after it) or fold (the subtree after it), per class
    after_call = c2b[:, None] * sd[3] + (1 - c2b[:, None]) * sd[2]
    after_fold = c2a[:, None] * sd[1] + (1 - c2a[:, None]) * btn_steal
    pushed = c1[:, None] * after_call + (1 - c1[:, None]) * after_fold
    sb_pushed = c2c[:, None] * sd[0] + (1 - c2c[:, None]) * sb_steal
    folded = p1[:, None] * sb_pushed + (1 - p1[:, None]) * walk

    def gain(own, advantage, freq):
        per_class = np.bincount(own, advantage, minlength=169)
        return (np.maximum(per_class, 0) - freq * per_class).sum() / n

    gains[0] = gain(h0, pushed[:, 0] - folded[:, 0], x[0])
    gains[1] = gain(h1, p0 * (after_call[:, 1] - after_fold[:, 1]), x[1]) + gain(
        h1, (1 - p0) * (sb_pushed[:, 1] - walk[1]), x[2]
    )
    gains[2] = (
        gain(h2, p0 * (1 - c1) * (sd[1][:, 2] - btn_steal[2]), x[3])
        + gain(h2, p0 * c1 * (sd[3][:, 2] - sd[2][:, 2]), x[4])
        + gain(h2, (1 - p0) * p1 * (sd[0][:, 2] - sb_steal[2]), x[5])
    )
    return gains


def test_the_gains_are_an_independent_best_response_s():
    stacks, posted, payouts = np.array([8.0, 12.0, 10.0]), np.array([0.1, 0.6, 1.1]), np.array([65.0, 35.0])
    table = icm3._outcome_table(stacks, posted, payouts)
    folds = np.array([table[name] for name in icm3._FOLDS])
    showdowns = np.array([table[name] for name in icm3._SHOWDOWNS])
    classes, values = icm3._sample(np.int64(30_000), chunk_state(5, 0), icm3._combo_classes())
    codes = icm3._rank_codes(values)
    rng = np.random.default_rng(3)
    for x in (rng.uniform(0, 1, (6, 169)), np.round(rng.uniform(0, 1, (6, 169)))):
        assert icm3._gains(x, classes, codes, folds, showdowns) == pytest.approx(
            _numpy_gains(x, classes, codes, folds, showdowns), abs=1e-12
        )


def test_a_small_solve_meets_its_tolerance_and_its_equities_sum_to_one():
    result = pa.holdem.icm_push_fold([8, 12, 10], [65, 35], ante=0.1, deals=100_000, seed=5, tolerance=5e-4)
    assert result.exploitability <= 5e-4
    assert sum(result.equities) == pytest.approx(1.0)
    assert result.ranges["button push"] is not None and 0 < result.ranges["button push"].share < 1
    # the small blind calls a push tighter than he pushes once the button has folded
    assert (
        result.ranges["small blind call (button pushed)"].share
        < result.ranges["small blind push (button folded)"].share
    )


@pytest.mark.slow
def test_the_documented_example_is_solved_to_under_a_tenth_of_a_percent():
    result = pa.holdem.icm_push_fold([10, 10, 10], [50, 30, 20])
    assert result.exploitability < 1e-3
    assert max(result.standard_errors) < 1e-4
    assert 0.2 < result.ranges["button push"].share < 0.32


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--stacks", "10", "--stacks", "10", "--payouts", "1"], 2, "--stacks: 2 given"),
        (["--stacks", "10", "--stacks", "10", "--stacks", "0.5", "--payouts", "1"], 2, "--stacks 0.5"),
        (["--stacks", "10", "--stacks", "10", "--stacks", "10", "--payouts", "1", "--payouts", "2"], 1, "payouts:"),
        (["--stacks", "10 10 10", "--payouts", "1", "--seed", "-3"], 2, "seeds are 0 to 2**64 - 1, got -3"),
        (["--stacks", "10 10 10", "--payouts", "1", "--seed", str(2**64)], 2, "seeds are 0 to 2**64 - 1"),
        (["--stacks", "10 10 10", "--payouts", "1", "--deals", "0"], 2, "--deals"),
        (["--stacks", "10 10 10", "--payouts", "1", "--deals", "20000001"], 2, "--deals"),
    ],
)
def test_bad_input_is_one_line_with_the_exit_code(cli, args, code, words):
    assert_one_line_error(cli("holdem", "icm-push-fold", *args), code, words)


def test_the_deals_give_each_seat_each_class_as_often_as_its_combos():
    """Each seat's class frequencies over 200,000 deals within 4 standard errors of its share of
    the 1,326 combos (6 for a pair, 4 suited, 12 offsuit)."""
    from analyzer.ranges import HAND_CLASSES, class_combos

    deals = 200_000
    classes, values = icm3._sample(np.int64(deals), chunk_state(11, 0), icm3._combo_classes())
    share = np.array([len(class_combos(n)) for n in HAND_CLASSES]) / 1326
    error = np.sqrt(share * (1 - share) / deals)
    for seat in range(3):
        seen = np.bincount(classes[:, seat], minlength=169) / deals
        assert (np.abs(seen - share) < 4 * error).all()
    assert (values > 0).all()


def test_the_api_refuses_a_seed_outside_64_bits_before_solving():
    with pytest.raises(ValueError, match=r"^seed: expected at least 0, got -3$"):
        pa.holdem.icm_push_fold([10, 10, 10], [50, 30, 20], seed=-3)
    with pytest.raises(ValueError, match="seed must be an integer from 0 to 2\\*\\*64 - 1, got -3"):
        icm3.icm_push_fold([10, 10, 10], [50, 30, 20], seed=-3)  # the engine's own check
