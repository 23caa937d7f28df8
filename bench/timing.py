"""Timing, thread counts and random hands shared by the benchmark scripts."""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable

import numpy as np


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


def spread(values: list[float]) -> dict[str, float]:
    """The min, median and max of some measurements."""
    return {"min": min(values), "median": statistics.median(values), "max": max(values)}


def with_threads(threads: int, run: Callable[[], object]) -> Callable[[], object]:
    """``run`` on ``threads`` Numba threads: the thread count set for the call and restored after."""
    import numba

    def wrapped() -> object:
        previous = numba.get_num_threads()
        numba.set_num_threads(threads)
        try:
            return run()
        finally:
            numba.set_num_threads(previous)

    return wrapped


def random_hands(n: int, k: int, deck_size: int, seed: int) -> np.ndarray:
    """``n`` hands of ``k`` distinct card codes from ``0..deck_size - 1``, as ``uint8`` rows: each
    row the first ``k`` of a uniformly random permutation (numpy's generator, ``seed``)."""
    rng = np.random.default_rng(seed)
    hands = np.empty((n, k), np.uint8)
    block = 1_000_000
    for start in range(0, n, block):
        stop = min(n, start + block)
        hands[start:stop] = np.argsort(rng.random((stop - start, deck_size)), axis=1)[:, :k]
    return hands


def report(title: str, rows: list[tuple], as_json: bool) -> None:
    """Print benchmark rows ``(workload, unit, value)`` or ``(workload, unit, value, ratio to a
    target or None)`` as JSON or as a table (with an 'x target' column when a row has a target)."""
    rows = [(*row, None) if len(row) == 3 else tuple(row) for row in rows]
    targets = any(ratio is not None for *_, ratio in rows)
    if as_json:
        fields = ("workload", "unit", "value", "vs_target")[: 4 if targets else 3]
        print(json.dumps([dict(zip(fields, row)) for row in rows], indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{title}; 'x target' > 1 beats the target" if targets else title)
    for column in ("workload", "value", "unit", "x target")[: 4 if targets else 3]:
        table.add_column(column, justify="left" if column == "workload" else "right")
    for workload, unit, value, ratio in rows:
        cells = [workload, f"{value:,.3f}" if abs(value) < 10 else f"{value:,.2f}", unit]
        table.add_row(*cells, *([] if not targets else ["" if ratio is None else f"{ratio:.2f}"]))
    Console(width=140).print(table)
