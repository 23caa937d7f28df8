"""The preflop tables: the machinery on small runs, and the committed results against
the equity functions they came from."""

import json
from itertools import permutations
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyzer.games.holdem.equity import holdem_equity
from analyzer.games.holdem.push_fold_equities import exact_matchups, matchup_keys
from analyzer.games.holdem.versus_random import ranking_data, versus_random
from analyzer.ranges import HAND_CLASSES, RANKING_FILE, class_combos
from analyzer.studies._hand_classes import class_grid
from analyzer.studies.holdem import preflop_vs_random

RESULTS = Path(__file__).resolve().parents[1] / "results"


@pytest.mark.jitless
def test_matchup_key_is_invariant_under_suit_permutations():
    rng = np.random.default_rng(1)
    for _ in range(50):
        cards = rng.choice(52, 4, replace=False)
        first, second = cards[:2][None], cards[2:][None]
        key = matchup_keys(first, second)[0]
        for perm in permutations(range(4)):
            moved = np.array([4 * (c >> 2) + perm[c & 3] for c in cards])
            assert matchup_keys(moved[:2][None], moved[2:][None])[0] == key


@pytest.mark.jitless
def test_exact_matchup_kernel_agrees_with_holdem_equity():
    keys = matchup_keys(np.array([[51, 47]]), np.array([[41, 40]]))  # AsKs v QdQc
    units, _ = exact_matchups(keys)[0]
    assert units / 2520 / 1_712_304 == pytest.approx(holdem_equity(["AsKs", "QdQc"]).players[0].equity, abs=1e-15)


@pytest.mark.jitless
@pytest.mark.parametrize("board", ["Ah Kh 7h 7d 2c", "Ts 9s 8d 3c 3h"])
def test_one_board_of_the_one_pass_count_equals_eval7_holding_by_holding(board):
    """The one-pass count (``versus_random``) on one board, weight 1: each class's wins and ties
    against every holding that shares no card with it, as a pair-by-pair count of eval7's values
    of all 1,081 holdings has them."""
    from itertools import combinations

    import eval7

    from analyzer.cards import format_cards, parse_cards
    from analyzer.games.holdem.versus_random import HOLDINGS, _board_counts, _pair_classes

    cards = parse_cards(board).astype(np.int64)
    holdings = np.array(list(combinations(sorted(set(range(52)) - set(cards.tolist())), 2)))
    e7 = [eval7.Card(format_cards([c])) for c in range(52)]
    values = np.array([eval7.evaluate([e7[c] for c in (*cards, a, b)]) for a, b in holdings])
    held = np.zeros((len(holdings), 52), np.int64)
    held[np.arange(len(holdings))[:, None], holdings] = 1
    apart = held @ held.T == 0  # the two holdings share no card
    classes = _pair_classes()[holdings[:, 0], holdings[:, 1]]
    expected_wins = np.bincount(classes, ((values[:, None] > values) & apart).sum(axis=1), minlength=169)
    expected_ties = np.bincount(classes, ((values[:, None] == values) & apart).sum(axis=1), minlength=169)

    wins, ties = np.zeros(169, np.int64), np.zeros(169, np.int64)
    scratch = [np.zeros(HOLDINGS, np.int64) for _ in range(3)] + [np.zeros(52, np.int64) for _ in range(2)]
    _board_counts(cards, 1, _pair_classes(), *scratch, wins, ties)
    assert (wins == expected_wins).all() and (ties == expected_ties).all()
    assert ties.sum() > 0 and wins.sum() > 0


@pytest.mark.slow
def test_preflop_table_machinery_on_a_small_run():
    result = preflop_vs_random(opponents=range(1, 3), trials=2_000, seed=1, chunk_size=1_000)
    table = result.tables["preflop_vs_random"]
    assert len(table) == 2 * 169 and set(table["class"]) == set(HAND_CLASSES)
    exact, simulated = table[table.opponents == 1], table[table.opponents == 2]
    assert (exact.stderr == 0).all() and exact.seed.isna().all() and (simulated.stderr > 0).all()
    assert (exact.trials == [len(class_combos(c)) * 2_118_760 * 990 for c in exact["class"]]).all()
    assert (simulated.trials == 2_000).all()
    assert exact.set_index("class").equity.idxmax() == "AA"
    assert list(result.figures) == ["equity_vs_1", "equity_vs_2"]
    _grid, labels = class_grid(dict(zip(table["class"], table.equity)))
    assert labels[0, 0] == "AA" and labels[0, 1] == "AKs" and labels[1, 0] == "AKo"
    assert result.manifest["chunk_size"] == 1_000 and result.manifest["trials"] == 169 * 2_000
    assert result.manifest["method"] == "exact against 1 opponent, monte-carlo against 2 to 2"


@pytest.mark.slow
def test_one_pass_counts_equal_the_equity_engine():
    """Against one random hand: the one-pass count over the boards and the enumeration of every
    opponent hand agree to the last digit, and the shipped ranking data holds exactly them."""
    counts = versus_random()
    assert counts.boards == 134_459  # suit classes of the 2,598,960 boards
    assert (counts.showdowns == [len(class_combos(c)) * 2_118_760 * 990 for c in HAND_CLASSES]).all()
    i = HAND_CLASSES.index("AKs")
    direct = holdem_equity(["AKs", "random"], exact=True).players[0]
    assert counts.wins[i] / counts.showdowns[i] == pytest.approx(direct.win, abs=1e-15)
    assert counts.ties[i] / counts.showdowns[i] == pytest.approx(direct.tie, abs=1e-15)
    assert json.loads(RANKING_FILE.read_text()) == json.loads(json.dumps(ranking_data(counts)))


committed = pytest.mark.skipif(not (RESULTS / "holdem").exists(), reason="results not generated")


@committed
def test_committed_heads_up_matrix_is_exact_and_consistent():
    table = pd.read_csv(RESULTS / "holdem" / "heads_up_matrix" / "heads_up_matrix.csv")
    assert len(table) == 169 * 169
    pairs = table.set_index(["hero", "villain"])
    for hero, villain in [("AKs", "QQ"), ("AA", "KK"), ("72o", "32s")]:
        direct = holdem_equity([hero, villain], exact=True).players[0].equity
        assert pairs.loc[(hero, villain), "equity"] == pytest.approx(direct, abs=1e-9)
        assert pairs.loc[(hero, villain), "equity"] + pairs.loc[(villain, hero), "equity"] == pytest.approx(1)


@committed
def test_committed_preflop_table_agrees_with_the_matrix_column_averages_heads_up():
    """Against one random hand, a class's equity is the combo-weighted average of its exact
    matchups: two exact computations by different algorithms, and the ranking data, agree."""
    table = pd.read_csv(RESULTS / "holdem" / "preflop_vs_random" / "preflop_vs_random.csv")
    one = table[table.opponents == 1].set_index("class")
    matrix = pd.read_csv(RESULTS / "holdem" / "heads_up_matrix" / "heads_up_matrix.csv")
    weighted = matrix.assign(w=matrix.combo_pairs * matrix.equity).groupby("hero")[["w", "combo_pairs"]].sum()
    exact = weighted.w / weighted.combo_pairs
    assert len(one) == 169 and (one.stderr == 0).all()
    assert np.abs(one.equity - exact[one.index]).max() < 1e-9  # the matrix's CSV holds 10 digits
    data = json.loads(RANKING_FILE.read_text())
    counts = zip(data["classes"], data["wins"], data["ties"], data["showdowns"])
    shipped = {name: (2 * wins + ties) / (2 * n) for name, wins, ties, n in counts}
    assert np.abs(one.equity - pd.Series(shipped)[one.index]).max() < 1e-10  # 10 digits here too
