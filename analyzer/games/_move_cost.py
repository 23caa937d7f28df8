"""What a simulating player's move costs, and the budget that costs a given thinking time.

Shared by the games whose players simulate (Head to Head, Saint Poker); each game supplies its
positions and its move.

**CPU per move.** A match says which player plays better; "at the same CPU per move or less"
needs the other half, measured on the same positions for every player. :func:`interleaved_costs`
times each player's pass over the positions (one move at each, :func:`time.process_time`
around the whole pass, one core) after one untimed move that compiles its code; the passes are
interleaved: every repeat times each player once, in an order that rotates, so a change of the
machine's load in the middle falls on every player alike. A player's cost is the median pass,
with the fastest and the slowest beside it. Unlike the moves, the costs are measurements of
this machine, not functions of the seed.

**A thinking time.** The search players are given a budget in play-outs (or tree iterations):
``search:1024``. A move then depends on the seed alone, so a game replays and a paired match
stays paired on any machine and under any load. A person sitting down to play thinks in
seconds instead: "let it think half a second a move". :func:`fitted_budget` joins the two: it
measures the player's CPU per move at two budgets ``N1 < N2`` (:data:`CALIBRATION_BUDGETS`),
fits the straight line ``cost(N) = fixed + N x each`` through them (the play-outs are what a
move costs; ``fixed`` is what the player spends whatever its budget: listing the legal moves,
dealing its samples), and solves ``cost(N) = T`` for the thinking time ``T``. The budget found
is then fixed for the game: the player's name says it (``ismcts:2900``), its moves replay
from the seed and that name on any machine, and the time it takes varies around ``T`` from
move to move (more cards left to play make longer play-outs).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from analyzer.sim.engine import MAX_ROLLOUTS

CALIBRATION_BUDGETS = (32, 256)
"""The two budgets ``N1, N2`` the player is timed at: small enough that the measurement takes
about a second, far enough apart that the line's slope is not noise."""
MAX_THINK_MS = 600_000.0
"""Ten minutes a move: the longest thinking time taken."""


@dataclass(frozen=True)
class MoveCost:
    """One player's CPU per move over the positions: ``ms_per_move`` the median pass of the
    ``repeats``, ``fastest_ms`` and ``slowest_ms`` the extreme passes, all per move."""

    player: str
    positions: int
    repeats: int
    ms_per_move: float
    fastest_ms: float
    slowest_ms: float


def interleaved_costs(
    players: Sequence[str], moves: Sequence[Callable[[int], object]], positions: int, repeats: int
) -> list[MoveCost]:
    """Each player's CPU per move (module docstring): ``moves[k](i)`` makes player ``k``'s move
    at position ``i`` (of ``positions``); ``repeats`` timed passes a player, after one untimed
    move each (compiling)."""
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    for move in moves:
        move(0)
    passes = np.zeros((len(players), repeats))
    for r in range(repeats):
        for step in range(len(players)):
            k = (r + step) % len(players)
            start = time.process_time()
            for i in range(positions):
                moves[k](i)
            passes[k, r] = time.process_time() - start
    per_move = 1000 * passes / positions
    return [
        MoveCost(name, positions, repeats, float(np.median(row)), float(row.min()), float(row.max()))
        for name, row in zip(players, per_move)
    ]


@dataclass(frozen=True)
class ThinkBudget:
    """The budget that costs ``think_ms`` CPU milliseconds a move on average on this machine.

    ``policy`` is the player with that budget (``ismcts:2900:tuned``), ``budget`` the count in
    it; ``fixed_ms`` and ``each_ms`` the fitted line (module docstring): a move at budget ``N``
    costs about ``fixed_ms + N * each_ms``."""

    policy: str
    budget: int
    think_ms: float
    fixed_ms: float
    each_ms: float

    def describe(self) -> str:
        """One line for a person: the player and what a move costs it here.

        >>> ThinkBudget("search:3000", 3000, 500.0, 2.0, 0.166).describe()
        'search:3000: about 500 ms a move on this machine (2.0 ms + 0.166 ms x 3000, measured)'
        """
        return (
            f"{self.policy}: about {self.think_ms:g} ms a move on this machine "
            f"({self.fixed_ms:.1f} ms + {self.each_ms:.3g} ms x {self.budget}, measured)"
        )


def with_budget(spec: str, budget: int) -> str:
    """The policy ``spec`` (``NAME[:N[:BASE]]``) with its budget set to ``budget``, its base kept.

    >>> with_budget("ismcts", 900), with_budget("search:64:tuned", 900)
    ('ismcts:900', 'search:900:tuned')
    """
    name, *rest = spec.strip().lower().split(":")
    return ":".join([name, str(budget), *rest[1:]])


def fitted_budget(
    spec: str,
    think_ms: float,
    budget_of: Callable[[str], int],
    costs_ms: Callable[[Sequence[str]], Sequence[float]],
) -> ThinkBudget:
    """The budget of the player ``spec`` that costs ``think_ms`` CPU milliseconds a move
    (module docstring).

    Parameters
    ----------
    spec
        A player with a budget, ``NAME[:N[:BASE]]`` (its ``N``, if given, is replaced).
    think_ms
        The thinking time a move, milliseconds, more than 0 and at most :data:`MAX_THINK_MS`.
    budget_of
        The game's parser: the budget the player ``spec`` plays (0 for a player without one,
        such as ``greedy``); raises ValueError for a name that is no player.
    costs_ms
        The game's measurement: each player's CPU milliseconds a move, one core, over the same
        positions from real play, the players timed in turn.

    Raises ValueError for a player without a budget, a time out of range, or a time below what
    the player's smallest budget costs here.

    >>> line = lambda specs: [2.0 + 0.5 * int(s.split(":")[1]) for s in specs]  # 2 ms + 0.5 ms each
    >>> fitted_budget("search:64", 502, lambda s: 64, line)
    ThinkBudget(policy='search:1000', budget=1000, think_ms=502, fixed_ms=2.0, each_ms=0.5)
    """
    if not (isinstance(think_ms, int | float) and math.isfinite(think_ms) and 0 < think_ms <= MAX_THINK_MS):
        raise ValueError(f"bad thinking time {think_ms!r} ms: expected more than 0 and at most {MAX_THINK_MS:,.0f}")
    if budget_of(spec) <= 0:
        raise ValueError(f"policy {spec!r} plays no budget of play-outs to set from a thinking time")
    low, high = CALIBRATION_BUDGETS
    at_low, at_high = costs_ms([with_budget(spec, low), with_budget(spec, high)])
    each = max(at_high - at_low, 0.0) / (high - low)
    fixed = max(at_low - each * low, 0.0)
    if each == 0.0:  # the clock could not tell the two apart: take the cost as proportional
        each, fixed = at_high / high, 0.0
    if think_ms < fixed + each:
        raise ValueError(
            f"{spec} needs about {fixed + each:.2g} ms a move here at its smallest budget; "
            f"a thinking time of {think_ms:g} ms is below it"
        )
    budget = min(max(1, round((think_ms - fixed) / each)), MAX_ROLLOUTS)
    return ThinkBudget(with_budget(spec, budget), budget, think_ms, fixed, each)
