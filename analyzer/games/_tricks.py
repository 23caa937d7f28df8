"""Trick-taking mechanics shared by Whist and Mousel, as Numba kernels on 52-bit card masks.

Cards use the project codes ``4 * rank + suit`` (rank 0..12 = 2..A; suits c, d, h, s), so
a hand is a mask and "the cards of suit s" is ``hand & SUIT_MASKS[s]``. A card's *key* is
its rank for comparison: ace high (``key = rank``) or, with ``ace_low``, below the two.

* Legal cards: follow the led suit if able; if void and ``must_trump``, play a trump if
  able (no duty to over-trump); otherwise any card.
* A trick goes to the highest trump played, else to the highest card of the led suit.
* A card is *master* when no card of ``outstanding`` (the cards a player has not seen)
  of its suit ranks above it.

:func:`want_card` is the play of a player who wants the trick, shared by Whist's Grand
and Grandi and by Mousel: lead a master (from the suit with the most masters), else the lowest card of
the longest suit; follow low under a partner's winning card; third or last to play, win
as cheaply as possible; earlier, win only with a master, else play low; a player who
cannot win plays his lowest legal card.

:class:`TrickDeal` is the card-by-card Python interface (scripted deals, notebooks, tests) over an
engine module with ``HAND``, ``TRICKS``, ``TURN``, ``DONE``, ``legal(st, seat)`` and
``play(st, card)`` (:mod:`analyzer.games.whist.engine`, :mod:`analyzer.games.mousel.engine`).
"""

from __future__ import annotations

from types import ModuleType

import numpy as np

from analyzer.cards import CardError, format_cards, parse_cards
from analyzer.jit import kernel
from analyzer.sim.bits import bit_count, nth_bit
from analyzer.sim.rng import below

NO_SUIT = -1
HIGHEST, LOWEST = np.bool_(True), np.bool_(False)  # extreme_card's ``highest``: typed, as a literal
# True or False would compile extreme_card once more for each
SUIT_MASKS = np.array([sum(1 << (4 * r + s) for r in range(13)) for s in range(4)], np.int64)


@kernel(inline="always")
def card_bit(card):
    """The card's bit in a 52-bit mask: ``1 << card``."""
    return np.int64(1) << card


@kernel(inline="always")
def card_key(card, ace_low):
    """The card's rank for comparison: 2..A = 0..12, or A..K = 0..12 with ``ace_low``."""
    rank = card >> 2
    return (rank + 1) % 13 if ace_low else rank


@kernel(inline="always")
def legal_cards(hand, led_suit, trump, must_trump):
    """The cards of ``hand`` that may be played to a trick led in ``led_suit`` (NO_SUIT: a lead)."""
    if led_suit == NO_SUIT:
        return hand
    same = hand & SUIT_MASKS[led_suit]
    if same:
        return same
    if must_trump and trump != NO_SUIT:
        trumps = hand & SUIT_MASKS[trump]
        if trumps:
            return trumps
    return hand


@kernel(inline="always")
def beats(card, best, trump, ace_low):
    """Whether ``card`` takes the lead of a trick from ``best``, the card winning it so far."""
    suit, best_suit = card & 3, best & 3
    if suit == best_suit:
        return card_key(card, ace_low) > card_key(best, ace_low)
    return suit == trump


@kernel
def extreme_card(cards, ace_low, highest):
    """The highest (or lowest) card of the mask ``cards`` by key; ties go to the lower suit
    when lowest and the higher suit when highest. -1 if the mask is empty."""
    best, best_score = -1, -1
    while cards:
        card = nth_bit(cards, 0)
        cards &= cards - 1
        key = card_key(card, ace_low) * 4 + (card & 3)
        score = key if highest else 100 - key
        if score > best_score:
            best, best_score = card, score
    return best


@kernel
def higher_outstanding(card, outstanding, ace_low):
    """How many cards of ``outstanding`` (a mask) are of the card's suit and rank above it."""
    n = 0
    key = card_key(card, ace_low)
    cards = outstanding & SUIT_MASKS[card & 3]
    while cards:
        c = nth_bit(cards, 0)
        cards &= cards - 1
        if card_key(c, ace_low) > key:
            n += 1
    return n


@kernel
def random_card(cards, rng):
    """A card drawn uniformly from the mask ``cards`` (a random player's legal cards)."""
    return nth_bit(cards, below(rng, bit_count(cards)))


@kernel
def master_cards(cards, outstanding, ace_low):
    """The cards of ``cards`` that are master (module docstring)."""
    masters = np.int64(0)
    rest = cards
    while rest:
        card = nth_bit(rest, 0)
        rest &= rest - 1
        if higher_outstanding(card, outstanding, ace_low) == 0:
            masters |= card_bit(card)
    return masters


@kernel
def longest_suit_cards(cards):
    """The cards of ``cards`` in its longest suit (the lowest suit on ties)."""
    best, best_n = 0, -1
    for suit in range(4):
        n = bit_count(cards & SUIT_MASKS[suit])
        if n > best_n:
            best, best_n = suit, n
    return cards & SUIT_MASKS[best]


@kernel
def beating(cards, best, trump, ace_low):
    """The cards of ``cards`` that would take the trick from ``best``."""
    out = np.int64(0)
    rest = cards
    while rest:
        card = nth_bit(rest, 0)
        rest &= rest - 1
        if beats(card, best, trump, ace_low):
            out |= card_bit(card)
    return out


@kernel
def want_card(cards, outstanding, led, best, trump, ace_low, plays, players, friend_winning):
    """The card of a player who wants the trick, from his legal ``cards``; ``plays`` cards
    are on the trick of ``players`` (module docstring)."""
    if led == NO_SUIT:
        masters = master_cards(cards, outstanding, ace_low)
        if masters:
            return extreme_card(longest_suit_cards(masters), ace_low, HIGHEST)
        return extreme_card(longest_suit_cards(cards), ace_low, LOWEST)
    winners = beating(cards, best, trump, ace_low)
    if friend_winning or not winners:
        return extreme_card(cards, ace_low, LOWEST)
    if plays >= players - 2:
        return extreme_card(winners, ace_low, LOWEST)
    masters = master_cards(winners, outstanding, ace_low)
    return extreme_card(masters if masters else cards, ace_low, LOWEST)


class TrickDeal:
    """The shared card-by-card interface; a subclass sets ``engine``, ``seats`` and ``state``."""

    engine: ModuleType
    seats: int
    state: np.ndarray

    @property
    def turn(self) -> int:
        """The seat on turn to play."""
        return int(self.state[self.engine.TURN])

    @property
    def done(self) -> bool:
        """Whether the deal is over: every trick played, or (Whist, W-8) every contract decided early."""
        return bool(self.state[self.engine.DONE])

    @property
    def tricks(self) -> list[int]:
        """The tricks each seat has taken, seat 0 first."""
        start = self.engine.TRICKS
        return self.state[start : start + self.seats].tolist()

    def legal(self) -> str:
        """The cards the seat on turn may play."""
        mask = int(self.engine.legal(self.state, self.turn))
        return format_cards(c for c in range(52) if mask >> c & 1)

    def play(self, card: str) -> None:
        """The seat on turn plays ``card``; an illegal card is refused with the reason."""
        if self.done:
            raise ValueError("the deal is over")
        codes = parse_cards(card)
        if len(codes) != 1:
            raise CardError(f"play one card at a time, got {card!r}")
        code, seat = int(codes[0]), self.turn
        if not self.state[self.engine.HAND + seat] >> code & 1:
            raise ValueError(f"seat {seat} does not hold {format_cards([code])}")
        if not self.engine.legal(self.state, seat) >> code & 1:
            raise ValueError(f"seat {seat} may not play {format_cards([code])}: legal are {self.legal()}")
        self.engine.play(self.state, code)
