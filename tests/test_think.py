"""A thinking time a move for the simulating players (:mod:`analyzer.games._move_cost`): the
budget solved from a line through two measured costs, the players with that budget named so a
game replays, and ``--think`` in the two human games. The solving is checked against a made-up
cost line, where the right budget is known; the real measurements only for what they promise
whatever the machine's speed (a working player of the same kind and base)."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest

import analyzer as pa
from analyzer.games._move_cost import CALIBRATION_BUDGETS, MAX_THINK_MS, fitted_budget, with_budget
from analyzer.games.head_to_head.move_cost import think_budget as h2h_think_budget
from analyzer.games.head_to_head.play import parse_policy as h2h_policy
from analyzer.games.saint_poker import engine as SE
from analyzer.games.saint_poker.move_cost import move_costs as saint_move_costs
from analyzer.games.saint_poker.move_cost import sample_positions as saint_positions
from analyzer.games.saint_poker.move_cost import think_budget as saint_think_budget
from analyzer.games.saint_poker.play import parse_policy as saint_policy
from analyzer.sim.engine import MAX_ROLLOUTS


def line(fixed: float, each: float):
    """Costs on the line ``fixed + each x budget``, and the budgets they were asked for."""
    asked: list[str] = []

    def costs(specs):
        asked.extend(specs)
        return [fixed + each * int(spec.split(":")[1]) for spec in specs]

    return costs, asked


@pytest.mark.parametrize("fixed, each, think", [(0.0, 0.01, 50.0), (3.0, 0.25, 503.0), (1.5, 2.0, 1.5 + 2.0 * 777)])
def test_the_budget_solves_the_line_through_two_costs(fixed, each, think):
    costs, asked = line(fixed, each)
    found = fitted_budget("search:64:tuned", think, lambda _: 64, costs)
    assert asked == [f"search:{n}:tuned" for n in CALIBRATION_BUDGETS]
    assert math.isclose(found.fixed_ms, fixed, abs_tol=1e-9) and math.isclose(found.each_ms, each)
    assert found.budget == round((think - fixed) / each) and found.policy == f"search:{found.budget}:tuned"
    assert found.think_ms == think and f"about {think:g} ms a move" in found.describe()


def test_a_clock_that_cannot_tell_the_budgets_apart_takes_the_cost_as_proportional():
    costs = lambda specs: [2.0, 2.0]  # noqa: E731
    found = fitted_budget("ismcts", 20.0, lambda _: 1024, costs)
    assert found.fixed_ms == 0.0 and found.budget == round(20.0 / (2.0 / CALIBRATION_BUDGETS[1]))


def test_the_budget_stays_in_the_players_range():
    costs, _ = line(0.0, 1e-6)
    assert fitted_budget("search", MAX_THINK_MS, lambda _: 1024, costs).budget == MAX_ROLLOUTS


@pytest.mark.parametrize(
    "spec, think, budget, message",
    [
        ("search", 0, 1024, "bad thinking time 0"),
        ("search", -5.0, 1024, "bad thinking time"),
        ("search", math.nan, 1024, "bad thinking time"),
        ("search", math.inf, 1024, "bad thinking time"),
        ("search", MAX_THINK_MS * 2, 1024, "at most 600,000"),
        ("search", "50", 1024, "bad thinking time '50'"),
        ("greedy", 50.0, 0, "policy 'greedy' plays no budget"),
        ("search", 1.0, 1024, "search needs about 3 ms a move here at its smallest budget"),
    ],
)
def test_bad_thinking_times_are_refused_naming_the_bad_part(spec, think, budget, message):
    costs, _ = line(2.0, 1.0)
    with pytest.raises(ValueError, match=message):
        fitted_budget(spec, think, lambda _: budget, costs)


def test_a_policy_keeps_its_name_and_base_with_its_new_budget():
    assert with_budget("rollout", 7) == "rollout:7" and with_budget(" Search:64:Greedy ", 7) == "search:7:greedy"


def test_head_to_head_thinking_gives_a_player_of_the_same_kind_and_base():
    found = h2h_think_budget("search:64:greedy", 5.0, round_type="open5")
    kind, budget, base = h2h_policy(found.policy)
    assert found.policy == f"search:{found.budget}:greedy" and budget == found.budget >= 1
    assert (kind, base) == tuple(h2h_policy("search:64:greedy")[[0, 2]]) and found.each_ms > 0
    with pytest.raises(ValueError, match="policy 'tuned' plays no budget"):
        h2h_think_budget("tuned", 5.0)


def test_a_thinking_game_replays_from_its_seed_and_the_player_it_names():
    thinking = pa.head_to_head.human_game("ismcts", round_type="open5", seed=4, think_ms=5.0)
    named = pa.head_to_head.human_game(thinking.opponent, round_type="open5", seed=4)
    (found,) = thinking.think
    assert thinking.opponent == found.policy and named.think == ()
    for game in (thinking, named):
        while not game.over:
            game.play(game.moves()[0])
    assert thinking.events == named.events and thinking.chips == named.chips


def test_saint_positions_spread_over_the_game_with_a_choice_to_make():
    states, deciders = saint_positions(120, 3, seed=2)
    again, _ = saint_positions(120, 3, seed=2)
    assert (states == again).all()
    assert set(states[:, SE.ROUND]) == set(range(1, 9)) and set(states[:, SE.PHASE]) == {SE.RIVER, SE.REVEAL, SE.DRAFT}
    assert not ((states[:, SE.ROUND] == 8) & (states[:, SE.PHASE] == SE.DRAFT)).any()
    assert set(deciders) <= {0, 1, 2}
    with pytest.raises(ValueError, match="2 to 5 players"):
        saint_positions(3, 6, seed=1)


def test_saint_costs_order_the_players_as_their_work_does():
    costs = saint_move_costs(["greedy", "search:64", "search:1024"], seats=3, positions=12, repeats=3, seed=2)
    greedy, small, large = (cost.ms_per_move for cost in costs)
    assert greedy < small < large and all(cost.positions == 12 and cost.repeats == 3 for cost in costs)


def test_saint_thinking_sets_every_simulating_opponents_budget():
    game = pa.saint_poker.human_game(3, "search,greedy", seed=5, think_ms=5.0)
    (found,) = game.think
    assert game.names[1:] == (found.policy, "greedy") and saint_policy(found.policy)[1] == found.budget
    assert (saint_policy(found.policy)[[0, 2]] == saint_policy("search")[[0, 2]]).all()
    assert saint_think_budget("rollout:2:tuned", 5.0, seats=2).policy.endswith(":tuned")
    with pytest.raises(ValueError, match="a thinking time needs a simulating opponent"):
        pa.saint_poker.human_game(3, "greedy,save", think_ms=5.0)
    assert np.isfinite(found.each_ms)


def test_the_terminal_games_print_the_thinking_player(main_run, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    code, out, _ = main_run("h2h", "play", "--human", "--type", "draw1", "--think", "4", "--seed", "1")
    assert code == 0 and "Head to Head against ismcts:" in out and "about 4 ms a move on this machine" in out
    monkeypatch.setattr("sys.stdin", io.StringIO("q\n"))
    code, out, _ = main_run("saint", "play", "--human", "-k", "2", "--think", "4", "--seed", "1")
    assert code == 0 and "player 1 (search:" in out and "about 4 ms a move on this machine" in out


@pytest.mark.parametrize(
    "argv, code, message",
    [
        (("h2h", "play", "--think", "5"), 2, "--think sets the opponent's thinking time in a --human game"),
        (("saint", "play", "--think", "5"), 2, "--think sets the opponents' thinking time"),
        (("h2h", "play", "--human", "--think", "0"), 2, "Invalid value for '--think'"),
        (("h2h", "play", "--human", "--second", "tuned", "--think", "5"), 1, "policy 'tuned' plays no budget"),
        (("saint", "play", "--human", "--policies", "greedy", "--think", "5"), 1, "needs a simulating opponent"),
    ],
)
def test_bad_thinking_is_refused_in_one_line(main_run, argv, code, message):
    got, _, err = main_run(*argv)
    assert got == code and message in err and len(err.strip().splitlines()) == 1
