"""The Monte Carlo job of a Hold'em equity query: random deals of the players' ranges and the
board's missing cards, drawn in seeded chunks on threads or Dask workers."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from analyzer.games.holdem.deal import HoldemDeal, by_player
from analyzer.games.holdem.engine import _monte_carlo_showdowns
from analyzer.games.holdem.joint import joint_deals
from analyzer.sim.showdown import WIDTH, max_equity_se


@dataclass(frozen=True)
class HoldemMonteCarlo:
    """A picklable Monte Carlo job (runs on threads or Dask workers)."""

    combos: np.ndarray
    offsets: np.ndarray
    cumulative: np.ndarray
    uniform: np.ndarray
    any_two: np.ndarray
    joint: np.ndarray
    joint_used: np.ndarray
    joint_cumulative: np.ndarray
    board: np.ndarray
    excluded: np.uint64
    combo_rows: np.ndarray | None
    categories: bool = True

    @classmethod
    def from_deal(cls, deal: HoldemDeal, by_combo: bool = False, categories: bool = True) -> HoldemMonteCarlo:
        """The job of a validated deal: the packed combos, each range's cumulative weights (to
        draw a combo in proportion to its weight), which ranges are uniform (a combo drawn by
        index) and which are any two cards (two cards drawn from the deck), the joint deals of
        the other players (:func:`~analyzer.games.holdem.joint.joint_deals`; none listed when
        there are too many); with ``by_combo``, :meth:`HoldemDeal.combo_rows`, so that the
        tallies are kept per combo; with ``categories``, the final hands' categories are tallied
        (always when by combo)."""
        combos, offsets, weights = deal.packed
        cumulative = np.concatenate([np.cumsum(r.weights) for r in deal.ranges])
        uniform = np.array([bool((r.weights == r.weights[0]).all()) for r in deal.ranges])
        unblocked = math.comb(52 - len(deal.board) - len(deal.dead), 2)
        any_two = np.array([bool(u) and len(r) == unblocked for u, r in zip(uniform, deal.ranges)])
        listed = joint_deals(combos, offsets, weights, ~any_two, deal.excluded)
        joint, used, joint_cumulative = listed or (
            np.empty((0, len(offsets) - 1), np.int32),
            np.empty(0, np.uint64),
            np.empty(0),
        )
        rows = deal.combo_rows() if by_combo else None
        board = deal.board.astype(np.uint8)
        return cls(
            combos,
            offsets,
            cumulative,
            uniform,
            any_two,
            joint,
            used,
            joint_cumulative,
            board,
            deal.excluded,
            rows,
            categories,
        )

    @property
    def by_combo(self) -> bool:
        """Whether the tallies have a row per combo (else one per player)."""
        return self.combo_rows is not None

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        """Showdown tallies (:mod:`analyzer.sim.showdown`) of ``trials`` random deals drawn with
        the generator ``state``, a row per player or per combo; a deal that fails 100,000
        redraws in a row is an error."""
        tallies = np.zeros((len(self.combos) if self.by_combo else len(self.offsets) - 1, WIDTH), np.int64)
        status = _monte_carlo_showdowns(
            self.combos,
            self.offsets,
            self.cumulative,
            self.uniform,
            self.any_two,
            self.joint,
            self.joint_used,
            self.joint_cumulative,
            self.board,
            self.excluded,
            self.combo_rows,
            self.categories,
            state.copy(),
            trials,
            tallies,
        )
        if status != 0:
            raise ValueError("the ranges almost never fit together: a deal failed 100,000 times in a row")
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        """The largest standard error of the players' equities (the target-s.e. stopping rule)."""
        return max_equity_se(by_player(tallies, self.offsets) if self.by_combo else tallies, trials)
