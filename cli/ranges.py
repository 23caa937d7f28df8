"""``poker-analyzer range show``: a hand range in canonical form, counted and expanded by class."""

from __future__ import annotations

import json

import typer

from cli.commands import App
from cli.console import stdout_console
from cli.errors import reported_errors

range_app = App(help='Hold\'em hand ranges in PokerStove/Equilab syntax, e.g. "QQ+, AKs, A5s-A2s, KTo+, AsKd:0.5".')


@range_app.command("show")
def show_command(
    text: str = typer.Argument(..., metavar="RANGE", help='A range, e.g. "QQ+, AKs, A2s-A5s, KTo+, 22-55".'),
    dead: str = typer.Option("", "--dead", metavar="CARDS", help='Cards to remove from the range, e.g. "As Kd 7h".'),
    as_json: bool = typer.Option(False, "--json", help="Print a JSON object instead of tables."),
) -> None:
    """Show a range: canonical form, combo count, and its combos grouped by hand class."""
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
    summary.add_row("combos", str(len(hand_range)))
    if not hand_range.is_uniform:
        summary.add_row("weighted", f"{hand_range.weighted_count:g}")
    if len(dead_cards):
        summary.add_row("dead", format_cards(dead_cards))
    classes = Table("class", "combos", "cards", box=None)
    for name, (combos, weights) in hand_range.by_class().items():
        cards = [format_combo(c) if w == 1 else f"{format_combo(c)}:{w:g}" for c, w in zip(combos, weights)]
        classes.add_row(name, str(len(combos)), " ".join(cards))
    console = stdout_console()
    console.print(summary)
    console.print(classes)
