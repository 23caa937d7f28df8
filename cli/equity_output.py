"""Printing equity results: a readable table, or one JSON object."""

from __future__ import annotations

import json

from rich.table import Table

from analyzer.text import plural
from cli.console import stdout_console


def print_equity(result, as_json: bool) -> None:
    """Print an :class:`analyzer.games._equity.EquityResult` to stdout."""
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    run = result.run
    if run.exact:
        how = f"exact, {plural(run.trials, 'deal')} enumerated"
    else:
        how = (
            f"Monte Carlo, {plural(run.trials, 'trial')}, seed {run.seed}, chunk size {run.chunk_size:,}, "
            f"stopped by {run.stopped_by.replace('_', ' ')}"
        )
    title = f"{result.game} equity ({how}; {run.elapsed:.3f} s)"
    table = Table(title=title, title_justify="left")
    for column in ("player", "hand or range", "combos", "equity", "± s.e.", "win", "tie"):
        table.add_column(column, justify="left" if column == "hand or range" else "right")
    for i, p in enumerate(result.players, start=1):
        table.add_row(
            str(i),
            p.hand,
            f"{p.combos:,}",
            f"{100 * p.equity:.3f}%",
            "exact" if run.exact else f"{100 * p.stderr:.3f}%",
            f"{100 * p.win:.3f}%",
            f"{100 * p.tie:.3f}%",
        )
    console = stdout_console()
    console.print(table)
    if result.board or result.dead:
        console.print(f"board: {result.board or '-'}   dead: {result.dead or '-'}")
    for i, p in enumerate(result.players, start=1):
        if p.categories:
            parts = ", ".join(f"{name} {100 * share:.2f}%" for name, share in p.categories.items())
            console.print(f"player {i} final hands: {parts}")
