"""The Numba kernel behind the Mousel threshold tables (:mod:`.studies`).

Each trial deals a random table; forehand's hand is binned by its strength
(:func:`.policies._strength`, bins of ``BIN_WIDTH``) and five plans are played on the same
deal: fold; keep all cards and declare or pass; lay away the baseline's cards (those
worth less than ``keep``) and declare or pass. The others are baseline players.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.mousel import engine as E
from analyzer.games.mousel.deal import DECLARED, MADE, OUTCOMES, VALUE, _option_outcomes
from analyzer.games.mousel.policies import KEEP, SEARCH_DEPTH, _baseline_discards, _strength
from analyzer.jit import kernel

PLANS = ("fold", "keep all, declare", "keep all, pass", "exchange, declare", "exchange, pass")
BINS, BIN_WIDTH = 14, 0.25
STATS = ("deals", "value", "value_sq", "declared", "made")
SIZE = len(PLANS) * BINS * len(STATS)


@kernel
def _deal_random_table(st, players, pack, rng):
    """Forehand's 4 cards, the trump card, then everyone else's, from a shuffled ``pack``."""
    E._setup(st, players, np.int64(0), pack)  # not a literal: one signature
    E._deal_hand(st, 0, rng)
    E._turn_up_trump(st, rng)
    for seat in range(1, players):
        E._deal_hand(st, seat, rng)


@kernel
def threshold_tables(players, pack, pot, stake, fail_mode, single_takes, params, play_mode, trials, rng, tallies):
    """``tallies``: [plan][strength bin][stat] (module docstring)."""
    rows = tallies.reshape((len(PLANS), BINS, len(STATS)))
    deal = np.zeros(E.STATE_SIZE, np.int64)
    st = np.zeros(E.STATE_SIZE, np.int64)
    buf = np.zeros((SEARCH_DEPTH, E.STATE_SIZE), np.int64)
    chips = np.zeros(E.MAX_PLAYERS)
    plans = np.zeros((len(PLANS), 3), np.int64)
    outcomes = np.zeros((len(PLANS), OUTCOMES))
    for _ in range(trials):
        _deal_random_table(deal, players, pack, rng)
        hand, trump = deal[E.HAND], deal[E.TRUMP]
        b = min(int(_strength(hand, trump) / BIN_WIDTH), BINS - 1)
        discards = _baseline_discards(hand, trump, params[0, KEEP])
        for i in range(1, len(PLANS)):
            plans[i, 0] = 1
            plans[i, 1] = discards if i >= 3 else 0
            plans[i, 2] = i % 2
        _option_outcomes(
            deal, 0, plans, params, play_mode, pot, stake, fail_mode, single_takes, st, buf, chips, rng, outcomes
        )
        for i in range(len(PLANS)):
            row = rows[i, b]
            value = outcomes[i, VALUE]
            row[0] += 1
            row[1] += value
            row[2] += value * value
            row[3] += outcomes[i, DECLARED]
            row[4] += outcomes[i, MADE]
