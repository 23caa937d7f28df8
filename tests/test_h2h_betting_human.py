"""The Head to Head betting game played by a person (``head-to-head play --human --betting``,
``pa.head_to_head.human_game(..., betting=True)``): the game he plays is the simulated one, the
chips add up, he sees only what the rules show him, his choices are valued, and the terminal game
takes bad input, the end of the input and Ctrl-C without a traceback."""

from __future__ import annotations

import io

import numpy as np
import pytest

import analyzer as pa
from analyzer.cards import format_cards
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.betting.engine import CALL, DECLINE, RAISE
from analyzer.games.head_to_head.betting.human import BET, PLACE, RESPOND, BetAction
from analyzer.games.head_to_head.betting.play import BET_TALLY, _play_betting_games, parse_bet_policy
from analyzer.games.head_to_head.betting.policies import _policy_open, _policy_respond
from analyzer.games.head_to_head.betting.rules import BettingRules
from analyzer.games.head_to_head.play import parse_round_type, seat_policies
from analyzer.games.head_to_head.rollout import _policy_move
from analyzer.sim.seeds import chunk_state
from conftest import CtrlCInput, assert_game_abandoned

THRESHOLD = parse_bet_policy("threshold")


def _play_as_threshold(game) -> None:
    """Play the person's seat as greedy placement and threshold betting, on the seat's own stream
    (the one a simulation gives seat 0), until the game ends."""
    params, vectors = seat_policies("greedy", "greedy")
    rng = game._seats[0]
    while not game.over:
        st = game.state
        if game.decision == PLACE:
            choice, row, side = (int(x) for x in _policy_move(st, params, vectors, game._seats, None))
            game.play(next(m for m in game.moves() if (m.choice, m.row, m.side) == (choice, row, side)))
        elif game.decision == BET:
            row, amount = (int(x) for x in _policy_open(st, 0, THRESHOLD, rng, None))
            game.act(BetAction(row, -1, amount if row >= 0 else 0))
        else:
            action, amount = (int(x) for x in _policy_respond(st, 0, game.facing, THRESHOLD, rng, None))
            game.act(BetAction(game.facing, action, amount))


@pytest.mark.parametrize("round_type, opponent", [("roll", "tuned"), ("share2", "greedy")])
def test_a_person_playing_threshold_gets_the_simulated_game(round_type, opponent):
    """With the person playing greedy placement and threshold betting, the game is the first
    game a simulation of that player against the opponent plays with the same seed: the same
    deals, bets and final stacks."""
    game = pa.head_to_head.human_game(opponent, round_type=round_type, betting=True, seed=21)
    _play_as_threshold(game)
    assert sum(game.stacks) == 2800 and game.winner in (0, 1)
    params, vectors = seat_policies("greedy", opponent)
    bparams = np.stack([THRESHOLD, THRESHOLD])
    tallies = np.zeros(BET_TALLY, np.int64)
    kind = parse_round_type(round_type)
    rules = BettingRules().codes()
    _play_betting_games(kind, 0, 0, 0, rules, params, vectors, bparams, chunk_state(21, 0), 1, tallies, None)
    assert tallies[3] == game.stacks[0]  # seat 0's final stack in the one game
    assert tallies[1] == (game.winner == 0)
    assert game.events[-1] in ("you win the game", "the opponent wins the game")


def test_the_board_shows_no_hidden_card():
    """In Draw 1 and Hold 3 neither the opponent's hand, nor the card he drew, nor the deck
    appears in what the person is shown, when he bets, answers a bet or places."""
    seen_respond = False
    for round_type, seed in (("hold3", 5), ("draw1", 8)):
        game = pa.head_to_head.human_game("greedy", round_type=round_type, betting=True, seed=seed)
        for _ in range(30):
            st = game.state
            hidden = {int(c) for c in st[E.HAND + 4 : E.HAND + 4 + st[E.HAND_N + 1]]}
            hidden |= {int(c) for c in st[E.DECK + st[E.TOP] : E.DECK + st[E.END]]}
            if E._mover(st) == 1:  # the opponent's drawn card while you answer his bet
                hidden |= {int(c) for c in st[E.PENDING : E.PENDING + st[E.PENDING_N]]}
                seen_respond = True
            assert not set(format_cards(sorted(hidden)).split()) & set(game.board().split())
            if game.decision == PLACE:
                game.play(game.moves()[0])
            else:  # bet the most on the first open row, and raise: the opponent answers
                game.act(game.bet_actions()[-1])
    assert seen_respond


def test_betting_actions_are_named_in_words():
    game = pa.head_to_head.human_game("greedy", round_type="open5", betting=True, seed=1)
    assert game.decision == BET and game.stacks == (800, 800)
    assert game.action_from_text("n") == BetAction(-1, -1)
    assert game.action_from_text("bet $50 on row 2") == game.action_from_text("b 2 50") == BetAction(1, -1, 50)
    for text, message in [
        ("x", "say n"),
        ("b 9 50", "not open to betting"),
        ("b 1 55", "in steps of the min bet"),
        ("b 1 500", r"\$10 to \$100"),
        ("b 1", "a row and an amount"),
        ("c", "say n"),
        ("b one 50", "whole numbers"),
    ]:
        with pytest.raises(ValueError, match=message):
            game.action_from_text(text)
    with pytest.raises(ValueError, match="not a legal action now"):
        game.act(BetAction(1, CALL))
    with pytest.raises(ValueError, match="not your turn to place"):
        game.play(game.moves()[0])
    game.act(game.action_from_text("b 1 100"))
    while game.decision != RESPOND:  # play on to a bet the person answers
        game.play(game.moves()[0]) if game.decision == PLACE else game.act(game.bet_actions()[-1])
    assert game.action_from_text("d") == BetAction(game.facing, DECLINE)
    assert game.action_from_text("call") == BetAction(game.facing, CALL)
    for text, message in [("r", "one amount"), ("c 10", "takes no amount"), ("b 1 50", "say d")]:
        with pytest.raises(ValueError, match=message):
            game.action_from_text(text)
    raises = [a for a in game.bet_actions() if a.response == RAISE]
    if raises:
        assert game.action_from_text(f"r {raises[0].amount}") == raises[0]


def test_advice_values_the_choices_with_yours_among_them():
    game = pa.head_to_head.human_game("greedy", round_type="draw1", betting=True, seed=3)
    mine = game.action_from_text("b 1 30")
    advice = game.advice(trials=40, include=mine)
    labels = [v.label for v in advice.values]
    assert "no bet" in labels and mine.label in labels and "bet $100 on row 1" in labels
    assert advice.best.regret == 0 and all(v.regret >= 0 for v in advice.values)
    assert advice.value_of(mine.label).regret_stderr >= 0
    game.act(game.action_from_text("n"))
    assert game.decision == PLACE
    placements = game.advice(trials=20)
    assert {v.label for v in placements.values} == {m.label for m in game.moves()}


@pytest.mark.parametrize(
    "stdin, shown",
    [
        (
            io.StringIO("foo\nb 9 50\nb 1 55\n\nq\n"),
            ["say n (no bet)", "row 9 is not open", "in steps of the min bet", "say a move, or q"],
        ),
        (io.StringIO(""), []),
        (CtrlCInput(), []),
    ],
)
def test_the_terminal_game_reprompts_and_ends_cleanly(main_run, monkeypatch, stdin, shown):
    monkeypatch.setattr("sys.stdin", stdin)
    code, out, err = main_run(
        "h2h", "play", "--human", "--betting", "--second", "greedy", "--type", "draw1", "--seed", "1"
    )
    assert_game_abandoned(code, out, err, "bet on row 1: b 1 AMOUNT", shown)
    assert "stacks you $800, opponent $800" in out


def test_a_decision_in_the_terminal_shows_the_strong_choice_and_its_value(main_run, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("b 2 40\n1\nq\n"))
    code, out, _ = main_run(
        "h2h", "play", "--human", "--betting", "--second", "greedy", "--type", "open5", "--seed", "1"
    )
    assert code == 0 and out.rstrip().endswith("game abandoned")
    assert "you: bet $40 on row 2: EV $" in out and "regret $" in out and "strong play: " in out
    assert "you: " in out.split("your move")[1]  # the placement valued too
    assert "greedy placement and threshold betting for both" in out


def test_human_play_refuses_json_and_bad_betting_options(main_run):
    code, _, err = main_run("h2h", "play", "--human", "--betting", "--json")
    assert code == 2 and "no --json" in err
    code, _, err = main_run("h2h", "play", "--human", "--betting", "--second-bets", "bluff")
    assert code == 1 and err.count("\n") == 1 and "unknown betting policy" in err
    with pytest.raises(ValueError, match="betting=True"):
        pa.head_to_head.human_game("greedy", opponent_bets="never")


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (("--first-bets", "never"), "--first-bets and --second-bets are betting policies: give --betting too"),
        (("--second-bets", "never"), "--first-bets and --second-bets are betting policies: give --betting too"),
        (("--human", "--second-bets", "never"), "give --betting too"),
        (("--human", "--betting", "--first-bets", "never"), "--first-bets: in a --human game you bet yourself"),
    ],
)
def test_betting_policies_that_would_be_ignored_are_usage_errors(main_run, args, words):
    code, _, err = main_run("h2h", "play", "-n", "10", *args)
    assert code == 2 and err.count("\n") == 1 and words in err
