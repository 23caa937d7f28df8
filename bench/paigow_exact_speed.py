"""Exact Pai Gow speed: one hand's every split exact (the dealer's hands counted by rank
pattern, on one core): the first call of a fresh process, the House Way's patterns set by it
included, and the median of a few hands after; then the setting table of all 154,143,080 hands
and the count over all 8,250,459,031,214,400 deals from it (loading and checking it included),
each timed once in a temporary cache folder (nothing cached before is reused); and the peak
resident memory.

    python bench/paigow_exact_speed.py [--way foxwoods] [--json]

The best split of every hand over every deal (``poker-analyzer paigow exact-edge --strategy
optimal``) takes a quarter of an hour: it is timed, and its peak memory measured, with
``/usr/bin/time -v`` (docs/speed.md).
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from analyzer.games.paigow.exact_edge import exact_house_edge
from analyzer.games.paigow.houseway import way_number
from analyzer.games.paigow.settings_table import FULL_DECK, build_table, table_path
from analyzer.games.paigow.split import split_ev
from analyzer.sim.executors import local_workers
from timing import bench_arguments, report

HANDS = (
    "Ac Kd 9h 7s 5c 3d 2h",
    "Tc Td 6h 6s Ac 3d 2h",
    "Jk Ah Kd Qd 9c 4s 4h",
    "As Ks Qs Js 2d 2c 7h",
    "8c 8d 8h 5s 5c Jd 3h",
)
FIRST_CALL = """
import json, sys, time
from analyzer.games.paigow.split import split_ev
start = time.perf_counter()
result = split_ev(sys.argv[1], way=sys.argv[2], exact=True)
print(json.dumps({"seconds": time.perf_counter() - start, "elapsed": result.run.elapsed}))
"""


def main() -> None:
    parser = bench_arguments(__doc__, repeats=1)
    parser.add_argument("--way", default="foxwoods")
    args = parser.parse_args()
    threads = local_workers()
    rows = []
    split_ev(HANDS[0], way=args.way, exact=True)  # compile the kernels (or load them), set the patterns
    first = subprocess.run(
        [sys.executable, "-c", FIRST_CALL, HANDS[1], args.way], capture_output=True, text=True, check=True
    )
    rows.append(
        ("split --exact, first call of a process (patterns set), 1 core", "s", json.loads(first.stdout)["seconds"])
    )
    seconds = []
    for hand in HANDS:
        start = time.perf_counter()
        split_ev(hand, way=args.way, exact=True)
        seconds.append(time.perf_counter() - start)
    rows.append(("split --exact, patterns set, 1 core (median)", "s", statistics.median(seconds)))
    build_table(FULL_DECK[:14], way_number(args.way))  # compile the kernels first
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
    rows.append(("peak resident memory", "GB", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6))
    rows.append(("house edge (check)", "%", 100 * result.house_edge))
    report(f"Exact Pai Gow, {args.way} ({threads} threads available)", rows, args.json)


if __name__ == "__main__":
    main()
