"""The public API of the card-table games: ``pa.holdem``, ``pa.stud``, ``pa.draw``, ``pa.paigow``
and ``pa.ranges``.

Outside truths: the PokerStove figure of AsKs against QdQc (46.2145%), the exact draw odds of
the rules' table A.4, a brute force of stud deals scored by eval7. Seeded Monte Carlo results
must equal the engine functions' and the command line's ``--json`` figures exactly (the API
only translates arguments). Every result serialises to JSON, frames tidily, prints plain
numbers and, where it has one, draws a chart that says its method and its error bars.
"""

from __future__ import annotations

import inspect
import json
import subprocess
import sys
from fractions import Fraction
from itertools import combinations
from math import comb

import eval7
import pandas as pd
import pytest
from matplotlib.figure import Figure
from typer.testing import CliRunner

import analyzer as pa
from analyzer.cards import format_cards, parse_cards
from analyzer.cli.main import app
from analyzer.games.draw.advise import DEFAULT_TRIALS, advise
from analyzer.games.draw.odds import draw_odds
from analyzer.games.holdem.equity import holdem_equity
from analyzer.games.paigow.edge import house_edge
from analyzer.games.paigow.houseway import house_way_setting
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.games.paigow.split import split_ev
from analyzer.games.stud.equity import stud_equity
from analyzer.ranges import parse_range
from analyzer.sim.engine import Stopping


def without_timing(data: dict) -> dict:
    """A result's JSON without its wall-clock time, the one figure that differs between runs."""
    return {k: v for k, v in data.items() if k != "elapsed_seconds"}


def cli_json(*args: str) -> dict:
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def plain_text(text: str) -> None:
    """A repr for people: several lines, and no numpy scalar spelled out."""
    assert "\n" in text
    assert "np." not in text and "float64" not in text and "int64" not in text


def note_of(figure: Figure) -> str:
    """The text written under a chart (its method and error bars)."""
    return " ".join(t.get_text() for t in figure.texts)


# ---------------------------------------------------------------- imports stay lazy


def test_import_analyzer_loads_no_numba():
    code = "import analyzer, sys; print('numba' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_importing_the_api_modules_compiles_no_kernel():
    code = """
import gc, sys
import analyzer as pa
for name in ("holdem", "stud", "draw", "paigow"):
    getattr(pa, name).__all__
from numba.core.dispatcher import Dispatcher
from analyzer.eval.tables import _CACHE
kernels = [d for d in gc.get_objects() if isinstance(d, Dispatcher)]
print(sum(bool(d.signatures) for d in kernels), len(_CACHE))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    compiled, tables = map(int, out.stdout.split())
    assert compiled == 0 and tables == 0  # nothing compiled, loaded or run (most kernels not even defined)


def test_the_engines_import_matplotlib_only_to_draw():
    code = """
import sys
import analyzer.games.holdem.equity, analyzer.games.stud.equity, analyzer.games.draw.advise
import analyzer.games.paigow.split, analyzer.games.paigow.edge
print("matplotlib" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_the_namespaces_are_the_api_modules():
    assert pa.holdem.__name__ == "analyzer.api.holdem"
    assert pa.paigow.__name__ == "analyzer.api.paigow"
    assert pa.ranges.__name__ == "analyzer.ranges"
    for namespace, verbs in [
        (
            pa.holdem,
            [
                "equities",
                "equity",
                "flops",
                "hits",
                "icm",
                "icm_push_fold",
                "push_fold",
                "push_fold_chart",
                "sklansky_chubukov",
                "turns",
            ],
        ),
        (pa.stud, ["equity"]),
        (pa.draw, ["advise", "odds"]),
        (pa.paigow, ["edge", "exact_edge", "house_way", "optimal_edge", "split"]),
    ]:
        assert sorted(name for name in namespace.__all__ if inspect.isfunction(getattr(namespace, name))) == verbs
        for verb in verbs:
            doc = getattr(namespace, verb).__doc__
            assert "Parameters\n    ----------" in doc and "Returns\n    -------" in doc and ">>> " in doc
            assert "§" in doc or verb == "icm"  # the rules it implements (ICM is a prize model, no rule)


# ---------------------------------------------------------------- Hold'em


def test_holdem_aks_against_queens_is_exact_and_matches_pokerstove():
    result = pa.holdem.equity(["AsKs", "QdQc"])
    first, second = result.players
    assert f"{first.equity:.6f}" == "0.462145"  # PokerStove: AKs 46.2145% against QQ
    assert type(first.equity) is float and type(first.win) is float and first.stderr == 0
    assert first.equity + second.equity == pytest.approx(1, abs=1e-12)
    assert result.run.exact and result.run.trials == comb(48, 5)
    text = repr(result)
    plain_text(text)
    assert "exact, 1,712,304 deals" in text and "46.214%" in text and "±" not in text
    figure = result.plot()
    assert isinstance(figure, Figure) and "exact, 1,712,304 deals; no sampling error" in note_of(figure)


def test_holdem_monte_carlo_is_the_engine_and_the_cli():
    args = dict(board="Ah 9h 2c", dead=["3s"], exact=False, trials=30_000, seed=11)
    result = pa.holdem.equity(["QQ+, AKs", "JhTh"], **args)
    engine = holdem_equity(
        ["QQ+, AKs", "JhTh"], "Ah 9h 2c", "3s", exact=False, stopping=Stopping(trials=30_000), seed=11
    )
    assert without_timing(result.to_dict()) == without_timing(engine.to_dict())
    cli = cli_json(
        "holdem", "equity", "QQ+, AKs", "JhTh", "-b", "2c3c4c", "-d", "3s", "-n", "30000", "-s", "11", "--monte-carlo"
    )
    api = pa.holdem.equity(["QQ+, AKs", "JhTh"], "2c3c4c", "3s", exact=False, trials=30_000, seed=11)
    assert without_timing(cli) == without_timing(api.to_dict())

    assert result.board == "Ah 9h 2c" and result.dead == "3s" and not result.run.exact
    text = repr(result)
    plain_text(text)
    assert "Monte Carlo, 30,000 deals, seed 11" in text and "±" in text
    frame = result.to_frame()
    assert list(frame.columns) == ["player", "range", "combos", "combos_listed", "equity", "win", "tie", "stderr"]
    assert frame["player"].tolist() == [1, 2] and frame["equity"].sum() == pytest.approx(1)
    json.dumps(result.to_dict())
    figure = result.plot()
    assert "Monte Carlo, 30,000 deals, seed 11; error bars: 2 s.e." in note_of(figure)
    assert "board Ah 9h 2c" in figure.axes[0].get_title()


def test_holdem_accepts_ranges_and_reports_categories():
    hero = pa.ranges.parse("AA")
    result = pa.holdem.equity([hero, "random"], board="As Ks Qs", exact=True, categories=True)
    assert result.run.exact and result.players[0].combos == 3  # AsAx is blocked by the board
    categories = result.players[0].categories
    assert categories is not None and sum(categories.values()) == pytest.approx(1)
    assert "Three of a kind" in categories


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: pa.holdem.equity("AsKs QdQc"), ValueError),  # one string, not a list
        (lambda: pa.holdem.equity(["AsKs", "QdQc"], exact="yes"), TypeError),
        (lambda: pa.holdem.equity(["AsKs", "AsQs"]), ValueError),  # a card twice
        (lambda: pa.holdem.equity(["AsKs", "QdQc"], trials=0), ValueError),
    ],
)
def test_holdem_bad_arguments_raise(call, error):
    with pytest.raises(error):
        call()


# ---------------------------------------------------------------- stud


def brute_force_stud(hands: list[str]) -> list[Fraction]:
    """Each player's equity over every completion of his cards, scored by eval7."""
    card = [eval7.Card(format_cards([c])) for c in range(52)]
    known = [parse_cards(h).tolist() for h in hands]
    seen = {c for k in known for c in k}
    free = [c for c in range(52) if c not in seen]
    shares = [Fraction(0)] * len(hands)
    deals = 0

    def deal(player: int, used: set[int], finished: list[list[int]]) -> None:
        nonlocal deals
        if player == len(known):
            values = [eval7.evaluate([card[c] for c in h]) for h in finished]
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                shares[i] += Fraction(1, len(winners))
            deals += 1
            return
        for extra in combinations([c for c in free if c not in used], 5 - len(known[player])):
            deal(player + 1, used | set(extra), [*finished, known[player] + list(extra)])

    deal(0, set(), [])
    return [s / deals for s in shares]


def test_stud_exact_equity_matches_a_brute_force_with_eval7():
    hands = ["As Ah 7d 2c", "Ks Kh 9c 3d", "Qs Jd Tc 8h"]
    result = pa.stud.equity(hands)
    assert result.run.exact and result.run.trials == 40 * 39 * 38
    for player, truth in zip(result.players, brute_force_stud(hands)):
        assert player.equity == pytest.approx(float(truth), abs=1e-12)
    plain_text(repr(result))
    assert "Five-card stud equity" in repr(result)
    assert "no sampling error" in note_of(result.plot())


def test_stud_monte_carlo_is_the_engine_and_the_cli():
    result = pa.stud.equity([["As", "Ah"], "Ks Kh"], dead="7c", exact=False, trials=20_000, seed=3)
    engine = stud_equity(["AsAh", "KsKh"], "7c", exact=False, stopping=Stopping(trials=20_000), seed=3)
    cli = cli_json("stud", "equity", "AsAh", "KsKh", "-d", "7c", "--monte-carlo", "-n", "20000", "-s", "3")
    assert without_timing(result.to_dict()) == without_timing(engine.to_dict()) == without_timing(cli)
    assert [p.hand for p in result.players] == ["AsAh", "KsKh"]
    assert "error bars: 2 s.e." in note_of(result.plot())


# ---------------------------------------------------------------- draw


@pytest.mark.parametrize(
    "hand, discard, expected",
    [  # the rules' table A.4, to its four decimals, or its exact fractions
        ("Jc Jd 8h 5s 2c", "8h 5s 2c", {"Pair": 0.7129, "Two pair": 0.1599, "Three of a kind": 0.1143}),
        ("Jc Jd 8h 5s 2c", "8h 5s 2c", {"Full house": 0.0102, "Four of a kind": 0.0028}),
        ("Jc Jd Ah 5s 2c", "5s 2c", {"Pair": 0.7410, "Two pair": 0.1721, "Three of a kind": 0.0777}),
        ("7c 7d 7h Ks 2c", "Ks 2c", {"Full house": 0.0611, "Four of a kind": 0.0426}),
        ("Kc Kd 5h 5s 9c", "9c", {"Full house": 4 / 47}),
        ("Ah 9h 6h 2h Kc", "Kc", {"Flush": 9 / 47}),
        ("9c 8d 7h 6s Kc", "Kc", {"Straight": 8 / 47}),
    ],
)
def test_draw_odds_reproduce_table_a4(hand, discard, expected):
    result = pa.draw.odds(hand, discard=discard)
    for category, p in expected.items():
        assert result.categories[category] == pytest.approx(p, abs=5e-5)


def test_draw_odds_is_the_engine_with_stand_pat_and_the_bug():
    assert pa.draw.odds("Jc Jd 8h 5s 2c") == draw_odds("Jc Jd 8h 5s 2c", "")  # no discard: stand pat
    bug = pa.draw.odds(["Jk", "Ah", "Kd", "7s", "2c"], "Kd 7s 2c", bug=True, dead=["Ac"])
    assert bug == draw_odds("Jk Ah Kd 7s 2c", "Kd 7s 2c", bug=True, dead="Ac")
    assert bug.rules == "bug" and bug.outcomes == comb(53 - 5 - 1, 3)


def test_draw_odds_result_frames_prints_and_plots():
    result = pa.draw.odds("Jc Jd 8h 5s 2c", discard="8h 5s 2c")
    assert round(result.p_improve, 4) == 0.2871 and result.outcomes == comb(47, 3)
    frame = result.to_frame()
    assert list(frame.columns) == ["category", "count", "probability"]
    assert frame["count"].sum() == result.outcomes and frame["probability"].sum() == pytest.approx(1)
    assert json.loads(json.dumps(result.to_dict()))["improve_count"] == result.improve_count
    text = repr(result)
    plain_text(text)
    assert "exact, 16,215 equally likely draws" in text and "P(improve on Pair of jacks) = 28.7142%" in text
    figure = result.plot()
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert labels == list(result.categories) and "exact" in note_of(figure)


def test_draw_advise_is_the_engine_and_defaults_like_the_cli():
    result = pa.draw.advise("Jc Jd 8h 5s 2c", opponents=2, policy="pat", trials=5_000, seed=5)
    engine = advise("Jc Jd 8h 5s 2c", opponents=2, policy="pat", stopping=Stopping(trials=5_000), seed=5)
    assert without_timing(result.to_dict()) == without_timing(engine.to_dict())
    default = pa.draw.advise("Ac Kd Qh Js 9c", max_draw=1, seed=2)
    cli = cli_json("draw", "advise", "Ac Kd Qh Js 9c", "--max-draw", "1", "--seed", "2")
    assert default.run.trials == cli["trials"] == DEFAULT_TRIALS
    assert without_timing(default.to_dict()) == without_timing(cli)


def test_draw_advice_result_frames_prints_and_plots():
    result = pa.draw.advise("Jc Jd 8h 5s 2c", trials=4_000, seed=1)
    assert len(result.options) == 1 + 5 + 10 + 10  # discard 0 to 3 of 5 cards
    assert result.best is result.options[0] and result.best.keep == "Jc Jd"
    assert all(type(o.equity) is float and type(o.win) is float for o in result.options)
    equities = [o.equity for o in result.options]
    assert equities == sorted(equities, reverse=True)
    frame = result.to_frame()
    assert len(frame) == len(result.options)
    assert list(frame.columns) == ["discard", "keep", "draws", "equity", "stderr", "win", "tie", "p_improve"]
    json.dumps(result.to_dict())
    text = repr(result)
    plain_text(text)
    assert "Monte Carlo, 4,000 deals, seed 1" in text and "21 more options" in text
    figure = result.plot()
    assert len(figure.axes[0].patches) == len(result.options)
    assert "Monte Carlo, 4,000 deals, seed 1; error bars: 2 s.e." in note_of(figure)


# ---------------------------------------------------------------- Pai Gow


@pytest.mark.parametrize("way", ["foxwoods", "trump-plaza", "improved"])
def test_paigow_house_way_is_the_engine_and_the_cli(way):
    hand = "Ah Ad 9s 9c 4h 4d Kc"  # three pair: the highest pair in front
    result = pa.paigow.house_way(hand, way=way)
    assert result == house_way_setting(hand, way)
    assert result.to_dict() == cli_json("paigow", "houseway", hand, "--way", way)
    assert result.front == "Ah Ad" and result.rule.startswith("4 three pair")
    frame = result.to_frame()
    assert frame["hand"].tolist() == ["front", "back"] and frame["cards"].tolist() == [result.front, result.back]
    plain_text(repr(result))


def test_paigow_split_is_the_engine_and_the_cli():
    hand = "Ac Kd Kh 7s 5c 3d Jk"
    result = pa.paigow.split(hand, trials=10_000, seed=4, commission=0.0, player_banks=True)
    engine = split_ev(hand, exact=None, stopping=Stopping(trials=10_000), seed=4, rules=PaiGowRules(0.0, True))
    cli = cli_json("paigow", "split", hand, "-n", "10000", "-s", "4", "--commission", "0", "--player-banks")
    assert without_timing(result.to_dict()) == without_timing(engine.to_dict()) == without_timing(cli)
    assert not result.run.exact and result.rules == PaiGowRules(commission=0.0, player_banks=True)


def test_paigow_split_result_frames_prints_and_plots():
    result = pa.paigow.split("Ac Kd Kh 7s 5c 3d Jk", trials=10_000, seed=1)
    assert result.best is result.splits[0] and result.house_way.house_way
    assert all(type(s.ev) is float and type(s.stderr) is float for s in result.splits)
    frame = result.to_frame()
    assert len(frame) == len(result.splits) and frame["house_way"].sum() == 1
    assert frame["ev"].is_monotonic_decreasing
    json.dumps(result.to_dict())
    text = repr(result)
    plain_text(text)
    assert "Monte Carlo, 10,000 dealer hands, seed 1" in text and "House Way" in text
    figure = result.plot()
    labels = [t.get_text() for t in figure.axes[0].get_yticklabels()]
    assert len(labels) == len(result.splits) and sum("(House Way)" in label for label in labels) == 1
    assert "error bars: 2 s.e." in note_of(figure)


def test_paigow_edge_is_the_engine_and_the_cli():
    result = pa.paigow.edge(trials=20_000, seed=9, way="improved")
    engine = house_edge(way="improved", stopping=Stopping(trials=20_000), seed=9)
    cli = cli_json("paigow", "edge", "--way", "improved", "-n", "20000", "-s", "9")
    assert without_timing(result.to_dict()) == without_timing(engine.to_dict()) == without_timing(cli)
    assert result.house_edge == -result.ev and type(result.ev) is float
    frame = result.to_frame()
    assert len(frame) == 1 and frame.loc[0, "ev"] == result.ev and frame.loc[0, "commission"] == 0.05
    text = repr(result)
    plain_text(text)
    assert "Monte Carlo, 20,000 deals, seed 9" in text and "gain over" not in text


def test_paigow_edge_optimal_reports_its_paired_gain():
    result = pa.paigow.edge(strategy="optimal", trials=300, inner_trials=50, seed=1)
    engine = house_edge(strategy="optimal", stopping=Stopping(trials=300), inner_trials=50, seed=1)
    assert without_timing(result.to_dict()) == without_timing(engine.to_dict())
    assert result.inner_trials == 50 and result.gain_over_house_way is not None
    assert "gain over the House Way" in repr(result)


@pytest.mark.parametrize(
    "call",
    [
        lambda: pa.paigow.house_way("Ac Kd Kh 7s 5c 3d"),  # six cards
        lambda: pa.paigow.house_way("Ac Kd Kh 7s 5c 3d Jk", way="casino"),
        lambda: pa.paigow.split("Ac Kd Kh 7s 5c 3d Jk", commission=1.0),
        lambda: pa.paigow.edge(strategy="best"),
    ],
)
def test_paigow_bad_arguments_raise(call):
    with pytest.raises(ValueError):
        call()


# ---------------------------------------------------------------- ranges and evaluate


def test_ranges_parse_is_the_one_parser():
    assert pa.ranges.parse is parse_range
    r = pa.ranges.parse("QQ+:0.5, AKs, AsKd")
    assert len(r) == 18 + 4 + 1 and r.weighted_count == 9 + 4 + 1
    frame = r.to_frame()
    assert list(frame.columns) == ["combo", "class", "weight"] and len(frame) == len(r)
    assert frame.groupby("class")["weight"].sum().to_dict() == {"AA": 3.0, "AKo": 1.0, "AKs": 4.0, "KK": 3.0, "QQ": 3.0}
    assert json.loads(json.dumps(r.to_dict()))["combo_count"] == 23


def test_evaluate_result_frames_and_prints():
    hand = pa.evaluate("Ah Ad Kc Ks 7d 2c 9h")
    frame = hand.to_frame()
    assert isinstance(frame, pd.DataFrame) and frame.loc[0, "best_five"] == "Ah Ad Kc Ks 9h"
    text = repr(hand)
    plain_text(text)
    assert text.startswith("HandDescription: Two pair, aces and kings (standard rules)")
