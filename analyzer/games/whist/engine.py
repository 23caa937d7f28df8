"""Whist, Danish partner-ace variant: a deal's play and settlement as Numba kernels (rules §6.4).

Seats 0..3 sit clockwise from forehand (seat 0, left of the dealer, seat 3). One deal
lives in a flat ``int64`` array; hands are 52-bit card masks (:mod:`analyzer.games._tricks`).

* Contracts: the pass game, Nolo and Grand "in a suit" (the holder of that suit's ace
  is the bidder's partner), Solo-nolo (with at most one joiner, W-4) and Grandi. No
  trumps (W-1). Aces are low in Nolo and Solo-nolo, high in Grand and Grandi, and high in
  the pass game unless ``pass_ace = low`` (W-7).
* Play: forehand leads (the bidder in Grandi), then the trick winner; follow suit if
  able. Called-ace rule (W-3): when the called suit is first led, its ace holder must
  play the ace, and if he leads the suit first he must lead the ace (``when_led``); with
  ``lead_only`` only the second half applies.
* Early ends (W-8): Grandi stops at the bidder's first lost trick or after 7 tricks;
  Solo-nolo stops once every soloist has taken a second trick; otherwise 13 tricks.
* Settlement (W-5, W-6): every member of the losing side pays every member of the
  winning side. Grand: 1 + (tricks - 7) made, 2 per missing trick failed. Nolo: 1 +
  (6 - tricks) made, 2 per trick above 6 failed. Solo-nolo and Grandi: 5. Pass game:
  each player with the fewest tricks collects the difference from every other player.
"""

from __future__ import annotations

import numpy as np

from analyzer.games._tricks import NO_SUIT, SUIT_MASKS, beats, card_bit, legal_cards
from analyzer.jit import kernel

SEATS, TRICKS_PER_DEAL, ACE = 4, 13, 12
PASS, NOLO, GRAND, SOLO, GRANDI = range(5)  # contracts, in bidding order
CONTRACT_NAMES = ("pass", "nolo", "grand", "solo-nolo", "grandi")
WHEN_LED, LEAD_ONLY = 0, 1  # W-3
FULL_DECK = (np.int64(1) << 52) - 1
GRAND_TARGET, NOLO_LIMIT, SOLO_LIMIT, GRANDI_TRICKS, SOLO_STAKE = 7, 6, 1, 7, 5

# -- state layout --------------------------------------------------------------------
(
    CONTRACT,
    BIDDER,
    CALLED,
    PARTNER,
    JOINER,
    ACE_LOW,
    CALLED_RULE,
    TRICK,
    PLAYS,
    LEADER,
    TURN,
    LED,
    BEST,
    WINNER,
    PLAYED,
    CALLED_LED,
    REVEALED,
    DONE,
) = range(18)
HAND = 18  # [seat] cards held
TRICKS = HAND + SEATS  # [seat] tricks taken
TABLE = TRICKS + SEATS  # [seat] card played to the current trick, or -1
STATE_SIZE = TABLE + SEATS


@kernel
def _callable_suits_mask(hand, call_own_ace):
    """The suits (bit s for suit s) a bidder holding the mask ``hand`` may name in Nolo or
    Grand (W-2): those whose ace he lacks, or any suit with ``call_own_ace`` or when he
    holds all four aces (he then plays alone)."""
    lacking = 0
    for suit in range(4):
        if not (hand >> (4 * ACE + suit)) & 1:
            lacking |= 1 << suit
    return 0b1111 if call_own_ace or lacking == 0 else lacking


@kernel
def _start(st, contract, bidder, called, joiner, pass_ace_low, called_rule):
    """Set up the play of a contract on the hands in ``st[HAND:]``. ``called`` is the suit
    named in Nolo or Grand (else NO_SUIT); ``joiner`` a Solo-nolo joiner's seat or -1."""
    st[CONTRACT], st[BIDDER], st[CALLED], st[JOINER] = contract, bidder, called, joiner
    st[PARTNER] = -1
    if called != NO_SUIT:
        ace = card_bit(4 * ACE + called)
        for seat in range(SEATS):
            if st[HAND + seat] & ace:
                st[PARTNER] = seat
    st[ACE_LOW] = contract == NOLO or contract == SOLO or (contract == PASS and pass_ace_low)
    st[CALLED_RULE] = called_rule
    st[TRICK] = st[PLAYS] = st[PLAYED] = st[CALLED_LED] = st[REVEALED] = st[DONE] = 0
    st[LEADER] = bidder if contract == GRANDI else 0
    st[TURN] = st[LEADER]
    st[LED], st[BEST], st[WINNER] = NO_SUIT, -1, -1
    for seat in range(SEATS):
        st[TRICKS + seat] = 0
        st[TABLE + seat] = -1


@kernel(inline="always")
def _on_bidder_side(st, seat):
    """Whether ``seat`` plays on the bidder's side (Nolo, Grand: bidder and ace holder;
    Solo-nolo: a soloist; Grandi: the bidder). Nobody in the pass game."""
    contract = st[CONTRACT]
    if contract == PASS:
        return False
    if contract == SOLO:
        return seat == st[BIDDER] or seat == st[JOINER]
    return seat == st[BIDDER] or seat == st[PARTNER]


@kernel
def legal(st, seat):
    """The cards ``seat`` may play now: follow suit, and the called-ace rule (W-3)."""
    hand = st[HAND + seat]
    led = st[LED]
    cards = legal_cards(hand, led, NO_SUIT, False)
    called = st[CALLED]
    if called != NO_SUIT and not st[CALLED_LED]:
        ace = card_bit(4 * ACE + called)
        if hand & ace:
            if led == NO_SUIT:
                if cards & ~SUIT_MASKS[called]:
                    cards &= ~(SUIT_MASKS[called] & ~ace)
                else:
                    cards = ace
            elif led == called and st[CALLED_RULE] == WHEN_LED:
                cards = ace
    return cards


@kernel
def play(st, card):
    """``st[TURN]`` plays ``card`` (which must be legal); a full trick is gathered and the
    deal ends early when every contract is decided (W-8)."""
    seat = st[TURN]
    st[HAND + seat] &= ~card_bit(card)
    st[PLAYED] |= card_bit(card)
    st[TABLE + seat] = card
    if st[LED] == NO_SUIT:
        st[LED], st[BEST], st[WINNER] = card & 3, card, seat
    elif beats(card, st[BEST], NO_SUIT, st[ACE_LOW]):
        st[BEST], st[WINNER] = card, seat
    if st[CALLED] != NO_SUIT and card == 4 * ACE + st[CALLED]:
        st[REVEALED] = 1
    st[PLAYS] += 1
    if st[PLAYS] < SEATS:
        st[TURN] = (seat + 1) % SEATS
        return
    winner = st[WINNER]
    st[TRICKS + winner] += 1
    st[TRICK] += 1
    if st[LED] == st[CALLED]:
        st[CALLED_LED] = 1
    st[PLAYS], st[LED], st[BEST], st[WINNER] = 0, NO_SUIT, -1, -1
    for s in range(SEATS):
        st[TABLE + s] = -1
    st[LEADER] = st[TURN] = winner
    st[DONE] = _decided(st)


@kernel
def _decided(st):
    """Whether play stops after the trick just gathered (W-8)."""
    if st[TRICK] == TRICKS_PER_DEAL:
        return True
    contract, bidder = st[CONTRACT], st[BIDDER]
    if contract == GRANDI:
        return st[TRICKS + bidder] < st[TRICK] or st[TRICK] == GRANDI_TRICKS
    if contract == SOLO:
        joiner = st[JOINER]
        failed = st[TRICKS + bidder] > SOLO_LIMIT
        return failed and (joiner < 0 or st[TRICKS + joiner] > SOLO_LIMIT)
    return False


@kernel
def _side_tricks(st):
    """Tricks taken by the bidder's side (Nolo, Grand, Grandi; the bidder alone in Solo-nolo)."""
    n = 0
    for seat in range(SEATS):
        if _on_bidder_side(st, seat) and seat != st[JOINER]:
            n += st[TRICKS + seat]
    return n


@kernel
def _fewest_tricks(st):
    """The fewest tricks any seat took (the pass game's winners took this many, W-6)."""
    fewest = st[TRICKS]
    for seat in range(1, SEATS):
        fewest = min(fewest, st[TRICKS + seat])
    return fewest


@kernel
def _made(st, seat):
    """Whether ``seat`` won the deal: his side made (or beat) the contract; in the pass game,
    he took the fewest tricks (ties included)."""
    contract = st[CONTRACT]
    if contract == PASS:
        return st[TRICKS + seat] == _fewest_tricks(st)
    if contract == SOLO:
        soloist_made = st[TRICKS + seat] <= SOLO_LIMIT
        if _on_bidder_side(st, seat):
            return soloist_made
        return st[TRICKS + st[BIDDER]] > SOLO_LIMIT
    t = _side_tricks(st)
    if contract == GRAND:
        ok = t >= GRAND_TARGET
    elif contract == NOLO:
        ok = t <= NOLO_LIMIT
    else:
        ok = t == GRANDI_TRICKS
    return ok == _on_bidder_side(st, seat)


@kernel(inline="always")
def _pay(chips, payer, payee, amount):
    chips[payer] -= amount
    chips[payee] += amount


@kernel
def _settle(st, chips):
    """Each seat's chips won (+) or lost (-) in the finished deal, into ``chips[0:4]``."""
    for seat in range(SEATS):
        chips[seat] = 0
    contract = st[CONTRACT]
    if contract == PASS:
        fewest = _fewest_tricks(st)
        for winner in range(SEATS):
            if st[TRICKS + winner] == fewest:
                for other in range(SEATS):
                    _pay(chips, other, winner, st[TRICKS + other] - fewest)
        return
    if contract == SOLO:
        for soloist in (st[BIDDER], st[JOINER]):
            if soloist < 0:
                continue
            sign = 1 if st[TRICKS + soloist] <= SOLO_LIMIT else -1
            for other in range(SEATS):
                if other != soloist:
                    _pay(chips, other, soloist, sign * SOLO_STAKE)
        return
    t = _side_tricks(st)
    if contract == GRAND:
        amount = 1 + t - GRAND_TARGET if t >= GRAND_TARGET else 2 * (t - GRAND_TARGET)
    elif contract == NOLO:
        amount = 1 + NOLO_LIMIT - t if t <= NOLO_LIMIT else 2 * (NOLO_LIMIT - t)
    else:
        amount = SOLO_STAKE if t == GRANDI_TRICKS else -SOLO_STAKE
    for member in range(SEATS):
        if _on_bidder_side(st, member):
            for other in range(SEATS):
                if not _on_bidder_side(st, other):
                    _pay(chips, other, member, amount)
