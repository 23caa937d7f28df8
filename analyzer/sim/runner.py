"""How a run runs: one immutable :class:`Runner` made at the edge and passed down as one argument.

Where the chunks and tasks of a run execute and who hears of their progress -- the local thread
count, a Dask scheduler, a progress sink -- is made once, where a user states it (the command
line, a Python API verb, a batch run), and travels down every layer as one ``runner`` argument;
the engines ask it to run their Monte Carlo chunks (:meth:`Runner.monte_carlo`) and task lists
(:meth:`Runner.tasks`), which it hands to :mod:`analyzer.sim.engine` with its options. A new run
option is one field here, not a parameter of every function between the edge and the engine.

A runner holds only what never changes a result: the seed, the stopping rule and the chunk size
(what a result depends on besides its inputs, and what its checkpoints are keyed by) stay
arguments of each run, so one runner serves a study's many runs, each with its own derived seed.

>>> runner = Runner(threads=1)
>>> runner.tasks(pow, [(2, 3), (3, 2)])
[8, 9]
>>> Runner(threads=0)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: threads must be 1 to ...
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from analyzer.sim.engine import (
    DEFAULT_CHUNK_SIZE,
    ChunkJob,
    MonteCarloRun,
    Progress,
    Stopping,
    run_monte_carlo,
    run_tasks,
)
from analyzer.sim.executors import check_threads, local_workers


@dataclass(frozen=True)
class Runner:
    """Where a run's chunks execute and where its progress goes (module docstring).

    Parameters
    ----------
    threads:
        Local threads, 1 to :func:`~analyzer.sim.executors.max_threads` (checked here, so a bad
        count fails where it was given); None for every core.
    scheduler:
        A Dask scheduler address; None for ``DASK_SCHEDULER_ADDRESS`` if set, else local threads
        (:func:`analyzer.sim.executors.executor`).
    progress:
        Called as ``progress(done, planned)`` as a run goes (``planned`` None when no count is
        known); None for silence.
    """

    threads: int | None = None
    scheduler: str | None = None
    progress: Progress | None = None

    def __post_init__(self) -> None:
        check_threads(self.threads)

    @property
    def workers(self) -> int:
        """The local threads a run would use, for estimating its time: ``threads``, else every
        core (:func:`~analyzer.sim.executors.local_workers`)."""
        return self.threads or local_workers()

    def reporting(self, progress: Progress | None) -> Runner:
        """This runner with its progress sent to ``progress`` instead (None: silent), for a run
        that is one step of a larger one reporting its own steps."""
        return dataclasses.replace(self, progress=progress)

    def report(self, done: int, planned: int | None) -> None:
        """Tell the progress sink, if any, that ``done`` of ``planned`` steps are done."""
        if self.progress is not None:
            self.progress(done, planned)

    def monte_carlo(
        self, job: ChunkJob, *, seed: int, stopping: Stopping = Stopping(), chunk_size: int = DEFAULT_CHUNK_SIZE
    ) -> MonteCarloRun:
        """``job`` run in seeded chunks of ``chunk_size`` trials from ``seed`` until ``stopping``
        is met (:func:`analyzer.sim.engine.run_monte_carlo`): the result depends on these three
        and the job alone, never on the runner."""
        return run_monte_carlo(
            job,
            seed=seed,
            stopping=stopping,
            chunk_size=chunk_size,
            scheduler=self.scheduler,
            threads=self.threads,
            progress=self.progress,
        )

    def tasks(self, function: Callable[..., Any], tasks: Sequence[tuple]) -> list[Any]:
        """``[function(*task) for task in tasks]``, run on this runner's executor, in task order
        (:func:`analyzer.sim.engine.run_tasks`); progress counts finished tasks."""
        return run_tasks(function, tasks, scheduler=self.scheduler, threads=self.threads, progress=self.progress)


__all__ = ["Runner"]
