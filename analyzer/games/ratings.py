"""Ratings from a round robin: one number per player that predicts every match, and how well.

**The model** (Bradley-Terry, in Luce's form for tables of more than two): player ``i`` has a
strength ``theta_i`` and, at a table of ``n`` seats against ``n - 1`` copies of player ``j``, wins
the game with probability

    p_ij = exp(theta_i) / (exp(theta_i) + (n - 1) exp(theta_j)),

so ``logit p_ij = theta_i - theta_j - log(n - 1)``; heads-up (``n = 2``) this is Bradley-Terry's
``P(i beats j)``, and a player facing copies of himself wins his fair share ``1 / n``. Ratings are
printed on the Elo scale, ``400 log10(e) theta`` (200 points: a 76% heads-up favourite), with
the field's mean at 0.

**The fit.** Each observation is a measured win share ``s`` with its standard error ``e`` from a
paired design (deals and seats shared, so ``e`` is usually smaller than a binomial error).
It counts as ``m = s (1 - s) / e**2`` independent games, the binomial sample whose error is
``e``, and the strengths maximise ``sum m [s log p + (1 - s) log(1 - p)]`` (Newton's method from
0). Their covariance is the inverse of the information ``sum m p (1 - p) x x'`` (``x`` the
difference of the two players' unit vectors), a pseudo-inverse that holds the field's mean at 0.
An observation with ``s`` of 0 or 1, or ``e`` of 0, carries no error to weight it by: it is
left out of the fit and listed.

**How well it fits.** Each observation's residual ``z = (s - p) / e``; Pearson's
``chi2 = sum z**2`` on ``observations - (players - 1)`` degrees of freedom, with its p-value
(the Wilson-Hilferty normal approximation to the chi-square tail, good to about 0.002 from 3
degrees of freedom). A p-value under 0.05 says one number per player does not explain the
matches. **Reversals** are the non-transitive pairs: the observed result favours the
lower-rated player by more than 2 standard errors of the observation.

>>> observations = [(0, 1, 0.75, 0.02, 2), (1, 2, 0.75, 0.02, 2), (0, 2, 0.9, 0.015, 2)]
>>> r = fit_ratings(["a", "b", "c"], observations)
>>> [(x.player, round(x.rating)) for x in r.ratings]
[('a', 191), ('b', 0), ('c', -191)]
>>> r.degrees, r.reversals
(1, ())
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._results import Result, summary
from analyzer.text import plural

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

ELO = 400 / math.log(10)  # Elo points per unit of theta
REVERSAL_Z = 2.0  # a reversal's observed result is this many standard errors from the fair share
MAX_STEPS = 100
STEP_TOLERANCE = 1e-12

Observation = tuple[int, int, float, float, int]
"""``(i, j, s, e, n)``: player ``i``'s win share ``s`` (± ``e``) at a table of ``n`` seats
against ``n - 1`` copies of player ``j`` (indices into the names)."""


@dataclass(frozen=True)
class Rating(Result):
    """A player's rating in Elo points (the field's mean 0) with its standard error."""

    player: str
    rating: float
    stderr: float


@dataclass(frozen=True)
class Residual(Result):
    """One observation against the fit: ``player``'s win share against ``opponent``'s copies
    at ``seats`` seats, observed (± ``stderr``) and expected, and ``z`` their difference in
    standard errors (None for an observation left out of the fit)."""

    player: str
    opponent: str
    seats: int
    observed: float
    stderr: float
    expected: float
    z: float | None


@dataclass(frozen=True)
class Ratings(Result):
    """A fit (module docstring): ``ratings`` best first; ``residuals`` per observation fitted, in
    the order given; ``chi_square`` on ``degrees`` degrees of freedom and its ``p_value`` (None
    without degrees of freedom); ``reversals`` the non-transitive observations; ``left_out`` the
    observations with no error to weight them by."""

    ratings: tuple[Rating, ...]
    residuals: tuple[Residual, ...]
    chi_square: float
    degrees: int
    p_value: float | None
    reversals: tuple[Residual, ...]
    left_out: tuple[Residual, ...]

    def to_dict(self) -> dict:
        """The ratings, best first, and the fit: chi-square, degrees, p-value, the reversals and
        the observations left out (``--json``)."""
        return {
            "ratings": [r.__dict__ for r in self.ratings],
            "chi_square": self.chi_square,
            "degrees": self.degrees,
            "p_value": self.p_value,
            "reversals": [r.__dict__ for r in self.reversals],
            "left_out": [r.__dict__ for r in self.left_out],
        }

    def to_frame(self) -> pd.DataFrame:
        """One row per player, best first: player, rating, its standard error."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([r.__dict__ for r in self.ratings])

    def residual_frame(self) -> pd.DataFrame:
        """One row per observation fitted: player, opponent, seats, observed, its standard error,
        expected, z."""
        import pandas as pd

        return pd.DataFrame([r.__dict__ for r in self.residuals])

    def fit_text(self) -> str:
        """One line: the chi-square, its degrees of freedom and p-value, and the reversals."""
        if self.p_value is None:
            text = "no degrees of freedom left to test the fit"
        else:
            degrees = plural(self.degrees, "degree")
            p = "p < 0.001" if self.p_value < 0.001 else f"p = {self.p_value:.3f}"
            text = f"chi-square {self.chi_square:.1f} on {degrees} of freedom ({p})"
        if self.reversals:
            pairs = ", ".join(f"{r.player} v {r.opponent} ({r.z:+.1f} s.e.)" for r in self.reversals)
            text += f"; not transitive: {pairs}"
        if self.left_out:
            pairs = ", ".join(f"{r.player} v {r.opponent} ({100 * r.observed:.0f}%)" for r in self.left_out)
            text += f"; left out (a share of 0 or 1, or no error): {pairs}"
        return text

    def __repr__(self) -> str:
        rows = [(r.player, f"{r.rating:+.0f} ± {r.stderr:.0f} Elo") for r in self.ratings]
        return summary("Ratings (Bradley-Terry)", self.fit_text(), rows, total=len(rows), noun=("player", "players"))

    def plot(self, title: str = "Ratings") -> Figure:
        """Each player's rating with 2 s.e. error bars, the fit under the chart."""
        from analyzer.charts import bar_chart  # matplotlib only when a chart is drawn

        return bar_chart(
            [r.player for r in self.ratings],
            [r.rating for r in self.ratings],
            errors=[2 * r.stderr for r in self.ratings],
            title=title,
            value_label="Elo points (field mean 0)",
            error_note=f"Bradley-Terry fit, error bars 2 s.e.; {self.fit_text()}.",
            highlight=0,
        )


def expected_share(theta_i: float, theta_j: float, seats: int) -> float:
    """``p_ij`` of the module docstring: the win share of strength ``theta_i`` at ``seats`` seats
    against copies of ``theta_j``.

    >>> expected_share(0.0, 0.0, 3)
    0.3333333333333333
    """
    return 1.0 / (1.0 + (seats - 1) * math.exp(theta_j - theta_i))


def fit_ratings(names: Sequence[str], observations: Sequence[Observation]) -> Ratings:
    """Fit the ratings of ``names`` to ``observations`` (:data:`Observation`; module docstring).
    Every observation kept has a share strictly between 0 and 1, so the likelihood is strictly
    concave once the observations connect every player and its maximum is finite; a
    ``ValueError`` says so when they do not."""
    k = len(names)
    kept: list[Observation] = []
    left: list[Observation] = []
    for o in observations:
        (kept if 0 < o[2] < 1 and o[3] > 0 else left).append(o)
    if not kept:
        raise ValueError("no observation has a win share strictly between 0 and 1 with an error: nothing to fit")
    i = np.array([o[0] for o in kept])
    j = np.array([o[1] for o in kept])
    share = np.array([o[2] for o in kept], float)
    stderr = np.array([o[3] for o in kept], float)
    offset = np.log(np.array([o[4] for o in kept], float) - 1)
    games = share * (1 - share) / stderr**2
    x = np.zeros((len(kept), k))
    x[np.arange(len(kept)), i] += 1
    x[np.arange(len(kept)), j] -= 1
    if np.linalg.matrix_rank(x) < k - 1:
        raise ValueError(
            "the observations do not connect every player: ratings need every player compared, directly or not"
        )

    def expected(theta: np.ndarray) -> np.ndarray:
        return 1 / (1 + np.exp(-(x @ theta - offset)))  # logit p = t_i - t_j - log(n - 1)

    def log_likelihood(theta: np.ndarray) -> float:
        p = expected(theta)
        return float((games * (share * np.log(p) + (1 - share) * np.log1p(-p))).sum())

    def information(p: np.ndarray) -> np.ndarray:
        return (x * (games * p * (1 - p))[:, None]).T @ x

    theta = np.zeros(k)
    for _ in range(MAX_STEPS):
        p = expected(theta)
        step = np.linalg.pinv(information(p)) @ (x.T @ (games * (share - p)))
        step -= step.mean()
        # halved while it lowers the likelihood (concave: a short enough step raises it)
        here = log_likelihood(theta)
        while log_likelihood(theta + step) < here and np.abs(step).max() > STEP_TOLERANCE:
            step /= 2
        theta += step
        if np.abs(step).max() < STEP_TOLERANCE:
            break
    else:
        raise ValueError(f"the ratings did not settle in {MAX_STEPS} Newton steps")
    p = expected(theta)
    covariance = np.linalg.pinv(information(p))
    z = (share - p) / stderr

    def residual(o: Observation, expected: float, zk: float | None) -> Residual:
        return Residual(names[o[0]], names[o[1]], o[4], o[2], o[3], expected, zk)

    residuals = tuple(residual(o, pk, zk) for o, pk, zk in zip(kept, p, z))
    left_out = tuple(residual(o, expected_share(theta[o[0]], theta[o[1]], o[4]), None) for o in left)
    chi_square = float((z * z).sum())
    degrees = len(kept) - (k - 1)
    reversals = tuple(
        r
        for r, o in zip(residuals, kept)
        if abs(r.observed - 1 / r.seats) > REVERSAL_Z * r.stderr
        and (r.observed > 1 / r.seats) != (theta[o[0]] > theta[o[1]])
    )
    ratings = sorted(
        (Rating(n, ELO * t, ELO * math.sqrt(max(v, 0.0))) for n, t, v in zip(names, theta, np.diag(covariance))),
        key=lambda r: -r.rating,
    )
    return Ratings(
        ratings=tuple(ratings),
        residuals=residuals,
        chi_square=chi_square,
        degrees=degrees,
        p_value=chi_square_tail(chi_square, degrees) if degrees > 0 else None,
        reversals=reversals,
        left_out=left_out,
    )


def chi_square_tail(chi_square: float, degrees: int) -> float:
    """P(X >= ``chi_square``) for X chi-square with ``degrees`` degrees of freedom, by the
    Wilson-Hilferty approximation: ``(X / k) ** (1/3)`` is nearly normal with mean ``1 - 2 / (9 k)``
    and variance ``2 / (9 k)``.

    >>> round(chi_square_tail(3.84, 1), 2), round(chi_square_tail(18.31, 10), 3)
    (0.05, 0.05)
    """
    v = 2 / (9 * degrees)
    return 1 - NormalDist().cdf(((chi_square / degrees) ** (1 / 3) - (1 - v)) / math.sqrt(v))
