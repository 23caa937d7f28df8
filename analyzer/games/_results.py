"""What the results of the game analyses share: Python numbers, JSON-ready dicts, a one-line
account of each run, a short text summary and the bar chart of values with error bars.

A result is a frozen dataclass built from integer tallies, so its numbers arrive as numpy
scalars; :class:`Result` turns them into Python numbers on construction (a notebook shows
``0.5``, never ``np.float64(0.5)``). :meth:`RunFacts.describe` says how the numbers were found
("Monte Carlo, 4,000 samples per move, seed 1"; "exact, 3,024 orderings"), and
:func:`value_chart` draws one bar per option or player with error bars of 2 standard errors,
saying so under the chart.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import numpy as np

from analyzer.sim.facts import RunFacts
from analyzer.text import Noun, plural

if TYPE_CHECKING:
    from matplotlib.figure import Figure

SHOWN = 5  # options listed by a result's repr


def plain(value: Any) -> Any:
    """``value`` with every numpy scalar, also inside tuples, lists and dicts, made a Python number.

    >>> plain((np.float64(0.5), [np.int64(3)], {"n": np.bool_(True)}))
    (0.5, [3], {'n': True})
    """
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, tuple):
        return tuple(plain(v) for v in value)
    if isinstance(value, list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    return value


def json_ready(value: Any) -> Any:
    """``value`` with Python numbers only and every NaN (an undefined rate) made ``None``, through
    tuples (made lists), lists and dicts, so that ``json.dumps`` writes strict JSON.

    >>> json_ready({"p": float("nan"), "rows": (np.float64(0.25), 1)})
    {'p': None, 'rows': [0.25, 1]}
    """
    value = plain(value)
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, tuple | list):
        return [json_ready(v) for v in value]
    if isinstance(value, dict):
        return {k: json_ready(v) for k, v in value.items()}
    return value


class Result:
    """Base of the frozen result dataclasses: on construction every field passes through
    :func:`plain`, so the fields hold Python numbers (nested records are left as they are)."""

    def __post_init__(self) -> None:
        record: Any = self  # a dataclass instance (the subclasses are dataclasses)
        for field in dataclasses.fields(record):
            object.__setattr__(self, field.name, plain(getattr(self, field.name)))


def plus_minus(value: float, stderr: float, exact: bool, spec: str) -> str:
    """``value ± stderr`` in the format ``spec`` (``"+.1f"``), or the value alone when exact.

    >>> plus_minus(503.46, 2.51, False, ".1f"), plus_minus(0.25, 0.0, True, ".3f")
    ('503.5 ± 2.5', '0.250')
    """
    if exact:
        return format(value, spec)
    return f"{format(value, spec)} ± {format(stderr, spec.lstrip('+'))}"


def percent_with_error(share: float, stderr: float, decimals: int) -> str:
    """``share ± stderr`` in percent, both with ``decimals`` decimals.

    >>> percent_with_error(0.8560, 0.0078, 2)
    '85.60% ± 0.78%'
    """
    return f"{100 * share:.{decimals}f}% ± {100 * stderr:.{decimals}f}%"


def largest_share_stderr(shares: Iterable[float], n: int) -> float:
    """The largest standard error of ``shares`` each measured over the same ``n`` draws (each
    draw in or out): sqrt(p (1 - p) / n), largest at the share nearest 1/2.

    >>> largest_share_stderr([0.1, 0.5, 0.9], 100)
    0.05
    """
    return max(math.sqrt(p * (1 - p) / n) for p in shares)


def paired_stderr(sums: np.ndarray, products: np.ndarray, a: int, b: int, n: int) -> float:
    """The standard error of the mean difference of options ``a`` and ``b`` measured on the same
    ``n`` samples, from each option's sum ``sums`` and the sums of products ``products[i, j]``
    of their values on each sample: the differences' variance is
    ``(P_aa - 2 P_ab + P_bb) / n - (mean_a - mean_b)^2``, and the error its root over ``n``.
    Common samples usually make it smaller than the two options' errors combined.

    >>> x, y = np.array([1, 2, 3, 4]), np.array([1, 2, 3, 6])  # y - x = 0, 0, 0, 2
    >>> values = np.stack([x, y])
    >>> round(paired_stderr(values.sum(axis=1), values @ values.T, 0, 1, 4), 4)
    0.433
    """
    if n == 0:
        return math.nan
    diff = (sums[a] - sums[b]) / n
    second = (products[a, a] - 2 * products[a, b] + products[b, b]) / n
    return math.sqrt(max(second - diff * diff, 0.0) / n)


def summary(title: str, how: str, rows: Sequence[tuple[str, str]], *, total: int, noun: Noun) -> str:
    """A result's repr: the title, how it was found, then the first rows (label, figures) of
    ``total`` items, each label padded to one width, and how many more there are.

    >>> print(summary("Moves", "exact", [("Ah row 1", "EV 1.0"), ("Ah row 2", "EV 0.5")], total=3,
    ...               noun=("move", "moves")))
    Moves
    exact
      Ah row 1  EV 1.0
      Ah row 2  EV 0.5
      ... 1 more move
    """
    width = max((len(label) for label, _ in rows), default=0)
    lines = [title, how] + [f"  {label.ljust(width)}  {figures}" for label, figures in rows]
    if total > len(rows):
        count, _, counted = plural(total - len(rows), noun).partition(" ")
        lines.append(f"  ... {count} more {counted}")
    return "\n".join(lines)


def value_chart(
    labels: Sequence[str],
    values: Sequence[float],
    stderrs: Sequence[float],
    *,
    run: RunFacts,
    sampled: Noun,
    enumerated: Noun | None = None,
    title: str,
    value_label: str,
) -> Figure:
    """One bar per label with error bars of 2 standard errors (none when the run was exact), the
    largest value highlighted, and a note under the chart saying how the values were found
    (:meth:`RunFacts.error_note`)."""
    from analyzer.charts import bar_chart  # matplotlib only when a chart is drawn

    finite = [v if math.isfinite(v) else -math.inf for v in values]
    return bar_chart(
        labels,
        values,
        errors=None if run.exact else [2 * s for s in stderrs],
        title=title,
        value_label=value_label,
        error_note=run.error_note(sampled, enumerated),
        highlight=int(np.argmax(finite)) if finite else None,
    )


__all__ = [
    "SHOWN",
    "Result",
    "json_ready",
    "plain",
    "plus_minus",
    "summary",
    "value_chart",
]
