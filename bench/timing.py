"""Timing shared by the benchmark scripts."""

from __future__ import annotations

import argparse
import json
import math
import time
from collections.abc import Callable


def bench_arguments(doc: str, repeats: int = 3) -> argparse.ArgumentParser:
    """The options every benchmark takes (``--repeats``, ``--json``), described by the first
    line of its docstring; a benchmark adds its own before parsing."""
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=repeats)
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser


def best_seconds(run: Callable[[], object], repeats: int) -> float:
    """The fastest of ``repeats`` timed calls of ``run``, after one warm-up call
    (compilation, page faults, caches)."""
    run()
    fastest = math.inf
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        fastest = min(fastest, time.perf_counter() - start)
    return fastest


def report(title: str, rows: list[tuple], as_json: bool) -> None:
    """Print benchmark rows ``(workload, unit, value, ratio to a target or None)`` as JSON
    or as a table."""
    if as_json:
        print(json.dumps([{"workload": w, "unit": u, "value": v, "vs_target": r} for w, u, v, r in rows], indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{title}; 'x target' > 1 beats the target")
    for column in ("workload", "value", "unit", "x target"):
        table.add_column(column, justify="left" if column == "workload" else "right")
    for workload, unit, value, ratio in rows:
        table.add_row(workload, f"{value:,.2f}", unit, "" if ratio is None else f"{ratio:.2f}")
    Console(width=140).print(table)
