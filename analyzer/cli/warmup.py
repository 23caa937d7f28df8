"""``poker-analyzer warmup``: compile every kernel of some games ahead, in parallel processes.

Each game's line says how many kernels it compiled: Numba's ``numba:compile`` events, which fire
for real compilations only, never for a kernel loaded from the cache. So a second warmup says
it compiled none, and takes seconds (the processes' start and loading the cache)."""

from __future__ import annotations

import multiprocessing
import os
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from enum import Enum
from typing import Annotated

import typer

from analyzer.api.warmup import WARMUP_GAMES, WARMUPS, warmup
from analyzer.cli.commands import group_name
from analyzer.cli.errors import reported_errors
from analyzer.cli.progress import progress_bar
from analyzer.cli.run_options import ShowProgress

# mypy reads the members of a literal list only; these are made from the one list of games
WarmupGame = Enum("WarmupGame", [(game, group_name(game)) for game in WARMUP_GAMES], type=str)  # type: ignore[misc]
"""What ``warmup`` compiles: the games of :data:`~analyzer.api.warmup.WARMUPS` (member names),
named as their command groups (values)."""

_GROUPS = [game.value for game in WarmupGame]


def _warm_up(game: str) -> tuple[float, int]:
    """Compile the kernels of ``game`` (an :data:`analyzer.api.warmup.WARMUP_GAMES` name) in this
    worker process: the seconds it took and the kernels compiled (each signature once, the
    kernels a compiled kernel calls included; none when all came from the cache)."""
    from numba.core import event

    class Count(event.Listener):
        compiled = 0

        def on_start(self, event):
            self.compiled += 1

        def on_end(self, event):
            pass

    count = Count()
    start = time.perf_counter()
    with event.install_listener("numba:compile", count):
        warmup(game)
    return time.perf_counter() - start, count.compiled


def warmup_command(
    games: Annotated[
        list[WarmupGame] | None,
        typer.Argument(
            metavar="GAME",
            case_sensitive=False,
            help=f"{', '.join(_GROUPS[:-1])} or {_GROUPS[-1]} (all by default).",
            show_default=False,
        ),
    ] = None,
    processes: Annotated[
        int | None,
        typer.Option(
            "--processes", "-p", min=1, max=64, metavar="N", help="Parallel processes (default: one per core)."
        ),
    ] = None,
    show_progress: ShowProgress = None,
) -> None:
    """Compile the kernels of the named games (all by default) ahead, one game per process.

    Each game runs its commands once on tiny inputs, so every kernel they use is compiled into
    Numba's disk cache and no later command pauses to compile. A first run compiles for about
    100 CPU-s, 80 s on 2 cores shared with other work; a second one only loads the cache."""
    chosen = list(dict.fromkeys(games or list(WarmupGame)))
    chosen.sort(key=lambda g: -WARMUPS[g.name].warmup_seconds)  # the longest first: the pool ends sooner
    workers = min(processes or os.cpu_count() or 1, len(chosen))
    from analyzer.text import plural

    start = time.perf_counter()
    compiled = 0
    with reported_errors(), progress_bar("warmup", show_progress, long_run=True) as progress:
        assert progress is not None  # a long run always reports
        progress(0, len(chosen))  # the start line, before the first game ends
        for done, (game, seconds, kernels) in enumerate(compile_games([g.value for g in chosen], workers), 1):
            progress(done, len(chosen))
            compiled += kernels
            print(f"{game}: {seconds:.1f} s, {plural(kernels, 'kernel')} compiled")
    elapsed = time.perf_counter() - start
    processes_text = plural(workers, ("process", "processes"))
    loaded = "" if compiled else ", every one loaded from the cache"
    print(
        f"warmed up {plural(len(chosen), 'game')} in {elapsed:.1f} s ({processes_text}): "
        f"{plural(compiled, 'kernel')} compiled{loaded}"
    )


def compile_games(games: list[str], workers: int) -> Iterator[tuple[str, float, int]]:
    """Warm up ``games`` (command group names) in ``workers`` spawned processes, yielding each game,
    its seconds and the kernels it compiled as it finishes. Spawned, not forked: a worker must not inherit a
    half-initialised compiler. Each worker switches the fast start on first, as the console
    script does, so the kernels are cached in the form the commands load."""
    from analyzer.jit import enable_fast_start

    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=enable_fast_start) as pool:
        running = {pool.submit(_warm_up, WarmupGame(game).name): game for game in games}
        for future in as_completed(running):
            yield running[future], *future.result()
