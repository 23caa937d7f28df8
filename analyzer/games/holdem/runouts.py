"""Exact Hold'em showdowns on the flop, the turn and the river, runout by runout.

With at most two board cards to come there are at most C(47, 2) = 1,081 *runouts* (the sets of
cards that can complete the board), few enough to value every combo of every range on every
runout once, in a table ``V[combo, runout]``, and then to score each choice of one combo per
player by reading that table:

* the runouts that count for a choice are those holding none of the players' cards, and there
  are ``C(f - 2n, k)`` of them (``f`` free cards, ``n`` players, ``k`` cards to come);
* heads-up, the wins and ties of a choice are two branch-free counts over the runouts (a loop
  the compiler vectorises); with more players each runout's showdown is scored in full;
* a player's final-hand categories (when asked for) are his combo's histogram over the runouts
  free of his own cards (computed with the table), less the runouts that hold another player's
  card: about ``2 (n - 1) f`` of them, not the whole table.

So a choice costs about one pass over ``V``'s rows of its combos, where
:func:`analyzer.games.holdem.engine.exact_showdowns` re-enumerates the board's rank patterns for
every choice. Preflop (five cards to come, 1.7 M runouts) that rank-pattern enumeration is the
faster one and stays in use.
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import CARD_BIT
from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key
from analyzer.jit import kernel
from analyzer.sim.bits import bit_count, trailing_zeros
from analyzer.sim.showdown import CATEGORY, EQUITY, EQUITY_SQ, SHARE, TIE, TIE_UNITS, WIN

MAX_RUNOUT_CARDS = 2
"""The most board cards to come for which :func:`runout_assignments` is used (the flop)."""
CATEGORIES = 11  # category columns of a tally row (hand values >> 20 run from 1 to 10)


@kernel
def runout_assignments(combos, offsets, weights, board, excluded, by_combo, categories, first, tallies):
    """Exact showdowns of every non-conflicting choice of one combo per player whose first
    player's combo row lies in ``first = (start, stop)``, each choice weighted by the product of
    its combos' weights, over every completion of ``board`` (3 to 5 cards) by cards outside the
    ``excluded`` mask (uint64 over card codes; the board's and dead cards) and the players'.

    ``combos`` (rows of two codes), ``offsets`` (player ``p``'s rows run from ``offsets[p]`` to
    ``offsets[p + 1]``) and ``weights`` are :meth:`HoldemDeal.packed`'s; no combo holds an
    excluded card. ``tallies`` (float64, :mod:`analyzer.sim.showdown`'s layout) has a row per
    player or, with ``by_combo``, per combo row: each choice's showdowns then go, player by
    player, to the row of the combo he holds. The final-hand category columns are tallied only
    with ``categories``: else they stay 0, and the kernel takes a quarter to a third less time
    (heads-up ranges on a flop). Returns (the total weight, the number of deals enumerated), as
    :func:`analyzer.games.holdem.engine._exact_assignments` does."""
    n = offsets.shape[0] - 1
    k = 5 - board.shape[0]
    free = ~excluded & np.uint64((1 << 52) - 1)
    cards = np.empty(bit_count(np.int64(free)), np.int64)
    bits = free
    for i in range(cards.shape[0]):
        cards[i] = trailing_zeros(bits)
        bits &= bits - np.uint64(1)
    runout_bits, runout_key, runout_mask, touching, touches = _runouts(cards, k)
    board_key = EMPTY_KEY
    board_mask = np.uint64(0)
    for c in board:
        board_key += CARD_KEY[c]
        board_mask |= CARD_MASK[c]
    start, stop = first
    values = np.zeros((combos.shape[0], runout_bits.shape[0]), np.int32)
    histogram = np.zeros((combos.shape[0], CATEGORIES), np.int64)
    for row in range(combos.shape[0]):
        if start <= row < stop or row >= offsets[1]:
            runouts = runout_bits, runout_key, runout_mask
            _value_combo(combos[row], board_key, board_mask, runouts, values[row], categories, histogram[row])
    counted = _choose(cards.shape[0] - 2 * n, k)
    choice = np.zeros(n, np.int64)
    choice[0] = start
    for p in range(1, n):
        choice[p] = offsets[p]
    scores = np.zeros((n, 4), np.int64)  # a choice's wins, ties and equity units per player
    finals = np.zeros(CATEGORIES, np.int64)  # a player's final-hand categories in a choice
    total = 0.0
    deals: int | np.int64 = 0
    while choice[0] < stop:
        holes = np.uint64(0)
        weight = 1.0
        ok = True
        for p in range(n):
            bits = CARD_BIT[combos[choice[p], 0]] | CARD_BIT[combos[choice[p], 1]]
            if holes & bits:
                ok = False
                break
            holes |= bits
            weight *= weights[choice[p]]
        if ok:
            _score_choice(values, choice, holes, runout_bits, counted, scores)
            for p in range(n):
                row = choice[p] if by_combo else p
                for column in range(4):
                    tallies[row, WIN + column] += scores[p, column] * weight
                if categories:
                    held = choice[p]
                    _categories(
                        histogram[held], values[held], combos, choice, p, runout_bits, touching, touches, finals
                    )
                    for c in range(CATEGORIES):
                        tallies[row, CATEGORY + c] += finals[c] * weight
            total += weight * counted
            deals += counted
        p = n - 1
        while p > 0:  # the next choice: an odometer over the players' rows, the first player's last
            choice[p] += 1
            if choice[p] < offsets[p + 1]:
                break
            choice[p] = offsets[p]
            p -= 1
        if p == 0:
            choice[0] += 1
    return total, deals


@kernel(inline="always")
def _runouts(cards, k):
    """Every set of ``k`` (0 to 2) of the free ``cards``: each runout's card bits, additive key
    and card mask, and for every card code the runouts that hold it (``touching[c, :touches[c]]``)."""
    f = cards.shape[0]
    count = 1 if k == 0 else f if k == 1 else f * (f - 1) // 2
    runout_bits = np.zeros(count, np.uint64)
    runout_key = np.zeros(count, np.uint64)
    runout_mask = np.zeros(count, np.uint64)
    touching = np.zeros((52, max(f - 1, 1)), np.int64)
    touches = np.zeros(52, np.int64)
    tables = runout_bits, runout_key, runout_mask, touching, touches
    j = 0
    for a in range(f if k else 0):
        if k == 1:
            _add_card(tables, j, cards[a])
            j += 1
            continue
        for b in range(a + 1, f):
            _add_card(tables, j, cards[a])
            _add_card(tables, j, cards[b])
            j += 1
    return tables


@kernel(inline="always")
def _add_card(tables, j, card):
    """Put ``card`` into runout ``j`` of :func:`_runouts`' tables."""
    runout_bits, runout_key, runout_mask, touching, touches = tables
    runout_bits[j] |= CARD_BIT[card]
    runout_key[j] += CARD_KEY[card]
    runout_mask[j] |= CARD_MASK[card]
    touching[card, touches[card]] = j
    touches[card] += 1


@kernel(inline="always")
def _value_combo(combo, board_key, board_mask, runouts, out, categories, histogram):
    """The value of ``combo``'s hand on every runout (the card bits, keys and masks of
    :func:`_runouts`) into ``out``, 0 on the runouts that hold one of its cards, and with
    ``categories`` the count of each final-hand category over the others into ``histogram``."""
    runout_bits, runout_key, runout_mask = runouts
    own = CARD_BIT[combo[0]] | CARD_BIT[combo[1]]
    key = board_key + CARD_KEY[combo[0]] + CARD_KEY[combo[1]]
    mask = board_mask | CARD_MASK[combo[0]] | CARD_MASK[combo[1]]
    for j in range(runout_bits.shape[0]):
        if runout_bits[j] & own:
            out[j] = 0
        else:
            out[j] = v = evaluate_key(key + runout_key[j], mask | runout_mask[j])
            if categories:
                histogram[v >> 20] += 1


@kernel(inline="always")
def _score_choice(values, choice, holes, runout_bits, counted, scores):
    """Each player's wins, ties, equity and squared equity (in :data:`TIE_UNITS`) over the
    runouts free of the ``holes`` (the players' cards) for the combo rows ``choice``."""
    n = choice.shape[0]
    for p in range(n):  # loops, not scores[:] = 0, which compiles a slice assignment
        for column in range(4):
            scores[p, column] = 0
    if n == 2:  # two counts, no branch on who wins
        first, second = values[choice[0]], values[choice[1]]
        won_first = won_second = np.int64(0)
        for j in range(runout_bits.shape[0]):
            free = np.int64(runout_bits[j] & holes == 0)
            won_first += free & np.int64(first[j] > second[j])
            won_second += free & np.int64(second[j] > first[j])
        tied = counted - won_first - won_second
        half = TIE_UNITS // 2
        for p, won in ((0, won_first), (1, won_second)):
            scores[p, WIN] = won
            scores[p, TIE] = tied
            scores[p, EQUITY] = won * TIE_UNITS + tied * half
            scores[p, EQUITY_SQ] = won * TIE_UNITS**2 + tied * half**2
        return
    if n == 3:  # six counts, no branch on who wins
        _score_three(values[choice[0]], values[choice[1]], values[choice[2]], holes, runout_bits, counted, scores)
        return
    for j in range(runout_bits.shape[0]):
        if runout_bits[j] & holes:
            continue
        best = values[choice[0], j]
        for p in range(1, n):
            best = max(best, values[choice[p], j])
        winners = 0
        for p in range(n):
            winners += values[choice[p], j] == best
        share = SHARE[winners]
        for p in range(n):
            if values[choice[p], j] == best:
                scores[p, WIN if winners == 1 else TIE] += 1
                scores[p, EQUITY] += share
                scores[p, EQUITY_SQ] += share * share


@kernel(inline="always")
def _score_three(first, second, third, holes, runout_bits, counted, scores):
    """:func:`_score_choice` of three players: over the runouts free of the ``holes``, how
    often each wins alone and each two tie on top (branch-free counts, a loop the compiler
    vectorises); the three tie on the rest."""
    won_1 = won_2 = won_3 = tie_12 = tie_13 = tie_23 = np.int64(0)
    for j in range(runout_bits.shape[0]):
        free = np.int64(runout_bits[j] & holes == 0)
        x, y, z = first[j], second[j], third[j]
        won_1 += free & np.int64((x > y) & (x > z))
        won_2 += free & np.int64((y > x) & (y > z))
        won_3 += free & np.int64((z > x) & (z > y))
        tie_12 += free & np.int64((x == y) & (x > z))
        tie_13 += free & np.int64((x == z) & (x > y))
        tie_23 += free & np.int64((y == z) & (y > x))
    three = counted - won_1 - won_2 - won_3 - tie_12 - tie_13 - tie_23
    for p, won, two in ((0, won_1, tie_12 + tie_13), (1, won_2, tie_12 + tie_23), (2, won_3, tie_13 + tie_23)):
        scores[p, WIN] = won
        scores[p, TIE] = two + three
        scores[p, EQUITY] = won * TIE_UNITS + two * SHARE[2] + three * SHARE[3]
        scores[p, EQUITY_SQ] = won * TIE_UNITS**2 + two * SHARE[2] ** 2 + three * SHARE[3] ** 2


@kernel(inline="always")
def _categories(histogram, values, combos, choice, p, runout_bits, touching, touches, out):
    """Player ``p``'s final-hand categories over the runouts free of every player's cards: his
    combo's ``histogram`` (the runouts free of his own cards) less each runout that holds
    another player's card, counted once (at the first such card, in player order)."""
    for c in range(out.shape[0]):
        out[c] = histogram[c]
    seen = CARD_BIT[combos[choice[p], 0]] | CARD_BIT[combos[choice[p], 1]]
    for q in range(choice.shape[0]):
        if q == p:
            continue
        for i in range(2):
            card = combos[choice[q], i]
            for t in range(touches[card]):
                j = touching[card, t]
                if not runout_bits[j] & seen:
                    out[values[j] >> 20] -= 1
            seen |= CARD_BIT[card]


@kernel(inline="always")
def _choose(m, k):
    """C(m, k) for k from 0 to 2 (0 when m < k)."""
    if m < k:
        return 0
    return 1 if k == 0 else m if k == 1 else m * (m - 1) // 2
