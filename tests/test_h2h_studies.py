"""Head to Head studies: a small run of every study, and the committed results reproduced."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyzer.cards import parse_cards
from analyzer.games.head_to_head.play import seat_policies, simulate_rounds
from analyzer.games.head_to_head.rollout import lookahead_flag
from analyzer.games.head_to_head.study_kernels import (
    CHIP_BINS,
    CONNECTED,
    REGRET_POLICIES,
    SAME_RANK,
    SAME_SUIT,
    UNRELATED,
    _relation,
    dealer_chips,
)
from analyzer.report import write_results
from analyzer.sim.engine import KernelJob, Stopping, run_monte_carlo
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed
from analyzer.studies.head_to_head import (
    GAME_ROWS,
    PARTS,
    TUNED_PLAYERS,
    TYPES,
    StudyPlan,
    _best_type_comparison,
    _dealer_chips,
    _win_chances,
    tables,
)

RESULTS = Path(__file__).resolve().parent.parent / "results" / "head_to_head"


@pytest.mark.slow
def test_every_study_runs_small_and_writes_a_result(tmp_path):
    params = dict(
        rounds=200,
        games=200,
        rollout_games=4,
        rollout_policy="rollout:2",
        positions=8,
        samples=4,
        strong_policy="search:4",
        strong_rounds=16,
        rating_games=40,
        rating_search="search:4",
        challenger="ismcts:8",
        challenger_deals=2,
        challenger_betting_deals=2,
        challenger_open_deals=2,
        cost_positions=3,
    )
    plan = StudyPlan(**params)
    results = tables(**params)
    assert [r.name for r in results] == list(PARTS)
    for result in results:
        folder = write_results(result, tmp_path)
        manifest = json.loads((folder / "manifest.json").read_text())
        assert manifest["seed"] == plan.seed and manifest["method"] == "monte-carlo"
        assert all((folder / name).stat().st_size > 0 for name in manifest["files"])
    round_types, tournament, ratings, challenger, relations, blocking, regret, choice, strong = (
        r.tables[next(iter(r.tables))] for r in results
    )
    assert set(ratings.player) == {"greedy", "tuned", "rollout:16", "search:4"} and (ratings.stderr > 0).all()
    assert len(round_types) == len(TYPES) * 2 * 3
    assert ((round_types.first_mover_wins + round_types.dealer_wins + round_types.ties) - 1).abs().max() < 1e-12
    assert list(tournament.groupby("round_robin", sort=False).size()) == [3, 6, 3]  # every pair once
    assert tournament.wins.between(0, 1).all() and (tournament.margin_stderr > 0).all()
    standings = results[1].tables["standings"]
    assert (standings.groupby("round_robin").margin.sum().abs() < 1e-9).all()  # each field is zero-sum
    assert list(challenger.deals) == [2] * 5 and set(challenger.player) == {"ismcts:8"}
    spread = challenger.margin_stderr > 0  # two deals may score alike: z is then NaN
    assert (challenger.z[spread] == (challenger.margin / challenger.margin_stderr)[spread]).all()
    assert challenger.z[~spread].isna().all()
    assert len(set(challenger.seed)) == 5 and list(challenger.betting) == [False, True, False, False, True]
    costs = results[3].tables["move_costs"]
    assert len(costs) == 6 and (costs.positions == 3).all() and (costs.ms_per_move > 0).all()
    assert relations.moves.sum() > 0 and set(relations.relation) == {"same rank", "same suit", "connected", "unrelated"}
    assert (blocking.positions == plan.positions).all() and blocking.block_best.between(0, 1).all()
    assert len(regret) == len(TYPES) * 4 and (regret.positions == plan.positions).all()
    assert regret.best_move.between(0, 1).all() and set(regret.policy) == set(REGRET_POLICIES)
    assert choice.groupby(["round", "dealer_lead"]).best.any().all()  # a best type everywhere
    assert choice.dealer_wins_game.between(0, 1).all() and (results[7].tables["dealer_margin"].rounds == 200).all()
    assert results[8].manifest["inputs"]["players"] == "search:4 v search:4"
    assert (results[8].tables["dealer_margin"].rounds == 16).all() and strong.dealer_wins_game.between(0, 1).all()
    assert strong[["round", "dealer_lead", "round_type"]].equals(choice[["round", "dealer_lead", "round_type"]])
    best_type = results[8].tables["best_type"]
    assert len(best_type) == len(choice) // len(TYPES)
    # the comparison's tuned side is the tuned study's table itself: the same seeds and rounds
    tuned_best = choice[choice.best].groupby(["round", "dealer_lead"], sort=False).round_type.agg(" ".join)
    assert list(best_type.tuned_best) == list(tuned_best)
    assert (best_type.same == (best_type.strong_edge == 0)).all() and (best_type.tuned_edge >= 0).all()


def test_unknown_study_is_refused():
    with pytest.raises(ValueError, match="unknown study"):
        tables(studies=("nope",))
    with pytest.raises(ValueError, match="unknown parameter 'round'"):
        tables(round=3)


@pytest.mark.parametrize(
    "card, common, expected",
    [
        ("7h", "7s", SAME_RANK),
        ("2s", "7s", SAME_SUIT),
        ("3h", "7s", CONNECTED),
        ("Ah", "4s", CONNECTED),
        ("Ah", "6s", UNRELATED),
        ("Kh", "8s", UNRELATED),
        ("Kh", "9s", CONNECTED),
    ],
)
def test_card_relations(card, common, expected):
    assert _relation(int(parse_cards(card)[0]), int(parse_cards(common)[0])) == expected


def test_committed_round_types_are_reproduced():
    """The first cell of the committed table (part 1, cell 0, the greedy pairing 0), re-run with
    its seed derived from the manifest's: the same numbers."""
    table = pd.read_csv(RESULTS / "round_types" / "round_types.csv")
    manifest = json.loads((RESULTS / "round_types" / "manifest.json").read_text())
    row = table.iloc[0]
    assert (row.round_type, bool(row.crazy), row["rows"]) == ("draw1", False, 3)
    again = simulate_rounds(
        "draw1",
        rows=3,
        first="greedy",
        second="greedy",
        rounds=int(row.rounds),
        seed=derive_seed(manifest["seed"], 1, 0, 0),
    )
    assert again.margin == pytest.approx(row.first_mover_margin, abs=1e-9)
    assert again.first_mover_wins == pytest.approx(row.first_mover_wins, abs=1e-12)


def _oracle_chance(chips, r, lead_x, dealer_is_x_in):
    """The round-1 dealer X's game-win chance before round ``r`` (0-based) at X's lead, every
    dealer picking his best type: plain recursion over the game, written from §2.2-2.6."""
    if r == 3:
        return 1.0 if lead_x > 0 else 0.5 if lead_x == 0 else 0.0
    x_deals = dealer_is_x_in[r]
    pot = (3 + r) * 200
    options = []
    for p in chips[r].values():
        x = sum(q * _oracle_chance(chips, r + 1, lead_x + (1 if x_deals else -1) * (200 * c - pot), dealer_is_x_in)
                for c, q in enumerate(p) if q)  # fmt: skip
        options.append(x if x_deals else 1 - x)
    best = max(options)
    return best if x_deals else 1 - best


def test_the_dealers_choice_is_the_best_type_by_backward_induction():
    gen = np.random.default_rng(4)
    chips = {}
    for r, rows in enumerate((3, 4, 5)):
        for kind in TYPES:
            p = gen.random(2 * rows + 1) * (gen.random(2 * rows + 1) < 0.5)
            p[rows] += 0.05  # a tied round is possible
            chips[r, kind] = p / p.sum()
    table = _win_chances(chips)
    by_round = {r: {kind: chips[r, kind] for kind in TYPES} for r in range(3)}
    dealer_is_x = (True, False, True)
    for row in table:
        r = row["round"] - 1
        if row["best"]:
            lead_x = row["dealer_lead"] if dealer_is_x[r] else -row["dealer_lead"]
            x = _oracle_chance(by_round, r, lead_x, dealer_is_x)
            assert row["dealer_wins_game"] == pytest.approx(x if dealer_is_x[r] else 1 - x, abs=1e-12)
    assert sum(row["best"] for row in table if row["round"] == 1) >= 1


def test_the_committed_type_choice_cell_is_reproduced_with_the_players_as_arguments():
    """The committed tuned table's first cell (round 1, draw1: part 5, cell 0, 0), re-run by the
    chip kernel with the tuned players passed in: the same dealer's margin."""
    table = pd.read_csv(RESULTS / "type_choice" / "dealer_margin.csv")
    manifest = json.loads((RESULTS / "type_choice" / "manifest.json").read_text())
    row = table.iloc[0]
    assert (row["round"], row.round_type, row["rows"]) == (1, "draw1", 3)
    params, vectors = seat_policies(*TUNED_PLAYERS)
    rounds = int(row.rounds)
    tallies = run_monte_carlo(
        KernelJob(dealer_chips, (1, 3), (params, vectors, lookahead_flag(params)), CHIP_BINS),
        seed=derive_seed(manifest["seed"], 5, 0, 0),
        stopping=Stopping(trials=rounds),
        chunk_size=rounds // 8,
    ).tallies
    margin = 2 * 100 * np.arange(CHIP_BINS) - 3 * 200  # the dealer's margin with k x $100 of a $600 pot
    assert tallies.sum() == rounds and tallies[7:].sum() == 0  # no more than the pot
    assert tallies @ margin / rounds == pytest.approx(row.dealer_margin, abs=1e-9)


@pytest.mark.parametrize("players, rounds", [(("random", "greedy"), 4000), (("rollout:2", "random"), 100)])
def test_the_chip_distributions_sum_to_one_and_seat_the_players_given(players, rounds):
    """Every chip distribution sums to 1 over the chips a round of its size can give, and the
    dealer's mean margin agrees with single rounds played by :func:`simulate_rounds` (another
    kernel, other streams), the first player moving first, within 4 standard errors: a strong
    and a weak player, so swapped seats would be far off."""
    plan = StudyPlan(seed=3)
    chips, margins = _dealer_chips(plan, players, rounds, 9, Runner())
    for (r, _), p in chips.items():
        assert p.size == 2 * GAME_ROWS[r] + 1 and p.sum() == pytest.approx(1.0, abs=1e-12) and (p >= 0).all()
    assert (margins.rounds == rounds).all()
    for row in margins[margins["round"] == 1].itertuples():
        first = simulate_rounds(row.round_type, rows=3, first=players[0], second=players[1], rounds=rounds, seed=11)
        gap = row.dealer_margin + first.margin  # the dealer's margin is minus the first mover's
        assert abs(gap) < 4 * np.hypot(row.dealer_margin_stderr, first.margin_stderr), (players, row)


def test_with_one_symmetric_chip_distribution_for_every_type_the_choice_is_void_and_the_game_fair():
    """Every type the same distribution, symmetric in the dealer's chips: the type cannot matter
    (every type is best everywhere, with one chance), and swapping the players' places mirrors
    the game, so the round-1 dealer's chance is 1/2 at an even score and the chances at leads
    ``s`` and ``-s`` of the same round add up to 1."""
    gen = np.random.default_rng(9)
    chips = {}
    for r, rows in enumerate(GAME_ROWS):
        p = gen.random(2 * rows + 1)
        p = p + p[::-1]
        for kind in TYPES:
            chips[r, kind] = p / p.sum()
    table = pd.DataFrame(_win_chances(chips))
    assert table.best.all()
    chance = table.groupby(["round", "dealer_lead"]).dealer_wins_game.agg(["min", "max"])
    assert (chance["max"] - chance["min"]).max() < 1e-12
    chance = chance["min"]
    assert chance[1, 0] == pytest.approx(0.5, abs=1e-12)
    for (r, lead), w in chance.items():
        assert w + chance[r, -lead] == pytest.approx(1.0, abs=1e-12)


def test_the_best_type_comparison_on_tables_made_by_hand():
    """Two one-cell tables whose best types differ: each edge is the difference of the two types'
    chances under that table's play, with the two cells' errors combined; the same table twice
    agrees everywhere with no edge."""
    cell = {"round": 1, "rows": 3, "dealer_lead": 0}
    tuned = pd.DataFrame(
        [{**cell, "round_type": k, "dealer_wins_game": w, "best": b, "dealer_wins_game_stderr": 0.01}
         for k, w, b in zip(TYPES, (0.50, 0.52, 0.51, 0.49, 0.48), (False, True, False, False, False))]
    )  # fmt: skip
    strong = tuned.assign(dealer_wins_game=[0.50, 0.45, 0.60, 0.49, 0.48], best=[False, False, True, False, False],
                          dealer_wins_game_stderr=[0.03, 0.03, 0.04, 0.03, 0.03])  # fmt: skip
    (row,) = _best_type_comparison(tuned, strong).to_dict("records")
    assert (row["tuned_best"], row["strong_best"], row["same"]) == ("share2", "hold3", False)
    assert row["strong_edge"] == pytest.approx(0.15) and row["strong_edge_stderr"] == pytest.approx(0.05)
    assert row["strong_edge_over_2se"] and not row["tuned_edge_over_2se"]
    assert row["tuned_edge"] == pytest.approx(0.01) and row["tuned_edge_stderr"] == pytest.approx(np.sqrt(2e-4))
    (row,) = _best_type_comparison(tuned, tuned).to_dict("records")
    assert row["same"] and row["strong_edge"] == row["tuned_edge"] == row["strong_edge_stderr"] == 0


def test_the_committed_best_type_table_compares_the_committed_choice_tables():
    """``best_type.csv`` of the strong study is the comparison of its own choice table with the
    committed tuned one (the strong study recomputes that with the same seeds)."""
    tuned = pd.read_csv(RESULTS / "type_choice" / "type_choice.csv")
    strong = pd.read_csv(RESULTS / "type_choice_strong" / "type_choice.csv")
    committed = pd.read_csv(RESULTS / "type_choice_strong" / "best_type.csv")
    again = _best_type_comparison(tuned, strong)
    assert list(again.columns) == list(committed.columns)
    pd.testing.assert_frame_equal(again, committed, check_dtype=False, atol=1e-9)
