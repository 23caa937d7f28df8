"""``poker-analyzer draw``: exact draw odds and the discard advisor."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from analyzer.cli.commands import App
from analyzer.cli.console import stdout_console
from analyzer.cli.errors import reported_errors
from analyzer.cli.progress import progress_bar
from analyzer.cli.run_options import (
    Json,
    Seed,
    ShowProgress,
    TargetSE,
    TimeLimit,
    check_count,
    with_runner,
)
from analyzer.cli.tables import Force, Out, TableSeed, run_tables
from analyzer.text import plural

if TYPE_CHECKING:
    from analyzer.sim.runner import Runner

draw_app = App(help="Five-card draw: what to throw, and how often it wins.")

Bug = Annotated[
    bool, typer.Option("--bug", help="The Bug deck: 53 cards, the joker an ace or a straight/flush filler.")
]
Dead = Annotated[str, typer.Option("--dead", "-d", metavar="CARDS", help="Cards known to be out of the stock.")]


class Policy(str, Enum):
    """How the opponents draw (``--policy``): the standard model, or stand pat on two pair or better."""

    standard = "standard"
    pat = "pat"


@draw_app.command("odds")
def odds(
    cards: Annotated[str, typer.Argument(metavar="HAND", help='Five cards, e.g. "Jc Jd 8h 5s 2c".')],
    discard: Annotated[
        str, typer.Option("--discard", metavar="CARDS", help="The cards to throw ('' to stand pat).")
    ] = "",
    bug: Bug = False,
    dead: Dead = "",
    as_json: Json = False,
) -> None:
    """The exact distribution of the final hand over every possible draw, and P(improve)."""
    with reported_errors():
        from analyzer.api import draw

        result = draw.odds(cards, discard, bug=bug, dead=dead)
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    console = stdout_console()
    console.print(
        f"{result.hand}: keep {result.kept or '-'}, draw {result.draws} "
        f"(exact, {plural(result.outcomes, 'equally likely draw')}; {result.rules} deck)"
    )
    for name, p in result.categories.items():
        console.print(f"  {name:<16} {100 * p:8.4f}%   ({result.category_counts[name]:,})")
    console.print(f"P(improve on {result.original}) = {100 * result.p_improve:.4f}%")


@draw_app.command("advise")
@with_runner
def advise_command(
    cards: Annotated[str, typer.Argument(metavar="HAND", help='Five cards, e.g. "Jc Jd 8h 5s 2c".')],
    opponents: Annotated[
        int, typer.Option("--opponents", "-k", min=1, max=5, metavar="N", help="Opponents who draw too.")
    ] = 1,
    policy: Annotated[
        Policy,
        typer.Option(
            "--policy",
            case_sensitive=False,
            help="How opponents draw (standard, or pat: stand pat with two pair or better).",
        ),
    ] = Policy.standard,
    bug: Bug = False,
    jacks_or_better: Annotated[
        bool, typer.Option("--jacks-or-better", help="The pot was opened: if you cannot open, an opponent could.")
    ] = False,
    max_draw: Annotated[
        int, typer.Option("--max-draw", min=0, max=5, metavar="N", help="Most cards one may draw.")
    ] = 3,
    four_with_ace: Annotated[
        bool, typer.Option("--four-with-ace", help="House option: draw four keeping an ace.")
    ] = False,
    dead: Dead = "",
    trials: Annotated[
        int | None,
        typer.Option(
            "--trials", "-n", min=1, callback=check_count, metavar="N", help="Monte Carlo trials (default 200,000)."
        ),
    ] = None,
    target_se: TargetSE = None,
    time_limit: TimeLimit = None,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Every allowed discard ranked by equity at showdown against opponents who draw by a model
    policy (Monte Carlo, the same deals for every option), with exact P(improve)."""
    with reported_errors():
        from analyzer.api import draw

        with progress_bar("draw advice", show_progress) as progress:
            result = draw.advise(
                cards,
                opponents=opponents,
                policy=policy.value,
                bug=bug,
                max_draw=max_draw,
                four_with_ace=four_with_ace,
                jacks_or_better=jacks_or_better,
                dead=dead,
                trials=trials,
                target_se=target_se,
                time_limit=time_limit,
                seed=seed,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    from rich.table import Table

    table = Table(
        title=f"{result.hand} against {plural(result.opponents, 'opponent')} "
        f"({result.policy} policy, {result.rules} deck"
        f"{', jacks or better' if result.jacks_or_better else ''}; {plural(result.run.trials, 'trial')}, "
        f"seed {result.run.seed})",
        title_justify="left",
    )
    for column in ("keep", "discard", "equity", "± s.e.", "win", "P(improve)"):
        table.add_column(column, justify="left" if column in ("keep", "discard") else "right")
    for o in result.options:
        table.add_row(
            o.keep or "-",
            o.discard or "-",
            f"{100 * o.equity:.2f}%",
            f"{100 * o.stderr:.2f}%",
            f"{100 * o.win:.2f}%",
            f"{100 * o.p_improve:.2f}%",
        )
    stdout_console().print(table)


@draw_app.command("tables")
@with_runner
def tables(
    strategy_trials: Annotated[
        int,
        typer.Option(
            "--strategy-trials", min=100, callback=check_count, metavar="N", help="Trials per strategy-chart cell."
        ),
    ] = 100_000,
    deal_trials: Annotated[
        int,
        typer.Option(
            "--deal-trials", min=100, callback=check_count, metavar="N", help="Deals per Jacks-or-Better point."
        ),
    ] = 1_000_000,
    seed: TableSeed = 2026,
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Exact odds of the standard draws, the best discard and pre-draw equity by hand and
    opponents, and Jacks or Better: tables and charts under results/draw/."""
    run_tables(
        "draw.tables",
        {"strategy_trials": strategy_trials, "job_trials": deal_trials, "seed": seed},
        out=out,
        force=force,
        runner=runner,
        show_progress=show_progress,
        label="draw tables",
    )
