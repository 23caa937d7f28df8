"""Commands that (re)generate the committed tables and charts under results/."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from analyzer.cli.errors import reported_errors
from analyzer.cli.progress import progress_bar
from analyzer.cli.run_options import ShowProgress, check_count, check_seed, with_runner

if TYPE_CHECKING:
    from analyzer.sim.runner import Runner

Out = Annotated[Path, typer.Option("--out", metavar="DIR", help="Results root folder.")]
Force = Annotated[
    bool,
    typer.Option("--force", help="Replace results made from a different spec (other trials, seed or parameters)."),
]
TableTrials = Annotated[
    int,
    typer.Option("--trials", "-n", min=1, callback=check_count, metavar="N", help="Monte Carlo trials per table cell."),
]
# The run options' Seed, but never None: the tables default to a fixed seed.
TableSeed = Annotated[
    int,
    typer.Option(
        "--seed",
        "-s",
        callback=check_seed,
        metavar="SEED",
        help="Random seed of the table (its default makes the committed results).",
    ),
]


def run_tables(
    study_id: str,
    params: dict,
    *,
    out: Path,
    force: bool,
    runner: Runner,
    show_progress: bool | None,
    label: str,
) -> None:
    """Run the registered study ``study_id`` (:mod:`analyzer.studies.registry`) with ``params``,
    write each result under ``out`` and say which files it holds. ``out`` is checked before
    anything runs, and so is every result folder the study will write: one holding a result
    made from a different spec is replaced only with ``force``
    (:func:`analyzer.report.check_replaceable`; the write checks again)."""
    with reported_errors():
        from analyzer.report import check_replaceable, check_writable, write_result_sets

        check_writable(out)  # before the study's modules are even imported
        from analyzer.studies import run_study, study_specs

        check_replaceable(out, study_specs(study_id, params), force=force)
        with progress_bar(label, show_progress, long_run=True) as progress:  # done once written
            results = run_study(study_id, params, runner=runner.reporting(progress))
            written = write_result_sets(results, out, force=force)
        report_written(written)


def report_written(folders: list[Path]) -> None:
    """Say which result folders were written and the files each holds."""
    for folder in folders:
        print(f"wrote {folder}: {', '.join(sorted(p.name for p in folder.iterdir()))}")


@with_runner
def holdem_preflop_table(
    trials: TableTrials = 200_000,
    seed: TableSeed = 2026,
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Equity of the 169 starting classes against 1 to 9 random hands: CSV and one 13x13 heatmap per count."""
    run_tables(
        "holdem.preflop_table",
        {"trials": trials, "seed": seed},
        out=out,
        force=force,
        runner=runner,
        show_progress=show_progress,
        label="preflop table",
    )


@with_runner
def holdem_heads_up_matrix(
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Exact heads-up equity of every class against every class (169 x 169): CSV and a heatmap."""
    run_tables(
        "holdem.heads_up_matrix",
        {},
        out=out,
        force=force,
        runner=runner,
        show_progress=show_progress,
        label="heads-up matrix",
    )


@with_runner
def stud_starts_table(
    trials: TableTrials = 200_000,
    seed: TableSeed = 2026,
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Five-card stud: equity of two-card starts against 1 to 6 random opponents: CSV and a chart."""
    run_tables(
        "stud.starts_table",
        {"trials": trials, "seed": seed},
        out=out,
        force=force,
        runner=runner,
        show_progress=show_progress,
        label="stud starts table",
    )
