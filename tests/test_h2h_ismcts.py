"""The Head to Head ``ismcts`` players (:mod:`analyzer.games.head_to_head.ismcts`): their names,
legal and reproducible moves, the exact switch in fully known end-games, and (slow) their
agreement with the exact minimax values on the end-game harness of ``test_h2h_endgame``."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.games.head_to_head import endgame as G
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head import policies as P
from analyzer.games.head_to_head import rollout as R
from analyzer.games.head_to_head.play import parse_policy, policy_vector
from analyzer.games.head_to_head.position import position_from_dict
from analyzer.games.head_to_head.tuned import tuned_vector
from analyzer.sim.seeds import chunk_state
from test_h2h_endgame import BLOCKED
from test_h2h_engine import reach

W = tuned_vector()


@pytest.mark.parametrize(
    "spec, params",
    [
        ("ismcts", [P.ISMCTS, 1024, P.TUNED]),
        ("ismcts:64", [P.ISMCTS, 64, P.TUNED]),
        ("ismcts-pure:32:greedy", [P.ISMCTS_PURE, 32, P.GREEDY]),
    ],
)
def test_ismcts_names(spec, params):
    assert parse_policy(spec).tolist() == params


@pytest.mark.parametrize("spec", ["ismcts:0", "ismcts:8:search", "ismcts:8:tuned:1", "ismcts-pure:x"])
def test_bad_ismcts_names_are_refused(spec):
    with pytest.raises(ValueError, match=r"ismcts|policy|expected"):
        parse_policy(spec)


def test_ismcts_plays_the_tuned_vector_over_a_tuned_base():
    assert (policy_vector("ismcts") == W).all() and (policy_vector("ismcts-pure") == W).all()


POSITIONS = [  # (kind, rows, placements made, crazy): every round type, both movers
    (E.DRAW1, 3, 4, 0),
    (E.DRAW1, 5, 21, 1),
    (E.SHARE2, 4, 6, 0),
    (E.SHARE2, 4, 9, 1),
    (E.HOLD3, 4, 9, 0),
    (E.HOLD3, 5, 30, 1),
    (E.PLAY4, 4, 3, 1),
    (E.PLAY4, 5, 18, 0),
    (E.OPEN5, 4, 12, 0),
    (E.OPEN5, 3, 21, 1),
]


@pytest.mark.parametrize("kind, rows, turn, crazy", POSITIONS)
def test_moves_are_legal_and_a_seed_gives_one_move(kind, rows, turn, crazy):
    st = reach(kind, rows, turn, seed=40 + turn, crazy=crazy)
    before = st.copy()
    for kind_code in (P.ISMCTS, P.ISMCTS_PURE):
        params = np.array([kind_code, 48, P.TUNED])
        a, b = chunk_state(5, turn), chunk_state(5, turn)
        move = R._lookahead_move(st, params, W, a)
        assert move == R._lookahead_move(st, params, W, b) and (a == b).all()
        assert 0 <= move[0] < E._choice_slice(st)[1] and E._is_open_space(st, move[1], move[2])
    assert (st == before).all()  # the position is read, never changed


@pytest.mark.parametrize("kind, rows, turn, crazy", [p for p in POSITIONS if p[0] != E.OPEN5])
def test_outside_open5_ismcts_plays_the_search_player(kind, rows, turn, crazy):
    """Measured: the tree loses to successive halving in Hold 3 (docs), so ``ismcts`` searches
    the tree in Open 5 rounds only; ``ismcts-pure`` everywhere."""
    st = reach(kind, rows, turn, seed=40 + turn, crazy=crazy)
    a, b = chunk_state(6, turn), chunk_state(6, turn)
    assert R._lookahead_move(st, np.array([P.ISMCTS, 64, P.TUNED]), W, a) == R._lookahead_move(
        st, np.array([P.SEARCH, 64, P.TUNED]), W, b
    )
    assert (a == b).all()


def test_a_single_legal_move_is_played_without_search():
    st = reach(E.DRAW1, 3, 23, seed=5)  # the last placement of the round: one space left
    assert P._count_moves(st) == 1
    rng = chunk_state(1, 0)
    before = rng.copy()
    assert R._lookahead_move(st, np.array([P.ISMCTS, 64, P.TUNED]), W, rng) == P._move_at(st, 0)
    assert (rng == before).all()


def _values(st):
    tallies = np.zeros((P._count_moves(st), R.TALLY_WIDTH), np.int64)
    G._endgame_tallies(st, tallies)
    return tallies[:, 0]


def _index(st, move):
    return next(m for m in range(P._count_moves(st)) if P._move_at(st, m) == move)


def test_in_a_known_end_game_ismcts_plays_the_first_minimax_move_and_draws_nothing():
    st = position_from_dict(BLOCKED).to_state()
    assert G._solvable(st)
    values = _values(st)
    rng = chunk_state(2, 0)
    before = rng.copy()
    move = R._lookahead_move(st, parse_policy("ismcts"), W, rng)
    assert _index(st, move) == int(np.argmax(values)) and (rng == before).all()


def test_the_tree_search_blocks_where_the_tuned_play_outs_do_not():
    """The issue's example (test_h2h_endgame.BLOCKED): play-outs of tuned play for both seats
    rate 2h on row 1 as good as the blocking moves, since a tuned opponent never takes the 6s
    for his row 3, and `search` loses the row; searching the opponent's replies, ismcts-pure (no
    solver) finds that only the moves that keep the 6s from him win it, on every seed tried."""
    st = position_from_dict(BLOCKED).to_state()
    values = _values(st)
    assert values.max() > values.min()
    assert values[_index(st, R._lookahead_move(st, parse_policy("search"), W, chunk_state(0, 0)))] < values.max()
    for seed in range(4):
        move = R._lookahead_move(st, parse_policy("ismcts-pure:256"), W, chunk_state(seed, 0))
        assert values[_index(st, move)] == values.max()


@pytest.mark.slow
def test_ismcts_against_the_minimax_reference():
    """The end-game harness of test_h2h_endgame (the same 177 Open 5 positions where the move
    matters, the same seeds): `search` picks a minimax move in 150 (84.7%). With its 1,024
    iterations the tree search alone (ismcts-pure) picked one in all 177 when measured; the
    guard asks for the issue's 98%. ``ismcts`` plays these positions with the exact solver and
    must agree in every one."""
    turns = {3: range(20, 24), 4: range(30, 32), 5: range(35, 40)}
    players = {spec: (parse_policy(spec), policy_vector(spec)) for spec in ("ismcts-pure", "ismcts")}
    matters, agree = 0, dict.fromkeys(players, 0)
    for seed in range(20):
        for rows, ts in turns.items():
            for turn in ts:
                for crazy in (0, 1):
                    st = reach(E.OPEN5, rows, turn, seed=7919 * seed + 31 * turn + crazy, crazy=crazy, first=seed % 2)
                    values = _values(st)
                    if values.max() == values.min():
                        continue
                    matters += 1
                    for spec, (params, vector) in players.items():
                        move = R._lookahead_move(st, params, vector, chunk_state(seed, turn))
                        agree[spec] += values[_index(st, move)] == values.max()
    assert matters == 177
    assert agree["ismcts-pure"] >= 0.98 * matters and agree["ismcts"] == matters
