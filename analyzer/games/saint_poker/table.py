"""Saint Poker at the table: one phase step and a whole game, each player by his policy.

Base policies (random, greedy, save, tuned, tuned-save) choose by :mod:`.policies`; the simulating players
choose by :func:`.rollout._rollout_choice` (``rollout``) or :func:`.search._search_choice`
(``search``), whose simulations use base policies only. Choices of a simultaneous phase
are all made from the same state, then applied. The kernels that play whole phases take a
``lookahead`` argument (:func:`lookahead_flag`), so that games of base players only do not
compile the simulating players' code.

:func:`_sample_choices_played` values a decision like :func:`.rollout._sample_choices`,
but the game after the choice is played by these policies (a rollout or search player
included), not by base policies only: what ``saint-poker decide --policy search`` reports.
"""

from __future__ import annotations

import numpy as np

from analyzer.games._lookahead import LOOKAHEAD, lookahead_for
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.policies import (
    KIND,
    ROLLOUT,
    SEARCH,
    STRONG,
    _base_draft,
    _base_pair,
    _base_river,
    _seat_streams,
)
from analyzer.games.saint_poker.rollout import _add_outcome, _rollout_choice
from analyzer.games.saint_poker.search import _search_choice
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.rng import next_u64


def lookahead_flag(params: np.ndarray) -> np.bool_ | None:
    """The ``lookahead`` argument of the kernels that play whole phases, for the seats' policy
    parameters ``params`` (one row a seat): ``LOOKAHEAD`` when a seat plays rollout or search,
    else ``NO_LOOKAHEAD`` (:func:`_policy_choice`).

    >>> from analyzer.games.saint_poker.policies import GREEDY, SAVE
    >>> from analyzer.games._lookahead import NO_LOOKAHEAD
    >>> lookahead_flag(np.array([[GREEDY, 0, 0], [SEARCH, 64, GREEDY]])) is LOOKAHEAD
    True
    >>> lookahead_flag(np.array([[GREEDY, 0, 0], [SAVE, 0, 0]])) is NO_LOOKAHEAD
    True
    """
    return lookahead_for(params[:, KIND], STRONG)


@kernel
def _policy_choice(st, p, params, weights, rng, lookahead):
    """Seat ``p``'s choice of the current phase as a row ``(card, card)`` (a single card
    repeated), by his policy ``params[p]`` (base policies read ``weights``,
    :func:`.policies.policy_weights`).

    ``lookahead`` is ``LOOKAHEAD`` or ``NO_LOOKAHEAD`` (None, when no seat plays rollout or
    search: :func:`lookahead_flag`). Numba drops a branch on an argument that is None as it
    compiles, so with None the kernel holds the base policies only, and a game of base players
    does not compile the rollout and search choices and the play-outs under them (about two
    thirds of a cold ``saint-poker play`` of base players)."""
    kind = params[p, KIND]
    if lookahead is not None:
        if kind == ROLLOUT:
            return _rollout_choice(st, p, params[p], weights, rng)
        if kind == SEARCH:
            return _search_choice(st, p, params[p], weights, rng)
    out = np.empty(2, np.int64)
    if st[E.PHASE] == E.RIVER:
        out[0] = _base_river(st, p, kind, weights, rng)
        out[1] = out[0]
    elif st[E.PHASE] == E.REVEAL:
        out[0], out[1] = _base_pair(st, p, kind, weights, rng)
    else:
        out[0] = _base_draft(st, p, kind, weights, rng)
        out[1] = out[0]
    return out


@kernel
def _step(st, params, weights, deal_rng, rngs, me, forced, lookahead):
    """One phase step, each player by his policy; ``me`` plays ``forced`` (a legal choice
    row) when ``me`` >= 0 (``lookahead``: see :func:`_policy_choice`)."""
    n = st[E.PLAYERS]
    phase = st[E.PHASE]
    if phase == E.DRAFT:
        p = E._picker(st)
        card = forced[0] if p == me else _policy_choice(st, p, params, weights, rngs[p], lookahead)[0]
        E._pick(st, card, deal_rng)
        return
    rows = np.empty((n, 2), np.int64)
    for p in range(n):  # simultaneous: everyone chooses from the unchanged state
        copy_into(rows[p], forced if p == me else _policy_choice(st, p, params, weights, rngs[p], lookahead))
    if phase == E.RIVER:
        E._play_river(st, rows[:, 0].copy())
    else:
        E._play_reveal(st, rows)
        if st[E.PHASE] == E.DRAFT:
            E._begin_draft(st, deal_rng)


@kernel
def _play_game(st, n, random_priority, params, weights, deal_rng, rngs, lookahead, snake=0, future_hidden=0):
    """A whole game; the scores and per-round points are left in ``st``. Options: the
    draft's youngest drawn at random (S-5), a snake draft (S-10), a face-down future
    river (S-1); ``lookahead``: see :func:`_policy_choice`."""
    E._start_game(st, n, random_priority, deal_rng)
    st[E.SNAKE], st[E.FUTURE_HIDDEN] = snake, future_hidden
    none = np.zeros(2, np.int64)
    while st[E.PHASE] != E.OVER:
        _step(st, params, weights, deal_rng, rngs, np.int64(-1), none, lookahead)


@kernel
def _sample_choices_played(st, me, choices, params, weights, rng, trials, tallies):
    """Add to ``tallies`` (:data:`.rollout.CHOICE_TALLY` per choice) the outcomes of ``me``'s
    choices over ``trials`` deals of what he has not seen, every player after the choice by
    his policy ``params``; all choices of a deal share it and its random streams. Called with a
    rollout or search player among ``params`` only, so its steps hold their code (``LOOKAHEAD``)."""
    base = np.empty_like(st)
    work = np.empty_like(st)
    seed = np.empty(4, np.uint64)
    deal = np.empty(4, np.uint64)
    none = np.zeros(2, np.int64)
    now = st[E.ROUND] + (1 if st[E.PHASE] == E.DRAFT else 0)
    for _ in range(trials):
        E._resample_hidden(st, base, me, rng)
        for i in range(4):
            seed[i] = next_u64(rng)
        for c in range(choices.shape[0]):
            copy_into(work, base)
            copy_into(deal, seed)
            rngs = _seat_streams(deal, st[E.PLAYERS])
            _step(work, params, weights, deal, rngs, me, choices[c], LOOKAHEAD)
            while work[E.PHASE] != E.OVER:
                _step(work, params, weights, deal, rngs, np.int64(-1), none, LOOKAHEAD)
            _add_outcome(work, me, now, base[E.SCORE + me], tallies[c])
