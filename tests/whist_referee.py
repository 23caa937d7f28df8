"""An independent Whist referee for the tests (rules §6.4, resolutions W-1..W-8).

Written from the rules text only; it does not use :mod:`analyzer.games.whist`.

* :class:`Referee`: one deal under one contract, played card by card: no trumps (W-1);
  follow suit; the highest card of the led suit wins, the ace low in Nolo and Solo-nolo,
  high in Grand and Grandi, high in the pass game unless ``pass_ace="low"`` (W-7); the
  called-ace rule (W-3, ``when_led`` or ``lead_only``); early ends (W-8); pairwise
  settlement (W-5, W-6).
* :func:`play_random`: play a deal to its end with uniformly random legal cards.

Card text is ``As``, ``Td``, ``2c``; seat 0 is forehand; play goes clockwise 0, 1, 2, 3.
Used by ``test_whist_engine.py`` and ``test_whist_mousel_analysis.py``.
"""

from __future__ import annotations

import random

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for s in SUITS for r in RANKS]
SOLO_STAKE = 5


def suit_of(card: str) -> str:
    return card[1]


def rank_key(card: str, ace_low: bool) -> int:
    """Comparison rank inside a suit: 2 < ... < K < A, or A < 2 < ... < K with ace low."""
    if card[0] == "A" and ace_low:
        return -1
    return RANKS.index(card[0])


class Referee:
    """One deal under one contract, played card by card, following the rules text only."""

    def __init__(
        self,
        hands: list[str],
        bid: str,
        bidder: int = 0,
        joiner: int | None = None,
        *,
        pass_ace: str = "high",
        called_ace_rule: str = "when_led",
    ):
        self.hands = [set(h.split()) for h in hands]
        assert all(len(h) == 13 for h in self.hands)
        assert set().union(*self.hands) == set(DECK)
        name, _, called = bid.partition(":")
        assert name in ("pass", "nolo", "grand", "solo-nolo", "grandi")
        self.contract = name
        self.called = called or None  # the suit letter named in Nolo / Grand
        self.bidder = bidder
        self.joiner = joiner
        # Ace low in Nolo and Solo-nolo; high in Grand and Grandi; pass game: W-7 setting.
        self.ace_low = name in ("nolo", "solo-nolo") or (name == "pass" and pass_ace == "low")
        self.lead_only = called_ace_rule == "lead_only"
        self.partner = None
        if self.called:
            ace = "A" + self.called
            self.partner = next(s for s in range(4) if ace in self.hands[s])
        # Forehand leads, except in Grandi where the bidder leads.
        self.turn = bidder if name == "grandi" else 0
        self.table: list[tuple[int, str]] = []
        self.tricks = [0, 0, 0, 0]
        self.trick_winners: list[int] = []
        self.called_suit_led = False
        self.done = False

    # -- play -----------------------------------------------------------------------------
    def legal(self) -> set[str]:
        hand = self.hands[self.turn]
        led = suit_of(self.table[0][1]) if self.table else None
        if led is None:
            cards = set(hand)
        else:
            cards = {c for c in hand if suit_of(c) == led} or set(hand)  # follow suit if able
        # W-3: until the called suit has been led, its ace holder must lead the ace if he leads
        # the suit, and (when_led) must play the ace when someone else leads the suit.
        if self.called and not self.called_suit_led and "A" + self.called in hand:
            ace = "A" + self.called
            if led is None:
                cards = {c for c in cards if suit_of(c) != self.called or c == ace}
            elif led == self.called and not self.lead_only:
                cards = {ace}
        return cards

    def play(self, card: str) -> None:
        assert not self.done
        assert card in self.legal(), (card, self.legal())
        self.hands[self.turn].remove(card)
        self.table.append((self.turn, card))
        if len(self.table) < 4:
            self.turn = (self.turn + 1) % 4
            return
        led = suit_of(self.table[0][1])
        winner, _ = max(
            ((s, c) for s, c in self.table if suit_of(c) == led), key=lambda sc: rank_key(sc[1], self.ace_low)
        )
        self.tricks[winner] += 1
        self.trick_winners.append(winner)
        if led == self.called:
            self.called_suit_led = True
        self.table = []
        self.turn = winner
        self.done = self._decided()

    def soloists(self) -> list[int]:
        return [self.bidder] + ([] if self.joiner is None else [self.joiner])

    def _decided(self) -> bool:
        n = len(self.trick_winners)
        if n == 13:
            return True
        if self.contract == "grandi":  # the bidder must take the first 7 tricks
            return any(w != self.bidder for w in self.trick_winners) or n == 7
        if self.contract == "solo-nolo":  # each soloist loses at his second trick
            return all(self.tricks[s] >= 2 for s in self.soloists())
        return False

    # -- result ---------------------------------------------------------------------------
    def side(self) -> set[int]:
        """The bidder and his partner (the bidder alone without a called ace, or when he
        called his own ace, W-2)."""
        return {self.bidder} if self.partner is None else {self.bidder, self.partner}

    def side_tricks(self) -> int:
        return sum(self.tricks[s] for s in self.side())

    def made(self, seat: int) -> bool:
        """Whether ``seat`` is on the winning side (soloists: their own contract)."""
        t = self.tricks
        if self.contract == "pass":
            return t[seat] == min(t)
        if self.contract == "solo-nolo":
            if seat in self.soloists():
                return t[seat] <= 1
            assert self.joiner is None
            return t[self.bidder] > 1
        if self.contract == "grandi":
            bidder_won = self.trick_winners[:7] == [self.bidder] * 7
            return bidder_won == (seat == self.bidder)
        if self.contract == "grand":
            side_won = self.side_tricks() >= 7
        else:
            side_won = self.side_tricks() <= 6
        return side_won == (seat in self.side())

    def settle(self) -> list[int]:
        assert self.done
        chips = [0, 0, 0, 0]

        def pay(payer: int, payee: int, amount: int) -> None:
            chips[payer] -= amount
            chips[payee] += amount

        t = self.tricks
        if self.contract == "pass":
            # The winner(s) with the fewest tricks collect the difference from each non-winner;
            # no exchange between tied winners (W-6).
            fewest = min(t)
            winners = [s for s in range(4) if t[s] == fewest]
            for w in winners:
                for o in range(4):
                    if o not in winners:
                        pay(o, w, t[o] - fewest)
        elif self.contract == "solo-nolo":
            # Each soloist settled separately against the other three (W-8): 5 each way.
            for s in self.soloists():
                for o in range(4):
                    if o != s:
                        if t[s] <= 1:
                            pay(o, s, SOLO_STAKE)
                        else:
                            pay(s, o, SOLO_STAKE)
        elif self.contract == "grandi":
            won = self.trick_winners[:7] == [self.bidder] * 7
            for o in range(4):
                if o != self.bidder:
                    if won:
                        pay(o, self.bidder, SOLO_STAKE)
                    else:
                        pay(self.bidder, o, SOLO_STAKE)
        else:
            side = self.side()
            others = set(range(4)) - side
            tricks = self.side_tricks()
            if self.contract == "grand":
                if tricks >= 7:
                    winners, losers, amount = side, others, 1 + (tricks - 7)
                else:
                    winners, losers, amount = others, side, 2 * (7 - tricks)
            else:
                if tricks <= 6:
                    winners, losers, amount = side, others, 1 + (6 - tricks)
                else:
                    winners, losers, amount = others, side, 2 * (tricks - 6)
            for loser in losers:  # W-5: pairwise
                for winner in winners:
                    pay(loser, winner, amount)
        return chips


def play_random(ref: Referee, rng: random.Random) -> Referee:
    """Play ``ref`` to its end, each card uniformly at random among the legal ones (taken in
    sorted order, so that a seeded ``rng`` gives the same deal whatever the hash seed)."""
    while not ref.done:
        ref.play(rng.choice(sorted(ref.legal())))
    return ref
