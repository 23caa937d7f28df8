"""Hold'em equity speed: exact heads-up preflop, Monte Carlo showdowns per second,
and eval7's Monte Carlo equity on the same matchup, in one run.

    python bench/equity_speed.py [--trials N] [--repeats R] [--json]

The matchup is AsKs against QdQc preflop. "Exact" is timed twice: the kernel alone
(board rank patterns for one combo matchup) and the public ``holdem_equity`` call
(parsing, checks, result). Every figure is the best of ``--repeats`` warm runs.
"""

from __future__ import annotations

import json
from collections.abc import Callable

import numpy as np

from analyzer.cards import parse_cards
from analyzer.games.holdem.engine import exact_showdowns
from analyzer.games.holdem.equity import holdem_equity
from analyzer.sim.engine import Stopping
from analyzer.sim.executors import local_workers
from analyzer.sim.showdown import WIDTH
from timing import bench_arguments, best_seconds

HERO, VILLAIN = "AsKs", "QdQc"


def exact_kernel() -> Callable[[], None]:
    holes = np.array([parse_cards(HERO), parse_cards(VILLAIN)], np.uint8)
    used = np.uint64(sum(1 << int(c) for c in holes.ravel()))
    free = ~used & np.uint64((1 << 52) - 1)
    board = np.zeros(0, np.uint8)
    tallies = np.zeros((2, WIDTH), np.int64)
    return lambda: exact_showdowns(holes, board, free, tallies, 1)


def main() -> None:
    parser = bench_arguments(__doc__, repeats=5)
    parser.add_argument("--trials", type=int, default=20_000_000, help="Monte Carlo trials per timing")
    args = parser.parse_args()
    threads = local_workers()
    rows: list[tuple[str, str, str, float]] = []

    kernel = best_seconds(exact_kernel(), args.repeats * 4)
    api = best_seconds(lambda: holdem_equity([HERO, VILLAIN], method="exact", threads=1), args.repeats * 4)
    rows.append(("poker-analyzer", "exact AsKs v QdQc preflop, kernel, 1 thread", "ms", kernel * 1e3))
    rows.append(("poker-analyzer", "exact AsKs v QdQc preflop, holdem_equity(), 1 thread", "ms", api * 1e3))
    stopping = Stopping(trials=args.trials)
    for t in (1, threads):
        seconds = best_seconds(
            lambda: holdem_equity([HERO, VILLAIN], method="monte-carlo", stopping=stopping, seed=1, threads=t),
            args.repeats,
        )
        rows.append(
            (
                "poker-analyzer",
                f"Monte Carlo AsKs v QdQc, {t} thread{'s' * (t > 1)}",
                "M showdowns/s",
                args.trials / seconds / 1e6,
            )
        )
    try:
        import eval7

        hero = [eval7.Card(HERO[:2]), eval7.Card(HERO[2:])]
        villain = eval7.HandRange(VILLAIN)
        n = min(args.trials, 5_000_000)
        seconds = best_seconds(
            lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], n), max(1, args.repeats // 2)
        )
        rows.append(("eval7", "py_hand_vs_range_monte_carlo AsKs v QdQc, 1 thread", "M showdowns/s", n / seconds / 1e6))
    except ImportError:
        pass

    ours_mc = rows[2][3]
    if args.json:
        print(json.dumps([{"library": lib, "workload": w, "unit": u, "value": v} for lib, w, u, v in rows], indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"Hold'em equity speed ({threads} threads available; best of {args.repeats})")
    for column in ("library", "workload", "value", "unit", "ours (1 thread) ÷ this"):
        table.add_column(column, justify="left" if column == "workload" else "right")
    for lib, workload, unit, value in rows:
        ratio = f"{ours_mc / value:.2f}x" if unit.startswith("M ") else ""
        table.add_row(lib, workload, f"{value:,.2f}", unit, ratio)
    Console(width=140).print(table)


if __name__ == "__main__":
    main()
