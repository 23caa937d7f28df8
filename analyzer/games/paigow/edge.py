"""Pai Gow Poker (rules §5): the player's EV over random deals against a House-Way dealer, for a
player who sets by the House Way or by the best split (the house edge is its negative).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._results import percent_with_error
from analyzer.games.paigow.engine import _house_way_deals, _optimal_deals
from analyzer.games.paigow.houseway import way_number
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.games.paigow.split import settlement
from analyzer.sim.engine import MAX_ROLLOUTS, Stopping, check_count, mean_and_se
from analyzer.sim.facts import RunFacts, inline_run
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed

if TYPE_CHECKING:
    import pandas as pd


@dataclass(frozen=True)
class EdgeResult:
    """The player's results over random deals for one strategy against a House-Way dealer.

    Attributes
    ----------
    strategy:
        How the player sets: ``"houseway"`` or ``"optimal"`` (the best split per hand).
    way:
        The House Way the dealer (and a ``houseway`` player) sets by.
    win, push, loss:
        The chances that the player wins both hands, wins one, loses (rules §5.1).
    win_stderr, push_stderr, loss_stderr:
        Their standard errors, sqrt(p (1 - p) / n) over the ``n`` deals.
    ev, stderr:
        The player's expected result per unit bet and its standard error; the house edge is
        ``-ev``.
    run:
        The Monte Carlo run's facts (its trials are deals).
    rules:
        The house rules of the settlement (commission, who banks).
    inner_trials:
        ``optimal`` only: the dealer hands of a separate sample that pick each hand's best split.
    gain_over_house_way, gain_stderr:
        ``optimal`` only: EV(optimal) - EV(House Way) on the same deals, and its standard error.
    """

    strategy: str
    way: str
    win: float
    push: float
    loss: float
    win_stderr: float
    push_stderr: float
    loss_stderr: float
    ev: float
    stderr: float
    run: RunFacts
    rules: PaiGowRules
    inner_trials: int | None
    gain_over_house_way: float | None = None
    gain_stderr: float | None = None

    @property
    def house_edge(self) -> float:
        """The house's edge per unit bet: ``-ev``."""
        return -self.ev

    def to_dict(self) -> dict:
        """The fields, with the run's facts and the rules (``commission``, ``player_banks``)
        spelled out in their places."""
        return inline_run(self.__dict__, "rules")

    def to_frame(self) -> pd.DataFrame:
        """One row: the fields of :meth:`to_dict`."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([self.to_dict()])

    def outcome_text(self) -> str:
        """The win, push and loss chances with their standard errors, in percent."""
        return "  ".join(
            f"{name} {percent_with_error(share, stderr, 3)}"
            for name, share, stderr in (
                ("win", self.win, self.win_stderr),
                ("push", self.push, self.push_stderr),
                ("loss", self.loss, self.loss_stderr),
            )
        )

    def __repr__(self) -> str:
        lines = [
            f"EdgeResult: player sets by {self.strategy}, dealer by the House Way ({self.way}); "
            f"{self.run.describe('deal')}",
            f"  EV {100 * self.ev:+.3f}% ± {100 * self.stderr:.3f}% per unit bet "
            f"(house edge {100 * self.house_edge:.3f}%)",
            f"  {self.outcome_text()}",
        ]
        if self.gain_over_house_way is not None and self.gain_stderr is not None:
            lines.append(
                f"  gain over the House Way on the same deals {100 * self.gain_over_house_way:+.3f}% "
                f"± {100 * self.gain_stderr:.3f}% (best split from {self.inner_trials:,} other dealer hands)"
            )
        return "\n".join(lines)


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
    runner: Runner = Runner(),
) -> EdgeResult:
    """The player's EV per unit bet over random deals against a dealer who sets by the House Way
    (rules §5.1-5.3; the house edge is its negative), settled by the house ``rules``.

    ``optimal``: on every deal the player takes the split with the best EV estimated from
    ``inner_trials`` dealer hands of a separate sample, and is scored on the deal's own
    dealer hand, so the choice cannot flatter the score.

    Parameters
    ----------
    strategy:
        How the player sets: ``"houseway"`` (as the dealer does) or ``"optimal"``.
    way:
        The House Way: ``"foxwoods"``, ``"trump-plaza"`` or ``"improved"``.
    stopping:
        When the run stops (a trial count, a target standard error, a time limit).
    seed:
        The seed; ``None`` draws a fresh one, reported in the result.
    chunk_size:
        Deals per seeded chunk (at most 256 for ``optimal``): a result depends on the inputs,
        the seed and this.
    rules:
        The house rules: the commission on wins and who banks.
    inner_trials:
        ``optimal``: the dealer hands that estimate each hand's best split.
    runner:
        Where the run executes (threads, a Dask scheduler) and its progress sink
        (:class:`~analyzer.sim.runner.Runner`), called with (deals done, planned or ``None``) as the
        run goes.

    Returns
    -------
    EdgeResult
        The player's win, push and loss chances and EV ± standard error, and for ``optimal`` its
        gain over the House Way on the same deals.
    """
    if strategy not in STRATEGIES:
        raise ValueError(f"unknown strategy {strategy!r}: expected one of {', '.join(STRATEGIES)}")
    check_count(inner_trials, "inner trials", MAX_ROLLOUTS)
    commission = rules.commission
    seed = new_seed(seed)
    inner = inner_trials if strategy == "optimal" else 0
    job = _EdgeJob(way_number(way), rules.player_banks, commission, inner)
    if strategy == "optimal":
        chunk_size = min(chunk_size, 256)
    run = runner.monte_carlo(job, seed=seed, stopping=stopping, chunk_size=chunk_size)
    counts = run.tallies.sum(axis=1)
    win, push, loss, ev, se = settlement(counts, run.trials, commission)
    win_se, push_se, loss_se = (mean_and_se(c, c, run.trials)[1] for c in counts)  # each outcome 0 or 1 a deal
    gain, gain_se = paired_gain(run.tallies, run.trials, commission) if inner else (None, None)
    return EdgeResult(
        strategy=strategy,
        way=way,
        win=win,
        push=push,
        loss=loss,
        win_stderr=win_se,
        push_stderr=push_se,
        loss_stderr=loss_se,
        ev=ev,
        stderr=se,
        run=RunFacts.from_run(run),
        rules=rules,
        inner_trials=inner or None,
        gain_over_house_way=gain,
        gain_stderr=gain_se,
    )


__all__ = ["STRATEGIES", "EdgeResult", "house_edge", "paired_gain"]
