"""Exact Pai Gow: one hand's splits counted by the dealer's rank patterns against every dealer
hand set again; the house edge's setting table against the House Way, the inclusion-exclusion
counter against brute force on reduced decks, the shared-card classes, and the full run."""

import itertools
import logging
import math

import numpy as np
import pytest
from numba import njit, prange

from analyzer.games.paigow import dealer_patterns, exact_count, optimal_count, settings_table
from analyzer.games.paigow.engine import LOSS
from analyzer.games.paigow.exact_edge import DEALS, JOKER, RANKS, exact_house_edge, task_bounds
from analyzer.games.paigow.houseway import legal_settings, parse_hand
from analyzer.games.paigow.policies import WAYS, _house_way_values, split_values
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.games.paigow.settings_table import (
    BINOMIAL,
    FULL_DECK,
    _next_colex,
    _unrank,
    build_table,
    colex_rank,
    value_scales,
)
from analyzer.games.paigow.split import split_ev
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


@njit(cache=True, parallel=True)
def _every_dealer_hand(deck, fronts, backs, way, player_banks):
    """(win, push, loss) of every split (values ``fronts``, ``backs``) against every 7-card hand
    of ``deck``, each set again by the House Way: the referee of the pattern count."""
    n = deck.shape[0]
    tallies = np.zeros((n, fronts.shape[0], 3), np.int64)  # by the dealer's first card
    for a in prange(n):
        hand = np.zeros(7, np.uint8)
        hand[0] = deck[a]
        for b in range(a + 1, n):
            hand[1] = deck[b]
            for c in range(b + 1, n):
                hand[2] = deck[c]
                for d in range(c + 1, n):
                    hand[3] = deck[d]
                    for e in range(d + 1, n):
                        hand[4] = deck[e]
                        for f in range(e + 1, n):
                            hand[5] = deck[f]
                            for g in range(f + 1, n):
                                hand[6] = deck[g]
                                front, back = _house_way_values(hand, way)
                                for s in range(fronts.shape[0]):
                                    if player_banks:
                                        won = int(fronts[s] >= front) + int(backs[s] >= back)
                                    else:
                                        won = int(fronts[s] > front) + int(backs[s] > back)
                                    tallies[a, s, LOSS - won] += 1
    return tallies.sum(axis=0)


def _split_values(cards):
    settings = legal_settings(cards)
    return np.array([s.front_value for s in settings], np.int64), np.array([s.back_value for s in settings], np.int64)


def _dealt(rng, left: int, suits: int):
    """A random hand of 7 and the cards out of a deck that leaves ``left`` cards to the dealer,
    drawn mostly from the first ``suits`` suits of a random order (so flushes abound), the joker
    in or out."""
    order = rng.permutation(4)
    weights = np.array([4.0 if order[c & 3] < suits else 1.0 for c in range(52)] + [8.0])
    cards = rng.choice(53, 7 + left, replace=False, p=weights / weights.sum())
    held, deck = cards[:7], np.sort(cards[7:])
    return held.astype(np.uint8), deck.astype(np.uint8), np.setdiff1d(np.arange(53), deck)


@pytest.mark.parametrize("way", list(WAYS))
def test_pattern_counts_deal_every_dealer_hand_once(way, rng):
    """Every hand of the cards left is in one pattern: the counts are never negative and add up."""
    for left, suits in ((46, 4), (30, 2), (20, 1), (12, 1)):
        _held, deck, out = _dealt(rng, left, suits)
        plain, flush = dealer_patterns.dealer_pattern_counts(out, WAYS[way])
        assert plain.min() >= 0 and flush.min() >= 0
        assert plain.sum() + flush.sum() == math.comb(len(deck), 7)


@pytest.mark.parametrize("player_banks", [False, True])
def test_splits_counted_by_pattern_equal_every_dealer_hand_set_again(player_banks, rng):
    """Random hands, the dealer's 21 to 25 cards drawn mostly from one or two suits (flushes,
    straight flushes, the joker filling them, five aces) or from all four."""
    for trial in range(24):
        way = trial % 3
        held, deck, out = _dealt(rng, 21 + trial % 5, 1 + trial % 4)
        fronts, backs = _split_values(held)
        truth = _every_dealer_hand(deck, fronts, backs, way, player_banks)
        assert np.array_equal(dealer_patterns.split_tallies(out, fronts, backs, way, player_banks), truth)


@pytest.mark.slow
@pytest.mark.parametrize("hand", ["Tc Td 6h 6s Ac 3d 2h", "Jk Ah Kd Qd 9c 4s 4h", "As Ks Qs Js 2d 2c 7h"])
def test_exact_split_equals_every_dealer_hand_set_again_on_the_full_deck(hand):
    """All 53,524,680 dealer hands, each set again by the House Way (seconds a hand on 2 cores)."""
    codes = parse_hand(hand)
    fronts, backs = _split_values(codes)
    deck = np.setdiff1d(np.arange(53), codes).astype(np.uint8)
    for way, player_banks in ((0, False), (2, True)):
        truth = _every_dealer_hand(deck, fronts, backs, way, player_banks)
        assert np.array_equal(dealer_patterns.split_tallies(codes, fronts, backs, way, player_banks), truth)


@njit(cache=True, parallel=True)
def _pattern_mismatches(way, plain_codes, plain_front, plain_back, flush_codes, flush_front, flush_back, blocks):
    """How many of the 154,143,080 hands of the 53 cards the House Way sets otherwise than
    their pattern (:mod:`.dealer_patterns`): each hand's pattern found from its cards."""
    hands = BINOMIAL[53, 7]
    wrong = np.zeros(blocks, np.int64)
    for block in prange(blocks):
        positions = np.zeros(7, np.int64)
        cards = np.zeros(7, np.uint8)
        first, last = hands * block // blocks, hands * (block + 1) // blocks
        _unrank(first, positions)
        for _ in range(first, last):
            suit_count = np.zeros(4, np.int64)
            suit_ranks = np.zeros(4, np.int64)
            code, joker = 0, 0
            for i in range(7):
                c = positions[i]
                cards[i] = c
                if c == 52:
                    joker = 1
                else:
                    suit_count[c & 3] += 1
                    suit_ranks[c & 3] |= 1 << (c >> 2)
                    code += 5 ** (c >> 2)
            suit = -1
            for s in range(4):
                if suit_count[s] + joker >= 5:
                    suit = s
            if suit < 0:
                p = np.searchsorted(plain_codes, code + joker * 5**13)
                front, back = plain_front[p], plain_back[p]
            else:
                off = np.full(2, -1, np.int64)
                m = 0
                for i in range(7):
                    c = positions[i]
                    if c != 52 and c & 3 != suit:
                        off[m] = c >> 2
                        m += 1
                off.sort()  # -1 first: the one off-suit rank goes second
                o1, o2 = (off[1], -1) if m == 1 else (off[0], off[1])
                key = ((suit_ranks[suit] * 2 + joker) * 14 + o1 + 1) * 14 + o2 + 1
                p = np.searchsorted(flush_codes, key)
                front, back = flush_front[p], flush_back[p]
            truth = _house_way_values(cards, way)
            wrong[block] += truth[0] != front or truth[1] != back
            _next_colex(positions)
    return wrong.sum()


def test_flush_pattern_codes_sort_as_the_patterns_do():
    found = dealer_patterns.patterns(0)
    codes = _flush_codes(found)
    assert (np.diff(codes) > 0).all()
    plain = _plain_codes(found)
    assert (np.diff(plain) > 0).all() and len(plain) == dealer_patterns.PLAIN_PATTERNS
    assert len(codes) == dealer_patterns.FLUSH_PATTERNS


def _plain_codes(found):
    return found.plain_counts.astype(np.int64) @ 5 ** np.arange(13) + found.plain_jokers.astype(np.int64) * 5**13


def _flush_codes(found):
    off = found.flush_off.astype(np.int64)
    return ((found.flush_ranks * 2 + found.flush_jokers.astype(np.int64)) * 14 + off[:, 0] + 1) * 14 + off[:, 1] + 1


@pytest.mark.slow
@pytest.mark.parametrize("way", list(WAYS))
def test_every_hand_is_set_as_its_pattern(way):
    """The claim the pattern count rests on, for each of the 154,143,080 hands: the House Way
    sets it to the values it sets its pattern's hand to."""
    found = dealer_patterns.patterns(WAYS[way])
    assert (
        _pattern_mismatches(
            WAYS[way],
            _plain_codes(found),
            found.plain_front,
            found.plain_back,
            _flush_codes(found),
            found.flush_front,
            found.flush_back,
            64,
        )
        == 0
    )


def test_an_exact_split_is_quick_and_sums_to_every_dealer_hand():
    result = split_ev("Jk Ah Kd Qd 9c 4s 4h", exact=True)
    assert result.run.exact and result.run.trials == math.comb(46, 7)
    split_ev("Jk Ah Kd Qd 9c 4s 4h", exact=True)  # the patterns are set
    again = split_ev("Ac Kd 9h 7s 5c 3d 2h", exact=True)
    assert again.run.elapsed < 2.0  # 0.02 s on one quiet core; generous for a busy test machine


@njit(cache=True)
def _best_split_brute_force(table, deck, fronts, backs, payout_num, payout_den):
    """(wins, losses) over every ordered pair of disjoint hands with the player on the split of
    best EV ``num x wins - den x losses`` of his hand, and with the House Way's (the table's),
    each dealer hand compared directly; and the hands whose best split has a better EV than the
    House Way's."""
    n = deck.shape[0]
    best_wins = best_losses = house_wins = house_losses = improved = 0
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
        wins = losses = 0
        for key in dealer_keys:
            wins += own & 255 > key & 255 and own >> 8 > key >> 8
            losses += key & 255 >= own & 255 and key >> 8 >= own >> 8
        house_wins += wins
        house_losses += losses
        improved += best_score > payout_num * wins - payout_den * losses
    return best_wins, best_losses, house_wins, house_losses, improved


@pytest.mark.parametrize("ranks, joker", [(4, True), pytest.param(5, True, marks=pytest.mark.slow)])
def test_best_split_counts_equal_brute_force_on_a_reduced_deck(ranks, joker):
    """Per class of hands and shared cards against every hand's splits on every dealer hand;
    the House Way's split gives the House Way counts. The families are swept both ways: each
    by one thread, and every family of 1,000 hands or more (up to 3 shared cards) by every
    thread together."""
    from fractions import Fraction

    deck = reduced_deck(ranks, joker)
    table = build_table(deck, WAYS["foxwoods"])
    fronts, backs = value_scales(deck)
    sets = exact_count.shared_sets(ranks, joker)
    truth = _best_split_brute_force(table, deck, fronts, backs, 19, 20)
    for dense in (optimal_count.DENSE, 1_000):
        splits = optimal_count.class_splits(deck, ranks, joker, WAYS["foxwoods"], fronts, backs)
        assert splits.orbit.sum() == math.comb(len(deck), 7)
        assert np.array_equal(splits.settings[splits.class_of], table)  # every hand of a class set alike
        sums = optimal_count.new_sums(splits)
        optimal_count.add_terms(len(deck), len(fronts), len(backs), splits, sets, 0, len(sets[1]), sums, dense)
        totals = optimal_count.totals(splits, sums, Fraction(19, 20))
        assert totals == truth  # the best split taken the first of equal EVs, as the referee does
    house_way = exact_count.count_outcomes(table, ranks, joker)
    assert truth[2:4] == (house_way.wins, house_way.banker)
    assert truth[0] - truth[1] > truth[2] - truth[3] and truth[4] > 0  # the best split does better


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
    """The saved sums of ``exact-edge --strategy optimal`` come back as saved (the threads' sums
    folded, modulo 2^32); a save cut short before its manifest leaves the previous one in force;
    a flipped byte is reported in one line, set aside and not used (the run would start over
    rather than add wrong sums)."""
    from analyzer.games.paigow.optimal_edge import _save_sums, _saved_sums

    sums = np.arange(24, dtype=np.uint32).reshape(2, 6, 2)  # two threads' sums of 6 kept splits
    sums[1, 0, 0] = 2**32 - 1  # wraps: 0 + (2^32 - 1) + ...
    folded = (sums[0].astype(np.int64) + sums[1]) % 2**32
    into = np.zeros((6, 2), np.uint32)
    assert _saved_sums(tmp_path, into) == 0
    _save_sums(tmp_path, sums, 5)
    assert np.array_equal(sums[0], folded) and not sums[1].any()  # folded in place
    assert _saved_sums(tmp_path, into) == 5 and np.array_equal(into, folded)
    assert _saved_sums(tmp_path, np.zeros((7, 2), np.uint32)) == 0  # another deck's, or format's
    np.save(tmp_path / "sums-6.npy", folded * 2)  # a kill before the manifest named it
    assert _saved_sums(tmp_path, into) == 5
    path = tmp_path / "sums-5.npy"
    data = bytearray(path.read_bytes())
    data[-1] ^= 1
    path.write_bytes(bytes(data))
    with caplog.at_level("WARNING"):
        assert _saved_sums(tmp_path, into) == 0
    assert not into.any()
    assert "bad checksum" in caplog.text and (tmp_path / "sums-5.npy.damaged").exists()
