"""The house rules of Pai Gow Poker's settlement (rules §5), as data.

The House Way variant (``way``) is the dealer's policy, not a house rule: it stays an
argument of :func:`.split.split_ev` and :func:`.edge.house_edge`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from numbers import Real


@dataclass(frozen=True)
class PaiGowRules:
    """``commission``: taken from the player's wins (5% by default; 0 for none), in [0, 1).
    ``player_banks``: the player is the banker, so copies (identical hands) go to him;
    by default the dealer banks and takes them."""

    commission: float = 0.05
    player_banks: bool = False

    def __post_init__(self) -> None:
        if (
            isinstance(self.commission, bool)
            or not isinstance(self.commission, Real)
            or not (math.isfinite(self.commission) and 0 <= self.commission < 1)
        ):
            raise ValueError(f"paigow.commission must be in [0, 1), got {self.commission!r}")
        if not isinstance(self.player_banks, bool):
            raise ValueError(f"paigow.player_banks must be True or False, got {self.player_banks!r}")

    @property
    def payout(self) -> Fraction:
        """What a win pays per unit bet, exactly: ``1 -`` the commission read as the decimal it
        was given as (``0.05`` is ``1/20``, not the nearest binary fraction).

        >>> PaiGowRules().payout
        Fraction(19, 20)
        """
        return 1 - Fraction(repr(self.commission))

    def to_dict(self) -> dict:
        """``commission`` and ``player_banks``, the keys of a result's JSON."""
        return {"commission": self.commission, "player_banks": self.player_banks}


__all__ = ["PaiGowRules"]
