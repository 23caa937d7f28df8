"""``poker-analyzer batch``: run analyses from TOML spec files, resumable after a kill."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from analyzer.cli.errors import reported_errors
from analyzer.cli.progress import progress_bar
from analyzer.cli.run_options import Scheduler, ShowProgress, Threads
from analyzer.cli.tables import Force, Out, report_written


def batch_command(
    specs: Annotated[
        list[Path], typer.Argument(metavar="SPEC", help='Spec files (TOML: analysis = "..." and [params]).')
    ],
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue from the checkpoints of an interrupted run.")
    ] = False,
    out: Out = Path("results"),
    force: Force = False,
    scheduler: Scheduler = None,
    threads: Threads = None,
    show_progress: ShowProgress = None,
) -> None:
    """Run the analyses the spec files describe, checkpointing every finished chunk; results are
    written atomically under --out. With --resume an interrupted run continues where it stopped."""
    with reported_errors():
        from analyzer.report import check_writable

        check_writable(out)  # --out and every spec are checked before any runs
        from analyzer.batch import check_spec, read_spec, run_spec

        parsed = [read_spec(path) for path in specs]
        if not force:  # no spec runs when one would replace a result of another spec
            for spec in parsed:
                check_spec(spec, out)
        for spec in parsed:
            with progress_bar(spec.name, show_progress, long_run=True) as progress:
                folders = run_spec(
                    spec, out, resume=resume, force=force, threads=threads, scheduler=scheduler, progress=progress
                )
            report_written(folders)
