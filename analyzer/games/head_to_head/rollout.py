"""Monte Carlo rollouts: scoring every legal move, the rollout policy, and whole games.

:func:`score_moves` is the one place where moves are valued: from a state whose
hidden cards were already dealt consistently with the mover's view, it plays every
legal move to the end of the round under base policies, all moves on the *same*
deal and random stream (common random numbers), and adds each move's outcome to a
tally row: the mover's halves of a row pot summed over the rows still open (2 a win,
1 a tie), its square, and the halves of each row and their squares.

The rollout policy repeats that on ``rollouts`` fresh samples of the hidden cards
(:func:`.engine._resample_hidden`: drawn from the cards the mover has not seen, never
from the real deck or hand) and takes the move with the best total.

Kernels that play policies take ``vectors`` beside the kinds or policy parameters: one
greedy parameter vector per seat (:mod:`.tuned`, a ``(2, N_PARAMS)`` float64
array), read by the seats that play greedy, in rollouts as in the game.
"""

from __future__ import annotations

import numpy as np

from analyzer.games._lookahead import LOOKAHEAD, lookahead_for
from analyzer.games.head_to_head.engine import (
    DECK,
    DECK_SIZE,
    END,
    MAX_ROWS,
    OPEN5,
    ORDERED_DRAWS,
    ROW_POT,
    ROWS,
    TOP,
    TYPE,
    _deal_hidden,
    _draw,
    _mover,
    _open_rows,
    _place,
    _prepare,
    _resample_hidden,
    _round_chips,
    _round_over,
    _row_result,
    _start_round,
    _unseen_deck,
)
from analyzer.games.head_to_head.ismcts import _ismcts_move
from analyzer.games.head_to_head.policies import (
    ISMCTS,
    ISMCTS_PURE,
    LOOKAHEAD_KINDS,
    ROLLOUT,
    SEARCH,
    _base_move,
    _both_seats,
    _count_moves,
    _move_at,
    _open_spaces,
    _play_out,
)
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.rng import below, fresh_stream

TALLY_WIDTH = 2 + 2 * MAX_ROWS  # total, total^2, halves per row, halves^2 per row
ROUNDS = 3
DIE_CRAZY = 6
KIND, ROLLOUTS, BASE = 0, 1, 2  # columns of a seat's policy parameters
GAME_CHIPS = ROW_POT * (3 + 4 + 5)
GAME_WIDTH = 3 + 3 * ROUNDS


@kernel
def _score_moves(base, kinds, vectors, rng, work, tallies, weight, chosen=None):
    """Add ``weight`` x the outcome of every legal move from ``base`` to ``tallies``
    (see the module docstring), or of the moves ``m`` with ``chosen[m]`` only; ``work`` is
    scratch state. Every move's play-out runs on one fresh stream seeded from ``rng``, which
    moves on by those 4 draws only, so successive calls are independent."""
    me = _mover(base)
    rows = _open_rows(base)
    seed = fresh_stream(rng)
    stream = np.empty(4, np.uint64)
    for m in range(_count_moves(base)):
        if chosen is not None and not chosen[m]:
            continue
        copy_into(work, base)
        copy_into(stream, seed)
        choice, row, side = _move_at(work, m)
        _place(work, choice, row, side)
        _play_out(work, kinds, vectors, stream)
        _tally_outcome(work, me, rows, tallies[m], weight)


@kernel
def _tally_outcome(work, me, rows, tally, weight):
    """Add ``weight`` x the outcome of the finished round ``work`` for ``me`` to one move's tally
    row (module docstring): the halves of the ``rows`` still open summed, its square, and each
    row's halves and their squares."""
    total = 0
    for r in range(work[ROWS]):
        halves = _row_result(work, r)
        if me == 1:
            halves = 2 - halves
        tally[2 + r] += weight * halves
        tally[2 + MAX_ROWS + r] += weight * halves * halves
        if (rows >> r) & 1:
            total += halves
    tally[0] += weight * total
    tally[1] += weight * total * total


@kernel
def _sample_moves(position, kinds, vectors, rng, trials, tallies, chosen=None):
    """Monte Carlo values of every legal move (or of the moves ``m`` with ``chosen[m]``):
    ``trials`` samples of the hidden cards."""
    base = np.empty_like(position)
    work = np.empty_like(position)
    me = _mover(position)
    for _ in range(trials):
        _resample_hidden(position, base, me, rng)
        _score_moves(base, kinds, vectors, rng, work, tallies, 1, chosen)


@kernel
def _unseen_cards(position, viewer):
    """The cards ``viewer`` has not seen, ascending."""
    work = np.empty_like(position)
    n = _unseen_deck(position, work, viewer)
    return work[DECK : DECK + n].copy()


@kernel
def _arrange(position, base, viewer, code, draws, rng):
    """``base`` = ``position`` with the hidden cards and the deck in the order numbered by
    the Lehmer ``code``: position j of the deck takes the ``code[j]``-th remaining unseen
    card; draws then come in that order (``ORDERED_DRAWS``)."""
    _unseen_deck(position, base, viewer)
    for j in range(draws):
        k = DECK + j + code[j]
        base[DECK + j], base[k] = base[k], base[DECK + j]
    base[ORDERED_DRAWS] = 1
    _deal_hidden(base, viewer, rng)


@kernel
def _next_code(code, draws, m):
    """Advance a Lehmer code of ``draws`` digits over ``m`` cards (digit j counts in base
    ``m - j``, the first digit last; the caller stops it at its own bound)."""
    j = draws - 1
    while j > 0:
        code[j] += 1
        if code[j] < m - j:
            return
        code[j] = 0
        j -= 1
    code[0] += 1


@kernel(inline="always")
def _ordered_stream():
    """The generator state an enumeration or a dry run with ordered draws starts from, every
    word 1: the draws deal no card (``ORDERED_DRAWS``), so any fixed state gives the same answer
    in every run. Filled by a loop, not ``np.ones``: a NumPy constructor fewer to compile."""
    rng = np.empty(4, np.uint64)
    for i in range(4):
        rng[i] = 1
    return rng


@kernel(inline="always")
def _first_code(draws, lo):
    """The Lehmer code an enumeration starts from: ``draws`` digits (one at least), the first
    ``lo``, the others 0 (filled by a loop, not ``np.zeros``, as :func:`_ordered_stream`)."""
    code = np.empty(max(draws, 1), np.int64)
    for j in range(code.shape[0]):
        code[j] = 0
    code[0] = lo
    return code


@kernel
def _enumerate_moves(position, kinds, vectors, draws, first_lo, first_hi, tallies):
    """Exact values of every legal move under deterministic policies: every ordered
    sequence of the ``draws`` cards still to come off the deck (the opponent's hidden
    hand first), each once. Sequences are numbered by their Lehmer code, whose first
    digit (the first card) runs over ``[first_lo, first_hi)`` so that tasks can split
    the work. Returns the number of sequences visited."""
    viewer = _mover(position)
    m = _unseen_cards(position, viewer).shape[0]
    base = np.empty_like(position)
    work = np.empty_like(position)
    rng = _ordered_stream()
    code = _first_code(draws, first_lo)
    visited = 0
    while code[0] < first_hi:
        _arrange(position, base, viewer, code, draws, rng)
        _score_moves(base, kinds, vectors, rng, work, tallies, 1)
        visited += 1
        _next_code(code, draws, m)
    return visited


@kernel
def _future_draws(position):
    """How many cards the rest of the round deals from ``position`` (beyond hidden hands
    already held): it depends on the schedule only, so one dry run counts it."""
    st = position.copy()
    for c in range(DECK_SIZE):
        st[DECK + c] = c
    st[TOP], st[END], st[ORDERED_DRAWS] = 0, DECK_SIZE, 1
    rng = _ordered_stream()
    # the first card on the first open space (legal move 0): where cards go cannot matter (and
    # neither the greedy policies nor the random one, which a play-out would compile too, are
    # needed)
    first = np.int64(0)  # typed: a literal 0 would compile a second _place
    while not _round_over(st):
        _prepare(st, rng)
        spaces = _open_spaces(st)
        space = 0
        while not (spaces >> space) & 1:
            space += 1
        _place(st, first, space >> 1, space & 1)
    return st[TOP]


@kernel
def _lookahead_move(st, seat_params, w, rng):
    """The move of the rollout or the search player ``seat_params`` (kind, play-outs, base),
    both players playing out under the base policy (greedy ones under the vector ``w``), on
    fresh samples of the hidden cards (never the real ones).

    * rollout: ``seat_params[ROLLOUTS]`` samples, every legal move played out on each; the move
      with the best total.
    * search: successive halving with a budget of ``seat_params[ROLLOUTS]`` play-outs (module
      docstring of :mod:`.play`). Each of the ``ceil(log2(moves))`` rounds gives every move
      still in an equal share of the budget, that many fresh samples with the moves still in
      played out on each; the better half (by the total over every sample so far) goes on, and
      the last move standing is played (a single legal move at once, with no sampling).

    The ``ismcts`` players (:mod:`.ismcts`, ``ROLLOUTS`` iterations) are dispatched from here
    too: ``ISMCTS_PURE`` always, ``ISMCTS`` in Open 5 rounds (elsewhere it plays the search
    above). One kernel for all, so a game loop compiles one lookahead chain."""
    if seat_params[KIND] == ISMCTS_PURE or (seat_params[KIND] == ISMCTS and st[TYPE] == OPEN5):
        return _ismcts_move(st, seat_params[ROLLOUTS], seat_params[BASE], seat_params[KIND] == ISMCTS, w, rng)
    moves = _count_moves(st)
    search = seat_params[KIND] != ROLLOUT  # search, or ismcts outside Open 5
    if search and moves == 1:
        return _move_at(st, np.int64(0))  # not a literal: one signature
    tallies = np.zeros((moves, TALLY_WIDTH), np.int64)
    kinds = np.full(2, seat_params[BASE])
    vectors = _both_seats(w)
    alive = np.ones(moves, np.bool_)
    rounds = 1
    if search:
        rounds = 0
        while (1 << rounds) < moves:
            rounds += 1
    left = moves
    for _ in range(rounds):
        samples = max(1, seat_params[ROLLOUTS] // (left * rounds)) if search else seat_params[ROLLOUTS]
        _sample_moves(st, kinds, vectors, rng, samples, tallies, alive)
        if search:
            keep = (left + 1) // 2
            order = np.argsort(-tallies[:, 0], kind="mergesort")  # best first; ties to the first move
            kept = 0
            for m in order:
                if alive[m]:
                    if kept == keep:
                        alive[m] = False
                    else:
                        kept += 1
            left = keep
    best = np.int64(-1)  # not a literal, which type inference would first call _move_at with
    for m in range(moves):
        if alive[m] and (best < 0 or tallies[m, 0] > tallies[best, 0]):
            best = np.int64(m)
    return _move_at(st, best)


def lookahead_flag(params: np.ndarray) -> np.bool_ | None:
    """The ``lookahead`` argument of the kernels that play whole rounds, for the seats' policy
    parameters ``params`` (one row a seat): ``LOOKAHEAD`` when a seat plays a lookahead kind
    (rollout or search), else ``NO_LOOKAHEAD`` (:func:`_policy_move`).

    >>> from analyzer.games.head_to_head.policies import GREEDY, TUNED
    >>> from analyzer.games._lookahead import NO_LOOKAHEAD
    >>> lookahead_flag(np.array([[GREEDY, 0, 0], [SEARCH, 1024, TUNED]])) is LOOKAHEAD
    True
    >>> lookahead_flag(np.array([[GREEDY, 0, 0], [TUNED, 0, 0]])) is NO_LOOKAHEAD
    True
    """
    return lookahead_for(params[:, KIND], LOOKAHEAD_KINDS)


@kernel(inline="always")
def _policy_move(st, params, vectors, rngs, lookahead):
    """The move of the player to move under his policy ``params[seat]`` and greedy vector
    ``vectors[seat]``, with his own random stream ``rngs[seat]`` (so one seat's draws never
    shift the other's).

    ``lookahead`` is ``LOOKAHEAD`` or ``NO_LOOKAHEAD`` (None, when no seat plays a lookahead
    kind: :func:`lookahead_flag`). Numba drops a branch on an argument that is None as it
    compiles, so with None the kernel holds the base policies only, and a game of greedy or
    tuned players does not compile the lookahead chain (:func:`_lookahead_move` and the
    play-outs under it, about half of such a command's cold compile time)."""
    seat = _mover(st)
    if lookahead is not None and (params[seat, KIND] == ROLLOUT or params[seat, KIND] >= SEARCH):
        return _lookahead_move(st, params[seat], vectors[seat], rngs[seat])
    return _base_move(st, params[seat, KIND], rngs[seat], vectors[seat])


@kernel
def _play_round(st, params, vectors, deal_rng, policy_rngs, lookahead):
    """Finish a round: deals from ``deal_rng``, moves from each seat's policy (``lookahead``:
    see :func:`_policy_move`). A kernel of its own (called once a round), not inlined into the
    game loops: Numba's inlining would copy the whole policy code into each, which cost several
    CPU-s of compiling."""
    while not _round_over(st):
        _prepare(st, deal_rng)
        choice, row, side = _policy_move(st, params, vectors, policy_rngs, lookahead)
        _place(st, choice, row, side)


@kernel
def _sample_moves_under(position, params, vectors, rng, trials, tallies):
    """:func:`_sample_moves` with each player finishing the round under its own policy
    ``params[seat]`` (rollout and search players too, each searching from its own view): on
    every sample of the hidden cards every legal move is played out on the same deal stream and
    the same streams of the two players (common random numbers)."""
    base = np.empty_like(position)
    work = np.empty_like(position)
    me = _mover(position)
    rows = _open_rows(position)
    deal = np.empty(4, np.uint64)
    seats = np.empty((2, 4), np.uint64)
    for _ in range(trials):
        _resample_hidden(position, base, me, rng)
        deal_seed = fresh_stream(rng)
        seat_seeds = (fresh_stream(rng), fresh_stream(rng))
        for m in range(_count_moves(base)):
            copy_into(work, base)
            copy_into(deal, deal_seed)
            copy_into(seats[0], seat_seeds[0])
            copy_into(seats[1], seat_seeds[1])
            choice, row, side = _move_at(work, m)
            _place(work, choice, row, side)
            _play_round(work, params, vectors, deal, seats, LOOKAHEAD)
            _tally_outcome(work, me, rows, tallies[m], 1)


@kernel
def _round_type(fixed_kind, fixed_crazy, rng):
    """A round's type and Crazy flag: fixed, or rolled on the die (§2.4: a 6 means Crazy
    and a reroll until 1-5) when ``fixed_kind`` is 0."""
    if fixed_kind:
        return fixed_kind, fixed_crazy
    crazy = 0
    faces = np.int64(6)  # not a literal: the one signature of below
    die = 1 + below(rng, faces)
    while die == DIE_CRAZY:
        crazy = 1
        die = 1 + below(rng, faces)
    return die, crazy


@kernel
def _card_draw_winner(st, rng):
    """The end-of-game tie-break (§2.6, H-G6): each player draws from the remaining deck,
    the higher rank wins (ace high), equal ranks redraw; an empty deck is reshuffled."""
    while True:
        if st[TOP] + 2 > DECK_SIZE:
            st[TOP] = 0
        a = _draw(st, rng)
        b = _draw(st, rng)
        if a >> 2 != b >> 2:
            return 0 if a >> 2 > b >> 2 else 1


@kernel(inline="always")
def _play_game(
    st, fixed_kind, fixed_crazy, batch_rule, tiebreak, params, vectors, deal_rng, policy_rngs, out, lookahead
):
    """One game of 3 rounds with 3, 4, 5 rows; seat 0 moves first in rounds 1 and 3
    (the dealer alternates, §2.2). ``out`` gets seat 0's chips, seat 1's chips, the
    winner, and per round: type, Crazy flag, seat 0's chips; ``lookahead``: see
    :func:`_policy_move`."""
    chips0 = 0
    for r in range(ROUNDS):
        kind, crazy = _round_type(fixed_kind, fixed_crazy, deal_rng)
        _start_round(st, kind, crazy, r + 3, r % 2, batch_rule, tiebreak, deal_rng)
        _play_round(st, params, vectors, deal_rng, policy_rngs, lookahead)
        won = _round_chips(st)
        chips0 += won
        out[3 + 3 * r], out[4 + 3 * r], out[5 + 3 * r] = kind, crazy, won
    out[0], out[1] = chips0, GAME_CHIPS - chips0
    if 2 * chips0 == GAME_CHIPS:
        out[2] = _card_draw_winner(st, deal_rng)
    else:
        out[2] = 0 if 2 * chips0 > GAME_CHIPS else 1
