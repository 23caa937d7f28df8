"""The Python API of the board and trick games: pa.head_to_head, pa.saint_poker, pa.whist, pa.mousel.

Truth: the rules' settlement where a deal has a forced outcome (a last placement whose row is
decided, 13 spades at Whist, the two top trumps at Mousel); otherwise the API must give exactly
the figures of the engine functions it delegates to and of the command line's ``--json``, with
the same seed, whatever form the position or the rules take (dict, JSON file, object).
"""

import dataclasses
import inspect
import json
import math
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest
from matplotlib.figure import Figure
from typer.testing import CliRunner

import analyzer as pa
from analyzer.cli.main import app
from positions import LAST_BET

PLACE = {"round": 3, "type": "draw1", "common": "7s Kd 2h Qc 9s", "cards": "Ah"}
TEXT_PLACE = {
    "round": 2,
    "type": "hold3",
    "common": "7s Kd 2h Qc",
    "you": "7h / / /",
    "opponent": "Kc / / /",
    "cards": "Ah Qd 7c",
}
LAST_PLACEMENT = {  # your last card fills the last space; rows 1 and 2 are complete
    "round": 1,
    "type": "draw1",
    "common": "7s Kd 2h",
    "you": ["As Ah Ad Ac", "Ks Kc 5d 4d", "2s 2c 9d"],
    "opponent": ["Qs Qd Qh Qc", "Js Jc Jd Jh", "3d 3h 4h 8c"],
    "cards": ["2d"],
}
SAINT = {
    "players": 3,
    "round": 1,
    "phase": "river",
    "scores": [0, 0, 0],
    "hand": "As Kd 9h 9c 7s 5d 4c 3h 2s Qc",
    "river": "Jc 8d",
    "future": "Qd 2c",
    "known": ["", "", ""],
    "removed": "",
}
WHIST_HAND = "As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c"
SPADES = "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s"

runner = CliRunner()


def cli_json(*args: str) -> dict:
    result = runner.invoke(app, [*args, "--json", "--no-progress"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def same(a: dict, b: dict) -> bool:
    """Equal results but for the wall time."""
    strip = lambda d: {k: v for k, v in d.items() if k != "elapsed_seconds"}  # noqa: E731
    return strip(a) == strip(b)


def no_numpy_scalars(value) -> bool:
    if isinstance(value, np.generic):
        return False
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return all(no_numpy_scalars(getattr(value, f.name)) for f in dataclasses.fields(value))
    if isinstance(value, tuple | list):
        return all(map(no_numpy_scalars, value))
    if isinstance(value, dict):
        return all(map(no_numpy_scalars, value.values()))
    return True


def check_result(result, *, rows: int, chart: bool = True) -> None:
    """Python numbers in the fields; strict JSON; a tidy frame; a short repr that says how the
    numbers were found; a chart that says what its error bars are."""
    assert no_numpy_scalars(result)
    data = result.to_dict()
    assert json.loads(json.dumps(data, allow_nan=False)) == data
    frame = result.to_frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) == rows
    text = repr(result)
    assert "np." not in text and "\n" in text and len(text.splitlines()) <= 12
    run = result.run
    assert ("exact" if run.exact else f"Monte Carlo, {run.trials:,} ") in text
    if chart:
        figure = result.plot()
        assert isinstance(figure, Figure)
        notes = " ".join(t.get_text() for t in figure.findobj(lambda a: hasattr(a, "get_text")))
        assert f"{run.trials:,}" in notes
        assert ("exact" in notes) if run.exact else ("error bars: 2 s.e." in notes and f"seed {run.seed}" in notes)


# --- imports -------------------------------------------------------------------------------------


def test_importing_the_api_loads_no_game():
    # import analyzer loads no numba; the game namespaces load no game module (so no game kernel
    # can compile) until a verb is called
    code = (
        "import sys, analyzer\n"
        "assert 'numba' not in sys.modules\n"
        "import analyzer.api.head_to_head, analyzer.api.saint_poker, analyzer.api.whist, analyzer.api.mousel\n"
        "print(sorted(m for m in sys.modules if m.startswith('analyzer.games')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_namespaces_are_the_api_modules():
    import analyzer.api.head_to_head
    import analyzer.api.mousel
    import analyzer.api.saint_poker
    import analyzer.api.whist

    assert pa.head_to_head is analyzer.api.head_to_head
    assert pa.saint_poker is analyzer.api.saint_poker
    assert pa.whist is analyzer.api.whist
    assert pa.mousel is analyzer.api.mousel
    for namespace in (pa.head_to_head, pa.saint_poker, pa.whist, pa.mousel):
        for name in namespace.__all__:
            if inspect.isfunction(verb := getattr(namespace, name)):
                assert "Parameters\n    ----------" in verb.__doc__


# --- Head to Head --------------------------------------------------------------------------------


@pytest.mark.slow
def test_place_takes_a_dict_a_file_or_a_position_with_the_same_figures(tmp_path):
    from analyzer.games.head_to_head.place import placement_values
    from analyzer.games.head_to_head.position import position_from_dict

    path = tmp_path / "position.json"
    path.write_text(json.dumps(TEXT_PLACE))
    position = position_from_dict(TEXT_PLACE)
    ours = [pa.head_to_head.place(p, trials=400, seed=1).to_dict() for p in (TEXT_PLACE, path, str(path), position)]
    engine = placement_values(position, trials=400, seed=1).to_dict()
    command = cli_json("h2h", "place", str(path), "--trials", "400", "--seed", "1")
    assert all(same(d, engine) for d in ours) and same(command, engine)
    assert engine["method"] == "monte-carlo" and len(engine["moves"]) == 3 * 4  # any of 3 cards on any of 4 rows


def test_place_result_round_trips_and_behaves():
    result = pa.head_to_head.place(PLACE, trials=300, seed=2)
    assert [m.ev for m in result.moves] == sorted((m.ev for m in result.moves), reverse=True)
    assert result.best is result.moves[0] and result.best.regret == 0
    again = pa.head_to_head.place(result.to_dict()["position"], trials=300, seed=2)
    assert same(again.to_dict(), result.to_dict())
    check_result(result, rows=5)
    assert list(result.to_frame().columns[-5:]) == [f"row{i}_win" for i in range(1, 6)]


@pytest.mark.slow
def test_the_last_placement_is_exact_and_worth_the_row_it_wins():
    # 2d makes four twos with the common 2h against a pair of threes: the only open row's $200 is
    # yours whatever the deck holds; rows 1 (four aces v four queens) and 2 (kings v four jacks)
    # are complete and no longer count.
    result = pa.head_to_head.place(LAST_PLACEMENT)
    assert result.run.exact and result.run.trials == 1
    (move,) = result.moves
    assert (move.card, move.row, move.side, move.ev, move.stderr) == ("2d", 3, "you", 200.0, 0.0)
    assert move.row_win == (1.0, 0.0, 1.0)
    check_result(result, rows=1)
    with pytest.raises(ValueError, match="exact values need deterministic policies"):
        pa.head_to_head.place(LAST_PLACEMENT, policy="random", exact=True)


@pytest.mark.slow
def test_bet_takes_a_dict_or_a_file_and_matches_the_command_line(tmp_path):
    from analyzer.games.head_to_head.betting.bet import bet_values
    from analyzer.games.head_to_head.betting.position import bet_position_from_dict

    path = tmp_path / "bet.json"
    path.write_text(json.dumps(LAST_BET))
    engine = bet_values(bet_position_from_dict(LAST_BET)).to_dict()
    for given in (LAST_BET, path, bet_position_from_dict(LAST_BET)):
        assert same(pa.head_to_head.bet(given).to_dict(), engine)
    assert same(cli_json("h2h", "bet", str(path)), engine)
    result = pa.head_to_head.bet(LAST_BET)
    assert result.run.exact and result.best.label == "call on row 3"
    check_result(result, rows=len(result.actions))
    sampled = pa.head_to_head.bet(LAST_BET, exact=False, trials=200, seed=4)
    assert not sampled.run.exact and sampled.run.seed == 4
    check_result(sampled, rows=len(sampled.actions))


def test_bet_rules_in_a_position_name_the_known_options():
    with pytest.raises(ValueError, match=r"rules.min_bets: unknown key \(expected decline_forfeits"):
        pa.head_to_head.bet({**LAST_BET, "rules": {"min_bets": 10}})


@pytest.mark.slow
def test_play_matches_the_engine_and_the_command_line():
    from analyzer.games.head_to_head.play import simulate_games
    from analyzer.games.head_to_head.rules import HeadToHeadRules

    ours = pa.head_to_head.play("greedy", "random", games=300, seed=5, rules={"tiebreak": "literal"})
    engine = simulate_games("greedy", "random", games=300, seed=5, settings=HeadToHeadRules(tiebreak="literal"))
    command = cli_json("h2h", "play", "--games", "300", "--seed", "5", "--tiebreak", "literal")
    assert same(ours.to_dict(), engine.to_dict()) and same(command, engine.to_dict())
    assert ours.first_wins + ours.second_wins == pytest.approx(1.0)
    check_result(ours, rows=3)


@pytest.mark.slow
def test_play_with_betting_matches_the_engine_and_the_command_line():
    from analyzer.games.head_to_head.betting.play import simulate_betting_games
    from analyzer.games.head_to_head.betting.rules import BettingRules

    ours = pa.head_to_head.play(
        "greedy", "greedy", games=20, seed=6, betting={"min_bet": 20}, first_bets="never", round_type="draw1"
    )
    engine = simulate_betting_games(
        "greedy",
        "greedy",
        first_bets="never",
        second_bets="threshold",
        round_type="draw1",
        games=20,
        seed=6,
        rules=BettingRules(min_bet=20),
    )
    command = cli_json(
        "h2h",
        "play",
        "--betting",
        "--second",
        "greedy",
        "--first-bets",
        "never",
        "--type",
        "draw1",
        "--min-bet",
        "20",
        "--games",
        "20",
        "--seed",
        "6",
    )
    assert same(ours.to_dict(), engine.to_dict()) and same(command, engine.to_dict())
    check_result(ours, rows=96)
    with pytest.raises(ValueError, match="betting=True"):
        pa.head_to_head.play(first_bets="never", games=10)
    with pytest.raises(ValueError, match=r"HeadToHeadRules: .*: unknown key"):
        pa.head_to_head.play(games=10, rules={"tie_break": "literal"})


def test_rounds_match_the_engine():
    from analyzer.games.head_to_head.play import simulate_rounds
    from analyzer.games.head_to_head.rules import HeadToHeadRules

    ours = pa.head_to_head.rounds("play4", rows=4, rounds=500, seed=7, rules={"batch_starter": "strict"})
    engine = simulate_rounds("play4", rows=4, rounds=500, seed=7, settings=HeadToHeadRules(batch_starter="strict"))
    assert same(ours.to_dict(), engine.to_dict())
    assert ours.first_mover_wins + ours.dealer_wins + ours.ties == pytest.approx(1.0)
    check_result(ours, rows=1, chart=False)


# --- Saint Poker ---------------------------------------------------------------------------------


def test_decide_takes_a_dict_or_a_file_and_matches_the_command_line(tmp_path):
    from analyzer.games.saint_poker.decide import decide
    from analyzer.games.saint_poker.position import position_from_dict

    path = tmp_path / "saint.json"
    path.write_text(json.dumps(SAINT))
    engine = decide(position_from_dict(SAINT), policy="greedy,save", trials=200, seed=8).to_dict()
    for given in (SAINT, path, position_from_dict(SAINT)):
        for policy in ("greedy,save", ["greedy", "save"]):
            assert same(pa.saint_poker.decide(given, policy=policy, trials=200, seed=8).to_dict(), engine)
    command = cli_json("saint", "decide", str(path), "--policy", "greedy,save", "--trials", "200", "--seed", "8")
    assert same(command, engine)
    result = pa.saint_poker.decide(SAINT, trials=200, seed=8)
    assert len(result.choices) == 10 and result.best is result.choices[0]  # one river card of 10
    check_result(result, rows=10)


def test_saint_play_matches_the_engine_and_the_command_line():
    from analyzer.games.saint_poker.play import simulate_games
    from analyzer.games.saint_poker.rules import SaintPokerRules

    rules = SaintPokerRules(final_tie="round8", snake_draft=True)
    given = {"final_tie": "round8", "snake_draft": True}
    ours = pa.saint_poker.play(4, ["greedy", "save", "random"], games=200, seed=9, rules=given)
    engine = simulate_games(4, "greedy,save,random", games=200, seed=9, rules=rules)
    command = cli_json(
        "saint",
        "play",
        "--players",
        "4",
        "--policies",
        "greedy,save,random",
        "--games",
        "200",
        "--seed",
        "9",
        "--final-tie",
        "round8",
        "--snake-draft",
    )
    assert same(ours.to_dict(), engine.to_dict()) and same(command, engine.to_dict())
    assert [s["policy"] for s in ours.seats] == ["greedy", "save", "random", "greedy"]
    assert sum(s["wins"] for s in ours.seats) == pytest.approx(1.0)
    check_result(ours, rows=4)


# --- Whist ---------------------------------------------------------------------------------------


def test_thirteen_spades_settle_as_the_rules_say():
    # Grandi: the first 7 tricks, 5 chips from each of the others; Grand with a partner: 13
    # tricks, 1 chip plus 6 overtricks from each of the 2 losers; Solo-nolo: the second trick ends
    # it, 5 chips to each (rules §6.4, W-5, W-8).
    result = pa.whist.bid(SPADES, trials=200, seed=10)
    bids = {b.bid: b for b in result.bids}
    assert (bids["grandi"].chips, bids["grandi"].p_make, bids["grandi"].tricks) == (15.0, 1.0, 7.0)
    for suit in ("clubs", "diamonds", "hearts"):
        grand = bids[f"grand in {suit}"]
        assert (grand.chips, grand.p_make, grand.tricks, grand.chips_stderr) == (14.0, 1.0, 13.0, 0.0)
    assert (bids["solo-nolo"].chips, bids["solo-nolo"].p_make, bids["solo-nolo"].tricks) == (-15.0, 0.0, 2.0)
    assert result.best.bid == "grandi"
    check_result(result, rows=len(result.bids))


def test_bid_matches_the_engine_and_the_command_line():
    from analyzer.games.whist.bid import bid_values
    from analyzer.games.whist.rules import WhistRules, parse_hand

    rules = WhistRules(pass_ace="low", called_ace_rule="lead_only")
    engine = bid_values(parse_hand(WHIST_HAND), seat=2, rules=rules, trials=400, seed=11).to_dict()
    for hand in (WHIST_HAND, WHIST_HAND.split()):
        for given in (rules, {"pass_ace": "low", "called_ace_rule": "lead_only"}):
            assert same(pa.whist.bid(hand, seat=2, rules=given, trials=400, seed=11).to_dict(), engine)
    command = cli_json(
        "whist",
        "bid",
        WHIST_HAND,
        "--seat",
        "2",
        "--pass-ace",
        "low",
        "--called-ace-rule",
        "lead_only",
        "--trials",
        "400",
        "--seed",
        "11",
    )
    assert same(command, engine)


def test_whist_play_matches_the_engine_and_the_command_line():
    from analyzer.games.whist.play import simulate_bidding
    from analyzer.games.whist.rules import WhistRules

    ours = pa.whist.play(deals=500, table_deals=5_000, seed=12, rules={"max_solo_joiners": 0})
    engine = simulate_bidding(deals=500, table_deals=5_000, seed=12, rules=WhistRules(max_solo_joiners=0))
    command = cli_json("whist", "play", "--deals", "500", "--table-deals", "5000", "--seed", "12", "--no-joiners")
    assert same(ours.to_dict(), engine.to_dict()) and same(command, engine.to_dict())
    assert ours.joined == 0.0
    assert sum(row["share"] for row in ours.contracts.values()) == pytest.approx(1.0)
    assert ours.to_dict()["contracts"]["pass"]["p_made"] is None  # NaN: the pass game has no maker
    check_result(ours, rows=5)


# --- Mousel --------------------------------------------------------------------------------------


def test_the_two_top_trumps_always_make_the_game():
    # Ah and Kh with hearts trumps win a trick each whatever is led (rules §6.5: must follow, must
    # trump): every plan that keeps both and declares makes its 2 tricks.
    result = pa.mousel.advise("Ah Kh 7c 2d", "Qh", 4, trials=500, seed=13)
    laid_away = {o.option: o.option.split(",")[0] for o in result.options}
    keeps_both = [
        o
        for o in result.options
        if o.option.endswith("declare") and "Ah" not in laid_away[o.option] and "Kh" not in laid_away[o.option]
    ]
    assert sorted(o.option for o in keeps_both) == [
        "exchange 2d, declare",
        "exchange 7c 2d, declare",
        "exchange 7c, declare",
        "keep all, declare",
    ]
    assert all(o.p_make == 1.0 and o.p_declare > 0 for o in keeps_both)
    assert result.go_along and result.best in keeps_both
    assert len(result.options) == 33  # fold, and 16 subsets x (declare, pass)
    check_result(result, rows=33)
    assert result.to_frame()["p_make"].isna().any()  # the plans that never declare


def test_advise_matches_the_engine_and_the_command_line():
    from analyzer.games.mousel.advise import advise
    from analyzer.games.mousel.rules import MouselRules

    rules = MouselRules(pack_mode="continuation", fail_mode="keep", stake=2.0)
    engine = advise(
        "Ah Kh 7c 2d",
        "Qh",
        5,
        seat=2,
        pot=3.0,
        used="As Ks Qs",
        rules=rules,
        params=(1.0, 1.5, 0.4),
        trials=400,
        seed=14,
    ).to_dict()
    for used in ("As Ks Qs", ["As", "Ks", "Qs"]):
        ours = pa.mousel.advise(
            ["Ah", "Kh", "7c", "2d"],
            "Qh",
            5,
            seat=2,
            pot=3.0,
            used=used,
            rules={"fail_mode": "keep", "stake": 2.0},
            others=(1.0, 1.5, 0.4),
            trials=400,
            seed=14,
        )
        assert same(ours.to_dict(), engine)
    command = cli_json(
        "mousel",
        "advise",
        "Ah Kh 7c 2d",
        "--trump",
        "Qh",
        "--players",
        "5",
        "--seat",
        "2",
        "--pot",
        "3",
        "--used",
        "As Ks Qs",
        "--fail-mode",
        "keep",
        "--stake",
        "2",
        "--others",
        "1,1.5,0.4",
        "--trials",
        "400",
        "--seed",
        "14",
    )
    assert same(command, engine)
    assert ours.rules.pack_mode == "continuation"  # from the used cards (M-2)
    with pytest.raises(ValueError, match="pack_mode continuation"):
        pa.mousel.advise("Ah Kh 7c 2d", "Qh", 4, used="As", rules=MouselRules(), trials=10)


def test_mousel_play_matches_the_engine_and_the_command_line():
    from analyzer.games.mousel.play import simulate_sessions
    from analyzer.games.mousel.rules import MouselRules

    engine = simulate_sessions(
        5,
        [(1.3, 1.6, 0.3), (0.7, 1.6, 0.3)],
        deals=10,
        sessions=100,
        seed=15,
        rules=MouselRules(pack_mode="continuation"),
    ).to_dict()
    for thresholds in ("1.3,1.6,0.3;0.7,1.6,0.3", [(1.3, 1.6, 0.3), (0.7, 1.6, 0.3)]):
        ours = pa.mousel.play(5, thresholds, deals=10, sessions=100, seed=15, rules={"pack_mode": "continuation"})
        assert same(ours.to_dict(), engine)
    command = cli_json(
        "mousel", "play", "--players", "5", "--deals", "10", "--sessions", "100", "--seed", "15", "--continuation"
    )
    assert same(command, engine)
    assert sum(ours.chips_per_deal) == pytest.approx(0.0, abs=1e-9)  # each session's chips sum to zero
    assert not math.isnan(ours.shares["games"])
    check_result(ours, rows=5)
