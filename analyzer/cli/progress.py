"""A progress bar on stderr for long runs (only when stderr is a terminal)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the engine imports numpy and numba: keep --help instant
    from analyzer.sim.engine import Progress


@contextmanager
def progress_bar(description: str, enabled: bool | None = None) -> Iterator[Progress | None]:
    """Yield a ``(done, total)`` callback drawing a bar on stderr, or None when disabled.

    ``enabled`` (``--progress``) cannot draw on a stderr that is no terminal (rich's
    ``FORCE_TERMINAL`` says otherwise): there the transient bar would leave only an empty line
    before the output or an error line, so nothing is drawn.
    """
    if enabled is None:
        enabled = sys.stderr.isatty()
    if not enabled:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return

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

        yield update
