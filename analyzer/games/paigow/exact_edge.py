"""Pai Gow Poker: the exact House Way house edge over all C(53,7) x C(46,7) =
8,250,459,031,214,400 deals, player and dealer both setting by the House Way.

The counts come from :mod:`.exact_count` on the full deck's setting table
(:mod:`.settings_table`), in tasks of suit classes of shared cards run on local threads and
checkpointed in the cache folder, so an interrupted run resumes where it stopped, saying so
on the ``analyzer`` logger (``resuming: N of M tasks done``; :mod:`analyzer.sim.checkpoint`).

Settlement (rules §5.1, as :func:`.edge.house_edge` settles): a player win pays 1 less the
commission, a push 0, a loss -1, so ``EV = ((1 - c) wins - losses) / deals``. When the
player banks, copies go to him: over ordered pairs (P, D) the count of P at least as good as
D on both hands equals, by swapping P and D, the count of D at least as good as P, so his
wins are the dealer-banks banker wins and his losses the dealer-banks player wins. Copies
(a hand of the same value as the dealer's) are counted for each hand alone: a deal where
both hands are copies is in both counts.
"""

from __future__ import annotations

import math
import shutil
from dataclasses import dataclass, replace
from fractions import Fraction
from pathlib import Path

import numpy as np

from analyzer.games.paigow.exact_count import family_terms, finish, shared_sets
from analyzer.games.paigow.houseway import way_number
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.games.paigow.settings_table import BINOMIAL, default_cache, full_table, table_stamp
from analyzer.sim import checkpoint, memory
from analyzer.sim.engine import clock_start
from analyzer.sim.facts import RunFacts
from analyzer.sim.runner import Runner

DEALS = math.comb(53, 7) * math.comb(46, 7)  # 8,250,459,031,214,400
RANKS, JOKER, CARDS = 13, True, 53
TASKS = 256  # tasks of about equal work (the empty set of shared cards is one alone)


@dataclass(frozen=True)
class ExactEdgeResult:
    """The exact results of House Way against House Way over every deal.

    Attributes
    ----------
    way:
        The House Way both hands are set by.
    player_wins, pushes, player_losses:
        How many of the 8,250,459,031,214,400 ordered deals (player hand, dealer hand) the
        player wins, pushes and loses (copies to the banker).
    high_copies, low_copies:
        How many deals have the player's back (high hand) of the same value as the dealer's,
        and his front (low hand).
    rules:
        The house rules of the settlement (commission, who banks).
    run:
        The enumeration's facts (its cases are deals).
    """

    way: str
    player_wins: int
    pushes: int
    player_losses: int
    high_copies: int
    low_copies: int
    rules: PaiGowRules
    run: RunFacts

    def under(self, rules: PaiGowRules) -> ExactEdgeResult:
        """The same deals settled by other house ``rules``: a new commission changes the EV only;
        a change of banker swaps wins and losses (module docstring)."""
        wins, losses = self.player_wins, self.player_losses
        if rules.player_banks != self.rules.player_banks:
            wins, losses = losses, wins
        return replace(self, player_wins=wins, player_losses=losses, rules=rules)

    @property
    def deals(self) -> int:
        """Every deal counted: wins + pushes + losses."""
        return self.player_wins + self.pushes + self.player_losses

    @property
    def ev_fraction(self) -> Fraction:
        """The player's exact EV per unit bet, ``((1 - c) wins - losses) / deals``, with the
        commission ``c`` read as the decimal it was given as."""
        return (self.rules.payout * self.player_wins - self.player_losses) / self.deals

    @property
    def ev(self) -> float:
        """The player's EV per unit bet, as a float."""
        return float(self.ev_fraction)

    @property
    def house_edge(self) -> float:
        """The house's edge per unit bet: ``-ev``."""
        return -self.ev

    def to_dict(self) -> dict:
        """The counts (as integers), the EV (also as an exact fraction), the rules and the run."""
        return {"way": self.way, **self.figures(), **self.rules.to_dict(), **self.run.to_dict()}

    def figures(self) -> dict:
        """The counts (as integers), their shares, the EV (also as an exact fraction) and the edge."""
        return {
            "deals": self.deals,
            "player_wins": self.player_wins,
            "pushes": self.pushes,
            "player_losses": self.player_losses,
            "high_copies": self.high_copies,
            "low_copies": self.low_copies,
            "win": self.player_wins / self.deals,
            "push": self.pushes / self.deals,
            "loss": self.player_losses / self.deals,
            "high_copy": self.high_copies / self.deals,
            "low_copy": self.low_copies / self.deals,
            "ev": self.ev,
            "ev_fraction": str(self.ev_fraction),
            "house_edge": self.house_edge,
        }

    def __repr__(self) -> str:
        d = self.deals
        return "\n".join(
            [
                f"ExactEdgeResult: House Way ({self.way}) against House Way; exact, {d:,} deals",
                f"  EV {100 * self.ev:+.5f}% per unit bet (house edge {100 * self.house_edge:.5f}%)",
                f"  wins {self.player_wins:,}  pushes {self.pushes:,}  losses {self.player_losses:,}",
                f"  win {100 * self.player_wins / d:.4f}%  push {100 * self.pushes / d:.4f}%  "
                f"loss {100 * self.player_losses / d:.4f}%",
                f"  copies: high hand {100 * self.high_copies / d:.4f}%  low hand {100 * self.low_copies / d:.4f}%",
            ]
        )


_LOADED: dict[tuple[str, str], tuple[np.ndarray, tuple[np.ndarray, np.ndarray, np.ndarray]]] = {}
PEAK_BYTES = 1_500_000_000  # the run's measured peak on 2 threads, the setting table included
COUNTS = "v2"  # what a task returns (its checkpoints' format): wins, banker, high and low copies


def _task(way: str, stamp: str, start: int, stop: int) -> np.ndarray:
    """The summed terms of the shared-card classes ``start`` to ``stop`` of the table of ``way``
    (its arguments name the table, so a checkpoint key never hashes the table itself)."""
    table, (cards, sizes, weights) = _LOADED[way, stamp]
    return family_terms(table, CARDS, cards[start:stop], sizes[start:stop], weights[start:stop])


def task_bounds(sizes: np.ndarray, tasks: int = TASKS) -> list[tuple[int, int]]:
    """Consecutive ranges of the classes (sorted by size) of about equal work, the family size
    ``C(53 - |S|, 7 - |S|)`` of each; a class bigger than a share is a task alone."""
    work = BINOMIAL[CARDS - sizes, 7 - sizes]
    share = work.sum() / tasks
    bounds, start, done = [], 0, 0
    for i, w in enumerate(work.tolist()):
        done += w
        if done >= share:
            bounds.append((start, i + 1))
            start, done = i + 1, 0
    if start < len(work):
        bounds.append((start, len(work)))
    return bounds


def exact_house_edge(
    *,
    way: str = "foxwoods",
    rules: PaiGowRules = PaiGowRules(),
    cache: Path | None = None,
    runner: Runner = Runner(),
) -> ExactEdgeResult:
    """The exact player's EV and counts over every deal, player and dealer both setting by the
    House Way ``way`` (module docstring), settled by the house ``rules``.

    Parameters
    ----------
    way:
        ``"foxwoods"``, ``"trump-plaza"`` or ``"improved"``.
    rules:
        The house rules: the commission on wins and who banks.
    cache:
        The folder of the setting table and of the run's checkpoints (default: the user's cache
        folder, :func:`.settings_table.default_cache`).
    runner:
        Its local threads run the table's build and the tasks (a scheduler is not used); its
        progress sink is called with (steps done, steps) while the table is built, then while the
        tasks run (:class:`~analyzer.sim.runner.Runner`).

    Returns
    -------
    ExactEdgeResult
        Exact integer counts of wins, pushes and losses, and the EV.
    """
    way_number(way)  # a ValueError naming the ways for any other
    memory.require(PEAK_BYTES, "the exact House Way edge")
    folder = cache or default_cache()
    start = clock_start()
    stamp = table_stamp()
    table = full_table(way, folder, runner.progress, runner.threads)
    classes = shared_sets(RANKS, JOKER)
    _LOADED[way, stamp] = (table, classes)
    try:
        points = folder / f"exact-edge-{way}-{stamp}-{COUNTS}"
        tasks = [(way, stamp, first, last) for first, last in task_bounds(classes[1])]
        # the biggest families (fewest shared cards) first; "resuming: N of M tasks done" over saved ones
        with checkpoint.checkpointing(points, run=points.name, total=len(tasks), unit="task"):
            terms = runner.tasks(_task, tasks)
    finally:
        del _LOADED[way, stamp]
    shutil.rmtree(points, ignore_errors=True)
    counts = finish(np.sum(terms, axis=0), CARDS)
    dealer_banks = ExactEdgeResult(
        way=way,
        player_wins=counts.wins,
        pushes=counts.pushes,
        player_losses=counts.banker,
        high_copies=counts.high_copies,
        low_copies=counts.low_copies,
        rules=PaiGowRules(commission=rules.commission),
        run=RunFacts.enumerated(DEALS, since=start),
    )
    return dealer_banks.under(rules)


__all__ = ["DEALS", "ExactEdgeResult", "exact_house_edge", "task_bounds"]
