"""Tables over the 169 starting classes, shared by the Hold'em and stud studies: one row per
(class, opponent count) from one representative combo per class, and the 13x13 chart layout."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import pandas as pd

from analyzer.cards import format_cards
from analyzer.games._equity import EquityResult
from analyzer.ranges import HAND_CLASSES, class_combos, class_grid_position
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed


def class_grid(values: dict[str, float]) -> tuple[np.ndarray, np.ndarray]:
    """A 13x13 array of per-class values and the matching class labels (hand-chart layout)."""
    grid = np.full((13, 13), np.nan)
    labels = np.empty((13, 13), dtype=object)
    for name, value in values.items():
        row, col = class_grid_position(name)
        grid[row, col] = value
        labels[row, col] = name
    return grid, labels


def class_kind(name: str) -> str:
    """``pair``, ``suited`` or ``offsuit``: the kind of a class name."""
    return "pair" if len(name) == 2 else "suited" if name.endswith("s") else "offsuit"


def class_table(
    equity_of: Callable[[str, int, int], EquityResult],
    opponents: Sequence[int],
    seed: int,
    runner: Runner = Runner(),
) -> pd.DataFrame:
    """One row per (class, opponent count): the first player's equity from
    ``equity_of(hero cards, opponents, cell seed)``, with one representative combo per class;
    the ``runner``'s progress hears the cells done."""
    rows = []
    cells = len(HAND_CLASSES) * len(opponents)
    for k in opponents:
        for i, name in enumerate(HAND_CLASSES):
            s = derive_seed(seed, i, k)
            result = equity_of(format_cards(class_combos(name)[0]), k, s)
            p = result.players[0]
            rows.append(
                {
                    "class": name,
                    "kind": class_kind(name),
                    "opponents": k,
                    "equity": p.equity,
                    "stderr": p.stderr,
                    "win": p.win,
                    "tie": p.tie,
                    "trials": result.run.trials,
                    "seed": s,
                }
            )
            runner.report(len(rows), cells)
    return pd.DataFrame(rows)


__all__ = ["class_grid", "class_kind", "class_table"]
