"""One Whist deal played card by card from Python: scripted deals, notebooks and tests.

>>> deal = WhistDeal(hands, "grand:s", bidder=1)   # hands: four 13-card strings, seat 0 first
>>> deal.play("Kd"); deal.legal()                   # the seat on turn plays; its legal cards
>>> deal.done, deal.tricks, deal.settle()
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import check_disjoint
from analyzer.games._tricks import TrickDeal
from analyzer.games.whist import engine as E
from analyzer.games.whist.rules import WhistRules, callable_suits, parse_bid, parse_hand


class WhistDeal(TrickDeal):
    """A deal under a contract; the engine's state is ``self.state``."""

    def __init__(
        self,
        hands: list[str],
        bid: str,
        *,
        bidder: int = 0,
        joiner: int | None = None,
        rules: WhistRules = WhistRules(),
    ):
        if len(hands) != E.SEATS:
            raise ValueError(f"hands: one per seat (4), got {len(hands)}")
        parsed = [parse_hand(h) for h in hands]
        check_disjoint({f"hand of seat {i}": h for i, h in enumerate(parsed)})
        contract, suit = parse_bid(bid)
        if bidder not in range(E.SEATS):
            raise ValueError(f"bidder must be a seat 0..3, got {bidder!r}")
        if suit >= 0 and suit not in callable_suits(parsed[bidder], rules):
            raise ValueError("the bidder holds the ace he calls (W-2: call_own_ace is off)")
        if joiner is not None and (
            contract != E.SOLO or rules.max_solo_joiners == 0 or joiner == bidder or joiner not in range(E.SEATS)
        ):
            raise ValueError("a joiner is one other seat joining a Solo-nolo (W-4)")
        self.rules = rules
        self.engine, self.seats = E, E.SEATS
        self.state = np.zeros(E.STATE_SIZE, np.int64)
        for seat, hand in enumerate(parsed):
            self.state[E.HAND + seat] = sum(1 << c for c in hand)
        E._start(
            self.state,
            contract,
            bidder,
            suit,
            -1 if joiner is None else joiner,
            rules.pass_ace_low,
            rules.called_rule_code,
        )

    @property
    def partner(self) -> int | None:
        partner = int(self.state[E.PARTNER])
        return None if partner < 0 else partner

    def made(self, seat: int) -> bool:
        return bool(E._made(self.state, seat))

    def settle(self) -> list[int]:
        """Each seat's chips from the finished deal (W-5, W-6)."""
        if not self.done:
            raise ValueError("the deal is not over")
        chips = np.zeros(E.SEATS, np.int64)
        E._settle(self.state, chips)
        return chips.tolist()
