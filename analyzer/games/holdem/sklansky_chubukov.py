"""Sklansky-Chubukov numbers: how deep a hand can shove from the small blind even shown face up.

The small blind (0.5) moves all in with his hand face up; the big blind (1), seeing it, calls
exactly when calling gains him chips. The hand's number is the largest stack, in big blinds
behind the small blind once he has posted it, at which the shove still does at least as well as
folding (Sklansky and Miller, *No Limit Hold'em: Theory and Practice*, 2006; the book states it
in dollars with blinds of $1 and $2, which is twice the big blinds).

With ``S`` the effective stack before the blinds and ``e_v`` the big blind's exact all-in
equity with combo ``v`` against the shown hand (every board counted,
:mod:`analyzer.games.holdem.push_fold_equities`), calling wins him ``2 S e_v - S`` against
``-1`` for folding, so he calls when ``e_v >= (S - 1) / (2 S)``, that is while
``S <= 1 / (1 - 2 e_v)`` (always when ``e_v >= 1/2``). Against folding the shove, the small
blind gains ``1.5`` when the big blind folds and ``2 S (1 - e_v) - S + 0.5`` when he calls,
summed over the big blind's combos that share no card with the hand (every one equally likely).
Between two combos' calling limits that sum is linear in ``S``, so its last zero is found
exactly, segment by segment from the top; the number is that ``S`` less the 0.5 posted. A hand
no combo is a favourite against (only AA) shoves at any depth: its number is infinite.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games.holdem.push_fold_equities import disjoint, equity_matrix
from analyzer.ranges import HAND_CLASSES, class_combos

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

SMALL_BLIND = 0.5
FOLDED_GAIN = 1.5  # the blinds the small blind wins, over folding, when the big blind folds


def sklansky_chubukov_number(combo: int) -> float:
    """The number (module docstring) of the hand ``combo`` (an index into
    :func:`~analyzer.games.holdem.push_fold_equities.all_combos`), in big blinds."""
    equity = equity_matrix()[combo][disjoint()[combo]]  # the shown hand's, against each combo
    caller = 1 - equity
    favourites = caller >= 0.5  # they call at any depth
    with np.errstate(divide="ignore"):
        limits = np.where(favourites, np.inf, 1 / (1 - 2 * np.minimum(caller, 0.5)))
    if not favourites.any():
        return np.inf
    # gain(S) = sum over the callers (limit >= S) of 0.5 + S (2 e - 1), plus 1.5 per folder
    order = np.argsort(limits)
    limits, slopes = limits[order], (2 * equity - 1)[order]
    bounds = np.concatenate([[1.0], limits[np.isfinite(limits)], [np.inf]])
    for k in range(len(bounds) - 2, -1, -1):  # segments [bounds[k], bounds[k + 1]], top first
        a = SMALL_BLIND * (limits.size - k) + FOLDED_GAIN * k  # callers: the combos from k on
        b = slopes[k:].sum()
        low, high = bounds[k], bounds[k + 1]
        if b >= 0:  # the gain does not fall with S: the segment's top is its best point
            if a + b * high >= 0 if np.isfinite(high) else (b > 0 or a >= 0):
                return float(high) - SMALL_BLIND
        elif (root := -a / b) >= low:
            return float(min(root, high)) - SMALL_BLIND
    return 1.0 - SMALL_BLIND


SHOWN = 8  # classes listed by the repr, from the shallowest up


@dataclass(frozen=True)
class SklanskyChubukovNumbers:
    """Every class's number (module docstring), in big blinds, in ``HAND_CLASSES`` order; AA's
    is infinite. Exact: no sampling."""

    numbers: dict[str, float]

    def to_frame(self) -> pd.DataFrame:
        """One row per class: ``class`` and ``number`` (big blinds; ``inf`` for AA)."""
        import pandas as pd

        return pd.DataFrame({"class": list(self.numbers), "number": list(self.numbers.values())})

    def to_dict(self) -> dict:
        """JSON-friendly: each class's number (None for AA's infinity), the unit and the method."""
        return {
            "numbers": {n: (v if np.isfinite(v) else None) for n, v in self.numbers.items()},
            "unit": "big blinds behind the posted small blind",
            "method": "exact",
        }

    def __repr__(self) -> str:
        shallow = sorted(self.numbers.items(), key=lambda item: item[1])[:SHOWN]
        listed = ", ".join(f"{n} {v:.2f}" for n, v in shallow)
        deep = ", ".join(f"{n} {self.numbers[n]:g}" for n in ("AA", "KK", "AKs"))
        return (
            "Sklansky-Chubukov numbers, exact (big blinds behind the posted small blind): 169 classes\n"
            f"  deepest: {deep}\n  shallowest: {listed}"
        )

    def plot(self) -> Figure:
        """The 13 x 13 chart: each cell its class and number, coloured by the number's logarithm."""
        from analyzer.charts import class_chart

        return class_chart(
            {name: f"{name}\n{'inf' if not np.isfinite(v) else f'{v:.3g}'}" for name, v in self.numbers.items()},
            {name: np.log10(min(v, 1000.0)) for name, v in self.numbers.items()},
            title="Sklansky-Chubukov numbers: shove face up from the small blind up to this many big blinds",
            colorbar="log10 of the number",
            vmin=-0.1,
            vmax=3.0,
            note="Exact all-in equities with combo-level card removal; the big blind calls exactly when it gains "
            "him chips. The book's dollar figures at blinds of \\$1 and \\$2 are twice these.",
        )


def sklansky_chubukov_numbers() -> SklanskyChubukovNumbers:
    """Every hand class's number (module docstring). The combos of a class share their number
    (the suits are symmetric), so each class is computed from its first combo.

    >>> numbers = sklansky_chubukov_numbers().numbers
    >>> round(numbers["KK"], 1), round(numbers["AKs"], 1), round(numbers["72o"], 2)
    (477.0, 277.3, 1.12)
    """
    first, numbers = 0, {}
    for name in HAND_CLASSES:
        numbers[name] = sklansky_chubukov_number(first)
        first += len(class_combos(name))
    return SklanskyChubukovNumbers(numbers)
