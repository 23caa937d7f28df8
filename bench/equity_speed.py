"""Hold'em equity speed: exact heads-up preflop and on a flop, Monte Carlo showdowns per second,
eval7's Monte Carlo equity on the same matchup, and the equity on every flop, in one run.

    python bench/equity_speed.py [--trials N] [--repeats R] [--only WORKLOAD ...] [--json]

The matchup is AsKs against QdQc, preflop and on the flop Kh 7d 2c. "Exact" is timed twice:
the kernel alone (board rank patterns for one combo matchup) and the public ``holdem_equity``
call (parsing, checks, result): the difference is the fixed cost of a query. Every figure is the
best of ``--repeats`` warm runs (a flop query's, per call of a run of 1,000 calls), except the
``flops`` workload's: ``holdem_flops`` (all 17,296 flops in one call), a sample of
:data:`FLOP_SAMPLE` single ``holdem_equity`` calls on flops (extrapolated to the 17,296 flops)
and one exact preflop call, timed in ``--repeats`` interleaved rounds, medians reported.
"""

from __future__ import annotations

import json
import math
import statistics
import time
from collections.abc import Callable

import numpy as np

from analyzer.cards import cards_mask, parse_cards
from analyzer.games.holdem.engine import exact_showdowns
from analyzer.games.holdem.equity import holdem_equity
from analyzer.games.holdem.queries import holdem_equities
from analyzer.games.holdem.streets import holdem_flops
from analyzer.sim.engine import Stopping
from analyzer.sim.executors import local_workers
from analyzer.sim.runner import Runner
from analyzer.sim.showdown import WIDTH
from timing import bench_arguments, best_seconds

HERO, VILLAIN = "AsKs", "QdQc"
FLOP = "Kh 7d 2c"
FLOP_CALLS = 1000  # a flop query takes about 0.1 ms: timed over this many calls
WORKLOADS = ("exact", "monte-carlo", "eval7", "flops")
FLOP_SAMPLE = 500  # single flop calls timed per round, of the 17,296

Row = tuple[str, str, str, float]


def exact_kernel(board_text: str) -> Callable[[], None]:
    """The exact kernel's call for HERO v VILLAIN on the board, with the types holdem_equity passes."""
    deal = np.array([[parse_cards(HERO), parse_cards(VILLAIN)]], np.int64)
    board = parse_cards(board_text)
    tallies = np.zeros((2, WIDTH))
    return lambda: exact_showdowns(deal, np.ones(1), board, cards_mask(board), tallies)


def exact_query(board: str) -> Callable[[], object]:
    """The public call for HERO v VILLAIN on the board, exact, on one thread."""
    return lambda: holdem_equity([HERO, VILLAIN], board, exact=True, runner=Runner(threads=1))


def repeated(call: Callable[[], object], calls: int) -> Callable[[], None]:
    """``call`` run ``calls`` times in a row."""

    def run() -> None:
        for _ in range(calls):
            call()

    return run


def exact_rows(repeats: int) -> list[Row]:
    """The exact kernel alone and through ``holdem_equity``, one thread, preflop and on a flop."""
    rows = []
    for board, where, calls in (("", "preflop", 1), (FLOP, f"on {FLOP}", FLOP_CALLS)):
        for what, call in (("kernel", exact_kernel(board)), ("holdem_equity()", exact_query(board))):
            seconds = best_seconds(repeated(call, calls), repeats * 4) / calls
            rows.append(("poker-analyzer", f"exact AsKs v QdQc {where}, {what}, 1 thread", "ms", seconds * 1e3))
    return rows


def monte_carlo_rows(repeats: int, trials: int, threads: int) -> list[Row]:
    """Monte Carlo showdowns per second on one thread and on every core."""
    stopping = Stopping(trials=trials)
    rows = []
    for t in (1, threads):
        seconds = best_seconds(
            lambda: holdem_equity([HERO, VILLAIN], exact=False, stopping=stopping, seed=1, runner=Runner(threads=t)),
            repeats,
        )
        rows.append(
            (
                "poker-analyzer",
                f"Monte Carlo AsKs v QdQc, {t} thread{'s' * (t > 1)}",
                "M showdowns/s",
                trials / seconds / 1e6,
            )
        )
    return rows


def eval7_rows(repeats: int, trials: int) -> list[Row]:
    """eval7's Monte Carlo equity on the same matchup (none when eval7 is not installed)."""
    try:
        import eval7
    except ImportError:
        return []
    hero = [eval7.Card(HERO[:2]), eval7.Card(HERO[2:])]
    villain = eval7.HandRange(VILLAIN)
    n = min(trials, 5_000_000)
    seconds = best_seconds(lambda: eval7.py_hand_vs_range_monte_carlo(hero, villain, [], n), max(1, repeats // 2))
    return [("eval7", "py_hand_vs_range_monte_carlo AsKs v QdQc, 1 thread", "M showdowns/s", n / seconds / 1e6)]


def flops_rows(rounds: int, threads: int) -> list[Row]:
    """Every flop in one ``holdem_flops`` call (1 thread and every core) against single
    ``holdem_equity`` calls on :data:`FLOP_SAMPLE` random flops (seed 2026; every core, the
    default), extrapolated to all 17,296, the same flops as one ``holdem_equities`` call, and one
    exact preflop call (every core): interleaved rounds, medians."""
    hands = [HERO, VILLAIN]
    flops = holdem_flops(hands).boards
    sample = [flops[i] for i in np.random.default_rng(2026).choice(len(flops), FLOP_SAMPLE, replace=False)]
    timed: dict[str, Callable[[], object]] = {
        "flops1": lambda: holdem_flops(hands, runner=Runner(threads=1)),
        "flops": lambda: holdem_flops(hands),
        "single": lambda: [holdem_equity(hands, board) for board in sample],
        "batch": lambda: holdem_equities([(hands, board) for board in sample]),
        "preflop": lambda: holdem_equity(hands, exact=True),
    }
    seconds: dict[str, list[float]] = {name: [] for name in timed}
    for run in timed.values():
        run()  # warm
    for _ in range(rounds):
        for name, run in timed.items():
            start = time.perf_counter()
            run()
            seconds[name].append(time.perf_counter() - start)
    median = {name: statistics.median(values) for name, values in seconds.items()}
    single = median["single"] / FLOP_SAMPLE
    every = f"every flop AsKs v QdQc ({len(flops):,})"
    return [
        ("poker-analyzer", f"{every}, holdem_flops(), 1 thread", "s", median["flops1"]),
        ("poker-analyzer", f"{every}, holdem_flops(), {threads} threads", "s", median["flops"]),
        ("poker-analyzer", f"one flop, holdem_equity(), mean of {FLOP_SAMPLE} calls", "ms", single * 1e3),
        ("poker-analyzer", f"{FLOP_SAMPLE} flops, one holdem_equities() call", "ms", median["batch"] * 1e3),
        ("poker-analyzer", f"{every}, single calls (extrapolated)", "s", single * len(flops)),
        ("poker-analyzer", "exact AsKs v QdQc preflop, holdem_equity()", "ms", median["preflop"] * 1e3),
        ("poker-analyzer", "flops: single calls ÷ holdem_flops()", "x", single * len(flops) / median["flops"]),
        ("poker-analyzer", "flops: holdem_flops() ÷ one preflop call", "x", median["flops"] / median["preflop"]),
        (
            "poker-analyzer",
            f"{FLOP_SAMPLE} flops: single calls ÷ holdem_equities()",
            "x",
            median["single"] / median["batch"],
        ),
    ]


def main() -> None:
    parser = bench_arguments(__doc__, repeats=5)
    parser.add_argument("--trials", type=int, default=20_000_000, help="Monte Carlo trials per timing")
    parser.add_argument("--only", nargs="+", choices=WORKLOADS, default=list(WORKLOADS), metavar="WORKLOAD")
    args = parser.parse_args()
    threads = local_workers()
    rows: list[Row] = []
    if "exact" in args.only:
        rows += exact_rows(args.repeats)
    if "monte-carlo" in args.only:
        rows += monte_carlo_rows(args.repeats, args.trials, threads)
    if "eval7" in args.only:
        rows += eval7_rows(args.repeats, args.trials)
    if "flops" in args.only:
        rows += flops_rows(args.repeats, threads)

    ours_mc = next((v for _, w, _, v in rows if w.startswith("Monte Carlo") and "1 thread" in w), math.nan)
    if args.json:
        print(json.dumps([{"library": lib, "workload": w, "unit": u, "value": v} for lib, w, u, v in rows], indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=f"Hold'em equity speed ({threads} threads; best of {args.repeats}, flops: median of {args.repeats})"
    )
    for column in ("library", "workload", "value", "unit", "ours (1 thread) ÷ this"):
        table.add_column(column, justify="left" if column == "workload" else "right")
    for lib, workload, unit, value in rows:
        ratio = f"{ours_mc / value:.2f}x" if unit.startswith("M ") and not math.isnan(ours_mc) else ""
        table.add_row(lib, workload, f"{value:,.2f}", unit, ratio)
    Console(width=140).print(table)


if __name__ == "__main__":
    main()
