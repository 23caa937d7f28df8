"""Printing and saving the equity on every flop or turn (``holdem flops``, ``holdem turns``).

The printed summary: every player's equity over the boards (the equity before the street) and
how often he is ahead; player 1's equity over the boards (mean, quantiles, how often ahead or a
big favourite); his best and worst boards. With ranges, every figure over the boards weighs
each board by its probability. ``--json`` prints every board instead, ``--out`` writes them
(CSV or JSON) and ``--chart`` player 1's equity by board (PNG): sorted, as Equilab's equity
graph draws it, or as a histogram (``--chart-kind``).
"""

from __future__ import annotations

import json
import sys
from enum import Enum
from typing import Annotated

import typer
from rich.table import Table

from analyzer.cli.console import stdout_console
from analyzer.cli.output_files import OutputFile
from analyzer.text import plural

OUT_SUFFIXES = (".csv", ".json")
EXTREMES = 3  # best and worst boards listed


class Kind(str, Enum):
    """The chart ``--chart`` draws (``--chart-kind``), a kind of ``StreetEquities.plot``."""

    sorted = "sorted"
    histogram = "histogram"


ChartKind = Annotated[
    Kind,
    typer.Option(
        "--chart-kind",
        case_sensitive=False,
        help="sorted: player 1's equity on each board, best first, over the boards' share (Equilab's "
        "equity graph); histogram: the boards' share per tenth of the pot.",
    ),
]


def print_streets(result, as_json: bool) -> None:
    """Print a ``StreetEquities`` (``pa.holdem.flops``, ``pa.holdem.turns``) to stdout."""
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    street, run = result.street, result.run
    rows = plural(len(result.cards), street)
    if result.distinct:
        rows = f"{plural(len(result.cards), f'distinct {street}')} of {int(result.weights.sum()):,}"
    console = stdout_console()
    table = Table(
        title=f"holdem {street}s (exact, {rows}, {plural(run.trials, 'deal')} enumerated; {run.elapsed:.3f} s)",
        title_justify="left",
    )
    for column in ("player", "hand", "equity", "win", "tie", f"ahead on {street}s"):
        table.add_column(column, justify="left" if column == "hand" else "right")
    for i, p in enumerate(result.players, start=1):
        ahead = result.distribution(i).ahead
        shares = (f"{100 * share:.3f}%" for share in (p.equity, p.win, p.tie))
        table.add_row(str(i), p.hand, *shares, f"{100 * ahead:.1f}%")
    console.print(table)
    dist = result.distribution()
    spread = Table(title=f"player 1 ({dist.hand}) over the {street}s", title_justify="left")
    labels = [f"{100 * q:g}%" if q != 0.5 else "median" for q, _ in dist.quantiles]
    for column in ("mean", *labels, "ahead", "80%+"):
        spread.add_column(column, justify="right")
    spread.add_row(
        f"{100 * dist.mean:.3f}%",
        *(f"{100 * e:.1f}%" for _, e in dist.quantiles),
        f"{100 * dist.ahead:.1f}%",
        f"{100 * dist.favourite:.1f}%",
    )
    console.print(spread)
    for name, boards in (("best", result.best(EXTREMES)), ("worst", result.worst(EXTREMES))):
        listed = ", ".join(f"{cards} {100 * equity:.1f}%" for cards, equity in boards)
        console.print(f"{name} {street}s for {dist.hand}: {listed}")
    if result.board or result.dead:
        console.print(f"board: {result.board or '-'}   dead: {result.dead or '-'}")


def save_streets(
    result, out: OutputFile | None, chart: OutputFile | None, as_json: bool, chart_kind: Kind = Kind.sorted
) -> None:
    """Write every board to ``out`` (CSV or JSON by its suffix) and player 1's chart of the kind
    ``chart_kind`` (``StreetEquities.plot``) to ``chart`` (PNG), each through a temporary file,
    and say so (on stderr under ``--json``, whose stdout is one JSON object)."""
    written = []
    if out is not None:
        if out.path.suffix.lower() == ".csv":
            from analyzer.report import CSV_FLOAT_FORMAT

            frame = result.to_frame()
            out.write(lambda path: frame.to_csv(path, index=False, float_format=CSV_FLOAT_FORMAT))
        else:
            text = json.dumps(result.to_dict())
            out.write(lambda path: path.write_text(text + "\n"))
        written.append(out)
    if chart is not None:
        from analyzer.report import save_figure

        figure = result.plot(kind=chart_kind.value)
        chart.write(lambda path: save_figure(figure, path))
        written.append(chart)
    for path in written:
        print(f"wrote {path}", file=sys.stderr if as_json else sys.stdout)
