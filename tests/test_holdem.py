"""Texas Hold'em equity: exact against brute force over every board (eval7 as the
evaluator), Monte Carlo against exact, reproducibility, and every input error."""

from itertools import combinations

import eval7
import numpy as np
import pytest

from analyzer.cards import CardError, cards_mask, format_card, parse_cards
from analyzer.games.holdem.equity import EXACT_SECONDS, holdem_equity
from analyzer.ranges import EmptyRangeError, parse_range
from analyzer.sim.calibration import Calibration
from analyzer.sim.engine import Stopping
from analyzer.sim.method import QUICK_EXACT_SECONDS, choose_method
from analyzer.sim.runner import Runner

E7 = [eval7.Card(format_card(c)) for c in range(52)]


def brute_force_equity(hands: list[str], board: str = "", dead: str = "") -> np.ndarray:
    """Equity of fixed hands over every completion of the board, evaluated by eval7."""
    holes = [parse_cards(h).tolist() for h in hands]
    known = parse_cards(board).tolist()
    used = {c for hole in holes for c in hole} | set(known) | set(parse_cards(dead).tolist())
    free = [c for c in range(52) if c not in used]
    shares = np.zeros(len(hands))
    boards = 0
    for extra in combinations(free, 5 - len(known)):
        cards = [E7[c] for c in known + list(extra)]
        values = [eval7.evaluate(cards + [E7[a], E7[b]]) for a, b in holes]
        best = max(values)
        winners = [i for i, v in enumerate(values) if v == best]
        for i in winners:
            shares[i] += 1 / len(winners)
        boards += 1
    return shares / boards


@pytest.mark.parametrize(
    "hands, board, dead",
    [
        (["AhKh", "QhJh", "2c2d"], "Th3h9c", ""),
        (["AhKh", "7s6s"], "2s3s4h", ""),
        (["AhKh", "7s6s", "KsKc", "9d9c"], "2s3s4s", "Qs"),
        (["AsAd", "KsKd", "QsQd", "JsJd", "TsTd", "9s9d"], "2s5s8d", "3c"),
        (["Ac2c", "7h7d"], "Kc9c4d", "5c6c"),
        (["Ac2c", "7h7d", "KdQd"], "Kc9c4d8h", ""),
        (["Ac2c", "7h7d"], "Kc9c4d8h3c", ""),
    ],
    ids=lambda x: str(x),
)
@pytest.mark.jitless
def test_exact_equals_brute_force_over_every_board(hands, board, dead):
    result = holdem_equity(hands, board, dead, exact=True)
    assert result.run.method == "exact"
    expected = brute_force_equity(hands, board, dead)
    assert np.allclose([p.equity for p in result.players], expected, rtol=0, atol=1e-12)
    assert all(p.stderr == 0 for p in result.players)


@pytest.mark.jitless
def test_heads_up_preflop_exact_is_the_published_figure():
    """AsKs v QdQc: 46.214% / 53.786% (PokerStove and every calculator agree)."""
    result = holdem_equity(["AsKs", "QdQc"])
    assert result.run.method == "exact" and result.run.trials == 1_712_304
    assert round(result.players[0].equity, 5) == 0.46214
    assert round(result.players[0].tie, 5) == 0.00393


@pytest.mark.slow
def test_preflop_multiway_exact_equals_a_direct_enumeration():
    from numba import njit

    from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key

    holes = np.array([parse_cards(h) for h in ("AsKs", "QdQc", "7h6h")], np.int64)

    @njit
    def every_board(holes):
        free = np.array([c for c in range(52) if c not in holes], np.int64)
        shares = np.zeros(3)
        for a in range(len(free)):
            for b in range(a + 1, len(free)):
                for c in range(b + 1, len(free)):
                    for d in range(c + 1, len(free)):
                        for e in range(d + 1, len(free)):
                            values = np.zeros(3, np.int64)
                            for p in range(3):
                                key, mask = EMPTY_KEY, np.uint64(0)
                                for card in (free[a], free[b], free[c], free[d], free[e], holes[p, 0], holes[p, 1]):
                                    key += CARD_KEY[card]
                                    mask |= CARD_MASK[card]
                                values[p] = evaluate_key(key, mask)
                            best = values.max()
                            winners = (values == best).sum()
                            for p in range(3):
                                if values[p] == best:
                                    shares[p] += 1.0 / winners
        return shares

    shares = every_board(holes)
    expected = shares / shares.sum()
    result = holdem_equity(["AsKs", "QdQc", "7h6h"], exact=True)
    assert np.allclose([p.equity for p in result.players], expected, rtol=0, atol=1e-12)


@pytest.mark.jitless
def test_exact_ranges_are_the_weighted_average_of_their_combos():
    board = "2c7d9h"
    hero = parse_range("AK:0.5, QQ")
    villain = "JTs"
    result = holdem_equity([hero, villain], board, exact=True)
    total = weighted = 0.0
    for combo, weight in zip(hero.combos, hero.weights):
        for other in parse_range(villain).without(combo.tolist()).without(parse_cards(board).tolist()).combos:
            hands = ["".join(format_card(c) for c in combo), "".join(format_card(c) for c in other)]
            boards = len(list(combinations(range(52 - 7), 2)))
            weighted += weight * boards * brute_force_equity(hands, board)[0]
            total += weight * boards
    assert result.players[0].equity == pytest.approx(weighted / total, abs=1e-12)


E7_CATEGORIES = {
    "High Card": "High card",
    "Pair": "Pair",
    "Two Pair": "Two pair",
    "Trips": "Three of a kind",
    "Straight": "Straight",
    "Flush": "Flush",
    "Full House": "Full house",
    "Quads": "Four of a kind",
    "Straight Flush": "Straight flush",
}


def brute_force_ranges(ranges: list[str], board: str, dead: str) -> list[dict]:
    """Each player's equity, win and tie shares and final-hand categories over every choice of one
    unblocked combo per player (weighted) and every completion of the board, by eval7."""
    known = parse_cards(board).tolist()
    blocked = known + parse_cards(dead).tolist()
    parsed = [parse_range(r).without(blocked) for r in ranges]
    n = len(ranges)
    figures = [{"equity": 0.0, "win": 0.0, "tie": 0.0, "categories": {}} for _ in range(n)]
    total = 0.0

    def deal(p: int, used: set, weight: float, holes: list) -> None:
        nonlocal total
        if p == n:
            free = [c for c in range(52) if c not in used]
            for extra in combinations(free, 5 - len(known)):
                cards = [E7[c] for c in known + list(extra)]
                values = [eval7.evaluate(cards + [E7[a], E7[b]]) for a, b in holes]
                best = max(values)
                winners = values.count(best)
                for i, v in enumerate(values):
                    row = figures[i]
                    if v == best:
                        row["equity"] += weight / winners
                        row["win" if winners == 1 else "tie"] += weight
                    label = E7_CATEGORIES[eval7.handtype(v)]
                    row["categories"][label] = row["categories"].get(label, 0.0) + weight
                total += weight
            return
        for combo, w in zip(parsed[p].combos.tolist(), parsed[p].weights.tolist()):
            if not used & set(combo):
                deal(p + 1, used | set(combo), weight * w, holes + [combo])

    deal(0, set(blocked), 1.0, [])
    for row in figures:
        for key in ("equity", "win", "tie"):
            row[key] /= total
        row["categories"] = {k: v / total for k, v in row["categories"].items()}
    return figures


@pytest.mark.parametrize(
    "ranges, board, dead",
    [
        (["AKs", "QQ"], "Kh7d2c", ""),  # no suit symmetry: combo by combo, heads-up
        (["AKs:0.5, 99", "QQ, JTs", "T9s"], "Kh9d2c", "3s"),  # three players, weights, a dead card
        (["AK", "77, 22", "KQs", "A5s"], "Ah7d2c5s", ""),  # four players on the turn
        (["AhKh, QQ", "JTs, 99"], "2c7d9h4s8h", ""),  # the river: one runout
        (["QQ+, AKs", "JJ-99, AQs"], "2h 3h 4h", ""),  # a monotone flop, suit classes listed
    ],
    ids=lambda x: str(x),
)
@pytest.mark.jitless
def test_exact_ranges_after_the_flop_equal_brute_force(ranges, board, dead):
    result = holdem_equity(ranges, board, dead, exact=True, categories=True)
    for player, expected in zip(result.players, brute_force_ranges(ranges, board, dead)):
        assert player.equity == pytest.approx(expected["equity"], abs=1e-12)
        assert player.win == pytest.approx(expected["win"], abs=1e-12)
        assert player.tie == pytest.approx(expected["tie"], abs=1e-12)
        assert player.categories.keys() == expected["categories"].keys()
        for label, share in expected["categories"].items():
            assert player.categories[label] == pytest.approx(share, abs=1e-12)


@pytest.mark.parametrize(
    "ranges, board",
    [(["AKs", "QQ"], "Kh7d2c"), (["AK", "77, 22", "KQs"], "Ah7d2c5s")],
    ids=["heads-up flop", "three-way turn"],
)
@pytest.mark.jitless
def test_the_runout_kernel_skips_only_the_category_columns_when_not_asked(ranges, board):
    from analyzer.games.holdem.deal import prepare_deal
    from analyzer.games.holdem.exact import exact_tallies
    from analyzer.sim.showdown import CATEGORY

    deal = prepare_deal(ranges, board)
    full = exact_tallies(deal, Runner(threads=1), listed=False, categories=True)
    bare = exact_tallies(deal, Runner(threads=1), listed=False, categories=False)
    assert np.array_equal(bare[0][:, :CATEGORY], full[0][:, :CATEGORY]) and bare[1:] == full[1:]
    assert not bare[0][:, CATEGORY:].any() and full[0][:, CATEGORY:].sum() == pytest.approx(full[1] * len(ranges))
    asked = holdem_equity(ranges, board, exact=True, categories=True)
    plain = holdem_equity(ranges, board, exact=True)
    assert [(p.equity, p.win, p.tie) for p in plain.players] == [(p.equity, p.win, p.tie) for p in asked.players]
    assert all(p.categories is None for p in plain.players) and all(p.categories for p in asked.players)


@pytest.mark.parametrize(
    "hands, board",
    [
        (["AsKs", "QdQc"], ""),
        (["QQ+, AKs", "JJ-99, AQs"], ""),
        (["AhKh", "QhJh", "2c2d", "random"], "Th3h9c"),
    ],
)
def test_monte_carlo_is_within_four_standard_errors_of_exact(hands, board):
    exact = holdem_equity(hands, board, exact=True)
    mc = holdem_equity(hands, board, exact=False, stopping=Stopping(trials=400_000), seed=11)
    assert mc.run.method == "monte-carlo" and mc.run.trials == 400_000
    for e, m in zip(exact.players, mc.players):
        assert m.stderr > 0
        assert abs(m.equity - e.equity) < 4 * m.stderr


def test_monte_carlo_with_weights_matches_exact():
    hands = ["AA:0.25, KK, AKs@50", "QQ, JTs"]
    exact = holdem_equity(hands, "2c7d9h", exact=True)
    mc = holdem_equity(hands, "2c7d9h", exact=False, stopping=Stopping(trials=300_000), seed=5)
    assert abs(mc.players[0].equity - exact.players[0].equity) < 4 * mc.players[0].stderr


@pytest.mark.parametrize(
    "hands, board, listed",
    [
        (["AsKs", "QdQc"], "Kh 7d 2c 5s", True),  # 42 of the 44 rivers win for AsKs
        (["AhKh", "QQ+, AKs:0.5", "JTs"], "Th 3h 9c", True),  # weighted ranges: one draw from the joint list
        (["AhKh", "QQ+, AKs:0.5", "JTs"], "Th 3h 9c", False),  # the same, redrawn on a conflict (no list)
        (["AhKh", "QQ+, AKs", "random"], "Th 3h 9c 2s 5d", True),  # a random hand dealt from the deck
    ],
    ids=["turn", "joint list", "redraws", "river with a random hand"],
)
@pytest.mark.jitless
def test_a_short_monte_carlo_run_is_within_four_standard_errors_of_exact(hands, board, listed, monkeypatch):
    """The Monte Carlo kernel on 4,000 deals, small enough to run as Python: within four
    standard errors of the exact figures (themselves equal to a brute force with eval7)."""
    from analyzer.games.holdem import joint

    if not listed:
        monkeypatch.setattr(joint, "JOINT_LIMIT", 0)
    exact = holdem_equity(hands, board, exact=True)
    mc = holdem_equity(hands, board, exact=False, stopping=Stopping(trials=4_000), seed=11)
    assert mc.run.method == "monte-carlo" and mc.run.trials == 4_000
    if hands == ["AsKs", "QdQc"]:
        assert exact.players[0].win == pytest.approx(42 / 44)
    for e, m in zip(exact.players, mc.players):
        assert m.stderr > 0
        assert abs(m.equity - e.equity) < 4 * m.stderr


def test_same_seed_same_tallies_on_one_or_two_threads_and_any_chunk_order():
    def run(threads):
        return holdem_equity(
            ["QQ+, AKs", "random", "22-66"],
            exact=False,
            stopping=Stopping(trials=300_000),
            seed=99,
            chunk_size=50_000,
            runner=Runner(threads=threads),
        )

    one, two = run(1), run(2)
    assert one.to_dict()["players"] == two.to_dict()["players"]
    other_seed = holdem_equity(
        ["QQ+, AKs", "random", "22-66"],
        exact=False,
        stopping=Stopping(trials=300_000),
        seed=100,
        chunk_size=50_000,
    )
    assert other_seed.players[0].equity != one.players[0].equity


def test_target_standard_error_stops_at_the_first_chunk_prefix_that_meets_it():
    result = holdem_equity(["AsKs", "QdQc"], exact=False, stopping=Stopping(target_se=0.002), seed=7, chunk_size=10_000)
    assert result.run.stopped_by == "target_se"
    assert max(p.stderr for p in result.players) <= 0.002
    shorter = holdem_equity(
        ["AsKs", "QdQc"],
        exact=False,
        stopping=Stopping(trials=result.run.trials - 10_000),
        seed=7,
        chunk_size=10_000,
    )
    assert max(p.stderr for p in shorter.players) > 0.002  # one chunk fewer had not met the target
    again = holdem_equity(
        ["AsKs", "QdQc"], exact=False, stopping=Stopping(trials=result.run.trials), seed=7, chunk_size=10_000
    )
    assert again.to_dict()["players"] == result.to_dict()["players"]


@pytest.mark.jitless
def test_time_limit_stops_and_reports_a_reproducible_trial_count():
    result = holdem_equity(
        ["random", "random", "random"],
        exact=False,
        stopping=Stopping(time_limit=0.2),
        seed=3,
        chunk_size=20_000,
    )
    assert result.run.stopped_by == "time_limit"  # no trial cap was set
    # Under a time limit a chunk may be made smaller (one takes at most 5% of the limit): the
    # chunk size used is reported, the run stops between chunks, and the two reproduce it.
    assert result.run.chunk_size <= 20_000 and result.run.trials % result.run.chunk_size == 0
    assert result.run.elapsed >= 0.2
    again = holdem_equity(
        ["random", "random", "random"],
        exact=False,
        stopping=Stopping(trials=result.run.trials),
        seed=3,
        chunk_size=result.run.chunk_size,
    )
    assert [p.equity for p in again.players] == [p.equity for p in result.players]


def test_auto_picks_exact_for_fixed_hands_and_monte_carlo_for_wide_ranges():
    assert holdem_equity(["AsKs", "QdQc"]).run.method == "exact"
    assert holdem_equity(["random", "random"], seed=1).run.method == "monte-carlo"
    assert holdem_equity(["random", "AsKs"], "2c3d4h", "", stopping=Stopping(trials=10_000_000)).run.method == "exact"


def test_auto_weighs_a_hand_against_a_random_hand_by_its_suit_classes():
    """AsKs against a random hand preflop enumerates 367 suit classes, not 1,326 / 24: a million
    trials asked for are quicker, a standard error of 0.005% is not."""
    million = Stopping(trials=1_000_000)
    assert holdem_equity(["AsKs", "random"], stopping=million, seed=1).run.method == "monte-carlo"
    assert not choose_method(None, 367 * EXACT_SECONDS[5] / 2, million, 2).exact
    precise = holdem_equity(["AsKs", "random"], stopping=Stopping(target_se=5e-5))
    assert precise.run.method == "exact" and precise.run.trials == 1225 * 1_712_304


def test_auto_answers_exactly_when_that_takes_a_second_or_two_and_says_why():
    """With no stopping rule, an enumeration estimated (calibrated here) at 2 s or less is
    chosen over the default million trials: QQ+, AKs against the top 10% enumerates 4.1 billion
    deals in a fraction of a second."""
    result = holdem_equity(["QQ+, AKs", "10%"])
    assert result.run.method == "exact" and result.run.trials > 4e9
    assert result.run.choice.startswith("exact, estimated at") and "on this machine" in result.run.choice
    assert result.run.to_dict()["choice"] == result.run.choice
    wide = holdem_equity(["random", "random"], seed=1)
    assert wide.run.method == "monte-carlo" and wide.run.choice.startswith("Monte Carlo, exact estimated at")
    forced = holdem_equity(["AsKs", "QdQc"], exact=False, seed=1).run
    assert forced.choice is None and "choice" not in forced.to_dict()  # nothing was chosen


def test_the_cost_model_counts_every_player_scored_on_each_runout_of_a_flop():
    """Two known hands and two random ones on a flop: 1.4 million assignments, each scoring four
    players on every turn and river (about 11 us each, one thread): the default picks Monte Carlo,
    where two players' figure alone (2 us) would have started a half-minute enumeration."""
    from analyzer.games.holdem.deal import query_deal
    from analyzer.games.holdem.equity import EXTRA_PLAYER_SECONDS, exact_seconds

    deal = query_deal(["AsKs", "QdQc", "random", "random"], "Ah 9h 2c", "")
    assert exact_seconds(deal, 1) == deal.assignments * (EXACT_SECONDS[2] + 2 * EXTRA_PLAYER_SECONDS) > 10
    assert holdem_equity(["AsKs", "QdQc", "random", "random"], "Ah 9h 2c", seed=1).run.method == "monte-carlo"


def _timed(seconds: float, calls: list) -> Calibration:
    """A calibration whose reference sleeps ``seconds`` (and counts its calls) against a
    baseline of 10 ms: a factor of ``seconds / 0.01``, at least."""
    import time

    return Calibration(lambda: calls.append(time.sleep(seconds)), baseline_seconds=0.01)


def test_the_quick_exact_rule_scales_the_estimate_to_this_machine_and_times_only_when_it_matters():
    calls: list = []
    same_speed = _timed(0.01, calls)
    assert not calls  # nothing timed until a choice depends on it
    assert choose_method(None, 1.0, Stopping(), 2, calibration=same_speed).exact
    assert calls  # the reference ran
    assert not choose_method(None, 3 * QUICK_EXACT_SECONDS, Stopping(), 2, calibration=same_speed).exact
    ten_times_slower = _timed(0.1, [])
    assert not choose_method(None, 1.0, Stopping(), 2, calibration=ten_times_slower).exact
    untouched: list = []
    never = _timed(0.01, untouched)
    assert not choose_method(None, 1.0, Stopping(trials=1_000), 2, calibration=never).exact  # a rule was given
    assert not choose_method(None, 1e6, Stopping(), 2, calibration=never).exact  # far beyond any machine
    assert choose_method(None, 0.001, Stopping(), 2, calibration=never).exact  # quicker anyway
    assert not untouched
    assert not choose_method(None, 1.0, Stopping(), 2).exact  # no calibration: the quicker method only


@pytest.mark.jitless
def test_category_distribution_sums_to_one():
    result = holdem_equity(["AhKh", "QhJh"], "Th3h9c", categories=True)
    for p in result.players:
        assert sum(p.categories.values()) == pytest.approx(1)
    assert "Flush" in result.players[0].categories


@pytest.mark.parametrize(
    "args, error, words",
    [
        ((["AsKs"],), ValueError, "1 player: "),
        ((["AsKs"] * 11,), ValueError, "11 players"),
        ((["AsKs", "QdQc"], "2c3d"), CardError, "0, 3, 4 or 5 cards"),
        ((["AsKs", "QdQc"], "2c3d4h", "4h"), CardError, "card '4h' is in both the board and the dead cards"),
        (("AKs",), ValueError, "not a single string"),
        ((["AsKs", "AsQc"],), ValueError, "cannot all be dealt together"),
        ((["AA", "AA", "AA"],), ValueError, "cannot all be dealt together"),
        ((["AsAh", "KK"], "As2c3d"), EmptyRangeError, "player 1's range"),
        ((["AsKv", "KK"],), CardError, "'AsKv'"),
        ((["AsKs", "QdQc"], "Jk 2c 3d"), CardError, "joker"),
    ],
)
def test_bad_inputs_are_errors_naming_the_bad_part(args, error, words):
    with pytest.raises(error, match=words):
        holdem_equity(*args)


def test_too_many_players_for_the_cards_is_an_error_not_a_hang():
    with pytest.raises(ValueError, match="not enough cards"):
        holdem_equity(
            ["random"] * 10,
            "2c3d4h5s6c",
            "7c 8c 9c Tc Jc Qc Kc Ac 7d 8d 9d Td Jd Qd Kd Ad 7h 8h 9h Th Jh Qh Kh Ah 7s 8s 9s Ts",
        )


def test_ten_ranges_of_nineteen_cards_are_undealable_at_once():
    """Ten players whose ranges of 171 combos each use only 19 cards: 20 are needed. The live
    search cuts every branch at once (the cards left are fewer than two a player): the error is
    the certain one, where a search by nodes took 45 s to give up and leave it to Monte Carlo."""
    from analyzer.cards import format_cards

    cards = format_cards(range(19)).split()
    narrow = ", ".join(a + b for i, a in enumerate(cards) for b in cards[i + 1 :])
    with pytest.raises(ValueError, match="cannot all be dealt together"):
        holdem_equity([narrow] * 10, exact=False, stopping=Stopping(trials=1_000), seed=1)


def test_a_trial_cap_bounds_the_monte_carlo_cost_in_the_exact_or_monte_carlo_choice():
    assert not choose_method(None, 10.0, Stopping(trials=1_000, target_se=1e-5), 2).exact
    assert choose_method(None, 10.0, Stopping(target_se=1e-5), 2).exact  # 2.5e9 trials would take longer


@pytest.mark.jitless
def test_exact_weighted_runs_report_deals_not_weights():
    result = holdem_equity(["AK:0.5, QQ", "JTs"], "2c7d9h", exact=True)
    unweighted = holdem_equity(["AK, QQ", "JTs"], "2c7d9h", exact=True)
    assert result.run.trials == unweighted.run.trials == 87_120


@pytest.mark.parametrize(
    "ranges, board, dead",
    [
        (["AK:0.5, AsKs, 77", "JTs, 99"], "", ""),  # weights and a suit-specific combo: 24 symmetries
        pytest.param(["AhKh, QQ", "JTs, 99"], "2c7d9h", "", marks=pytest.mark.jitless),  # a rainbow flop: no symmetry
        (["AK", "QQ", "JTs"], "", ""),  # three players
        pytest.param(["AK", "22+"], "", "5c 5d", marks=pytest.mark.slow),  # dead cards leave the c-d and h-s swaps
        pytest.param(["QQ+, AKs", "JJ-99, AQs"], "2h 3h 4h", "", marks=pytest.mark.jitless),  # c, d, s permute freely
        (["AsKs", "QdQc"], "", ""),  # fixed hands: the one deal, listed
        pytest.param(["AsKs", "QdQc", "7h6h"], "Kh 7d 2c", "3s", marks=pytest.mark.jitless),
    ],
)
def test_exact_from_listed_deals_equals_combo_by_combo(ranges, board, dead):
    from analyzer.games.holdem.deal import prepare_deal
    from analyzer.games.holdem.exact import exact_tallies

    deal = prepare_deal(ranges, board, dead)
    by_class = exact_tallies(deal, Runner(), listed=True)
    direct = exact_tallies(deal, Runner(), listed=False)
    assert np.allclose(by_class[0], direct[0], rtol=1e-12, atol=0)
    assert by_class[1] == pytest.approx(direct[1], rel=1e-15) and by_class[2] == direct[2]


@pytest.mark.parametrize(
    "ranges, board",
    [
        (["AsKs", "random"], ""),
        (["72o", "random"], ""),
        (["QQ+:0.5, AKs", "22+"], ""),
        (["AKs", "QQ"], "Kh 7h 2c"),
        (["AsKs", "QdQc"], ""),
    ],
)
@pytest.mark.jitless
def test_class_count_estimates_the_classes_an_exact_run_lists(ranges, board):
    """Burnside's count over the maps that fix the ranges is the class count before card
    conflicts are removed: at least the classes listed and close to them."""
    from analyzer.games.holdem.deal import prepare_deal
    from analyzer.games.holdem.symmetry import canonical_classes, valid_assignments

    deal = prepare_deal(ranges, board)
    listed = valid_assignments([r.combos for r in deal.ranges], [r.weights for r in deal.ranges])
    assert listed is not None
    classes = len(canonical_classes(*listed, deal.symmetries)[0])
    assert classes <= deal.classes() <= 1.15 * classes


@pytest.mark.jitless
def test_suit_symmetries_fix_the_known_cards():
    from analyzer.games.holdem.symmetry import suit_symmetries

    assert len(suit_symmetries(np.zeros(0, np.int64))) == 24
    assert len(suit_symmetries(parse_cards("5c 5d"))) == 4  # swap c-d, swap h-s, both, neither
    assert len(suit_symmetries(parse_cards("2h 3h 4h"))) == 6
    assert len(suit_symmetries(parse_cards("2c 7d 9h"))) == 1


def test_board_and_dead_cards_as_codes_are_checked_like_text():
    board = parse_cards("Kh 7d 2c")
    by_codes = holdem_equity(["AsKs", "QdQc"], board=board, dead=[int(parse_cards("5s")[0])], exact=True)
    by_text = holdem_equity(["AsKs", "QdQc"], board="Kh 7d 2c", dead="5s", exact=True)
    assert by_codes.players == by_text.players
    with pytest.raises(CardError, match="invalid card code 60"):
        holdem_equity(["AsKs", "QdQc"], board=[60, 1, 2])
    with pytest.raises(CardError, match="duplicate"):
        holdem_equity(["AsKs", "QdQc"], board=np.array([40, 40, 2], np.uint8))


def test_a_range_text_is_parsed_once_per_board_and_dead_cards():
    from analyzer.games.holdem.deal import prepare_deal

    preflop = prepare_deal(["AA", "KK"])
    on_board = prepare_deal(["AA", "KK"], "As 2c 3d")
    with_dead = prepare_deal(["AA", "KK"], "2c 3d 4h", "Ah")
    assert [len(d.ranges[0]) for d in (preflop, on_board, with_dead)] == [6, 3, 3]
    assert prepare_deal(["AA", "KK"]).ranges[0] is preflop.ranges[0]  # cached: ranges are immutable
    assert not preflop.ranges[0].combos.flags.writeable


def test_a_repeated_text_query_reuses_its_checked_deal():
    from analyzer.games.holdem.deal import query_deal
    from analyzer.ranges import parse

    deal = query_deal(["AsKs", "QdQc"], "Kh 7d 2c", "")
    assert query_deal(("AsKs", "QdQc"), "Kh 7d 2c", "") is deal
    assert query_deal(["AsKs", "QdQc"], "Kh 7d 2s", "") is not deal  # another board
    assert query_deal([parse("AsKs"), "QdQc"], "Kh 7d 2c", "") is not deal  # a Range: checked again
    for _ in range(2):  # an error is raised every time, never cached
        with pytest.raises(EmptyRangeError, match="player 1"):
            query_deal(["KhQh", "QdQc"], "Kh 7d 2c", "")
    first = holdem_equity(["AsKs", "QdQc"], "Kh 7d 2c", exact=True)
    again = holdem_equity(["AsKs", "QdQc"], "Kh 7d 2c", exact=True)
    assert first.players == again.players


@pytest.mark.parametrize(
    "ranges, board",
    [
        (["QQ+, AKs", "KK+, AQs+, KQo"], ""),
        (["AA:0.25, KK, AKs@50", "QQ+", "AsKd"], "2c7d9h"),
        (["random", "TT+:0.5, AK"], "Kh7d2c"),
    ],
)
@pytest.mark.jitless
def test_joint_deals_list_every_combo_choice_without_a_shared_card(ranges, board):
    from itertools import product

    from analyzer.games.holdem.deal import prepare_deal
    from analyzer.games.holdem.joint import joint_deals
    from analyzer.games.holdem.monte_carlo import HoldemMonteCarlo

    deal = prepare_deal(ranges, board)
    job = HoldemMonteCarlo.from_deal(deal)
    combos, offsets, weights = deal.packed
    dealt = [p for p in range(len(ranges)) if not job.any_two[p]]
    expected = {}  # brute force: every choice of rows, kept when no card repeats
    for choice in product(*(range(offsets[p], offsets[p + 1]) for p in dealt)):
        cards = [int(c) for row in choice for c in combos[row]]
        if len(set(cards)) == len(cards):
            expected[choice] = np.prod([weights[row] for row in choice])
    listed = joint_deals(combos, offsets, weights, ~job.any_two, deal.excluded)
    assert listed is not None
    rows, used, cumulative = listed
    assert [tuple(int(r) for r in entry[dealt]) for entry in rows] == sorted(expected)
    assert (rows[:, job.any_two] == -1).all()
    assert used.tolist() == [int(deal.excluded | cards_mask(combos[entry[dealt]].ravel())) for entry in rows]
    entry_weights = np.array([expected[k] for k in sorted(expected)])
    if cumulative.size:
        assert cumulative == pytest.approx(np.cumsum(entry_weights), rel=1e-12)
    else:
        assert (entry_weights == entry_weights[0]).all()
    assert joint_deals(combos, offsets, weights, ~job.any_two, deal.excluded, limit=len(expected) - 1) is None


@pytest.mark.parametrize("listed", [True, False], ids=["joint list", "redraws"])
def test_monte_carlo_of_overlapping_weighted_ranges_matches_exact_either_way(listed, monkeypatch):
    # the joint list and the redraw loop (a list too long to build) sample the same distribution
    from analyzer.games.holdem import joint

    if not listed:
        monkeypatch.setattr(joint, "JOINT_LIMIT", 0)
    hands = ["AA:0.25, KK, AKs@50", "KK+, AQs+:0.5", "random"]
    exact = holdem_equity(hands, "Jc7d2h", exact=True)
    mc = holdem_equity(hands, "Jc7d2h", exact=False, stopping=Stopping(trials=300_000), seed=3)
    for e, m in zip(exact.players, mc.players):
        assert abs(m.equity - e.equity) < 4 * m.stderr
    assert abs(mc.players[0].win - exact.players[0].win) < 4 * mc.players[0].stderr


@pytest.mark.parametrize(
    "hands, board, kwargs",
    [
        (["AsKs", "QdQc"], "Kh7d2c", dict(exact=True)),
        (["AKs", "QQ"], "Kh7d2c", dict(exact=True, categories=True)),
        (["QQ+, AKs", "JhTh"], "Ah9h2c", dict(exact=False, stopping=Stopping(trials=2_000), seed=7)),
    ],
)
def test_the_records_a_query_makes_without_their_init_are_the_constructors(hands, board, kwargs):
    """A query makes its records with :func:`analyzer.sim.frozen.frozen`: each is the object its
    class's constructor makes from the same fields (equal, the same fields in the same order, the
    same repr), and stays frozen."""
    import dataclasses

    from analyzer.games._equity import EquityResult
    from analyzer.sim.facts import RunFacts
    from analyzer.sim.showdown import PlayerEquity

    result = holdem_equity(hands, board, runner=Runner(threads=1), **kwargs)
    records = [(result, EquityResult), (result.run, RunFacts), *((p, PlayerEquity) for p in result.players)]
    for record, cls in records:
        made = cls(**vars(record))
        assert type(record) is cls and record == made and repr(record) == repr(made)
        assert list(vars(record)) == list(vars(made)) == [f.name for f in dataclasses.fields(cls)]
        with pytest.raises(dataclasses.FrozenInstanceError):
            record.game = "stud"  # type: ignore[misc]
