"""Heads-up push/fold: the Nash equilibrium of the short-stack game in which the small blind
goes all in or folds and the big blind, facing the shove, calls or folds.

**The game.** Both players start the hand with the effective stack ``S`` big blinds (antes and
blinds included); each posts the ante ``a``, the small blind posts 0.5 and the big blind 1.
Counting each player's chips against his stack before the hand (chip EV, in big blinds):

* the small blind folds: he loses ``0.5 + a``, the big blind wins it;
* he shoves and the big blind folds: he wins ``1 + a``, the big blind loses it;
* he shoves and is called: each puts in all ``S``, and the small blind wins ``2 S e - S``,
  where ``e`` is his exact all-in equity against the big blind's hand (every board counted,
  :mod:`analyzer.games.holdem.push_fold_equities`); the big blind wins the opposite.

Every deal of two disjoint hands is equally likely: 1,326 x 1,225 ordered pairs of combos, so
card removal is exact at the combo level (a hand that holds an ace makes the other player's
aces rarer). The game is the same under every permutation of the suits, so it has an
equilibrium in which every combo of a class plays alike; the solver plays on the 169 classes
with, for each pair of classes, the number of disjoint combo pairs and the sum of their
equities (the 1,326 x 1,326 matrix summed by class), which is that game exactly.

**The solver.** CFR+ (regret matching plus, alternating updates, strategies averaged with
linear weights: Tammelin et al., "Solving Heads-up Limit Texas Hold'em", IJCAI 2015) on each
class's push-or-fold and call-or-fold decision, until the averaged strategies' exploitability is
at most the tolerance asked. Frequencies within 0.001 of 0 or 1 are then rounded to it, and the
others to 4 decimals, when the rounded strategies still meet the tolerance, and the
exploitability reported is that of the strategies returned: the small blind's best-response
gain against the big blind's calling strategy plus the big blind's against the pushing one, in
big blinds per hand (each player's gain is what he would add to his expectation by switching to
his best response, the other player's strategy fixed).

**The chart.** :func:`push_fold_chart` solves every stack of a grid (0.1 bb steps from 1.1 to
20 by default) and reports, per class, the largest stack at which it is pushed (played with
frequency at least 1/2) and the largest at which it is called, the form of the published
HoldemResources charts; a class whose pushing stacks leave a hole of 1 bb or more below that
largest stack (63s: pushed below 2.3 bb and again from 5.1 to 7.1) has its pushing stacks listed
as intervals. Narrower holes are not listed: there the class is close to indifferent, mixed
from one stack to the next, and such holes are where equilibria differ (HoldemResources' notes
say its chart leaves out the many small gaps of the exact solution too).
"""

from __future__ import annotations

import functools
import math
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games.holdem.push_fold_equities import class_data
from analyzer.jit import kernel
from analyzer.ranges import HAND_CLASSES, Range, class_combos
from analyzer.sim.runner import Runner

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

SMALL_BLIND = 0.5
BIG_BLIND = 1.0
MAX_STACK = 100.0  # the largest effective stack push/fold is solved for, in big blinds
DEFAULT_TOLERANCE = 1e-7  # big blinds per hand
MAX_ITERATIONS = 200_000
ROUNDING = 1e-3  # frequencies this close to 0 or 1 are rounded to it
CHECK_EVERY = 50  # iterations between two exploitability checks
MIN_GAP = 1.0  # big blinds: a chart lists holes in a class's pushing stacks this wide or wider
MAX_CHART_STACKS = 2_000  # a chart's grid: about three minutes on 2 cores (the default's 190, 12-17 s)


def _check_game(stack: float, ante: float) -> None:
    """Raise ``ValueError`` naming the bad value unless ``0 <= ante`` and
    ``1 + ante < stack <= MAX_STACK`` (the big blind can post his blind and ante and have chips
    behind)."""
    if not np.isfinite(ante) or ante < 0:
        raise ValueError(f"ante {ante:g} must be 0 or more big blinds")
    if not np.isfinite(stack) or not BIG_BLIND + ante < stack <= MAX_STACK:
        raise ValueError(
            f"stack {stack:g} must be more than the big blind and ante ({BIG_BLIND + ante:g} bb) "
            f"and at most {MAX_STACK:g} bb"
        )


def _payoffs(stack: float, ante: float) -> tuple[np.ndarray, np.ndarray, float, float]:
    """The game in class form: ``pushing`` (per SB class, what pushing adds over folding when the
    big blind calls nothing), ``called`` (169 x 169: what a call of class ``b`` adds to SB class
    ``a``'s push, over all their combo pairs, in big blinds), the fold loss ``0.5 + a`` and the
    steal ``1 + a``."""
    pairs, equities = class_data()
    fold, steal = SMALL_BLIND + ante, BIG_BLIND + ante
    called = 2 * stack * equities - stack * pairs - steal * pairs
    return (fold + steal) * pairs.sum(axis=1), called, fold, steal


@kernel
def _times(matrix, vector):
    """``matrix @ vector`` in loops (Numba's ``@`` needs SciPy's BLAS)."""
    out = np.zeros(matrix.shape[0])
    for i in range(matrix.shape[0]):
        for j in range(matrix.shape[1]):
            out[i] += matrix[i, j] * vector[j]
    return out


@kernel
def _times_left(vector, matrix):
    """``vector @ matrix`` in loops."""
    out = np.zeros(matrix.shape[1])
    for i in range(matrix.shape[0]):
        for j in range(matrix.shape[1]):
            out[j] += vector[i] * matrix[i, j]
    return out


@kernel
def _cfr_plus(pushing, called, total, tolerance, max_iterations, check_every):
    """CFR+ on the class game: returns the averaged push and call frequencies (169 each), the
    iterations run and the exploitability of the averages, in big blinds per hand (``total``
    combo pairs). SB's advantage of pushing class ``a`` is ``pushing[a] + called[a] @ c``, BB's
    of calling class ``b`` is ``-(p @ called)[b]`` (the sums over combo pairs)."""
    n = pushing.shape[0]
    push_regret = np.zeros((n, 2))  # [push, fold] regrets, clamped at 0
    call_regret = np.zeros((n, 2))
    push = np.full(n, 0.5)
    call = np.full(n, 0.5)
    push_sum = np.zeros(n)
    call_sum = np.zeros(n)
    weight_sum = 0.0
    gap = np.inf
    iterations = 0
    while iterations < max_iterations:
        iterations += 1
        advantage = pushing + _times(called, call)
        for a in range(n):
            push_regret[a, 0] = max(push_regret[a, 0] + (1.0 - push[a]) * advantage[a], 0.0)
            push_regret[a, 1] = max(push_regret[a, 1] - push[a] * advantage[a], 0.0)
            both = push_regret[a, 0] + push_regret[a, 1]
            push[a] = push_regret[a, 0] / both if both > 0 else 0.5
        advantage = -_times_left(push, called)
        for b in range(n):
            call_regret[b, 0] = max(call_regret[b, 0] + (1.0 - call[b]) * advantage[b], 0.0)
            call_regret[b, 1] = max(call_regret[b, 1] - call[b] * advantage[b], 0.0)
            both = call_regret[b, 0] + call_regret[b, 1]
            call[b] = call_regret[b, 0] / both if both > 0 else 0.5
        weight_sum += iterations
        push_sum += iterations * push
        call_sum += iterations * call
        if iterations % check_every == 0:
            _, sb_gain, bb_gain = _gains_sums(push_sum / weight_sum, call_sum / weight_sum, pushing, called)
            gap = (sb_gain + bb_gain) / total
            if gap <= tolerance:
                break
    return push_sum / weight_sum, call_sum / weight_sum, iterations, gap


@kernel
def _gains_sums(push, call, pushing, called):
    """Summed over the combo pairs: what the small blind's play adds over folding everything,
    and each player's best-response gain against ``push`` and ``call``."""
    sb = pushing + _times(called, call)  # SB's advantage of pushing, class by class
    bb = _times_left(push, called)  # what each BB class's call adds to SB
    played = (push * sb).sum()
    best = np.maximum(sb, 0.0).sum()
    worst = (push * pushing).sum() + np.minimum(bb, 0.0).sum()
    return played, best - played, played - worst


def _gains(push: np.ndarray, call: np.ndarray, stack: float, ante: float) -> tuple[float, float, float]:
    """The small blind's value (big blinds per hand, against his stack before the hand) and each
    player's best-response gain against the other's strategy."""
    pushing, called, fold, _ = _payoffs(stack, ante)
    total = class_data()[0].sum()
    played, sb_gain, bb_gain = _gains_sums(push, call, pushing, called)
    return float(played / total - fold), float(sb_gain / total), float(bb_gain / total)


def _rounded(frequencies: np.ndarray) -> np.ndarray:
    """Frequencies within ``ROUNDING`` of 0 or 1 rounded to it, the others to 4 decimals."""
    return np.round(np.where(frequencies < ROUNDING, 0.0, np.where(frequencies > 1 - ROUNDING, 1.0, frequencies)), 4)


def class_range(frequencies: np.ndarray, source: str) -> Range:
    """The range of every combo of each class at its frequency (classes at 0 left out)."""
    kept = [i for i, f in enumerate(frequencies) if f > 0]
    combos = [class_combos(HAND_CLASSES[i]) for i in kept]
    weights = [np.full(len(c), frequencies[i]) for i, c in zip(kept, combos)]
    if not kept:
        return Range(np.zeros((0, 2), np.uint8), np.zeros(0), source)
    return Range(np.concatenate(combos), np.concatenate(weights), source)


@dataclass(frozen=True)
class PushFoldResult:
    """The heads-up push/fold equilibrium at one effective stack.

    ``push`` and ``call`` are the small blind's pushing and the big blind's calling ranges
    (:class:`~analyzer.ranges.Range`, weights the frequencies of mixed classes);
    ``push_frequency`` and ``call_frequency`` the same per class in ``HAND_CLASSES`` order;
    ``value`` the small blind's expectation in big blinds per hand (the big blind's is minus
    it); ``sb_gain`` and ``bb_gain`` each player's best-response gain against the other's
    strategy and ``exploitability`` their sum, in big blinds per hand; ``iterations`` the CFR+
    iterations run.
    """

    stack: float
    ante: float
    push: Range
    call: Range
    push_frequency: np.ndarray = field(repr=False)
    call_frequency: np.ndarray = field(repr=False)
    value: float
    sb_gain: float
    bb_gain: float
    iterations: int
    elapsed: float

    @property
    def exploitability(self) -> float:
        """``sb_gain + bb_gain``, big blinds per hand."""
        return self.sb_gain + self.bb_gain

    @property
    def push_share(self) -> float:
        """The share of all 1,326 combos the small blind pushes."""
        return self.push.share

    @property
    def call_share(self) -> float:
        """The share of all 1,326 combos the big blind calls with."""
        return self.call.share

    def to_frame(self) -> pd.DataFrame:
        """One row per class: ``class``, ``push`` and ``call`` frequencies."""
        import pandas as pd

        return pd.DataFrame({"class": HAND_CLASSES, "push": self.push_frequency, "call": self.call_frequency})

    def to_dict(self) -> dict:
        """JSON-friendly: the game, both ranges as canonical text, their shares, the mixed
        classes' frequencies, the value and the exploitability."""
        mixed = {
            side: {HAND_CLASSES[i]: float(f) for i, f in enumerate(freq) if 0 < f < 1}
            for side, freq in (("push", self.push_frequency), ("call", self.call_frequency))
        }
        return {
            "stack": self.stack,
            "ante": self.ante,
            "small_blind": SMALL_BLIND,
            "big_blind": BIG_BLIND,
            "push": self.push.canonical(),
            "call": self.call.canonical(),
            "push_share": self.push_share,
            "call_share": self.call_share,
            "mixed": mixed,
            "sb_value": self.value,
            "sb_gain": self.sb_gain,
            "bb_gain": self.bb_gain,
            "exploitability": self.exploitability,
            "exploitability_unit": "big blinds per hand",
            "iterations": self.iterations,
            "method": "CFR+ on the 169 classes with exact combo-level card removal and exact all-in equities",
            "elapsed_seconds": self.elapsed,
        }


def push_fold(stack: float, ante: float = 0.0, tolerance: float = DEFAULT_TOLERANCE) -> PushFoldResult:
    """The heads-up push/fold Nash equilibrium at effective stack ``stack`` big blinds (blinds
    0.5 and 1, ``ante`` per player, both in big blinds), solved until both players'
    best-response gains sum to at most ``tolerance`` big blinds per hand (the module docstring
    gives the game and the solver).

    Raises ``ValueError`` naming the bad value for a stack not above ``1 + ante`` or above
    100 bb, a negative ante or a tolerance not above 0.
    """
    _check_game(stack, ante)
    if not tolerance > 0:
        raise ValueError(f"tolerance {tolerance:g} must be more than 0")
    start = time.perf_counter()
    pushing, called, _, _ = _payoffs(stack, ante)
    pairs, _ = class_data()
    push, call, iterations, _ = _cfr_plus(
        pushing, called, float(pairs.sum()), float(tolerance), np.int64(MAX_ITERATIONS), np.int64(CHECK_EVERY)
    )
    value, sb_gain, bb_gain = _gains(_rounded(push), _rounded(call), stack, ante)
    if sb_gain + bb_gain <= tolerance:  # rounding kept the bound: return the rounded strategies
        push, call = _rounded(push), _rounded(call)
    else:
        value, sb_gain, bb_gain = _gains(push, call, stack, ante)
    text = f"push/fold at {stack:g} bb" + (f", ante {ante:g}" if ante else "")
    return PushFoldResult(
        stack=float(stack),
        ante=float(ante),
        push=class_range(push, f"small blind's {text}"),
        call=class_range(call, f"big blind's {text}"),
        push_frequency=push,
        call_frequency=call,
        value=value,
        sb_gain=sb_gain,
        bb_gain=bb_gain,
        iterations=int(iterations),
        elapsed=time.perf_counter() - start,
    )


def _intervals(stacks: np.ndarray, played: np.ndarray, step: float) -> list[tuple[float, float]]:
    """The stacks where ``played`` holds as (lowest, highest) intervals of the grid, highest
    first, a hole of less than ``MIN_GAP`` big blinds between two intervals filled."""
    runs: list[tuple[float, float]] = []
    for s, on in zip(stacks, played):
        if on and runs and s - runs[-1][1] - step < MIN_GAP - step / 2:
            runs[-1] = (runs[-1][0], float(s))
        elif on:
            runs.append((float(s), float(s)))
    return runs[::-1]


@dataclass(frozen=True)
class PushFoldChart:
    """Per class, the largest stack of the grid ``stacks`` at which it is pushed and called
    (``push`` and ``call``, NaN when never; a value equal to the grid's top means "that much or
    more", the published charts' "20+"), the pushing stacks of classes whose pushing stacks are
    not one interval from the grid's bottom (``gaps``: class to a list of (lowest, highest)
    intervals), and the largest exploitability of the solves, big blinds per hand."""

    stacks: np.ndarray = field(repr=False)
    ante: float
    push: np.ndarray = field(repr=False)
    call: np.ndarray = field(repr=False)
    gaps: dict[str, list[tuple[float, float]]]
    exploitability: float
    elapsed: float

    def to_frame(self) -> pd.DataFrame:
        """One row per class: ``class``, ``push`` and ``call`` (the largest stacks), and
        ``push_stacks`` (the pushing intervals of classes with gaps, as ``"5.1-7.1, 1.1-2.3"``;
        empty otherwise)."""
        import pandas as pd

        return pd.DataFrame(
            {
                "class": HAND_CLASSES,
                "push": self.push,
                "call": self.call,
                "push_stacks": [self._gap_text(name) for name in HAND_CLASSES],
            }
        )

    @property
    def step(self) -> float:
        """The grid's step in big blinds (NaN for a grid of one stack)."""
        return float(np.round(self.stacks[1] - self.stacks[0], 10)) if len(self.stacks) > 1 else math.nan

    def stack_text(self, stack: float) -> str:
        """A stack of the grid with as many decimals as the grid needs, one at least.

        >>> chart = PushFoldChart(np.array([1.05, 1.1]), 0.0, np.array([]), np.array([]), {}, 0.0, 0.0)
        >>> chart.stack_text(1.1), chart.stack_text(20)
        ('1.10', '20.00')
        """
        return f"{stack:.{self._decimals}f}"

    @functools.cached_property
    def _decimals(self) -> int:
        """The fewest decimals, one at least, that write every stack of the grid."""
        return next(d for d in range(1, 11) if np.allclose(np.round(self.stacks, d), self.stacks, rtol=0, atol=1e-9))

    def _gap_text(self, name: str) -> str:
        return ", ".join(f"{self.stack_text(lo)}-{self.stack_text(hi)}" for lo, hi in self.gaps.get(name, []))

    def label(self, value: float) -> str:
        """A chart cell's text: ``"20+"`` at the grid's top, ``"-"`` for never, else the stack."""
        if np.isnan(value):
            return "-"
        return f"{self.stacks[-1]:g}+" if value >= self.stacks[-1] else self.stack_text(value)

    def to_dict(self) -> dict:
        """JSON-friendly: the grid, each class's push and call stacks (as the chart's labels) and
        the gaps."""
        return {
            "stacks": {"lowest": float(self.stacks[0]), "highest": float(self.stacks[-1]), "count": len(self.stacks)},
            "ante": self.ante,
            "push": {name: self.label(v) for name, v in zip(HAND_CLASSES, self.push)},
            "call": {name: self.label(v) for name, v in zip(HAND_CLASSES, self.call)},
            "gaps": {name: [list(run) for run in runs] for name, runs in self.gaps.items()},
            "max_exploitability": self.exploitability,
            "exploitability_unit": "big blinds per hand",
            "elapsed_seconds": self.elapsed,
        }

    def plot(self, side: str = "push") -> Figure:
        """The 13 x 13 chart of ``side`` (``"push"``, the small blind's, or ``"call"``, the big
        blind's): each cell its class and the largest stack, ``*`` after a class with gaps."""
        from analyzer.charts import class_chart

        if side not in ("push", "call"):
            raise ValueError(f"side {side!r}: choose push or call")
        values = dict(zip(HAND_CLASSES, self.push if side == "push" else self.call))
        gaps = "; ".join(f"{name} {self._gap_text(name)}" for name in self.gaps)
        who = "small blind pushes" if side == "push" else "big blind calls"
        return class_chart(
            {
                name: f"{name}{'*' if side == 'push' and name in self.gaps else ''}\n{self.label(value)}"
                for name, value in values.items()
            },
            {name: 0.0 if np.isnan(value) else value for name, value in values.items()},
            title=f"Heads-up push/fold Nash: the largest stack (bb) at which the {who}",
            colorbar="largest stack (bb)",
            vmin=0,
            vmax=float(self.stacks[-1]),
            note=f"Exact all-in equities with combo-level card removal; chip EV, blinds 0.5 and 1, ante "
            f"{self.ante:g}; solved at every stack from {self.stacks[0]:g} to {self.stacks[-1]:g} bb"
            f"{f' in {self.step:g} bb steps' if len(self.stacks) > 1 else ''}, largest exploitability "
            f"{self.exploitability:.1e} bb "
            "per hand.\n" + (f"* pushing stacks with gaps: {gaps}." if side == "push" and gaps else ""),
        )


def push_fold_chart(
    *,
    max_stack: float = 20.0,
    step: float = 0.1,
    ante: float = 0.0,
    tolerance: float = DEFAULT_TOLERANCE,
    runner: Runner = Runner(),
) -> PushFoldChart:
    """Solve :func:`push_fold` at every stack from ``max_stack`` down in steps of ``step`` big
    blinds while above ``1 + ante``, one task per stack on ``runner``, and read the chart (the
    module docstring says how)."""
    _check_game(max_stack, ante)
    if not 0 < step <= max_stack - 1 - ante:
        raise ValueError(f"step {step:g} must be more than 0 and fit below the largest stack {max_stack:g}")
    count = int(np.floor((max_stack - 1 - ante) / step + 1e-9))
    if count > MAX_CHART_STACKS:
        raise ValueError(
            f"step {step:g} makes a grid of {count:,} stacks, more than {MAX_CHART_STACKS:,} "
            f"(about 0.1 s of solving each): take a step of at least {(max_stack - 1 - ante) / MAX_CHART_STACKS:.2g}"
        )
    if not tolerance > 0:
        raise ValueError(f"tolerance {tolerance:g} must be more than 0")
    start = time.perf_counter()
    stacks = np.round(max_stack - step * np.arange(count)[::-1], 10)
    class_data()  # read once, before the tasks share it
    solves = runner.tasks(push_fold, [(float(s), ante, tolerance) for s in stacks])
    pushed = np.array([r.push_frequency >= 0.5 for r in solves])  # (stacks, classes)
    called = np.array([r.call_frequency >= 0.5 for r in solves])

    def largest(played: np.ndarray) -> np.ndarray:
        top = np.where(played, stacks[:, None], -np.inf).max(axis=0)
        return np.where(np.isfinite(top), top, np.nan)

    gaps = {}
    for c, name in enumerate(HAND_CLASSES):
        runs = _intervals(stacks, pushed[:, c], step)
        if len(runs) > 1 or (runs and runs[-1][0] - stacks[0] >= MIN_GAP - step / 2):
            gaps[name] = runs
    return PushFoldChart(
        stacks=stacks,
        ante=float(ante),
        push=largest(pushed),
        call=largest(called),
        gaps=gaps,
        exploitability=max(r.exploitability for r in solves),
        elapsed=time.perf_counter() - start,
    )
