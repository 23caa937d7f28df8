"""Whist bidding (rules §6.4, W-2, W-4): the auction's rules and the table bidder."""

from __future__ import annotations

import numpy as np
import pytest

from analyzer.games.whist import engine as E
from analyzer.games.whist.play import _shortest_callable_suit, _table_auction, resolve_auction, simulate_bidding
from analyzer.games.whist.rules import WhistRules, parse_hand
from analyzer.games.whist.study_kernels import BINS, CONTRACTS, GRID_LONGEST

HANDS = [
    "As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s",
    "Ah Kh Qh Jh Th 9h 8h 7h 6h 5h 4h 3h 2h",
    "Ad Kd Qd Jd Td 9d 8d 7d 6d 5d 4d 3d 2d",
    "Ac Kc Qc Jc Tc 9c 8c 7c 6c 5c 4c 3c 2c",
]
PARSED = [parse_hand(h) for h in HANDS]


@pytest.mark.jitless
def test_each_call_must_beat_the_standing_bid():
    assert resolve_auction(["pass"] * 4, PARSED).contract == E.PASS
    c = resolve_auction(["nolo:h", "grand:c", "pass", "solo-nolo"], PARSED)
    assert (c.contract, c.bidder, c.suit, c.joiner) == (E.SOLO, 3, -1, -1)
    c = resolve_auction(["grand:h", "pass", "pass", "pass"], PARSED)
    assert (c.contract, c.bidder, c.suit, c.name) == (E.GRAND, 0, 2, "grand in hearts")
    with pytest.raises(ValueError, match="seat 1: 'grand:d' does not beat the standing grand in hearts"):
        resolve_auction(["grand:h", "grand:d", "pass", "pass"], PARSED)
    with pytest.raises(ValueError, match="does not beat"):
        resolve_auction(["grandi", "pass", "solo-nolo", "pass"], PARSED)
    with pytest.raises(ValueError, match="one per seat"):
        resolve_auction(["pass"] * 3, PARSED)


@pytest.mark.jitless
def test_a_suit_whose_ace_the_bidder_holds_cannot_be_called():
    with pytest.raises(ValueError, match="calls an ace he holds"):
        resolve_auction(["grand:s", "pass", "pass", "pass"], PARSED)
    c = resolve_auction(["grand:s", "pass", "pass", "pass"], PARSED, rules=WhistRules(call_own_ace=True))
    assert (c.contract, c.suit) == (E.GRAND, 3)


@pytest.mark.jitless
def test_one_other_player_may_join_a_standing_solo_nolo():
    """W-4: any one other player, even one who passed; a later Grandi overrides."""
    c = resolve_auction(["pass", "solo-nolo", "pass", "pass"], PARSED, joiner=0)
    assert (c.contract, c.bidder, c.joiner) == (E.SOLO, 1, 0)
    with pytest.raises(ValueError, match="only a standing Solo-nolo"):
        resolve_auction(["pass", "solo-nolo", "grandi", "pass"], PARSED, joiner=0)
    with pytest.raises(ValueError, match="another seat"):
        resolve_auction(["pass", "solo-nolo", "pass", "pass"], PARSED, joiner=1)
    with pytest.raises(ValueError, match="only a standing Solo-nolo"):
        resolve_auction(["pass", "solo-nolo", "pass", "pass"], PARSED, joiner=2, rules=WhistRules(max_solo_joiners=0))


def table_with(contract_values: dict[int, float]) -> np.ndarray:
    values = np.full((BINS, GRID_LONGEST, CONTRACTS), -np.inf)
    for contract, value in contract_values.items():
        values[:, :, contract] = value
    return values


def auction_of(values: np.ndarray, hands=HANDS, call_own_ace=False, may_join=True) -> list[int]:
    st = np.zeros(E.STATE_SIZE, np.int64)
    for seat, hand in enumerate(hands):
        st[E.HAND + seat] = sum(1 << c for c in parse_hand(hand))
    out = np.zeros(4, np.int64)
    _table_auction(st, values, call_own_ace, may_join, out)
    return out.tolist()


@pytest.mark.jitless
def test_the_table_bidder_calls_the_best_positive_contract_that_beats_the_standing_bid():
    assert auction_of(table_with({})) == [E.PASS, -1, -1, -1]
    assert auction_of(table_with({E.NOLO: 1.0, E.GRAND: 2.0})) == [E.GRAND, 0, 0, -1]  # clubs: shortest callable
    # forehand calls Nolo (the best); the next seat can only beat it with Grand and higher
    assert auction_of(table_with({E.NOLO: 3.0, E.GRAND: 0.5}))[:2] == [E.GRAND, 1]
    # Solo-nolo stands and the next seat with a positive Solo-nolo value joins
    assert auction_of(table_with({E.SOLO: 1.0})) == [E.SOLO, 0, -1, 1]
    assert auction_of(table_with({E.SOLO: 1.0}), may_join=False) == [E.SOLO, 0, -1, -1]


@pytest.mark.jitless
def test_the_named_suit_is_the_shortest_callable_one():
    hand = sum(1 << c for c in parse_hand("As Ks Qs Js Ah Kh Qh Jh Th Kd Qd Jd 2c"))
    assert _shortest_callable_suit(hand, False) == 0  # clubs, 1 card
    hand = sum(1 << c for c in parse_hand("Ac As Ks Qs Js Kh Qh Jh Kd Qd Jd 3d 2d"))
    assert _shortest_callable_suit(hand, False) == 2  # hearts, 3 (clubs has its ace)
    assert _shortest_callable_suit(hand, True) == 0  # clubs, 1 card, ace allowed


def test_a_sparse_table_passes_and_says_so():
    stats = simulate_bidding(deals=300, table_deals=1_000, seed=1)
    assert stats.table_coverage == 0 and stats.contracts["pass"]["share"] == 1
    assert sum(s["chips"] for s in stats.seats) == pytest.approx(0)
