"""This machine's speed against the one a cost model was measured on, timed once per process.

A cost model (seconds per deal enumerated, say) holds figures measured on one machine. To turn
its estimate into seconds here, a small reference workload whose time on that machine is known
(``baseline_seconds``) is timed here, and the estimate is scaled by
``factor = best time here / baseline_seconds``. The reference runs once untimed (loading or
compiling its code), then again and again for at least :data:`TIMING_SECONDS`; the best run
counts, as the one least disturbed by other work. Running the kernels as Python
(``NUMBA_DISABLE_JIT=1``) gives a factor in the thousands, as it should.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

TIMING_SECONDS = 0.02  # time the reference for at least this long
TIMING_RUNS = 3  # and at least this many times


class Calibration:
    """A cost model's speed factor on this machine (module docstring), measured on the first call
    of :meth:`factor` and kept for the process.

    Parameters
    ----------
    reference:
        The reference workload: called with no arguments, its result ignored.
    baseline_seconds:
        Its best time on the machine the cost model's figures were measured on.

    >>> calibration = Calibration(lambda: sum(range(1000)), baseline_seconds=1.0)
    >>> 0 < calibration.factor() < 1
    True
    """

    def __init__(self, reference: Callable[[], object], baseline_seconds: float) -> None:
        self._reference = reference
        self._baseline = baseline_seconds
        self._factor: float | None = None
        self._lock = threading.Lock()

    def factor(self) -> float:
        """How many times longer than on the cost model's machine work takes here."""
        with self._lock:
            if self._factor is None:
                self._factor = _best_time(self._reference) / self._baseline
            return self._factor


def _best_time(reference: Callable[[], object]) -> float:
    """The best of repeated timed runs of ``reference`` after one untimed one."""
    reference()
    best = float("inf")
    started = time.perf_counter()
    runs = 0
    while runs < TIMING_RUNS or time.perf_counter() - started < TIMING_SECONDS:
        start = time.perf_counter()
        reference()
        best = min(best, time.perf_counter() - start)
        runs += 1
    return best


__all__ = ["Calibration"]
