"""Exact Pai Gow speed: the setting table of all 154,143,080 hands, then the count over all
8,250,459,031,214,400 deals from it (loading and checking it included), each timed once in a
temporary cache folder (nothing cached before is reused); then one hand's every split exact
from the table (the median of a few hands, each in full: table check, grid, settlement) and
set again without it (one hand); and the peak resident memory.

    python bench/paigow_exact_speed.py [--way foxwoods] [--json]
"""

from __future__ import annotations

import resource
import statistics
import tempfile
import time
from pathlib import Path

import numpy as np

from analyzer.games.paigow.exact_edge import exact_house_edge
from analyzer.games.paigow.houseway import way_number
from analyzer.games.paigow.settings_table import FULL_DECK, build_table, table_path
from analyzer.games.paigow.split import split_ev
from analyzer.sim.executors import local_workers
from analyzer.sim.runner import Runner
from timing import bench_arguments, report

HANDS = (
    "Ac Kd 9h 7s 5c 3d 2h",
    "Tc Td 6h 6s Ac 3d 2h",
    "Jk Ah Kd Qd 9c 4s 4h",
    "As Ks Qs Js 2d 2c 7h",
    "8c 8d 8h 5s 5c Jd 3h",
)


def main() -> None:
    parser = bench_arguments(__doc__, repeats=1)
    parser.add_argument("--way", default="foxwoods")
    args = parser.parse_args()
    threads = local_workers()
    build_table(FULL_DECK[:14], way_number(args.way))  # compile the kernels first
    rows = []
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        table = build_table(FULL_DECK, way_number(args.way))
        seconds = time.perf_counter() - start
        rows.append((f"setting table, {threads} threads", "s", seconds))
        rows.append((f"setting table, {threads} threads", "M hands/s", len(table) / seconds / 1e6))
        np.save(table_path(args.way, Path(folder)), table)  # where the count finds it
        del table
        start = time.perf_counter()
        result = exact_house_edge(way=args.way, cache=Path(folder))
        rows.append((f"count over every deal, {threads} threads", "s", time.perf_counter() - start))
        split_ev(HANDS[0], exact=True, cache=Path(folder))  # load the kernels
        seconds = []
        for hand in HANDS:
            start = time.perf_counter()
            split_ev(hand, exact=True, cache=Path(folder))
            seconds.append(time.perf_counter() - start)
        rows.append((f"split --exact from the table, {threads} threads (median)", "s", statistics.median(seconds)))
    split_ev(HANDS[0], exact=True, table="off", runner=Runner(threads=1))  # compile or load the kernels
    start = time.perf_counter()
    split_ev(HANDS[0], exact=True, table="off")
    rows.append((f"split --exact, every dealer hand set again, {threads} threads", "s", time.perf_counter() - start))
    rows.append(("peak resident memory", "GB", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6))
    rows.append(("house edge (check)", "%", 100 * result.house_edge))
    report(f"Exact Pai Gow house edge, {args.way} ({threads} threads available)", rows, args.json)


if __name__ == "__main__":
    main()
