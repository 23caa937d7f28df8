"""Saint Poker: greedy's and save's weight vectors, the tuned players and the tuning study."""

from __future__ import annotations

import json
from itertools import combinations
from pathlib import Path

import eval7
import numpy as np
import pandas as pd
import pytest

from analyzer.cards import format_card
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker import policies as P
from analyzer.games.saint_poker import tuned as W
from analyzer.games.saint_poker.play import parse_policy
from analyzer.games.saint_poker.tuning import paired_cell, paired_score
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import chunk_state, derive_seed
from analyzer.sim.tuning import coordinate_search
from analyzer.studies.saint_poker_tuning import TUNING, tuning
from test_saint_engine import mid_game_states

RESULTS = Path(__file__).resolve().parent.parent / "results" / "saint_poker" / "tuning"
CATEGORIES = ("High Card", "Pair", "Two Pair", "Trips", "Straight", "Flush", "Full House", "Quads", "Straight Flush")
SAVE_BARS = {1: 4, 2: 4, 3: 3, 4: 3, 5: 2, 6: 2, 7: 0, 8: 0}  # policies docstring: straight, trips, two pair, any


def _features(cards: list[int]) -> np.ndarray:
    """The strength features of the policies docstring, from the cards alone: the number of
    pairs, trips and quads, the longest suit beyond 2, the longest run of ranks beyond 2 (the
    ace also low) and the sum of rank / 12 (card code = 4 x rank + suit)."""
    ranks = [c // 4 for c in cards]
    counts = [ranks.count(r) for r in range(13)]
    longest_suit = max([sum(1 for c in cards if c % 4 == s) for s in range(4)], default=0)
    present = {r + 1 for r in ranks} | ({0} if 12 in ranks else set())  # 0 is the ace low
    run = best = 0
    for r in range(14):
        run = run + 1 if r in present else 0
        best = max(best, run)
    return np.array(
        [
            counts.count(2),
            counts.count(3),
            counts.count(4),
            max(longest_suit - 2, 0),
            max(best - 2, 0),
            sum(ranks) / 12,
        ]
    )


def test_hand_strength_is_the_weighted_sum_of_its_features():
    """For random hands and random weights, the kernel's strength is the weights times the
    features worked out from the cards (bars are not read)."""
    gen = np.random.default_rng(5)
    for _ in range(300):
        cards = gen.choice(52, size=int(gen.integers(0, 11)), replace=False).tolist()
        w = gen.uniform(0, 4, W.N_PARAMS)
        mask = sum(1 << c for c in cards)
        assert P._hand_strength(mask, w) == pytest.approx(float(w[: W.BAR] @ _features(cards)), abs=1e-9)


def _value(cards: list[int]) -> int:
    return eval7.evaluate([eval7.Card(format_card(c)) for c in cards])


def test_reveal_follows_the_bars():
    """At every mid-game reveal: hand-set greedy (bars 0) shows a pair making the best hand with
    the river (by eval7); save, and tuned-save with save's vector, show it only when its
    category reaches the round's bar (rules of the policies docstring), else a pair whose loss
    leaves the most strength; tuned with greedy's vector plays exactly as greedy."""
    table = P.policy_weights(tuned=W.GREEDY_HAND_SET, tuned_save=W.SAVE_HAND_SET)
    seen = {"kept": 0, "shown": 0}
    for st, p in mid_game_states():
        if st[E.PHASE] != E.REVEAL:
            continue
        hand = [c for c in range(52) if st[E.HAND + p] >> c & 1]
        river = [int(c) for c in st[E.RIVER_CARDS : E.RIVER_CARDS + E.RIVER_SIZE]]
        best = max(_value(river + list(pair)) for pair in combinations(hand, 2))
        rng = chunk_state(1, 0)
        greedy = P._base_pair(st, p, P.GREEDY, table, rng)
        assert _value(river + list(greedy)) == best
        assert P._base_pair(st, p, P.TUNED, table, rng) == greedy
        save = P._base_pair(st, p, P.SAVE, table, rng)
        assert P._base_pair(st, p, P.TUNED_SAVE, table, rng) == save
        if CATEGORIES.index(eval7.handtype(best)) >= SAVE_BARS[int(st[E.ROUND])]:
            assert save == greedy
            seen["shown"] += 1
        else:
            left = [
                P._hand_strength(st[E.HAND + p] & ~(1 << a | 1 << b), W.SAVE_HAND_SET) for a, b in combinations(hand, 2)
            ]
            mine = P._hand_strength(st[E.HAND + p] & ~(1 << save[0] | 1 << save[1]), W.SAVE_HAND_SET)
            assert mine == max(left)
            seen["kept"] += 1
    assert min(seen.values()) > 0, seen


def test_tuned_kinds_with_the_hand_set_vectors_play_as_greedy_and_save():
    """On the same deals, tuned with greedy's vector wins exactly greedy's share (the fair one)
    and tuned-save with save's exactly save's, for 2 and 4 players."""
    table = P.policy_weights(tuned=W.GREEDY_HAND_SET, tuned_save=W.SAVE_HAND_SET)
    for n in (2, 4):
        shares, pairs = paired_cell(n, ["greedy", "tuned", "save", "tuned-save"], 30, 9, table, Runner(threads=1))
        wins = {s["policy"]: s["wins"] for s in shares}
        assert wins["greedy"] == wins["tuned"] == 1 / n
        assert wins["save"] == wins["tuned-save"]
        (same,) = [d for d in pairs if (d["first"], d["second"]) == ("save", "tuned-save")]
        assert same["difference"] == same["stderr"] == 0


def test_tuned_names_parse_everywhere_a_base_policy_does():
    assert parse_policy("tuned").tolist() == [P.TUNED, 0, 0]
    assert parse_policy("tuned-save").tolist() == [P.TUNED_SAVE, 0, 0]
    assert parse_policy("search:32:tuned").tolist() == [P.SEARCH, 32, P.TUNED]
    assert parse_policy("rollout:4:tuned-save").tolist() == [P.ROLLOUT, 4, P.TUNED_SAVE]
    with pytest.raises(ValueError, match="base policy in 'search:8:search'"):
        parse_policy("search:8:search")
    with pytest.raises(ValueError, match="takes no parameters"):
        parse_policy("tuned:3")


def test_tuned_file_round_trips_and_names_its_errors():
    vectors = {"tuned": W.GREEDY_HAND_SET + 1, "tuned-save": W.SAVE_HAND_SET}
    data = W.tuned_data(vectors, "test")
    back = W.vectors_from_data(json.loads(json.dumps(data)), "x.json")
    assert all(back[k].tolist() == vectors[k].tolist() for k in vectors)
    with pytest.raises(ValueError, match=r"x\.json is version 0"):
        W.vectors_from_data({**data, "version": 0}, "x.json")
    with pytest.raises(ValueError, match=r"x\.json: tuned-save: expected the entries"):
        W.vectors_from_data({**data, "tuned-save": {"pair": 1.0}}, "x.json")


def test_coordinate_search_uses_the_given_first_steps():
    """A peak at (2, 6) on the lattice of the steps given (1 and 4, halved): found exactly; the
    first trial of entry 1 moves it by 4, not by the default relative step."""
    target = np.array([2.0, 6.0])
    best, path = coordinate_search(
        lambda v: -float(np.sum((v - target) ** 2)),
        np.zeros(2),
        free=(0, 1),
        first_step=0.5,
        sweeps=10,
        first_steps={0: 1.0, 1: 4.0},
    )
    assert best.tolist() == target.tolist()
    assert next(s.step for s in path if s.entry == 1) == 4.0


def test_tuning_is_reproducible_and_never_worse_on_its_deals():
    """Two tiny runs with one seed give the same vectors, each scoring at least its start on
    the tuning deals, and the validation's greedy row is exactly the fair share."""
    params = dict(tuning_deals=6, sweeps=1, validation_deals=6, seed=11)
    first, again = tuning(**params, runner=Runner(threads=1)), tuning(**params, runner=Runner(threads=1))
    assert first.tables["vector"].equals(again.tables["vector"])
    path = first.tables["search_path"]
    for _, part in path.groupby("player"):
        assert part.objective[part.accepted].max() >= part.objective.iloc[0]
    check = first.tables["validation"]
    assert (check[check.policy == "greedy"].margin == 0).all()


@pytest.mark.slow
def test_committed_tuned_vectors_are_the_package_data_and_reach_their_objective():
    """The committed vector table is what the tuned players load, and each tuned vector scores
    the search path's best objective again on the tuning deals (seed from the manifest)."""
    manifest = json.loads((RESULTS / "manifest.json").read_text())
    vector = pd.read_csv(RESULTS / "vector.csv")
    loaded = W.tuned_vectors()
    assert vector.tuned.tolist() == pytest.approx(loaded["tuned"].tolist(), abs=1e-12)
    assert vector.tuned_save.tolist() == pytest.approx(loaded["tuned-save"].tolist(), abs=1e-12)
    path = pd.read_csv(RESULTS / "search_path.csv")
    deals = manifest["inputs"]["tuning_deals_per_player_count"]
    for name in ("tuned", "tuned-save"):
        score = paired_score(
            name, loaded[name], deals=deals, seed=derive_seed(manifest["seed"], TUNING), runner=Runner(threads=1)
        )
        assert score.margin == pytest.approx(path[path.player == name].objective.max(), abs=1e-9)  # CSV: 10 digits
