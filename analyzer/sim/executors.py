"""Where chunks run: local threads by default, a Dask cluster given a scheduler address, and
the calling thread itself for a run that could not use more than one thread.

Dask is the optional ``distributed`` extra, imported only when a scheduler is
given (``--scheduler ADDRESS`` or Dask's own ``DASK_SCHEDULER_ADDRESS``). Both
paths are standard ``concurrent.futures`` executors, so the engine cannot tell
them apart, and results never depend on which one ran.

Local threads are bounded by :func:`max_threads`: the kernels are CPU-bound and release
the GIL, so threads beyond the cores only take turns on them. A few per core still allow
for hyperthreads and for testing schedules with more threads than cores; thousands only
cost memory (every thread reserves its stack) and time to start.

A local run of one thread, or of at most one task, runs inline (:class:`InlineExecutor`):
each call at once on the calling thread, with no pool and no thread started, which is most of
the fixed cost of a small query (a pool and its thread cost about 0.1 ms, a postflop heads-up
enumeration less). The engine sees the same futures in the same order, so the results, the
checkpoints and the progress reports are those of a pool.
"""

from __future__ import annotations

import functools
import gc
import os
from collections.abc import Iterator
from concurrent.futures import Executor, Future, ThreadPoolExecutor
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


@functools.cache
def _cores() -> int:
    """The machine's cores, read once (``os.cpu_count`` costs about 10 µs a call, much of a
    small query's floor)."""
    return os.cpu_count() or 1


def max_threads() -> int:
    """The most local threads a run may ask for: :data:`THREADS_PER_CORE` per core."""
    return THREADS_PER_CORE * _cores()


def check_threads(threads: int | None) -> int | None:
    """``threads`` if it is None (every core) or 1 to :func:`max_threads`, else a ValueError.

    >>> check_threads(1)
    1
    """
    if threads is not None and not 1 <= threads <= max_threads():
        raise ValueError(
            f"threads must be 1 to {max_threads()} ({THREADS_PER_CORE} per core, {_cores()} cores), got {threads}"
        )
    return threads


class InlineExecutor(Executor):
    """An executor that runs each call when it is submitted, on the calling thread, and returns
    its future already done (holding the result, or the exception the call raised)."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        """Run ``fn(*args, **kwargs)`` now; its outcome is in the returned future."""
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except Exception as error:  # raised again by future.result(), as a pool's future does
            future.set_exception(error)
        return future


def runs_inline(scheduler: str | None, threads: int | None, tasks: int | None) -> bool:
    """Whether :func:`executor` runs the calls on the calling thread: locally (no scheduler
    given or set), with one thread or at most ``tasks`` = 1 call (module docstring)."""
    return scheduler_address(scheduler) is None and _one_at_a_time(threads, tasks)


def _one_at_a_time(threads: int | None, tasks: int | None) -> bool:
    """Whether a local run of ``tasks`` calls on ``threads`` threads has one call at a time."""
    return (threads or local_workers()) == 1 or (tasks is not None and tasks <= 1)


@contextmanager
def executor(
    scheduler: str | None = None, threads: int | None = None, tasks: int | None = None
) -> Iterator[tuple[Executor, int]]:
    """An executor and its number of workers (threads here, Dask worker threads there);
    ``threads`` is checked by :func:`check_threads` even when a scheduler is given.

    Parameters
    ----------
    scheduler:
        A Dask scheduler address, else :func:`scheduler_address` decides.
    threads:
        Local threads; None for :func:`local_workers`.
    tasks:
        How many calls the run will submit at most, if known. Locally, a run of one thread or at
        most one task gets an :class:`InlineExecutor` and 1 worker (module docstring).
    """
    check_threads(threads)
    address = scheduler_address(scheduler)
    if address is None:
        if _one_at_a_time(threads, tasks):
            yield InlineExecutor(), 1
            return
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
    reason: str | None = None
    try:
        client = Client(address, timeout="5s")
    except Exception as err:  # a bad address fails inside Dask in many ways (OSError, ValueError,
        # even an AssertionError from its event loop): each is one clean error here
        reason = str(err) or type(err).__name__
    if reason is not None:
        # The half-made Client is garbage now; collected later, its __del__ may run inside the
        # start of the next Client's loop thread and wait for the lock that start holds (a
        # deadlock seen in the fuzz tests). Collected here, it closes while nothing else runs.
        gc.collect()
        raise ValueError(f"cannot reach the Dask scheduler at {address}: {reason}")
    with client:
        workers = max(1, sum(client.nthreads().values()))
        yield client.get_executor(pure=False), workers
