"""Head to Head played by a person (``head-to-head play --human``, ``pa.head_to_head.human_game``):
the game he plays is the simulated one, he sees only what the rules show him, and the terminal
game takes bad input, the end of the input and Ctrl-C without a traceback."""

from __future__ import annotations

import io

import numpy as np
import pytest

import analyzer as pa
from analyzer.cards import format_cards
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head import policies as P
from analyzer.games.head_to_head.play import GAME_TALLY, _play_games, parse_round_type, seat_policies
from analyzer.games.head_to_head.rollout import lookahead_flag
from analyzer.sim.seeds import chunk_state
from conftest import CtrlCInput, assert_game_abandoned


def _play_as_greedy(game) -> None:
    """Play the human seat with the greedy policy's moves until the game ends."""
    while not game.over:
        choice, row, side = (int(x) for x in P._greedy_move(game.state))
        game.play(next(m for m in game.moves() if (m.choice, m.row, m.side) == (choice, row, side)))


@pytest.mark.parametrize("round_type, crazy, opponent", [("roll", False, "tuned"), ("hold3", True, "random")])
def test_a_person_playing_greedy_gets_the_simulated_game(round_type, crazy, opponent):
    """With the person playing the greedy moves, the game is the first game a simulation of
    greedy against the opponent plays with the same seed: the same deals, the same chips."""
    game = pa.head_to_head.human_game(opponent, round_type=round_type, crazy=crazy, seed=21)
    _play_as_greedy(game)
    assert sum(game.chips) == 2400 and game.winner in (0, 1)
    params, vectors = seat_policies("greedy", opponent)
    tallies = np.zeros(GAME_TALLY, np.int64)
    kind = parse_round_type(round_type)
    _play_games(kind, int(crazy), 0, 0, params, vectors, chunk_state(21, 0), 1, tallies, lookahead_flag(params))
    assert tallies[4] == game.chips[0] - game.chips[1]  # the chip margin of the one game
    assert tallies[1 + game.winner] == 1
    assert game.events[-1] in ("you win the game", "the opponent wins the game")


def test_the_board_shows_no_hidden_card():
    """In Hold 3 the opponent's hand and the deck never appear in what the person is shown."""
    game = pa.head_to_head.human_game("greedy", round_type="hold3", seed=5)
    for _ in range(10):
        hidden = {int(c) for c in game.state[E.HAND + 4 : E.HAND + 4 + game.state[E.HAND_N + 1]]}
        hidden |= {int(c) for c in game.state[E.DECK + game.state[E.TOP] : E.DECK + game.state[E.END]]}
        shown = set(format_cards(sorted(hidden)).split())
        assert not shown & set(game.board().split())
        assert not shown & set(game.position().to_dict()["cards"])
        game.play(game.moves()[0])


def test_moves_are_named_by_number_or_by_card_and_row():
    game = pa.head_to_head.human_game("greedy", round_type="open5", crazy=True, seed=2)
    moves = game.moves()
    assert game.move_from_text(str(len(moves))) == moves[-1]
    m = moves[1]  # the first card on the opponent's side of row 1
    assert m.side == 1 and game.move_from_text(f"{format_cards([m.card])} row 1 opp") == m
    for text, message in [
        ("0", "no move 0"),
        ("Zz 1", "bad card"),
        ("Ah Kh", "which row"),
        ("1 2 3 4 5", "say a move number"),
        (f"{format_cards([m.card])} 1 sideways", "'you' or 'opponent'"),
        (f"{format_cards([m.card])} 7", "cannot go on row 7"),
    ]:
        with pytest.raises(ValueError, match=message):
            game.move_from_text(text)


def test_advice_values_every_move_and_the_search_player_picks_one():
    game = pa.head_to_head.human_game("greedy", round_type="draw1", seed=3)
    advice = game.advice(trials=200)
    assert {m.label for m in advice.moves} == {m.label for m in game.moves()}
    assert "tuned" in advice.continuation and not advice.run.exact
    assert game.strong_move() in game.moves()


@pytest.mark.parametrize(
    "stdin, shown",
    [
        (io.StringIO("foo\n0\nZz 1\n\nq\n"), ["say a move number", "no move 0", "bad card 'Zz'", "say a move, or q"]),
        (io.StringIO(""), []),
        (CtrlCInput(), []),
    ],
)
def test_the_terminal_game_reprompts_and_ends_cleanly(main_run, monkeypatch, stdin, shown):
    monkeypatch.setattr("sys.stdin", stdin)
    code, out, err = main_run("h2h", "play", "--human", "--second", "greedy", "--type", "draw1", "--seed", "1")
    assert_game_abandoned(code, out, err, "row 1: you -", shown)


def test_a_move_in_the_terminal_shows_the_strong_move_and_its_value(main_run, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nq\n"))
    code, out, _ = main_run("h2h", "play", "--human", "--second", "greedy", "--type", "draw1", "--seed", "1")
    assert code == 0
    assert "you played" in out and "regret $" in out and "the ismcts player would play" in out
    assert "they assume you play tuned, the opponent tuned" in out and "* opponent places" in out


def test_human_play_refuses_json(main_run):
    code, _, err = main_run("h2h", "play", "--human", "--json")
    assert code == 2 and "no --json" in err


def test_a_crazy_game_on_rolled_rounds_is_refused_as_play_refuses_it(main_run):
    """``crazy`` with rounds rolled on the die (where a 6 makes a round Crazy) was dropped
    without a word by the human game; it is refused there as by play and tournament."""
    with pytest.raises(ValueError, match="crazy needs a fixed round type"):
        pa.head_to_head.human_game("greedy", crazy=True)
    assert pa.head_to_head.human_game("greedy", round_type="open5", crazy=True, seed=1) is not None
    code, _, err = main_run("h2h", "play", "--human", "--crazy")
    assert code == 1 and err.count("\n") == 1 and "crazy needs a fixed round type" in err
