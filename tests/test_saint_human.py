"""Saint Poker played by a person (``saint-poker play --human``, ``pa.saint_poker.human_game``):
the game he plays is the simulated one, he sees only what the rules show him, and the terminal
game takes bad input, the end of the input and Ctrl-C without a traceback."""

from __future__ import annotations

import io

import numpy as np
import pytest

import analyzer as pa
from analyzer.cards import format_cards
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.play import PER_PLAYER, TALLY, _play_games, parse_policies
from analyzer.games.saint_poker.policies import policy_weights
from analyzer.games.saint_poker.table import _policy_choice
from analyzer.sim.seeds import chunk_state
from conftest import CtrlCInput, assert_game_abandoned


@pytest.mark.parametrize("players, opponents", [(2, "greedy"), (4, "save,random")])
def test_a_person_playing_greedy_gets_the_simulated_game(players, opponents):
    """With the person making the greedy choices (on his seat's own stream), the game is the
    first game a simulation of greedy against the opponents plays with the same seed."""
    game = pa.saint_poker.human_game(players, opponents, seed=8)
    params = game._params.copy()
    params[0] = parse_policies("greedy", players)[1][0]
    while not game.over:
        a, b = (int(x) for x in _policy_choice(game.state, 0, params, policy_weights(), game._rngs[0], None))
        game.play((a,) if a == b else (a, b))
    tallies = np.zeros(TALLY, np.int64)
    _play_games(players, np.zeros(3, np.int64), 0, params, policy_weights(), chunk_state(8, 0), 1, tallies, None)
    assert [tallies[2 + p * PER_PLAYER] for p in range(players)] == list(game.scores)
    assert game.events[-1].startswith("game over")
    assert sum(game.scores) >= 36  # every round scored: ties round up (S-8)


def test_the_board_shows_no_hidden_card():
    game = pa.saint_poker.human_game(3, "greedy", seed=4)
    for _ in range(12):
        st = game.state
        hidden = set()
        for p in (1, 2):
            hidden |= {c for c in range(52) if (int(st[E.HAND + p] & ~st[E.KNOWN + p]) >> c) & 1}
        hidden |= {int(c) for c in st[E.DECK + st[E.TOP] : E.DECK + st[E.END]]}
        assert not set(format_cards(sorted(hidden)).split()) & set(game.board().split())
        game.play(game.choices()[0])


def test_choices_are_named_by_number_or_by_cards():
    game = pa.saint_poker.human_game(2, "greedy", seed=1)
    choices = game.choices()
    assert game.choice_from_text("2") == choices[1]
    assert game.choice_from_text(format_cards(choices[-1])) == choices[-1]
    for text, message in [("0", "no choice 0"), ("Zz", "bad card"), ("Ah Kh", "takes 1 card")]:
        with pytest.raises(ValueError, match=message):
            game.choice_from_text(text)
    outside = next(c for c in range(52) if (c,) not in choices)
    with pytest.raises(ValueError, match="not in your hand"):
        game.choice_from_text(format_cards([outside]))


def test_bad_opponents_are_refused():
    with pytest.raises(ValueError, match="give 1 to 1 opponent"):
        pa.saint_poker.human_game(2, "greedy,save")
    with pytest.raises(ValueError, match="2 to 5 players"):
        pa.saint_poker.human_game(6, "greedy")


@pytest.mark.parametrize(
    "stdin, shown",
    [
        (io.StringIO("foo\n0\n\nq\n"), ["bad card 'foo'", "no choice 0", "say a move, or q"]),
        (io.StringIO(""), []),
        (CtrlCInput(), []),
    ],
)
def test_the_terminal_game_reprompts_and_ends_cleanly(main_run, monkeypatch, stdin, shown):
    monkeypatch.setattr("sys.stdin", stdin)
    code, out, err = main_run("saint", "play", "--human", "-k", "2", "--policies", "greedy", "--seed", "1")
    assert_game_abandoned(code, out, err, "your hand:", shown)


def test_a_decision_in_the_terminal_shows_the_strong_choice_and_its_value(main_run, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("1\nq\n"))
    code, out, _ = main_run("saint", "play", "--human", "-k", "2", "--policies", "greedy", "--seed", "1")
    assert code == 0
    assert "you chose" in out and "P(win game)" in out and "the search player would choose" in out
    assert "they assume every player then plays greedy" in out and "* river cards:" in out


def test_human_play_takes_the_default_rules_only(main_run):
    code, _, err = main_run("saint", "play", "--human", "--snake-draft")
    assert code == 2 and "default rules" in err
