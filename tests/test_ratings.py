"""Ratings (analyzer.games.ratings) against truth that is not the fit's own.

* Shares made from known strengths by the model's formula, written here: the fit returns those
  strengths and a chi-square of 0.
* Two players: the closed form, the logit of the share, and the delta method's error.
* The maximum: the likelihood's gradient, written here from the definition, is 0 at the fit.
* Calibration: observations drawn from known strengths (seeded binomial games) give ratings
  within 2 standard errors of the truth about 95% of the time, and a chi-square whose mean is
  its degrees of freedom.
* The chi-square tail against the published 5% and 1% critical values.
* The round robins: Saint Poker's shares are those of the paired tournament with the same
  seed, and both games print their ratings on the command line.
* The committed rating results: their ratings are the fit of their shares, and the shares of
  the cheap players are reproduced from the manifests' seeds.
"""

from __future__ import annotations

import json
import math
from itertools import combinations
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import analyzer as pa
import analyzer.games.ratings as R
from analyzer.games.ratings import ELO, chi_square_tail, fit_ratings
from analyzer.sim.seeds import derive_seed
from analyzer.studies.head_to_head import RATING_SEED_KEY as H2H_RATING_SEED_KEY
from analyzer.studies.head_to_head_betting import RATING_SEED_KEY as BETTING_RATING_SEED_KEY
from analyzer.studies.saint_poker import RATING_SEED_KEY as SAINT_RATING_SEED_KEY


def _share(theta_i: float, theta_j: float, seats: int) -> float:
    """The model's win share, from its definition: exp(t_i) / (exp(t_i) + (n - 1) exp(t_j))."""
    return math.exp(theta_i) / (math.exp(theta_i) + (seats - 1) * math.exp(theta_j))


TRUTH = np.array([0.9, 0.4, 0.0, -0.3, -1.0])  # mean 0
PAIRS = [(i, j) for i in range(5) for j in range(5) if i != j]


def _ratings(result: R.Ratings, names: list[str]) -> np.ndarray:
    by_name = {r.player: r for r in result.ratings}
    return np.array([by_name[n].rating for n in names]) / ELO


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_shares_made_from_known_strengths_give_them_back(seats):
    names = list("abcde")
    observations = [(i, j, _share(TRUTH[i], TRUTH[j], seats), 0.01, seats) for i, j in PAIRS]
    result = fit_ratings(names, observations)
    assert _ratings(result, names) == pytest.approx(TRUTH, abs=1e-9)
    assert result.chi_square == pytest.approx(0, abs=1e-12) and result.degrees == len(PAIRS) - 4
    assert result.reversals == () and result.left_out == ()
    assert [r.player for r in result.ratings] == names  # best first


def test_two_players_follow_the_closed_form():
    share, stderr, seats = 0.3, 0.02, 3
    result = fit_ratings(["a", "b"], [(0, 1, share, stderr, seats)])
    difference = math.log(share / (1 - share)) + math.log(seats - 1)  # logit p = t_a - t_b - log(n - 1)
    a, b = (next(r for r in result.ratings if r.player == n) for n in "ab")
    assert (a.rating - b.rating) / ELO == pytest.approx(difference, abs=1e-9)
    assert a.rating + b.rating == pytest.approx(0, abs=1e-9)
    # each rating is half the difference: its error half the difference's, e / (s (1 - s))
    assert a.stderr / ELO == pytest.approx(stderr / (share * (1 - share)) / 2, rel=1e-9)
    assert result.degrees == 0 and result.p_value is None


def test_the_fit_is_the_likelihoods_maximum():
    rng = np.random.default_rng(7)
    names = list("abcde")
    observations = [(i, j, float(rng.uniform(0.1, 0.6)), float(rng.uniform(0.01, 0.03)), 3) for i, j in PAIRS[:12]]
    theta = _ratings(fit_ratings(names, observations), names)
    gradient = np.zeros(5)
    for i, j, s, e, n in observations:
        p = _share(theta[i], theta[j], n)
        games = s * (1 - s) / e**2
        gradient[i] += games * (s - p)  # d/d t_i of games [s log p + (1 - s) log(1 - p)]
        gradient[j] -= games * (s - p)
    assert np.abs(gradient).max() < 1e-6


def test_ratings_and_fit_are_calibrated_on_simulated_round_robins():
    rng = np.random.default_rng(2026)
    names, seats, games = list("abcde"), 2, 400
    inside, chi_squares = [], []
    for _ in range(300):
        observations = []
        for i, j in combinations(range(5), 2):  # each pair once
            wins = rng.binomial(games, _share(TRUTH[i], TRUTH[j], seats)) / games
            observations.append((i, j, wins, math.sqrt(wins * (1 - wins) / games), seats))
        result = fit_ratings(names, observations)
        by_name = {r.player: r for r in result.ratings}
        inside += [abs(by_name[n].rating / ELO - t) <= 2 * by_name[n].stderr / ELO for n, t in zip(names, TRUTH)]
        chi_squares.append(result.chi_square)
    assert 0.93 <= np.mean(inside) <= 0.97  # 1,500 checks: 95% ± 0.6% (1 s.e.)
    assert np.mean(chi_squares) == pytest.approx(6, abs=0.6)  # 10 pairs - 4 free strengths; s.e. about 0.2


def test_a_cycle_shows_as_a_bad_fit_and_a_reversal():
    # a beats b, b beats c, c beats a, each 70% heads-up (1 s.e. 2%): no ordering fits
    observations = [(0, 1, 0.7, 0.02, 2), (1, 2, 0.7, 0.02, 2), (2, 0, 0.7, 0.02, 2), (0, 3, 0.8, 0.02, 2)]
    observations += [(1, 3, 0.8, 0.02, 2), (2, 3, 0.75, 0.02, 2)]
    result = fit_ratings(["a", "b", "c", "d"], observations)
    assert result.p_value < 1e-6
    assert len(result.reversals) >= 1 and all(abs(r.z) > 2 for r in result.reversals)
    assert "not transitive" in result.fit_text()


def test_shares_of_zero_or_one_are_left_out_and_unconnected_players_refused():
    observations = [(0, 1, 0.6, 0.02, 2), (1, 2, 1.0, 0.0, 2), (0, 2, 0.55, 0.02, 2)]
    result = fit_ratings(["a", "b", "c"], observations)
    assert [(r.player, r.opponent, r.z) for r in result.left_out] == [("b", "c", None)]
    assert "left out" in result.fit_text()
    with pytest.raises(ValueError, match="do not connect every player"):
        fit_ratings(["a", "b", "c"], [(0, 1, 0.6, 0.02, 2)])
    with pytest.raises(ValueError, match="nothing to fit"):
        fit_ratings(["a", "b"], [(0, 1, 0.0, 0.0, 2)])


def test_a_fit_that_does_not_settle_says_so(monkeypatch):
    monkeypatch.setattr(R, "MAX_STEPS", 1)
    with pytest.raises(ValueError, match="did not settle in 1 Newton steps"):
        fit_ratings(["a", "b"], [(0, 1, 0.9, 0.01, 2)])


@pytest.mark.parametrize(
    ("chi_square", "degrees", "tail"),
    # published critical values (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.4)
    [(3.841, 1, 0.05), (7.815, 3, 0.05), (11.070, 5, 0.05), (18.307, 10, 0.05), (31.410, 20, 0.05)]
    + [(11.345, 3, 0.01), (23.209, 10, 0.01), (37.566, 20, 0.01), (76.154, 50, 0.01)],
)
def test_the_chi_square_tail_matches_the_published_critical_values(chi_square, degrees, tail):
    assert chi_square_tail(chi_square, degrees) == pytest.approx(tail, abs=0.003 if degrees < 3 else 0.0015)


def test_saint_poker_round_robin_shares_are_the_paired_tournaments():
    players = ["greedy", "save", "random"]
    result = pa.saint_poker.round_robin(players, seats=3, deals=200, seed=5, threads=1)
    for field in players:
        others = [p for p in players if p != field]
        alone = pa.saint_poker.tournament(others, seats=3, field=field, deals=200, seed=5, threads=1)
        wins = {s.player: (s.wins, s.wins_stderr) for s in alone.standings}
        for share in (s for s in result.shares if s.field == field):
            assert (share.wins, share.wins_stderr) == pytest.approx(wins[share.player], abs=1e-12)
    assert len(result.shares) == 6 and result.ratings.degrees == 4
    assert [r.player for r in result.ratings.ratings][-1] == "random"


def test_the_round_robins_print_their_ratings(cli):
    out = cli("head-to-head", "tournament", "greedy", "tuned", "rollout:4", "-n", "40", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert "ratings, Elo points" in out.stdout and "fit: " in out.stdout
    out = cli("saint-poker", "round-robin", "greedy", "save", "random", "-n", "50", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert {r["player"] for r in data["ratings"]["ratings"]} == {"greedy", "save", "random"}
    assert data["ratings"]["degrees"] == 4 and len(data["shares"]) == 6
    out = cli("saint-poker", "round-robin", "greedy", "save", "-n", "50")
    assert out.returncode == 1 and out.stderr.strip().splitlines()[-1] == (
        "error: a round robin needs at least three players, got 2"
    )


RESULTS = Path(__file__).resolve().parents[1] / "results"


def _committed(game: str) -> tuple[dict, pd.DataFrame, pd.DataFrame]:
    folder = RESULTS / game / "ratings"
    manifest = json.loads((folder / "manifest.json").read_text())
    return manifest, pd.read_csv(folder / "ratings.csv"), pd.read_csv(folder / "observations.csv")


@pytest.mark.parametrize("game", ["head_to_head", "head_to_head/betting", "saint_poker"])
def test_the_committed_ratings_are_the_fit_of_the_committed_shares(game):
    manifest, ratings, observations = _committed(game)
    names = manifest["inputs"]["players"]
    index = {n: i for i, n in enumerate(names)}
    rows = zip(
        observations.player, observations.opponent, observations.observed, observations.stderr, observations.seats
    )
    fit = fit_ratings(names, [(index[a], index[b], s, e, int(n)) for a, b, s, e, n in rows])
    assert list(ratings.player) == [r.player for r in fit.ratings]
    assert ratings.rating.tolist() == pytest.approx([r.rating for r in fit.ratings], abs=1e-6)
    assert ratings.stderr.tolist() == pytest.approx([r.stderr for r in fit.ratings], abs=1e-6)
    assert manifest["outcomes"]["fit"] == fit.fit_text()


def test_the_committed_head_to_head_shares_are_reproduced():
    """A cheap pair re-run from the committed seed: every pair of a round robin plays the same
    deals, so greedy v tuned alone gets the committed share of the games won."""
    manifest, _, observations = _committed("head_to_head")
    players = manifest["inputs"]["players"]
    deals = manifest["trials"] // (len(players) * (len(players) - 1) // 2)
    seed = derive_seed(manifest["seed"], H2H_RATING_SEED_KEY)
    (match,) = pa.head_to_head.tournament(["greedy", "tuned"], deals=deals, seed=seed).matches
    (row,) = observations[(observations.player == "greedy") & (observations.opponent == "tuned")].itertuples()
    assert (match.wins, match.wins_stderr) == pytest.approx((row.observed, row.stderr), rel=1e-9)  # CSV: 10 digits


def test_the_committed_betting_shares_are_reproduced():
    """The betting round robin's cheap pair, greedy+never v greedy+threshold, re-run alone from
    the committed seed gets its committed share of the games won (the same deals and streams)."""
    manifest, _, observations = _committed("head_to_head/betting")
    players = manifest["inputs"]["players"]
    deals = manifest["trials"] // (len(players) * (len(players) - 1) // 2)
    seed = derive_seed(manifest["seed"], BETTING_RATING_SEED_KEY)
    pair = ["greedy+never", "greedy+threshold"]
    (match,) = pa.head_to_head.tournament(pair, betting=True, deals=deals, seed=seed).matches
    (row,) = observations[(observations.player == pair[0]) & (observations.opponent == pair[1])].itertuples()
    assert (match.wins, match.wins_stderr) == pytest.approx((row.observed, row.stderr), rel=1e-9)


def test_the_betting_round_robin_gives_ratings(cli):
    players = ["greedy+never", "greedy+threshold", "tuned+threshold"]
    out = cli("head-to-head", "tournament", *players, "--betting", "-n", "60", "--seed", "3", "--json")
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert {r["player"] for r in data["ratings"]["ratings"]} == set(players) and data["betting"]


def test_the_committed_saint_poker_shares_are_reproduced():
    """The base players re-run from the committed seed without the search player: a deal's
    cards and streams do not depend on the players, so their shares are the committed ones."""
    manifest, _, observations = _committed("saint_poker")
    deals = manifest["inputs"]["deals_per_field"]
    seed = derive_seed(manifest["seed"], SAINT_RATING_SEED_KEY)
    again = pa.saint_poker.round_robin(
        ["greedy", "save", "tuned"], seats=manifest["inputs"]["seats"], deals=deals, seed=seed
    )
    for share in again.shares:
        (row,) = observations[
            (observations.player == share.player) & (observations.opponent == share.field)
        ].itertuples()
        assert (share.wins, share.wins_stderr) == pytest.approx((row.observed, row.stderr), rel=1e-9)
