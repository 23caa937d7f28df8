"""Betting policies for the Head to Head betting game, and its round and game loops.

A betting policy decides whether to open a bet (and on which row, how much) and how
to respond to one; the cards go where the placement policy (:mod:`.policies`,
:mod:`.rollout`) puts them. Policies (parameters per seat: ``[kind, bet, raise, call,
size, rollouts, uses_cards]``, thresholds in thousandths):

* **never** -- never bets or raises, calls every bet.
* **random** -- opens half the time, a uniform legal amount on a uniform open row, and
  answers with decline, call or a uniform legal raise, equally likely: a baseline that
  drives every path of the machine.
* **threshold** -- estimates each row's win probability ``p`` (:func:`row_equity`,
  the best over the cards it holds that could still go on the row, or with
  ``uses_cards`` 0 ignoring them: the "blind" variant that measures what a freshly
  drawn card is worth to a bettor); opens ``size`` on
  the open row with the highest ``p`` if ``p >= bet``; facing a bet raises ``size`` if
  ``p >= raise``, calls if ``p >= call``, else declines.
* **rollout** -- scores no bet and bets of $50 and $100 on each open row (facing a bet:
  decline, call, raise $100, or less when that is all that is allowed) by ``rollouts``
  simulations of the rest of the round under (hand-set) greedy placement and the default threshold
  betting for both players (:func:`default_players`), from hidden cards drawn from what
  it has not seen, all actions on the same samples, and takes the best for its stack.

``p`` is the *random-fill equity* of §2.9.7: the row's empty spaces filled from the
cards the player has not seen, exactly when one space is left, else by
``EQUITY_SAMPLES`` random fills; ties count one half.
"""

from __future__ import annotations

import numpy as np

from analyzer.eval.standard import CARD_KEY, CARD_MASK, EMPTY_KEY, evaluate_key
from analyzer.games._lookahead import LOOKAHEAD, NO_LOOKAHEAD
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.betting.engine import (
    CALL,
    DECLINE,
    MIN_BET,
    RAISE,
    _decline,
    _max_bet,
    _max_raise,
    _pay,
    _row_complete,
    _settle_row,
    _start_betting_game,
    _start_betting_round,
    _to_call,
    _window_seat,
)
from analyzer.games.head_to_head.policies import GREEDY, TUNED, _base_move, _both_seats, _greedy_move, _tuned_move
from analyzer.games.head_to_head.rollout import KIND as POLICY_KIND
from analyzer.games.head_to_head.rollout import (
    ROUNDS,
    _card_draw_winner,
    _policy_move,
    _round_type,
    lookahead_flag,
)
from analyzer.games.head_to_head.tuned import HAND_SET
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.rng import below, fresh_stream, next_u64

NEVER, THRESHOLD, ROLLOUT, RANDOM = 0, 1, 2, 3
BET_POLICY_NAMES = {"never": NEVER, "threshold": THRESHOLD, "rollout": ROLLOUT, "random": RANDOM}
KIND, BET_AT, RAISE_AT, CALL_AT, SIZE, ROLLOUTS, USES_CARDS = range(7)
BET_PARAMS = 7
DEFAULT_THRESHOLD = (THRESHOLD, 700, 850, 450, 100, 0, 1)
DEFAULT_BET_ROLLOUTS = 16
EQUITY_SAMPLES = 32
ROLLOUT_SIZES = (50, 100)
GAME_PLACEMENTS = 8 * (3 + 4 + 5)
BET_GAME_WIDTH = 6  # final stacks, winner, seat 0's stack after each round
SOME_TUNED = np.bool_(True)
"""``tuned`` where a seat plays the tuned kind (:func:`tuned_flag`): typed, as a literal ``True``
would compile a second specialization."""
NO_EXTRA = np.int64(-1)  # no card added: typed, as a literal -1 would compile a second specialization


@kernel
def _side_key(st, seat, row, extra):
    c = st[E.COMMON + row]
    key, mask = EMPTY_KEY + CARD_KEY[c], CARD_MASK[c]
    for slot in range(st[E._count_index(seat, row)]):
        c = st[E._slot_index(seat, row, slot)]
        key += CARD_KEY[c]
        mask |= CARD_MASK[c]
    if extra >= 0:
        key += CARD_KEY[extra]
        mask |= CARD_MASK[extra]
    return key, mask


@kernel
def _row_equity(st, seat, row, extra, rng):
    """``seat``'s random-fill equity on ``row`` with card ``extra`` added to his side
    (-1: none): win + tie/2 over fills of the empty spaces from his unseen cards."""
    seen = E._seen_mask(st, seat)
    unseen = np.empty(E.DECK_SIZE, np.int64)
    m = 0
    for c in range(E.DECK_SIZE):
        if c != extra and not (seen >> np.uint64(c)) & np.uint64(1):
            unseen[m] = c
            m += 1
    key0, mask0 = _side_key(st, seat, row, extra)
    key1, mask1 = _side_key(st, 1 - seat, row, NO_EXTRA)
    need0 = E.SLOTS - st[E._count_index(seat, row)] - (extra >= 0)
    need1 = E.SLOTS - st[E._count_index(1 - seat, row)]
    need = need0 + need1
    exact = need <= 1
    trials = 1 if need == 0 else (m if exact else EQUITY_SAMPLES)
    halves = 0
    for trial in range(trials):
        k0, m0, k1, m1 = key0, mask0, key1, mask1
        for j in range(need):
            pick = trial if exact else j + below(rng, m - j)
            c = unseen[pick]
            unseen[pick], unseen[j] = unseen[j], c
            if j < need0:
                k0 += CARD_KEY[c]
                m0 |= CARD_MASK[c]
            else:
                k1 += CARD_KEY[c]
                m1 |= CARD_MASK[c]
        v0, v1 = evaluate_key(k0, m0), evaluate_key(k1, m1)
        if st[E.TIEBREAK] == E.TIEBREAK_LITERAL:
            v0, v1 = E._literal_order(v0), E._literal_order(v1)
        halves += 2 if v0 > v1 else (1 if v0 == v1 else 0)
    return halves / (2.0 * trials)


@kernel
def _held_cards(st, seat):
    """``(start, n)`` of the cards ``seat`` holds and could still place."""
    if E._mover(st) == seat and E._pending_seen_by(st, seat):
        return E._choice_slice(st)
    return E.HAND + 4 * seat, st[E.HAND_N + seat]


@kernel
def _best_equity(st, seat, row, rng):
    """The row equity ``seat`` can reach with the best card he holds placed there (or
    with none, if that is better or his side is full)."""
    p = _row_equity(st, seat, row, NO_EXTRA, rng)
    if st[E._count_index(seat, row)] < E.SLOTS:
        start, n = _held_cards(st, seat)
        for i in range(n):
            q = _row_equity(st, seat, row, st[start + i], rng)
            if q > p:  # not max(): one builtin fewer to compile, the same value
                p = q
    return p


@kernel
def _estimated_equity(st, seat, row, bp, rng):
    """The threshold policy's ``p``: with the cards it holds, or blind to them."""
    if bp[USES_CARDS]:
        return _best_equity(st, seat, row, rng)
    return _row_equity(st, seat, row, NO_EXTRA, rng)


@kernel
def _threshold_open(st, seat, bp, rng):
    best_row, best_p = np.int64(-1), -1.0  # not a literal, which _max_bet would first be typed with
    for row in range(st[E.ROWS]):
        if _max_bet(st, seat, row) > 0:
            p = _estimated_equity(st, seat, row, bp, rng)
            if p > best_p:
                best_row, best_p = np.int64(row), p
    if best_row < 0 or best_p * 1000 < bp[BET_AT]:
        return -1, 0
    step = st[E.BET_RULES + MIN_BET]
    return best_row, max(step, min((bp[SIZE] // step) * step, _max_bet(st, seat, best_row)))


@kernel
def _threshold_respond(st, actor, row, bp, rng):
    p = _estimated_equity(st, actor, row, bp, rng) * 1000
    top = _max_raise(st, actor, row)
    step = st[E.BET_RULES + MIN_BET]
    if p >= bp[RAISE_AT] and top > 0:
        return RAISE, max(step, min((bp[SIZE] // step) * step, top))
    if p >= bp[CALL_AT]:
        return CALL, 0
    return DECLINE, 0


@kernel
def _act(st, seat, action, amount, row):
    """Carry out a response: decline, call, or raise ``amount``."""
    if action == DECLINE:
        _decline(st, seat, row)
        return False
    need = _to_call(st, seat, row)
    _pay(st, seat, row, need + (amount if action == RAISE else 0))
    return action == RAISE


@kernel
def _random_open(st, seat, rng):
    """Half the time no bet; else a uniform legal amount on a uniform open row."""
    rows, n = 0, 0
    for row in range(st[E.ROWS]):
        if _max_bet(st, seat, row) > 0:
            rows |= 1 << row
            n += 1
    pick = below(rng, 2 * n) if n else 0
    if pick >= n:
        return -1, 0
    row = 0
    while not (rows >> row) & 1 or pick > 0:
        pick -= (rows >> row) & 1
        row += 1
    step = st[E.BET_RULES + MIN_BET]
    return row, step * (1 + below(rng, _max_bet(st, seat, row) // step))


@kernel
def _random_respond(st, actor, row, rng):
    """Decline, call or a uniform legal raise, each response equally likely."""
    step = st[E.BET_RULES + MIN_BET]
    raises = _max_raise(st, actor, row) // step
    action = below(rng, 3 if raises else 2)
    return action, (step * (1 + below(rng, raises)) if action == RAISE else 0)


@kernel
def _base_open(st, seat, bp, rng):
    if bp[KIND] == NEVER:
        return -1, 0
    if bp[KIND] == RANDOM:
        return _random_open(st, seat, rng)
    return _threshold_open(st, seat, bp, rng)


@kernel
def _base_respond(st, actor, row, bp, rng):
    if bp[KIND] == NEVER:
        return CALL, 0
    if bp[KIND] == RANDOM:
        return _random_respond(st, actor, row, rng)
    return _threshold_respond(st, actor, row, bp, rng)


@kernel(inline="always")
def _finish_exchange(st, actor, row, bparams, rngs, lookahead):
    """Let the betting policies answer, back and forth, until a call or a decline; ``actor``
    answers first, each from his own stream ``rngs[actor]`` (:func:`_policy_respond`: the
    rollout bettor too unless ``lookahead`` is None).

    Inlined by Numba, not a kernel of its own: the rollout bettor's play-outs finish their
    exchanges here with ``lookahead`` None, inside its own call with ``lookahead`` set. A
    dispatcher called from its own call tree is typed as a recursive call even with another
    signature, and Numba links such a call lazily; a cold ``head-to-head bet --bet-policy
    rollout:4`` then aborted on an unresolved symbol."""
    while True:
        action, amount = _policy_respond(st, actor, row, bparams[actor], rngs[actor], lookahead)
        if not _act(st, actor, action, amount, row):
            return
        actor = 1 - actor


@kernel(inline="always")
def _take_action(st, seat, action, bparams, rngs, lookahead):
    """Carry out ``seat``'s betting decision ``action`` = (row, response, amount) (opening:
    response -1, and row -1 for no bet) and let the betting policies finish the exchange it
    opens (:func:`_finish_exchange`)."""
    row, response, amount = action[0], action[1], action[2]
    if response < 0:
        if row >= 0:
            _pay(st, seat, row, amount)
            _finish_exchange(st, 1 - seat, row, bparams, rngs, lookahead)
    elif _act(st, seat, response, amount, row):
        _finish_exchange(st, 1 - seat, row, bparams, rngs, lookahead)


@kernel(inline="always")
def _place_and_pay(st, choice, row, side):
    """Make the placement; a row it completes is paid at once."""
    E._place(st, choice, row, side)
    if _row_complete(st, row):
        _settle_row(st, row)


@kernel(inline="always")
def _place_and_settle(st, params, vectors, rngs, lookahead):
    """The placement of the player on turn, under any placement policy (rollout included, unless
    ``lookahead`` is None: :func:`.rollout._policy_move`; greedy under the seat's vector
    ``vectors[seat]``); a row it completes is paid at once."""
    choice, row, side = _policy_move(st, params, vectors, rngs, lookahead)
    _place_and_pay(st, choice, row, side)


@kernel
def _base_place_and_settle(st, params, vectors, rngs):
    """:func:`_place_and_settle` for base placement policies (random or greedy, as in every
    rollout of a betting decision): the same move, without compiling the rollout policy."""
    seat = E._mover(st)
    choice, row, side = _base_move(st, params[seat, POLICY_KIND], rngs[seat], vectors[seat])
    _place_and_pay(st, choice, row, side)


def tuned_flag(params: np.ndarray) -> np.bool_ | None:
    """The ``tuned`` argument of :func:`_greedy_place_and_settle` for the seats' placement
    parameters: :data:`SOME_TUNED` when a seat plays the tuned kind, else None, with which the
    tuned move is not compiled.

    >>> tuned_flag(np.array([[GREEDY, 0, 0], [TUNED, 0, 0]])) is SOME_TUNED, tuned_flag(np.array([[GREEDY, 0, 0]] * 2))
    (True, None)
    """
    return SOME_TUNED if (params[:, POLICY_KIND] == TUNED).any() else None


@kernel
def _greedy_place_and_settle(st, params, vectors, tuned):
    """:func:`_base_place_and_settle` for greedy and tuned placement, which draw no random
    numbers: the same move, without compiling the random policy (the exact values at a
    round's last placement, :func:`_score_last_actions`), nor the tuned one when ``tuned`` is
    None (:func:`tuned_flag`)."""
    seat = E._mover(st)
    if tuned is not None and params[seat, POLICY_KIND] == TUNED:
        choice, row, side = _tuned_move(st, vectors[seat])
    else:
        choice, row, side = _greedy_move(st)
    _place_and_pay(st, choice, row, side)


@kernel(inline="always")
def _draw_seat_streams(rngs, stream):
    """Fill ``rngs`` with the two seats' streams (4 words each, seat 0 first) drawn from
    ``stream``."""
    for s in range(2):
        for i in range(4):
            rngs[s, i] = next_u64(stream)


@kernel
def _play_out_betting(st, params, vectors, bparams, rng):
    """Finish a betting round with base placement and betting policies (one stream)."""
    rngs = np.empty((2, 4), np.uint64)
    _draw_seat_streams(rngs, rng)
    while not E._round_over(st):
        E._prepare(st, rng)
        seat = _window_seat(st)
        if seat >= 0:
            row, amount = _base_open(st, seat, bparams[seat], rng)
            if row >= 0:
                _pay(st, seat, row, amount)
                _finish_exchange(st, 1 - seat, row, bparams, rngs, NO_LOOKAHEAD)
        _base_place_and_settle(st, params, vectors, rngs)


@kernel
def _default_players():
    """Greedy placement (hand-set) and default threshold betting for both players: the
    players the rollout bettor assumes; ``(params, vectors, bparams)``."""
    params = np.zeros((2, 3), np.int64)
    params[:, 0] = GREEDY
    vectors = _both_seats(HAND_SET)
    bparams = np.empty((2, BET_PARAMS), np.int64)
    for seat in range(2):
        for i in range(BET_PARAMS):
            bparams[seat, i] = DEFAULT_THRESHOLD[i]
    return params, vectors, bparams


@kernel(inline="always")
def _play_action(st, seat, action, params, vectors, bparams, stream):
    """From a betting decision of ``seat``, carry out ``action`` = (row, response, amount)
    (opening: response -1 and row -1 for no bet), let base policies finish the exchange
    and the round; returns ``seat``'s stack at the end of the round."""
    rngs = np.empty((2, 4), np.uint64)
    _draw_seat_streams(rngs, stream)
    _take_action(st, seat, action, bparams, rngs, NO_LOOKAHEAD)
    _base_place_and_settle(st, params, vectors, rngs)
    _play_out_betting(st, params, vectors, bparams, stream)
    return st[E.STACK + seat]


@kernel
def _score_bet_actions(base, seat, actions, params, vectors, bparams, rng, work, tallies, weight):
    """Add ``weight`` x each action's gain (``seat``'s stack at the end of the round minus
    now) and its square to ``tallies``, every action on one fresh stream from ``rng``."""
    seed = fresh_stream(rng)
    stream = np.empty(4, np.uint64)
    for a in range(actions.shape[0]):
        copy_into(work, base)
        copy_into(stream, seed)
        gain = _play_action(work, seat, actions[a], params, vectors, bparams, stream) - base[E.STACK + seat]
        tallies[a, 0] += weight * gain
        tallies[a, 1] += weight * gain * gain


@kernel
def _score_last_actions(base, seat, actions, params, vectors, bparams, rng, work, tallies, tuned):
    """:func:`_score_bet_actions` (weight 1) at the last placement of a round, with greedy or
    tuned placement for both seats (``tuned``: :func:`tuned_flag`): the same gains from the same
    streams. After the action's exchange and the placement the round is over, so the play-out
    of the rest of the round (:func:`_play_out_betting`) would change nothing, and is not
    compiled here."""
    seed = fresh_stream(rng)
    stream = np.empty(4, np.uint64)
    rngs = np.empty((2, 4), np.uint64)
    for a in range(actions.shape[0]):
        copy_into(work, base)
        copy_into(stream, seed)
        _draw_seat_streams(rngs, stream)
        _take_action(work, seat, actions[a], bparams, rngs, NO_LOOKAHEAD)
        _greedy_place_and_settle(work, params, vectors, tuned)
        gain = work[E.STACK + seat] - base[E.STACK + seat]
        tallies[a, 0] += gain
        tallies[a, 1] += gain * gain


@kernel
def _sample_bet_actions(st, seat, actions, params, vectors, bparams, rng, trials, tallies):
    """Monte Carlo gains of betting actions: ``trials`` samples of what ``seat`` cannot see."""
    base = np.empty_like(st)
    work = np.empty_like(st)
    for _ in range(trials):
        E._resample_hidden(st, base, seat, rng)
        _score_bet_actions(base, seat, actions, params, vectors, bparams, rng, work, tallies, 1)


@kernel
def _play_action_under(st, seat, action, params, vectors, bparams, deal, rngs):
    """:func:`_play_action` with every player under his own policies, lookahead ones included
    (rollout or search placement, the rollout bettor), as in the game (:func:`_betting_turn`):
    ``deal`` deals the cards, ``rngs[s]`` is seat ``s``'s stream. Returns ``seat``'s stack at
    the end of the round."""
    _take_action(st, seat, action, bparams, rngs, LOOKAHEAD)
    _place_and_settle(st, params, vectors, rngs, LOOKAHEAD)
    while not E._round_over(st):
        _betting_turn(st, params, vectors, bparams, deal, rngs, LOOKAHEAD)
    return st[E.STACK + seat]


@kernel
def _sample_bet_actions_under(st, seat, actions, params, vectors, bparams, rng, trials, tallies):
    """:func:`_sample_bet_actions` with each player finishing the round under his own policies
    (:func:`_play_action_under`; a lookahead player searches from his own view): on each of
    ``trials`` samples of what ``seat`` cannot see, every action is played out on the same deal
    stream and the same streams of the two players (common random numbers). ``tallies[a]``
    gets action ``a``'s gains (``seat``'s stack at the end of the round minus now) and their
    squares."""
    base = np.empty_like(st)
    work = np.empty_like(st)
    deal = np.empty(4, np.uint64)
    rngs = np.empty((2, 4), np.uint64)
    for _ in range(trials):
        E._resample_hidden(st, base, seat, rng)
        deal_seed = fresh_stream(rng)
        seat_seeds = (fresh_stream(rng), fresh_stream(rng))
        for a in range(actions.shape[0]):
            copy_into(work, base)
            copy_into(deal, deal_seed)
            copy_into(rngs[0], seat_seeds[0])
            copy_into(rngs[1], seat_seeds[1])
            end = _play_action_under(work, seat, actions[a], params, vectors, bparams, deal, rngs)
            gain = end - base[E.STACK + seat]
            tallies[a, 0] += gain
            tallies[a, 1] += gain * gain


@kernel
def _rollout_choice(st, seat, actions, bp, rng):
    params, vectors, bparams = _default_players()
    tallies = np.zeros((actions.shape[0], 2), np.int64)
    _sample_bet_actions(st, seat, actions, params, vectors, bparams, rng, bp[ROLLOUTS], tallies)
    return actions[np.argmax(tallies[:, 0])]


@kernel
def _allowed(amounts, x):
    """Whether ``x`` is among ``amounts``, or ``amounts`` is empty (every step allowed)."""
    for i in range(amounts.shape[0]):
        if amounts[i] == x:
            return True
    return amounts.shape[0] == 0


@kernel
def _opening_actions(st, seat, amounts):
    """No bet, then a bet of each of ``amounts`` (or every step, when empty) on each open row."""
    step = st[E.BET_RULES + MIN_BET]
    out = np.full((1 + E.MAX_ROWS * 100, 3), -1, np.int64)
    n = 1
    for row in range(st[E.ROWS]):
        top = _max_bet(st, seat, row)
        for x in range(step, top + 1, step):
            if _allowed(amounts, x):
                out[n, 0], out[n, 1], out[n, 2] = row, -1, x
                n += 1
    return out[:n]


@kernel
def _response_actions(st, actor, row, amounts):
    """Decline, call, then a raise of each of ``amounts`` (or every step) allowed."""
    step = st[E.BET_RULES + MIN_BET]
    top = _max_raise(st, actor, row)
    out = np.zeros((2 + 100, 3), np.int64)
    out[0, 0], out[0, 1] = row, DECLINE
    out[1, 0], out[1, 1] = row, CALL
    n = 2
    for y in range(step, top + 1, step):
        if _allowed(amounts, y):
            out[n, 0], out[n, 1], out[n, 2] = row, RAISE, y
            n += 1
    return out[:n]


@kernel(inline="always")
def _rollout_open(st, seat, bp, rng):
    choice = _rollout_choice(st, seat, _opening_actions(st, seat, np.array(ROLLOUT_SIZES)), bp, rng)
    return choice[0], choice[2]


@kernel(inline="always")
def _rollout_respond(st, actor, row, bp, rng):
    top = _max_raise(st, actor, row)
    sizes = np.array([min(ROLLOUT_SIZES[-1], top)]) if top > 0 else np.zeros(0, np.int64)
    choice = _rollout_choice(st, actor, _response_actions(st, actor, row, sizes), bp, rng)
    return choice[1], choice[2]


@kernel(inline="always")
def _policy_open(st, seat, bp, rng, lookahead):
    """The opening of the betting policy ``bp`` (the rollout bettor's unless ``lookahead`` is
    None: :func:`betting_lookahead`)."""
    if lookahead is not None and bp[KIND] == ROLLOUT:
        return _rollout_open(st, seat, bp, rng)
    return _base_open(st, seat, bp, rng)


@kernel(inline="always")
def _policy_respond(st, actor, row, bp, rng, lookahead):
    """The answer of the betting policy ``bp`` to a bet (as :func:`_policy_open`)."""
    if lookahead is not None and bp[KIND] == ROLLOUT:
        return _rollout_respond(st, actor, row, bp, rng)
    return _base_respond(st, actor, row, bp, rng)


def betting_lookahead(params: np.ndarray, bparams: np.ndarray) -> np.bool_ | None:
    """The ``lookahead`` argument of the betting game's kernels for the seats' placement and
    betting parameters: ``LOOKAHEAD`` when a seat places with a lookahead kind
    (:func:`.rollout.lookahead_flag`) or bets with the rollout bettor, else ``NO_LOOKAHEAD``,
    with which the kernels compile neither lookahead (:func:`.rollout._policy_move`).

    >>> threshold = np.array([DEFAULT_THRESHOLD] * 2)
    >>> betting_lookahead(np.array([[GREEDY, 0, 0]] * 2), threshold) is NO_LOOKAHEAD
    True
    >>> rollout_bettor = threshold.copy()
    >>> rollout_bettor[1, KIND] = ROLLOUT
    >>> betting_lookahead(np.array([[GREEDY, 0, 0]] * 2), rollout_bettor) is LOOKAHEAD
    True
    """
    if lookahead_flag(params) is LOOKAHEAD or (bparams[:, KIND] == ROLLOUT).any():
        return LOOKAHEAD
    return NO_LOOKAHEAD


@kernel
def _betting_turn(st, params, vectors, bparams, deal_rng, rngs, lookahead):
    """One placement of a betting round: deal, let the player on turn open at most one
    exchange (answered back and forth until a call or a decline), place; a row the
    placement completes is paid at once (``lookahead``: :func:`betting_lookahead`). A kernel of
    its own, not inlined into the game loop: Numba's inlining would copy every policy's code
    into it once more (several CPU-s of compiling), for a call a placement."""
    E._prepare(st, deal_rng)
    seat = _window_seat(st)
    if seat >= 0:
        row, amount = _policy_open(st, seat, bparams[seat], rngs[seat], lookahead)
        if row >= 0:
            _pay(st, seat, row, amount)
            _finish_exchange(st, 1 - seat, row, bparams, rngs, lookahead)
    _place_and_settle(st, params, vectors, rngs, lookahead)


@kernel(inline="always")
def _play_betting_game(
    st,
    kind,
    crazy,
    batch_rule,
    tiebreak,
    bet_rules,
    params,
    vectors,
    bparams,
    deal_rng,
    rngs,
    out,
    trajectory,
    lookahead,
):
    """A betting game of 3 rounds (seat 0 first mover in rounds 1 and 3). ``out``: final
    stacks, the winner (larger stack; the card draw on a tie), seat 0's stack after each
    round; ``trajectory[i]``: seat 0's stack after placement ``i`` of the game; ``lookahead``:
    :func:`betting_lookahead`."""
    st[:] = 0
    _start_betting_game(st, bet_rules[0], bet_rules[1], bet_rules[2], bet_rules[3], bet_rules[4])
    step = 0
    for r in range(ROUNDS):
        kind_r, crazy_r = _round_type(kind, crazy, deal_rng)
        E._start_round(st, kind_r, crazy_r, r + 3, r % 2, batch_rule, tiebreak, deal_rng)
        _start_betting_round(st)
        while not E._round_over(st):
            _betting_turn(st, params, vectors, bparams, deal_rng, rngs, lookahead)
            trajectory[step] = st[E.STACK]
            step += 1
        out[3 + r] = st[E.STACK]
    out[0], out[1] = st[E.STACK], st[E.STACK + 1]
    if out[0] == out[1]:
        out[2] = _card_draw_winner(st, deal_rng)
    else:
        out[2] = 0 if out[0] > out[1] else 1
