"""What every equity calculation shares: the result type and the exact-or-Monte-Carlo choice."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field

import pandas as pd

from analyzer.sim.engine import Stopping
from analyzer.sim.showdown import PlayerEquity

METHODS = ("auto", "exact", "monte-carlo")
MC_TRIALS_PER_SECOND = 40e6  # heads-up showdowns per second per thread, for the cost model


@dataclass(frozen=True)
class EquityResult:
    """Equity of every player: exact (stderr 0) or Monte Carlo (with standard errors)."""

    game: str
    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    method: str  # "exact" or "monte-carlo"
    trials: int  # Monte Carlo showdowns, or the number of deals enumerated
    seed: int | None
    chunk_size: int | None
    elapsed: float
    stopped_by: str
    extra: dict = field(default_factory=dict)

    def to_frame(self) -> pd.DataFrame:
        rows = []
        for i, p in enumerate(self.players, start=1):
            row = {"player": i, **p.to_dict()}
            row.pop("categories", None)
            rows.append(row)
        return pd.DataFrame(rows)

    def to_dict(self) -> dict:
        return {"game": self.game, "method": self.method, "exact": self.method == "exact",
                "trials": self.trials, "seed": self.seed, "chunk_size": self.chunk_size,
                "stopped_by": self.stopped_by, "elapsed_seconds": self.elapsed, "board": self.board,
                "dead": self.dead, "players": [p.to_dict() for p in self.players], **self.extra}


def new_seed(seed: int | None) -> int:
    """The given seed, or a fresh random one (reported with the result, so any run can be repeated)."""
    if seed is None:
        return secrets.randbits(63)
    if not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer from 0 to 2**64 - 1, got {seed}")
    return int(seed)


def choose_exact(method: str, exact_seconds: float, stopping: Stopping, threads: int,
                 trials_per_second: float = MC_TRIALS_PER_SECOND) -> bool:
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


__all__ = ["EquityResult", "choose_exact", "new_seed"]
