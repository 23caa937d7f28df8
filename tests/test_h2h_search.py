"""The Head to Head search player (``search[:N[:BASE]]``, rollout._lookahead_move): its names, and
its choices against the exact values of every move under its base policy."""

from __future__ import annotations

import json
from math import perm

import numpy as np
import pytest

from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head import policies as P
from analyzer.games.head_to_head import rollout as R
from analyzer.games.head_to_head.play import parse_policy, policy_vector
from analyzer.games.head_to_head.tuned import tuned_vector
from analyzer.sim.seeds import chunk_state
from test_h2h_engine import reach


@pytest.mark.parametrize(
    "spec, params",
    [("search", [P.SEARCH, 1024, P.TUNED]), ("search:64", [P.SEARCH, 64, P.TUNED]), ("search:8:greedy", [4, 8, 1])],
)
def test_search_names(spec, params):
    assert parse_policy(spec).tolist() == params


@pytest.mark.parametrize("spec", ["search:0", "search:8:rollout", "search:8:tuned:1", "search:x"])
def test_bad_search_names_are_refused(spec):
    with pytest.raises(ValueError, match=r"search|policy|expected"):
        parse_policy(spec)


def test_search_plays_the_tuned_vector_over_a_tuned_base_only():
    assert (policy_vector("search") == tuned_vector()).all()
    assert (policy_vector("search:64:greedy") != tuned_vector()).any()


def _exact_values(st: np.ndarray, vectors: np.ndarray) -> np.ndarray:
    """Every move's exact mean total under tuned play for both players, over every ordering of
    the cards still to come (rollout._enumerate_moves, as `head-to-head place --exact` runs it)."""
    moves = P._count_moves(st)
    me = E._mover(st)
    m = len(R._unseen_cards(st, me))
    draws = int(st[E.HAND_N + 1 - me] + R._future_draws(st))
    tallies = np.zeros((moves, R.TALLY_WIDTH), np.int64)
    visited = R._enumerate_moves(st, np.full(2, P.TUNED), vectors, draws, 0, m, tallies)
    assert visited == perm(m, draws)
    return tallies[:, 0] / visited


LATE_POSITIONS = [(E.DRAW1, 4, 27), (E.PLAY4, 3, 17), (E.PLAY4, 4, 25), (E.HOLD3, 3, 23), (E.HOLD3, 4, 30)]


def test_with_a_large_budget_search_picks_a_best_move_under_its_base():
    """Late in a round few orderings are left, so every move's value under tuned play is exact;
    with 4,096 play-outs a move the search plays is within 0.05 halves of the best one."""
    vectors = np.stack([tuned_vector(), tuned_vector()])
    params = np.array([P.SEARCH, 4096, P.TUNED])
    spread = 0.0
    for kind, rows, turn in LATE_POSITIONS:
        st = reach(kind, rows, turn, seed=30 + turn)
        moves = P._count_moves(st)
        assert moves > 2
        exact = _exact_values(st, vectors)
        spread = max(spread, exact.max() - exact.min())
        for seed in range(3):
            choice, row, side = R._lookahead_move(st, params, vectors[0], chunk_state(seed, 0))
            index = next(m for m in range(moves) if P._move_at(st, m) == (choice, row, side))
            assert exact[index] >= exact.max() - 0.05, (kind, rows, turn, exact, index)
    assert spread > 0.1  # the choices mattered (by up to 0.19 halves of a row pot here)


@pytest.mark.slow
def test_a_single_legal_move_is_played_without_search():
    st = reach(E.DRAW1, 3, 23, seed=5)  # the last placement of the round: one space left
    assert P._count_moves(st) == 1
    rng = chunk_state(1, 0)
    before = rng.copy()
    assert R._lookahead_move(st, np.array([P.SEARCH, 64, P.TUNED]), tuned_vector(), rng) == P._move_at(st, 0)
    assert (rng == before).all()


@pytest.mark.slow
def test_values_under_full_policies_agree_with_the_exact_values_of_base_players():
    """The strong-continuation sampler (rollout._sample_moves_under) with greedy players for
    both seats estimates the exact values of every move (rollout._enumerate_moves) within a few
    standard errors."""
    st = reach(E.HOLD3, 4, 30, seed=60)
    vectors = np.stack([tuned_vector(), tuned_vector()])
    exact = _exact_values(st, vectors)
    moves = P._count_moves(st)
    tallies = np.zeros((moves, R.TALLY_WIDTH), np.int64)
    trials = 4_000
    params = np.array([[P.TUNED, 0, 0], [P.TUNED, 0, 0]])
    R._sample_moves_under(st, params, vectors, chunk_state(3, 0), trials, tallies)
    mean = tallies[:, 0] / trials
    se = np.sqrt(np.maximum(tallies[:, 1] / trials - mean**2, 0) / trials)
    assert (np.abs(mean - exact) <= 4 * se + 1e-12).all(), (mean, exact, se)


@pytest.mark.slow
def test_place_values_every_move_under_the_search_player(main_run):
    code, out, _ = main_run(
        "h2h", "place", "--round", "3", "--type", "hold3", "--common", "7s Kd 2h Qc 9d",
        "--cards", "Ah Qd 7c", "--policy", "search:8", "-n", "20", "--seed", "1", "--json",
    )  # fmt: skip
    assert code == 0
    data = json.loads(out)
    assert data["policy"] == "search:8" and data["trials"] == 20 and not data["exact"]
    assert all(m["stderr"] > 0 for m in data["moves"]) and data["moves"][0]["regret"] == 0
    code, _, err = main_run(
        "h2h", "place", "--round", "1", "--type", "draw1", "--common", "7s Kd 2h", "--cards", "Ah",
        "--policy", "search:8", "--exact",
    )  # fmt: skip
    assert code == 1 and "exact values need deterministic policies" in err
