"""One line on stderr when a command spends more than a second compiling kernels.

Numba compiles a kernel the first time it runs (and caches it on disk), so the first run of a
command can be silent for tens of seconds. While a command runs, :func:`compile_notice` watches
Numba's ``numba:compile`` events, which fire only for real compilations (never for kernels loaded
from the cache); once compiling has taken :data:`NOTICE_AFTER` seconds it prints, once::

    compiling kernels for holdem (first run only, about 5 s)...

(``poker-analyzer warmup`` compiles every game's kernels ahead.)

Numba is not imported for this: the watch starts when the command itself first imports Numba
(``--help`` and commands that run no kernel stay as quick as they were). Like the progress bar,
the line is written only to a terminal.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import ModuleType

from analyzer.api.warmup import WARMUPS
from analyzer.cli.commands import ALIASES, group_name, invoked_name
from analyzer.jit import when_imported

NOTICE_AFTER = 1.0  # seconds of compiling before the line is printed

COMPILE_SECONDS = {group_name(game): warmup.compile_seconds for game, warmup in WARMUPS.items()}
"""Command group (or the ``eval`` command) -> about how long its first command compiles, in
seconds (see :attr:`~analyzer.api.warmup.GameWarmup.compile_seconds`): the notice quotes it."""


def command_group(args: Sequence[str]) -> str | None:
    """The command group a command line runs (``holdem`` for ``holdem equity AsKs QdQc``; the
    hidden short names ``h2h`` and ``saint`` as their groups), or None for one that compiles
    nothing we know of.

    >>> command_group(["--debug", "h2h", "place", "p.json"])
    'head-to-head'
    >>> command_group(["--help"]) is None
    True
    """
    name = invoked_name(args)
    group = ALIASES.get(name, name) if name is not None else None
    return group if group in COMPILE_SECONDS else None


def notice_text(group: str) -> str:
    """The line printed for ``group``.

    >>> notice_text("holdem")
    'compiling kernels for holdem (first run only, about 5 s)...'
    """
    return f"compiling kernels for {group} (first run only, about {COMPILE_SECONDS[group]} s)..."


class _CompileWatch:
    """Adds up the time Numba spends in top-level compilations (nested ones are part of their
    caller's) and calls ``report`` once when the total passes ``after`` seconds, from a timer
    thread while the compilation is still running."""

    def __init__(self, after: float, report: Callable[[], None]) -> None:
        self.after, self.report = after, report
        self.spent = 0.0
        self.depth = 0
        self.started = 0.0
        self.timer: threading.Timer | None = None
        self.reported = False
        self.lock = threading.Lock()

    def on_start(self, event: object) -> None:
        with self.lock:
            self.depth += 1
            if self.depth == 1 and not self.reported:
                self.started = time.perf_counter()
                self.timer = threading.Timer(max(self.after - self.spent, 0.0), self._fire)
                self.timer.daemon = True
                self.timer.start()

    def on_end(self, event: object) -> None:
        with self.lock:
            self.depth -= 1
            if self.depth == 0 and self.timer is not None:
                self.timer.cancel()
                self.timer = None
                self.spent += time.perf_counter() - self.started

    def _fire(self) -> None:
        with self.lock:
            if self.reported or self.depth == 0:
                return
            self.reported = True
        self.report()

    def stop(self) -> None:
        with self.lock:
            if self.timer is not None:
                self.timer.cancel()
            self.reported = True


@contextmanager
def compile_notice(args: Sequence[str], enabled: bool | None = None) -> Iterator[None]:
    """While the block runs the command line ``args``, print the compile notice of its group on
    stderr once Numba has compiled for :data:`NOTICE_AFTER` seconds.

    ``enabled``: None prints only when stderr is a terminal; True or False force it."""
    group = command_group(args)
    if enabled is None:
        enabled = sys.stderr.isatty()
    if group is None or not enabled:
        yield
        return

    def report() -> None:
        print(notice_text(group), file=sys.stderr, flush=True)

    watch = _CompileWatch(NOTICE_AFTER, report)
    listener: list[object] = []

    def listen(_numba: ModuleType | None = None) -> None:
        from numba.core import event

        class Listener(event.Listener):
            def on_start(self, event):
                watch.on_start(event)

            def on_end(self, event):
                watch.on_end(event)

        listener.append(Listener())
        event.register("numba:compile", listener[0])

    cancel = when_imported("numba", listen)
    try:
        yield
    finally:
        watch.stop()
        cancel()
        if listener:
            from numba.core import event

            event.unregister("numba:compile", listener[0])
