"""The terminal side of the games a person plays (``head-to-head play --human``, ``saint-poker
play --human``): the ``--think`` option and the measurements it gave, the numbered choices
listed a few to a line, the prompt that asks for a move until it gets a legal one, and the
events of the game shown once each."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Annotated, Protocol, TypeVar

import typer

T = TypeVar("T")
QUIT = ("q", "quit", "exit")

Think = Annotated[
    float | None,
    typer.Option(
        "--think",
        metavar="MS",
        min=0.001,
        help="With --human: the opponents' thinking time a move, CPU milliseconds on this machine, instead of "
        "their budget of play-outs (the budget that costs that much here is measured once, about a second, "
        "and fixed for the game; the player with it is printed, to replay the game).",
    ),
]


class Measured(Protocol):
    """What a game says of a budget a ``--think`` time gave (the API's ``ThinkBudget``)."""

    def describe(self) -> str:
        """One line: the player with its budget and what a move costs it here."""
        ...


def show_thinking(budgets: Sequence[Measured]) -> None:
    """Print the line of each opponent budget a ``--think`` time gave (none without one)."""
    for budget in budgets:
        print(budget.describe())


def list_choices(labels: list[str], per_line: int) -> None:
    """Print the ``labels`` of the numbered choices, ``per_line`` to a line, each line indented two
    spaces and stripped of the labels' trailing padding."""
    for start in range(0, len(labels), per_line):
        print("  " + " ".join(labels[start : start + per_line]).rstrip())


def ask(prompt: str, parse: Callable[[str], T]) -> T | None:
    """Ask with ``prompt`` until ``parse`` accepts the answer, and return what it made of it; a
    ``ValueError`` of ``parse`` is printed in one line and the question asked again. None when the
    person quits (``q``), the input ends, or Ctrl-C is pressed."""
    while True:
        try:
            line = input(prompt)
        except (EOFError, KeyboardInterrupt):
            print()
            return None
        text = line.strip()
        if text.lower() in QUIT:
            return None
        if not text:
            print("  say a move, or q to quit")
            continue
        try:
            return parse(text)
        except ValueError as error:
            print(f"  {str(error).splitlines()[0] if str(error) else 'not a move'}")


def show_events(events: list[str], shown: int) -> int:
    """Print the ``events`` from number ``shown`` on; returns how many have been shown."""
    for event in events[shown:]:
        print(f"* {event}")
    return len(events)
