"""Entry point of the ``poker-analyzer`` console script."""

from __future__ import annotations

import atexit
import importlib
import os
import sys
import threading
from typing import Any

import typer

from cli.commands import ALIASES, App, invoked_name
from cli.compile_notice import compile_notice
from cli.errors import DEBUG_ENV, USAGE_ERROR, print_error

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


COMMANDS = {
    "eval": "cli.eval:eval_command",
    "batch": "cli.batch:batch_command",
    "schema": "cli.schema:schema_command",
    "warmup": "cli.warmup:warmup_command",
}
"""Command name -> ``module:function``, imported only when registered (see :func:`make_app`)."""
GROUPS = {
    "draw": "cli.draw:draw_app",
    "head-to-head": "cli.head_to_head:head_to_head_app",
    "holdem": "cli.holdem:holdem_app",
    "mousel": "cli.mousel:mousel_app",
    "paigow": "cli.paigow:paigow_app",
    "range": "cli.ranges:range_app",
    "saint-poker": "cli.saint_poker:saint_poker_app",
    "stud": "cli.stud:stud_app",
    "whist": "cli.whist:whist_app",
}
"""Group name -> ``module:app``, imported only when registered."""


def _load(target: str) -> Any:
    """The object a ``module:attribute`` string names, importing its module."""
    module, attribute = target.split(":")
    return getattr(importlib.import_module(module), attribute)


def make_app(only: str | None = None) -> App:
    """The ``poker-analyzer`` app: the root options, every command and group, and the hidden short
    names of the two long group names (:data:`~cli.commands.ALIASES`).

    ``only`` (a command or group name, as :func:`~cli.commands.invoked_name` reads it off a
    command line) registers, and imports, that one alone: typer builds the parameters of every
    registered command before it parses anything (some 40 commands and 200 parameters, about
    0.2 s), importing every command module costs about 0.04 s more, and a command line runs one.
    Any other name, or None, registers all of them, so the help, shell completion and the error
    for an unknown command see every one."""
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
            app.command(name)(_load(command))
    for name, group in GROUPS.items():
        if only not in known or only == name:
            app.add_typer(_load(group), name=name)
    for alias, name in ALIASES.items():
        if only not in known or only == alias:
            app.add_typer(_load(GROUPS[name]), name=alias, hidden=True)
    return app


def __getattr__(name: str) -> App:
    """``cli.main.app``, the whole app (what tests and the docs drive in-process), built on first
    use: a command line builds only the part it runs (:func:`main`)."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    whole = globals()["app"] = make_app()
    return whole


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


def run() -> None:
    """The console script: :func:`main`, then the process ends at once.

    When the command has returned, what it wrote is closed (results are renamed into place,
    executors and Dask clients shut), and what is left is the interpreter tearing down the
    objects of the run: Numba's dispatchers and code libraries, LLVM's modules. That takes
    about a fifth of a warm query's CPU time (docs/speed.md) to free memory the operating
    system takes back anyway. So the steps of a normal exit that can still matter are taken
    (threads left running are joined, the exit handlers run, a ``sys.exit`` message is
    printed, the standard streams are flushed, and a failed flush of the output exits with
    120, as Python does), and the process ends with ``os._exit``. An exception other than
    ``SystemExit`` ends the process the usual way."""
    try:
        main()
        code: object = 0
    except SystemExit as stop:
        code = stop.code
    for thread in threading.enumerate():
        if thread is not threading.current_thread() and not thread.daemon:
            thread.join()
    atexit._run_exitfuncs()
    if code is None:
        code = 0
    elif not isinstance(code, int):
        print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream: nothing more can be written
            if stream is sys.stdout and code == 0:
                code = 120
    os._exit(code)


if __name__ == "__main__":
    run()
