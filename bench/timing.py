"""Timing shared by the benchmark scripts."""

from __future__ import annotations

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
