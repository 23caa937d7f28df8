"""Pai Gow speed: House Way dealer settings per second, the exact every-split EV of one
hand (all 53,524,680 dealer hands), and House-Way house-edge deals per second.

    python bench/paigow_speed.py [--repeats R] [--json]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from analyzer.games.paigow.edge import house_edge
from analyzer.games.paigow.policies import _house_way_values
from analyzer.games.paigow.split import split_ev
from analyzer.sim.engine import Stopping
from analyzer.sim.executors import local_workers
from analyzer.sim.runner import Runner
from timing import bench_arguments, best_seconds, report

HAND = "Tc Td 6h 6s Ac 3d 2h"


@njit(cache=True, nogil=True)
def _set_hands(hands):
    total = 0
    for i in range(hands.shape[0]):
        front, back = _house_way_values(hands[i], 0)
        total += front + back
    return total


def main() -> None:
    args = bench_arguments(__doc__).parse_args()
    threads = local_workers()
    rng = np.random.default_rng(1)
    hands = np.argsort(rng.random((2_000_000, 53)), axis=1)[:, :7].astype(np.uint8)
    rows = [
        (
            "House Way settings of random 7-card hands, 1 thread",
            "M hands/s",
            len(hands) / best_seconds(lambda: _set_hands(hands), args.repeats) / 1e6,
        )
    ]
    rows.append(
        (
            f"exact EV of every split of {HAND} (by dealer hand pattern), 1 thread",
            "s",
            best_seconds(lambda: split_ev(HAND, exact=True), args.repeats),
        )
    )
    deals = 10_000_000
    for t in (1, threads):
        seconds = best_seconds(
            lambda: house_edge(stopping=Stopping(trials=deals), seed=1, runner=Runner(threads=t)), args.repeats
        )
        rows.append((f"House Way v House Way deals, {t} thread{'s' * (t > 1)}", "M deals/s", deals / seconds / 1e6))
    report(f"Pai Gow speed ({threads} threads available)", rows, args.json)


if __name__ == "__main__":
    main()
