"""Decks dealt lazily, each draw uniform over the undealt cards, which is the same as shuffling
the whole deck first: kept inside a flat state array (:func:`draw_card`: the undealt cards are
``st[deck + top : deck + end]``), or as a set of cards in a 64-bit mask (:func:`deal_card`)."""

from __future__ import annotations

import math

import numpy as np

from analyzer.jit import kernel
from analyzer.sim.bits import nth_set_bit, trailing_zeros
from analyzer.sim.rng import below, digits_word, next_digit


@kernel(inline="always")
def draw_card(st, deck, top_at, end_at, ordered, rng):
    """Deal one card: uniform over the undealt ones, or the next in order when ``ordered``
    (enumeration arranges the deck itself). The random number is drawn either way: a
    call inside a branch costs Numba about 20 ns."""
    top = st[top_at]
    j = top + below(rng, st[end_at] - top) * (1 - ordered)
    card = st[deck + j]
    st[deck + j] = st[deck + top]
    st[deck + top] = card
    st[top_at] = top + 1
    return card


DEAL_GROUP = 8
"""Cards dealt from one random word (:func:`deal_card`): the ways to deal 8 of at most 64 cards
in order are under ``2**48`` (of 52: under ``2**45``), so Lemire's test redraws a word with
probability under ``2**-16`` (``2**-19``)."""
FALLING = np.array(
    [[math.perm(left, count) if count <= left else 0 for count in range(DEAL_GROUP + 1)] for left in range(65)],
    np.uint64,
)
"""``FALLING[left, count]``: the ways to deal ``count`` of ``left`` cards in order."""


@kernel(inline="always")
def deal_card(free, left, dealt, need, word, s0, s1, s2, s3):
    """Card ``dealt`` (from 0) of the ``need`` a deal takes from the set ``free`` (a mask, bit
    ``c`` for card ``c``) of ``left`` cards, uniform over them: (the card, ``free`` without it, the
    random word, the generator's next 4 words). The state words are values
    (:func:`analyzer.sim.rng.below_words`), and so is ``word``, the
    :func:`~analyzer.sim.rng.digits_word` the group's cards are read from, a new one every
    :data:`DEAL_GROUP` cards; pass it back with the next card.

    The card is the ``k``-th of the set for the next digit ``k`` below ``left``: no card is
    drawn and then redrawn, and eight cards cost one step of the generator. (A six-way Hold'em
    deal, 17 cards: about 60 cycles, against 230 drawing each card of the whole deck until one
    is free, which mispredicts a branch more often the more cards are out.)"""
    if dealt % DEAL_GROUP == 0:
        count = min(DEAL_GROUP, need - dealt)
        total = FALLING[np.uint64(left), np.uint64(count)]  # unsigned: no wraparound test
        word, s0, s1, s2, s3 = digits_word(total, s0, s1, s2, s3)
    k, word = next_digit(word, left)
    bit = nth_set_bit(free, k)
    return trailing_zeros(bit), free ^ bit, word, s0, s1, s2, s3
