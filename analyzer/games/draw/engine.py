"""Numba kernels for five-card draw: opponents' drawing policies and the discard advisor.

Policies (which cards a model opponent keeps):

* ``standard``: stand pat with a straight or better; keep pairs, two pair and trips
  (with the Bug, always keep the joker too); else keep four to a flush, else four to
  an open-ended straight (two or more ranks complete it), else keep an ace alone when
  the 4-card draw with an ace is allowed, else keep the two highest cards.
* ``pat``: as standard, but stand pat with two pair or better too (no drawing to a full house).

Advisor trials, with common random numbers across the player's discard options: the
unseen cards are shuffled once per trial, opponents are dealt and draw first (their
final hands are then the same for every option), and each option draws the next
cards of the same stream (the rest of the stock, then the opponents' discards
reshuffled, as §4.1 rebuilds an exhausted stock without the drawer's own discards).
Drawing order does not change the joint distribution: every replacement card is a
uniform draw from the cards nobody has seen, and an opponent's choice depends only on
his own cards.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from analyzer.eval import BUG, STANDARD, make_kernels
from analyzer.eval.valuing import straight_run
from analyzer.jit import kernel, stable_kernel
from analyzer.sim.rng import below
from analyzer.sim.showdown import SHARE

POLICIES = {"standard": 0, "pat": 1}
JOKER, ACE, HAND = 52, 12, 5
MAX_REDEALS = 100_000  # Jacks or Better: unopenable deals in a row before giving up
WIN, TIE, EQUITY, EQUITY_SQ, CATEGORY = 0, 1, 2, 3, 4
TALLY_WIDTH = CATEGORY + 11


@kernel
def _completing_ranks(ranks_bits, joker):
    """How many fifth ranks make a straight with four cards (rank bits, plus the joker as
    any rank); two or more is an open-ended (or double inside) draw."""
    completing = 0
    for r in range(13):
        if joker:
            for j in range(13):
                if straight_run(ranks_bits | (1 << r) | (1 << j), False) >= 0:
                    completing += 1
                    break
        elif straight_run(ranks_bits | (1 << r), False) >= 0:
            completing += 1
    return completing


@kernel
def _completion_table():
    """``table[joker, bits]``: :func:`_completing_ranks` of every 13-bit rank set, without
    (``joker`` 0) and with (1) the joker.

    The policy kernel looks its straight draws up here rather than calling
    :func:`_completing_ranks`: a factory kernel's cache key pickles the kernels it holds with
    their Python globals, and a module-level kernel pickles with a fresh identity in every
    process, so a policy calling one would make every process recompile the advisor."""
    table = np.zeros((2, 1 << 13), np.int8)
    for bits in range(1 << 13):
        table[0, bits] = _completing_ranks(bits, False)
        table[1, bits] = _completing_ranks(bits, True)
    return table


def _make_kernels(rules):
    kernels = make_kernels(rules)
    evaluate_key, card_key, card_mask, empty_key = (
        kernels.evaluate_key,
        kernels.card_key,
        kernels.card_mask,
        kernels.empty_key,
    )
    deck_size = rules.deck_size
    completing = _completion_table()

    @stable_kernel(f"draw:{rules.name}")
    def value_of(cards):
        key, mask = empty_key, np.uint64(0)
        for c in cards:
            key += card_key[c]
            mask |= card_mask[c]
        return evaluate_key(key, mask)

    @stable_kernel(f"draw:{rules.name}")
    def keep_mask(hand, policy, four_with_ace):
        """Bit i set: the policy keeps ``hand[i]`` (see the module docstring)."""
        category = value_of(hand) >> 20
        if category >= 5 or (policy == 1 and category >= 3):
            return 0b11111
        rank = np.zeros(HAND, np.int64)
        count = np.zeros(13, np.int64)
        joker = -1
        for i in range(HAND):
            rank[i] = ACE if hand[i] == JOKER else hand[i] >> 2
            count[rank[i]] += 1
            if hand[i] == JOKER:
                joker = i
        keep = 0
        for i in range(HAND):
            if count[rank[i]] >= 2 or i == joker:
                keep |= 1 << i
        if category >= 2:
            return keep
        for s in range(4):  # four to a flush (the joker fits every suit)
            suited, n_suited = 0, 0
            for i in range(HAND):
                if i == joker or hand[i] & 3 == s:
                    suited |= 1 << i
                    n_suited += 1
            if n_suited >= 4:
                return suited
        best_out, best_ranks = -1, 1  # four to an open-ended straight: the one with the most outs
        for out in range(HAND):
            bits = 0
            for i in range(HAND):
                if i != out and i != joker:
                    bits |= 1 << rank[i]
            with_joker = 1 if joker >= 0 and joker != out else 0
            ranks_completing = completing[with_joker, bits]
            if ranks_completing > best_ranks:
                best_out, best_ranks = out, ranks_completing
        if best_out >= 0:
            return 0b11111 & ~(1 << best_out)
        highest, second = 0, -1
        for i in range(1, HAND):
            if rank[i] > rank[highest]:
                second, highest = highest, i
            elif second < 0 or rank[i] > rank[second]:
                second = i
        if four_with_ace and rank[highest] == ACE:
            return 1 << highest
        return (1 << highest) | (1 << second)

    @stable_kernel(f"draw:{rules.name}")
    def can_open(cards):
        """Jacks or better: a pair of jacks or any better hand (the Bug joker is an ace only)."""
        v = value_of(cards)
        return (v >> 20) >= 3 or ((v >> 20) == 2 and ((v >> 16) & 0xF) - 1 >= 9)

    @stable_kernel(f"draw:{rules.name}")
    def advise_trials(hand, unseen, options, opponents, policy, four_with_ace, need_opener, state, trials, tallies):
        """``trials`` showdowns of every discard option (rows of ``options``: kept-card
        bit masks) against ``opponents`` model opponents; ``tallies[option]`` gets
        (win, tie, equity units, squared equity units, then the final categories) with
        ties split in 1/2520 units.
        With ``need_opener`` only deals where some opponent can open count (Jacks or
        Better when the player cannot open: the pot was opened by someone). Returns 0, or
        -1 if :data:`MAX_REDEALS` deals in a row could not be opened."""
        n = unseen.shape[0]
        deck = unseen.copy()
        opponent_value = np.zeros(opponents, np.int64)
        held = np.zeros(HAND, np.uint8)
        stream = np.zeros(n, np.uint8)  # the cards the player would draw, in order
        final = np.zeros(HAND, np.uint8)
        for _ in range(trials):
            opened = False
            redeals = 0
            while not opened:
                redeals += 1
                if redeals > MAX_REDEALS:
                    return -1
                for i in range(n - 1):  # shuffle the unseen cards
                    j = i + below(state, n - i)
                    deck[i], deck[j] = deck[j], deck[i]
                opened = not need_opener
                for o in range(opponents):
                    if not opened and can_open(deck[HAND * o : HAND * o + HAND]):
                        opened = True
            top = HAND * opponents
            discards = 0
            for o in range(opponents):
                for i in range(HAND):
                    held[i] = deck[HAND * o + i]
                keep = keep_mask(held, policy, four_with_ace)
                for i in range(HAND):
                    if not (keep >> i) & 1:
                        stream[discards] = held[i]  # the discard pile, for a reshuffled stock
                        discards += 1
                        held[i] = deck[top]
                        top += 1
                opponent_value[o] = value_of(held)
            # the player's stream: the rest of the stock, then the opponents' discards shuffled
            rest = n - top
            for i in range(discards - 1, 0, -1):
                j = below(state, i + 1)
                stream[i], stream[j] = stream[j], stream[i]
            for i in range(discards - 1, -1, -1):
                stream[rest + i] = stream[i]
            for i in range(rest):
                stream[i] = deck[top + i]
            best = opponent_value.max()
            ties_at_best = 0
            for o in range(opponents):
                ties_at_best += opponent_value[o] == best
            for k in range(options.shape[0]):
                drawn = 0
                for i in range(HAND):
                    if (options[k] >> i) & 1:
                        final[i] = hand[i]
                    else:
                        final[i] = stream[drawn]
                        drawn += 1
                v = value_of(final)
                tallies[k, CATEGORY + (v >> 20)] += 1
                if v > best:
                    tallies[k, WIN] += 1
                    tallies[k, EQUITY] += SHARE[1]
                    tallies[k, EQUITY_SQ] += SHARE[1] * SHARE[1]
                elif v == best:
                    share = SHARE[ties_at_best + 1]
                    tallies[k, TIE] += 1
                    tallies[k, EQUITY] += share
                    tallies[k, EQUITY_SQ] += share * share
        return 0

    @stable_kernel(f"draw:{rules.name}")
    def table_trials(players, policy, four_with_ace, state, trials, tallies):
        """``trials`` deals to ``players``, who all draw by ``policy`` and show down. Row 0 of
        ``tallies``: [deals, deals someone could open (jacks or better)]; row 1: the first
        opener's category (in seat order); row 2: the winning category of every deal; row 3:
        the winning category of the deals that could be opened."""
        deck = np.arange(deck_size).astype(np.uint8)
        n = deck.shape[0]
        held = np.zeros(HAND, np.uint8)
        for _ in range(trials):
            for i in range(n - 1):
                j = i + below(state, n - i)
                deck[i], deck[j] = deck[j], deck[i]
            top = HAND * players
            opener = -1
            best = 0
            for p in range(players):
                for i in range(HAND):
                    held[i] = deck[HAND * p + i]
                if opener < 0 and can_open(held):
                    opener = p
                    tallies[1, value_of(held) >> 20] += 1
                keep = keep_mask(held, policy, four_with_ace)
                for i in range(HAND):
                    if not (keep >> i) & 1:
                        held[i] = deck[top]
                        top += 1
                v = value_of(held)
                if v > best:
                    best = v
            tallies[0, 0] += 1
            tallies[2, best >> 20] += 1
            if opener >= 0:
                tallies[0, 1] += 1
                tallies[3, best >> 20] += 1

    return value_of, keep_mask, can_open, advise_trials, table_trials


_BY_PROFILE: dict[str, tuple[Any, ...]] = {}


def draw_kernels(bug: bool):
    """(value_of, keep_mask, can_open, advise_trials, table_trials) for the standard or the Bug deck."""
    rules = BUG if bug else STANDARD
    if rules.name not in _BY_PROFILE:
        _BY_PROFILE[rules.name] = _make_kernels(rules)
    return _BY_PROFILE[rules.name]
