"""Numba kernels for Pai Gow settlement: every split against the dealer, and whole deals.

A player's split and the dealer's House Way setting are compared hand by hand:
the player wins when both his hands beat the dealer's, loses when both lose, and
pushes otherwise; an identical value (a copy) goes to the banker. Tallies are
integer counts per split of (win, push, loss).
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import CARD_BIT
from analyzer.games.paigow.policies import _house_way_values, split_values
from analyzer.jit import kernel
from analyzer.sim.rng import below

WIN, PUSH, LOSS = 0, 1, 2
DECK = 53


@kernel(inline="always")
def _outcome(front, back, dealer_front, dealer_back, player_banks):
    """WIN, PUSH or LOSS of a player's setting against the dealer's (copies to the banker)."""
    # int(): numpy adds two booleans as a logical or (NUMBA_DISABLE_JIT), Numba as integers
    if player_banks:
        won = int(front >= dealer_front) + int(back >= dealer_back)
    else:
        won = int(front > dealer_front) + int(back > dealer_back)
    return LOSS - won  # 2 won -> WIN (0), 1 -> PUSH, 0 -> LOSS


@kernel
def _score_splits(fronts, backs, dealer, way, player_banks, tallies):
    """Set the dealer's 7 cards by the House Way and add every split's outcome."""
    dealer_front, dealer_back = _house_way_values(dealer, way)
    for s in range(fronts.shape[0]):
        tallies[s, _outcome(fronts[s], backs[s], dealer_front, dealer_back, player_banks)] += 1


@kernel
def _deal(state, used, hand, start, count):
    """Deal ``count`` unused cards of the 53 into ``hand[start:]``; returns the new used mask."""
    deck = np.int64(DECK)  # not a literal: the one signature of below
    for i in range(start, start + count):
        c = below(state, deck)
        while used & CARD_BIT[c]:
            c = below(state, deck)
        used |= CARD_BIT[c]
        hand[i] = c
    return used


@kernel
def sampled_split_tallies(excluded, fronts, backs, way, player_banks, state, trials, tallies):
    """``trials`` random dealer hands (common to every split) from the cards not ``excluded``."""
    dealer = np.zeros(7, np.uint8)
    for _ in range(trials):
        _deal(state, excluded, dealer, 0, 7)
        _score_splits(fronts, backs, dealer, way, player_banks, tallies)


@kernel
def _house_way_deals(way, player_banks, state, trials, tallies):
    """``trials`` deals of two 7-card hands from 53 cards, both set by the House Way."""
    player = np.zeros(7, np.uint8)
    dealer = np.zeros(7, np.uint8)
    for _ in range(trials):
        used = _deal(state, np.uint64(0), player, 0, 7)
        _deal(state, used, dealer, 0, 7)
        front, back = _house_way_values(player, way)
        dealer_front, dealer_back = _house_way_values(dealer, way)
        tallies[_outcome(front, back, dealer_front, dealer_back, player_banks)] += 1


@kernel
def _optimal_deals(way, player_banks, commission, inner, state, trials, tallies):
    """``trials`` deals where the player picks the split with the best EV estimated on
    ``inner`` dealer hands of its own sample, then plays it against the deal's dealer
    hand, which that choice never saw (so the estimate is not biased upward).
    ``tallies[chosen split's outcome, House Way's outcome]`` pairs it with the House
    Way setting of the same deal, for a low-variance estimate of the difference."""
    player = np.zeros(7, np.uint8)
    dealer = np.zeros(7, np.uint8)
    fronts = np.zeros(21, np.int64)
    backs = np.zeros(21, np.int64)
    for _ in range(trials):
        used = _deal(state, np.uint64(0), player, 0, 7)
        _deal(state, used, dealer, 0, 7)
        m = 0
        for a in range(7):
            for b in range(a + 1, 7):
                front, back = split_values(player, a, b)
                if back > front:
                    fronts[m], backs[m] = front, back
                    m += 1
        choice = np.zeros((m, 3), np.int64)
        sampled_split_tallies(used, fronts[:m], backs[:m], way, player_banks, state, inner, choice)
        best, best_ev = 0, -1e300
        for s in range(m):
            ev = (1.0 - commission) * choice[s, WIN] - choice[s, LOSS]
            if ev > best_ev:
                best, best_ev = s, ev
        dealer_front, dealer_back = _house_way_values(dealer, way)
        front, back = _house_way_values(player, way)
        tallies[
            _outcome(fronts[best], backs[best], dealer_front, dealer_back, player_banks),
            _outcome(front, back, dealer_front, dealer_back, player_banks),
        ] += 1
