"""Tournament equity of chip stacks under a payout structure: the Malmuth-Harville model (ICM).

A player finishes first with probability his share of all the chips; once places 1 to k are
filled, place k + 1 goes to each player left with probability his share of the chips left. A
player's equity is the sum over the paid places of the prize times the probability that he
finishes there. The probabilities are computed exactly by a recursion over the sets of
players already placed (2^n sets for n players, so n is at most 20), not by listing every
finishing order; the tests compare them with that listing, written from the definition.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    import pandas as pd

MAX_PLAYERS = 20


@dataclass(frozen=True)
class IcmResult:
    """``stacks`` and ``payouts`` as given; ``places[i, k]``: the probability that player ``i``
    finishes in place ``k + 1`` (paid places only); ``equities``: each player's expected prize;
    ``shares``: the equities as shares of the prize pool (the payouts' sum)."""

    stacks: tuple[float, ...]
    payouts: tuple[float, ...]
    places: np.ndarray

    @property
    def equities(self) -> tuple[float, ...]:
        """Each player's expected prize, in the payouts' unit."""
        return tuple(float(e) for e in self.places @ np.array(self.payouts))

    @property
    def shares(self) -> tuple[float, ...]:
        """Each player's expected prize as a share of the prize pool."""
        pool = sum(self.payouts)
        return tuple(e / pool for e in self.equities)

    def to_frame(self) -> pd.DataFrame:
        """One row per player: ``stack``, ``equity``, ``share`` and ``place_1`` ... the
        probability of each paid place."""
        import pandas as pd

        frame = pd.DataFrame({"stack": self.stacks, "equity": self.equities, "share": self.shares})
        for k in range(len(self.payouts)):
            frame[f"place_{k + 1}"] = self.places[:, k]
        return frame

    def to_dict(self) -> dict:
        """JSON-friendly: stacks, payouts, equities, shares and place probabilities."""
        return {
            "stacks": list(self.stacks),
            "payouts": list(self.payouts),
            "equities": list(self.equities),
            "shares": list(self.shares),
            "places": self.places.tolist(),
            "method": "Malmuth-Harville, exact",
        }


def _numbers(values: Sequence[float], name: str) -> np.ndarray:
    """``values`` as a flat float array; ``ValueError`` naming ``name`` if they are not numbers
    (a bool is no number of chips or prize, though NumPy would read ``True`` as 1)."""
    try:
        given = np.asarray(values, dtype=object).ravel()
        if any(isinstance(v, (bool, np.bool_)) for v in given):
            raise TypeError("a bool")
        return given.astype(float)
    except (TypeError, ValueError):
        raise ValueError(f"{name}: expected a list of numbers, got {values!r}") from None


def checked_input(stacks: Sequence[float], payouts: Sequence[float]) -> tuple[np.ndarray, np.ndarray]:
    """The stacks and payouts as arrays; ``ValueError`` naming the bad one otherwise."""
    chips, prizes = _numbers(stacks, "stacks"), _numbers(payouts, "payouts")
    if not 2 <= len(chips) <= MAX_PLAYERS:
        raise ValueError(f"stacks: {len(chips)} given, 2 to {MAX_PLAYERS} players needed")
    if not (np.isfinite(chips).all() and (chips > 0).all()):
        raise ValueError(f"stacks: every stack must be a number more than 0, got {list(stacks)}")
    if not 1 <= len(prizes) <= len(chips):
        raise ValueError(f"payouts: {len(prizes)} given for {len(chips)} players; 1 to {len(chips)} places are paid")
    if not (np.isfinite(prizes).all() and (prizes >= 0).all()):
        raise ValueError(f"payouts: every prize must be a number, 0 or more, got {list(payouts)}")
    if (np.diff(prizes) > 0).any():
        raise ValueError(f"payouts: a place must not pay more than the place above it, got {list(payouts)}")
    if prizes.sum() <= 0:
        raise ValueError("payouts: at least one prize must be more than 0")
    return chips, prizes


def place_probabilities(chips: np.ndarray, places: int) -> np.ndarray:
    """``out[i, k]``: the Harville probability that player ``i`` finishes in place ``k + 1``,
    for ``k < places``. Forward over the sets of players placed so far: the probability of a set
    being places 1 to k is spread over the players left, each taking place k + 1 with his
    share of their chips. Only the stacks' ratios count: they are scaled by the power of two that
    brings the largest below 1 (exactly, so ordinary stacks give the same floats as unscaled),
    and sums of stacks near the largest float (1e308) do not overflow."""
    chips = np.ldexp(chips, -math.frexp(float(chips.max()))[1])
    n = len(chips)
    total = chips.sum()
    out = np.zeros((n, places))
    reach = {0: 1.0}  # bit mask of the players placed -> its probability
    for k in range(places):
        following: dict[int, float] = {}
        for placed, chance in reach.items():
            left = total - sum(chips[i] for i in range(n) if placed >> i & 1)
            for i in range(n):
                if placed >> i & 1:
                    continue
                p = chance * chips[i] / left
                out[i, k] += p
                following[placed | 1 << i] = following.get(placed | 1 << i, 0.0) + p
        reach = following
    return out


def icm_equities(stacks: Sequence[float], payouts: Sequence[float]) -> IcmResult:
    """Each player's Malmuth-Harville tournament equity (the module docstring gives the model).

    ``ValueError`` naming the bad part for fewer than 2 or more than 20 stacks, a stack not
    above 0, no payout or more payouts than players, a negative prize, a place paying more
    than the one above it, or no prize above 0.
    """
    chips, prizes = checked_input(stacks, payouts)
    return IcmResult(
        stacks=tuple(float(c) for c in chips),
        payouts=tuple(float(p) for p in prizes),
        places=place_probabilities(chips, len(prizes)),
    )
