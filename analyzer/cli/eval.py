"""``poker-analyzer eval``: the best hand in some cards."""

from __future__ import annotations

import json

import typer

from analyzer.cli.console import stdout_console
from analyzer.cli.errors import reported_errors
from analyzer.cli.options import RulesName, RulesOption


def eval_command(
    cards: str = typer.Argument(
        ..., metavar="CARDS", help='5 to 7 cards, e.g. "As Ks Qs Js Ts 2c 3d" (2 under Pai Gow rules).'
    ),
    rules: RulesOption = RulesName.standard,
    as_json: bool = typer.Option(False, "--json", help="Print a JSON object instead of a table."),
) -> None:
    """Evaluate a hand: its best five cards, name, category and value."""
    with reported_errors():
        from analyzer.eval import describe_hand

        hand = describe_hand(cards, rules)
    if as_json:
        print(json.dumps(hand.to_dict()))
        return
    from rich.table import Table

    table = Table(show_header=False, box=None)
    table.add_row("cards", " ".join(hand.cards))
    table.add_row("best five", " ".join(hand.best_five))
    table.add_row("hand", f"[bold]{hand.name}[/bold]")
    table.add_row("category", f"{hand.category} ({hand.category_code})")
    table.add_row("value", f"{hand.value} (0x{hand.value:06x})")
    table.add_row("rules", hand.rules)
    stdout_console().print(table)
