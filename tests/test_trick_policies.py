"""Whist players: the heuristic card player is sound (in its seat it makes each contract
more often than random play against the same opponents, whether the contract wants tricks
or avoids them), and the bidding study names the suits W-2 allows."""

from __future__ import annotations

import pytest

from analyzer.games.whist.bid import bid_values
from analyzer.games.whist.rules import parse_hand

HAND = parse_hand("As Qs 9s 5s Kh Jh 7h 3h Qd 8d 4d Tc 6c")  # an average hand: 12 high-card points


def p_make(policy: str, bid: str):
    report = bid_values(HAND, seat=0, policy=policy, trials=6_000, seed=17)
    found = next(b for b in report.bids if b.bid == bid)
    return found.p_make, found.p_make_stderr


@pytest.mark.parametrize("bid", ["grand in hearts", "nolo in hearts", "solo-nolo", "pass"])
def test_whist_heuristic_beats_random_play_in_its_seat(bid):
    smart, smart_se = p_make("heuristic,random,random,random", bid)
    dumb, dumb_se = p_make("random", bid)
    assert smart - dumb > 4 * (smart_se**2 + dumb_se**2) ** 0.5


def test_the_bidding_tables_call_suits_as_w2_allows():
    """The bidding study names a suit whose ace the bidder lacks (W-2), uniformly; with
    ``call_own_ace`` any of the four."""
    from collections import Counter

    from analyzer.games.whist.study_kernels import _called_suit
    from analyzer.sim.seeds import chunk_state

    hand = sum(1 << c for c in HAND)  # holds the ace of spades only
    rng = chunk_state(1, 0)
    strict = Counter(int(_called_suit(hand, False, rng)) for _ in range(3_000))
    free = Counter(int(_called_suit(hand, True, rng)) for _ in range(4_000))
    assert set(strict) == {0, 1, 2} and min(strict.values()) > 900
    assert set(free) == {0, 1, 2, 3} and min(free.values()) > 900
