"""Head to Head: greedy's parameter vector, the tuned policy and the tuning study."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyzer.games._lookahead import NO_LOOKAHEAD
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head import rollout as R
from analyzer.games.head_to_head import tuned as G
from analyzer.games.head_to_head.play import _GameJob, seat_policies
from analyzer.games.head_to_head.policies import GREEDY, RANDOM, TUNED
from analyzer.games.head_to_head.tournament import tournament
from analyzer.games.head_to_head.tuning import paired_score
from analyzer.sim.rng import next_u64
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import chunk_state, derive_seed
from analyzer.sim.tuning import coordinate_search
from analyzer.studies.head_to_head_tuning import TUNING, tuning

RESULTS = Path(__file__).resolve().parent.parent / "results" / "head_to_head"


def _games(kinds, vectors, seed, games=150):
    params = np.array([[k, 0, 0] for k in kinds], np.int64)
    return _GameJob(0, 0, (E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD), params, vectors).run_chunk(
        chunk_state(seed, 0), games
    )


@pytest.mark.parametrize("opponent", [GREEDY, RANDOM])
def test_hand_set_vector_plays_exactly_as_greedy(opponent):
    """The tuned kind under the hand-set vector (read from the argument) plays the very games
    of greedy (the hand-set values compiled in), in either seat: same tallies, game by game."""
    vectors = np.stack([G.HAND_SET, G.HAND_SET])
    for seed in (1, 2):
        greedy = _games((GREEDY, opponent), vectors, seed)
        assert (_games((TUNED, opponent), vectors, seed) == greedy).all()
        assert (_games((opponent, TUNED), vectors, seed) == _games((opponent, GREEDY), vectors, seed)).all()


def test_the_committed_tournament_reproduces_from_its_seed():
    """Greedy v tuned in the committed tournament's first round robin, re-run from its seed."""
    matches = pd.read_csv(RESULTS / "tournament" / "matches.csv")
    row = matches.iloc[2]
    assert (row.round_robin, row["first"], row.second) == ("placement", "greedy", "tuned")
    manifest = json.loads((RESULTS / "tournament" / "manifest.json").read_text())
    (again,) = tournament(["greedy", "tuned"], deals=int(row.deals), seed=derive_seed(manifest["seed"], 2, 0)).matches
    assert again.margin == pytest.approx(row.margin, abs=1e-9)
    assert again.wins == pytest.approx(row.wins, abs=1e-12)
    assert again.margin < -3 * again.margin_stderr  # tuned beats hand-set greedy by more than 3 s.e.


def test_another_vector_changes_the_games():
    """The vector is really read: doubling the made-hand scores changes greedy's games."""
    vectors = np.stack([G.HAND_SET, G.HAND_SET])
    vectors[0, G.MADE : G.MADE + 9] *= 2
    assert (_games((TUNED, GREEDY), vectors, 3) != _games((GREEDY, GREEDY), vectors, 3)).any()


def test_paired_score_is_the_mean_over_both_seatings():
    """The paired margin, recomputed game by game from its definition: deal g's stream is four
    draws of block 0's generator, the candidate plays seat 0 then seat 1 on that stream, and
    the deal scores the mean of its two chip margins over greedy."""
    vector = G.HAND_SET.copy()
    vector[G.FLUSH : G.FLUSH + 4] = 0.0
    deals, seed = 12, 5
    block = chunk_state(seed, 0)
    scores = []
    for _ in range(deals):
        deal = np.array([next_u64(block) for _ in range(4)], np.uint64)
        margins = []
        for seat in (0, 1):
            kinds = [GREEDY, GREEDY]
            kinds[seat] = TUNED
            vectors = np.stack([G.HAND_SET, G.HAND_SET])
            vectors[seat] = vector
            out = np.zeros(R.GAME_WIDTH, np.int64)
            params = np.array([[k, 0, 0] for k in kinds], np.int64)
            rngs = np.ones((2, 4), np.uint64)
            R._play_game(E.new_state(), 0, 0, 0, 0, params, vectors, deal.copy(), rngs, out, NO_LOOKAHEAD)
            margins.append(int(out[seat]) - int(out[1 - seat]))
        scores.append(sum(margins) / 2)
    score = paired_score(vector, deals=deals, seed=seed)
    assert score.deals == deals
    assert score.margin == pytest.approx(np.mean(scores), abs=1e-9)
    assert score.stderr == pytest.approx(np.std(scores) / np.sqrt(deals), rel=1e-9)


def test_coordinate_search_reaches_a_known_optimum():
    """A separable concave objective with its peak at (1.5, -0.75) on the step lattice: the
    search finds it exactly, and never accepts a point that is not strictly better."""
    target = np.array([1.5, -0.75, 0.0])
    best, path = coordinate_search(
        lambda v: -float(np.sum((v - target) ** 2)), np.array([0.0, 0.0, 0.0]), free=(0, 1), first_step=2.5, sweeps=12
    )
    assert best.tolist() == target.tolist()
    record = path[0].objective
    for step in path[1:]:
        assert step.accepted == (step.objective > record)
        record = max(record, step.objective)


def test_tuning_is_reproducible_and_never_worse_on_its_deals():
    """Two tiny runs with one seed give the same vector; its objective on the tuning deals (the
    hand-set start scores 0 there) is never below the start's, and the tables agree."""
    params = dict(tuning_deals=60, sweeps=1, validation_deals=40, seed=11)
    first, again = tuning(**params, runner=Runner(threads=1)), tuning(**params, runner=Runner(threads=1))
    vector = first.tables["vector"]
    assert vector.tuned.tolist() == again.tables["vector"].tuned.tolist()
    assert vector.entry.tolist() == list(G.PARAM_NAMES) and vector.hand_set.tolist() == G.HAND_SET.tolist()
    best = np.array(vector.tuned)
    own = paired_score(best, deals=60, seed=derive_seed(11, TUNING)).margin
    assert own >= 0.0
    assert own == first.tables["validation"].tuning_objective.iloc[0] == first.tables["search_path"].objective.max()
    for gauge in G.GAUGE:
        assert best[gauge] == G.HAND_SET[gauge]


def test_shipped_vector_is_the_committed_tuning_result():
    """The package's tuned_greedy.json holds the committed study's tuned column, entry by entry."""
    vector = pd.read_csv(RESULTS / "tuning" / "vector.csv")
    assert vector.entry.tolist() == list(G.PARAM_NAMES)
    assert G.tuned_vector().tolist() == pytest.approx(vector.tuned.tolist(), rel=1e-9, abs=1e-12)
    assert not (G.tuned_vector() == G.HAND_SET).all()


def test_tuned_vector_data_is_checked():
    data = json.loads(G.TUNED_FILE.read_text())
    assert data["version"] == G.TUNED_VERSION
    with pytest.raises(ValueError, match="version 0"):
        G.vector_from_data({**data, "version": 0}, "x.json")
    with pytest.raises(ValueError, match="expected the entries"):
        G.vector_from_data({**data, "params": {"made_pair": 1.0}}, "x.json")
    with pytest.raises(ValueError, match="contest_scale must be positive"):
        G.check_vector([0.0] * G.N_PARAMS)


def test_seat_policies_give_the_tuned_vector_to_tuned_seats():
    params, vectors = seat_policies("tuned", "rollout:3:tuned", "greedy", "random")
    assert params[:, 0].tolist() == [TUNED, 2, GREEDY, RANDOM] and params[1].tolist() == [2, 3, TUNED]
    assert (vectors[0] == G.tuned_vector()).all() and (vectors[1] == G.tuned_vector()).all()
    assert (vectors[2] == G.HAND_SET).all()
    assert vectors.dtype == np.float64 and vectors.flags.c_contiguous and vectors.flags.writeable


@pytest.mark.parametrize(
    "args",
    [
        ["play", "--first", "tuned", "--second", "greedy", "--games", "40", "--seed", "1"],
        ["play", "--first", "rollout:2:tuned", "--second", "tuned", "--games", "2", "--seed", "1"],
        ["play", "--betting", "--first", "tuned", "--second", "greedy", "--games", "20", "--seed", "1"],
        ["place", "--round", "1", "--type", "draw1", "--common", "7s Kd 2h", "--cards", "Ah", "--policy", "tuned"],
    ],
)
def test_cli_plays_tuned(cli, args):
    run = cli("head-to-head", *args, "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert "tuned" in json.dumps(data)


@pytest.mark.parametrize(
    "args, named",
    [
        (["play", "--first", "tunned", "--games", "2"], "'tunned'"),
        (["play", "--first", "rollout:2:tunned", "--games", "2"], "'rollout:2:tunned'"),
        (
            ["place", "--round", "1", "--type", "draw1", "--common", "7s Kd 2h", "--cards", "Ah", "-p", "tunned"],
            "tunned",
        ),
    ],
)
def test_cli_bad_policy_is_one_line(cli, args, named):
    """A misspelt policy: one line naming it, no traceback, the domain-error exit (1) that every
    policy error of the package has."""
    run = cli("head-to-head", *args)
    assert run.returncode == 1
    assert run.stderr.count("\n") == 1 and named in run.stderr and "tuned" in run.stderr
    assert run.stdout == ""
