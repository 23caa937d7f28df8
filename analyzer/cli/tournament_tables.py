"""The tables of a paired tournament's output (``head-to-head tournament``, ``saint-poker
tournament``): the standings and the matches, laid out alike."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.table import Table

NAME_COLUMNS = ("player", "opponent")
"""The columns that name players, left-aligned; every other column holds a figure, right-aligned."""


def tournament_table(title: str, columns: Iterable[str], rows: Iterable[Iterable[str]]) -> Table:
    """A table titled ``title`` on the left, with ``columns`` (names left-aligned, figures
    right-aligned: :data:`NAME_COLUMNS`) and one line for each of ``rows``."""
    from rich.table import Table  # imported when a table is printed, as the commands do

    table = Table(title=title, title_justify="left")
    for column in columns:
        table.add_column(column, justify="left" if column in NAME_COLUMNS else "right")
    for row in rows:
        table.add_row(*row)
    return table


def print_ratings(console, ratings) -> None:
    """Print a fit's ratings (:class:`analyzer.games.ratings.Ratings`) as a table, and under it
    how well they fit and which pairs they cannot order."""
    rows = [(r.player, f"{r.rating:+.0f}", f"{r.stderr:.0f}") for r in ratings.ratings]
    console.print(tournament_table("ratings, Elo points", ("player", "rating", "± s.e."), rows))
    console.print(f"fit: {ratings.fit_text()}")
