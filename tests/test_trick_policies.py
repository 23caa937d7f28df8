"""The Whist heuristic card player is sound: in its seat it makes each contract more often
than random play does against the same opponents, whether the contract wants tricks or
avoids them."""

from __future__ import annotations

import pytest

from analyzer.games.whist.bids import bid_values
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
    assert smart - dumb > 4 * (smart_se ** 2 + dumb_se ** 2) ** 0.5
