"""Chart primitives shared by live results (``result.plot()``) and the committed studies.

Every function returns a matplotlib ``Figure`` built without pyplot (no global state, safe in
threads), laid out by matplotlib's constrained layout. Jupyter shows a figure as a PNG once the
inline backend is on (``%matplotlib inline``, or any pyplot import). Charts say what they are:
the ``note`` of each function (method, sample size, what the error bars are; ``error_note`` for
:func:`bar_chart`) is printed under the axes.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
from matplotlib.axes import Axes
from matplotlib.cm import ScalarMappable
from matplotlib.colors import Normalize
from matplotlib.figure import Figure


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
    figure = Figure(figsize=(8, height), layout="constrained")
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
    add_note(figure, error_note)
    return figure


def sorted_curve(
    values: np.ndarray,
    weights: np.ndarray,
    *,
    title: str,
    value_label: str,
    share_label: str,
    mean: float | None = None,
    note: str | None = None,
) -> Figure:
    """Values sorted from the largest down, each drawn over its share of the total weight: a
    step line whose x axis runs from 0 to 100% of the weight and whose y axis is the value
    (Equilab's equity graph, one step per board). The area under the line over 100 is the
    weighted mean.

    Parameters
    ----------
    values, weights:
        One value (0 to 100, a percentage) and one weight (any scale) per item.
    title, value_label, share_label:
        The chart's title, the y axis' label and the x axis'.
    mean:
        If given, drawn as a dashed horizontal line (the weighted mean of ``values``).
    note:
        Method and sample size, written under the chart (:func:`add_note`).
    """
    order = np.argsort(-np.asarray(values, float), kind="stable")
    cumulative = np.cumsum(np.asarray(weights, float)[order])
    edges = 100 * np.concatenate([[0.0], cumulative]) / cumulative[-1]
    figure = Figure(figsize=(8, 4.5), layout="constrained")
    axes = figure.subplots()
    axes.stairs(np.asarray(values, float)[order], edges, color="tab:blue", linewidth=1.5, baseline=None)
    if mean is not None:
        axes.axhline(mean, color="0.4", linestyle="--", linewidth=1, label=f"mean {mean:.2f}")
        axes.legend(loc="upper right")
    axes.set_xlim(0, 100)
    axes.set_ylim(0, 100)
    axes.set_xlabel(share_label)
    axes.set_ylabel(value_label)
    axes.set_title(title)
    axes.grid(alpha=0.3)
    add_note(figure, note)
    return figure


def add_note(figure: Figure, note: str | None) -> None:
    """Write ``note`` (several lines allowed) under the figure's axes, left-aligned and small.

    It is the figure's ``supxlabel``, so constrained layout keeps room for it."""
    if note:
        figure.supxlabel(note, x=0.01, ha="left", fontsize=8, color="0.3", multialignment="left")


def centred_norm(values: np.ndarray, centre: float = 0.0) -> Normalize:
    """A colour scale symmetric about ``centre``: ``centre`` maps to the middle of a diverging
    colour map and the value farthest from it (ignoring NaN) to one end, so equal distances
    above and below get equally strong colours."""
    finite = np.asarray(values, float)
    finite = finite[np.isfinite(finite)]
    limit = float(np.abs(finite - centre).max()) if finite.size else 0.0
    limit = limit or 1.0  # all equal to the centre, or no values: any nonzero span
    return Normalize(centre - limit, centre + limit)


def write_cells(axes: Axes, image: ScalarMappable, texts: np.ndarray, fontsize: float) -> None:
    """Write ``texts[row, col]`` centred in each cell of ``image``, in black on light colours
    and white on dark ones (relative luminance 0.299 R + 0.587 G + 0.114 B below 0.5); empty
    texts and ``None`` are skipped."""
    values = np.asarray(image.get_array(), float)
    for (row, col), text in np.ndenumerate(texts):
        if text is None or text == "":
            continue
        value = values[row, col]
        if np.isfinite(value):
            r, g, b, _ = image.cmap(image.norm(value))
            colour = "white" if 0.299 * r + 0.587 * g + 0.114 * b < 0.5 else "black"
        else:
            colour = "black"
        axes.text(col, row, text, ha="center", va="center", fontsize=fontsize, color=colour)


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
    row_ticks: Sequence[str] | None = None,
    col_ticks: Sequence[str] | None = None,
    note: str | None = None,
) -> Figure:
    """A square heatmap with each cell's label and value written in it (the 13x13 hand chart).

    Parameters
    ----------
    values, labels:
        Equal-shaped arrays: the cell values (NaN leaves a cell blank) and the name written
        above each value (``None`` for none).
    title, colorbar, row_label, col_label:
        The title, the colour bar's label and the axis labels.
    vmin, vmax, cmap:
        The colour scale (the data's range by default).
    fmt:
        The format of each cell's value.
    row_ticks, col_ticks:
        Names of the rows and columns (for the hand chart the ranks A to 2), or no ticks.
    note:
        Method, sample size and precision, written under the chart (:func:`add_note`).
    """
    rows, cols = values.shape
    figure = Figure(figsize=(0.62 * cols + 2.4, 0.55 * rows + 1.6), layout="constrained")
    axes = figure.subplots()
    image = axes.imshow(values, cmap=cmap, vmin=vmin, vmax=vmax)
    texts = np.empty(values.shape, dtype=object)
    for (row, col), v in np.ndenumerate(values):
        if np.isfinite(v):
            name = labels[row, col]
            texts[row, col] = fmt.format(v) if name is None else f"{name}\n{fmt.format(v)}"
    write_cells(axes, image, texts, fontsize=7)
    axes.set_xticks(range(cols), col_ticks) if col_ticks is not None else axes.set_xticks([])
    axes.set_yticks(range(rows), row_ticks) if row_ticks is not None else axes.set_yticks([])
    axes.set_xlabel(col_label)
    axes.set_ylabel(row_label)
    axes.set_title(title)
    figure.colorbar(image, ax=axes, label=colorbar, shrink=0.8)
    add_note(figure, note)
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
    centre: float | None = None,
    note: str | None = None,
    fontsize: float = 9,
) -> Figure:
    """A heatmap with every row and column named and a text in each cell.

    Parameters
    ----------
    values, texts:
        Equal-shaped arrays: the values that colour the cells (NaN leaves a cell white) and the
        text written in each (empty or ``None`` for none).
    row_labels, col_labels:
        The name of each row and column, all shown.
    title, colorbar, row_label, col_label:
        The title, the colour bar's label and the axis labels.
    vmin, vmax, cmap:
        The colour scale (the data's range by default).
    centre:
        If given, the colour scale is symmetric about this value (:func:`centred_norm`) and
        ``vmin``/``vmax`` are ignored: use it with a diverging ``cmap`` for signed values.
    note:
        Method, sample size and what any "±" means, written under the chart (:func:`add_note`).
    fontsize:
        Size of the cell texts.
    """
    rows, cols = values.shape
    figure = Figure(figsize=(1.3 * cols + 3, 0.8 * rows + 2.2), layout="constrained")
    axes = figure.subplots()
    if centre is None:
        image = axes.imshow(values, cmap=cmap, vmin=vmin, vmax=vmax, aspect="auto")
    else:
        image = axes.imshow(values, cmap=cmap, norm=centred_norm(values, centre), aspect="auto")
    write_cells(axes, image, texts, fontsize)
    axes.set_xticks(range(cols), [str(c) for c in col_labels])
    axes.set_yticks(range(rows), [str(r) for r in row_labels])
    axes.set_xlabel(col_label)
    axes.set_ylabel(row_label)
    axes.set_title(title, fontsize=10)
    figure.colorbar(image, ax=axes, label=colorbar)
    add_note(figure, note)
    return figure


CLASS_CHART_RANKS = "AKQJT98765432"
"""The rows and columns of the 13 x 13 Hold'em starting-hand chart, ace first."""


def class_chart(
    texts: dict[str, str],
    values: dict[str, float],
    *,
    title: str,
    colorbar: str,
    vmin: float,
    vmax: float,
    note: str,
) -> Figure:
    """The 13 x 13 Hold'em starting-hand chart (:func:`analyzer.ranges.class_grid_position`:
    pairs on the diagonal, suited classes above it, offsuit below), a :func:`labeled_heatmap`
    with a text and a colour per class.

    Parameters
    ----------
    texts, values:
        By class name (``"AKs"``): the text written in its cell and the value that colours it
        (a class without a value stays at 0).
    title, colorbar, vmin, vmax, note:
        As for :func:`labeled_heatmap`.
    """
    from analyzer.ranges import class_grid_position

    grid = np.zeros((13, 13))
    cells = np.empty((13, 13), dtype=object)
    for name, text in texts.items():
        position = class_grid_position(name)
        grid[position] = values.get(name, 0.0)
        cells[position] = text
    return labeled_heatmap(
        grid,
        cells,
        list(CLASS_CHART_RANKS),
        list(CLASS_CHART_RANKS),
        title=title,
        colorbar=colorbar,
        row_label="higher card of a suited class, lower of an offsuit one",
        col_label="lower card of a suited class, higher of an offsuit one",
        vmin=vmin,
        vmax=vmax,
        fontsize=7,
        note=note,
    )


def with_error(number: float, error: float | None = None, *, signed: bool = False) -> str:
    """``number`` to the precision its error supports, then "± error" (pass the half-width the
    chart's note names, such as 2 standard errors).

    The error is shown to two significant digits and the number to the same decimal place
    (never fewer than 0 decimals). Without an error, or with a zero or non-finite one, the
    number alone, to 4 significant digits. ``signed`` writes a "+" before positive numbers.

    >>> with_error(0.2, 0.0223), with_error(205.4, 9.6, signed=True), with_error(50.0, 0.0)
    ('0.200 ± 0.022', '+205.4 ± 9.6', '50')
    """
    sign = "+" if signed else ""
    if error is None or not np.isfinite(error) or error <= 0:
        return f"{number:{sign}.4g}"
    decimals = max(0, 1 - int(np.floor(np.log10(error))))
    return f"{number:{sign}.{decimals}f} ± {error:.{decimals}f}"


def count_text(values) -> str:
    """A sample size as text: ``"200,000"`` when every value is the same, else
    ``"1,000 to 4,000"`` (the smallest and the largest).

    >>> count_text([200_000, 200_000]), count_text([4_000, 100, 4_000])
    ('200,000', '100 to 4,000')
    """
    low, high = int(np.min(values)), int(np.max(values))
    return f"{low:,}" if low == high else f"{low:,} to {high:,}"
