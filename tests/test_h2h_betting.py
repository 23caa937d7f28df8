"""Head to Head betting analyses: the exact exchange model, betting positions and their
action values (exact ones against a brute force scored by eval7), betting games, the
betting studies and the commands."""

from __future__ import annotations

import json
from pathlib import Path

import eval7
import numpy as np
import pandas as pd
import pytest
from numba import njit

from analyzer.cards import format_cards, parse_cards
from analyzer.games._lookahead import NO_LOOKAHEAD
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.betting import policies as BP
from analyzer.games.head_to_head.betting.bet import BET_CHUNK, bet_values, legal_actions
from analyzer.games.head_to_head.betting.engine import RESPONSES
from analyzer.games.head_to_head.betting.model import ExchangeModel
from analyzer.games.head_to_head.betting.play import parse_bet_policy, simulate_betting_games
from analyzer.games.head_to_head.betting.position import bet_position_from_dict
from analyzer.games.head_to_head.betting.rules import BettingRules
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import chunk_state, derive_seed
from analyzer.studies.head_to_head_betting import tables
from h2h_script import VECTORS
from positions import LAST_BET
from tests.cli_process import run_python


def _value(cards: list[int]) -> int:
    return eval7.evaluate([eval7.Card(format_cards([c])) for c in cards])


def _row3_outcomes() -> list[float]:
    """Your share of row 3 (1, 1/2, 0) for every card the opponent may hold."""
    seen = set(parse_cards(LAST_BET["common"]))
    for side in ("you", "opponent"):
        for row in LAST_BET[side]:
            seen |= set(parse_cards(row))
    common = parse_cards(LAST_BET["common"])[2]
    mine = list(parse_cards(LAST_BET["you"][2])) + [common]
    theirs = list(parse_cards(LAST_BET["opponent"][2])) + [common]
    shares = []
    for card in (c for c in range(52) if c not in seen):
        a, b = _value(mine), _value(theirs + [card])
        shares.append(1.0 if a > b else 0.5 if a == b else 0.0)
    return shares


@pytest.mark.parametrize("forfeit", [True, False])
@pytest.mark.jitless
def test_exact_call_and_decline_equal_brute_force(forfeit):
    data = {**LAST_BET, "rules": {"decline_forfeits_own_chips": forfeit}}
    result = bet_values(bet_position_from_dict(data))
    assert result.run.exact and result.run.trials == 52 - 3 - 23
    shares = _row3_outcomes()
    p = sum(shares) / len(shares)
    values = {a.action: a.ev for a in result.actions if a.action != "raise"}
    assert values["call"] == pytest.approx(p * (100 + 2 * 100) - 100, abs=1e-9)  # pot: base + both bets
    assert values["decline"] == pytest.approx(p * 50, abs=1e-9)  # the $50 left goes to the row's winner
    raises = [a for a in result.actions if a.action == "raise"]
    assert [a.amount for a in sorted(raises, key=lambda a: a.amount)] == list(range(10, 101, 10))
    assert result.actions[0].regret == 0 and all(a.stderr == 0 for a in result.actions)


def test_monte_carlo_action_values_agree_with_exact():
    position = bet_position_from_dict(LAST_BET)
    exact = {(a.action, a.amount): a.ev for a in bet_values(position).actions}
    sampled = bet_values(position, exact=False, trials=3_000, seed=4)
    for a in sampled.actions:
        assert abs(a.ev - exact[(a.action, a.amount)]) <= 4 * a.stderr + 1e-9
        exact_regret = exact[(sampled.best.action, sampled.best.amount)] - exact[(a.action, a.amount)]
        assert abs(a.regret - exact_regret) <= 4 * a.regret_stderr + 1e-9
    assert "threshold" in sampled.continuation


def test_regret_standard_errors_are_those_of_the_paired_differences():
    """Each action's regret standard error is that of the best action's stack change minus its
    own over the same samples, measured here one sample at a time (one chunk of ``BET_CHUNK``:
    its stream is ``chunk_state(seed, 0)``)."""
    from analyzer.games.head_to_head.play import seat_policies

    position = bet_position_from_dict(LAST_BET)
    result = bet_values(position, exact=False, trials=BET_CHUNK, seed=6)
    state = position.to_state()
    actions = legal_actions(state, position.facing)
    params, vectors = seat_policies("greedy", "greedy")
    bparams = np.stack([parse_bet_policy("threshold"), parse_bet_policy("threshold")])
    rng = chunk_state(6, 0)
    changes = np.zeros((BET_CHUNK, len(actions)))
    for i in range(BET_CHUNK):
        one = np.zeros((len(actions), 2), np.int64)
        BP._sample_bet_actions(state, 0, actions, params, vectors, bparams, rng, 1, one)
        changes[i] = one[:, 0]
    by_key = {(a.action, a.row, a.amount): a for a in result.actions}
    keys = []
    for row, response, amount in actions.tolist():
        name = ("bet" if row >= 0 else "no bet") if response < 0 else RESPONSES[response]
        keys.append((name, None if row < 0 else row + 1, amount if name in ("bet", "raise") else 0))
    best = keys.index((result.best.action, result.best.row, result.best.amount))
    for index, key in enumerate(keys):
        diff = changes[:, best] - changes[:, index]
        assert by_key[key].regret == pytest.approx(diff.mean(), abs=1e-9)
        assert by_key[key].regret_stderr == pytest.approx(diff.std() / np.sqrt(BET_CHUNK), abs=1e-9)
    assert max(a.regret_stderr for a in result.actions) > 0


@pytest.mark.slow
@pytest.mark.parametrize(
    "players, bets",
    [
        (("greedy", "greedy"), ("threshold", "threshold")),
        (("tuned", "greedy"), ("random", "threshold")),
        (("greedy", "tuned"), ("never", "threshold:cards=0")),
    ],
)
def test_the_exact_scorer_plays_the_last_placement_as_the_general_one(players, bets):
    """At a round's last placement, ``_score_last_actions`` (the exact enumeration's, without
    the play-out of the rest of the round) adds the gains ``_score_bet_actions`` adds, on
    several orderings of the hidden cards, from the same stream."""
    from analyzer.games.head_to_head.play import seat_policies
    from analyzer.games.head_to_head.rollout import _arrange, _unseen_cards

    position = bet_position_from_dict(LAST_BET)
    state = position.to_state()
    actions = legal_actions(state, position.facing)
    params, vectors = seat_policies(*players)
    bparams = np.stack([parse_bet_policy(b) for b in bets])
    draws = 1
    base, work = np.empty_like(state), np.empty_like(state)
    for first in range(len(_unseen_cards(state, 0))):
        _arrange(state, base, 0, np.array([first]), draws, np.ones(4, np.uint64))
        general, last = np.zeros((len(actions), 2), np.int64), np.zeros((len(actions), 2), np.int64)
        BP._score_bet_actions(base, 0, actions, params, vectors, bparams, np.ones(4, np.uint64), work, general, 1)
        tuned = BP.tuned_flag(params)
        BP._score_last_actions(base, 0, actions, params, vectors, bparams, np.ones(4, np.uint64), work, last, tuned)
        assert last.tolist() == general.tolist()


def test_strong_players_value_the_last_placement_as_exact_greedy_play():
    """At the last placement of a round the mover has one legal move, which a search player
    makes at once, as greedy does: the actions' values with search placement (the continuation
    under each player's own policies, Monte Carlo) agree with the exact greedy values within a
    few standard errors, and are reproducible from the seed on any number of threads."""
    position = bet_position_from_dict(LAST_BET)
    exact = {(a.action, a.amount): a.ev for a in bet_values(position).actions}
    strong = bet_values(position, policy="search:8", trials=1_500, seed=5, runner=Runner(threads=1))
    assert not strong.run.exact and strong.run.trials == 1_500
    assert all(a.stderr > 0 for a in strong.actions)
    for a in strong.actions:
        assert abs(a.ev - exact[(a.action, a.amount)]) <= 4 * a.stderr
    again = bet_values(position, policy="search:8", trials=1_500, seed=5, runner=Runner(threads=2))
    assert [(a.label, a.ev, a.stderr) for a in again.actions] == [(a.label, a.ev, a.stderr) for a in strong.actions]


def test_a_rollout_bettor_continuation_is_monte_carlo_with_standard_errors():
    """The rollout bettor answering for the opponent: values sampled with standard errors (its
    answers are random, so never exact), the same actions as under threshold betting."""
    position = bet_position_from_dict(LAST_BET)
    with pytest.raises(ValueError, match="no rollout bettor"):
        bet_values(position, opponent_bet_policy="rollout:2", exact=True)
    result = bet_values(position, opponent_bet_policy="rollout:2", trials=400, seed=2)
    assert not result.run.exact and result.run.trials == 400
    assert sorted(a.label for a in result.actions) == sorted(a.label for a in bet_values(position).actions)
    assert result.players["opponent"]["betting"] == "rollout:2" and any(a.stderr > 0 for a in result.actions)


def test_opening_actions_cover_every_legal_bet():
    position = bet_position_from_dict(
        {"round": 1, "type": "draw1", "common": "7s Kd 2h", "cards": "7h", "stacks": [800, 60]}
    )
    result = bet_values(position, trials=50, seed=1)
    bets = sorted((a.row, a.amount) for a in result.actions if a.action == "bet")
    assert bets == [(row, x) for row in (1, 2, 3) for x in range(10, 61, 10)]  # table stakes: his $60
    assert sum(a.action == "no bet" for a in result.actions) == 1


@pytest.mark.parametrize(
    "data",
    [
        LAST_BET,  # facing a bet
        {**LAST_BET, "stacks": [800, 130]},  # facing a bet, raises capped by his stack
        {"round": 1, "type": "draw1", "common": "7s Kd 2h", "cards": "7h", "stacks": [800, 60]},  # opening
        {"round": 1, "type": "draw1", "common": "7s Kd 2h", "cards": "7h"},
    ],
)
def test_legal_actions_are_the_rows_of_the_action_kernels(data):
    """``legal_actions`` (Python) lists the rows the rollout bettor's kernels list, every step
    allowed, in their order."""
    position = bet_position_from_dict(data)
    state = position.to_state()
    every = np.zeros(0, np.int64)
    if position.facing >= 0:
        kernel_rows = BP._response_actions(state, 0, position.facing, every)
    else:
        kernel_rows = BP._opening_actions(state, 0, every)
    rows = legal_actions(state, position.facing)
    assert rows.dtype == np.int64 and rows.flags.c_contiguous
    assert rows.tolist() == kernel_rows.tolist() and len(rows) > 2


OPEN_ROUND = {"round": 1, "type": "draw1", "common": "7s Kd 2h", "you": ["9c"], "cards": []}  # his turn


@pytest.mark.parametrize(
    "base, change, message",
    [
        (OPEN_ROUND, {"committed": {"you": [0, 0, 0], "opponent": [100, 100, 0]}}, "only one exchange"),
        (
            {**OPEN_ROUND, "you": [], "cards": "Ah"},
            {"committed": {"you": [100, 0, 0], "opponent": [0, 0, 0]}},
            "more on the card",
        ),
        (LAST_BET, {"base": [100, 0, 100]}, "complete"),
        (LAST_BET, {"base": [0, 0, 50]}, "declined"),
        (LAST_BET, {"stacks": [50, 700]}, "table stakes"),
        (LAST_BET, {"committed": {"you": [0, 0, 0], "opponent": [0, 0, 105]}}, "multiples of 10"),
        (LAST_BET, {"rules": {"bet_window": "anyone"}}, "bet window"),
        (LAST_BET, {"stacks": [800]}, "stacks"),
    ],
)
def test_impossible_betting_positions_are_refused(base, change, message):
    with pytest.raises(ValueError, match=message):
        bet_position_from_dict({**base, **change})


def test_the_share2_receiver_has_no_betting_window_by_default():
    data = {"round": 1, "type": "share2", "common": "7s Kd 2h", "cards": "Ah", "opponent": "9c"}
    with pytest.raises(ValueError, match="no betting window"):
        bet_position_from_dict(data)
    bet_position_from_dict({**data, "rules": {"bet_window": "receiver"}})


def test_exchange_model_values_by_hand():
    model = ExchangeModel()
    # facing $100 with nothing else on the card: the pot after a call is 100 + 2 x 100
    assert model.response(0.1, 0, 100)["call"] == pytest.approx(0.1 * 300 - 100)
    assert model.response(0.1, 0, 100)["decline"] == pytest.approx(0.1 * 50)
    assert model.response(0.4, 0, 100)["call"] == pytest.approx(model.response(0.4, 0, 100)["decline"])
    # $100 each from an earlier exchange, facing $100 more: a call makes the pot 100 + 2 x 200
    assert model.response(0.3, 100, 200)["call"] == pytest.approx(0.3 * 500 - 100)
    assert ExchangeModel(forfeit=False).response(0.3, 100, 200)["decline"] == pytest.approx(0.3 * 50 + 100)
    assert "raise" not in model.response(0.9, 100, 200)  # the $200 cap
    # a sure winner's $100 bet is declined: $50 + his $100 back + the last $50, less the bet
    assert model.bet_values(1.0)[100] == pytest.approx(100.0)
    assert model.bet_values(0.0)[0] == 0 and model.bet_values(0.9)[0] == pytest.approx(90.0)


def test_betting_games_are_reproducible_and_conserve_chips():
    a = simulate_betting_games(first_bets="threshold", second_bets="never", games=600, seed=9)
    b = simulate_betting_games(first_bets="threshold", second_bets="never", games=600, seed=9)
    assert a.to_dict() == {**b.to_dict(), "elapsed_seconds": a.run.elapsed}
    d = a.to_dict()
    assert d["first_stack"] + d["second_stack"] == pytest.approx(2800)
    assert len(d["trajectory"]) == 96 and d["trajectory"][-1] == pytest.approx(a.first_stack)
    assert a.first_stack > 1400  # betting on good rows beats never betting


@pytest.mark.parametrize(
    "spec, message",
    [
        ("sometimes", "unknown betting policy"),
        ("never:3", "no parameters"),
        ("random:2", "no parameters"),
        ("threshold:bet=1.5", "probability"),
        ("threshold:fold=0.2", "unknown threshold parameter"),
        ("threshold:size=0", "size"),
        ("threshold:cards=2", "cards"),
        ("rollout:0", "rollout count"),
    ],
)
def test_bad_betting_policies(spec, message):
    with pytest.raises(ValueError, match=message):
        parse_bet_policy(spec)


def test_betting_rules_are_checked():
    with pytest.raises(ValueError, match="multiples"):
        BettingRules(min_bet=30)
    with pytest.raises(ValueError, match="min bet"):
        BettingRules(min_bet=0)


@pytest.mark.slow
def test_betting_studies_run_small(tmp_path):
    results = tables(games=60, rollout_games=2, rating_games=6)
    names = [r.name for r in results]
    assert names == ["response_model", "threshold_tuning", "fresh_card", "stack_trajectories", "ratings"]
    thresholds = results[0].tables["thresholds"]
    open_bets = thresholds[thresholds.committed == 0].sort_values("bet")
    assert open_bets.call_from.is_monotonic_increasing  # a bigger bet needs a better hand to call
    assert (open_bets.raise_from >= open_bets.call_from).all()
    assert len(results[1].tables["threshold_tuning"]) == 25
    assert set(results[2].tables["fresh_card"].round_type) == {"draw1", "share2"}
    ratings = results[4]
    assert len(ratings.tables["ratings"]) == 7 and ratings.manifest["trials"] == 6 * 21
    assert {"chi_square", "degrees", "fit"} <= ratings.manifest["outcomes"].keys()


def test_cli_bet_and_betting_play(tmp_path, cli):
    path = tmp_path / "bet.json"
    path.write_text(json.dumps(LAST_BET))
    run = cli("h2h", "bet", str(path), "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["exact"] and data["actions"][0]["regret"] == 0
    assert {"action", "row", "amount", "ev", "stderr"} <= data["actions"][0].keys()
    path.write_text(json.dumps({**LAST_BET, "stacks": [50, 700]}))
    bad = cli("h2h", "bet", str(path))
    assert bad.returncode == 1 and bad.stderr.count("\n") == 1 and "table stakes" in bad.stderr
    play = cli(
        "h2h", "play", "--betting", "--first", "greedy", "--second", "greedy", "--games", "200", "--seed", "3", "--json"
    )
    assert play.returncode == 0, play.stderr
    stats = json.loads(play.stdout)
    assert stats["games"] == 200 and stats["first_stack"] + stats["second_stack"] == pytest.approx(2800)


@njit(cache=True, nogil=True)
def _conservation_breaches(seed_state, games, forfeit, window):
    """Games (random placement and betting, die-rolled types) whose final stacks do not
    sum to 2 x $800 + the $1,200 of base, or whose stacks ever go negative."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    rules = np.array([forfeit, window, 10, 200, 100], np.int64)
    params = np.zeros((2, 3), np.int64)
    bparams = np.zeros((2, BP.BET_PARAMS), np.int64)
    bparams[:, 0] = BP.RANDOM
    rngs = np.empty((2, 4), np.uint64)
    rngs[0], rngs[1] = seed_state, seed_state[::-1]
    out = np.zeros(BP.BET_GAME_WIDTH, np.int64)
    trajectory = np.zeros(BP.GAME_PLACEMENTS, np.int64)
    breaches = 0
    for _ in range(games):
        BP._play_betting_game(
            st, 0, 0, 0, 0, rules, params, VECTORS, bparams, seed_state, rngs, out, trajectory, NO_LOOKAHEAD
        )
        breaches += out[0] + out[1] != 2800 or out[0] < 0 or out[1] < 0 or trajectory.min() < 0
    return breaches


@pytest.mark.parametrize("games", [5_000, pytest.param(250_000, marks=pytest.mark.slow)])
def test_chips_are_conserved_over_a_million_random_betting_games(games):
    """A million games of random betting (every path of the machine: bets of every size,
    declines, raises to the cap, table stakes) under both H-B2 and both H-B7 settings;
    20,000 in the fast tier."""
    from concurrent.futures import ThreadPoolExecutor

    tasks = [(chunk_state(77, i), games, i % 2, i // 2) for i in range(4)]
    with ThreadPoolExecutor(2) as pool:
        breaches = list(pool.map(lambda task: _conservation_breaches(*task), tasks))
    assert breaches == [0, 0, 0, 0]


def test_committed_fresh_card_result_is_reproduced():
    """The committed Draw 1 'seeing' cell (part 3, cell 0), re-run from the seed derived from its
    manifest's: the same stack."""
    folder = Path(__file__).resolve().parent.parent / "results" / "head_to_head" / "betting" / "fresh_card"
    table = pd.read_csv(folder / "fresh_card.csv")
    manifest = json.loads((folder / "manifest.json").read_text())
    row = table[table.round_type == "draw1"].iloc[0]
    again = simulate_betting_games(
        first_bets="threshold",
        second_bets="threshold",
        round_type="draw1",
        games=int(row.games),
        seed=derive_seed(manifest["seed"], 3, 0),
    )
    assert again.first_stack == pytest.approx(row.stack_seeing, abs=1e-9)


_COLD_ROLLOUT_BETTOR = """
import json, sys
import analyzer as pa
position = {
    "round": 1, "type": "draw1", "common": "7s Kd 2h",
    "you": ["7h 7d 3c 4c", "Ks Kc 5d 4d", "2s 2c 9d"], "opponent": ["As Ad 6h 6d", "Qs Qd Jc 8d", "3d 3h 4h"],
    "cards": ["Jh"], "base": [0, 0, 100], "committed": {"you": [0, 0, 0], "opponent": [0, 0, 0]},
    "stacks": [800, 800],
}
result = pa.head_to_head.bet(position, bet_policy="rollout:4", trials=40, seed=1)
print(json.dumps([[a.action, a.row, a.amount, a.ev] for a in result.actions]))
"""


@pytest.mark.slow
def test_the_rollout_bettor_compiles_cold_and_gives_the_warm_values(tmp_path):
    """The rollout bettor's play-outs finish their exchanges with the lookahead off inside its
    own exchange with it on. With the exchange a kernel of its own, Numba typed that call as a
    recursive one and a cold process aborted on an unresolved symbol; the same query cold and
    then warm (the cache just written) gives the same values."""
    cold = run_python(_COLD_ROLLOUT_BETTOR, cache=tmp_path / "cache", check=False)
    assert cold.returncode == 0, cold.stderr[-2000:]
    warm = run_python(_COLD_ROLLOUT_BETTOR, cache=tmp_path / "cache")
    assert json.loads(cold.stdout) == json.loads(warm.stdout) and len(json.loads(cold.stdout)) > 2
