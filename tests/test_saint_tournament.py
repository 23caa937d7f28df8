"""Saint Poker tournaments, deals and seats paired (``saint-poker tournament``,
``pa.saint_poker.tournament``): exact invariants of the pairing, agreement with plain games seat
by seat, the study's cells, and the command."""

from __future__ import annotations

import json

import numpy as np
import pytest

import analyzer as pa
from analyzer.games.saint_poker import tournament as T
from analyzer.games.saint_poker.play import parse_policy
from analyzer.games.saint_poker.rollout import SHARE
from analyzer.games.saint_poker.tuning import paired_cell
from analyzer.sim.runner import Runner


@pytest.mark.parametrize("seats", [2, 4])
def test_the_field_policy_gets_exactly_the_fair_share(seats):
    """A player who plays like the field, in every seat of the same deal, wins exactly one game's
    worth over the seats (the shares of a game sum to 1): win share 1 / seats, no error."""
    result = pa.saint_poker.tournament(["greedy", "save"], seats=seats, deals=60, seed=3)
    greedy = next(s for s in result.standings if s.player == "greedy")
    assert greedy.wins == pytest.approx(1 / seats, abs=1e-12) and greedy.wins_stderr == 0
    assert greedy.margin == pytest.approx(0, abs=1e-12)
    (match,) = result.matches
    save = next(s for s in result.standings if s.player == "save")
    assert match.difference == pytest.approx(greedy.wins - save.wins, abs=1e-12) and match.stderr > 0
    assert match.z == pytest.approx(match.difference / match.stderr)


def played_run(seats, names, deals, seed, field):
    """Every player of ``names`` played, those of the field's policy too."""
    params = np.stack([parse_policy(name) for name in names])
    return T._played_run(seats, params, parse_policy(field), deals, seed, None, Runner(threads=1))


@pytest.mark.parametrize("field, seats", [("random", 2), ("search:8", 3), ("rollout:1", 5)])
def test_a_table_of_one_policy_gives_its_player_one_game_a_deal(field, seats):
    """What paired_run relies on to skip a player like the field: played at a table of his own
    policy, random and searching ones included, his shares over the seats sum to exactly one game
    (SHARE units) on every deal."""
    deals = 6
    run = played_run(seats, [field], deals, 11, field)
    assert list(run.tallies) == [deals, deals * SHARE, deals * SHARE * SHARE]


@pytest.mark.parametrize("names, field", [(["save", "greedy", "random"], "greedy"), (["random", "greedy"], "random")])
def test_the_field_player_is_tallied_as_if_played(names, field):
    """The tallies paired_run writes for the players like the field are the integers playing
    them gives."""
    run = T.paired_run(3, names, 30, 4, field=field, runner=Runner(threads=1))
    assert np.array_equal(run.tallies, played_run(3, names, 30, 4, field).tallies)


def test_players_like_the_field_are_not_played(monkeypatch):
    """``search`` and ``search:256`` are the field ``search:256``'s policy: only save is played."""
    calls = []
    played = T._played_run
    monkeypatch.setattr(
        T, "_played_run", lambda seats, params, *a: calls.append(params.tolist()) or played(seats, params, *a)
    )
    result = pa.saint_poker.tournament(["search", "save", "search:256"], field="search:256", deals=2, seed=1, threads=1)
    assert calls == [[parse_policy("save").tolist()]]
    fair = [s for s in result.standings if s.player != "save"]
    assert [(s.wins, s.wins_stderr) for s in fair] == [(1 / 3, 0.0)] * 2
    save = next(s for s in result.standings if s.player == "save")
    first, second, third = result.matches  # search v save, search v search:256, save v search:256
    assert first.difference == pytest.approx(1 / 3 - save.wins) and first.stderr == pytest.approx(save.wins_stderr)
    assert (second.difference, second.stderr, second.z) == (0, 0, None)
    assert third.difference == pytest.approx(-first.difference)


def test_players_all_like_the_field_play_no_game(monkeypatch):
    """When every player is of the field's policy the deals are drawn and no game is played:
    each wins exactly the fair share."""
    calls = []
    played = T._played_run
    monkeypatch.setattr(
        T, "_played_run", lambda seats, params, *a: calls.append(params.shape) or played(seats, params, *a)
    )
    result = pa.saint_poker.tournament(["search", "search:256"], seats=4, field="search", deals=3, seed=1, threads=1)
    assert calls == [(0, 3)] and result.run.trials == 3
    assert [(s.wins, s.wins_stderr) for s in result.standings] == [(1 / 4, 0.0)] * 2
    (match,) = result.matches
    assert (match.difference, match.stderr, match.z) == (0, 0, None)


@pytest.mark.slow
def test_win_shares_agree_with_plain_games_seat_by_seat():
    """save's win share against greedy equals the mean over the seats of its win share in plain
    games (pa.saint_poker.play, save in that seat), within a few standard errors."""
    deals = 1_500
    result = pa.saint_poker.tournament(["save", "greedy"], seats=3, deals=deals, seed=5)
    save = next(s for s in result.standings if s.player == "save")
    shares, variances = [], []
    for seat in range(3):
        policies = ["greedy"] * 3
        policies[seat] = "save"
        games = pa.saint_poker.play(3, policies, games=4_000, seed=10 + seat)
        shares.append(games.seats[seat]["wins"])
        variances.append(games.seats[seat]["wins_stderr"] ** 2)
    plain = sum(shares) / 3
    plain_se = sum(variances) ** 0.5 / 3
    assert abs(save.wins - plain) <= 4 * (save.wins_stderr**2 + plain_se**2) ** 0.5


def test_the_study_cell_is_the_tournament():
    """The paired_tournament study's cells (tuning.paired_cell) and the tournament are one run."""
    shares, pairs = paired_cell(3, ("greedy", "save", "random"), 40, 7)
    result = pa.saint_poker.tournament(["greedy", "save", "random"], seats=3, deals=40, seed=7)
    by_player = {s.player: s for s in result.standings}
    for share in shares:
        assert by_player[share["policy"]].wins == share["wins"]
        assert by_player[share["policy"]].wins_stderr == share["wins_stderr"]
    for pair, match in zip(pairs, result.matches):
        assert (pair["first"], pair["second"]) == (match.first, match.second)
        assert pair["difference"] == match.difference and pair["stderr"] == match.stderr


@pytest.mark.parametrize(
    "players, options, message",
    [
        (["greedy"], {}, "at least two players"),
        (["greedy", "greedy"], {}, "each player is named once"),
        (["greedy", "save"], {"seats": 6}, "2 to 5 players"),
        (["greedy", "bogus"], {}, "unknown policy 'bogus'"),
        (["greedy", "save"], {"deals": 0}, "deals"),
    ],
)
def test_bad_tournaments_are_refused(players, options, message):
    with pytest.raises(ValueError, match=message):
        pa.saint_poker.tournament(players, **options)


def test_a_string_of_players_is_refused():
    with pytest.raises(TypeError, match="list of policy names"):
        pa.saint_poker.tournament("greedy,save")


def test_cli_tournament(main_run):
    code, out, _ = main_run("saint", "tournament", "greedy", "save", "--deals", "20", "--seed", "2", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["deals"] == 20 and data["seed"] == 2 and data["seats"] == 3 and data["field"] == "greedy"
    assert {s["player"] for s in data["standings"]} == {"greedy", "save"}
    assert data["matches"][0]["first"] == "greedy" and "stderr" in data["matches"][0]
    code, out, _ = main_run("saint", "tournament", "greedy", "save", "--deals", "20", "--seed", "2")
    assert code == 0 and "standings: share of the games won" in out and "± s.e." in out
    code, _, err = main_run("saint", "tournament", "greedy", "--deals", "20")
    assert code == 1 and err.strip() == "error: a tournament needs at least two players, got 1"
