"""The preflop tables: the machinery on small runs, and the committed results against
the equity functions they came from."""

from itertools import permutations
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyzer.games.holdem.equity import holdem_equity
from analyzer.ranges import HAND_CLASSES
from analyzer.studies._hand_classes import class_grid
from analyzer.studies.holdem import _exact_matchups, _matchup_keys, preflop_vs_random

RESULTS = Path(__file__).resolve().parents[1] / "results"


def test_matchup_key_is_invariant_under_suit_permutations():
    rng = np.random.default_rng(1)
    for _ in range(50):
        cards = rng.choice(52, 4, replace=False)
        first, second = cards[:2][None], cards[2:][None]
        key = _matchup_keys(first, second)[0]
        for perm in permutations(range(4)):
            moved = np.array([4 * (c >> 2) + perm[c & 3] for c in cards])
            assert _matchup_keys(moved[:2][None], moved[2:][None])[0] == key


def test_exact_matchup_kernel_agrees_with_holdem_equity():
    keys = _matchup_keys(np.array([[51, 47]]), np.array([[41, 40]]))  # AsKs v QdQc
    units, _ = _exact_matchups(keys)[0]
    assert units / 2520 / 1_712_304 == pytest.approx(holdem_equity(["AsKs", "QdQc"]).players[0].equity, abs=1e-15)


def test_preflop_table_machinery_on_a_small_run():
    result = preflop_vs_random(opponents=range(1, 2), trials=2_000, seed=1, chunk_size=1_000)
    table = result.tables["preflop_vs_random"]
    assert len(table) == 169 and set(table["class"]) == set(HAND_CLASSES)
    assert table.set_index("class").equity.idxmax() == "AA"
    assert list(result.figures) == ["equity_vs_1"]
    _grid, labels = class_grid(dict(zip(table["class"], table.equity)))
    assert labels[0, 0] == "AA" and labels[0, 1] == "AKs" and labels[1, 0] == "AKo"
    assert result.manifest["chunk_size"] == 1_000 and result.manifest["trials"] == 169 * 2_000


committed = pytest.mark.skipif(not (RESULTS / "holdem").exists(), reason="results not generated")


@committed
def test_committed_heads_up_matrix_is_exact_and_consistent():
    table = pd.read_csv(RESULTS / "holdem" / "heads_up_matrix" / "heads_up_matrix.csv")
    assert len(table) == 169 * 169
    pairs = table.set_index(["hero", "villain"])
    for hero, villain in [("AKs", "QQ"), ("AA", "KK"), ("72o", "32s")]:
        direct = holdem_equity([hero, villain], method="exact").players[0].equity
        assert pairs.loc[(hero, villain), "equity"] == pytest.approx(direct, abs=1e-9)
        assert pairs.loc[(hero, villain), "equity"] + pairs.loc[(villain, hero), "equity"] == pytest.approx(1)


@committed
def test_committed_preflop_table_agrees_with_the_matrix_column_averages_heads_up():
    """Against one random hand, a class's equity is the combo-weighted average of its
    exact matchups: the Monte Carlo table must agree within a few standard errors."""
    mc = pd.read_csv(RESULTS / "holdem" / "preflop_vs_random" / "preflop_vs_random.csv")
    mc = mc[mc.opponents == 1].set_index("class")
    matrix = pd.read_csv(RESULTS / "holdem" / "heads_up_matrix" / "heads_up_matrix.csv")
    weighted = matrix.assign(w=matrix.combo_pairs * matrix.equity).groupby("hero")[["w", "combo_pairs"]].sum()
    exact = weighted.w / weighted.combo_pairs
    z = (mc.equity - exact[mc.index]) / mc.stderr
    assert (z.abs() < 5).all() and abs(z.mean()) < 0.5
