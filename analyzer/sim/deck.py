"""A deck kept inside a flat state array and dealt lazily: the undealt cards are
``st[deck + top : deck + end]`` and each draw is uniform over them, which is the same
as shuffling the whole deck first."""

from __future__ import annotations

from numba import njit

from analyzer.sim.rng import below


@njit(cache=True, nogil=True, inline="always")
def draw_card(st, deck, top_at, end_at, ordered, rng):
    """Deal one card: uniform over the undealt ones, or the next in order when ``ordered``
    (enumeration arranges the deck itself). The random number is drawn either way: a
    call inside a branch costs Numba about 20 ns."""
    top = st[top_at]
    j = top + below(rng, st[end_at] - top) * (1 - ordered)
    card = st[deck + j]
    st[deck + j] = st[deck + top]
    st[deck + top] = card
    st[top_at] = top + 1
    return card
