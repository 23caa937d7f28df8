"""``poker-analyzer holdem``: Texas Hold'em equity."""

from __future__ import annotations

from typing import Annotated

import typer

from cli.commands import App
from cli.equity_output import print_equity
from cli.errors import reported_errors
from cli.progress import progress_bar
from cli.run_options import Json, ShowProgress, run_settings, with_run_options

holdem_app = App(help="Texas Hold'em: equity of hands and ranges.")


@holdem_app.command("equity")
@with_run_options
def equity(
    ranges: Annotated[
        list[str], typer.Argument(metavar="RANGE", help='2 to 10 hands or ranges, e.g. "AsKs" "QQ+, AKs" random.')
    ],
    board: Annotated[str, typer.Option("--board", "-b", metavar="CARDS", help="0, 3, 4 or 5 board cards.")] = "",
    dead: Annotated[str, typer.Option("--dead", "-d", metavar="CARDS", help="Cards known to be out of play.")] = "",
    categories: Annotated[
        bool, typer.Option("--categories", help="Also the final-hand category distribution.")
    ] = False,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    settings: dict | None = None,
) -> None:
    """Equity (win + tie shares) of every hand or range at showdown: exact when that is quicker
    than the requested precision, else Monte Carlo with standard errors."""
    assert settings is not None  # with_run_options always passes it
    with reported_errors():
        from analyzer.games.holdem.equity import holdem_equity

        with progress_bar("hold'em equity", show_progress) as progress:
            result = holdem_equity(
                ranges, board, dead, categories=categories, progress=progress, **run_settings(**settings)
            )
    print_equity(result, as_json)


from cli.tables import holdem_heads_up_matrix, holdem_preflop_table  # noqa: E402

holdem_app.command("preflop-table")(holdem_preflop_table)
holdem_app.command("heads-up-matrix")(holdem_heads_up_matrix)
