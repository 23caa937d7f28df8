"""Pai Gow Poker (rules §5): the player's EV over random deals against a House-Way dealer, for a
player who sets by the House Way or by the best split (the house edge is its negative).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.games.paigow.engine import _house_way_deals, _optimal_deals
from analyzer.games.paigow.houseway import way_number
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.games.paigow.split import settlement
from analyzer.sim.engine import Progress, Stopping, mean_and_se, run_monte_carlo
from analyzer.sim.facts import RunFacts, inline_run
from analyzer.sim.seeds import new_seed


@dataclass(frozen=True)
class EdgeResult:
    """The player's results over random deals for one strategy against a House-Way dealer."""

    strategy: str
    way: str
    win: float
    push: float
    loss: float
    ev: float
    stderr: float
    run: RunFacts
    rules: PaiGowRules
    inner_trials: int | None
    gain_over_house_way: float | None = None  # optimal only: EV(optimal) - EV(House Way), same deals
    gain_stderr: float | None = None

    def to_dict(self) -> dict:
        """The fields, with the run's facts and the rules (``commission``, ``player_banks``)
        spelled out in their places."""
        return inline_run(self.__dict__, "rules")


@dataclass(frozen=True)
class _EdgeJob:
    way: int
    player_banks: bool
    commission: float
    inner_trials: int  # 0: the player sets by the House Way

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        """Counts by (outcome of the strategy, outcome of the House Way on the same deal)."""
        tallies = np.zeros((3, 3), np.int64)
        if self.inner_trials:
            _optimal_deals(
                self.way, self.player_banks, self.commission, self.inner_trials, state.copy(), trials, tallies
            )
        else:
            _house_way_deals(self.way, self.player_banks, state.copy(), trials, tallies[:, 0])
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        return settlement(tallies.sum(axis=1), trials, self.commission)[4]


def paired_gain(joint: np.ndarray, trials: int, commission: float) -> tuple[float, float]:
    """Mean and standard error of (strategy's payoff - House Way's payoff) over the same deals."""
    pay = np.array([1.0 - commission, 0.0, -1.0])
    diff = pay[:, None] - pay[None, :]
    total = float((joint * diff).sum())
    return mean_and_se(total, float((joint * diff**2).sum()), trials)


STRATEGIES = ("houseway", "optimal")


def house_edge(
    *,
    strategy: str = "houseway",
    way: str = "foxwoods",
    stopping: Stopping = Stopping(),
    seed: int | None = None,
    chunk_size: int = 1 << 16,
    rules: PaiGowRules = PaiGowRules(),
    inner_trials: int = 2_000,
    scheduler: str | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
) -> EdgeResult:
    """The player's EV per unit bet over random deals (the house edge is its negative), settled
    by the house ``rules``.

    ``optimal``: on every deal the player takes the split with the best EV estimated from
    ``inner_trials`` dealer hands of a separate sample, and is scored on the deal's own
    dealer hand, so the choice cannot flatter the score.
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}: expected one of {', '.join(STRATEGIES)}")
    if inner_trials < 1:
        raise ValueError(f"inner trials must be at least 1, got {inner_trials}")
    commission = rules.commission
    seed = new_seed(seed)
    inner = inner_trials if strategy == "optimal" else 0
    job = _EdgeJob(way_number(way), rules.player_banks, commission, inner)
    if strategy == "optimal":
        chunk_size = min(chunk_size, 256)
    run = run_monte_carlo(
        job,
        seed=seed,
        stopping=stopping,
        chunk_size=chunk_size,
        scheduler=scheduler,
        threads=threads,
        progress=progress,
    )
    win, push, loss, ev, se = settlement(run.tallies.sum(axis=1), run.trials, commission)
    gain, gain_se = paired_gain(run.tallies, run.trials, commission) if inner else (None, None)
    return EdgeResult(
        strategy=strategy,
        way=way,
        win=win,
        push=push,
        loss=loss,
        ev=ev,
        stderr=se,
        run=RunFacts.from_run(run),
        rules=rules,
        inner_trials=inner or None,
        gain_over_house_way=gain,
        gain_stderr=gain_se,
    )


__all__ = ["STRATEGIES", "EdgeResult", "house_edge", "paired_gain"]
