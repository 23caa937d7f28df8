"""Printing what a range makes and draws to (``holdem hits``).

The printed tables: the made hands, each category with its relative-strength rows indented under
it (a category of one row is that row), then the draws; each row's weighted combos and share of
the range. ``--json`` prints the result's ``to_dict()`` instead (``--chart`` draws the result's bars,
:func:`analyzer.cli.output_files.save_chart`).
"""

from __future__ import annotations

import json

from rich.table import Table

from analyzer.cli.console import stdout_console
from analyzer.text import combos_text


def print_hits(result, as_json: bool) -> None:
    """Print a ``HitsResult`` (``pa.holdem.hits``) to stdout."""
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    console = stdout_console()
    made = _table(f"holdem hits ({result.how}; {result.run.elapsed:.3f} s)", "made hand")
    for category in result.categories:
        rows = result.made_in(category.name)
        _add(made, category.name, category)
        if [r.name for r in rows] != [category.name]:
            for r in rows:
                _add(made, f"  {r.name}", r)
    console.print(made)
    draws = _table(None, "draw")
    for r in result.draws:
        _add(draws, r.name, r)
    console.print(draws)
    where = f"board: {result.board or 'every flop'}   dead: {result.dead or '-'}"
    console.print(f"range: {result.range} ({combos_text(result.combos)} combos)   {where}")
    if not result.board:
        console.print(f"combos: the mean over the {result.boards:,} flops; share: of the range's combos on them")


def _table(title: str | None, what: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(what)
    for column in ("combos", "share"):
        table.add_column(column, justify="right")
    return table


def _add(table: Table, label: str, row) -> None:
    table.add_row(label, combos_text(row.combos), f"{100 * row.share:.3f}%")
