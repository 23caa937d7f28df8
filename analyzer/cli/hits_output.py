"""Printing what a range makes and draws to (``holdem hits``).

The printed tables: the made hands, each category with its relative-strength rows indented under
it (a category of one row is that row), then the draws; each row's weighted combos and share of
the range. ``--combos`` adds a table of the combos of every row that some combo makes, each as
range text (:meth:`~analyzer.ranges.Range.canonical`); ``--filter`` the range of the combos that
make the rows it names, as range text on a line of its own, which ``holdem equity`` reads back.
``--json`` prints the result's ``to_dict()`` instead (each row's ``hands``, and the filter's range
under ``"filter"``; ``--chart`` draws the result's bars,
:func:`analyzer.cli.output_files.save_chart`).
"""

from __future__ import annotations

import json

from rich.table import Table

from analyzer.cli.console import stdout_console
from analyzer.text import combos_text, plural


def print_hits(result, as_json: bool, combos: bool = False, filtered=None, names: str = "") -> None:
    """Print a ``HitsResult`` (``pa.holdem.hits``) to stdout; with ``combos`` each row's combos,
    with ``filtered`` (the :class:`~analyzer.ranges.Range` that ``result.filter(names)`` made) that
    range."""
    if as_json:
        data = result.to_dict()
        if filtered is not None:
            data["filter"] = {
                "rows": names,
                "range": filtered.canonical(),
                "combos": len(filtered),
                "weight": filtered.weighted_count,
            }
        print(json.dumps(data))
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
    if combos:
        console.print(_combos_table(result))
    if filtered is not None:
        console.print(
            f"filter {names}: {plural(len(filtered), 'combo')}, weight {combos_text(filtered.weighted_count)}",
            highlight=False,
        )
        console.print(filtered.canonical(), soft_wrap=True, highlight=False, markup=False)


def _combos_table(result) -> Table:
    """Every made-hand row and draw that some combo makes, with its combos as range text."""
    table = Table(title="combos by row", title_justify="left")
    for column in ("row", "combos", "hands"):
        table.add_column(column, justify="right" if column == "combos" else "left")
    for r in (*result.made, *result.draws):
        if r.hands:
            table.add_row(r.name, combos_text(r.combos), result.filter(r.name).canonical())
    return table


def _table(title: str | None, what: str) -> Table:
    table = Table(title=title, title_justify="left")
    table.add_column(what)
    for column in ("combos", "share"):
        table.add_column(column, justify="right")
    return table


def _add(table: Table, label: str, row) -> None:
    table.add_row(label, combos_text(row.combos), f"{100 * row.share:.3f}%")
