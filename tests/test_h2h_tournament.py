"""Head to Head round robins (analyzer/games/head_to_head/tournament.py): the pairing of deals
and seats, common deals across the pairs, the standings, and the command line."""

from __future__ import annotations

import json

import numpy as np
import pytest

import analyzer as pa
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.play import seat_policies
from analyzer.games.head_to_head.rollout import GAME_WIDTH, _play_game, lookahead_flag
from analyzer.games.head_to_head.rules import HeadToHeadRules
from analyzer.games.head_to_head.tournament import PLAYER_STREAMS, paired_deals, parse_player
from analyzer.games.head_to_head.tuned import tuned_vector
from analyzer.games.head_to_head.tuning import paired_score
from analyzer.sim.rng import next_u64
from analyzer.sim.seeds import chunk_state, derive_seed

PLACEMENT = (0, 0, HeadToHeadRules().codes(), None)


def _by_hand(a: str, b: str, seed: int, deals: int) -> tuple[list[int], list[int]]:
    """The paired deals played one game at a time through the engine's game: the deal's stream
    and each player's stream drawn as the module docstring says, the seats swapped by hand."""
    deal_rng = chunk_state(seed, 0)
    player_rng = chunk_state(derive_seed(seed, PLAYER_STREAMS), 0)
    st = np.zeros(E.STATE_SIZE, np.int64)
    out = np.zeros(GAME_WIDTH, np.int64)
    twice, wins = [], []
    for _ in range(deals):
        deal = np.array([next_u64(deal_rng) for _ in range(4)], np.uint64)
        streams = np.array([[next_u64(player_rng) for _ in range(4)] for _ in range(2)], np.uint64)
        total = won = 0
        for a_seat, seating in ((0, (a, b)), (1, (b, a))):
            params, vectors = seat_policies(*seating)
            seats = streams.copy() if a_seat == 0 else streams[::-1].copy()
            codes = HeadToHeadRules().codes()
            _play_game(st, 0, 0, codes[0], codes[1], params, vectors, deal.copy(), seats, out, lookahead_flag(params))
            total += int(out[a_seat] - out[1 - a_seat])
            won += int(out[2] == a_seat)
        twice.append(total)
        wins.append(won)
    return twice, wins


@pytest.mark.parametrize("a, b", [("tuned", "greedy"), ("rollout:2", "random")])
def test_a_paired_deal_is_both_seatings_of_one_deal_with_each_players_own_stream(a, b):
    twice, wins = paired_deals(parse_player(a, False), parse_player(b, False), PLACEMENT, 11, 0, 6)
    assert (twice.tolist(), wins.tolist()) == _by_hand(a, b, 11, 6)


def test_swapping_the_players_negates_the_margin_and_every_game_has_one_winner():
    ab = pa.head_to_head.tournament(["tuned", "greedy"], deals=300, seed=3)
    ba = pa.head_to_head.tournament(["greedy", "tuned"], deals=300, seed=3)
    (m,), (n,) = ab.matches, ba.matches
    assert m.margin == -n.margin and m.margin_stderr == n.margin_stderr and m.margin != 0
    assert m.wins + n.wins == pytest.approx(1, abs=1e-12)


def test_every_pair_plays_the_same_deals_and_the_standings_average_the_matches():
    three = pa.head_to_head.tournament(["greedy", "tuned", "random"], deals=200, seed=5)
    alone = pa.head_to_head.tournament(["greedy", "tuned"], deals=200, seed=5)
    assert three.matches[0] == alone.matches[0]  # greedy v tuned: the same deals in both
    margins = {(m.first, m.second): m.margin for m in three.matches}
    standing = {s.player: s for s in three.standings}
    assert standing["tuned"].margin == pytest.approx(
        (-margins["greedy", "tuned"] + margins["tuned", "random"]) / 2, abs=1e-9
    )
    assert sum(s.margin for s in three.standings) == pytest.approx(0, abs=1e-9)  # a zero-sum field
    assert [s.margin for s in three.standings] == sorted((s.margin for s in three.standings), reverse=True)


def test_the_tuning_objective_is_the_tuned_players_margin_in_a_round_robin():
    score = paired_score(tuned_vector(), deals=2_500, seed=9)  # two blocks
    (match,) = pa.head_to_head.tournament(["tuned", "greedy"], deals=2_500, seed=9).matches
    assert (match.margin, match.margin_stderr) == (score.margin, score.stderr)


def test_threads_and_blocks_change_nothing():
    players = ["rollout:2", "greedy"]
    one = pa.head_to_head.tournament(players, deals=30, seed=2, threads=1)
    two = pa.head_to_head.tournament(players, deals=30, seed=2, threads=2)
    assert one.matches == two.matches and one.standings == two.standings


def test_the_betting_game_pairs_final_stacks():
    result = pa.head_to_head.tournament(["greedy+never", "tuned+threshold"], betting=True, deals=40, seed=4)
    (m,) = result.matches
    assert result.betting and result.rules is not None
    assert -1600 <= m.margin <= 1600 and m.margin_stderr > 0 and 0 <= m.wins <= 1
    # players that draw no random numbers (threshold estimates its equities by sampling)
    ab, ba = (
        pa.head_to_head.tournament(players, betting=True, deals=40, seed=4).matches[0]
        for players in (["greedy+never", "tuned+never"], ["tuned+never", "greedy+never"])
    )
    assert ab.margin == -ba.margin != 0
    assert parse_player("greedy", True)[2] is not None  # threshold when none is named


@pytest.mark.parametrize(
    "players, kwargs, message",
    [
        (["greedy"], {}, "at least two players"),
        (["greedy", "greedy"], {}, "named twice"),
        (["greedy+never", "tuned"], {}, "only the betting game"),
        (["greedy", "bogus"], {}, "unknown policy 'bogus'"),
        (["greedy", "tuned"], {"deals": 0}, "deals must be 1"),
        (["greedy", "tuned"], {"crazy": True}, "crazy needs a fixed round type"),
    ],
)
def test_bad_tournaments_are_refused(players, kwargs, message):
    with pytest.raises(ValueError, match=message):
        pa.head_to_head.tournament(players, **kwargs)


def test_the_command_prints_standings_and_matches_and_json(main_run):
    code, out, _ = main_run("h2h", "tournament", "greedy", "tuned", "random", "-n", "50", "--seed", "1")
    assert code == 0
    assert "50 paired deals a pair" in out and "standings, $ per game" in out and "tuned" in out
    code, out, _ = main_run("h2h", "tournament", "greedy", "tuned", "-n", "50", "--seed", "1", "--json")
    data = json.loads(out)
    assert code == 0 and data["deals"] == 50 and data["seed"] == 1
    assert [m["first"] for m in data["matches"]] == ["greedy"] and len(data["standings"]) == 2


@pytest.mark.parametrize(
    "args, code, text",
    [
        (["greedy"], 1, "at least two players"),
        (["greedy", "tuned+never"], 1, "only the betting game"),
        (["greedy", "tuned", "--deals", "0"], 2, "--deals"),
        (["greedy", "tuned", "--chart", "r.txt"], 2, "--chart takes a .png file"),
    ],
)
def test_the_command_refuses_bad_input_in_one_line(main_run, args, code, text):
    status, _, err = main_run("h2h", "tournament", *args)
    assert status == code and text in err and "Traceback" not in err
