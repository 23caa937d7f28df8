"""Five-card stud equity: exact against a brute force over every deal (eval7 as the
evaluator), Monte Carlo against exact, errors."""

from itertools import combinations

import eval7
import numpy as np
import pytest

from analyzer.cards import CardError, format_card, parse_cards
from analyzer.games.stud.engine import _completions, _exact_deals
from analyzer.games.stud.equity import _exact, prepare_stud, stud_equity
from analyzer.sim.engine import Stopping
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import WIDTH

E7 = [eval7.Card(format_card(c)) for c in range(52)]


def brute_force(hands: list[str], dead: str = "") -> np.ndarray:
    known = [parse_cards(h).tolist() for h in hands]
    seen = {c for hand in known for c in hand} | set(parse_cards(dead).tolist())
    free = [c for c in range(52) if c not in seen]
    shares = np.zeros(len(hands))
    deals = 0

    def deal(p: int, remaining: list[int], hands_so_far: list[list[int]]) -> None:
        nonlocal deals
        if p == len(known):
            values = [eval7.evaluate([E7[c] for c in h]) for h in hands_so_far]
            best = max(values)
            winners = [i for i, v in enumerate(values) if v == best]
            for i in winners:
                shares[i] += 1 / len(winners)
            deals += 1
            return
        for extra in combinations(remaining, 5 - len(known[p])):
            rest = [c for c in remaining if c not in extra]
            deal(p + 1, rest, hands_so_far + [known[p] + list(extra)])

    deal(0, free, [])
    return shares / deals


@pytest.mark.parametrize(
    "hands, dead",
    [
        (["AsAhKd7c", "KsKh2c"], "3d"),
        (["AsAhKd7c", "KsKh2c3c", "QdQhJc9d"], "3d 9s"),
        (["2c3c4c5c", "AsAhAd"], ""),
        (["7h8h9hTh", "JhQhKh2s", "AcAd2d2h"], "Ah 6h"),
    ],
)
@pytest.mark.jitless
def test_exact_equals_a_brute_force_over_every_deal(hands, dead):
    result = stud_equity(hands, dead, exact=True)
    assert result.run.method == "exact"
    assert np.allclose([p.equity for p in result.players], brute_force(hands, dead), rtol=0, atol=1e-12)


@pytest.mark.parametrize(
    "hands, dead",
    [
        (["AsAhKd7c", "KsKh2c", "QdQh5s9s"], "3d"),  # the first player has fewer completions than the second
        (["AsKsQsJsTs", "9h9d7c6c", "2c3c4d"], ""),  # a made hand, walked last
        (["", ""], " ".join(format_card(c) for c in range(33))),  # two unknown hands from 19 cards
    ],
)
def test_the_exact_walk_in_parts_equals_the_walk_in_one(hands, dead):
    deal = prepare_stud(hands, dead)
    lists = [_completions(k.astype(np.uint8), deal.free_cards()) for k in deal.known]
    offsets = np.cumsum([0] + [len(m) for m, _ in lists]).astype(np.int64)
    one_walk = np.zeros((len(hands), WIDTH), np.int64)  # one call, in the players' own order
    one_walk_deals = _exact_deals(
        np.concatenate([m for m, _ in lists]), np.concatenate([v for _, v in lists]), offsets, 0, offsets[1], one_walk
    )
    whole, deals = _exact(deal, tasks=1)
    assert deals == one_walk_deals and np.array_equal(whole, one_walk)
    seen: list[tuple[int, int | None]] = []
    parts, parted_deals = _exact(
        deal, Runner(threads=2, progress=lambda done, total: seen.append((done, total))), tasks=7
    )
    assert parted_deals == deals and parts.dtype == np.int64 and np.array_equal(parts, whole)
    assert [done for done, _ in seen] == list(range(1, 8)) and {total for _, total in seen} == {7}


@pytest.mark.jitless
def test_a_forced_exact_stud_equity_reports_its_progress_to_the_end():
    seen: list[tuple[int, int | None]] = []
    hands = ["AsAhKd7c", "KsKh2c"]
    result = stud_equity(
        hands, "3d", exact=True, runner=Runner(progress=lambda done, total: seen.append((done, total)))
    )
    assert result.run.method == "exact" and len(seen) > 1
    assert [done for done, _ in seen] == sorted(done for done, _ in seen) and seen[-1][0] == seen[-1][1]
    assert np.allclose([p.equity for p in result.players], brute_force(hands, "3d"), rtol=0, atol=1e-12)


def test_monte_carlo_is_within_four_standard_errors_of_exact():
    hands = ["AsAhKd7c", "KsKh2c9c", "QdQh5s"]
    exact = stud_equity(hands, "3d", exact=True)
    mc = stud_equity(hands, "3d", exact=False, stopping=Stopping(trials=300_000), seed=4)
    for e, m in zip(exact.players, mc.players):
        assert abs(e.equity - m.equity) < 4 * m.stderr


@pytest.mark.jitless
def test_a_short_monte_carlo_run_is_within_four_standard_errors_of_the_brute_force():
    """The Monte Carlo kernel on 4,000 deals (small enough to run as Python) against every deal
    scored by eval7."""
    hands = ["AsAhKd7c", "KsKh2c9c"]
    mc = stud_equity(hands, "3d", exact=False, stopping=Stopping(trials=4_000), seed=4)
    assert mc.run.method == "monte-carlo" and mc.run.trials == 4_000
    for truth, m in zip(brute_force(hands, "3d"), mc.players):
        assert m.stderr > 0
        assert abs(m.equity - truth) < 4 * m.stderr


def test_unknown_hands_are_allowed_and_symmetric_players_split_evenly():
    result = stud_equity(["", ""], exact=False, stopping=Stopping(trials=200_000), seed=8)
    assert abs(result.players[0].equity - 0.5) < 4 * result.players[0].stderr
    assert result.players[0].equity + result.players[1].equity == pytest.approx(1)


def test_auto_picks_monte_carlo_for_early_streets_and_exact_late():
    assert stud_equity(["AsAh", "KsKh"], seed=1).run.method == "monte-carlo"
    assert stud_equity(["AsAhKd7c", "KsKh2c9d"]).run.method == "exact"


@pytest.mark.parametrize(
    "hands, dead, error, words",
    [
        (["AsAh"], "", ValueError, "1 player: "),
        (["AsAh"] * 8, "", ValueError, "8 players"),
        (["AsAh2c3c4c5c", "KsKh"], "", CardError, "player 1 has 6 cards"),
        (["AsAh", "AsKh"], "", CardError, "card 'As' is in both player 1's cards and player 2's cards"),
        (["AsAh", "KsKh"], "Kh", CardError, "card 'Kh' is in both player 2's cards and the dead cards"),
        ("AsKs", "", ValueError, "not a single string"),
        (["AsAh", "KsKx"], "", CardError, "'Kx'"),
        (["", "", "", "", "", "", ""], " ".join(format_card(c) for c in range(20)), ValueError, "not enough cards"),
    ],
)
def test_bad_inputs_are_errors_naming_the_bad_part(hands, dead, error, words):
    with pytest.raises(error, match=words):
        stud_equity(hands, dead)
