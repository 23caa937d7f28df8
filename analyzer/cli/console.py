"""The console that tables are printed on (stdout)."""

from __future__ import annotations

import sys

PIPE_WIDTH = 120  # rich would wrap at 80 columns when stdout is not a terminal


def stdout_console():
    """A rich console on stdout: the terminal's width, or :data:`PIPE_WIDTH` columns when piped."""
    from rich.console import Console

    return Console() if sys.stdout.isatty() else Console(width=PIPE_WIDTH)
