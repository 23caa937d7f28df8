"""One player's equity hand by hand: the figures of each combo (and each class) of his range.

Built from showdown tallies (:mod:`analyzer.sim.tally_layout`) kept per combo: row ``c`` holds the
showdowns of the deals in which the player holds combo ``c``, so its weight ``t_c`` (the sum of
its category counters: every showdown adds its weight to one category) is the probability mass
of ``c`` in the deal -- ``w_c`` times the total weight of the other players' compatible combos,
times the boards -- exactly, or the number of Monte Carlo trials that dealt ``c``. A row's
equity is ``equity_c / t_c``, the player's expected pot share given that he holds ``c``; its
weight share is ``t_c / sum t``. Hence ``sum_c share_c * equity_c = sum_c equity_c / sum t``,
the range's equity, exactly (to rounding). A class row is the sum of its combos' rows: weight
the sum of theirs, equity their weighted mean. A Monte Carlo row's standard error is that of
a mean over its own ``t_c`` trials.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.sim.engine import mean_and_se
from analyzer.sim.tally_layout import CATEGORY, EQUITY, EQUITY_SQ, TIE, TIE_UNITS, WIN

if TYPE_CHECKING:  # pandas is imported when a frame is made
    import pandas as pd


@dataclass(frozen=True)
class HandEquities:
    """Rows of hands (combos or classes) of one player's range, best equity first.

    Attributes
    ----------
    hands:
        Each row's hand: a combo (``"QsQd"``) or a class (``"QQ"``, ``"AKs"``).
    classes:
        Each row's class (a class row's own name).
    weights:
        Each row's share of the player's deals (they sum to 1): exact probability, or the share
        of the Monte Carlo trials.
    equity, win, tie:
        The player's pot share, chance to win alone and chance to split, given that he holds
        the row's hand.
    stderr:
        Monte Carlo: the standard error of ``equity`` from the row's own trials; 0 when exact.
    samples:
        Monte Carlo: the trials that dealt the row's hand; ``None`` when exact.
    """

    hands: tuple[str, ...]
    classes: tuple[str, ...]
    weights: tuple[float, ...]
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    stderr: tuple[float, ...]
    samples: tuple[int, ...] | None

    def __len__(self) -> int:
        return len(self.hands)

    def __repr__(self) -> str:
        shown = ", ".join(f"{h} {100 * e:.3f}%" for h, e in zip(self.hands[:3], self.equity))
        more = ", ..." if len(self) > 3 else ""
        return f"HandEquities({len(self)} rows: {shown}{more})"

    def to_dicts(self) -> list[dict]:
        """One JSON object per row: ``hand``, ``class``, ``weight``, ``equity``, ``win``, ``tie``,
        ``stderr`` and ``samples`` (``None`` when exact)."""
        samples = self.samples or (None,) * len(self)
        columns = zip(self.hands, self.classes, self.weights, self.equity, self.win, self.tie, self.stderr, samples)
        keys = ("hand", "class", "weight", "equity", "win", "tie", "stderr", "samples")
        return [dict(zip(keys, row)) for row in columns]

    def to_frame(self) -> pd.DataFrame:
        """One row per hand, best first: the columns of :meth:`to_dicts`."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame(self.to_dicts())


@dataclass(frozen=True)
class Breakdown:
    """One player's equity combo by combo (``combos``) and class by class (``classes``), each a
    :class:`HandEquities` sorted best first. Combos that are never dealt (blocked by the other
    players' hands; or, Monte Carlo, never drawn) have no row."""

    combos: HandEquities
    classes: HandEquities

    def to_dict(self) -> dict:
        """The JSON form: ``combos`` and ``classes``, lists of :meth:`HandEquities.to_dicts` rows."""
        return {"combos": self.combos.to_dicts(), "classes": self.classes.to_dicts()}


def breakdown(tallies: np.ndarray, combos: list[str], classes: list[str], *, exact: bool) -> Breakdown:
    """The breakdown of one player from his per-combo ``tallies`` (one row per combo, in the
    order of ``combos``, the combos' text, and ``classes``, their classes)."""
    rows = np.asarray(tallies, dtype=np.float64)
    names = list(dict.fromkeys(classes))
    index = {name: i for i, name in enumerate(names)}
    by_class = np.zeros((len(names), rows.shape[1]))
    np.add.at(by_class, [index[c] for c in classes], rows)
    return Breakdown(_hand_equities(rows, combos, classes, exact), _hand_equities(by_class, names, names, exact))


def _hand_equities(rows: np.ndarray, hands: list[str], classes: list[str], exact: bool) -> HandEquities:
    """The rows of positive weight, best equity first (ties in the given order)."""
    totals = rows[:, CATEGORY:].sum(axis=1)
    dealt = np.flatnonzero(totals > 0)
    rows, totals = rows[dealt], totals[dealt]
    equity = rows[:, EQUITY] / TIE_UNITS / totals
    order = np.argsort(-equity, kind="stable")
    rows, totals, equity, dealt = rows[order], totals[order], equity[order], dealt[order]
    stderr = [
        0.0 if exact else mean_and_se(row[EQUITY] / TIE_UNITS, row[EQUITY_SQ] / TIE_UNITS**2, int(total))[1]
        for row, total in zip(rows.tolist(), totals.tolist())
    ]
    return HandEquities(
        hands=tuple(hands[i] for i in dealt),
        classes=tuple(classes[i] for i in dealt),
        weights=tuple((totals / totals.sum()).tolist()),
        equity=tuple(equity.tolist()),
        win=tuple((rows[:, WIN] / totals).tolist()),
        tie=tuple((rows[:, TIE] / totals).tolist()),
        stderr=tuple(stderr),
        samples=None if exact else tuple(int(t) for t in totals),
    )


__all__ = ["Breakdown", "HandEquities", "breakdown"]
