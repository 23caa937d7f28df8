"""Hold'em equity on every flop or turn and many queries in one call (``pa.holdem.flops``,
``turns``, ``equities``), of known hands and of ranges: against the single exact calls they
bundle (which test_holdem.py checks against a brute force by eval7), against that brute force
directly on a few boards (for ranges, every pair of combos weighted by hand, and each board's
probability counted from the pairs it leaves), and the sums over the boards against the equity
before the street, to the last digit."""

import json
import math
from itertools import combinations, product

import numpy as np
import pytest

import analyzer as pa
from analyzer.cards import CardError, format_cards, parse_cards
from analyzer.games.holdem.deal import prepare_deal
from analyzer.games.holdem.exact import exact_tallies
from analyzer.games.holdem.street_results import FAVOURITE, QUANTILES
from analyzer.games.holdem.streets import board_tallies
from analyzer.ranges import EmptyRangeError, parse
from analyzer.sim.method import allow_exact
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import EQUITY, TIE, TIE_UNITS, WIN
from test_holdem import brute_force_equity

HANDS = ["AsKs", "QdQc"]
ALL_BUT_THREE = [c for c in range(52) if c not in (40, 41, 47, 51)][3:]  # dead cards leaving 3 of 48


@pytest.fixture(scope="module")
def heads_up():
    return pa.holdem.flops(HANDS)


def summed(shares: np.ndarray, weights: np.ndarray, units: int) -> np.ndarray:
    """The integer tallies behind per-board shares (each a whole number of ``units`` per board),
    summed over the boards by weight: exact integers, no rounding."""
    counts = shares * units
    whole = np.rint(counts)
    assert np.abs(counts - whole).max() < 1e-6
    return (whole.astype(np.int64) * weights[:, None]).sum(axis=0)


def check_sums_to(result, before, completions: int) -> None:
    """The boards' tallies add up to ``before``'s figures exactly (computed as player_equities
    computes them from tallies), and the overall players are ``before``'s."""
    total = int(result.weights.sum()) * completions
    equity = summed(result.equity, result.weights, TIE_UNITS * completions)
    win = summed(result.win, result.weights, completions)
    for p, player in enumerate(before.players):
        assert float(equity[p]) / TIE_UNITS / total == player.equity
        assert float(win[p]) / total == player.win
    assert result.players == before.players


def test_every_flop_is_listed_once_and_the_mean_is_the_preflop_equity(heads_up):
    assert len(heads_up.cards) == math.comb(48, 3) == 17_296
    assert len({tuple(sorted(row)) for row in heads_up.cards.tolist()}) == 17_296
    assert not set(heads_up.cards.ravel().tolist()) & {51, 47, 41, 40}  # As Ks Qd Qc
    assert (heads_up.weights == 1).all() and heads_up.run.exact
    assert heads_up.run.trials == 17_296 * math.comb(45, 2)
    check_sums_to(heads_up, pa.holdem.equity(HANDS), math.comb(45, 2))
    assert heads_up.distribution().mean == pytest.approx(heads_up.players[0].equity, rel=1e-14)


def test_each_flop_equals_the_single_exact_call(heads_up):
    rng = np.random.default_rng(5)
    for b in [*rng.choice(len(heads_up.cards), 25, replace=False), 0, len(heads_up.cards) - 1]:
        single = pa.holdem.equity(HANDS, board=heads_up.boards[b], exact=True)
        assert [p.equity for p in single.players] == heads_up.equity[b].tolist()
        assert [p.win for p in single.players] == heads_up.win[b].tolist()
        assert [p.tie for p in single.players] == heads_up.tie[b].tolist()


@pytest.mark.parametrize(
    "hands, dead",
    [(["AhKh", "7s6s"], ""), (["Ac2c", "7h7d", "KdQd"], "5c 6c"), (["AsAd", "KsKd", "QhJh"], "2h")],
    ids=str,
)
def test_flops_against_the_brute_force_and_the_preflop_equity(hands, dead):
    result = pa.holdem.flops(hands, dead)
    left = 52 - 2 * len(hands) - len(dead.split())
    check_sums_to(result, pa.holdem.equity(hands, dead=dead), math.comb(left - 3, 2))
    for b in (0, len(result.cards) // 3, len(result.cards) - 1):
        expected = brute_force_equity(hands, result.boards[b], dead)
        assert np.allclose(result.equity[b], expected, rtol=0, atol=1e-12)


@pytest.mark.jitless
def test_turns_equal_single_calls_and_average_to_the_flop_equity():
    hands, flop = ["AsKs", "QdQc", "8h7h"], "Kh 7d 2c"
    result = pa.holdem.turns(hands, flop, dead="3s")
    assert result.street == "turn" and result.board == "Kh 7d 2c" and result.dead == "3s"
    assert len(result.cards) == 52 - 6 - 3 - 1 and result.cards.shape == (42, 1)
    check_sums_to(result, pa.holdem.equity(hands, flop, "3s"), 41)
    for b, turn in enumerate(result.boards):
        single = pa.holdem.equity(hands, f"{flop} {turn}", "3s")
        assert [p.equity for p in single.players] == result.equity[b].tolist()


def test_distinct_lists_one_flop_per_suit_class_with_its_size(heads_up):
    distinct = pa.holdem.flops(HANDS, distinct=True)
    assert distinct.distinct and distinct.weights.sum() == 17_296
    assert len(distinct.cards) == len(np.unique(distinct.cards, axis=0)) < 17_296
    index = {tuple(row): b for b, row in enumerate(heads_up.cards.tolist())}
    rows = [index[tuple(row)] for row in distinct.cards.tolist()]
    assert (distinct.equity == heads_up.equity[rows]).all()
    check_sums_to(distinct, pa.holdem.equity(HANDS), math.comb(45, 2))
    # diamonds and clubs swap (Qd Qc), nothing else fixes both hands: classes of 1 or 2 flops
    assert set(distinct.weights.tolist()) == {1, 2}


def test_the_figures_do_not_depend_on_the_thread_count():
    one = pa.holdem.flops(["AhKd", "9c9s"], threads=1)
    for threads in (2, 3):
        other = pa.holdem.flops(["AhKd", "9c9s"], threads=threads)
        assert (other.equity == one.equity).all() and (other.tie == one.tie).all()
    batch = [(["AsKs", "QdQc"], board) for board in ("", "2c 3d 4h", "2c 3d 4h 5s")] * 100
    assert pa.holdem.equities(batch, threads=1).to_frame().equals(pa.holdem.equities(batch, threads=2).to_frame())


def test_the_distribution_of_player_1s_equity(heads_up):
    dist = heads_up.distribution()
    mine = np.sort(heads_up.equity[:, 0])
    assert dist.boards == 17_296 and sum(dist.counts) == 17_296
    for q, value in dist.quantiles:  # the inverse distribution: the ceil(q B)-th smallest
        assert value == mine[math.ceil(q * 17_296) - 1]
    assert [q for q, _ in dist.quantiles] == list(QUANTILES)
    assert dist.counts[0] == (mine < 0.1).sum() and dist.counts[-1] == (mine >= 0.9).sum()
    assert dist.ahead == (mine > 0.5).mean() and dist.favourite == (mine >= FAVOURITE).mean()
    second = heads_up.distribution(2)
    assert second.hand == "QdQc" and second.ahead + dist.ahead + (mine == 0.5).mean() == pytest.approx(1)
    assert heads_up.best(1) == [("Ah Ad Ac", 1.0)] and heads_up.worst(1)[0][1] == mine[0]
    with pytest.raises(ValueError, match="player must be 1 to 2"):
        heads_up.distribution(3)


def test_frame_json_and_chart(heads_up):
    frame = heads_up.to_frame()
    assert list(frame.columns) == ["flop", "weight", "equity_1", "win_1", "tie_1", "equity_2", "win_2", "tie_2"]
    assert len(frame) == 17_296 and frame["flop"][0] == heads_up.boards[0]
    data = json.loads(json.dumps(heads_up.to_dict()))
    assert data["street"] == "flop" and len(data["boards"]) == 17_296 and data["trials"] == heads_up.run.trials
    assert data["boards"][0]["equity"] == heads_up.equity[0].tolist()
    assert data["distribution"]["quantiles"]["50%"] == heads_up.distribution().quantiles[2][1]
    assert len(heads_up.plot(kind="histogram").axes[0].patches) == 10
    with pytest.raises(ValueError, match="kind must be one of sorted, histogram, got 'pie'"):
        heads_up.plot(kind="pie")


@pytest.mark.jitless
def test_many_queries_equal_the_single_exact_calls():
    queries = [
        (["AsKs", "QdQc"], ""),
        (["AsKs", "QdQc"], "Kh 7d 2c"),
        (["AsKs", "QdQc", "7h7c"], "Kh 7d 2c 5s"),
        (["AsKs", "QdQc"], "Kh 7d 2c 5s 9h"),
        (["Ah2h", "KcKd", "7s6s", "JhTh"], "2c 3d 4h", "5h 6h"),
        (["Ah2h", "KcKd"], None, "Qs"),
    ]
    batch = pa.holdem.equities(queries)
    assert len(batch) == len(queries) and batch.run.exact
    for result, (hands, board, *dead) in zip(batch, queries):
        single = pa.holdem.equity(hands, board, *dead, exact=True)
        assert result.players == single.players and result.run.trials == single.run.trials
        assert (result.board, result.dead) == (single.board, single.dead)
    assert batch.run.trials == sum(r.run.trials for r in batch)
    frame = batch.to_frame()
    assert len(frame) == 2 + 2 + 3 + 2 + 4 + 2 and frame["query"].max() == 5
    assert json.loads(json.dumps(batch.to_dict()))["queries"][1]["board"] == "Kh 7d 2c"
    assert len(pa.holdem.equities([])) == 0


@pytest.mark.parametrize(
    "call, error, words",
    [
        (lambda: pa.holdem.flops(["AsKs"]), ValueError, "1 player"),
        (lambda: pa.holdem.flops("AsKs QdQc"), ValueError, "a list"),
        (lambda: pa.holdem.flops(["AsKs", "AsQd"]), CardError, "'As' is in both player 1's hand and player 2's"),
        (lambda: pa.holdem.flops(["AsKs", "QdQv"]), CardError, "QdQv"),
        (lambda: pa.holdem.flops(["AsKs", "QdQc"], dead="Qd"), CardError, "player 2's hand and the dead cards"),
        (lambda: pa.holdem.flops(["AsKs", [40, 41, 42]]), CardError, "player 2's hand has 3 cards, not 2"),
        (
            lambda: pa.holdem.flops(["AsKs", "QdQc"], dead=list(range(40)) + [42, 43, 44, 45, 46]),
            ValueError,
            "leave 3 for",
        ),
        (lambda: pa.holdem.turns(["AsKs", "QdQc"], "Kh 7d"), CardError, "a flop has 3 cards, got 2"),
        (lambda: pa.holdem.turns(["AsKs", "QdQc"], "Kh 7d 2c", dead="7d"), CardError, "'7d' is in both the board"),
        (lambda: pa.holdem.equities([(["AsKs", "QdQc"], "2c 3d")]), CardError, "query 0: a board has 0, 3, 4"),
        (lambda: pa.holdem.equities([(["AsKs", "QdQc"], ""), "AsKs"]), ValueError, "query 1: expected (hands"),
        (lambda: pa.holdem.equities([(["AsKs", "QdQc"], ""), (["random"] * 3, "")]), ValueError, "query 1: exact enu"),
        (lambda: pa.holdem.equities([(["AsKs", "QdQc"], ""), (["AA", "QQ+x"], "")]), CardError, "query 1: bad range"),
        (lambda: pa.holdem.flops(["random", "random"]), ValueError, "exact enumeration is estimated at"),
        (lambda: pa.holdem.flops(["AA", "KK"], dead="As Ah Ad"), EmptyRangeError, "player 1's range 'AA' has no"),
        (
            lambda: pa.holdem.turns(["AsAd, AsAh", "KK"], "As 7d 2c"),
            EmptyRangeError,
            "player 1's range 'AsAh, AsAd' has no combos left after the board and dead cards",
        ),
        (lambda: pa.holdem.equities("AsKs QdQc"), ValueError, "a list of"),
    ],
)
def test_bad_inputs_are_errors_naming_the_bad_part(call, error, words):
    with pytest.raises(error) as raised:
        call()
    assert words in str(raised.value)


def test_hands_are_read_as_cards_codes_or_one_combo_ranges():
    result = pa.holdem.equities([(["Ks As", [41, 40]], "Kh 7d 2c"), ([parse("AsKs"), "QdQc:0.5"], "Kh 7d 2c")])
    assert [p.hand for p in result[0].players] == [p.hand for p in result[1].players] == ["AsKs", "QdQc"]
    assert result[0].players == result[1].players == pa.holdem.equity(["AsKs", "QdQc"], "Kh 7d 2c").players


RANGES = ["QQ+, AKs", "JJ-"]


@pytest.fixture(scope="module")
def ranged():
    return pa.holdem.flops(RANGES)


def test_ranges_on_every_flop_average_to_the_exact_preflop_equity(ranged):
    preflop = pa.holdem.equity(RANGES, exact=True)
    assert ranged.players == preflop.players and ranged.run.exact
    assert len(ranged.cards) == math.comb(52, 3) and (ranged.sizes == 1).all()
    assert len({tuple(sorted(row)) for row in ranged.cards.tolist()}) == math.comb(52, 3)
    assert ranged.run.trials == 10 * preflop.run.trials  # each board split into flop and turn + river 10 ways
    assert ranged.weights.sum() == pytest.approx(1, abs=1e-12)
    for p, player in enumerate(preflop.players):
        assert abs(ranged.weights @ ranged.equity[:, p] - player.equity) < 1e-12
        assert abs(ranged.weights @ ranged.win[:, p] - player.win) < 1e-12
        assert abs(ranged.weights @ ranged.tie[:, p] - player.tie) < 1e-12
    # a flop that takes combos out weighs less: 6s 5h 4d leaves 22 x 51 choices (66, 55 and 44
    # lose three combos each), As Ah Ad 13 x 60 (no AA left, and AcKc alone of AKs)
    weights = dict(zip(ranged.boards, ranged.weights))
    assert weights["As Ah Ad"] / weights["6s 5h 4d"] == pytest.approx(13 * 60 / (22 * 51), rel=1e-12)


def test_the_distribution_and_extremes_of_ranges_weigh_each_flop_by_its_probability(ranged):
    dist = ranged.distribution()
    mine, weights = ranged.equity[:, 0], ranged.weights
    order = np.argsort(mine, kind="stable")
    cumulative = np.cumsum(weights[order])
    for q, value in dist.quantiles:  # the smallest equity whose flops at or below weigh q
        assert value == mine[order][np.argmax(cumulative >= q)]
    assert dist.mean == pytest.approx(ranged.players[0].equity, abs=1e-12)
    assert dist.boards == 22_100 and sum(dist.counts) == 22_100 and sum(dist.shares) == pytest.approx(1)
    assert dist.shares[9] == pytest.approx(weights[mine >= 0.9].sum(), abs=1e-12)
    assert dist.favourite == pytest.approx(weights[mine >= FAVOURITE].sum(), abs=1e-12)
    assert ranged.best(1) == [("As Ah Ad", mine.max())] and ranged.worst(1)[0][1] == mine.min()
    frame = ranged.to_frame()
    assert len(frame) == 22_100 and frame["weight"].tolist() == weights.tolist()
    figure = ranged.plot()  # Equilab's graph: one step per flop over its share of the weight
    (steps,) = [a for a in figure.axes[0].patches]
    assert len(steps.get_data().values) == 22_100
    assert steps.get_data().edges[-1] == pytest.approx(100) and steps.get_data().values[0] == 100 * mine.max()


def test_distinct_flops_of_ranges_are_the_suit_classes_with_their_probability(ranged):
    distinct = pa.holdem.flops(RANGES, distinct=True)
    assert len(distinct.cards) == 1_755 and distinct.sizes.sum() == 22_100  # every suit permutation fixes them
    assert distinct.weights.sum() == pytest.approx(1, abs=1e-12) and distinct.players == ranged.players
    index = {tuple(row): b for b, row in enumerate(ranged.cards.tolist())}
    rows = [index[tuple(row)] for row in distinct.cards.tolist()]
    assert (distinct.equity == ranged.equity[rows]).all()
    assert np.allclose(distinct.weights, distinct.sizes * ranged.weights[rows], rtol=1e-12, atol=0)
    assert list(distinct.to_frame().columns[:3]) == ["flop", "weight", "boards"]


def test_flop_tallies_sum_to_ten_times_the_exact_preflop_tallies_to_the_integer():
    """Every flop enumerated (no symmetry), summed: the exact query's integers, 10 times."""
    deal = prepare_deal(["AA, KsKh", "QQ, AhKh"], dead="2c")
    flops = np.array(list(combinations([c for c in range(52) if c != 0], 3)))
    tallies, totals, deals = board_tallies(deal, flops, Runner(threads=2))
    expected, total, count = exact_tallies(deal, Runner(threads=1), categories=False)
    columns = [WIN, TIE, EQUITY]
    assert (tallies.sum(axis=0)[:, columns] == 10 * expected[:, columns]).all()
    assert totals.sum() == 10 * total and deals.sum() == 10 * count
    result = pa.holdem.flops(["AA, KsKh", "QQ, AhKh"], dead="2c")  # by suit classes: the same players
    assert result.players == pa.holdem.equity(["AA, KsKh", "QQ, AhKh"], dead="2c", exact=True).players


# ranks 2 to 8 and 9c 9d Tc dead: 21 cards left, A K Q J of every suit, Ts Th Td, 9s 9h
SMALL_DECK_DEAD = format_cards([c for c in range(28)] + [28, 29, 32])


def choices(ranges: list[str], known: list[int]) -> list[tuple[float, tuple[list[int], ...]]]:
    """Every choice of one combo per range holding no ``known`` card and no card twice, with its
    weight, the product of its combos' weights."""
    parsed = [list(zip(parse(r).combos.tolist(), parse(r).weights)) for r in ranges]
    dealt = []
    for choice in product(*parsed):
        cards = [c for combo, _ in choice for c in combo]
        if len(set(cards)) == len(cards) and not set(cards) & set(known):
            dealt.append((math.prod(w for _, w in choice), tuple(combo for combo, _ in choice)))
    return dealt


def ranged_brute_force(ranges: list[str], board: list[int], dead: str) -> np.ndarray:
    """Ranges on ``board`` from the rules: each choice of :func:`choices` weighted by its
    weight, each over every completion (eval7: :func:`brute_force_equity`); a choice's number
    of completions is the same for all, so the choices' equities are averaged by weight."""
    dealt = choices(ranges, board + parse_cards(dead).tolist())
    shares = sum(
        w * brute_force_equity([format_cards(c) for c in combos], format_cards(board), dead) for w, combos in dealt
    )
    return shares / sum(w for w, _ in dealt)


def test_ranges_on_flops_against_a_brute_force_from_the_rules():
    ranges = ["AA", "KsKh, QsQh:0.5"]
    result = pa.holdem.flops(ranges, SMALL_DECK_DEAD)
    dead = parse_cards(SMALL_DECK_DEAD).tolist()
    weights = {
        flop: sum(w for w, _ in choices(ranges, [*flop, *dead]))
        for flop in combinations([c for c in range(52) if c not in dead], 3)
    }  # every pair is as likely to see each flop: a flop's probability is the pairs' weight it leaves
    dealt = {flop: w for flop, w in weights.items() if w}
    index = {tuple(sorted(row)): b for b, row in enumerate(result.cards.tolist())}
    assert set(index) == set(dealt) and len(dealt) < len(weights)  # a flop that leaves no pair has no row
    total = sum(dealt.values())
    assert all(result.weights[index[flop]] == pytest.approx(w / total, rel=1e-12) for flop, w in dealt.items())
    rng = np.random.default_rng(11)
    for b in rng.choice(len(result.cards), 12, replace=False):
        expected = ranged_brute_force(ranges, result.cards[b].tolist(), SMALL_DECK_DEAD)
        assert np.allclose(result.equity[b], expected, rtol=0, atol=1e-12)
    preflop = pa.holdem.equity(ranges, dead=SMALL_DECK_DEAD, exact=True)
    assert abs(result.weights @ result.equity[:, 0] - preflop.players[0].equity) < 1e-12


def test_ranges_on_turns_against_a_brute_force_and_the_flop_equity():
    ranges, flop, dead = ["QQ+, AKs", "TT-88, AhJh:0.5"], "Kh 7d 2c", "3s 4s"
    result = pa.holdem.turns(ranges, flop, dead)
    on_flop = pa.holdem.equity(ranges, flop, dead, exact=True)
    assert result.players == on_flop.players and len(result.cards) == 52 - 5
    assert abs(result.weights @ result.equity[:, 1] - on_flop.players[1].equity) < 1e-12
    known = parse_cards(f"{flop} {dead}").tolist()
    weights = np.array([sum(w for w, _ in choices(ranges, [*known, turn])) for (turn,) in result.cards.tolist()])
    assert np.allclose(result.weights, weights / weights.sum(), rtol=1e-12, atol=0)
    for b in (0, 20, len(result.cards) - 1):
        expected = ranged_brute_force(ranges, [*known[:3], int(result.cards[b, 0])], dead)
        assert np.allclose(result.equity[b], expected, rtol=0, atol=1e-12)


def test_three_ranges_on_turns_ties_of_two_and_three_against_a_brute_force():
    """Three players take the runout kernel's branch-free counts: AKs and AKo split often, all
    three when the board plays (a straight on Th Js Qc and a nine or an ace)."""
    ranges, flop = ["AKs", "AKo", "99, 88:0.5"], "Th Js Qc"
    result = pa.holdem.turns(ranges, flop, dead="2c 3c 4c 5c 6c 7c")
    assert result.players == pa.holdem.equity(ranges, flop, "2c 3c 4c 5c 6c 7c", exact=True).players
    for b in range(len(result.cards)):
        board = [*parse_cards(flop).tolist(), int(result.cards[b, 0])]
        expected = ranged_brute_force(ranges, board, "2c 3c 4c 5c 6c 7c")
        assert np.allclose(result.equity[b], expected, rtol=0, atol=1e-12)
    # 99 and 88 tie only when all three do (a king turned, an ace on the river); AK v AK more often
    assert result.tie[:, 2].max() > 0 and (result.tie[:, 0] > result.tie[:, 2]).all()


def test_a_suit_swap_of_a_board_card_and_a_dead_one_is_no_symmetry():
    """Swapping hearts and diamonds maps the board Ah 7h 2s and the dead Ad 7d together onto
    themselves, but the board onto another: the deals it pairs differ (Kh5h makes flushes here,
    Kd5d does not), so neither the exact query's suit classes nor the turns' use it."""
    ranges, flop, dead = ["Kh5h, Kd5d, Kc5c", "QdJd, QcJc"], "Ah 7h 2s", "Ad 7d"
    expected = ranged_brute_force(ranges, parse_cards(flop).tolist(), dead)
    single = pa.holdem.equity(ranges, flop, dead, exact=True)
    assert np.allclose([p.equity for p in single.players], expected, rtol=0, atol=1e-12)
    assert pa.holdem.turns(ranges, flop, dead).players == single.players


def test_many_queries_with_ranges_equal_the_single_exact_calls():
    queries = [
        (RANGES, ""),
        (["AsKs", "QdQc"], "Kh 7d 2c"),
        (["QQ+, AKs", "JJ-", "AhJh"], "Kh 7d 2c"),
        (["AA", "KsKh, QsQh:0.5"], None, SMALL_DECK_DEAD),
        (["AsKs", "QdQc"], "2c 3d 4h 5s"),
    ]
    batch = pa.holdem.equities(queries, threads=2)
    for result, (hands, board, *dead) in zip(batch, queries):
        single = pa.holdem.equity(hands, board, *dead, exact=True)
        assert result.players == single.players and result.run.trials == single.run.trials
        assert (result.board, result.dead) == (single.board, single.dead)
    assert batch.run.trials == sum(r.run.trials for r in batch)
    with allow_exact(), pytest.raises(ValueError, match="query 0: player 2's range 'AA' has no combos"):
        pa.holdem.equities([(["KK", "AA"], "As Ah Ad", "Ac")])


def test_a_batch_refuses_a_query_too_long_to_enumerate_before_running_any():
    """The cost of every ranged query is checked up front: a batch whose last query would take
    hours runs nothing (no progress is reported) and names that query."""
    progress: list = []
    queries = [(["QQ+, AKs", "JJ-"], ""), (["AsKs", "QdQc"], "Kh 7d 2c"), (["random"] * 3, "")]
    with pytest.raises(ValueError, match="query 2: exact enumeration is estimated at"):
        pa.holdem.equities(queries, progress=lambda done, planned: progress.append(done))
    assert not progress
    assert pa.holdem.equities(queries[:2], progress=lambda done, planned: progress.append(done))[0].run.exact
    assert progress  # the sink is called when a batch runs
