"""``poker-analyzer batch``: run analyses from TOML spec files, resumable after a kill.

Over an interrupted run's checkpoints the command is refused unless ``--resume`` (go on) or
``--restart`` (discard them) says what to do with them (:func:`analyzer.batch.run_spec`). An
interruption -- Ctrl-C, or SIGTERM, which ends the run the same way -- says in its one error
line what was kept and the command that goes on: the specs not yet written, with ``--resume``.
"""

from __future__ import annotations

import shlex
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from analyzer.cli.errors import Interrupted, reported_errors
from analyzer.cli.progress import progress_bar
from analyzer.cli.run_options import ShowProgress, with_runner
from analyzer.cli.tables import Force, Out, report_written

if TYPE_CHECKING:
    from analyzer.batch import Spec
    from analyzer.sim.runner import Runner


@with_runner
def batch_command(
    ctx: typer.Context,
    specs: Annotated[
        list[Path], typer.Argument(metavar="SPEC", help='Spec files (TOML: analysis = "..." and [params]).')
    ],
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue from the checkpoints of an interrupted run.")
    ] = False,
    restart: Annotated[
        bool, typer.Option("--restart", help="Discard the checkpoints of an interrupted run and start over.")
    ] = False,
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Run the analyses the spec files describe, checkpointing every finished chunk; results are
    written atomically under --out. Over an interrupted run's checkpoints, --resume continues
    where it stopped and --restart discards them; without either the run is refused."""
    if resume and restart:
        raise typer.BadParameter("give --resume or --restart, not both")
    with reported_errors():
        from analyzer.report import check_writable

        check_writable(out)  # --out and every spec are checked before any runs
        from analyzer.batch import check_specs, read_spec, run_spec

        parsed = [read_spec(path) for path in specs]
        check_specs(parsed, out, force=force, resume=resume, restart=restart)  # none runs if one is refused
        for i, spec in enumerate(parsed):
            try:
                with _terminate_as_interrupt(), progress_bar(spec.name, show_progress, long_run=True) as progress:
                    folders = run_spec(
                        spec,
                        out,
                        resume=resume,
                        restart=restart,
                        force=force,
                        runner=runner.reporting(progress),
                    )
            except KeyboardInterrupt:
                go_on = _go_on(ctx.command_path, parsed[i:], out, force, runner, show_progress)
                raise Interrupted(_kept(spec, out, go_on)) from None
            report_written(folders)


def _go_on(
    command: str,
    remaining: list[Spec],
    out: Path,
    force: bool,
    runner: Runner,
    show_progress: bool | None,
) -> list[str]:
    """The command line that goes on from an interrupted batch: ``command`` (``poker-analyzer
    batch``), the specs not yet written, ``--out``, ``--resume`` and the other options given."""
    words = [*shlex.split(command), *(str(spec.path) for spec in remaining), "--out", str(out), "--resume"]
    if force:
        words.append("--force")
    if runner.scheduler:
        words += ["--scheduler", runner.scheduler]
    if runner.threads:
        words += ["--threads", str(runner.threads)]
    if show_progress is not None:
        words.append("--progress" if show_progress else "--no-progress")
    return words


def _kept(spec: Spec, out: Path, go_on: list[str]) -> str:
    """What an interrupted run of ``spec`` kept, and the command line ``go_on`` that goes on from
    it: the interruption's error line ends in it (:class:`~analyzer.cli.errors.Interrupted`)."""
    from analyzer.batch import checkpoint_folder
    from analyzer.sim.checkpoint import count
    from analyzer.text import plural

    folder = checkpoint_folder(spec, out)
    return f"kept {plural(count(folder), 'checkpoint file')} in {folder}; to go on: {shlex.join(go_on)}"


@contextmanager
def _terminate_as_interrupt() -> Iterator[None]:
    """SIGTERM (a job scheduler's stop, ``kill``) ends the block as Ctrl-C does."""
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
