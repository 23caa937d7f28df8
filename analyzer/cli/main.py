"""Entry point of the ``poker-analyzer`` console script."""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

import typer

from analyzer import jit
from analyzer.cli.commands import ALIASES, App, invoked_name
from analyzer.cli.compile_notice import compile_notice
from analyzer.cli.errors import DEBUG_ENV, USAGE_ERROR, Interrupted, print_error

INTERRUPTED = 130  # 128 + SIGINT, as shells report it

PROG_NAME = "poker-analyzer"  # also under ``python -m analyzer.cli.main``: usage lines and the completion variable


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
    "eval": "analyzer.cli.eval:eval_command",
    "batch": "analyzer.cli.batch:batch_command",
    "schema": "analyzer.cli.schema:schema_command",
    "warmup": "analyzer.cli.warmup:warmup_command",
    "ui": "analyzer.cli.ui:ui_command",
}
"""Command name -> ``module:function``, imported only when registered (see :func:`make_app`)."""
GROUPS = {
    "draw": "analyzer.cli.draw:draw_app",
    "head-to-head": "analyzer.cli.head_to_head:head_to_head_app",
    "holdem": "analyzer.cli.holdem:holdem_app",
    "mousel": "analyzer.cli.mousel:mousel_app",
    "paigow": "analyzer.cli.paigow:paigow_app",
    "range": "analyzer.cli.ranges:range_app",
    "saint-poker": "analyzer.cli.saint_poker:saint_poker_app",
    "stud": "analyzer.cli.stud:stud_app",
    "whist": "analyzer.cli.whist:whist_app",
}
"""Group name -> ``module:app``, imported only when registered."""


def _load(target: str) -> Any:
    """The object a ``module:attribute`` string names, importing its module."""
    module, attribute = target.split(":")
    return getattr(importlib.import_module(module), attribute)


def make_app(only: str | None = None) -> App:
    """The ``poker-analyzer`` app: the root options, every command and group, and the hidden short
    names of the two long group names (:data:`~analyzer.cli.commands.ALIASES`).

    ``only`` (a command or group name, as :func:`~analyzer.cli.commands.invoked_name` reads it off a
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
    """``analyzer.cli.main.app``, the whole app (what tests and the docs drive in-process), built on first
    use: a command line builds only the part it runs (:func:`main`)."""
    if name != "app":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    whole = globals()["app"] = make_app()
    return whole


def _keep_main_thread_free(_numba: object) -> None:
    """No kernel of a command runs on the main thread, so Ctrl-C stops it at once
    (:func:`analyzer.sim.executors.keep_main_thread_free`)."""
    from analyzer.sim.executors import keep_main_thread_free

    keep_main_thread_free()


def main() -> None:
    """Run the app; usage errors become one line on stderr with exit code 2, and an interruption
    (exit code 130) ``error: interrupted``, followed by what the command kept and how to go on
    when it says so (an :class:`~analyzer.cli.errors.Interrupted`: ``batch`` does)."""
    kept = ""  # what an interrupted command kept, and how to go on
    jit.when_imported("numba", _keep_main_thread_free)  # a command that runs kernels imports Numba
    try:
        with compile_notice(sys.argv[1:]):
            code = make_app(invoked_name(sys.argv[1:]))(prog_name=PROG_NAME, standalone_mode=False)
    except typer.Exit as stop:
        code = stop.exit_code
    except typer.Abort:
        code = INTERRUPTED
    except Interrupted as stop:
        code, kept = INTERRUPTED, str(stop)
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
        if kept:  # whole, not cut as error lines echoing input are: it ends in a command to copy
            print(f"error: interrupted; {kept}", file=sys.stderr)
        else:
            print_error("interrupted")
    sys.exit(code if isinstance(code, int) else 0)


def run() -> None:
    """The console script: the fast start switched on, :func:`main`, then the process ends at once.

    The fast start (:func:`analyzer.jit.enable_fast_start`) lets the project's cached kernels
    load without setting up Numba's compiler; it is the console script's to switch on, since the
    process runs nothing but this package (a library import never does). When the command has
    returned, what it wrote is closed (results are renamed into place, executors and Dask
    clients shut), and the process ends without the interpreter's teardown of the run's objects
    (:func:`analyzer.jit.fast_exit`: threads are joined, exit handlers run and the streams
    flushed first). An exception other than ``SystemExit`` ends the process the usual way."""
    jit.enable_fast_start()
    try:
        main()
        code: object = 0
    except SystemExit as stop:
        code = stop.code
    jit.fast_exit(code)


if __name__ == "__main__":
    run()
