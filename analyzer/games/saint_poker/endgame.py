"""The exact last round of Saint Poker: your river card against opponents who play to beat you.

In round 8 each player holds three cards (§3.3): one goes to the river, and the two left are
the pair he must show, so the river card is the only choice left, and once everyone's is known
the round and the game are settled by the rules (§3.3.2, §3.5). What is unknown is the hidden
part of the opponents' hands and their river cards, chosen at the same time as yours.

:func:`_minimax_tallies` takes every hidden hand the opponents may hold (the caller enumerates
them, each as likely as the others given what you have seen) and, for each of your cards, the
opponents' answer that is worst for you: the joint choice of river cards that gives you the
fewest points (what ``decide`` ranks choices by), and among those the smallest share of the
game won (S-7: 1 / w of a win shared by w). That is the **minimax** value: what you are sure
of against opponents who see your card and every hand and play only to beat you. Real
opponents choose without seeing your card, so it is a floor, exact for that model; no policy
is assumed.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.rollout import _win_share
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into


@kernel
def _settle(base, cards, work):
    """``work`` = ``base`` after the river cards ``cards[p]`` and the reveal of the two cards
    each player has left (round 8: the reveal is forced)."""
    copy_into(work, base)
    E._play_river(work, cards)
    n = work[E.PLAYERS]
    pairs = np.empty((n, 2), np.int64)
    for p in range(n):
        hand = work[E.HAND + p]
        pairs[p, 0], pairs[p, 1] = E.nth_card(hand, 0), E.nth_card(hand, 1)
    E._play_reveal(work, pairs)


@kernel
def _minimax_tallies(base, seat, hands, choices, tallies):
    """Add, for every hidden hand ``hands[h]`` of ``seat`` (a card mask: his known cards are in
    ``base``), each of your ``choices``' outcome against the opponents' worst answer (module
    docstring) to its tally row (:data:`.rollout.CHOICE_TALLY`: won the round, points, their
    square, points to the end, their square, share of the game won in 1 / ``SHARE``, its square)."""
    n = base[E.PLAYERS]
    st = base.copy()
    work = base.copy()
    cards = np.empty(n, np.int64)
    for h in range(hands.shape[0]):
        st[E.HAND + seat] = base[E.KNOWN + seat] | hands[h]
        answers = 1
        for p in range(1, n):
            answers *= E.popcount(st[E.HAND + p])
        for c in range(choices.shape[0]):
            cards[0] = choices[c, 0]
            worst_share, worst_points = 1 << 30, 1 << 30
            for j in range(answers):
                k = j
                for p in range(1, n):
                    held = E.popcount(st[E.HAND + p])
                    cards[p] = E.nth_card(st[E.HAND + p], k % held)
                    k //= held
                _settle(st, cards, work)
                share = _win_share(work, 0)
                points = work[E.SCORE] - st[E.SCORE]
                if points < worst_points or (points == worst_points and share < worst_share):
                    worst_share, worst_points = share, points
            row = tallies[c]
            row[0] += worst_points > 0
            row[1] += worst_points
            row[2] += worst_points * worst_points
            row[3] += worst_points
            row[4] += worst_points * worst_points
            row[5] += worst_share
            row[6] += worst_share * worst_share
