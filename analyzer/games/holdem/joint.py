"""Joint deals of hole-card ranges: every way to give each ranged player one combo at once.

Monte Carlo draws the players' combos jointly: each deal takes one entry of this list, with
probability proportional to the product of its combos' weights. That is exactly the
distribution of drawing every player's combo by weight and redrawing all of them whenever two
share a card (what the kernel does when the list would be too long), without the redraws:
with ranges that overlap, most of a redraw loop's time goes to deals that are thrown away.
A list of one entry (every ranged player holds a known hand) draws nothing.
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import CARD_BIT

# the most entries a joint list may have (and the most an intermediate product may reach):
# 65,536 entries of two players take 1.5 MB, and the list travels with every Dask chunk
JOINT_LIMIT = 1 << 16


def joint_deals(
    combos: np.ndarray,
    offsets: np.ndarray,
    weights: np.ndarray,
    dealt: np.ndarray,
    excluded: np.uint64,
    limit: int | None = None,
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Every choice of one combo for each player ``p`` with ``dealt[p]`` that uses no card twice
    and none of ``excluded``: ``(rows, used, cumulative)``, or None when the choices (or a
    partial product of them, player by player) exceed ``limit`` (default :data:`JOINT_LIMIT`).

    ``combos`` (``(m, 2)`` card codes), ``offsets`` (player ``p``'s rows are ``offsets[p]`` to
    ``offsets[p + 1]``) and ``weights`` are :meth:`HoldemDeal.packed`. ``rows`` is ``(J, n)``:
    entry ``j`` gives player ``p`` the combo row ``rows[j, p]`` (-1 for a player not dealt here),
    in lexicographic order of the players' rows; ``used`` is the entry's cards and ``excluded``
    as a bit mask; ``cumulative`` the running sum of the entries' weights (the product of their
    combos' weights), or empty when every entry weighs the same.

    Player 1 holds 2c3c or 2c4c, player 2 3c4c or 2d2h: 3c4c shares a card with both.

    >>> combos = np.array([[0, 4], [0, 8], [4, 8], [1, 2]], np.uint8)   # 2c3c 2c4c 3c4c 2d2h
    >>> rows, used, cumulative = joint_deals(combos, np.array([0, 2, 4]), np.ones(4),
    ...                                      np.array([True, True]), np.uint64(0))
    >>> rows.tolist(), cumulative.size
    ([[0, 3], [1, 3]], 0)
    """
    limit = JOINT_LIMIT if limit is None else limit
    n = offsets.shape[0] - 1
    bits = CARD_BIT[combos[:, 0]] | CARD_BIT[combos[:, 1]]
    rows = np.full((1, n), -1, np.int32)
    used = np.array([excluded], np.uint64)
    weight = np.ones(1)
    for p in np.flatnonzero(dealt):
        mine = np.arange(offsets[p], offsets[p + 1])
        if used.size * mine.size > limit:
            return None
        entry, pick = np.nonzero((used[:, None] & bits[mine][None, :]) == 0)
        rows = rows[entry]
        rows[:, p] = mine[pick]
        used = used[entry] | bits[mine[pick]]
        weight = weight[entry] * weights[mine[pick]]
    uniform = weight.size == 0 or bool((weight == weight[0]).all())
    return rows, used, (np.empty(0) if uniform else np.cumsum(weight))
