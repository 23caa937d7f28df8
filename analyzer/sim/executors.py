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

Ctrl-C is never held up by a kernel. Python handles a signal on the main thread, between
bytecodes, so a kernel call on the main thread would hold it up until the call returned (a
Mousel session of a billion deals is one call of hours). So the command line runs no kernel on
the main thread (it calls :func:`keep_main_thread_free` once a command imports Numba): an
inline run there hands each call to a thread of its own (:func:`call`), a pool's threads run
the rest, and the main thread waits for them in steps of at most :data:`WAIT_STEP` seconds
(:func:`finished`), so Ctrl-C stops the wait at once. The threads are daemons: an interrupted
run leaves the calls in flight to finish alone, and they never hold up the end of the process
(a pool that joins its threads at exit, as ``ThreadPoolExecutor`` does, would). An inline run
off the main thread, where no signal arrives, stays on the calling thread. The hand-over costs
a small query about 20 µs (two thread wake-ups), as much again as a postflop heads-up
enumeration itself, so a library call runs inline calls on the calling thread, as Python runs
any native call, unless the program asks for the hand-over too (a notebook that runs long
simulations, say: ``keep_main_thread_free()``); pools' waits are always Ctrl-C-aware.

A Dask cluster must have a worker within ``POKER_ANALYZER_DASK_TIMEOUT`` seconds
(:data:`DEFAULT_DASK_TIMEOUT` unless set): a scheduler without workers would take the chunks and
never run them. A run whose scheduler goes away (killed, or its machine down) ends in a
ValueError naming it, with the count of the chunks checkpointed so far, if any
(:mod:`analyzer.sim.checkpoint`); Dask's own log records of the lost connection are held back
while the run's client is open, since that error says it.
"""

from __future__ import annotations

import functools
import gc
import logging
import math
import os
import queue
import threading
from collections.abc import Callable, Collection, Iterator
from concurrent.futures import FIRST_COMPLETED, CancelledError, Executor, Future, wait
from contextlib import contextmanager
from typing import Any

from analyzer.text import plural

SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
DASK_TIMEOUT_ENV = "POKER_ANALYZER_DASK_TIMEOUT"
DEFAULT_DASK_TIMEOUT = 30.0  # seconds for a Dask cluster to show a worker (module docstring)
THREADS_PER_CORE = 4  # the most local threads per core (module docstring)
WAIT_STEP = 0.25  # seconds: the longest the main thread waits without seeing Ctrl-C (module docstring)


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


class DaemonPool(Executor):
    """Up to ``workers`` daemon threads named ``name-N``, started as calls are submitted, running
    the calls in the order submitted: ``ThreadPoolExecutor``'s service, but its threads never
    hold up the end of the process (module docstring)."""

    def __init__(self, workers: int, name: str) -> None:
        self._workers = workers
        self._name = name
        self._calls: queue.SimpleQueue = queue.SimpleQueue()
        self._threads: list[threading.Thread] = []

    def submit(self, fn, /, *args, **kwargs) -> Future:
        """Queue ``fn(*args, **kwargs)``; its outcome will be in the returned future."""
        future: Future = Future()
        self._calls.put((future, fn, args, kwargs))
        if len(self._threads) < self._workers:
            thread = threading.Thread(target=self._work, name=f"{self._name}-{len(self._threads)}", daemon=True)
            thread.start()
            self._threads.append(thread)
        return future

    def _work(self) -> None:
        while (queued := self._calls.get()) is not None:
            future, fn, args, kwargs = queued
            if future.set_running_or_notify_cancel():  # else cancelled while queued
                try:
                    future.set_result(fn(*args, **kwargs))
                except BaseException as error:  # raised again by future.result(), as a pool's future does
                    future.set_exception(error)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Let the threads end once the queued calls (none, with ``cancel_futures``) are done;
        with ``wait``, wait for them."""
        if cancel_futures:
            while True:
                try:
                    queued = self._calls.get_nowait()
                except queue.Empty:
                    break
                if queued is not None:
                    queued[0].cancel()
        for _ in self._threads:
            self._calls.put(None)
        if wait:
            for thread in self._threads:
                thread.join()


class _Courier:
    """A daemon thread that runs the main thread's inline calls (:func:`call`), one at a time:
    a call in, its outcome out, through two queues (a pool's futures cost the small query's
    floor about twice as much)."""

    def __init__(self) -> None:
        self.calls: queue.SimpleQueue = queue.SimpleQueue()
        self.outcomes: queue.SimpleQueue = queue.SimpleQueue()
        threading.Thread(target=self._work, name="call", daemon=True).start()

    def _work(self) -> None:
        while (queued := self.calls.get()) is not None:
            fn, args, kwargs = queued
            try:
                self.outcomes.put((True, fn(*args, **kwargs)))
            except BaseException as error:  # raised again on the main thread
                self.outcomes.put((False, error))


_COURIER: _Courier | None = None
_MAIN_THREAD_FREE = False


def keep_main_thread_free(enabled: bool = True) -> bool:
    """Whether :func:`call` hands the main thread's calls to a thread of their own from now on, so
    that Ctrl-C stops any run at once (about 20 µs a call; module docstring). The command line
    switches it on; returns the setting it replaces."""
    global _MAIN_THREAD_FREE
    before, _MAIN_THREAD_FREE = _MAIN_THREAD_FREE, enabled
    return before


def call(fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
    """``fn(*args, **kwargs)``, on the calling thread, unless that is the main thread and it is
    kept free (:func:`keep_main_thread_free`); then on a thread of its own while the main thread
    waits in steps of :data:`WAIT_STEP` seconds, so that Ctrl-C is not held up by it (module
    docstring). An interrupted call is left to finish alone, and the next one gets a new thread."""
    global _COURIER
    if not _MAIN_THREAD_FREE or threading.current_thread() is not threading.main_thread():
        return fn(*args, **kwargs)
    courier = _COURIER = _COURIER or _Courier()
    courier.calls.put((fn, args, kwargs))
    try:
        while True:
            try:
                succeeded, value = courier.outcomes.get(timeout=WAIT_STEP)
                break
            except queue.Empty:
                continue
    except BaseException:  # Ctrl-C: the thread ends once the call does
        courier.calls.put(None)
        _COURIER = None
        raise
    if succeeded:
        return value
    raise value


def finished(futures: Collection[Future]) -> set[Future]:
    """The futures of ``futures`` that are done, once at least one is (at once if there are none),
    waiting in steps of :data:`WAIT_STEP` seconds so that Ctrl-C reaches the main thread."""
    while True:
        done, waiting = wait(futures, timeout=WAIT_STEP, return_when=FIRST_COMPLETED)
        if done or not waiting:
            return done


def outcome(future: Future) -> Any:
    """``future.result()``, waited for as :func:`finished` waits."""
    finished([future])
    return future.result()


class InlineExecutor(Executor):
    """An executor that runs each call when it is submitted (:func:`call`: on the calling thread,
    or for the main thread on a thread of its own) and returns its future already done (holding
    the result, or the exception the call raised)."""

    def submit(self, fn, /, *args, **kwargs) -> Future:
        """Run ``fn(*args, **kwargs)`` now; its outcome is in the returned future."""
        future: Future = Future()
        try:
            future.set_result(call(fn, *args, **kwargs))
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
        pool = DaemonPool(workers, "chunk")
        try:
            yield pool, workers
        except BaseException:  # Ctrl-C or an error: the calls in flight are left to finish alone
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
        return
    timeout = dask_timeout()
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
    with _dask_logs_held(), client:
        try:
            client.wait_for_workers(1, timeout=timeout)
        except TimeoutError:
            raise ValueError(
                f"the Dask scheduler at {address} has no workers (waited {timeout:g} s; "
                f"{DASK_TIMEOUT_ENV} sets how long)"
            ) from None
        try:
            yield client.get_executor(pure=False), max(1, sum(client.nthreads().values()))
        except CancelledError:  # Dask cancels every future of a client that lost its scheduler
            if client.status == "running":
                raise
            raise ValueError(f"lost the Dask scheduler at {address}{_kept()}") from None


def dask_timeout() -> float:
    """How long a Dask cluster may take to show a worker: ``POKER_ANALYZER_DASK_TIMEOUT`` seconds
    if set (a positive number, else a ValueError), else :data:`DEFAULT_DASK_TIMEOUT`."""
    text = os.environ.get(DASK_TIMEOUT_ENV, "").strip()
    if not text:
        return DEFAULT_DASK_TIMEOUT
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise ValueError(f"{DASK_TIMEOUT_ENV} must be a positive number of seconds, got {text!r}")
    return seconds


def _kept() -> str:
    """``"; N chunks checkpointed"`` while a checkpointing block is active, else nothing."""
    from analyzer.sim import checkpoint

    store = checkpoint.current()
    return "" if store is None else f"; {plural(len(store), 'chunk')} checkpointed"


@contextmanager
def _dask_logs_held() -> Iterator[None]:
    """Dask's client and utility loggers quiet (CRITICAL) inside the block, as they were after it
    (module docstring)."""
    loggers = [logging.getLogger(name) for name in ("distributed.client", "distributed.utils")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)
