"""Live combos: which combos of each player's range can be dealt at all, given the board, the dead
cards and the other players' ranges.

A combo of player ``p`` is *live* when some choice of one combo for every other player uses no
card twice and none of the excluded cards (board and dead): it is then in at least one deal, so
its weight in the deal (:mod:`analyzer.sim.breakdown`) is positive. A combo that is not live is
in no deal: it is listed in the range but never plays.

Found from the cards alone, before and apart from any run (an exact or a Monte Carlo one alike):

* ``free[p, q]``, the number of player ``q``'s combos that hold no card of ``p``'s combo, is
  ``|R_q| - n_q(a) - n_q(b) + [ab in R_q]`` by inclusion-exclusion over the combo's cards
  ``a`` and ``b`` (``n_q(x)``: ``q``'s combos holding ``x``). A combo with ``free = 0`` for some
  other player is dead. With two players that is the whole rule.
* With more, the others are dealt one by one and each dealt hand blocks at most
  ``2 max_x n_q(x)`` of ``q``'s combos; so when ``free[p, q]`` exceeds ``2 (n - 2) max_x n_q(x)``
  for every other ``q``, every order of dealing finds a combo for each: live.
* The rest (narrow, overlapping ranges) by a depth-first search over the other players, smallest
  range first, remembering the (depth, cards used) states that failed, and cutting a branch as
  soon as the players still to deal cannot get two cards each: the cards of their ranges not yet
  used are fewer than twice their number (so ten players whose ranges share 19 cards are found
  undealable at once, however many combos they list).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analyzer.cards import CARD_BIT

LIVE_SEARCH_TRIES = 1_000_000
"""The most combos :func:`live_combos`' search tries per player (a node of the search tries every
combo of the player it deals, so this bounds its time, to about a tenth of a second a player,
where a count of nodes would not: ten ranges of 171 combos took 45 s at 200,000 nodes each); a
combo still undecided then counts as live, and a query whose first player has one as dealable
(the runs themselves still fail cleanly on an undealable one: Monte Carlo caps its redraws,
exact counts deals)."""


def live_combos(ranges: Sequence[np.ndarray], excluded: int) -> list[np.ndarray]:
    """Per player, a boolean per combo: whether it is live (module docstring).

    ``ranges[p]`` is player ``p``'s combos, ``(m_p, 2)`` card codes, none holding a card of the
    bit mask ``excluded`` (the board and the dead cards).

    Player 1 holds AhKh, player 2 QQ or AhQh: AhQh shares the ace, so it is not live.

    >>> ah_kh, ah_qh, qq = [[50, 46]], [[50, 42]], [[43, 42], [43, 41], [42, 41]]
    >>> [m.tolist() for m in live_combos([np.array(ah_kh), np.array(qq + ah_qh)], 0)]
    [[True], [True, True, True, False]]
    """
    n = len(ranges)
    sizes = np.array([len(r) for r in ranges], np.int64)
    holding = np.array([np.bincount(r.ravel(), minlength=52)[:52] for r in ranges])  # n_q(x)
    held = np.zeros((n, 52, 52), np.int64)  # held[q, a, b]: whether q's range holds the combo ab
    for q, r in enumerate(ranges):
        held[q, r[:, 0], r[:, 1]] = held[q, r[:, 1], r[:, 0]] = 1
    bound = 2 * (n - 2) * holding.max(axis=1)
    masks = [CARD_BIT[r[:, 0]] | CARD_BIT[r[:, 1]] for r in ranges]
    live = []
    for p in range(n):
        a, b = ranges[p][:, 0].astype(np.int64), ranges[p][:, 1].astype(np.int64)
        others = [q for q in range(n) if q != p]
        free = (sizes[:, None] - holding[:, a] - holding[:, b] + held[:, a, b])[others]
        dead = (free == 0).any(axis=0)
        sure = (free > bound[others, None]).all(axis=0)
        mine = ~dead & sure
        undecided = np.flatnonzero(~dead & ~sure)
        if len(undecided):
            mine[undecided] = _searched(
                [int(m) for m in masks[p][undecided]], [masks[q].tolist() for q in others], int(excluded)
            )
        live.append(mine)
    return live


def _searched(candidates: list[int], others: list[list[int]], excluded: int) -> list[bool]:
    """Whether each of ``candidates`` (card masks) leaves a choice of one of ``others[q]`` per
    player that uses no card twice nor one of ``excluded``: a depth-first search, smallest range
    first, sharing the failed (depth, used) states between candidates, cutting the branches whose
    players left cannot get two free cards each; after :data:`LIVE_SEARCH_TRIES` combos tried the
    rest count as live."""
    order = sorted(others, key=len)
    reach = [0] * (len(order) + 1)  # reach[d]: every card of the ranges of players d, d + 1, ...
    for depth in range(len(order) - 1, -1, -1):
        for m in order[depth]:
            reach[depth] |= m
        reach[depth] |= reach[depth + 1]
    failed: set[tuple[int, int]] = set()
    tries = 0

    def fits(depth: int, used: int) -> bool:
        nonlocal tries
        if depth == len(order):
            return True
        if (depth, used) in failed or (reach[depth] & ~used).bit_count() < 2 * (len(order) - depth):
            return False
        tries += len(order[depth])
        if tries > LIVE_SEARCH_TRIES:
            return True
        if any(not m & used and fits(depth + 1, used | m) for m in order[depth]):
            return True
        failed.add((depth, used))
        return False

    return [fits(0, excluded | c) for c in candidates]


__all__ = ["LIVE_SEARCH_TRIES", "live_combos"]
