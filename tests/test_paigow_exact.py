"""Exact Pai Gow house edge: the setting table against the House Way, the inclusion-exclusion
counter against brute force on reduced decks, the shared-card classes, and the full run."""

import itertools
import logging
import math

import numpy as np
import pytest
from numba import njit

from analyzer.games.paigow import dealer_counts, exact_count, optimal_count, settings_table, split
from analyzer.games.paigow.engine import _exact_split_tallies
from analyzer.games.paigow.exact_edge import DEALS, JOKER, RANKS, exact_house_edge, task_bounds
from analyzer.games.paigow.houseway import legal_settings
from analyzer.games.paigow.policies import WAYS, _house_way_values, split_values
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.games.paigow.settings_table import BINOMIAL, FULL_DECK, build_table, colex_rank, value_scales
from analyzer.sim.bits import bit_count
from analyzer.sim.runner import Runner


def reduced_deck(ranks: int, joker: bool) -> np.ndarray:
    """The card codes of the ``ranks`` highest ranks in 4 suits (and the joker), increasing:
    position ``4 i + suit`` as :mod:`.exact_count` numbers them."""
    return np.array([4 * r + s for r in range(13 - ranks, 13) for s in range(4)] + ([52] if joker else []), np.uint8)


def expected_key(cards, way, scales) -> int:
    fronts, backs = scales
    front, back = _house_way_values(np.asarray(cards, np.uint8), way)
    return int(np.searchsorted(backs, back)) << 8 | int(np.searchsorted(fronts, front))


@njit(cache=True)
def _split_by_mask(mask, items, chosen, rest):
    """The items at the set bits of ``mask`` into ``chosen``, the others into ``rest``."""
    i = j = 0
    for c in range(items.shape[0]):
        if mask >> c & 1:
            chosen[i] = items[c]
            i += 1
        else:
            rest[j] = items[c]
            j += 1


@njit(cache=True)
def _brute_force(table, n):
    """(wins, pushes, banker, high copies, low copies) over every ordered pair of disjoint
    hands, each pair enumerated: the dealer's hands are the 7-card subsets of the cards the
    player's hand leaves."""
    wins = banker = pairs = high = low = 0
    positions = np.arange(n)
    player = np.zeros(7, np.int64)
    dealer = np.zeros(7, np.int64)
    rest = np.zeros(n - 7, np.int64)
    unused = np.zeros(n - 14, np.int64)
    for mask in range(1 << n):
        if bit_count(mask) != 7:
            continue
        _split_by_mask(mask, positions, player, rest)
        key_p = table[colex_rank(player)]
        for sub in range(1 << (n - 7)):
            if bit_count(sub) != 7:
                continue
            _split_by_mask(sub, rest, dealer, unused)
            key_d = table[colex_rank(dealer)]
            fp, bp, fd, bd = key_p & 255, key_p >> 8, key_d & 255, key_d >> 8
            if fp > fd and bp > bd:
                wins += 1
            elif fd >= fp and bd >= bp:
                banker += 1
            high += bp == bd
            low += fp == fd
            pairs += 1
    return wins, pairs - wins - banker, banker, high, low


@pytest.mark.jitless
def test_colex_rank_numbers_every_hand_once():
    n = 12
    ranks = set()
    for mask in range(1 << n):
        if mask.bit_count() == 7:
            ranks.add(int(colex_rank(np.array([c for c in range(n) if mask >> c & 1], np.int64))))
    assert ranks == set(range(math.comb(n, 7)))


@pytest.mark.parametrize("way", list(WAYS))
def test_reduced_table_holds_the_house_way_of_every_hand_in_any_order(way, rng):
    deck = reduced_deck(5, True)
    number = WAYS[way]
    table = build_table(deck, number)
    scales = value_scales(deck)
    assert len(table) == math.comb(21, 7)
    assert np.array_equal(build_table(deck, number, threads=1), table)
    for rank in rng.choice(len(table), 3_000, replace=False):
        positions = np.zeros(7, np.int64)
        settings_table._unrank(rank, positions)
        assert colex_rank(positions) == rank
        cards = rng.permutation(deck[positions])
        assert int(table[rank]) == expected_key(cards, number, scales)


@pytest.mark.jitless
def test_house_way_depends_on_neither_order_nor_suits(rng):
    """The claim suit symmetry rests on; it once failed for four aces with the joker."""
    for way in WAYS.values():
        for _ in range(3_000):
            cards = rng.choice(53, 7, replace=False)
            suits = rng.permutation(4)
            renamed = np.array([c if c == 52 else 4 * (c >> 2) + suits[c & 3] for c in cards])
            assert _house_way_values(cards.astype(np.uint8), way) == _house_way_values(
                rng.permutation(renamed).astype(np.uint8), way
            )


@pytest.mark.parametrize("order", [[0, 1, 2, 3, 4, 5, 6], [3, 4, 5, 6, 2, 1, 0], [6, 0, 5, 1, 4, 2, 3]])
@pytest.mark.jitless
def test_four_aces_with_the_joker_keep_the_flush_in_back(order):
    from analyzer.cards import parse_cards

    cards = parse_cards("Jh Qh Kh Ac Ad Ah Jk", allow_joker=True)[order]
    _front, back = _house_way_values(cards, 0)
    assert back >> 20 == 9  # a straight flush: Ah and the joker stay with J Q K of hearts


@pytest.mark.parametrize("ranks, joker", [(4, False), (4, True), pytest.param(5, False, marks=pytest.mark.slow)])
def test_counts_equal_brute_force_on_a_reduced_deck(ranks, joker):
    deck = reduced_deck(ranks, joker)
    table = build_table(deck, WAYS["foxwoods"])
    truth = _brute_force(table, len(deck))
    assert exact_count.count_outcomes(table, ranks, joker) == truth
    assert exact_count.count_outcomes(table, ranks, joker, symmetric=False) == truth
    assert sum(truth[:3]) == math.comb(len(deck), 7) * math.comb(len(deck) - 7, 7)
    assert min(truth) > 0


@pytest.mark.parametrize("ranks, joker", [(4, True), (4, False)])
def test_counts_of_a_synthetic_table_equal_brute_force(ranks, joker, rng):
    """The counter does not depend on the way: random keys, many ties, no suit symmetry."""
    n = exact_count.deck_size(ranks, joker)
    size = math.comb(n, 7)
    table = (rng.integers(0, 40, size) << 8 | rng.integers(0, 25, size)).astype(np.uint32)
    assert exact_count.count_outcomes(table, ranks, joker, symmetric=False) == _brute_force(table, n)


@pytest.mark.jitless
def test_dominance_counts_pairs_as_their_definition(rng):
    keys = (rng.integers(0, 30, 400) << 8 | rng.integers(0, 20, 400)).astype(np.uint32)
    f, b = keys & 255, keys >> 8
    wins = int(((f[:, None] > f[None, :]) & (b[:, None] > b[None, :])).sum())
    banker = int(((f[None, :] >= f[:, None]) & (b[None, :] >= b[:, None])).sum())
    high, low = int((b[:, None] == b[None, :]).sum()), int((f[:, None] == f[None, :]).sum())
    assert exact_count.dominance(keys.copy()) == (wins, banker, high, low)


@pytest.mark.parametrize("ranks, joker, symmetric", [(13, True, True), (5, True, False), (4, False, True)])
def test_shared_sets_stand_for_every_set_once_with_its_sign(ranks, joker, symmetric):
    n = exact_count.deck_size(ranks, joker)
    cards, sizes, weights = exact_count.shared_sets(ranks, joker, symmetric)
    for k in range(exact_count.MAX_SHARED + 1):
        chosen = weights[sizes == k]
        assert (np.sign(chosen) == (-1) ** k).all()
        assert abs(int(chosen.sum())) == math.comb(n, k)
    for s in np.flatnonzero(sizes > 1)[:2_000]:
        assert (np.diff(cards[s, : sizes[s]]) > 0).all()
    # inclusion-exclusion of no property counts every pair of disjoint hands
    pairs = sum(int(w) * int(BINOMIAL[n - k, 7 - k]) ** 2 for k, w in zip(sizes, weights))
    assert pairs - math.comb(n, 7) == math.comb(n, 7) * math.comb(n - 7, 7)


def test_full_deck_classes_cut_the_work_tenfold():
    """Every hand is in the families of its 2^7 - 1 subsets of at most 6 cards."""
    _, sizes, weights = exact_count.shared_sets(13, True)
    work = BINOMIAL[53 - sizes, 7 - sizes]
    assert int((work * np.abs(weights)).sum()) == (2**7 - 1) * math.comb(53, 7)
    assert (work * np.abs(weights)).sum() / work.sum() > 10


@pytest.mark.slow
def test_full_table_is_cached_checked_and_rebuilt_then_the_run_resumes(tmp_path, caplog):
    """One slow test for the full deck, whose table takes a minute or two to build."""
    table = settings_table.full_table("foxwoods", tmp_path)
    assert table.shape == (math.comb(53, 7),)
    assert settings_table.agrees(table, FULL_DECK, WAYS["foxwoods"], hands=20_000, seed=5)
    path = settings_table.table_path("foxwoods", tmp_path)
    assert path.exists() and settings_table.table_stamp() in path.name
    broken = np.load(path)
    broken[:] = 0
    np.save(path, broken)
    assert np.array_equal(settings_table.full_table("foxwoods", tmp_path), table)  # rebuilt
    del table, broken
    for hand, rules in (("Tc Td 6h 6s Ac 3d 2h", PaiGowRules()), ("Jk Ah Kd Qd 9c 4s 4h", PaiGowRules(0.0, True))):
        with pytest.MonkeyPatch.context() as patch:  # read from the table, not set again
            patch.setattr(split, "_exact_tallies", None)
            counted = split.split_ev(hand, exact=True, rules=rules, cache=tmp_path)
        assert counted.splits == split.split_ev(hand, exact=True, rules=rules, table="off").splits

    class Interrupted(Exception):
        pass

    def stop_after_a_few(done, total):
        if done == 40:
            raise Interrupted

    with pytest.raises(Interrupted):
        exact_house_edge(way="foxwoods", cache=tmp_path, runner=Runner(progress=stop_after_a_few))
    (points,) = tmp_path.glob("exact-edge-foxwoods-*")
    saved = len(list(points.glob("*.pkl")))
    assert saved >= 40
    seen = []
    with caplog.at_level(logging.INFO, logger="analyzer"):
        result = exact_house_edge(
            way="foxwoods", cache=tmp_path, runner=Runner(progress=lambda done, total: seen.append(done))
        )
    assert seen[0] > 40  # resumed: the saved tasks were not run again
    tasks = len(task_bounds(exact_count.shared_sets(RANKS, JOKER)[1]))
    assert f"resuming: {saved} of {tasks} tasks done (checkpoints in {points})" in caplog.messages
    assert result.deals == DEALS == 8_250_459_031_214_400
    assert min(result.player_wins, result.pushes, result.player_losses) > 0
    assert abs(result.ev - (-0.02734)) < 4 * 0.0001  # paigow edge --target-se 0.0001
    assert not list(tmp_path.glob("exact-edge-*"))  # the checkpoints go once the run is done


@pytest.mark.parametrize("player_banks", [False, True])
def test_splits_counted_from_a_table_equal_every_dealer_hand_set_again(player_banks, rng):
    """On a deck of 7 ranks and the joker (26 cards left to the dealer, 657,800 hands)."""
    deck = reduced_deck(7, True)
    table = build_table(deck, WAYS["foxwoods"])
    fronts, backs = value_scales(deck)
    for _ in range(8):
        held = np.sort(rng.choice(len(deck), 7, replace=False))
        settings = legal_settings(deck[held])
        front_values = np.array([s.front_value for s in settings], np.int64)
        back_values = np.array([s.back_value for s in settings], np.int64)
        rest = np.delete(deck, held)
        tasks = np.array(list(itertools.combinations(range(len(rest)), 2)), np.int64)
        truth = np.zeros((len(settings), 3), np.int64)
        _exact_split_tallies(rest, front_values, back_values, WAYS["foxwoods"], player_banks, tasks, truth)
        grid = dealer_counts.dealer_grid(table, len(deck), held, len(backs))
        assert grid[-1, -1] == math.comb(len(rest), 7)
        counted = dealer_counts.split_tallies(
            grid, np.searchsorted(fronts, front_values), np.searchsorted(backs, back_values), player_banks
        )
        assert np.array_equal(counted, truth)


def test_split_refuses_an_unknown_table_use(cli):
    with pytest.raises(ValueError, match="setting-table use 'sometimes'"):
        split.split_ev("Ac Kd 9h 7s 5c 3d 2h", exact=True, table="sometimes")
    run = cli("paigow", "split", "Ac Kd 9h 7s 5c 3d 2h", "--table", "sometimes")
    assert run.returncode == 2 and "sometimes" in run.stderr


@njit(cache=True)
def _best_split_brute_force(table, deck, fronts, backs, payout_num, payout_den):
    """(wins, losses) over every ordered pair of disjoint hands with the player on the split of
    best EV ``num x wins - den x losses`` of his hand, and with the House Way's (the table's),
    each dealer hand compared directly."""
    n = deck.shape[0]
    best_wins = best_losses = house_wins = house_losses = 0
    positions = np.arange(n)
    player = np.zeros(7, np.int64)
    dealer = np.zeros(7, np.int64)
    rest = np.zeros(n - 7, np.int64)
    unused = np.zeros(n - 14, np.int64)
    dealer_keys = np.zeros(BINOMIAL[n - 7, 7], np.int64)
    for mask in range(1 << n):
        if bit_count(mask) != 7:
            continue
        _split_by_mask(mask, positions, player, rest)
        cards = deck[player]
        k = 0
        for sub in range(1 << (n - 7)):
            if bit_count(sub) != 7:
                continue
            _split_by_mask(sub, rest, dealer, unused)
            dealer_keys[k] = table[colex_rank(dealer)]
            k += 1
        best_score, chosen_wins, chosen_losses = -(1 << 62), 0, 0
        for a in range(7):
            for b in range(a + 1, 7):
                front, back = split_values(cards, a, b)
                if back <= front:
                    continue
                f, bk = np.searchsorted(fronts, front), np.searchsorted(backs, back)
                wins = losses = 0
                for key in dealer_keys:
                    wins += f > key & 255 and bk > key >> 8
                    losses += key & 255 >= f and key >> 8 >= bk
                if payout_num * wins - payout_den * losses > best_score:
                    best_score, chosen_wins, chosen_losses = payout_num * wins - payout_den * losses, wins, losses
        best_wins += chosen_wins
        best_losses += chosen_losses
        own = table[colex_rank(player)]
        for key in dealer_keys:
            house_wins += own & 255 > key & 255 and own >> 8 > key >> 8
            house_losses += key & 255 >= own & 255 and key >> 8 >= own >> 8
    return best_wins, best_losses, house_wins, house_losses


@pytest.mark.parametrize("ranks, joker", [(4, True), pytest.param(5, True, marks=pytest.mark.slow)])
def test_best_split_counts_equal_brute_force_on_a_reduced_deck(ranks, joker):
    """Per class of hands and shared cards against every hand's splits on every dealer hand;
    the House Way's split gives the House Way counts."""
    from fractions import Fraction

    deck = reduced_deck(ranks, joker)
    table = build_table(deck, WAYS["foxwoods"])
    fronts, backs = value_scales(deck)
    counts = optimal_count.split_counts(table, deck, ranks, joker, fronts, backs, exact_count.shared_sets(ranks, joker))
    assert counts.orbit.sum() == math.comb(len(deck), 7)
    best = optimal_count.split_scores(counts, Fraction(19, 20)).argmax(axis=1)  # the first of equals
    truth = _best_split_brute_force(table, deck, fronts, backs, 19, 20)
    assert optimal_count.deal_totals(counts, best) == truth[:2]
    assert optimal_count.deal_totals(counts, counts.house) == truth[2:]
    house_way = exact_count.count_outcomes(table, ranks, joker)
    assert truth[2:] == (house_way.wins, house_way.banker)
    assert truth[0] - truth[1] > truth[2] - truth[3]  # the best split does better


def test_committed_best_split_run_reproduces_the_house_way_count():
    """The House Way row of ``results/paigow/optimal_edge`` (counted per hand class) equals the
    House Way row of ``results/paigow/exact_edge`` (counted pair by pair family), deal for deal."""
    import csv
    from pathlib import Path

    results = Path(__file__).parents[1] / "results" / "paigow"
    with open(results / "optimal_edge" / "optimal_edge.csv") as file:
        optimal = {row["strategy"]: row for row in csv.DictReader(file) if row["way"] == "foxwoods"}
    with open(results / "exact_edge" / "exact_edge.csv") as file:
        exact = next(r for r in csv.DictReader(file) if (r["way"], r["banker"]) == ("foxwoods", "dealer"))
    fields = ("player_wins", "pushes", "player_losses", "ev_fraction")
    assert [optimal["house way"][f] for f in fields] == [exact[f] for f in fields]
    assert float(optimal["optimal"]["ev"]) > float(exact["ev"])


def test_hand_classes_are_the_suit_permutation_orbits():
    class_of, orbit, representatives = optimal_count.hand_classes(4, True)
    deck = reduced_deck(4, True)
    assert orbit.sum() == len(class_of) == math.comb(len(deck), 7)
    assert (class_of[representatives] == np.arange(len(representatives))).all()
    rng = np.random.default_rng(3)
    for rank in rng.integers(0, len(class_of), 200):
        positions = np.zeros(7, np.int64)
        settings_table._unrank(rank, positions)
        suits = rng.permutation(4)
        moved = np.sort([p if p == 16 else 4 * (p >> 2) + suits[p & 3] for p in positions])
        assert class_of[colex_rank(moved)] == class_of[rank]
    assert set(orbit.tolist()) <= {1, 4, 6, 12, 24}


def test_exact_result_settles_as_the_monte_carlo_edge():
    from fractions import Fraction

    from analyzer.games.paigow.exact_edge import ExactEdgeResult
    from analyzer.sim.facts import RunFacts

    result = ExactEdgeResult("foxwoods", 30, 45, 25, 9, 11, PaiGowRules(), RunFacts.enumerated(100, since=0.0))
    assert result.ev_fraction == Fraction(30 * 95 - 25 * 100, 100 * 100) == Fraction(7, 200)
    assert result.house_edge == pytest.approx(-0.035)
    assert result.to_dict()["ev_fraction"] == "7/200" and result.to_dict()["exact"]
    banks = result.under(PaiGowRules(commission=0.0, player_banks=True))
    assert (banks.player_wins, banks.pushes, banks.player_losses) == (25, 45, 30) and banks.ev == -0.05
    assert (banks.high_copies, banks.low_copies) == (9, 11)  # a copy is a copy whoever banks


def test_tasks_cover_every_class_once_the_biggest_alone():
    from analyzer.games.paigow.exact_edge import task_bounds

    _, sizes, _ = exact_count.shared_sets(13, True)
    bounds = task_bounds(sizes)
    assert bounds[0] == (0, 1) and bounds[-1][1] == len(sizes)
    assert all(a[1] == b[0] for a, b in itertools.pairwise(bounds))


def test_exact_edge_command_refuses_an_unknown_way(cli):
    run = cli("paigow", "exact-edge", "--way", "vegas")
    assert run.returncode == 2 and "vegas" in run.stderr


def test_the_optimal_edge_saved_sums_resume_only_when_whole(tmp_path, caplog):
    """The saved sums of ``exact-edge --strategy optimal`` come back as saved; a save cut short
    before its manifest leaves the previous one in force; a flipped byte is reported in one line,
    set aside and not used (the run would start over rather than add wrong sums)."""
    from analyzer.games.paigow.optimal_edge import _save_sums, _saved_sums

    sums = np.arange(24, dtype=np.int64).reshape(2, 3, 4)  # two threads' sums of a (3, 4) array
    assert _saved_sums(tmp_path, sums.shape) == (None, 0)
    _save_sums(tmp_path, sums, 5)
    loaded, parts = _saved_sums(tmp_path, sums.shape)
    assert parts == 5 and np.array_equal(loaded, sums.sum(axis=0))
    np.save(tmp_path / "sums-6.npy", sums.sum(axis=0) * 2)  # a kill before the manifest named it
    assert _saved_sums(tmp_path, sums.shape)[1] == 5
    path = tmp_path / "sums-5.npy"
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))
    with caplog.at_level("WARNING"):
        assert _saved_sums(tmp_path, sums.shape) == (None, 0)
    assert "bad checksum" in caplog.text and (tmp_path / "sums-5.npy.damaged").exists()
