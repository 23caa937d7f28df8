"""Pai Gow Poker: the House Way rule by rule (every example of §5.3), legality, exact EVs
against a plain Python settlement, Monte Carlo against exact, the published house edge, and
errors."""

from itertools import combinations

import numpy as np
import pytest
from numba import njit

from analyzer.cards import CardError, parse_cards
from analyzer.games.paigow.dealer_patterns import split_tallies
from analyzer.games.paigow.edge import house_edge
from analyzer.games.paigow.houseway import house_way_setting, legal_settings, parse_hand
from analyzer.games.paigow.policies import RULES, _house_way, _house_way_values, split_values
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.games.paigow.split import split_ev
from analyzer.sim.engine import Stopping
from analyzer.sim.runner import Runner

EXAMPLES = [  # §5.3: 7 cards -> front (ranks)
    ("A♣ K♦ 9♥ 7♠ 5♣ 3♦ 2♥", "K 9"),
    ("A♣ K♦ K♥ 7♠ 5♣ 3♦ 2♥", "A 7"),
    ("J♣ J♦ 6♥ 6♠ A♣ 3♦ 2♥", "6 6"),
    ("T♣ T♦ 6♥ 6♠ A♣ 3♦ 2♥", "A 3"),
    ("6♣ 6♦ 5♥ 5♠ K♣ 3♦ 2♥", "K 3"),
    ("A♣ A♦ 5♥ 5♠ K♣ 3♦ 2♥", "5 5"),
    ("K♣ K♦ 9♥ 9♠ 4♣ 4♦ 2♥", "K K"),
    ("A♣ A♦ A♥ 7♠ 5♣ 3♦ 2♥", "A 7"),
    ("K♣ K♦ K♥ 7♠ 5♣ 3♦ 2♥", "7 5"),
    ("K♣ K♦ K♥ 7♠ 7♣ 3♦ 2♥", "7 7"),
    ("K♣ K♦ K♥ K♠ 7♣ 3♦ 2♥", "K K"),
    ("9♣ 9♦ 9♥ 9♠ K♣ 3♦ 2♥", "K 3"),
    ("5♣ 5♦ 5♥ 5♠ Q♣ 3♦ 2♥", "Q 3"),
    ("A♣ A♦ A♥ A♠ Jk K♦ K♥", "K K"),
    ("9♣ T♦ J♥ Q♠ K♣ 3♦ 2♥", "3 2"),
    ("9♣ T♦ J♥ Q♠ K♣ K♦ 2♥", "K 2"),
    ("A♥ J♥ 9♥ 6♥ 2♥ K♣ Q♦", "K Q"),
]


def front_ranks(setting) -> list[str]:
    return sorted(card if card == "Jk" else card[0] for card in setting.front.split())


@pytest.mark.parametrize("cards, front", EXAMPLES)
@pytest.mark.jitless
def test_every_house_way_example_of_the_rules(cards, front):
    setting = house_way_setting(cards)
    assert front_ranks(setting) == sorted(front.split())
    assert setting.back_value > setting.front_value


@pytest.mark.parametrize(
    "cards, front, rule",
    [
        ("Ac Ad Ah As Jk 7d 2h", "A A", "1 five aces: two aces"),
        ("Ac Ad Ah Jk 7d 7h 2h", "7 7", "2 quads with a pair"),
        ("9c 9d 9h 9s 7d 7h 7c", "7 7", "2 quads with a pair"),
        ("Jc Jd Jh Js 7d 5h 2h", "J J", "2 quads J-A"),
        ("Ac Ad Ah Jk 7d 5h 2h", "A A", "2 quads J-A"),
        ("8c 8d 8h 8s Qd 5h 2h", "8 8", "2 quads 7-10 without"),
        ("8c 8d 8h 8s Jk 5h 2h", "5 Jk", "2 quads 7-10 with a king or ace"),
        ("6c 6d 6h 6s Ad 5h 2h", "5 A", "2 quads 2-6"),
        ("9c 9d 9h 5s 5c 5d 2h", "9 9", "3 two sets of trips"),
        ("9c 9d 9h 5s 5c 4d 4h", "5 5", "3 full house"),
        ("Kc Kd 5s 5c 4d 4h 2h", "K K", "4 three pair"),
        ("Kc Kd Ah Qs Js Ts 2c", "A Q", "6 exception"),
        ("Jk 2c 3d 4h 5s Kc Qd", "K Q", "6 straight or flush"),
        ("7c 7d 7h 8s 9c Tc Jd", "7 7", "6 straight or flush"),
        ("2h 5h 9h Jh Kh Kc Kd", "K K", "6 straight or flush"),
        ("Ac Ad Jk 9s 7c 4d 2h", "9 A", "7 trips of aces"),
        ("Jk Kc Kd 9s 7c 4d 2h", "9 Jk", "8 one pair"),
    ],
)
@pytest.mark.jitless
def test_rule_corner_cases(cards, front, rule):
    setting = house_way_setting(cards)
    assert front_ranks(setting) == sorted(front.split())
    assert setting.rule.startswith(rule)


@pytest.mark.parametrize(
    "cards, foxwoods, trump, improved",
    [
        ("Jc Jd 4h 4s Ac 7d 2h", "4 4", "7 A", "7 A"),  # low+high with an ace: Trump Plaza and improved keep
        ("Qc Qd Th Ts Ac 7d 2h", "T T", "T T", "T T"),  # high+medium: every way splits
        ("5c 5d 3h 3s Kc 7d 2h", "7 K", "7 K", "7 K"),  # low+low with a king: every way keeps
        ("9c 9d 8h 8s Kc 7d 2h", "8 8", "8 8", "8 8"),  # medium+medium without an ace
        ("6c 6d 4h 4s Qc 7d 2h", "4 4", "4 4", "4 4"),  # low+low without K or A
    ],
)
@pytest.mark.jitless
def test_the_two_pair_rule_of_each_way(cards, foxwoods, trump, improved):
    for way, front in (("foxwoods", foxwoods), ("trump-plaza", trump), ("improved", improved)):
        assert front_ranks(house_way_setting(cards, way)) == sorted(front.split()), way


@njit
def _random_house_way_settings(n, seed):
    np.random.seed(seed)
    out = np.zeros((n, 3), np.int64)
    for i in range(n):
        cards = np.random.permutation(53)[:7].astype(np.uint8)
        for way in range(3):
            front, back = _house_way_values(cards, way)
            if back <= front:
                out[i, 0] = 1
        out[i, 1] = _house_way(cards, 0)[2]
    return out


def test_house_way_is_always_legal_and_every_rule_fires():
    results = _random_house_way_settings(300_000, 7)
    assert results[:, 0].sum() == 0
    assert set(np.unique(results[:, 1])) >= set(range(len(RULES))) - {0, 1}  # five aces: 1 in 120,000


@pytest.mark.jitless
def test_legal_settings_are_exactly_the_splits_whose_back_outranks_the_front():
    rng = np.random.default_rng(3)
    for _ in range(200):
        cards = rng.permutation(53)[:7].astype(np.uint8)
        settings = legal_settings(cards)
        pairs = {(s.front_value, s.back_value) for s in settings}
        expected = {split_values(cards, a, b) for a, b in combinations(range(7), 2)}
        assert pairs == {(f, b) for f, b in expected if b > f}
        assert len(settings) == len(pairs) <= 21


def _python_tallies(cards, dealer_deck, player_banks=False):
    """Every split against every dealer hand from a small deck, settled in plain Python."""
    settings = legal_settings(cards)
    counts = np.zeros((len(settings), 3), np.int64)
    for dealer in combinations(dealer_deck, 7):
        d = house_way_setting(np.array(dealer, np.uint8))
        for i, s in enumerate(settings):
            beats = (lambda a, b: a >= b) if player_banks else (lambda a, b: a > b)
            won = beats(s.front_value, d.front_value) + beats(s.back_value, d.back_value)
            counts[i, 2 - won] += 1
    return counts


@pytest.mark.parametrize("player_banks", [False, True])
def test_exact_count_equals_a_plain_python_settlement_on_a_small_deck(player_banks):
    """The dealer's hands of 12 cards (the other 34 out of the deck), counted by pattern."""
    cards = parse_hand("Tc Td 6h 6s Ac 3d 2h")
    deck = np.array(parse_cards("Kc Kd Qh Jk 9s 9c 5d 4h 3c 2c As 7h", allow_joker=True), np.uint8)
    settings = legal_settings(cards)
    fronts = np.array([s.front_value for s in settings], np.int64)
    backs = np.array([s.back_value for s in settings], np.int64)
    out = np.setdiff1d(np.arange(53), deck)
    tallies = split_tallies(out, fronts, backs, 0, player_banks)
    assert (tallies == _python_tallies(cards, deck.tolist(), player_banks)).all()


@pytest.fixture(scope="module")
def exact_two_pair():
    """Every one of the 53,524,680 dealer hands."""
    return split_ev("Tc Td 6h 6s Ac 3d 2h", exact=True)


def test_exact_every_dealer_hand(exact_two_pair):
    assert exact_two_pair.run.exact and exact_two_pair.run.trials == 53_524_680
    for s in exact_two_pair.splits:
        assert s.win + s.push + s.loss == pytest.approx(1)
        assert s.ev == pytest.approx(0.95 * s.win - s.loss)
    assert sum(s.house_way for s in exact_two_pair.splits) == 1
    evs = [s.ev for s in exact_two_pair.splits]
    assert evs == sorted(evs, reverse=True)


def test_monte_carlo_is_within_four_standard_errors_of_exact(exact_two_pair):
    mc = split_ev("Tc Td 6h 6s Ac 3d 2h", exact=False, stopping=Stopping(trials=300_000), seed=12)
    exact = {(s.setting.front, s.setting.back): s.ev for s in exact_two_pair.splits}
    for s in mc.splits:
        assert abs(s.ev - exact[(s.setting.front, s.setting.back)]) < 4 * s.stderr


@pytest.mark.parametrize("trials", [300_000, pytest.param(3_000_000, marks=pytest.mark.slow)])
def test_house_way_against_itself_reaches_the_published_house_edge(trials):
    """About 2.72% for Foxwoods against itself with 5% commission, pushes 40-41.5% (§5.3)."""
    result = house_edge(stopping=Stopping(trials=trials), seed=2026)
    assert abs(-result.ev - 0.0272) < 4 * result.stderr + 0.0005
    assert 0.40 < result.push < 0.415


@pytest.mark.jitless
def test_a_short_house_way_run_is_within_four_standard_errors_of_the_published_edge():
    """The deal kernel on 20,000 deals (small enough to run as Python): the House Way against
    itself within four standard errors of the published 2.72% edge, pushes within four of the
    published 40-41.5%."""
    result = house_edge(stopping=Stopping(trials=20_000), seed=2026)
    assert result.run.trials == 20_000 and result.win + result.push + result.loss == pytest.approx(1)
    assert abs(-result.ev - 0.0272) < 4 * result.stderr + 0.0005
    push_stderr = np.sqrt(0.4075 * 0.5925 / 20_000)
    assert 0.40 - 4 * push_stderr < result.push < 0.415 + 4 * push_stderr


def test_optimal_setting_runs_and_is_not_scored_on_its_own_sample():
    result = house_edge(strategy="optimal", stopping=Stopping(trials=2_000), inner_trials=200, seed=5)
    assert result.strategy == "optimal" and result.run.trials == 2_000 and result.inner_trials == 200
    assert result.win + result.push + result.loss == pytest.approx(1)


def test_same_seed_same_edge_on_one_or_two_threads():
    one = house_edge(stopping=Stopping(trials=200_000), seed=9, chunk_size=20_000, runner=Runner(threads=1))
    two = house_edge(stopping=Stopping(trials=200_000), seed=9, chunk_size=20_000, runner=Runner(threads=2))
    assert one.ev == two.ev and one.push == two.push


def test_no_commission_and_player_banking():
    base = house_edge(stopping=Stopping(trials=400_000), seed=3)
    free = house_edge(stopping=Stopping(trials=400_000), seed=3, rules=PaiGowRules(commission=0.0))
    assert free.ev == pytest.approx(base.ev + 0.05 * base.win)
    banker = house_edge(stopping=Stopping(trials=400_000), seed=3, rules=PaiGowRules(player_banks=True))
    assert banker.ev > base.ev  # copies now go to the player
    assert banker.to_dict()["player_banks"] is True and free.to_dict()["commission"] == 0.0


def test_rules_defaults_are_the_house_rules():
    assert PaiGowRules().to_dict() == {"commission": 0.05, "player_banks": False}
    assert PaiGowRules(commission=0).commission == 0


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"commission": 1.0}, r"paigow.commission must be in \[0, 1\), got 1.0"),
        ({"commission": -0.01}, r"paigow.commission must be in \[0, 1\), got -0.01"),
        ({"commission": float("nan")}, r"paigow.commission must be in \[0, 1\), got nan"),
        ({"commission": "5%"}, r"paigow.commission must be in \[0, 1\), got '5%'"),
        ({"player_banks": "yes"}, "paigow.player_banks must be True or False, got 'yes'"),
    ],
)
def test_bad_rules_are_one_line_errors_naming_the_field(fields, words):
    with pytest.raises(ValueError, match=words) as error:
        PaiGowRules(**fields)
    assert "\n" not in str(error.value)


def test_explicit_default_rules_give_the_default_results():
    explicit = PaiGowRules(commission=0.05, player_banks=False)
    for run in (
        lambda **kw: house_edge(stopping=Stopping(trials=50_000), seed=4, **kw),
        lambda **kw: house_edge(strategy="optimal", stopping=Stopping(trials=200), inner_trials=50, seed=4, **kw),
        lambda **kw: split_ev("Tc Td 6h 6s Ac 3d 2h", exact=False, stopping=Stopping(trials=5_000), seed=4, **kw),
    ):
        one, two = run().to_dict(), run(rules=explicit).to_dict()
        one.pop("elapsed_seconds"), two.pop("elapsed_seconds")
        assert one == two and one["commission"] == 0.05 and one["player_banks"] is False


@pytest.mark.parametrize(
    "cards, error, words",
    [
        ("Ac Ad Ah", CardError, "3 cards given"),
        ("Ac Ad Ah As Kc Kd Qh Jh", CardError, "8 cards given"),
        ("Ac Ad Ah As Kc Kd Ac", CardError, "duplicate card 'Ac'"),
        ("Ac Ad Ah Jk Kc Kd joker", CardError, "duplicate card 'Jk'"),
        ("Ac Ad Ah Xx Kc Kd Qh", CardError, "'Xx'"),
    ],
)
def test_bad_hands_are_errors(cards, error, words):
    with pytest.raises(error, match=words):
        house_way_setting(cards)


@pytest.mark.parametrize(
    "codes, words",
    [([0, 1, 2, 3, 4, 5, 60], "invalid card code 60"), ([48, 49, 50, 51, 51, 5, 6], "duplicate card 'As'")],
)
def test_bad_hands_given_as_codes_are_errors_too(codes, words):
    with pytest.raises(CardError, match=words):
        house_way_setting(np.array(codes))
    with pytest.raises(CardError, match=words):
        split_ev(np.array(codes), stopping=Stopping(trials=100))


def test_unknown_way_and_strategy():
    with pytest.raises(ValueError, match="unknown House Way 'casino'"):
        house_way_setting("Ac Ad Ah As Kc Kd Qh", "casino")
    with pytest.raises(ValueError, match="unknown strategy"):
        house_edge(strategy="psychic")
