"""``poker-analyzer range show``: a hand range (PokerStove or ProPokerTools generic syntax, see
:mod:`analyzer.ranges`) in canonical form, counted and expanded by class."""

from __future__ import annotations

import json

import typer

from analyzer.cli.commands import App
from analyzer.cli.console import stdout_console
from analyzer.cli.errors import reported_errors

range_app = App(
    help='Hold\'em hand ranges in PokerStove/Equilab syntax, e.g. "QQ+, AKs, A5s-A2s, KTo+, AsKd:0.5", '
    'or ProPokerTools\' generic syntax, e.g. "AxKy, RR, [KQJ]T, A*!AA".'
)


@range_app.command("show")
def show_command(
    text: str = typer.Argument(
        ..., metavar="RANGE", help='A range, e.g. "QQ+, AKs, A2s-A5s, KTo+, 22-55" or "AxKx, hh, A*!AA".'
    ),
    dead: str = typer.Option("", "--dead", metavar="CARDS", help='Cards to remove from the range, e.g. "As Kd 7h".'),
    combos: bool = typer.Option(False, "--combos", help="Also list the combos of each class."),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON object instead of tables."),
) -> None:
    """Show a range: canonical form, combo count and share of all 1,326 combos, and the 13 x 13
    hand chart (suited classes above the diagonal; a class partly in the range shows its share)."""
    with reported_errors():
        from analyzer.cards import format_cards, parse_cards
        from analyzer.ranges import format_combo, parse_range

        dead_cards = parse_cards(dead)
        hand_range = parse_range(text).without(dead_cards)
    if as_json:
        print(json.dumps(hand_range.to_dict()))
        return
    from rich.table import Table

    summary = Table(show_header=False, box=None)
    summary.add_row("range", hand_range.canonical())
    summary.add_row("combos", f"{len(hand_range):,} of 1,326")
    if not hand_range.is_uniform:
        summary.add_row("weighted", f"{hand_range.weighted_count:g}")
    summary.add_row("share", f"{hand_range.share:.1%}")
    if len(dead_cards):
        summary.add_row("dead", format_cards(dead_cards))
    console = stdout_console()
    console.print(summary)
    console.print(_chart(hand_range.grid()))
    if combos:
        classes = Table("class", "combos", "cards", box=None)
        for name, (rows, weights) in hand_range.by_class().items():
            cards = [format_combo(c) if w == 1 else f"{format_combo(c)}:{w:g}" for c, w in zip(rows, weights)]
            classes.add_row(name, str(len(rows)), " ".join(cards))
        console.print(classes)


def _chart(grid):
    """The 13 x 13 chart as a table: a class wholly in the range by its name, one partly in by
    its weighted share in percent, one not in by a dot."""
    from rich.table import Table

    from analyzer.cards import RANKS
    from analyzer.ranges import class_at

    ranks = RANKS[::-1]
    chart = Table("", *ranks, box=None, header_style="bold", pad_edge=False)
    for row, rank in enumerate(ranks):
        cells = [
            class_at(row, col) if share == 1 else "·" if share == 0 else f"{100 * share:.0f}%"
            for col, share in enumerate(grid[row])
        ]
        chart.add_row(f"[bold]{rank}[/]", *cells)
    return chart
