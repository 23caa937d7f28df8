"""Seeded, chunked runs: Monte Carlo with stopping rules, and exact task lists.

Monte Carlo: chunk ``i`` runs ``min(chunk_size, remaining)`` trials with the
generator state of :func:`analyzer.sim.rng.chunk_state` ``(seed, i)`` and returns
integer tallies. Chunks may finish in any order on any executor; the run merges
them strictly in index order and stops at the first *prefix* of chunks that meets
a stopping rule (trial count, target standard error, or time limit). So a result
depends only on (inputs, seed, chunk size) and, for the time limit, on how many
chunks finished: rerunning with the reported trial count reproduces it exactly.

Time limits hold whatever the chunk size. A running chunk cannot be interrupted (its
kernel runs to the end), and the limit is checked as chunks are merged, so a run may
overshoot by the time of the chunks in flight. Under a time limit the engine therefore
first times chunk 0 at 1, 2, 4 ... trials (after one untimed trial that compiles the
kernels), and runs in chunks of the largest of these powers of two expected to take at
most :data:`CHUNK_SHARE` of the limit -- or of the size asked, when that is quick enough.
The chunk size used is part of the result (``MonteCarloRun.chunk_size``, reported as every
result's ``chunk_size``): rerunning with the reported trial count and chunk size reproduces
the result bit for bit. Splitting a chunk instead would keep the size asked, but a job's
chunk is one kernel call on a copy of its generator, so only the job could resume it.

Sample sizes are bounded: at most :data:`MAX_TRIALS` trials, a finite time limit, at most
:data:`MAX_ROLLOUTS` rollouts per choice in a policy (:func:`rollout_count`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from analyzer import jit
from analyzer.sim import checkpoint
from analyzer.sim.executors import InlineExecutor, call, check_threads, executor, finished, outcome, runs_inline
from analyzer.sim.seeds import chunk_state

DEFAULT_TRIALS = 1_000_000
TARGET_SE_MAX_TRIALS = 1_000_000_000  # a target standard error alone stops here at the latest
DEFAULT_CHUNK_SIZE = 1 << 18
MIN_TRIALS_FOR_TARGET_SE = 20_000
UNBOUNDED_TRIALS = 1 << 50
MAX_TRIALS = 10**12  # about 7 hours of the fastest kernel (40 million showdowns a second) on one thread
MAX_ROLLOUTS = 1_000_000  # simulations per choice of a rollout policy: a choice would already take seconds
CHUNK_SHARE = 0.05  # under a time limit, a chunk is expected to take at most this share of it

Progress = Callable[[int, int | None], None]  # (trials done, trials planned or None)


def check_count(value: int, name: str, most: int = MAX_TRIALS) -> int:
    """``value``, a count of a run (trials, games, deals, rounds, sessions, a chunk size), when
    it is 1 to ``most``; else a ValueError naming ``name`` and the value.

    >>> check_count(0, "games")
    Traceback (most recent call last):
    ValueError: games must be 1 to 1,000,000,000,000, got 0
    """
    if not 1 <= value <= most:
        raise ValueError(f"{name} must be 1 to {most:,}, got {value}")
    return value


class ChunkJob(Protocol):
    """A picklable Monte Carlo job: what a chunk runs on a thread or a Dask worker."""

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        """Run ``trials`` trials drawing from the generator ``state`` (the chunk's
        :func:`analyzer.sim.rng.chunk_state`) and return their tallies, which add across chunks."""

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        """What a target standard error is compared with, from merged ``tallies`` of ``trials``
        trials: the largest standard error of the run's estimates, or NaN (never met) for a job
        without that stopping rule."""


@dataclass(frozen=True)
class Stopping:
    """When a Monte Carlo run stops: whichever given rule is met first.

    With no rule at all, :data:`DEFAULT_TRIALS` trials are run; a target standard error
    without a trial count or time limit stops at :data:`TARGET_SE_MAX_TRIALS` trials if the
    target is not met first (``stopped_by`` then says "trials").
    """

    trials: int | None = None
    target_se: float | None = None
    time_limit: float | None = None

    def __post_init__(self) -> None:
        if self.trials is not None:
            check_count(self.trials, "trials")
        if self.target_se is not None and not 0 < self.target_se < 1:
            raise ValueError(f"target standard error must be between 0 and 1, got {self.target_se}")
        if self.time_limit is not None and not 0 < self.time_limit < math.inf:
            raise ValueError(f"time limit must be a finite positive number of seconds, got {self.time_limit}")

    @property
    def max_trials(self) -> int:
        """The most trials the run may take: the trial count if given, else
        :data:`DEFAULT_TRIALS` with no rule, :data:`TARGET_SE_MAX_TRIALS` with a target standard
        error alone, and :data:`UNBOUNDED_TRIALS` (in effect none) under a time limit."""
        if self.trials is not None:
            return self.trials
        if self.target_se is None and self.time_limit is None:
            return DEFAULT_TRIALS
        if self.time_limit is None:
            return TARGET_SE_MAX_TRIALS
        return UNBOUNDED_TRIALS


@dataclass(frozen=True)
class MonteCarloRun:
    """Merged tallies of a Monte Carlo run and how it went."""

    tallies: np.ndarray
    trials: int
    chunks: int
    chunk_size: int
    seed: int
    elapsed: float
    stopped_by: str  # "trials", "target_se" or "time_limit"


@dataclass(frozen=True)
class KernelJob:
    """A job whose chunk is ``kernel(*leading, trials, *trailing, rng, tallies)`` adding to
    ``width`` float64 tallies, for runs stopped by a trial count (no standard-error rule)."""

    kernel: Callable
    leading: tuple
    trailing: tuple
    width: int

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        """Call the kernel on a copy of ``state`` (the chunk's generator) and fresh zero tallies."""
        tallies = np.zeros(self.width)
        self.kernel(*self.leading, trials, *self.trailing, state.copy(), tallies)
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        """NaN: the tallies' meaning is the kernel's, so no target standard error can stop the run."""
        return math.nan


_JIT_STARTED = False  # whether this process has prepared Numba's CPU target (clock_start)


def clock_start() -> float:
    """The ``time.perf_counter()`` reading a run's elapsed time starts from, taken once Numba's
    one-time start-up of this process is done.

    The first kernel call of every process creates Numba's CPU target and runtime
    (:func:`analyzer.jit.start`); started after it, the time a result reports is the
    analysis's own (a 5 ms enumeration reports milliseconds). Idempotent and cheap after the
    first call."""
    global _JIT_STARTED
    if not _JIT_STARTED:
        jit.start()
        _JIT_STARTED = True
    return time.perf_counter()


def run_monte_carlo(
    job: ChunkJob,
    *,
    seed: int,
    stopping: Stopping = Stopping(),
    chunk_size: int = DEFAULT_CHUNK_SIZE,
    scheduler: str | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
) -> MonteCarloRun:
    """Run ``job`` in seeded chunks until a stopping rule is met (see the module docstring:
    under a time limit, the chunk size used may be smaller than ``chunk_size``). A run of one
    chunk, or on one thread, runs on the calling thread (:func:`~analyzer.sim.executors.executor`)."""
    check_count(chunk_size, "chunk size")
    max_trials = stopping.max_trials
    planned = max_trials if max_trials < UNBOUNDED_TRIALS else None
    start = clock_start()
    merged: np.ndarray | None = None
    done_trials = merged_chunks = 0
    stopped_by = ""
    results: dict[int, np.ndarray] = {}
    store = checkpoint.current()
    known_chunks = math.ceil(max_trials / chunk_size) if stopping.time_limit is None else None
    with executor(scheduler, threads, known_chunks) as (pool, workers):
        if stopping.time_limit is not None:
            chunk_size, first = _timed_chunk_size(job, pool, seed, chunk_size, max_trials, stopping.time_limit)
            if first is not None:
                results[0] = first
        n_chunks = math.ceil(max_trials / chunk_size)
        job_key = store.key("monte-carlo", job, seed, chunk_size) if store is not None else ""
        next_chunk = len(results)
        pending: dict[Any, int] = {}
        try:
            while not stopped_by:
                while len(pending) < 2 * workers and next_chunk < n_chunks:
                    size = min(chunk_size, max_trials - next_chunk * chunk_size)
                    key = f"{job_key}-{next_chunk}-{size}"
                    saved = store.load(key, f"chunk {next_chunk}") if store is not None else None
                    if saved is not None:
                        results[next_chunk] = saved
                    else:
                        future = pool.submit(job.run_chunk, chunk_state(seed, next_chunk), size)
                        pending[future] = next_chunk
                    next_chunk += 1
                for future in finished(pending):
                    chunk = pending.pop(future)
                    results[chunk] = future.result()
                    if store is not None:
                        store.save(
                            f"{job_key}-{chunk}-{min(chunk_size, max_trials - chunk * chunk_size)}", results[chunk]
                        )
                while merged_chunks in results and not stopped_by:
                    tallies = results.pop(merged_chunks)
                    merged = tallies if merged is None else merged + tallies
                    done_trials += min(chunk_size, max_trials - merged_chunks * chunk_size)
                    merged_chunks += 1
                    stopped_by = _stop_rule(job, stopping, merged, done_trials, max_trials, start)
                    if progress is not None:
                        progress(done_trials, planned)
        finally:
            for future in pending:
                future.cancel()
    assert merged is not None  # stopped_by is only set once a chunk is merged
    return MonteCarloRun(
        tallies=merged,
        trials=done_trials,
        chunks=merged_chunks,
        chunk_size=chunk_size,
        seed=seed,
        elapsed=time.perf_counter() - start,
        stopped_by=stopped_by,
    )


def _timed_chunk_size(
    job: ChunkJob, pool: Any, seed: int, chunk_size: int, max_trials: int, time_limit: float
) -> tuple[int, np.ndarray | None]:
    """The chunk size of a run under ``time_limit`` (module docstring), and the tallies of its
    chunk 0 when timing it ran that chunk already (else None)."""
    budget = CHUNK_SHARE * time_limit
    first = min(chunk_size, max_trials)  # the trials of chunk 0 at the size asked

    def timed(trials: int) -> tuple[np.ndarray, float]:
        began = time.perf_counter()
        tallies = outcome(pool.submit(job.run_chunk, chunk_state(seed, 0), trials))
        return tallies, time.perf_counter() - began

    timed(1)  # compiles the kernels on first use: not a measure of the rate
    size = 1
    while True:
        tallies, seconds = timed(size)
        if size == first:
            return chunk_size, tallies
        if 2 * size > first:
            return (chunk_size, None) if seconds * first / size <= budget else (size, tallies)
        if 2 * seconds > budget:
            return size, tallies
        size *= 2


def _stop_rule(
    job: ChunkJob, stopping: Stopping, merged: np.ndarray, trials: int, max_trials: int, start: float
) -> str:
    if trials >= max_trials:
        return "trials"
    if (
        stopping.target_se is not None
        and trials >= MIN_TRIALS_FOR_TARGET_SE
        and job.standard_error(merged, trials) <= stopping.target_se
    ):
        return "target_se"
    if stopping.time_limit is not None and time.perf_counter() - start >= stopping.time_limit:
        return "time_limit"
    return ""


def run_tasks(
    function: Callable[..., Any],
    tasks: Sequence[tuple],
    *,
    scheduler: str | None = None,
    threads: int | None = None,
    progress: Progress | None = None,
) -> list[Any]:
    """``[function(*task) for task in tasks]`` on the executor, results in task order: on the
    calling thread when there is one task or one thread (:func:`~analyzer.sim.executors.executor`),
    and then, unless checkpointing, as a plain loop (a small query's floor is a few µs)."""
    store = checkpoint.current()
    if store is None and runs_inline(scheduler, check_threads(threads), len(tasks)):
        done: list[Any] = []
        for task in tasks:
            done.append(call(function, *task))
            if progress is not None:
                progress(len(done), len(tasks))
        return done
    results: list[Any] = [None] * len(tasks)
    keys = [store.key("task", function, task) for task in tasks] if store is not None else []
    pending = []
    for i in range(len(tasks)):
        saved = store.load(keys[i], f"task {i}") if store is not None else None
        if saved is None:
            pending.append(i)
        else:
            results[i] = saved
    finished = len(tasks) - len(pending)
    with executor(scheduler, threads, len(tasks)) as (pool, _):
        for i, result in _outcomes(pool, function, tasks, pending):
            results[i] = result
            if store is not None:
                store.save(keys[i], result)
            finished += 1
            if progress is not None:
                progress(finished, len(tasks))
    return results


def _outcomes(pool: Executor, function: Callable[..., Any], tasks: Sequence[tuple], pending: list[int]):
    """``(i, function(*tasks[i]))`` for each pending task as it finishes: one after the other on
    the calling thread for an :class:`~analyzer.sim.executors.InlineExecutor` (no futures: a
    query of one task pays nothing for the pool), else all submitted at once, and the ones
    not yet started cancelled if the caller stops early (an error, Ctrl-C)."""
    if isinstance(pool, InlineExecutor):
        for i in pending:
            yield i, call(function, *tasks[i])
        return
    futures = {pool.submit(function, *tasks[i]): i for i in pending}
    try:
        for future in _as_completed(futures):
            yield futures[future], future.result()
    finally:
        for future in futures:
            future.cancel()


def _as_completed(futures):
    remaining = set(futures)
    while remaining:
        done = finished(remaining)
        remaining -= done
        yield from done


def rollout_count(text: str, spec: str) -> int:
    """The rollout count ``text`` of the policy ``spec`` (``rollout:N``), a whole number from 1 to
    :data:`MAX_ROLLOUTS`.

    >>> rollout_count("64", "rollout:64")
    64
    >>> rollout_count("99999999999999999999", "rollout:99999999999999999999")
    Traceback (most recent call last):
    ...
    ValueError: bad rollout count in policy 'rollout:99999999999999999999': expected 1 to 1,000,000
    """
    if not (text.isascii() and text.isdigit() and 1 <= int(text) <= MAX_ROLLOUTS):
        raise ValueError(f"bad rollout count in policy {spec!r}: expected 1 to {MAX_ROLLOUTS:,}")
    return int(text)


def mean_and_se(total: float, total_sq: float, n: int) -> tuple[float, float]:
    """Sample mean and its standard error from a sum and a sum of squares of ``n`` draws."""
    if n == 0:
        return math.nan, math.nan
    mean = total / n
    variance = max(total_sq / n - mean * mean, 0.0)
    return mean, math.sqrt(variance / n)
