"""One Whist deal played card by card from Python: scripted deals, notebooks and tests.

Seat 0 is forehand; the seat on turn plays with :meth:`~analyzer.games._tricks.TrickDeal.play`,
:meth:`~analyzer.games._tricks.TrickDeal.legal` lists its legal cards (following suit, and the
called ace when its suit is first led, W-3), and play stops as soon as the contract is decided
(W-8):

>>> hands = [
...     "As Ks Qs Js Ts 9s 8s Ah Kh Qh Ad Kd Ac",
...     "7s 6s 5s 4s Jh Th 9h Qd Jd Td Kc Qc Jc",
...     "3s 2s 8h 7h 6h 9d 8d 7d Tc 9c 8c 7c 6c",
...     "5h 4h 3h 2h 6d 5d 4d 3d 2d 5c 4c 3c 2c",
... ]
>>> deal = WhistDeal(hands, "grandi", bidder=0)  # seat 0 must take the first 7 tricks
>>> deal.turn, deal.legal()
(0, '8s 9s Ts Js Qh Qs Kd Kh Ks Ac Ad Ah As')
>>> deal.play("As")
>>> deal.turn, deal.legal()  # seat 1 follows suit
(1, '4s 5s 6s 7s')
>>> while not deal.done:  # every seat plays its lowest legal card
...     deal.play(deal.legal().split()[0])
>>> deal.tricks, deal.made(0), deal.settle()  # 5 chips from each of the others (W-5)
([7, 0, 0, 0], True, [15, -5, -5, -5])
>>> WhistDeal(hands, "grand:c", bidder=1).partner  # the holder of the called ace
0
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import check_disjoint
from analyzer.games._tricks import TrickDeal
from analyzer.games.whist import engine as E
from analyzer.games.whist.rules import WhistRules, callable_suits, parse_bid, parse_hand


class WhistDeal(TrickDeal):
    """A deal under a contract (module docstring); the engine's state is ``self.state``.

    ``hands``: four 13-card hands, seat 0 (forehand) first; ``bid``: ``pass``, ``nolo:SUIT``,
    ``grand:SUIT``, ``solo-nolo`` or ``grandi``; ``bidder``: the bidder's seat; ``joiner``: the
    seat joining a Solo-nolo (W-4); ``rules``: the rule settings (W-2, W-3, W-7)."""

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
        """The bidder's partner, the holder of the called ace (Nolo, Grand), or None."""
        partner = int(self.state[E.PARTNER])
        return None if partner < 0 else partner

    def made(self, seat: int) -> bool:
        """Whether ``seat`` won the deal: his side made the contract or defeated it; in the pass
        game, whether he took the fewest tricks (ties included)."""
        return bool(E._made(self.state, seat))

    def settle(self) -> list[int]:
        """Each seat's chips from the finished deal (W-5, W-6)."""
        if not self.done:
            raise ValueError("the deal is not over")
        chips = np.zeros(E.SEATS, np.int64)
        E._settle(self.state, chips)
        return chips.tolist()
