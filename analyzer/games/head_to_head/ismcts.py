"""The ``ismcts`` player: information-set Monte Carlo tree search over both seats' moves.

The ``search`` player values each of its moves by play-outs in which *both* players play the
tuned policy, so it assumes an opponent who never blocks (an Open 5 end-game where the
opponent would put the open card you need on his own side is valued as if he would not).
``ismcts`` searches the opponent's replies too.

**Algorithm** (single-observer IS-MCTS, Cowling, Powley and Whitehouse 2012). One tree of
the moves of both seats, its nodes the sequences of moves from the position (a move is a card
and a space: ``10 * card + 2 * row + side``, so one node stands for the same move in every
deal of the hidden cards). Each of the ``N`` iterations:

1. *determinizes*: the hidden cards are dealt afresh from the cards the mover has not seen
   (:func:`.engine._resample_hidden`: the opponent's hidden hand, drawn cards he has not seen,
   the deck order); the real ones are never read;
2. *selects* down the tree: at each node the cards the turn needs are dealt from that
   determinization (:func:`.engine._prepare`), and among the moves legal in it the player on
   turn takes the one with the best upper confidence bound, his own mean share plus
   ``EXPLORATION * sqrt(ln(a) / n)`` (``n`` the move's visits, ``a`` how many of the
   iterations that reached the node had it legal: the *availability* count, since the cards a
   player may place differ between deals); the opponent's mean share is one minus the
   mover's, so his nodes minimise the mover's value;
3. *expands* one legal move with no node yet, chosen at random among them;
4. *plays out* the rest of the round from there under the base policy for both seats (tuned
   by default: :func:`.policies._play_out`);
5. *backs up* the mover's halves of the row pots still open (2 a win, 1 a tie), scaled to
   ``[0, 1]``, along the path.

The move played is the root's most visited (its mean breaking ties, then (card, row, side)
order). A single legal move is played at once, with no search.

**Where each player searches the tree.** ``ismcts`` searches it in Open 5 rounds, where the
players take their cards from the same open set, so that the opponent's replies decide what is
left for you (against ``search``, paired deals: +374 ± 34 $ a game in Open 5, +560 ± 42 in Open
5 Crazy). In the other round types it plays the ``search`` player's successive halving with the
same budget (:func:`.rollout._lookahead_move`): there the tree lost to it (Hold 3: -102 ± 33 $ a
game; Draw 1: -47 ± 39), its play-outs spread over replies that barely touch the mover's cards.
Where the rest of the round is fully known (an Open 5 round down to its last open cards,
:func:`.endgame._solvable`), ``ismcts`` plays the exact minimax move instead
(:func:`.endgame._endgame_tallies`, the first best in (card, row, side) order): a solver, not a
search, and it takes milliseconds. ``ismcts-pure`` searches the tree everywhere, end-games
included, so the tree search can be measured on its own.

**Budget.** ``N`` iterations a move (one play-out each; ``ismcts:N[:BASE]``, 1,024 and tuned
by default), not seconds: a budget in play-outs makes a move depend on the seed only, so games
replay and paired matches stay paired, on any machine and load. At 1,024 a move costs about
the CPU of ``search``'s 1,024 play-outs (the tree's bookkeeping is small beside the play-outs:
the same over die-rolled types, 4% more in Open 5 Crazy, where ``ismcts:960`` costs less than
``search``; measured in the head-to-head play docs).

**What it does not model.** The opponent's nodes are shared over every deal of his hidden
cards, and his choices in a determinization are made knowing that deal's cards (strategy
fusion): he is modelled as playing well, not as inferring the mover's cards. Hidden cards are
dealt uniformly from the unseen cards, with no inference from the opponent's past moves.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.head_to_head.endgame import _endgame_tallies, _solvable
from analyzer.games.head_to_head.engine import (
    DECK_SIZE,
    MAX_ROWS,
    ROWS,
    SLOTS,
    _choice_slice,
    _mover,
    _open_rows,
    _place,
    _prepare,
    _resample_hidden,
    _round_over,
    _row_result,
)
from analyzer.games.head_to_head.policies import _both_seats, _count_moves, _move_at, _play_out
from analyzer.jit import kernel
from analyzer.sim.rng import below

EXPLORATION = 0.7  # the UCB constant, on shares scaled to [0, 1]: a usual value, not tuned
SPACES = 2 * MAX_ROWS
CODES = DECK_SIZE * SPACES  # move codes: 10 * card + 2 * row + side
NO_NODE = -1
TALLY_WIDTH = 2 + 2 * MAX_ROWS  # as rollout.TALLY_WIDTH (the end-game solver's tallies)
DEEPEST = 2 * SLOTS * MAX_ROWS  # the most placements a round has: the tree's deepest path


@kernel(forceinline=True)
def _move_code(st, choice, row, side):
    """A move's code, the same in every deal: ``10 * card + 2 * row + side``."""
    start = _choice_slice(st)[0]
    return SPACES * st[start + choice] + 2 * row + side


@kernel
def _mover_share(st, me, rows):
    """``me``'s share of the finished round ``st``: his halves of the ``rows`` (bit mask)
    still open at the root, over twice their number (1 all won, 0 all lost)."""
    total = 0
    count = 0
    for r in range(st[ROWS]):
        if (rows >> r) & 1:
            h = _row_result(st, r)
            total += h if me == 0 else 2 - h
            count += 1
    return total / (2.0 * max(count, 1))


@kernel
def _exact_move(st):
    """The first minimax move of a fully known end-game (module docstring)."""
    moves = _count_moves(st)
    tallies = np.zeros((moves, TALLY_WIDTH), np.int64)
    _endgame_tallies(st, tallies)
    best = np.int64(0)
    for m in range(moves):
        if tallies[m, 0] > tallies[best, 0]:
            best = np.int64(m)
    return _move_at(st, best)


@kernel
def _ismcts_move(st, iterations, base, exact, w, rng):
    """The tree search's move (module docstring): ``iterations`` IS-MCTS iterations
    with play-outs under the base policy ``base`` for both seats (tuned ones under the vector
    ``w``); with ``exact`` set, the minimax move where the rest of the round is fully known."""
    moves = _count_moves(st)
    if moves == 1:
        return _move_at(st, np.int64(0))  # not a literal: one signature
    if exact and _solvable(st):
        return _exact_move(st)
    me = _mover(st)
    rows = _open_rows(st)
    kinds = np.full(2, base)
    vectors = _both_seats(w)
    capacity = iterations + 1
    first_child = np.full(capacity, NO_NODE, np.int64)
    sibling = np.full(capacity, NO_NODE, np.int64)
    code = np.zeros(capacity, np.int64)
    visits = np.zeros(capacity, np.int64)
    avail = np.zeros(capacity, np.int64)
    total = np.zeros(capacity, np.float64)
    nodes = 1  # node 0 is the root
    child_of = np.full(CODES, NO_NODE, np.int64)  # scratch: the node of each move code
    legal = np.empty(CODES, np.int64)  # scratch: the nodes of the legal moves (or the codes)
    fresh = np.empty(CODES, np.int64)  # scratch: the move numbers with no node yet
    path = np.empty(DEEPEST + 1, np.int64)
    det = np.empty_like(st)
    for _ in range(iterations):
        _resample_hidden(st, det, me, rng)
        node = np.int64(0)
        depth = 0
        path[0] = 0
        while not _round_over(det):
            _prepare(det, rng)
            seat = _mover(det)
            child = first_child[node]
            while child != NO_NODE:
                child_of[code[child]] = child
                child = sibling[child]
            n_moves = _count_moves(det)
            n_legal = 0
            n_fresh = 0
            for m in range(n_moves):
                choice, row, side = _move_at(det, m)
                c = _move_code(det, choice, row, side)
                if child_of[c] == NO_NODE:
                    fresh[n_fresh] = m
                    n_fresh += 1
                else:
                    legal[n_legal] = child_of[c]
                    n_legal += 1
            child = first_child[node]
            while child != NO_NODE:
                child_of[code[child]] = NO_NODE
                child = sibling[child]
            for k in range(n_legal):
                avail[legal[k]] += 1
            if n_fresh > 0:  # expand a move with no node yet, then play out
                m = fresh[below(rng, np.int64(n_fresh))] if n_fresh > 1 else fresh[0]
                choice, row, side = _move_at(det, m)
                new = nodes
                nodes += 1
                code[new] = _move_code(det, choice, row, side)
                avail[new] = 1
                sibling[new] = first_child[node]
                first_child[node] = new
                _place(det, choice, row, side)
                depth += 1
                path[depth] = new
                break
            best = np.int64(-1)
            best_score = -1e300
            for k in range(n_legal):
                c = legal[k]
                mean = total[c] / visits[c]
                if seat != me:
                    mean = 1.0 - mean
                score = mean + EXPLORATION * np.sqrt(np.log(avail[c]) / visits[c])
                if score > best_score:
                    best, best_score = c, score
            card, space = divmod(code[best], SPACES)
            start, n = _choice_slice(det)
            choice = np.int64(0)
            for i in range(n):
                if det[start + i] == card:
                    choice = np.int64(i)
            _place(det, choice, space >> 1, space & 1)
            node = best
            depth += 1
            path[depth] = node
        _play_out(det, kinds, vectors, rng)
        share = _mover_share(det, me, rows)
        for d in range(1, depth + 1):
            visits[path[d]] += 1
            total[path[d]] += share
    best_move = np.int64(0)
    best_visits = np.int64(-1)
    best_mean = -1.0
    for m in range(moves):
        choice, row, side = _move_at(st, m)
        c = _move_code(st, choice, row, side)
        child = first_child[0]
        while child != NO_NODE and code[child] != c:
            child = sibling[child]
        if child == NO_NODE or visits[child] == 0:
            continue
        mean = total[child] / visits[child]
        if visits[child] > best_visits or (visits[child] == best_visits and mean > best_mean):
            best_move, best_visits, best_mean = np.int64(m), visits[child], mean
    return _move_at(st, best_move)
