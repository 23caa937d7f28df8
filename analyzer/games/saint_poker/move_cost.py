"""What a Saint Poker player's choice costs: CPU seconds per move, one core (rules §3.3).

The positions come from real play: a game of ``n`` players played by greedy players up to a
decision drawn uniformly among the game's kinds of decision (a round from 1 to 8, then the
river card, the pair or a pick of the draft, which round 8 does not have;
:func:`.study_kernels._reach_decision`), skipping decisions with a single legal choice. A
search player's move costs most early in the game, where its play-outs run to round 8 from
far away, so the positions are spread over the rounds as a game's decisions are. Each player
chooses at every position with its own seeded stream; the timing, interleaved passes on one
core, is :func:`analyzer.games._move_cost.interleaved_costs`. :func:`think_budget` turns a
thinking time a move into a player's budget from these costs
(:func:`analyzer.games._move_cost.fitted_budget`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analyzer.games._lookahead import LOOKAHEAD
from analyzer.games._move_cost import MoveCost, ThinkBudget, fitted_budget, interleaved_costs
from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.play import parse_policy
from analyzer.games.saint_poker.policies import GREEDY, _seat_streams, policy_weights
from analyzer.games.saint_poker.rollout import _legal_choices
from analyzer.games.saint_poker.study_kernels import _reach_decision
from analyzer.games.saint_poker.table import _policy_choice
from analyzer.jit import kernel
from analyzer.sim.rng import below
from analyzer.sim.seeds import chunk_state, derive_seed

MAX_POSITIONS = 100_000
THINK_POSITIONS = 24
"""Positions a player is timed over to set its budget from a thinking time (:func:`think_budget`)."""


@kernel
def _sample_positions(n, weights, rng, out, deciders):
    """Fill each row of ``out`` with a position of greedy play (module docstring) and
    ``deciders`` with the seat that decides there."""
    kinds = np.full(E.MAX_PLAYERS, GREEDY)
    st = np.zeros(E.STATE_SIZE, np.int64)
    i = 0
    while i < out.shape[0]:
        round_ = 1 + below(rng, np.int64(E.ROUNDS))
        phase = below(rng, np.int64(3))  # E.RIVER, E.REVEAL, E.DRAFT
        if phase == E.DRAFT and round_ == E.ROUNDS:
            continue  # no draft after the last round (S-6)
        p = _reach_decision(st, n, phase, round_, kinds, weights, rng)
        if _legal_choices(st, p).shape[0] < 2:
            continue
        out[i] = st
        deciders[i] = p
        i += 1


def sample_positions(count: int, players: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``count`` positions of greedy play at a table of ``players`` (module docstring), from
    ``seed``: the states, one a row, and the seat deciding at each.

    >>> states, deciders = sample_positions(4, 3, seed=1)
    >>> states.shape == (4, E.STATE_SIZE), bool((states == sample_positions(4, 3, seed=1)[0]).all())
    (True, True)
    """
    if not 1 <= count <= MAX_POSITIONS:
        raise ValueError(f"positions must be 1 to {MAX_POSITIONS:,}, got {count}")
    if not 2 <= players <= E.MAX_PLAYERS:
        raise ValueError(f"Saint Poker has 2 to {E.MAX_PLAYERS} players, got {players}")
    states = np.zeros((count, E.STATE_SIZE), np.int64)
    deciders = np.zeros(count, np.int64)
    _sample_positions(players, policy_weights(), chunk_state(seed, 0), states, deciders)
    return states, deciders


def move_costs(
    players: Sequence[str], *, seats: int = 3, positions: int = 100, repeats: int = 3, seed: int = 1
) -> list[MoveCost]:
    """Each player's CPU per choice, one core, over the same ``positions`` positions of a table
    of ``seats`` (module docstring), in ``repeats`` interleaved passes (the median reported;
    one untimed choice first compiles the player's code).

    ``players`` are policy names (:func:`.play.parse_policy`), each timed with its own stream;
    ``seed`` gives the positions and, through it, every player's stream."""
    states, deciders = sample_positions(positions, seats, derive_seed(seed, 0))
    weights = policy_weights()

    def chooser(name: str, k: int):
        params = np.zeros((E.MAX_PLAYERS, 3), np.int64)
        params[:] = parse_policy(name)
        rng = _seat_streams(chunk_state(derive_seed(seed, 1, k), 0), 1)[0]
        return lambda i: _policy_choice(states[i].copy(), deciders[i], params, weights, rng, LOOKAHEAD)

    return interleaved_costs(players, [chooser(name, k) for k, name in enumerate(players)], positions, repeats)


def think_budget(policy: str, think_ms: float, *, seats: int = 3, seed: int = 1) -> ThinkBudget:
    """The budget of the player ``policy`` (``rollout`` or ``search``, any budget and base) that
    costs ``think_ms`` CPU milliseconds a choice on average over a game on this machine, one
    core, at a table of ``seats``: the player timed at two budgets over :data:`THINK_POSITIONS`
    positions (:func:`sample_positions`), three interleaved passes each (:func:`move_costs`),
    and the line through the two solved for ``think_ms``
    (:func:`analyzer.games._move_cost.fitted_budget`)."""
    return fitted_budget(
        policy,
        think_ms,
        lambda spec: int(parse_policy(spec)[1]),
        lambda specs: [
            cost.ms_per_move for cost in move_costs(specs, seats=seats, positions=THINK_POSITIONS, seed=seed)
        ],
    )
