"""Commands that (re)generate the committed tables and charts under results/."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cli.errors import reported_errors
from cli.progress import progress_bar
from cli.run_options import Scheduler, Seed, Threads

Out = Annotated[Path, typer.Option("--out", help="Results root folder.")]
TableTrials = Annotated[int, typer.Option("--trials", "-n", min=1, help="Monte Carlo trials per table cell.")]
ShowProgress = Annotated[bool | None, typer.Option("--progress/--no-progress", help="Progress bar on stderr.")]


def write_result(result, out: Path) -> None:
    """Write one ResultSet under ``out`` and say which files it holds."""
    from analyzer.report import write_results

    folder = write_results(result, out)
    print(f"wrote {folder}: {', '.join(sorted(p.name for p in folder.iterdir()))}")


def holdem_preflop_table(trials: TableTrials = 200_000, seed: Seed = 2026, out: Out = Path("results"),
                         threads: Threads = None, scheduler: Scheduler = None, show_progress: ShowProgress = None) -> None:
    """Equity of the 169 starting classes against 1 to 9 random hands: CSV and one 13x13 heatmap per count."""
    with reported_errors(), progress_bar("preflop table", show_progress) as progress:
        from analyzer.studies.holdem import preflop_vs_random

        result = preflop_vs_random(trials=trials, seed=seed, threads=threads, scheduler=scheduler, progress=progress)
    write_result(result, out)


def holdem_heads_up_matrix(out: Out = Path("results"), threads: Threads = None, scheduler: Scheduler = None,
                           show_progress: ShowProgress = None) -> None:
    """Exact heads-up equity of every class against every class (169 x 169): CSV and a heatmap."""
    with reported_errors(), progress_bar("heads-up matrix", show_progress) as progress:
        from analyzer.studies.holdem import heads_up_matrix

        result = heads_up_matrix(threads=threads, scheduler=scheduler, progress=progress)
    write_result(result, out)


def stud_starts_table(trials: TableTrials = 200_000, seed: Seed = 2026, out: Out = Path("results"),
                      threads: Threads = None, scheduler: Scheduler = None, show_progress: ShowProgress = None) -> None:
    """Five-card stud: equity of two-card starts against 1 to 6 random opponents: CSV and a chart."""
    with reported_errors(), progress_bar("stud starts table", show_progress) as progress:
        from analyzer.studies.stud import starts_vs_random

        result = starts_vs_random(trials=trials, seed=seed, threads=threads, scheduler=scheduler, progress=progress)
    write_result(result, out)
