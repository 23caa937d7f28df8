"""Whist card play: a legal random player and a heuristic player (Numba).

The heuristic sees only what a player may know: his hand, the cards played, and who is
known to be on his side (the partner is known to the ace holder from the start and to
everyone once the called ace is played; Grandi's and Solo-nolo's defenders know each
other). In Grand and Grandi every player wants tricks; in Nolo, Solo-nolo and the pass
game every player avoids them (the Solo-nolo defenders avoid tricks to force them on
the soloist). A card is *master* when no unseen card of its suit ranks above it.

Wanting tricks: :func:`analyzer.games._tricks.want_card` (lead masters, else from length;
win cheaply when it matters, duck under a partner, discard low).

Avoiding tricks:
* lead the card with the most unseen higher cards of its suit (the lowest on ties);
* follow: the highest card under the winning card; if every card wins, the highest when
  last (the trick is lost anyway), else the lowest; under a partner's winning card,
  unload the highest;
* void: discard the highest card.
"""

from __future__ import annotations

from analyzer.games._tricks import (
    HIGHEST,
    NO_SUIT,
    SUIT_MASKS,
    beating,
    card_key,
    extreme_card,
    higher_outstanding,
    random_card,
    want_card,
)
from analyzer.games.whist import engine as E
from analyzer.jit import kernel
from analyzer.sim.bits import nth_bit

RANDOM, HEURISTIC = 0, 1
POLICY_NAMES = ("random", "heuristic")


@kernel
def _known_friend(st, seat, other):
    """Whether ``seat`` knows ``other`` to be on his side."""
    contract = st[E.CONTRACT]
    if contract == E.PASS or seat == other:
        return False
    if contract == E.SOLO or contract == E.GRANDI:
        return not E._on_bidder_side(st, seat) and not E._on_bidder_side(st, other)
    if st[E.REVEALED]:
        return E._on_bidder_side(st, seat) == E._on_bidder_side(st, other)
    return seat == st[E.PARTNER] and other == st[E.BIDDER]


@kernel
def _avoiding_lead(cards, outstanding, ace_low):
    best, best_score = -1, -1
    rest = cards
    while rest:
        card = nth_bit(rest, 0)
        rest &= rest - 1
        score = higher_outstanding(card, outstanding, ace_low) * 64 + 63 - card_key(card, ace_low)
        if score > best_score:
            best, best_score = card, score
    return best


@kernel
def _heuristic_card(st, seat):
    """The heuristic player's card (module docstring)."""
    cards = E.legal(st, seat)
    if cards & (cards - 1) == 0:
        return nth_bit(cards, 0)
    ace_low = st[E.ACE_LOW]
    contract = st[E.CONTRACT]
    wants = contract == E.GRAND or contract == E.GRANDI
    outstanding = E.FULL_DECK & ~st[E.PLAYED] & ~st[E.HAND + seat]
    led = st[E.LED]
    friend = led != NO_SUIT and _known_friend(st, seat, st[E.WINNER])
    if wants:
        return want_card(cards, outstanding, led, st[E.BEST], NO_SUIT, ace_low, st[E.PLAYS], E.SEATS, friend)
    if led == NO_SUIT:
        return _avoiding_lead(cards, outstanding, ace_low)
    following = cards & SUIT_MASKS[led]
    if not following:
        return extreme_card(cards, ace_low, HIGHEST)
    winners = beating(following, st[E.BEST], NO_SUIT, ace_low)
    if friend:
        return extreme_card(following, ace_low, HIGHEST)
    losers = following & ~winners
    if losers:
        return extreme_card(losers, ace_low, HIGHEST)
    return extreme_card(following, ace_low, st[E.PLAYS] == E.SEATS - 1)


@kernel
def _play_out(st, policies, rng):
    """Play the deal to its end, seat ``s`` choosing by ``policies[s]``."""
    while not st[E.DONE]:
        seat = st[E.TURN]
        if policies[seat] == RANDOM:
            card = random_card(E.legal(st, seat), rng)
        else:
            card = _heuristic_card(st, seat)
        E.play(st, card)
