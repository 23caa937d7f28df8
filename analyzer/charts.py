"""Chart primitives shared by live results (``result.plot()``) and the committed studies.

Every function returns a matplotlib ``Figure`` built without pyplot (no global state, safe in
threads); Jupyter shows a returned figure as a PNG. Charts say what their error bars are: the
``error_note`` of :func:`bar_chart` is printed under the axes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.figure import Figure
from matplotlib.layout_engine import ConstrainedLayoutEngine


def bar_chart(
    labels: Sequence[str],
    values: Sequence[float],
    *,
    errors: Sequence[float] | None = None,
    title: str,
    value_label: str,
    error_note: str | None = None,
    highlight: int | None = None,
) -> Figure:
    """Horizontal bars, one per label (first label on top), with optional error bars.

    Parameters
    ----------
    labels, values:
        One bar per label.
    errors:
        Half-widths of the error bars (for example ``2 * standard_error``), or ``None``.
    title, value_label:
        The chart's title and the value axis' label.
    error_note:
        What the bars and error bars are (method, sample size, "error bars: 2 s.e."), written
        under the chart; say "exact" for enumerated figures.
    highlight:
        Index of a bar to draw in a stronger colour (the best option).
    """
    count = len(labels)
    height = 1.2 + 0.38 * max(count, 1)
    below = 0.25 / height if error_note else 0.0  # room for the note: the layout does not see figure texts
    figure = Figure(figsize=(8, height), layout=ConstrainedLayoutEngine(rect=(0, below, 1, 1 - below)))
    axes = figure.subplots()
    colours = ["tab:blue"] * count
    if highlight is not None:
        colours[highlight] = "tab:green"
    positions = np.arange(count)
    axes.barh(positions, values, xerr=errors, color=colours, capsize=3 if errors is not None else 0)
    axes.set_yticks(positions, labels)
    axes.invert_yaxis()
    axes.set_xlabel(value_label)
    axes.set_title(title)
    axes.grid(axis="x", alpha=0.3)
    if error_note:
        figure.text(0.01, 0.0, error_note, fontsize=8, ha="left", va="bottom", color="0.35")
    return figure


def grid_heatmap(
    values: np.ndarray,
    labels: np.ndarray,
    *,
    title: str,
    colorbar: str,
    row_label: str,
    col_label: str,
    vmin: float | None = None,
    vmax: float | None = None,
    fmt: str = "{:.0f}",
    cmap: str = "RdYlGn",
) -> Figure:
    """A square heatmap with a text label in each cell (the 13x13 hand chart)."""
    size = values.shape[0]
    figure = Figure(figsize=(0.62 * size + 2, 0.55 * size + 1.2))
    axes = figure.subplots()
    image = axes.imshow(values, cmap=cmap, vmin=vmin, vmax=vmax)
    for (row, col), v in np.ndenumerate(values):
        axes.text(col, row, f"{labels[row, col]}\n{fmt.format(v)}", ha="center", va="center", fontsize=7)
    axes.set_xticks([])
    axes.set_yticks([])
    axes.set_xlabel(col_label)
    axes.set_ylabel(row_label)
    axes.set_title(title)
    figure.colorbar(image, ax=axes, label=colorbar, shrink=0.8)
    return figure


def labeled_heatmap(
    values: np.ndarray,
    texts: np.ndarray,
    row_labels,
    col_labels,
    *,
    title: str,
    colorbar: str,
    row_label: str,
    col_label: str,
    vmin: float | None = None,
    vmax: float | None = None,
    cmap: str = "RdYlGn",
) -> Figure:
    """A heatmap with named rows and columns and a text in each cell."""
    rows, cols = values.shape
    figure = Figure(figsize=(1.3 * cols + 3, 0.8 * rows + 2))
    axes = figure.subplots()
    image = axes.imshow(values, cmap=cmap, vmin=vmin, vmax=vmax, aspect="auto")
    for (row, col), text in np.ndenumerate(texts):
        axes.text(col, row, text, ha="center", va="center", fontsize=9)
    axes.set_xticks(range(cols), col_labels)
    axes.set_yticks(range(rows), row_labels)
    axes.set_xlabel(col_label)
    axes.set_ylabel(row_label)
    axes.set_title(title, fontsize=10)
    figure.colorbar(image, ax=axes, label=colorbar)
    return figure
