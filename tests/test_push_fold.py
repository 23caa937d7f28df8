"""Heads-up push/fold against truth that is not ours.

* The published HoldemResources heads-up Nash charts (holdemresources.net, "HeadsUp Push/Fold
  Nash Equilibrium", no ante): every class's largest pushing and calling stacks, and the gaps
  its notes give for 63s, 53s and 43s (63s: pushed from 5.1 to 7.1 bb and below 2.3 bb). The
  chart must agree to 0.2 bb for every class (Q4o's mixed band aside, below).
* The Sklansky-Chubukov numbers, as printed in the book and in the table circulated in big
  blinds.
* The exploitability: an independent best response, written here combo by combo over all
  1,326 x 1,225 deals with card removal, from the definitions of the payoffs.
* The equity matrix: entries against the exact equity engine (``pa.holdem.equity``), and, in
  the slow tier, the package data against a fresh enumeration.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

import analyzer as pa
from analyzer.cli.main import app
from analyzer.games.holdem import push_fold_equities as pfe
from analyzer.games.holdem.push_fold import push_fold_chart
from analyzer.games.holdem.sklansky_chubukov import sklansky_chubukov_numbers
from analyzer.ranges import HAND_CLASSES, class_at, class_combos, format_combo
from analyzer.sim.runner import Runner
from conftest import assert_one_line_error

RANKS = "AKQJT98765432"
# HoldemResources' pusher chart, row by row (A to 2), columns A to 2: suited above the
# diagonal, offsuit below, pairs on it; "20+" is 20; "*" marks a class with gaps.
PUSHER = """
20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+
20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 19.9 19.3
20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 16.3 13.5 12.7
20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 18.6 14.7 13.5 10.6 8.5
20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 11.9 10.5 7.7 6.5
20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 14.4 6.9 4.9 3.7
20+ 18.0 13.0 13.3 17.5 20+ 20+ 20+ 20+ 18.8 10.1 2.7 2.5
20+ 16.1 10.3 8.5 9.0 10.8 14.7 20+ 20+ 20+ 13.9 2.5 2.1
20+ 15.1 9.6 6.5 5.7 5.2 7.0 10.7 20+ 20+ 16.3 * 2.0
20+ 14.2 8.9 6.0 4.1 3.5 3.0 2.6 2.4 20+ 20+ * 2.0
20+ 13.1 7.9 5.4 3.8 2.7 2.3 2.1 2.0 2.1 20+ * 1.8
20+ 12.2 7.5 5.0 3.4 2.5 1.9 1.8 1.7 1.8 1.6 20+ 1.7
20+ 11.6 7.0 4.6 2.9 2.2 1.8 1.6 1.5 1.5 1.4 1.4 20+
"""
# HoldemResources' caller chart, laid out as the pusher's (its usage notes give Q2o: 5.6).
CALLER = """
20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+ 20+
20+ 20+ 20+ 20+ 20+ 20+ 17.6 15.2 14.3 13.2 12.1 11.4 10.7
20+ 20+ 20+ 20+ 20+ 16.1 13.0 10.5 9.9 8.9 8.4 7.8 7.2
20+ 20+ 19.5 20+ 18.0 13.4 10.6 8.8 7.0 6.9 6.1 5.8 5.6
20+ 20+ 15.3 12.7 20+ 11.5 9.3 7.4 6.3 5.2 5.2 4.8 4.5
20+ 17.1 11.7 9.5 8.4 20+ 8.2 7.0 5.8 5.0 4.3 4.1 3.9
20+ 13.8 9.7 7.6 6.6 6.0 20+ 6.5 5.6 4.8 4.1 3.6 3.5
20+ 12.4 8.0 6.4 5.5 5.0 4.7 20+ 5.4 4.8 4.1 3.6 3.3
20+ 11.0 7.3 5.4 4.6 4.2 4.1 4.0 20+ 4.9 4.3 3.8 3.3
20+ 10.2 6.8 5.1 4.0 3.7 3.6 3.6 3.7 20+ 4.6 4.0 3.6
18.3 9.1 6.2 4.7 3.8 3.3 3.2 3.2 3.3 3.5 20+ 3.8 3.4
16.6 8.7 5.9 4.5 3.6 3.1 2.9 2.9 2.9 3.1 3.0 20+ 3.3
15.8 8.1 5.6 4.2 3.5 3.0 2.8 2.6 2.7 2.8 2.7 2.6 15.0
"""
# The starred classes' pushing stacks, from the chart's notes: (from, to) intervals, top first
GAPS = {"63s": [(5.1, 7.1), (None, 2.3)], "53s": [(3.8, 12.9), (None, 2.4)], "43s": [(4.9, 10.0), (None, 2.2)]}
TOLERANCE = 0.2  # bb: the published charts are given to 0.1 bb


def _published(text: str) -> dict[str, float]:
    """Class -> published stack (20+ as 20), gap classes (*) left out."""
    values = {}
    for row, line in enumerate(text.split("\n")[1:-1]):
        for col, cell in enumerate(line.split()):
            if cell != "*":
                values[class_at(row, col)] = 20.0 if cell == "20+" else float(cell)
    return values


PUSH = _published(PUSHER)
CALL = _published(CALLER)
# a sample of published pushing stacks below 20, for the quick check around each of them
SAMPLE = ["K2s", "Q4s", "J2s", "T3s", "95s", "K8o", "Q2o", "J8o", "T7o", "87o", "76o", "32o"]


# Sklansky-Chubukov numbers in big blinds, in the table circulated on the web and printed in two
# open-source projects (JosemSie/HIJA, src/modelo/SlanskyTable.java; gazkal/Equity-HoldEm,
# src/model/Range/SklanskyChubukov.java: the same values but for K6o and Q6o swapped in the
# second), laid out as the charts above (AA: infinite, a placeholder in both files).
SKLANSKY_CHUBUKOV = """
inf 277.0 137 91.6 69.5 52.0 44.9 39.5 35.3 36.1 33.3 31.1 29.0
166.0 477.0 43.3 36.3 31.4 23.9 19.9 18.6 17.4 16.1 15.0 14.1 13.3
96.0 29.3 239.0 24.7 21.9 16.2 13.3 11.3 10.9 10.1 9.4 8.8 8.3
68.1 25.4 16.4 159.0 18 12.8 10.3 8.5 7.3 7.0 6.4 6.0 5.5
53.1 22.4 14.8 11.5 120.0 11.2 8.7 7.0 5.9 4.9 4.6 4.2 3.7
40.8 17.8 11.7 8.8 7.4 95.7 7.6 6.1 5.0 4.1 3.2 3.0 2.6
35.4 15.2 9.9 7.4 6.0 5.1 79.6 5.5 4.5 3.6 2.8 2.2 2.0
31.3 14.2 8.5 6.3 5.1 4.2 3.7 67.4 4.1 3.2 2.5 2.0 1.6
28.0 13.3 8.1 5.3 4.2 3.5 3.0 2.7 57.6 3.1 2.3 1.8 1.5
28.2 12.3 7.5 5.0 3.4 2.8 2.4 2.1 1.9 49.3 2.4 1.9 1.5
25.9 11.4 6.8 4.4 3.1 2.1 1.8 1.6 1.5 1.6 40.9 1.7 1.4
24.2 10.6 6.2 3.9 2.7 2.0 1.5 1.3 1.3 1.3 1.1 32.7 1.2
22.5 10.0 5.6 3.44 2.4 1.8 1.4 1.1 1.0 1.0 0.9 0.9 24.0
"""
# The book's own figures (Sklansky and Miller, No Limit Hold'em: Theory and Practice), in dollars
# at blinds of $1 and $2, twice big blinds, as quoted by italiapokerclub.com.
SKLANSKY_CHUBUKOV_BOOK = {"KK": 954, "AKo": 332, "88": 159, "A9s": 104, "A3o": 48, "22": 48, "K8o": 30}


def test_the_published_sample_is_read_as_published():
    assert len(PUSH) == 166 and len(CALL) == 169
    assert (PUSH["T3s"], PUSH["Q2o"], PUSH["32o"], PUSH["K2o"]) == (7.7, 7.0, 1.4, 11.6)
    assert (CALL["K8s"], CALL["QJo"], CALL["Q2o"], CALL["J2s"], CALL["22"], CALL["32o"]) == (
        17.6,
        19.5,
        5.6,
        5.6,
        15.0,
        2.6,
    )


def test_sklansky_chubukov_numbers_agree_with_the_published_ones():
    """Every class to 0.1 bb, or 0.4% for the four the table prints to three figures above 90 bb
    (JJ 159, AKs 277, AQs 137, AQo 96.0; ours 159.6, 277.3, 137.1, 96.3): that deep, a
    thousandth of equity moves the number by a big blind, and the table's equities were not
    exact. The book's seven dollar figures to the dollar."""
    ours = sklansky_chubukov_numbers().numbers
    published = {
        class_at(row, col): float(cell)
        for row, line in enumerate(SKLANSKY_CHUBUKOV.split("\n")[1:-1])
        for col, cell in enumerate(line.split())
    }
    assert len(published) == 169 and ours["AA"] == published["AA"] == np.inf
    far = {n: (ours[n], v) for n, v in published.items() if n != "AA" and not abs(ours[n] - v) <= max(0.1, 0.004 * v)}
    assert not far, f"Sklansky-Chubukov numbers off the published table: {far}"
    assert sum(abs(ours[n] - v) > 0.1 for n, v in published.items() if n != "AA") == 4
    for name, dollars in SKLANSKY_CHUBUKOV_BOOK.items():
        assert abs(2 * ours[name] - dollars) <= 1, name


def test_the_sklansky_chubukov_chart_puts_each_class_in_its_cell():
    """Row = the higher card of a suited class (the lower of an offsuit one), column the other,
    ace first: AKs at (A, K), AKo at (K, A); the colour is the number's logarithm."""
    numbers = sklansky_chubukov_numbers().numbers
    axes = pa.holdem.sklansky_chubukov().plot().axes[0]
    assert (
        [t.get_text() for t in axes.get_xticklabels()]
        == [t.get_text() for t in axes.get_yticklabels()]
        == list("AKQJT98765432")
    )
    cells = {(round(t.get_position()[1]), round(t.get_position()[0])): t.get_text() for t in axes.texts}
    assert len(cells) == 169
    assert cells[0, 1].startswith("AKs\n") and cells[1, 0].startswith("AKo\n") and cells[12, 12].startswith("22\n")
    image = axes.get_images()[0].get_array()
    assert image[0, 1] == pytest.approx(np.log10(numbers["AKs"])) and image[1, 0] == pytest.approx(
        np.log10(numbers["AKo"])
    )


@pytest.mark.parametrize("name", SAMPLE)
def test_each_class_is_pushed_just_below_its_published_stack_and_folded_just_above(name):
    frequency = lambda stack: pa.holdem.push_fold(stack=stack).push_frequency[HAND_CLASSES.index(name)]  # noqa: E731
    assert frequency(PUSH[name] - TOLERANCE) >= 0.5
    assert frequency(PUSH[name] + TOLERANCE) < 0.5


@pytest.mark.parametrize("name", ["K2s", "Q6s", "T9o", "K9o", "Q2o", "84s"])
def test_each_class_is_called_just_below_its_published_stack_and_folded_just_above(name):
    frequency = lambda stack: pa.holdem.push_fold(stack=stack).call_frequency[HAND_CLASSES.index(name)]  # noqa: E731
    assert frequency(CALL[name] - TOLERANCE) >= 0.5
    assert frequency(CALL[name] + TOLERANCE) < 0.5


@pytest.mark.slow
def test_the_chart_agrees_with_the_published_chart_for_every_class_gaps_included():
    chart = push_fold_chart(runner=Runner(threads=2))
    frame = chart.to_frame().set_index("class")
    far = {n: (frame.push[n], v) for n, v in PUSH.items() if not abs(frame.push[n] - v) <= TOLERANCE}
    assert set(far) <= set(MIXED_EDGE), f"push stacks off the published chart: {far}"
    far = {n: (frame.call[n], v) for n, v in CALL.items() if not abs(frame.call[n] - v) <= TOLERANCE}
    assert not far, f"call stacks off the published chart: {far}"
    assert set(chart.gaps) == set(GAPS)  # the published chart's three starred classes
    for name, published in GAPS.items():
        ours = chart.gaps[name]
        assert len(ours) == len(published), name
        for (start, end), (published_start, published_end) in zip(ours, published):
            assert abs(end - published_end) <= TOLERANCE, name
            assert published_start is None or abs(start - published_start) <= TOLERANCE, name
    assert chart.exploitability <= 1e-7
    # the committed result (results/holdem/push_fold) is this chart
    import pandas as pd

    committed = pd.read_csv(Path(__file__).resolve().parents[1] / "results/holdem/push_fold/push_fold.csv")
    pd.testing.assert_frame_equal(committed.fillna(""), chart.to_frame().fillna(""), check_dtype=False)


# The one class whose published pushing stack is more than 0.2 bb from ours: Q4o, published
# 7.9 bb, ours 8.3. The exact equilibrium mixes Q4o at every stack from 8.0 to 8.3 (forcing it to
# fold there leaves the big blind 1e-5 to 9e-5 bb per hand to gain, 100 to 900 times our
# tolerance), pushing it 61% of the time at 8.3; the published value is the edge of that band,
# the last stack where Q4o is pushed always. Our chart's rule (frequency 1/2 or more) gives 8.3.
MIXED_EDGE = {"Q4o": (7.9, 8.3)}


@pytest.mark.parametrize("name", list(MIXED_EDGE))
def test_where_we_differ_from_the_published_chart_the_class_is_mixed_in_between(name):
    published, ours = MIXED_EDGE[name]
    frequency = lambda stack: pa.holdem.push_fold(stack=stack).push_frequency[HAND_CLASSES.index(name)]  # noqa: E731
    assert frequency(published) == 1.0 and frequency(ours) >= 0.5 and frequency(ours + 0.1) == 0.0
    assert all(0 < frequency(s) < 1 for s in np.arange(published + 0.1, ours + 0.05, 0.1))


def _best_response_gains(stack: float, ante: float, push: np.ndarray, call: np.ndarray) -> tuple[float, float]:
    """Each player's best-response gain, combo by combo over every deal of two disjoint combos,
    from the payoffs' definitions (chips won against the stack before the hand)."""
    classes = np.repeat(np.arange(169), [len(class_combos(n)) for n in HAND_CLASSES])
    p, c = push[classes], call[classes]  # per combo, in the canonical order
    equity, disjoint = pfe.equity_matrix(), pfe.disjoint()
    fold_loss, steal = 0.5 + ante, 1.0 + ante
    showdown = 2 * stack * equity - stack  # SB's chips won when called, per pair of combos
    # per SB combo: what pushing gets against BB's calls, summed over BB's disjoint combos
    push_value = (disjoint * ((1 - c) * steal + c * showdown)).sum(axis=1)
    fold_value = -fold_loss * disjoint.sum(axis=1)
    played = p * push_value + (1 - p) * fold_value
    sb_gain = (np.maximum(push_value, fold_value) - played).sum()
    # per BB combo facing the pushes: calling gets -showdown, folding loses the steal
    call_value = (disjoint * p[:, None] * -showdown).sum(axis=0)
    folding_value = (disjoint * p[:, None] * -steal).sum(axis=0)
    bb_played = c * call_value + (1 - c) * folding_value
    bb_gain = (np.maximum(call_value, folding_value) - bb_played).sum()
    deals = disjoint.sum()
    return sb_gain / deals, bb_gain / deals


@pytest.mark.parametrize(("stack", "ante"), [(10.0, 0.0), (3.3, 0.0), (15.0, 0.125)])
def test_the_reported_gains_are_an_independent_best_response_s(stack, ante):
    result = pa.holdem.push_fold(stack=stack, ante=ante)
    sb_gain, bb_gain = _best_response_gains(stack, ante, result.push_frequency, result.call_frequency)
    assert result.sb_gain == pytest.approx(sb_gain, abs=1e-12)
    assert result.bb_gain == pytest.approx(bb_gain, abs=1e-12)
    assert result.exploitability <= 1e-7
    # and a strategy that is not the equilibrium is exploitable by the same measure
    assert sum(_best_response_gains(stack, ante, np.ones(169), result.call_frequency)) > 1e-3


def test_the_ranges_are_range_objects_that_feed_equity():
    result = pa.holdem.push_fold(stack=10)
    assert result.push.share == pytest.approx(result.push_share) and 0.5 < result.push_share < 0.65
    assert isinstance(result.push, pa.ranges.Range)
    # a class with a mixed frequency keeps it as its weight
    mixed = {n: f for n, f in zip(HAND_CLASSES, result.call_frequency) if 0 < f < 1}
    assert all(result.call.by_class()[n][1][0] == pytest.approx(f) for n, f in mixed.items())
    equity = pa.holdem.equity([result.push, "AhKh"], trials=20_000, seed=1)
    assert 0.2 < equity.players[0].equity < 0.5


@pytest.mark.parametrize(("first", "second"), [("AsAh", "KdKc"), ("7h6h", "AcKd"), ("2c2d", "Ac3c"), ("Ts9s", "9c8d")])
def test_equity_matrix_entries_agree_with_the_exact_engine(first, second):
    combos = [format_combo(c) for c in pfe.all_combos()]
    index = {name: i for i, name in enumerate(combos)}
    canonical = {frozenset((name[:2], name[2:])): name for name in combos}
    i = index[canonical[frozenset((first[:2], first[2:]))]]
    j = index[canonical[frozenset((second[:2], second[2:]))]]
    truth = pa.holdem.equity([first, second], exact=True).players[0].equity
    assert pfe.equity_matrix()[i, j] == pytest.approx(truth, abs=1e-12)
    assert pfe.equity_matrix()[j, i] == pytest.approx(1 - truth, abs=1e-12)


def test_the_class_sums_are_the_matrix_summed_by_class():
    pairs, equities = pfe.class_data()
    classes = np.repeat(np.arange(169), [len(class_combos(n)) for n in HAND_CLASSES])
    member = np.eye(169)[classes]  # (1326, 169): each combo's class
    assert np.array_equal(pairs, member.T @ pfe.disjoint() @ member)
    assert np.allclose(equities, member.T @ pfe.equity_matrix() @ member, rtol=0, atol=1e-9)


def test_the_matrix_counts_every_deal_once():
    assert pfe.disjoint().sum() == pfe.MATCHUPS
    equity = pfe.equity_matrix()
    assert np.allclose(equity + equity.T, pfe.disjoint())  # zero-sum, and 0 where combos share a card


@pytest.mark.slow
def test_the_package_data_is_what_the_enumeration_gives():
    with np.load(pfe.DATA_FILE) as data:
        keys, units = data["keys"], data["units"]
        class_pairs, class_units = data["class_pairs"], data["class_units"]
    fresh_keys, counts = pfe.enumerate_classes(Runner(threads=2))
    assert np.array_equal(keys, fresh_keys) and np.array_equal(units, counts[:, 0])
    fresh_pairs, fresh_units = pfe.class_sums(*pfe.pair_units(fresh_keys, counts[:, 0]))
    assert np.array_equal(class_pairs, fresh_pairs) and np.array_equal(class_units, fresh_units)


@pytest.mark.parametrize(
    ("args", "code", "words"),
    [
        (["--stack", "0"], 2, "--stack 0"),
        (["--stack", "101"], 2, "--stack 101"),
        (["--stack", "1.2", "--ante", "0.5"], 2, "--stack 1.2"),
        (["--stack", "5", "--ante", "-1"], 2, "--ante -1"),
    ],
)
def test_bad_stacks_are_one_line_usage_errors(cli, args, code, words):
    assert_one_line_error(cli("holdem", "push-fold", *args), code, words)


def test_the_command_prints_both_ranges_and_the_exploitability():
    result = CliRunner().invoke(app, ["holdem", "push-fold", "--stack", "10"])
    assert result.exit_code == 0, result.output
    assert "SB push (58.3% of hands): 22+, A2+, K2+" in result.output
    assert "BB call (37.4% of hands): 22+, A2+, K5+" in result.output
    assert "exploitability" in result.output
    data = CliRunner().invoke(app, ["holdem", "push-fold", "--stack", "10", "--json"]).output
    parsed = json.loads(data)
    assert parsed["exploitability"] <= 1e-7 and parsed["push"].startswith("22+, A2+, K2+")


def test_the_api_rejects_bad_games_with_one_line_naming_the_value():
    with pytest.raises(ValueError, match="stack 1 must be more than"):
        pa.holdem.push_fold(stack=1)
    with pytest.raises(ValueError, match=r"ante -0\.5"):
        pa.holdem.push_fold(stack=5, ante=-0.5)
    with pytest.raises(ValueError, match="step 0 must be"):
        pa.holdem.push_fold_chart(step=0)
    for step, count in ((0.0001, "190,000"), (1e-9, "19,000,000,000")):  # refused before any solve
        with pytest.raises(ValueError, match=f"makes a grid of {count} stacks, more than 2,000"):
            pa.holdem.push_fold_chart(step=step)


def test_a_grid_too_fine_is_one_line_naming_the_step(cli):
    assert_one_line_error(cli("holdem", "push-fold-chart", "--step", "1e-9"), 1, "step 1e-09 makes a grid")


def test_a_finer_grid_labels_its_stacks_with_the_decimals_it_needs():
    """Steps of 0.05 bb: each stack printed to two decimals, as the grid holds it (one decimal
    would print 1.55 as 1.6, the grid's top)."""
    chart = pa.holdem.push_fold_chart(max_stack=1.6, step=0.05, runner=Runner(threads=2))
    assert list(chart.stacks) == pytest.approx([1.05 + 0.05 * i for i in range(12)])
    labels = chart.to_dict()["push"]
    below_top = {n: v for n, v in zip(HAND_CLASSES, chart.push) if v < chart.stacks[-1]}
    assert below_top, "some class is pushed only below the top of the grid"
    for name, stack in below_top.items():
        assert labels[name] == f"{stack:.2f}"
    assert chart.step == 0.05


def test_class_sums_match_the_committed_heads_up_matrix():
    """The 169 x 169 committed result (``results/holdem/heads_up_matrix``, written by the study
    before the enumeration moved here) is the package data summed by class."""
    import pandas as pd

    pairs, equities = pfe.class_data()
    table = pd.read_csv(Path(__file__).resolve().parents[1] / "results/holdem/heads_up_matrix/heads_up_matrix.csv")
    index = {name: i for i, name in enumerate(HAND_CLASSES)}
    a, b = table.hero.map(index).to_numpy(), table.villain.map(index).to_numpy()
    assert np.array_equal(pairs[a, b], table.combo_pairs.to_numpy())
    assert np.allclose(equities[a, b] / pairs[a, b], table.equity.to_numpy(), atol=1e-9)
