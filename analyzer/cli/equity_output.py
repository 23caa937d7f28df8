"""Printing equity results: a readable table, or one JSON object."""

from __future__ import annotations

import json

from rich.table import Table

from analyzer.cli.console import stdout_console
from analyzer.text import plural


def print_equity(result, as_json: bool, by_class: bool = False) -> None:
    """Print an ``EquityResult`` (``pa.holdem.equity``, ``pa.stud.equity``) to stdout; after the
    players' table, the breakdown of each range (a player of one combo has none to show), by class
    if asked. The table's ``combos`` are each player's live combos (those in at least one deal);
    a line under it names the players whose range lists more, blocked by the other hands. When
    the method was chosen rather than forced, a line says which and why."""
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
    if run.choice is not None:
        console.print(f"method: {run.choice}")
    for i, p in enumerate(result.players, start=1):
        if p.combos_listed > p.combos:
            blocked = p.combos_listed - p.combos
            console.print(
                f"player {i}: {p.combos:,} live combos of {p.combos_listed:,} listed; "
                f"{plural(blocked, 'combo')} in no deal, blocked by the other players' hands"
            )
    for i, p in enumerate(result.players, start=1):
        if p.categories:
            parts = ", ".join(f"{name} {100 * share:.2f}%" for name, share in p.categories.items())
            console.print(f"player {i} final hands: {parts}")
    for i, p in enumerate(result.players, start=1):
        if p.breakdown is not None and p.combos > 1:
            console.print(breakdown_table(i, p, by_class, run.exact))


def breakdown_table(number: int, player, by_class: bool, exact: bool) -> Table:
    """Player ``number``'s equity hand by hand (a :class:`~analyzer.sim.breakdown.Breakdown`),
    best first: each combo or class, its share of the deals, equity (and, Monte Carlo, its
    standard error and trials), win and tie."""
    rows = player.breakdown.classes if by_class else player.breakdown.combos
    unit = "class" if by_class else "combo"
    title = f"player {number}, {player.hand}: equity {unit} by {unit}"
    table = Table(title=title, title_justify="left")
    columns = ["class"] if by_class else ["combo", "class"]
    columns += ["weight", "equity"] + ([] if exact else ["± s.e.", "trials"]) + ["win", "tie"]
    for column in columns:
        table.add_column(column, justify="left" if column in ("combo", "class") else "right")
    samples = rows.samples or (0,) * len(rows)
    for hand, name, weight, equity, se, count, win, tie in zip(
        rows.hands, rows.classes, rows.weights, rows.equity, rows.stderr, samples, rows.win, rows.tie
    ):
        cells = [name] if by_class else [hand, name]
        cells += [f"{100 * weight:.3f}%", f"{100 * equity:.3f}%"]
        cells += [] if exact else [f"{100 * se:.3f}%", f"{count:,}"]
        cells += [f"{100 * win:.3f}%", f"{100 * tie:.3f}%"]
        table.add_row(*cells)
    return table
