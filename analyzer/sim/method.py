"""The exact-or-Monte-Carlo choice that every analysis with both methods makes the same way."""

from __future__ import annotations

from analyzer.sim.engine import Stopping

METHODS = ("auto", "exact", "monte-carlo")
MC_TRIALS_PER_SECOND = 40e6  # heads-up showdowns per second per thread, for the cost model


def choose_exact(
    method: str, exact_seconds: float, stopping: Stopping, threads: int, trials_per_second: float = MC_TRIALS_PER_SECOND
) -> bool:
    """Exact when forced, or in ``auto`` when enumerating is estimated to be quicker than
    the Monte Carlo run the stopping rules ask for (at ``trials_per_second`` per thread)."""
    if method not in METHODS:
        raise ValueError(f"unknown method {method!r}: expected one of {', '.join(METHODS)}")
    if method != "auto":
        return method == "exact"
    mc_trials = min(stopping.max_trials, 1e12)
    if stopping.target_se is not None:  # the worst case: equity variance <= 1/4
        mc_trials = min(mc_trials, 0.25 / stopping.target_se**2)
    mc_seconds = mc_trials / (trials_per_second * threads)
    if stopping.time_limit is not None:
        mc_seconds = min(mc_seconds, stopping.time_limit)
    return exact_seconds <= max(mc_seconds, 0.05)


__all__ = ["MC_TRIALS_PER_SECOND", "METHODS", "choose_exact"]
