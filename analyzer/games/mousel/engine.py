"""Mousel: one deal's mechanics and settlement as Numba kernels (rules §6.5).

Seats 0..n-1 (n = 3..8) sit clockwise from forehand (seat 0); the dealer is seat n-1.
A deal lives in a flat ``int64`` array; hands are 52-bit card masks and the undealt
stock is ``st[DECK + TOP : DECK + END]``, drawn uniformly (:mod:`analyzer.sim.deck`).

* Deal 4 cards each; the next card is turned up and fixes trumps; the rest is the stock
  (52 cards, or 32 (7..A) for at most 6 players, M-1).
* Going along: the participants pay the stake into the pot (M-9).
* Exchange: each participant in turn discards up to 4 cards and draws as many from the
  stock while it lasts (M-7); the turned-up trump card is not in the stock.
* Declaring: the first participant in seat order who takes the game undertakes to win
  2 of the 4 tricks (M-6: the first participant takes forehand's role).
* Play: the first participant leads, then the trick winner; follow suit, if void trump,
  with no duty to over-trump; aces high.
* Settlement of pot P (stakes plus what earlier deals left): each trick pays P/4 (M-3).
  The declarer with 1 trick pays P ("bet"), with none 2P ("mouselbet"); any other
  participant without a trick pays P (M-5). Penalties are based on P before the payout
  and go to the next deal's pot (M-4, ``fail_mode = payout``); with ``fail_mode = keep``
  the pot is not paid out when the declarer fails and stays for the next deal.
"""

from __future__ import annotations

from analyzer.games._tricks import NO_SUIT, beats, card_bit, legal_cards
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.bits import bit_count
from analyzer.sim.deck import draw_card

MAX_PLAYERS, MIN_PLAYERS, HAND_SIZE, TRICKS_PER_DEAL, MAKE = 8, 3, 4, 4, 2
SHORT_DECK_LOWEST_RANK, SHORT_DECK_MAX_PLAYERS = 5, 6  # 32 cards: 7..A
PAYOUT, KEEP = 0, 1  # M-4 fail modes

# -- state layout --------------------------------------------------------------------
(
    PLAYERS,
    TRUMP,
    TRUMP_CARD,
    PARTICIPANTS,
    DECLARER,
    TRICK,
    PLAYS,
    LEADER,
    TURN,
    LED,
    BEST,
    WINNER,
    PLAYED,
    ON_TABLE,
    DONE,
    TOP,
    END,
) = range(17)
HAND = 17  # [seat] cards held
TRICKS = HAND + MAX_PLAYERS  # [seat] tricks taken
DECK = TRICKS + MAX_PLAYERS  # the stock is DECK[TOP:END]
STATE_SIZE = DECK + 52


def deck_cards(short_deck: bool) -> list[int]:
    """The cards of the pack: 52, or the 32 from sevens up (M-1)."""
    return [c for c in range(52) if not short_deck or c >> 2 >= SHORT_DECK_LOWEST_RANK]


@kernel
def _setup(st, players, trump_card, stock):
    """A deal before the hands are dealt: ``stock`` (the pack less the trump card and any
    cards placed beforehand) becomes the undealt cards."""
    st[:] = 0
    st[PLAYERS], st[TRUMP_CARD], st[TRUMP] = players, trump_card, trump_card & 3
    st[DECLARER] = st[LEADER] = st[TURN] = st[WINNER] = st[BEST] = -1
    st[LED] = NO_SUIT
    n = stock.shape[0]
    copy_into(st[DECK : DECK + n], stock)
    st[TOP], st[END] = 0, n


@kernel
def _deal_hand(st, seat, rng):
    """Fill ``seat``'s hand up to 4 cards from the stock."""
    while bit_count(st[HAND + seat]) < HAND_SIZE:
        st[HAND + seat] |= card_bit(draw_card(st, DECK, TOP, END, 0, rng))


@kernel
def _turn_up_trump(st, rng):
    """Turn up the next card of the stock: it fixes trumps and leaves the stock."""
    trump_card = draw_card(st, DECK, TOP, END, 0, rng)
    st[TRUMP_CARD], st[TRUMP] = trump_card, trump_card & 3


@kernel
def _stock_left(st):
    return st[END] - st[TOP]


@kernel
def _exchange(st, seat, discards, rng):
    """``seat`` lays away the cards of the mask ``discards`` (the lowest codes first, while
    the stock lasts, M-7) and draws as many."""
    rest = discards & st[HAND + seat]
    while rest and _stock_left(st) > 0:
        low = rest & -rest
        rest ^= low
        st[HAND + seat] &= ~low
        st[HAND + seat] |= card_bit(draw_card(st, DECK, TOP, END, 0, rng))


@kernel(inline="always")
def _next_participant(st, seat):
    players, part = st[PLAYERS], st[PARTICIPANTS]
    s = (seat + 1) % players
    while not (part >> s) & 1:
        s = (s + 1) % players
    return s


@kernel
def _first_participant(st):
    return _next_participant(st, st[PLAYERS] - 1)


@kernel
def _start_play(st, declarer):
    """Play begins: the first participant leads (M-6)."""
    st[DECLARER] = declarer
    st[TRICK] = st[PLAYS] = st[PLAYED] = st[ON_TABLE] = st[DONE] = 0
    st[LEADER] = st[TURN] = _first_participant(st)
    st[LED], st[BEST], st[WINNER] = NO_SUIT, -1, -1
    for seat in range(MAX_PLAYERS):
        st[TRICKS + seat] = 0


@kernel
def legal(st, seat):
    """Follow suit; if void, trump; else anything."""
    return legal_cards(st[HAND + seat], st[LED], st[TRUMP], True)


@kernel
def play(st, card):
    """``st[TURN]`` plays ``card`` (which must be legal); full tricks are gathered."""
    seat = st[TURN]
    st[HAND + seat] &= ~card_bit(card)
    st[PLAYED] |= card_bit(card)
    st[ON_TABLE] |= card_bit(card)
    if st[LED] == NO_SUIT:
        st[LED], st[BEST], st[WINNER] = card & 3, card, seat
    elif beats(card, st[BEST], st[TRUMP], False):
        st[BEST], st[WINNER] = card, seat
    st[PLAYS] += 1
    if st[PLAYS] < bit_count(st[PARTICIPANTS]):
        st[TURN] = _next_participant(st, seat)
        return
    winner = st[WINNER]
    st[TRICKS + winner] += 1
    st[TRICK] += 1
    st[PLAYS], st[LED], st[BEST], st[WINNER], st[ON_TABLE] = 0, NO_SUIT, -1, -1, 0
    st[LEADER] = st[TURN] = winner
    st[DONE] = st[TRICK] == TRICKS_PER_DEAL


@kernel
def _settle(st, pot, stake, fail_mode, chips):
    """Each seat's chips from a played deal into ``chips`` (the stake paid to go along
    included); returns the pot left for the next deal. ``pot`` is P, stakes included."""
    declarer = st[DECLARER]
    failed = st[TRICKS + declarer] < MAKE
    paid_out = not (failed and fail_mode == KEEP)
    next_pot = 0.0 if paid_out else pot
    for seat in range(st[PLAYERS]):
        chips[seat] = 0.0
        if not (st[PARTICIPANTS] >> seat) & 1:
            continue
        tricks = st[TRICKS + seat]
        penalty = 0.0
        if seat == declarer and tricks < MAKE:
            penalty = pot * (MAKE - tricks)
        elif tricks == 0:
            penalty = pot
        chips[seat] = tricks * pot / TRICKS_PER_DEAL * paid_out - stake - penalty
        next_pot += penalty
    return next_pot
