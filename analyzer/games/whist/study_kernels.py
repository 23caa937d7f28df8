"""The Numba kernel behind the Whist bidding tables (:mod:`.studies`).

Each trial deals all four hands at random and plays every contract with forehand (seat
0) as the bidder: the pass game, Nolo and Grand in a suit drawn at random among those he
may call (W-2), Solo-nolo and Grandi. Outcomes are added to tallies binned by the
bidder's hand features and to a grid of high-card points by longest suit.
"""

from __future__ import annotations

import numpy as np

from analyzer.games._tricks import SUIT_MASKS
from analyzer.games.whist import engine as E
from analyzer.games.whist.bid import _deal_others, parse_policies
from analyzer.games.whist.policies import _play_out
from analyzer.games.whist.rules import WhistRules
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.bits import bit_count, nth_bit
from analyzer.sim.engine import KernelJob, Stopping
from analyzer.sim.rng import below
from analyzer.sim.runner import Runner

CONTRACTS = 5  # pass, nolo, grand, solo-nolo, grandi (engine codes)
FEATURES = ("aces", "hcp", "longest", "called_length")
BINS = 38  # high-card points 0..37; the other features fit too
STATS = ("deals", "made", "chips", "chips_sq", "tricks", "tricks_sq")
GRID_LONGEST = 14
GRID_STATS = ("deals", "made", "chips", "chips_sq")
HCP_POINTS = np.array([0] * 9 + [1, 2, 3, 4], np.int64)  # by rank: J 1, Q 2, K 3, A 4
CHUNK = 2_000
FEATURE_SIZE = CONTRACTS * len(FEATURES) * BINS * len(STATS)
GRID_SIZE = BINS * GRID_LONGEST * CONTRACTS * len(GRID_STATS)


@kernel
def _hand_features(hand):
    """(aces, high-card points, longest suit length) of a hand mask."""
    aces = hcp = longest = 0
    for suit in range(4):
        longest = max(longest, bit_count(hand & SUIT_MASKS[suit]))
    for card in range(52):
        if (hand >> card) & 1:
            hcp += HCP_POINTS[card >> 2]
            aces += card >> 2 == E.ACE
    return aces, hcp, longest


@kernel
def _called_suit(hand, call_own_ace, rng):
    """A suit drawn uniformly among those the hand may call (W-2)."""
    suits = E._callable_suits_mask(hand, call_own_ace)
    return nth_bit(suits, below(rng, bit_count(suits)))


@kernel
def _bidding_tables(policies, call_own_ace, pass_ace_low, called_rule, trials, rng, tallies):
    """``tallies[:FEATURE_SIZE]``: [contract][feature][bin][stat]; then the grid
    [hcp][longest][contract][grid stat] (module docstring)."""
    feature = tallies[:FEATURE_SIZE].reshape((CONTRACTS, len(FEATURES), BINS, len(STATS)))
    grid = tallies[FEATURE_SIZE:].reshape((BINS, GRID_LONGEST, CONTRACTS, len(GRID_STATS)))
    deck = np.arange(52).astype(np.int64)
    deal = np.zeros(E.STATE_SIZE, np.int64)
    st = np.zeros(E.STATE_SIZE, np.int64)
    chips = np.zeros(E.SEATS, np.int64)
    bins = np.zeros(len(FEATURES), np.int64)
    for _ in range(trials):
        _deal_others(deal, np.int64(-1), np.int64(0), deck, rng)  # not literals: one signature
        hand = deal[E.HAND]
        aces, hcp, longest = _hand_features(hand)
        suit = _called_suit(hand, call_own_ace, rng)
        bins[0], bins[1], bins[2] = aces, hcp, longest
        bins[3] = bit_count(hand & SUIT_MASKS[suit])
        for contract in range(CONTRACTS):
            copy_into(st, deal)
            named = suit if contract == E.NOLO or contract == E.GRAND else -1
            E._start(st, contract, np.int64(0), named, np.int64(-1), pass_ace_low, called_rule)
            _play_out(st, policies, rng)
            E._settle(st, chips)
            made = E._made(st, np.int64(0))
            tricks = st[E.TRICKS] if contract == E.PASS else E._side_tricks(st)
            for f in range(len(FEATURES)):
                if f == 3 and named < 0:
                    continue
                row = feature[contract, f, bins[f]]
                row[0] += 1
                row[1] += made
                row[2] += chips[0]
                row[3] += chips[0] * chips[0]
                row[4] += tricks
                row[5] += tricks * tricks
            cell = grid[hcp, longest, contract]
            cell[0] += 1
            cell[1] += made
            cell[2] += chips[0]
            cell[3] += chips[0] * chips[0]


def run_bidding_tables(
    deals: int,
    policy: str,
    rules: WhistRules,
    seed: int,
    runner: Runner = Runner(),
):
    """:func:`bidding_tables` over ``deals`` deals: (feature tallies, grid tallies, deals)."""
    job = KernelJob(
        _bidding_tables,
        (parse_policies(policy), rules.call_own_ace, rules.pass_ace_low, rules.called_rule_code),
        (),
        FEATURE_SIZE + GRID_SIZE,
    )
    run = runner.monte_carlo(job, seed=seed, stopping=Stopping(trials=deals), chunk_size=CHUNK)
    feature = run.tallies[:FEATURE_SIZE].reshape(CONTRACTS, len(FEATURES), BINS, len(STATS))
    grid = run.tallies[FEATURE_SIZE:].reshape(BINS, GRID_LONGEST, CONTRACTS, len(GRID_STATS))
    return feature, grid, run.trials
