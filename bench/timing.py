"""Timing shared by the benchmark scripts."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable


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
