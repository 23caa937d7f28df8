"""Whist card play: a legal random player and a heuristic player (Numba).

The heuristic sees only what a player may know: his hand, the cards played, and who is
known to be on his side (the partner is known to the ace holder from the start and to
everyone once the called ace is played; Grandi's and Solo-nolo's defenders know each
other). In Grand and Grandi every player wants tricks; in Nolo, Solo-nolo and the pass
game every player avoids them (the Solo-nolo defenders avoid tricks to force them on
the soloist). A card is *master* when no unseen card of its suit ranks above it.

Wanting tricks:
* lead a master (from the longest suit), else the lowest card of the longest suit;
* follow: low under a partner's winning card; last or third to play, win as cheaply as
  possible; second to play, win only with a master, else play low;
* void: discard the lowest card.

Avoiding tricks:
* lead the card with the most unseen higher cards of its suit (the lowest on ties);
* follow: the highest card under the winning card; if every card wins, the highest when
  last (the trick is lost anyway), else the lowest; under a partner's winning card,
  unload the highest;
* void: discard the highest card.
"""

from __future__ import annotations

from numba import njit

from analyzer.games.tricks import NO_SUIT, SUIT_MASKS, beats, extreme_card, higher_outstanding
from analyzer.games.whist import engine as E
from analyzer.sim.bits import bit_count, nth_bit
from analyzer.sim.rng import below

RANDOM, HEURISTIC = 0, 1
POLICY_NAMES = ("random", "heuristic")


@njit(cache=True, nogil=True)
def known_friend(st, seat, other):
    """Whether ``seat`` knows ``other`` to be on his side."""
    contract = st[E.CONTRACT]
    if contract == E.PASS or seat == other:
        return False
    if contract == E.SOLO or contract == E.GRANDI:
        return not E.on_bidder_side(st, seat) and not E.on_bidder_side(st, other)
    if st[E.REVEALED]:
        return E.on_bidder_side(st, seat) == E.on_bidder_side(st, other)
    return seat == st[E.PARTNER] and other == st[E.BIDDER]


@njit(cache=True, nogil=True)
def _master_cards(cards, outstanding, ace_low):
    masters = 0
    rest = cards
    while rest:
        card = nth_bit(rest, 0)
        low = rest & -rest
        rest ^= low
        if higher_outstanding(card, outstanding, ace_low) == 0:
            masters |= low
    return masters


@njit(cache=True, nogil=True)
def _longest_suit_cards(cards):
    best, best_n = 0, -1
    for suit in range(4):
        n = bit_count(cards & SUIT_MASKS[suit])
        if n > best_n:
            best, best_n = suit, n
    return cards & SUIT_MASKS[best]


@njit(cache=True, nogil=True)
def _beating(cards, best, ace_low):
    out = 0
    rest = cards
    while rest:
        card = nth_bit(rest, 0)
        low = rest & -rest
        rest ^= low
        if beats(card, best, NO_SUIT, ace_low):
            out |= low
    return out


@njit(cache=True, nogil=True)
def _lead(cards, outstanding, ace_low, wants):
    if wants:
        masters = _master_cards(cards, outstanding, ace_low)
        if masters:
            return extreme_card(_longest_suit_cards(masters), ace_low, True)
        return extreme_card(_longest_suit_cards(cards), ace_low, False)
    best, best_score = -1, -1
    rest = cards
    while rest:
        card = nth_bit(rest, 0)
        low = rest & -rest
        rest ^= low
        score = higher_outstanding(card, outstanding, ace_low) * 64 + 63 - 4 * (card >> 2)
        if score > best_score:
            best, best_score = card, score
    return best


@njit(cache=True, nogil=True)
def heuristic_card(st, seat):
    """The heuristic player's card (module docstring)."""
    cards = E.legal(st, seat)
    if cards & (cards - 1) == 0:
        return nth_bit(cards, 0)
    ace_low = st[E.ACE_LOW]
    contract = st[E.CONTRACT]
    wants = contract == E.GRAND or contract == E.GRANDI
    outstanding = E.FULL_DECK & ~st[E.PLAYED] & ~st[E.HAND + seat]
    led = st[E.LED]
    if led == NO_SUIT:
        return _lead(cards, outstanding, ace_low, wants)
    following = cards & SUIT_MASKS[led]
    if not following:
        return extreme_card(cards, ace_low, not wants)
    best = st[E.BEST]
    friend = known_friend(st, seat, st[E.WINNER])
    winners = _beating(following, best, ace_low)
    if wants:
        if friend or not winners:
            return extreme_card(following, ace_low, False)
        if st[E.PLAYS] >= 2:
            return extreme_card(winners, ace_low, False)
        masters = _master_cards(winners, outstanding, ace_low)
        return extreme_card(masters if masters else following, ace_low, False)
    if friend:
        return extreme_card(following, ace_low, True)
    losers = following & ~winners
    if losers:
        return extreme_card(losers, ace_low, True)
    return extreme_card(following, ace_low, st[E.PLAYS] == E.SEATS - 1)


@njit(cache=True, nogil=True)
def random_card(st, seat, rng):
    """A uniformly random legal card."""
    cards = E.legal(st, seat)
    return nth_bit(cards, below(rng, bit_count(cards)))


@njit(cache=True, nogil=True)
def play_out(st, policies, rng):
    """Play the deal to its end, seat ``s`` choosing by ``policies[s]``."""
    while not st[E.DONE]:
        seat = st[E.TURN]
        if policies[seat] == RANDOM:
            card = random_card(st, seat, rng)
        else:
            card = heuristic_card(st, seat)
        E.play(st, card)
