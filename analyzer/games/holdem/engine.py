"""Numba kernels for Texas Hold'em showdowns: exact enumeration and Monte Carlo.

Exact enumeration does not visit boards one by one. It enumerates the *rank
multisets* of the missing board cards (6,188 for a whole board), weights each by
the number of ways to pick such cards from the deck, ``prod_r C(avail_r, c_r)``,
and values every player once from ranks alone. Suits matter only where a flush
is possible, and with two hole cards that needs three board cards of one suit;
at most one suit can have three of five board cards, so these cases are
disjoint: for each suit ``s`` and each subset ``S`` of the new ranks dealt in
``s`` with ``known_s + |S| + h_s >= 5`` (``h_s``: the most hole cards of ``s`` that one
player holds; with fewer, nobody makes a flush in ``s``) the number of boards is
``prod_{r in S} C(avail_r - 1, c_r - 1) * prod_{r not in S} C(avail_r - [r,s free], c_r)``,
and each player's value is the larger of the rank value and the flush-lane value.
The remaining boards can make no flush. Heads-up preflop this is ~100k cheap
steps instead of 1.7M boards.
"""

from __future__ import annotations

import numpy as np

from analyzer.cards import CARD_BIT
from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key, evaluate_lane, evaluate_ranks
from analyzer.eval.tables import FLUSH_BITS
from analyzer.jit import kernel, scalar_loops
from analyzer.sim.bits import bit_count, nth_set_bit, trailing_zeros
from analyzer.sim.deck import FALLING, deal_card
from analyzer.sim.rng import below_words, digits_word, next_digit, uniform_words
from analyzer.sim.showdown import fold_winners, record_showdown, record_winners

RANK_KEY = np.array([CARD_KEY[4 * r] for r in range(13)], dtype=np.uint64)  # suit counters unused
CHOOSE = np.array([[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 2, 1, 0, 0], [1, 3, 3, 1, 0], [1, 4, 6, 4, 1]], dtype=np.int64)
POPCOUNT = np.array([bin(i).count("1") for i in range(32)], dtype=np.int64)
MAX_DEAL_ATTEMPTS = 100_000
BOARD_CARDS = 5
DECK = np.uint64((1 << 52) - 1)  # every card's bit


@scalar_loops
@kernel
def exact_showdowns(deals, weights, board, excluded, tallies):
    """Add to ``tallies`` every completion of ``board`` for each deal ``deals[d]`` (the (n, 2)
    hole cards of the n players), each completion weighted by ``weights[d]``, drawn from the
    cards held by no player of the deal and not in the ``excluded`` mask (uint64 over card
    codes, the board's cards included).

    The one kernel every exact Hold'em run calls: a deal, a list of deals (suit classes) or,
    from :func:`_exact_assignments`, one choice of combos at a time. Each kernel that calls
    another compiles the callee's code again, so the Python side calls this one directly, and
    it is one function, not a deal loop around an inlined body: a callee is optimised and
    emitted on its own and then once more inside its caller (a cold query compiled about 1 s
    longer).

    A whole board (the river) takes the same loop, once, for the empty multiset of new ranks:
    each player's value is the larger of the rank value and the flush lane's, as on any
    board, so no other evaluator (and no third inlined showdown) is compiled for it."""
    full = np.uint64((1 << 52) - 1)
    n = deals.shape[1]
    k = BOARD_CARDS - board.shape[0]
    known_suit = np.empty(4, np.int64)  # np.empty, then loops: np.zeros compiles its own code
    for s in range(4):
        known_suit[s] = 0
    board_key = EMPTY_KEY
    for c in board:
        board_key += CARD_KEY[c]
        known_suit[c & 3] += 1
    values = np.empty(n, np.int64)
    base_key = np.empty(n, np.int64)  # uint64 keys kept as int64: every array here is one np.empty signature
    lanes = np.empty(4 * n, np.int64)  # player p's ranks of suit s: lanes[4 * p + s]
    held = np.empty(4, np.int64)  # the most hole cards of each suit that one player holds
    free_card = np.empty(52, np.int64)  # 1 for each free card code
    avail = np.empty(13, np.int64)
    counts = np.empty(13, np.int64)
    distinct = np.empty(BOARD_CARDS, np.int64)
    rank_values = np.empty(n, np.int64)
    in_suit = np.empty(BOARD_CARDS, np.int64)
    out_suit = np.empty(BOARD_CARDS, np.int64)
    idx = np.empty(k, np.int64)
    for deal in range(deals.shape[0]):
        holes = deals[deal]
        weight = weights[deal]
        used = excluded
        for s in range(4):
            held[s] = 0
        for p in range(n):
            used |= CARD_BIT[holes[p, 0]] | CARD_BIT[holes[p, 1]]
            base_key[p] = board_key + CARD_KEY[holes[p, 0]] + CARD_KEY[holes[p, 1]]
            for s in range(4):
                lanes[4 * p + s] = 0
            for c in board:  # np.int64(1): 1 << a uint8 code's rank is a uint8 in plain Python
                lanes[4 * p + (c & 3)] |= np.int64(1) << (c >> 2)
            for j in range(2):
                lanes[4 * p + (holes[p, j] & 3)] |= np.int64(1) << (holes[p, j] >> 2)
            of_suit = 2 if holes[p, 0] & 3 == holes[p, 1] & 3 else 1  # his hole cards of either one's suit
            for j in range(2):
                suit = holes[p, j] & 3
                if of_suit > held[suit]:  # not max(): a builtin compiles its own code
                    held[suit] = of_suit
        for r in range(13):
            avail[r] = 0
        for c in range(52):
            free_card[c] = 0
        bits = ~used & full
        while bits:  # the free cards, lowest first
            c = trailing_zeros(bits)
            free_card[c] = 1
            avail[c >> 2] += 1
            bits &= bits - np.uint64(1)
        for j in range(k):
            idx[j] = 0
        while True:
            # the multiset idx[0] <= ... <= idx[k-1] of new board ranks
            for r in range(13):  # a loop, not counts[:] = 0, which compiles a slice assignment
                counts[r] = 0
            for j in range(k):
                counts[idx[j]] += 1
            boards = 1
            d = 0
            for r in range(13):
                if counts[r]:
                    boards *= CHOOSE[avail[r], counts[r]] if counts[r] <= avail[r] else 0
                    distinct[d] = r
                    d += 1
            if boards:
                new_key = np.uint64(0)
                for j in range(k):
                    new_key += RANK_KEY[idx[j]]
                for p in range(n):
                    rank_values[p] = evaluate_ranks(np.uint64(base_key[p]) + new_key)
                flush_boards = 0
                for j in range(d):
                    r = distinct[j]
                    in_suit[j] = CHOOSE[avail[r] - 1, counts[r] - 1]
                for s in range(4):
                    need = 5 - known_suit[s] - held[s]  # fewer new cards of suit s make nobody a flush
                    free_here = 0  # which distinct new ranks can be dealt in suit s
                    for j in range(d):
                        r = distinct[j]
                        free_here |= free_card[4 * r + s] << j
                        out_suit[j] = CHOOSE[avail[r] - free_card[4 * r + s], counts[r]]
                    if POPCOUNT[free_here] < need:
                        continue
                    subset = free_here
                    while True:  # every subset of free_here, largest first
                        if POPCOUNT[subset] >= need:
                            ways = 1
                            new_lane = 0
                            for j in range(d):
                                if (subset >> j) & 1:
                                    ways *= in_suit[j]
                                    new_lane |= 1 << distinct[j]
                                else:
                                    ways *= out_suit[j]
                            if ways:
                                for p in range(n):
                                    f = evaluate_lane(lanes[4 * p + s] | new_lane)
                                    values[p] = f if f > rank_values[p] else rank_values[p]
                                record_showdown(values, tallies, ways * weight)
                                flush_boards += ways
                        if subset == 0:
                            break
                        subset = (subset - 1) & free_here
                if boards > flush_boards:
                    record_showdown(rank_values, tallies, (boards - flush_boards) * weight)
            # next multiset (combinations with repetition, in lexicographic order)
            j = k - 1
            while j >= 0 and idx[j] == 12:
                j -= 1
            if j < 0:
                break
            idx[j] += 1
            for i in range(j + 1, k):
                idx[i] = idx[j]


@kernel
def _exact_assignments(combos, offsets, weights, board, excluded, by_combo, tallies):
    """Exact showdowns over every non-conflicting choice of one combo per player,
    each weighted by the product of the combos' weights. Returns (the total weight,
    the number of deals enumerated). Calls :func:`exact_showdowns` one deal at a time (and so
    compiles it once more): only ranges enumerated combo by combo compile this kernel.

    ``tallies`` has a row per player, or with ``by_combo`` a row per combo row of ``combos``:
    each deal's showdowns then go, player by player, to the row of the combo he holds."""
    n = offsets.shape[0] - 1
    choice = np.zeros(n, np.int64)
    for p in range(n):
        choice[p] = offsets[p]
    deal = np.zeros((1, n, 2), np.int64)
    weight = np.ones(1)
    scratch = np.zeros((n, tallies.shape[1]))  # one deal's tallies, when by_combo
    total = 0.0
    deals: int | np.int64 = 0
    while True:
        used = excluded
        ok = True
        weight[0] = 1.0
        for p in range(n):
            c1, c2 = combos[choice[p], 0], combos[choice[p], 1]
            bits = CARD_BIT[c1] | CARD_BIT[c2]
            if used & bits:
                ok = False
                break
            used |= bits
            deal[0, p, 0], deal[0, p, 1] = c1, c2
            weight[0] *= weights[choice[p]]
        if ok:
            if by_combo:
                exact_showdowns(deal, weight, board, excluded, scratch)
                _move_rows(scratch, choice, tallies)
            else:
                exact_showdowns(deal, weight, board, excluded, tallies)
            completions = _completions(~used & np.uint64((1 << 52) - 1), BOARD_CARDS - board.shape[0])
            total += weight[0] * completions
            deals += np.int64(completions)
        p = n - 1
        while p >= 0:
            choice[p] += 1
            if choice[p] < offsets[p + 1]:
                break
            choice[p] = offsets[p]
            p -= 1
        if p < 0:
            return total, deals


@kernel(inline="always")
def _deal_entry(joint, joint_used, e, any_two, combo_key, combo_mask, hole_key, hole_mask, rows):
    """Give each ranged player his combo of joint entry ``e``: its hole-card key, mask (of
    ``combo_mask``: the evaluator's lanes, or card bits) and row; return the entry's used-card
    mask."""
    for p in range(any_two.shape[0]):
        if not any_two[p]:
            j = np.uint64(joint[e, p])  # a row (not -1: the player is dealt a combo); unsigned: no wraparound test
            hole_key[p] = combo_key[j]
            hole_mask[p] = combo_mask[j]
            rows[p] = j
    return joint_used[e]


@kernel(inline="always")
def _move_rows(deal_tallies, rows, tallies):
    """Add player ``p``'s row of one deal's ``deal_tallies`` to ``tallies[rows[p]]``, leaving
    ``deal_tallies`` zero for the next deal (loops: a slice assignment compiles more code)."""
    for p in range(deal_tallies.shape[0]):
        for j in range(deal_tallies.shape[1]):
            tallies[rows[p], j] += deal_tallies[p, j]
            deal_tallies[p, j] = 0


@kernel
def _completions(free, k):
    """C(number of free cards, k)."""
    m = bit_count(np.int64(free))  # a 52-bit mask: an int64 keeps the arithmetic in integers
    result = 1.0
    for i in range(k):
        result = result * (m - i) / (i + 1)
    return result


@kernel(inline="always")
def _lanes(cards):
    """The evaluator's card mask (:data:`~analyzer.eval.standard.CARD_MASK`: a lane of rank bits
    per suit) of a set of cards, bit ``c`` for card ``c``."""
    mask = np.uint64(0)
    while cards:
        mask |= CARD_MASK[trailing_zeros(cards)]
        cards &= cards - np.uint64(1)
    return mask


@kernel
def _monte_carlo_showdowns(
    combos,
    offsets,
    cumulative,
    uniform_weights,
    any_two,
    joint,
    joint_used,
    joint_cumulative,
    board,
    excluded,
    combo_rows,
    categories,
    state,
    trials,
    tallies,
):
    """``trials`` random showdowns, the board completed uniformly. The ranged players' combos
    are drawn together: one entry of ``joint`` (:func:`analyzer.games.holdem.joint.joint_deals`:
    rows ``(J, n)``, ``joint_used`` their card masks, ``joint_cumulative`` their running weights
    or empty when uniform), or, when ``joint`` is empty (too many choices to list), each
    combo by weight with all redrawn on a conflict, which samples the same joint distribution.
    Players flagged ``any_two`` (the range is every unblocked combo) are dealt two cards from
    what is left instead: the number of ways to do that does not depend on the other hands, so
    the joint distribution is unchanged and no redraw is needed. Returns 0, or -1 if a deal
    failed :data:`MAX_DEAL_ATTEMPTS` times. The cards a deal takes from the deck, hole cards
    and board, are dealt from the set of the cards left (:func:`analyzer.sim.deck.deal_card`).

    When every hand comes from the list (no ``any_two`` player), every deal leaves the same
    number of cards, so a loop of its own deals the board from one
    :func:`~analyzer.sim.rng.digits_word` of a fixed total, and with uniform entries reads the
    entry from that word too, as one more mixed-radix digit (below ``listed``, before the
    cards': the number it comes from is uniform over ``listed`` times the ways to deal the
    board, at most ``2**16 * 52 * 51 * 50 * 49 * 48 < 2**45``), so a deal takes one step of
    the generator. That loop builds a hand's card mask (the evaluator's suit lanes) only when
    its key shows a flush, from the set of its cards: the board's are the bits dealt out of
    ``free``. (Heads-up and with ranges, about 10% faster.)

    ``tallies`` has a row per player (its final-hand category columns filled when
    ``categories`` asks for them); or, when ``combo_rows`` is not None but ``(n, 52, 52)``
    (the combo row of player ``p``'s cards ``a, b`` at ``[p, a, b]``), a row per combo row of
    ``combos``, each showdown going, player by player, to the row of the combo he holds. Numba
    compiles the two cases apart (it prunes the ``combo_rows is None`` branches), so per-player
    runs keep their speed."""
    n = offsets.shape[0] - 1
    rows = np.zeros(n, np.int64)  # each player's combo row, when by combo
    scratch = np.zeros((n, tallies.shape[1]), np.int64)  # one showdown's tallies, when by combo
    winner_sets = np.zeros(1 << n, np.int64)  # showdowns by set of winners, when by player
    k = BOARD_CARDS - board.shape[0]
    dealt_holes = any_two.any()  # some hole cards come from the deck
    need = k + 2 * any_two.sum()  # the cards a deal takes from the deck
    board_key = EMPTY_KEY
    board_mask = np.uint64(0)
    board_bits = np.uint64(0)
    for c in board:
        board_key += CARD_KEY[c]
        board_mask |= CARD_MASK[c]
        board_bits |= CARD_BIT[c]
    combo_key = np.empty(combos.shape[0], np.uint64)
    combo_mask = np.empty(combos.shape[0], np.uint64)
    combo_bits = np.empty(combos.shape[0], np.uint64)
    for j in range(combos.shape[0]):
        combo_key[j] = CARD_KEY[combos[j, 0]] + CARD_KEY[combos[j, 1]]
        combo_mask[j] = CARD_MASK[combos[j, 0]] | CARD_MASK[combos[j, 1]]
        combo_bits[j] = CARD_BIT[combos[j, 0]] | CARD_BIT[combos[j, 1]]
    hole_key = np.zeros(n, np.uint64)
    hole_mask = np.zeros(n, np.uint64)
    hole_bits = np.zeros(n, np.uint64)
    values = np.zeros(n, np.int64)
    listed = joint.shape[0]
    if listed == 1:  # every ranged player holds a known hand: set once, nothing to draw
        _deal_entry(joint, joint_used, 0, any_two, combo_key, combo_mask, hole_key, hole_mask, rows)
    s0, s1, s2, s3 = state[0], state[1], state[2], state[3]  # the generator in registers
    if listed and not dealt_holes:  # every hand from the list: as many cards left every deal
        _deal_entry(joint, joint_used, 0, any_two, combo_key, combo_bits, hole_key, hole_bits, rows)
        left = bit_count(DECK & ~joint_used[0])
        folded = listed > 1 and joint_cumulative.shape[0] == 0
        total = FALLING[np.uint64(left), np.uint64(k)] * np.uint64(listed if folded else 1)
        for _ in range(trials):
            if listed > 1 and not folded:  # the first entry whose cumulative weight exceeds u
                u, s0, s1, s2, s3 = uniform_words(s0, s1, s2, s3)
                e = min(np.searchsorted(joint_cumulative, u * joint_cumulative[listed - 1], side="right"), listed - 1)
            word = np.uint64(0)
            if total > 1:  # not a river with known hands: nothing to draw
                word, s0, s1, s2, s3 = digits_word(total, s0, s1, s2, s3)
            if folded:  # the entry: one more digit of the word
                e, word = next_digit(word, listed)
            if listed > 1:
                used = _deal_entry(joint, joint_used, e, any_two, combo_key, combo_bits, hole_key, hole_bits, rows)
            else:
                used = joint_used[0]
            free = DECK & ~used
            key, before = board_key, free
            for i in range(k):
                digit, word = next_digit(word, left - i)
                bit = nth_set_bit(free, digit)
                free ^= bit
                key += CARD_KEY[trailing_zeros(bit)]
            cards = board_bits | (before ^ free)  # the board's cards: bit c for card c
            best = np.int64(-1)  # below every hand value
            for p in range(n):
                hand = key + hole_key[p]
                if hand & FLUSH_BITS:  # only a flush needs the cards' suit lanes
                    v = evaluate_key(hand, _lanes(cards | hole_bits[p]))
                else:
                    v = evaluate_ranks(hand)
                values[p] = v
                best = max(best, v)
            if combo_rows is None:
                record_winners(values, best, winner_sets, tallies, 1, categories)
            else:
                record_showdown(values, scratch, 1)
                _move_rows(scratch, rows, tallies)
        trials = 0  # all dealt
    for _ in range(trials):
        if listed == 1:
            used = joint_used[0]
        elif listed:
            if joint_cumulative.shape[0] == 0:
                e, s0, s1, s2, s3 = below_words(s0, s1, s2, s3, listed)
            else:  # the first entry whose cumulative weight exceeds u
                u, s0, s1, s2, s3 = uniform_words(s0, s1, s2, s3)
                e = min(np.searchsorted(joint_cumulative, u * joint_cumulative[listed - 1], side="right"), listed - 1)
            used = _deal_entry(joint, joint_used, e, any_two, combo_key, combo_mask, hole_key, hole_mask, rows)
        attempts = 0
        while not listed:
            used = excluded
            ok = True
            for p in range(n):
                if any_two[p]:
                    continue
                # player p's combo row, drawn by weight (written out here: a called
                # helper taking these arrays measured 3x slower, even marked inline)
                lo, hi = offsets[p], offsets[p + 1]
                if hi - lo == 1:
                    j = lo
                elif uniform_weights[p]:
                    j, s0, s1, s2, s3 = below_words(s0, s1, s2, s3, hi - lo)
                    j += lo
                else:  # the first row whose cumulative weight exceeds u
                    u, s0, s1, s2, s3 = uniform_words(s0, s1, s2, s3)
                    u *= cumulative[hi - 1]
                    j, last = lo, hi - 1
                    while j < last:
                        mid = (j + last) >> 1
                        if cumulative[mid] > u:
                            last = mid
                        else:
                            j = mid + 1
                bits = CARD_BIT[combos[j, 0]] | CARD_BIT[combos[j, 1]]
                if used & bits:
                    ok = False
                    break
                used |= bits
                hole_key[p] = combo_key[j]
                hole_mask[p] = combo_mask[j]
                rows[p] = j
            if ok:
                break
            attempts += 1
            if attempts == MAX_DEAL_ATTEMPTS:
                return -1
        free = DECK & ~used  # the cards left, dealt from without redraws
        left = bit_count(free)
        dealt, word = 0, np.uint64(0)
        for p in range(n if dealt_holes else 0):
            if any_two[p]:
                c1, free, word, s0, s1, s2, s3 = deal_card(free, left - dealt, dealt, need, word, s0, s1, s2, s3)
                dealt += 1
                c2, free, word, s0, s1, s2, s3 = deal_card(free, left - dealt, dealt, need, word, s0, s1, s2, s3)
                dealt += 1
                hole_key[p] = CARD_KEY[c1] + CARD_KEY[c2]
                hole_mask[p] = CARD_MASK[c1] | CARD_MASK[c2]
                if combo_rows is not None:
                    rows[p] = combo_rows[p, c1, c2]
        key, mask = board_key, board_mask
        for _i in range(k):
            c, free, word, s0, s1, s2, s3 = deal_card(free, left - dealt, dealt, need, word, s0, s1, s2, s3)
            dealt += 1
            key += CARD_KEY[c]
            mask |= CARD_MASK[c]
        best = np.int64(-1)  # below every hand value
        for p in range(n):
            values[p] = v = evaluate_key(key + hole_key[p], mask | hole_mask[p])
            best = max(best, v)
        if combo_rows is None:
            record_winners(values, best, winner_sets, tallies, 1, categories)
        else:
            record_showdown(values, scratch, 1)
            _move_rows(scratch, rows, tallies)
    state[0], state[1], state[2], state[3] = s0, s1, s2, s3
    fold_winners(winner_sets, tallies)
    return 0
