"""Entry point of the ``poker-analyzer`` console script."""

from __future__ import annotations

import os

import typer

from cli.errors import DEBUG_ENV
from cli.eval_cmd import eval_command

app = typer.Typer(
    name="poker-analyzer",
    help="Odds and strategy for poker-family card games: exact where possible, Monte Carlo with error bars otherwise.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def root(debug: bool = typer.Option(False, "--debug", help="Show tracebacks instead of one-line errors.")) -> None:
    if debug:
        os.environ[DEBUG_ENV] = "1"


app.command("eval")(eval_command)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
