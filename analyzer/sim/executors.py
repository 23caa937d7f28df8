"""Where chunks run: local threads by default, a Dask cluster given a scheduler address.

Dask is the optional ``distributed`` extra, imported only when a scheduler is
given (``--scheduler ADDRESS`` or Dask's own ``DASK_SCHEDULER_ADDRESS``). Both
paths are standard ``concurrent.futures`` executors, so the engine cannot tell
them apart, and results never depend on which one ran.

Local threads are bounded by :func:`max_threads`: the kernels are CPU-bound and release
the GIL, so threads beyond the cores only take turns on them. A few per core still allow
for hyperthreads and for testing schedules with more threads than cores; thousands only
cost memory (every thread reserves its stack) and time to start.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import contextmanager

SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
THREADS_PER_CORE = 4  # the most local threads per core (module docstring)


def scheduler_address(scheduler: str | None) -> str | None:
    """The Dask scheduler to use: the explicit address, else ``DASK_SCHEDULER_ADDRESS``."""
    return scheduler or os.environ.get(SCHEDULER_ENV) or None


def local_workers() -> int:
    """Threads of a local run: Numba's thread count (the cores, unless ``NUMBA_NUM_THREADS`` says)."""
    import numba

    return numba.config.NUMBA_NUM_THREADS


def max_threads() -> int:
    """The most local threads a run may ask for: :data:`THREADS_PER_CORE` per core."""
    return THREADS_PER_CORE * (os.cpu_count() or 1)


def check_threads(threads: int | None) -> int | None:
    """``threads`` if it is None (every core) or 1 to :func:`max_threads`, else a ValueError.

    >>> check_threads(1)
    1
    """
    if threads is not None and not 1 <= threads <= max_threads():
        cores = os.cpu_count() or 1
        raise ValueError(
            f"threads must be 1 to {max_threads()} ({THREADS_PER_CORE} per core, {cores} cores), got {threads}"
        )
    return threads


@contextmanager
def executor(scheduler: str | None = None, threads: int | None = None) -> Iterator[tuple[Executor, int]]:
    """An executor and its number of workers (threads here, Dask worker threads there);
    ``threads`` is checked by :func:`check_threads` even when a scheduler is given."""
    check_threads(threads)
    address = scheduler_address(scheduler)
    if address is None:
        workers = threads or local_workers()
        with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="chunk") as pool:
            yield pool, workers
        return
    try:
        from dask.distributed import Client
    except ImportError:
        raise ValueError(
            "a Dask scheduler was given but dask.distributed is not installed: "
            "pip install 'poker-analyzer[distributed]'"
        ) from None
    try:
        client = Client(address, timeout="5s")
    except OSError as err:
        raise ValueError(f"cannot reach the Dask scheduler at {address}: {err}") from None
    with client:
        workers = max(1, sum(client.nthreads().values()))
        yield client.get_executor(pure=False), workers
