"""Paired samples, shared by the games' verbs that value options on common samples: every option
is played on the same sample, so the difference of two options is measured per sample, and the
standard error of a regret is that of those differences
(:func:`analyzer.games._results.paired_stderr`), not the two errors combined."""

from __future__ import annotations

from analyzer.jit import kernel


@kernel(inline="always")
def add_paired_sample(one, tallies, products, column):
    """Add one sample's tallies ``one`` (a row per option) to ``tallies`` and, for every two
    options ``a`` and ``b``, the product of their values ``one[a, column] * one[b, column]`` to
    ``products[a, b]``."""
    options, width = one.shape
    for a in range(options):
        for k in range(width):
            tallies[a, k] += one[a, k]
        for b in range(options):
            products[a, b] += one[a, column] * one[b, column]
