"""Coordinate (compass) search with shrinking steps: the tuner of the games' policy weights.

A policy's objective is typically its mean paired margin over a fixed set of deals (common
random numbers), a deterministic but piecewise constant function of its weights (a small
change alters no move), so gradients do not exist. With a few to a few dozen weights and
costly evaluations, a search that changes one entry at a time, keeps any strict gain and
halves its steps when a whole sweep gains nothing suits: it is deterministic, needs no
tuning of its own beyond the first steps, and every point it visits is a record of the path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

import numpy as np

from analyzer.sim.engine import Progress


def finite_vector(vector: np.ndarray | list[float], size: int, what: str) -> np.ndarray:
    """``vector`` as a float64 array of ``size`` finite entries: a tuned policy's weights as read
    from a file or given by a caller, or a ValueError naming ``what`` is wrong.

    >>> finite_vector([1, 2.5], 2, "weights")
    array([1. , 2.5])
    >>> finite_vector([1.0, float("nan")], 2, "weights")
    Traceback (most recent call last):
    ValueError: weights: every entry must be finite
    """
    try:
        array = np.array(vector, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{what}: every entry must be a number") from None
    if array.shape != (size,):
        raise ValueError(f"{what}: expected {size} entries, got {array.size}")
    if not np.isfinite(array).all():
        raise ValueError(f"{what}: every entry must be finite")
    return array


@dataclass(frozen=True)
class SearchStep:
    """One evaluation of the search: its number, the sweep, the entry changed (-1 for the
    start), the step tried, the objective and whether the point was accepted."""

    evaluation: int
    sweep: int
    entry: int
    step: float
    objective: float
    accepted: bool
    vector: tuple[float, ...]


def coordinate_search(
    objective: Callable[[np.ndarray], float],
    start: np.ndarray,
    *,
    free: tuple[int, ...],
    first_step: float,
    sweeps: int,
    first_steps: Mapping[int, float] | None = None,
    progress: Progress | None = None,
) -> tuple[np.ndarray, list[SearchStep]]:
    """Maximise ``objective`` by coordinate search with shrinking steps, from ``start``.

    Each entry ``i`` of ``free`` starts with the step ``first_steps[i]`` when given, else
    ``first_step * max(|start[i]|, 0.1)``. A sweep tries, entry by entry in order,
    ``v[i] + step[i]`` and then ``v[i] - step[i]`` and keeps the first that strictly raises
    the best objective so far. A sweep that keeps nothing
    halves every step. The search stops after ``sweeps`` sweeps. Returns the best vector and
    the path (every evaluation).

    >>> best, path = coordinate_search(lambda v: -abs(v[0] - 1.3), np.zeros(2), free=(0,),
    ...                                first_step=4.0, sweeps=8)
    >>> round(float(best[0]), 3), len(path)
    (1.3, 13)
    """
    v = np.array(start, dtype=np.float64)
    given = first_steps or {}
    steps = {i: given.get(i, first_step * max(abs(v[i]), 0.1)) for i in free}
    best = objective(v)
    path = [SearchStep(0, 0, -1, 0.0, best, True, tuple(v))]
    for sweep in range(1, sweeps + 1):
        improved = False
        for i in free:
            for sign in (1.0, -1.0):
                trial = v.copy()
                trial[i] += sign * steps[i]
                value = objective(trial)
                accepted = value > best
                path.append(SearchStep(len(path), sweep, i, sign * steps[i], value, accepted, tuple(trial)))
                if accepted:
                    v, best, improved = trial, value, True
                    break
        if not improved:
            steps = {i: s / 2 for i, s in steps.items()}
        if progress is not None:
            progress(sweep, sweeps)
    return v, path
