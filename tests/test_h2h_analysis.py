"""Head to Head Poker positions, placement values, games, studies and the h2h commands.

Exact placement values are checked against an independent enumeration scored by
eval7; Monte Carlo values against exact ones within a few standard errors.
"""

from __future__ import annotations

import json
from itertools import product

import eval7
import numpy as np
import pytest

from analyzer.cards import CardError, format_cards, parse_cards
from analyzer.games.head_to_head import policies as P
from analyzer.games.head_to_head import rollout as R
from analyzer.games.head_to_head.place import PLACEMENT_CHUNK, placement_values
from analyzer.games.head_to_head.play import parse_policy, simulate_games, simulate_rounds
from analyzer.games.head_to_head.position import position_from_dict, read_position
from analyzer.games.head_to_head.rules import HeadToHeadRules
from analyzer.games.head_to_head.tuned import HAND_SET
from analyzer.sim.seeds import chunk_state

COMMON = "7s Kd 2h"
# A Crazy Draw 1 round at its 23rd placement: one empty space on each side (rows 1 and 3).
# Whatever you do with your card, the opponent then draws one card and must fill the last space.
LAST_TWO = {
    "round": 1,
    "type": "draw1",
    "crazy": True,
    "common": COMMON,
    "you": ["7h 7d 3c", "Ks Kc 5d 4d", "2s 2c 9d Jh"],
    "opponent": ["As Ad 6h 6d", "Qs Qd Jc 8d", "3d 3h 4h"],
    "cards": "Qh",
}


def _eval7_value(cards: list[int]) -> int:
    return eval7.evaluate([eval7.Card(format_cards([c])) for c in cards])


def _independent_values(data: dict) -> dict[tuple[int, str], float]:
    """Your expected chips from the open rows for each move, by brute force with eval7."""
    common = parse_cards(data["common"])
    you = [list(parse_cards(r)) for r in data["you"]]
    opp = [list(parse_cards(r)) for r in data["opponent"]]
    card = parse_cards(data["cards"])[0]
    seen = set(common) | {c for r in you + opp for c in r} | {card}
    unseen = [c for c in range(52) if c not in seen]
    open_rows = [r for r in range(3) if len(you[r]) + len(opp[r]) < 8]
    values = {}
    for row, side in product(range(3), ("you", "opponent")):
        mine = [list(r) for r in you]
        theirs = [list(r) for r in opp]
        target = mine if side == "you" else theirs
        if len(target[row]) == 4:
            continue
        target[row].append(card)
        total = 0.0
        for drawn in unseen:
            a = [list(r) for r in mine]
            b = [list(r) for r in theirs]
            empty = [(s, r) for s, sides in enumerate((a, b)) for r in range(3) if len(sides[r]) < 4]
            assert len(empty) == 1
            s, r = empty[0]
            (a, b)[s][r].append(drawn)
            for r in open_rows:
                va, vb = _eval7_value(a[r] + [common[r]]), _eval7_value(b[r] + [common[r]])
                total += 200 if va > vb else 100 if va == vb else 0
        values[(row + 1, side)] = total / len(unseen)
    return values


@pytest.mark.jitless
def test_exact_placement_values_equal_independent_enumeration():
    position = position_from_dict(LAST_TWO)
    result = placement_values(position, trials=10_000)
    assert result.run.exact and result.run.trials == 52 - 3 - 22 - 1
    expected = _independent_values(LAST_TWO)
    got = {(m.row, m.side): m.ev for m in result.moves}
    assert got.keys() == expected.keys()
    for key, value in expected.items():
        assert got[key] == pytest.approx(value, abs=1e-9)
    assert [m.ev for m in result.moves] == sorted((m.ev for m in result.moves), reverse=True)
    assert result.moves[0].regret == 0 and all(m.stderr == 0 for m in result.moves)


def test_monte_carlo_placement_values_agree_with_exact():
    position = position_from_dict(LAST_TWO)
    exact = {(m.row, m.side): m for m in placement_values(position, exact=True).moves}
    sampled = placement_values(position, policy="random", trials=20_000, seed=11)
    assert sampled.run.method == "monte-carlo" and sampled.run.trials == 20_000
    for m in sampled.moves:
        reference = exact[(m.row, m.side)]
        assert abs(m.ev - reference.ev) <= 4 * m.stderr + 1e-9
        for p, q, se in zip(m.row_win, reference.row_win, m.row_win_stderr):
            assert abs(p - q) <= 4 * se + 1e-9
        exact_regret = exact[(sampled.best.row, sampled.best.side)].ev - reference.ev
        assert abs(m.regret - exact_regret) <= 4 * m.regret_stderr + 1e-9
    assert sampled.continuation == "you play random, the opponent random"


def test_regret_standard_errors_are_those_of_the_paired_differences():
    """Each regret's standard error is that of the best move's chips minus the move's over the
    same samples, as measured here one sample at a time (one chunk: its stream is
    ``chunk_state(seed, 0)``)."""
    position = position_from_dict({"round": 1, "type": "draw1", "common": COMMON, "cards": "Ah"})
    trials = PLACEMENT_CHUNK
    result = placement_values(position, trials=trials, seed=4, exact=False)
    state = position.to_state()
    moves = int(P._count_moves(state))
    rng = chunk_state(4, 0)
    chips = np.zeros((trials, moves))
    for i in range(trials):
        one = np.zeros((moves, R.TALLY_WIDTH), np.int64)
        R._sample_moves(state, np.full(2, P.GREEDY), np.stack([HAND_SET, HAND_SET]), rng, 1, one)
        chips[i] = one[:, 0] * 100
    labels = [f"Ah row {P._move_at(state, m)[1] + 1} you" for m in range(moves)]
    best = labels.index(result.best.label)
    assert len(result.moves) == 3
    for m in result.moves:
        diff = chips[:, best] - chips[:, labels.index(m.label)]
        assert m.regret == pytest.approx(diff.mean(), abs=1e-9)
        assert m.regret_stderr == pytest.approx(diff.std() / np.sqrt(trials), abs=1e-9)
    assert max(m.regret_stderr for m in result.moves) > 0


def test_placement_values_are_reproducible_and_serialisable():
    position = position_from_dict({"round": 1, "type": "share2", "common": COMMON, "cards": "Ah 7c"})
    a = placement_values(position, trials=300, seed=5, exact=False)
    b = placement_values(position, trials=300, seed=5, exact=False)
    assert a.to_dict()["moves"] == b.to_dict()["moves"]
    moves = a.to_dict()["moves"]
    assert len(moves) == 2 * 3  # keep either card, on one of your 3 rows
    assert {(m["card"], m["given"]) for m in moves} == {("Ah", "7c"), ("7c", "Ah")}
    for m in moves:
        assert {"card", "row", "side", "ev", "stderr", "row_win"} <= m.keys()
        assert m["side"] == "you" and 0 <= m["ev"] <= 600 and len(m["row_win"]) == 3


def test_exact_needs_deterministic_policies():
    with pytest.raises(ValueError, match="deterministic"):
        placement_values(position_from_dict(LAST_TWO), policy="random", exact=True)


@pytest.mark.parametrize(
    "change, message",
    [
        ({"cards": "Qh Qc"}, "hold 1 card"),
        ({"you": ["7h 7d 3c 5c 6c"]}, "holds 4"),
        ({"common": "7s Kd"}, "3 common cards"),
        ({"type": "draw9"}, "type: expected one of draw1"),
        ({"round": 4}, "round: expected at most 3"),
        ({"crazy": False, "opponent": ["As Ad 6h 6d", "Qs Qd Jc 8d", "3d 3h"]}, "has placed"),
        ({"bogus": 1}, "bogus: unknown key"),
    ],
)
def test_impossible_positions_are_refused(change, message):
    with pytest.raises(ValueError, match=message):
        position_from_dict({**LAST_TWO, **change})


def test_a_card_twice_is_a_card_error():
    with pytest.raises(CardError, match="7h"):
        position_from_dict({**LAST_TWO, "cards": "7h"})


@pytest.mark.parametrize(
    "kind, cards, placed, ok",
    [
        ("hold3", "Ah Kh Qh", ("", ""), True),
        ("hold3", "Ah Kh", ("", ""), False),
        ("play4", "Ah Kh Qh Jh", ("", ""), True),
        ("play4", "Ah Kh Qh", ("9c", "8c"), True),  # 2 placed in the batch: F placed 1, holds 3
        ("play4", "Ah Kh Qh Jh", ("9c", "8c"), False),
        ("open5", "Ah Kh Qh Jh Th", ("", ""), True),
        ("open5", "Ah Kh Qh Jh", ("9c", ""), True),  # D picks the 2nd card of the set: 4 open
        ("share2", "Ah", ("9c", ""), True),  # the dealer places the card handed to him
    ],
)
def test_the_cards_you_hold_follow_the_round_type(kind, cards, placed, ok):
    data = {"round": 1, "type": kind, "common": COMMON, "cards": cards, "you": placed[0], "opponent": placed[1]}
    if kind in ("open5", "share2") and placed[0]:
        data["you"], data["opponent"] = placed[1], placed[0]  # F placed first; you are the dealer
    if ok:
        position_from_dict(data)
    else:
        with pytest.raises(ValueError):
            position_from_dict(data)


def test_position_text_and_json_file_agree(tmp_path):
    path = tmp_path / "position.json"
    path.write_text(json.dumps(LAST_TWO))
    from_text = position_from_dict(
        {
            "round": 1,
            "type": "draw1",
            "crazy": True,
            "common": COMMON,
            "cards": "Qh",
            "you": " / ".join(LAST_TWO["you"]),
            "opponent": " / ".join(LAST_TWO["opponent"]),
        }
    )
    assert read_position(path) == from_text
    path.write_text("{not json")
    with pytest.raises(ValueError, match="not valid JSON"):
        read_position(path)


def test_games_are_reproducible_and_greedy_beats_random():
    a = simulate_games("greedy", "random", games=4_000, seed=3)
    b = simulate_games("greedy", "random", games=4_000, seed=3)
    assert a.to_dict() == {**b.to_dict(), "elapsed_seconds": a.run.elapsed}
    assert a.first_wins + a.second_wins == pytest.approx(1.0)
    assert a.first_wins > 0.95 and a.margin > 1000
    even = simulate_games("random", "random", games=20_000, seed=4)
    assert abs(even.first_wins - 0.5) <= 4 * even.first_wins_stderr
    assert abs(even.margin) <= 4 * even.margin_stderr


def test_rounds_and_settings():
    strict = simulate_rounds("play4", rows=4, rounds=2_000, seed=1, settings=HeadToHeadRules(batch_starter="strict"))
    alternate = simulate_rounds("play4", rows=4, rounds=2_000, seed=1)
    assert {**strict.to_dict(), "elapsed_seconds": 0} != {**alternate.to_dict(), "elapsed_seconds": 0}
    assert strict.first_mover_wins + strict.dealer_wins + strict.ties == pytest.approx(1.0)
    with pytest.raises(ValueError, match="batch starter"):
        HeadToHeadRules(batch_starter="sometimes")
    with pytest.raises(ValueError, match="fixed round type"):
        simulate_rounds("roll")


@pytest.mark.parametrize(
    "spec, expected",
    [("random", [0, 0, 0]), ("greedy", [1, 0, 0]), ("rollout", [2, 32, 1]), ("rollout:8:random", [2, 8, 0])],
)
def test_policy_names(spec, expected):
    assert parse_policy(spec).tolist() == expected


@pytest.mark.parametrize("spec", ["smart", "greedy:3", "rollout:0", "rollout:x", "rollout:4:rollout"])
def test_bad_policy_names(spec):
    with pytest.raises(ValueError, match="policy"):
        parse_policy(spec)


def test_cli_place_json_and_errors(tmp_path, cli):
    path = tmp_path / "p.json"
    path.write_text(json.dumps(LAST_TWO))
    run = cli("h2h", "place", str(path), "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["exact"] and [m["ev"] for m in data["moves"]] == sorted((m["ev"] for m in data["moves"]), reverse=True)
    assert {"card", "row", "side", "ev", "stderr", "row_win"} <= data["moves"][0].keys()
    both = cli("h2h", "place", str(path), "--round", "1")
    assert both.returncode == 2 and both.stderr.count("\n") == 1 and "not both" in both.stderr
    twice = cli("h2h", "place", "--round", "1", "--type", "draw1", "--common", COMMON, "--cards", "7s")
    assert twice.returncode == 2 and "7s" in twice.stderr and "Traceback" not in twice.stderr
    full = cli(
        "h2h",
        "place",
        "--round",
        "1",
        "--type",
        "draw1",
        "--common",
        COMMON,
        "--cards",
        "Ah",
        "--you",
        "2c 3c 4c 5c 6c",
    )
    assert full.returncode == 1 and "holds 4" in full.stderr and full.stderr.count("\n") == 1


def test_cli_play_json(cli):
    run = cli(
        "h2h",
        "play",
        "--type",
        "hold3",
        "--crazy",
        "--first",
        "greedy",
        "--second",
        "random",
        "--games",
        "300",
        "--seed",
        "2",
        "--json",
    )
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["games"] == 300 and data["crazy"] and data["round_type"] == "hold3"
    assert len(data["rounds"]) == 3 and data["first_wins"] > 0.9
    table = cli("h2h", "play", "--type", "hold3", "--crazy", "--first", "greedy", "--games", "300", "--seed", "2")
    shares = [r[key] for r in data["rounds"] for key in ("first_mover_wins", "ties")]
    largest = max((p * (1 - p) / 300) ** 0.5 for p in shares)  # binomial errors over the 300 games
    assert f"wins and ties: % of games, each ± {100 * largest:.1f}% (s.e.) or less" in table.stdout
    assert f"settled by the card draw {100 * data['tie_breaks']:.2f}% ± {100 * data['tie_breaks_stderr']:.2f}%" in (
        table.stdout
    )
    bad = cli("h2h", "play", "--type", "roll", "--crazy")
    assert bad.returncode == 1 and "fixed round type" in bad.stderr
