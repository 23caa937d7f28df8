"""Hand values by table lookup in plain numpy, for a handful of hands.

The same formula as the kernels of :mod:`analyzer.eval.kernels`, over the same tables
(:mod:`analyzer.eval.tables`), vectorised over the rows of a batch: the key is the sum of the
cards' :data:`~analyzer.eval.tables.CARD_KEY`; without a flush the value is
``VAL[HI[key >> 32 - HI_BASE] + LO[low field]]``, with one it is ``FLUSH[lane]`` of the flush
suit's lane of the OR of the cards' masks (with the joker, the better of the two). It needs no
compiled code: a query of one hand (``poker-analyzer eval``, :func:`analyzer.evaluate`) would
spend more on Numba's per-process start-up (about 0.3 CPU-s and 50 MB) than on the lookups.
Bulk work goes through the kernels, which the tests check agree with this on every profile.

>>> import numpy as np
>>> from analyzer.eval.profiles import STANDARD
>>> from analyzer.eval.values import hand_name
>>> hand_name(lookup_values(np.array([[48, 44, 40, 36, 32]]), STANDARD)[0])
'Royal flush'
"""

from __future__ import annotations

import numpy as np

from analyzer.eval.profiles import Rules
from analyzer.eval.tables import (
    CARD_KEY,
    CARD_MASK,
    EMPTY_KEY,
    FLUSH_BITS,
    HI_BASE,
    HIGH_SHIFT,
    LANE_MASK,
    LOW_MASK,
    LOW_SHIFT,
    load_tables,
)

# the flush suit's counter bit (bit 3 of its 4-bit counter) -> the shift of its 16-bit lane
_SUIT_FLUSH_BITS = np.array([0x8, 0x80, 0x800, 0x8000], np.uint64)
_LANE_SHIFTS = np.array([0, 16, 32, 48], np.uint64)


def lookup_values(hands: np.ndarray, rules: Rules) -> np.ndarray:
    """Values (``int32``) of a ``(n, k)`` array of valid hands, ``k`` from 5 to 7 distinct card
    codes each (not checked here), under ``rules``."""
    lo, hi, val, flush = load_tables(rules)
    hands = np.asarray(hands, np.intp)
    keys = EMPTY_KEY + CARD_KEY[hands].sum(axis=1, dtype=np.uint64)
    values = val[hi[(keys >> HIGH_SHIFT) - HI_BASE] + lo[(keys >> LOW_SHIFT) & LOW_MASK]]
    flushed = np.flatnonzero(keys & FLUSH_BITS)
    if flushed.size:  # at most one suit holds five cards of at most seven
        suit = np.argmax((keys[flushed, None] & _SUIT_FLUSH_BITS) != 0, axis=1)
        masks = np.bitwise_or.reduce(CARD_MASK[hands[flushed]], axis=1)
        suited = flush[(masks >> _LANE_SHIFTS[suit]) & LANE_MASK]
        values[flushed] = np.maximum(suited, values[flushed]) if rules.joker else suited
    return values.astype(np.int32, copy=False)
