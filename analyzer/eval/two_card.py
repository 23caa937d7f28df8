"""The Pai Gow two-card (front) hand (rules §5.2).

A pair beats a non-pair; pairs rank by rank; non-pairs by the high card, then
the low card. The joker is an ace. Values share the five-card layout of
:mod:`analyzer.eval.values` with the missing cards as 0 nibbles, so a front hand
compares directly with a back hand (a missing kicker counts below any card).
"""

from analyzer.eval.valuing import encode
from analyzer.jit import kernel


@kernel
def two_card_value(c1, c2):
    """Value of the two-card hand of card codes ``c1`` and ``c2`` (52 = joker = ace)."""
    # int(): a uint8 code stays uint8 in plain Python (NUMBA_DISABLE_JIT), and encode's shifts
    # would overflow; Numba widens it to int64 either way
    r1 = 13 if c1 == 52 else (int(c1) >> 2) + 1
    r2 = 13 if c2 == 52 else (int(c2) >> 2) + 1
    if r1 == r2:
        return encode(2, r1, r1, 0, 0, 0)
    if r1 < r2:
        r1, r2 = r2, r1
    return encode(1, r1, r2, 0, 0, 0)
