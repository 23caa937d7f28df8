"""Hold'em equity combo by combo (``breakdown``): each combo against single exact heads-up
queries, multiway ranges against a brute force scored by eval7 (weights and dead cards too),
Monte Carlo within a few standard errors of the exact figures, and the command line's JSON."""

from __future__ import annotations

import itertools
import json

import eval7
import numpy as np
import pytest
from typer.testing import CliRunner

from analyzer.cards import format_cards, parse_cards
from analyzer.cli.main import app
from analyzer.games.holdem.equity import holdem_equity
from analyzer.ranges import format_combo, hand_class, parse
from analyzer.sim.engine import Stopping

ISSUE = ["AhKh", "QQ+, AKs"]
ISSUE_BOARD = "Qh 7h 2c"
EVAL7_CARD = [eval7.Card(format_cards([c])) for c in range(52)]


def weighted_mean(rows) -> float:
    return sum(w * e for w, e in zip(rows.weights, rows.equity))


@pytest.mark.jitless
def test_the_issue_json_each_combo_is_its_heads_up_equity_and_the_mean_is_the_range():
    result = CliRunner().invoke(app, ["holdem", "equity", *ISSUE, "--board", ISSUE_BOARD, "--breakdown", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["exact"]
    hand, rng = data["players"]
    combos = rng["breakdown"]["combos"]
    # the combos of QQ+, AKs that AhKh and the board leave, each dealt as often as the others
    expected = [c for c in parse(ISSUE[1]).without(parse_cards("Qh 7h 2c Ah Kh")).combos]
    assert sorted(r["hand"] for r in combos) == sorted(format_combo(c) for c in expected)
    assert all(r["weight"] == pytest.approx(1 / len(expected), rel=1e-12) for r in combos)
    for row in combos:
        alone = holdem_equity(["AhKh", row["hand"]], ISSUE_BOARD, exact=True).players[1]
        assert abs(row["equity"] - alone.equity) < 1e-12
        assert abs(row["win"] - alone.win) < 1e-12 and abs(row["tie"] - alone.tie) < 1e-12
        assert row["class"] == hand_class(*parse_cards(row["hand"])) and row["samples"] is None
    assert [r["equity"] for r in combos] == sorted((r["equity"] for r in combos), reverse=True)
    assert abs(sum(r["weight"] * r["equity"] for r in combos) - rng["equity"]) < 1e-12
    classes = rng["breakdown"]["classes"]
    assert {r["hand"] for r in classes} == {"AA", "KK", "QQ", "AKs"}
    assert abs(sum(r["weight"] * r["equity"] for r in classes) - rng["equity"]) < 1e-12
    # a known hand is one row: his own equity
    (own,) = hand["breakdown"]["combos"]
    assert own["hand"] == "AhKh" and own["weight"] == 1 and abs(own["equity"] - hand["equity"]) < 1e-12


def brute_force(ranges: list[str], board: str, dead: str) -> list[dict[str, np.ndarray]]:
    """Per player, per combo: [deals' weight, equity, wins, ties] summed over every choice of one
    combo per player (weight the product of theirs) and every completion of the board, from the
    definitions, hands scored by eval7."""
    known = parse_cards(board).tolist() + parse_cards(dead).tolist()
    dealt = [parse(r).without(known) for r in ranges]
    sums: list[dict[str, np.ndarray]] = [{} for _ in ranges]
    for choice in itertools.product(*(zip(r.combos.tolist(), r.weights.tolist()) for r in dealt)):
        cards = [c for combo, _ in choice for c in combo]
        if len(set(cards)) < len(cards):
            continue
        weight = float(np.prod([w for _, w in choice]))
        deck = [c for c in range(52) if c not in cards and c not in known]
        for extra in itertools.combinations(deck, 5 - len(parse_cards(board))):
            finished = parse_cards(board).tolist() + list(extra)
            values = [eval7.evaluate([EVAL7_CARD[c] for c in combo + finished]) for combo, _ in choice]
            best = max(values)
            winners = values.count(best)
            for p, (combo, _) in enumerate(choice):
                top = values[p] == best
                row = sums[p].setdefault(format_combo(combo), np.zeros(4))
                row += weight * np.array([1, top / winners, top and winners == 1, top and winners > 1])
    return sums


@pytest.mark.parametrize(
    "ranges, board, dead",
    [
        (["AA:0.5, KQs, 8c8d", "JTs, 99:0.25", "Ts9s"], "Kh 7d 2c 9c", ""),  # no suit symmetry: combo by combo
        (["AA:0.5, KQs", "JTs, 99:0.25", "6s5s"], "Qh 7h 2h 9h", ""),  # c, d, s permute: suit classes
        (["AA:0.5, KQs", "JTs, 99:0.25", "6s5s"], "Qh 7h 2h 9h", "As Ad"),  # dead cards (d, s swap)
    ],
)
@pytest.mark.jitless
def test_multiway_breakdown_against_a_brute_force(ranges, board, dead):
    result = holdem_equity(ranges, board, dead, exact=True, breakdown=True)
    truth = brute_force(ranges, board, dead)
    for player, sums in zip(result.players, truth):
        rows = player.breakdown.combos
        total = sum(s[0] for s in sums.values())
        assert sorted(rows.hands) == sorted(sums)
        for hand, weight, equity, win, tie in zip(rows.hands, rows.weights, rows.equity, rows.win, rows.tie):
            mass, share, won, tied = sums[hand]
            assert weight == pytest.approx(mass / total, rel=1e-12)
            assert [equity, win, tie] == pytest.approx([share / mass, won / mass, tied / mass], rel=1e-12, abs=1e-15)
        assert abs(weighted_mean(rows) - player.equity) < 1e-12
        by_class: dict[str, np.ndarray] = {}
        for hand, s in sums.items():
            by_class[hand_class(*parse_cards(hand))] = by_class.get(hand_class(*parse_cards(hand)), 0) + s
        classes = player.breakdown.classes
        assert sorted(classes.hands) == sorted(by_class)
        for name, weight, equity in zip(classes.hands, classes.weights, classes.equity):
            assert weight == pytest.approx(by_class[name][0] / total, rel=1e-12)
            assert equity == pytest.approx(by_class[name][1] / by_class[name][0], rel=1e-12)
    plain = holdem_equity(ranges, board, dead, exact=True)
    assert [p.equity for p in plain.players] == pytest.approx([p.equity for p in result.players], rel=1e-12)


@pytest.mark.jitless
def test_a_combo_weighs_its_weight_times_the_others_that_fit_with_it():
    ranges, board = ["AA:0.25, KK, AKs:0.5", "AKo:0.5, QQ"], "2c 7d 9h"
    result = holdem_equity(ranges, board, exact=True, breakdown=True)
    mine, theirs = (parse(r).without(parse_cards(board)) for r in ranges)
    mass = {
        format_combo(c): w * sum(v for d, v in zip(theirs.combos, theirs.weights) if not set(c) & set(d))
        for c, w in zip(mine.combos.tolist(), mine.weights.tolist())
    }
    rows = result.players[0].breakdown.combos
    assert dict(zip(rows.hands, rows.weights)) == pytest.approx({h: m / sum(mass.values()) for h, m in mass.items()})


def test_monte_carlo_breakdown_is_reproducible_and_within_a_few_standard_errors_of_exact():
    ranges, board = ["QQ+, AKs", "random"], "Kh 7h 2c"
    stopping = Stopping(trials=300_000)
    run = holdem_equity(ranges, board, exact=False, stopping=stopping, seed=11, breakdown=True)
    again = holdem_equity(ranges, board, exact=False, stopping=stopping, seed=11, breakdown=True)
    plain = holdem_equity(ranges, board, exact=False, stopping=stopping, seed=11)
    assert run.players == again.players
    assert [(p.equity, p.stderr) for p in run.players] == [(p.equity, p.stderr) for p in plain.players]
    exact = holdem_equity(ranges, board, exact=True, breakdown=True)
    for table in ("combos", "classes"):
        mc_rows = getattr(run.players[0].breakdown, table)
        assert mc_rows.samples is not None and sum(mc_rows.samples) == run.run.trials
        assert mc_rows.weights == pytest.approx([n / run.run.trials for n in mc_rows.samples], rel=1e-12)
        truth = getattr(exact.players[0].breakdown, table)
        exact_equity = dict(zip(truth.hands, truth.equity))
        for hand, equity, se in zip(mc_rows.hands, mc_rows.equity, mc_rows.stderr):
            assert 0 < se < 0.01 and abs(equity - exact_equity[hand]) < 4.5 * se, hand
    classes = run.players[1].breakdown.classes  # the random hand: 169 classes, ~1,800 trials each
    truth = dict(zip(exact.players[1].breakdown.classes.hands, exact.players[1].breakdown.classes.equity))
    z = [(e - truth[h]) / s for h, e, s in zip(classes.hands, classes.equity, classes.stderr)]
    assert len(z) == 169 and max(map(abs, z)) < 5 and 0.6 < np.mean(np.square(z)) < 1.5


def test_breakdown_off_leaves_the_result_as_before():
    result = holdem_equity(ISSUE, ISSUE_BOARD, exact=True)
    assert all(p.breakdown is None and "breakdown" not in p.to_dict() for p in result.players)
    with_breakdown = holdem_equity(ISSUE, ISSUE_BOARD, exact=True, breakdown=True)
    assert "breakdown" not in with_breakdown.to_frame().columns


def test_cli_tables_show_each_range_best_first_and_by_class():
    runner = CliRunner()
    combos = runner.invoke(app, ["holdem", "equity", *ISSUE, "--board", ISSUE_BOARD, "--breakdown"])
    assert combos.exit_code == 0 and "player 2, QQ+, AKs: equity combo by combo" in combos.output
    assert "player 1, AhKh" not in combos.output  # a known hand has no table
    lines = combos.output.splitlines()
    assert lines.index(next(line for line in lines if "QsQd" in line)) < lines.index(
        next(line for line in lines if "AsKs" in line)
    )
    classes = runner.invoke(
        app, ["holdem", "equity", *ISSUE, "-b", ISSUE_BOARD, "--breakdown", "--by-class", "--monte-carlo"]
    )
    assert classes.exit_code == 0 and "equity class by class" in classes.output and "trials" in classes.output


@pytest.mark.parametrize(
    "args, code, words",
    [
        ([*ISSUE, "--by-class"], 2, "--by-class groups the rows of --breakdown: add --breakdown"),
        (["AhKh", "QQ+, AKv", "--breakdown"], 2, "'AKv'"),
        (["AhKh", "AhKh", "--breakdown"], 1, "cannot all be dealt together"),
    ],
)
def test_breakdown_errors_are_one_line(args, code, words, cli):
    result = cli("holdem", "equity", *args)
    assert result.returncode == code, result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]
