"""``poker-analyzer stud``: five-card stud equity."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from analyzer.cli.commands import App
from analyzer.cli.equity_output import print_equity
from analyzer.cli.errors import reported_errors
from analyzer.cli.progress import progress_bar
from analyzer.cli.run_options import Json, ShowProgress, run_settings, with_run_options, with_runner

stud_app = App(help="Five-card stud: equity of the hands seen so far.")


@stud_app.command("equity")
@with_run_options
@with_runner
def equity(
    hands: Annotated[
        list[str],
        typer.Argument(metavar="HAND", help='2 to 7 players\' known cards (hole and up cards), e.g. "AsAh" "KsKh7d".'),
    ],
    dead: Annotated[
        str, typer.Option("--dead", "-d", metavar="CARDS", help="Folded up-cards and other cards out of play.")
    ] = "",
    categories: Annotated[
        bool, typer.Option("--categories", help="Also the final-hand category distribution.")
    ] = False,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    settings: dict | None = None,
    *,
    runner: Runner,
) -> None:
    """Equity of every stud hand when the rest of the cards are dealt: exact when that is
    quicker than the requested precision, else Monte Carlo with standard errors."""
    assert settings is not None  # with_run_options always passes it
    with reported_errors():
        from analyzer.api import stud

        with progress_bar("stud equity", show_progress) as progress:
            result = stud.equity(
                hands, dead, categories=categories, **run_settings(**settings), runner=runner.reporting(progress)
            )
    print_equity(result, as_json)


from analyzer.cli.tables import stud_starts_table  # noqa: E402

if TYPE_CHECKING:
    from analyzer.sim.runner import Runner

stud_app.command("starts-table")(stud_starts_table)
