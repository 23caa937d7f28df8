"""Head to Head studies: a small run of every study, and the committed results reproduced."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyzer.cards import parse_cards
from analyzer.games.head_to_head.play import simulate_rounds
from analyzer.games.head_to_head.study_kernels import (
    CONNECTED,
    REGRET_POLICIES,
    SAME_RANK,
    SAME_SUIT,
    UNRELATED,
    _relation,
)
from analyzer.report import write_results
from analyzer.sim.seeds import derive_seed
from analyzer.studies.head_to_head import STUDIES, TYPES, StudyPlan, tables

RESULTS = Path(__file__).resolve().parent.parent / "results" / "head_to_head"


def test_every_study_runs_small_and_writes_a_result(tmp_path):
    params = dict(rounds=200, games=200, rollout_games=4, rollout_policy="rollout:2", positions=8, samples=4)
    plan = StudyPlan(**params)
    results = tables(**params)
    assert [r.name for r in results] == list(STUDIES)
    for result in results:
        folder = write_results(result, tmp_path)
        manifest = json.loads((folder / "manifest.json").read_text())
        assert manifest["seed"] == plan.seed and manifest["method"] == "monte-carlo"
        assert all((folder / name).stat().st_size > 0 for name in manifest["files"])
    round_types, tournament, relations, blocking, regret, choice = (r.tables[next(iter(r.tables))] for r in results)
    assert len(round_types) == len(TYPES) * 2 * 3
    assert ((round_types.first_mover_wins + round_types.dealer_wins + round_types.ties) - 1).abs().max() < 1e-12
    assert list(tournament.groupby("round_robin", sort=False).size()) == [3, 6, 3]  # every pair once
    assert tournament.wins.between(0, 1).all() and (tournament.margin_stderr > 0).all()
    standings = results[1].tables["standings"]
    assert (standings.groupby("round_robin").margin.sum().abs() < 1e-9).all()  # each field is zero-sum
    assert relations.moves.sum() > 0 and set(relations.relation) == {"same rank", "same suit", "connected", "unrelated"}
    assert (blocking.positions == plan.positions).all() and blocking.block_best.between(0, 1).all()
    assert len(regret) == len(TYPES) * 4 and (regret.positions == plan.positions).all()
    assert regret.best_move.between(0, 1).all() and set(regret.policy) == set(REGRET_POLICIES)
    assert choice.groupby(["round", "dealer_lead"]).best.any().all()  # a best type everywhere
    assert choice.dealer_wins_game.between(0, 1).all() and (results[5].tables["dealer_margin"].rounds == 200).all()


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
    from analyzer.studies.head_to_head import TYPES, _win_chances

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
