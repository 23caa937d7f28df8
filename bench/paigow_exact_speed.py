"""Exact Pai Gow house edge speed: the setting table of all 154,143,080 hands, then the count
over all 8,250,459,031,214,400 deals from it (loading and checking it included), each timed
once in a temporary cache folder (nothing cached before is reused), and the peak resident
memory.

    python bench/paigow_exact_speed.py [--way foxwoods] [--json]
"""

from __future__ import annotations

import json
import resource
import tempfile
import time
from pathlib import Path

import numpy as np

from analyzer.games.paigow.exact_edge import exact_house_edge
from analyzer.games.paigow.houseway import way_number
from analyzer.games.paigow.settings_table import FULL_DECK, build_table, table_path
from analyzer.sim.executors import local_workers
from timing import bench_arguments


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
    rows.append(("peak resident memory", "GB", resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e6))
    rows.append(("house edge (check)", "%", 100 * result.house_edge))
    if args.json:
        print(json.dumps([{"workload": w, "unit": u, "value": v} for w, u, v in rows], indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    out = Table(title=f"Exact Pai Gow house edge, {args.way} ({threads} threads available)")
    for column in ("workload", "value", "unit"):
        out.add_column(column, justify="left" if column == "workload" else "right")
    for workload, unit, value in rows:
        out.add_row(workload, f"{value:,.3f}", unit)
    Console(width=120).print(out)


if __name__ == "__main__":
    main()
