"""What a run says on stderr while it goes, on a terminal and in a log.

* **Progress** (``--progress``, the default on a terminal): rich's bar on a terminal. Off a
  terminal (a log under nohup, CI or a job scheduler) a bar cannot be erased, so ``--progress``
  writes plain lines instead: the first step's, then at most one every
  :data:`LINE_EVERY` seconds, each with the steps done (of how many), the rate since the first
  step, the time elapsed and the time left at that rate::

      round_types: 36 of 180 (20%), 5.1 a second, 7.1 s elapsed, about 28.2 s left

* **Start and end lines.** A long run (``long_run``: ``batch``, the commands that write tables,
  ``paigow exact-edge``, ``head-to-head tournament``, ``warmup``), and any run writing plain
  progress lines, writes ``NAME: started`` with its first progress report (so a run refused
  before it starts, by a bad spec or a lock, prints only its error line) and, once it has
  started and succeeded, ``NAME: done in T``. Queries say nothing unless asked: a warm
  ``holdem equity`` writes nothing on stderr.
* **Notices.** While the block runs, the library's log records of level INFO and above (logger
  ``analyzer``: the Pai Gow setting table's build and slow path) are written as one line each,
  whether or not progress is shown (a library caller sees them only by configuring logging).
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from analyzer.text import duration

if TYPE_CHECKING:  # the engine imports numpy and numba: keep --help instant
    from analyzer.sim.engine import Progress

LINE_EVERY = 5.0
"""Seconds between two plain progress lines (off a terminal), at least."""


def progress_line(name: str, done: int, total: int | None, elapsed: float, rate: float | None) -> str:
    """The plain progress line of ``done`` steps of ``total`` (``None``: unknown) after
    ``elapsed`` seconds, going at ``rate`` steps a second (``None``: not known yet), with the
    time left at that rate.

    >>> progress_line("round_types", 36, 180, 7.06, 5.1)
    'round_types: 36 of 180 (20%), 5.1 a second, 7.1 s elapsed, about 28.2 s left'
    >>> progress_line("round_types", 1, 180, 4.5, None)
    'round_types: 1 of 180 (0%), 4.5 s elapsed'
    >>> progress_line("hold'em equity", 3_145_728, None, 1.5, 2_097_152.0)
    "hold'em equity: 3,145,728 done, 2,097,152 a second, 1.5 s elapsed"
    """
    steps = f"{done:,} done" if total is None else f"{done:,} of {total:,} ({100 * done // max(total, 1)}%)"
    speed = "" if rate is None else f", {rate:,.0f} a second" if rate >= 100 else f", {rate:.2g} a second"
    left = ""
    if rate and total is not None and done < total:
        left = f", about {duration((total - done) / rate)} left"
    return f"{name}: {steps}{speed}, {duration(elapsed)} elapsed{left}"


class _NoticeHandler(logging.Handler):
    """Writes each record's message with ``say``."""

    def __init__(self, say: Callable[[str], None]) -> None:
        super().__init__(logging.INFO)
        self.say = say

    def emit(self, record: logging.LogRecord) -> None:
        self.say(record.getMessage())


@contextmanager
def _notices(say: Callable[[str], None]) -> Iterator[None]:
    """Write the ``analyzer`` logger's records of level INFO and above with ``say`` while the
    block runs (the logger's level is INFO meanwhile, then as it was)."""
    logger = logging.getLogger("analyzer")
    handler, level = _NoticeHandler(say), logger.level
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    try:
        yield
    finally:
        logger.removeHandler(handler)
        logger.setLevel(level)


@contextmanager
def progress_bar(description: str, enabled: bool | None = None, long_run: bool = False) -> Iterator[Progress | None]:
    """Yield a ``(done, total)`` callback that reports a run's progress on stderr as the module
    docstring says, or None when it has nothing to report (no progress shown, not a long run).

    ``enabled`` is ``--progress`` (None: when stderr is a terminal); rich's ``FORCE_TERMINAL``
    decides what is a terminal. ``long_run`` writes the start and end lines even without
    progress shown. The library's notices are written in every case.
    """
    if enabled is None:
        enabled = sys.stderr.isatty()
    start = time.perf_counter()
    if enabled:
        from rich.console import Console

        console = Console(stderr=True)
        if console.is_terminal:
            with _bar(description, console) as (bar_update, say_above), _notices(say_above):
                yield from _reported(description, start, say_above, bar_update, long_run)
            return

    def say(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    plain = _plain_lines(description, start, say) if enabled else None
    with _notices(say):
        yield from _reported(description, start, say, plain, long_run or enabled)


@contextmanager
def _bar(description: str, console) -> Iterator[tuple[Progress, Callable[[str], None]]]:
    """Rich's transient bar on the terminal ``console``: its update and a ``say`` that prints a
    line above it."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=None)

        def update(done: int, total: int | None) -> None:
            bar.update(task, completed=done, total=total)

        def say(line: str) -> None:
            console.print(line, markup=False, highlight=False, soft_wrap=True)

        yield update, say


def _plain_lines(description: str, start: float, say: Callable[[str], None]) -> Progress:
    """A ``(done, total)`` callback writing :func:`progress_line` for the first report and then
    at most one every :data:`LINE_EVERY` seconds, the rate measured from the first report (the
    time before it is start-up: imports, the kernels' loading or compiling, a resume's loading)."""
    first: tuple[float, int] | None = None
    last = start

    def update(done: int, total: int | None) -> None:
        nonlocal first, last
        now = time.perf_counter()
        if first is None:
            first = (now, done)
        elif now - last < LINE_EVERY:
            return
        began, done_then = first
        rate = (done - done_then) / (now - began) if now > began and done > done_then else None
        say(progress_line(description, done, total, now - start, rate))
        last = now

    return update


def _reported(
    description: str, start: float, say: Callable[[str], None], show: Progress | None, announce: bool
) -> Iterator[Progress | None]:
    """The body of :func:`progress_bar`: yield the callback (``show`` preceded by the start line
    when ``announce``), then write the end line if the run started and the block succeeded."""
    if not announce:
        yield show
        return
    started = False

    def update(done: int, total: int | None) -> None:
        nonlocal started
        if not started:
            started = True
            say(f"{description}: started")
        if show is not None:
            show(done, total)

    yield update
    if started:
        say(f"{description}: done in {duration(time.perf_counter() - start)}")
