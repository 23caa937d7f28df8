"""Entry point of the ``poker-analyzer`` console script."""

from __future__ import annotations

import os
import sys

import typer

from cli.batch import batch_command
from cli.commands import ALIASES, App, invoked_name
from cli.compile_notice import compile_notice
from cli.draw import draw_app
from cli.errors import DEBUG_ENV, USAGE_ERROR, print_error
from cli.eval import eval_command
from cli.head_to_head import head_to_head_app
from cli.holdem import holdem_app
from cli.mousel import mousel_app
from cli.paigow import paigow_app
from cli.ranges import range_app
from cli.saint_poker import saint_poker_app
from cli.schema import schema_command
from cli.stud import stud_app
from cli.warmup import warmup_command
from cli.whist import whist_app

INTERRUPTED = 130  # 128 + SIGINT, as shells report it

PROG_NAME = "poker-analyzer"  # also under ``python -m cli.main``: usage lines and the completion variable


def _print_version(asked: bool) -> None:
    """``--version``: print the package version and stop (before any command runs)."""
    if asked:
        from analyzer import __version__

        print(f"{PROG_NAME} {__version__}")
        raise typer.Exit()


def root(
    debug: bool = typer.Option(False, "--debug", help="Show tracebacks instead of one-line errors."),
    version: bool = typer.Option(
        False, "--version", callback=_print_version, is_eager=True, help="Print the version and exit."
    ),
) -> None:
    """The options before any command: ``--debug`` makes every command's errors show their
    tracebacks (through the environment), ``--version`` prints the version and stops. (The help
    page shows the app's ``help``, which typer puts before this docstring.)"""
    if debug:
        os.environ[DEBUG_ENV] = "1"


COMMANDS = {"eval": eval_command, "batch": batch_command, "schema": schema_command, "warmup": warmup_command}
GROUPS = {
    "draw": draw_app,
    "head-to-head": head_to_head_app,
    "holdem": holdem_app,
    "mousel": mousel_app,
    "paigow": paigow_app,
    "range": range_app,
    "saint-poker": saint_poker_app,
    "stud": stud_app,
    "whist": whist_app,
}


def make_app(only: str | None = None) -> App:
    """The ``poker-analyzer`` app: the root options, every command and group, and the hidden short
    names of the two long group names (:data:`~cli.commands.ALIASES`).

    ``only`` (a command or group name, as :func:`~cli.commands.invoked_name` reads it off a
    command line) registers that one alone: typer builds the parameters of every registered
    command before it parses anything (some 40 commands and 200 parameters, about 0.2 s), and a
    command line runs one. Any other name, or None, registers all of them, so the help, shell
    completion and the error for an unknown command see every one."""
    app = App(
        name=PROG_NAME,
        help="Odds and strategy for poker-family card games: exact where possible, "
        "Monte Carlo with error bars otherwise.",
        pretty_exceptions_enable=False,
    )
    app.callback()(root)
    known = set(COMMANDS) | set(GROUPS) | set(ALIASES)
    for name, command in COMMANDS.items():
        if only not in known or only == name:
            app.command(name)(command)
    for name, group in GROUPS.items():
        if only not in known or only == name:
            app.add_typer(group, name=name)
    for alias, name in ALIASES.items():
        if only not in known or only == alias:
            app.add_typer(GROUPS[name], name=alias, hidden=True)
    return app


app = make_app()
"""The whole app (what tests and the docs drive in-process)."""


def main() -> None:
    """Run the app; usage errors become one line on stderr with exit code 2."""
    try:
        with compile_notice(sys.argv[1:]):
            code = make_app(invoked_name(sys.argv[1:]))(prog_name=PROG_NAME, standalone_mode=False)
    except typer.Exit as stop:
        code = stop.exit_code
    except typer.Abort:
        code = INTERRUPTED
    except Exception as err:
        # Click's usage errors (typer vendors its own Click, so match the interface)
        if not (hasattr(err, "format_message") and hasattr(err, "exit_code")):
            raise
        message = " ".join(err.format_message().split())
        if message:  # empty when the help was shown because no arguments were given
            ctx = getattr(err, "ctx", None)
            hint = f" (see '{ctx.command_path} --help')" if ctx is not None else ""
            print_error(f"{message}{hint}")
        code = err.exit_code if err.exit_code else USAGE_ERROR
    if code == INTERRUPTED:  # Ctrl-C: typer returns this code; running chunks finished first
        print_error("interrupted")
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
