"""What a Head to Head placement player costs: CPU seconds per move, one core (rules §2.3-2.5).

The positions come from real play: a round of 3, 4 or 5 rows (as in the game's three rounds),
its type rolled on the die (§2.4, a 6 making it Crazy) or fixed, played by tuned players for
both seats up to a uniformly drawn placement (:func:`.study_kernels._reach_point`). Each player
chooses a move at every position with its own seeded stream; the timing, interleaved passes on
one core, is :func:`analyzer.games._move_cost.interleaved_costs` (a move's cost includes
everything the player does: samples, play-outs, tree). :func:`think_budget` turns a thinking time a move into
a player's budget from these costs (:func:`analyzer.games._move_cost.fitted_budget`).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from analyzer.games._lookahead import LOOKAHEAD
from analyzer.games._move_cost import MoveCost, ThinkBudget, fitted_budget, interleaved_costs
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.play import ROLL, parse_policy, parse_round_type, seat_policies
from analyzer.games.head_to_head.policies import TUNED
from analyzer.games.head_to_head.rollout import _policy_move, _round_type
from analyzer.games.head_to_head.study_kernels import _reach_point
from analyzer.games.head_to_head.tuned import tuned_vector
from analyzer.jit import kernel
from analyzer.sim.rng import below
from analyzer.sim.seeds import chunk_state, derive_seed

MAX_POSITIONS = 100_000
THINK_POSITIONS = 30
"""Positions a player is timed over to set its budget from a thinking time (:func:`think_budget`)."""


@kernel
def _sample_positions(kind, crazy, w, rng, out):
    """Fill each row of ``out`` with a position from tuned play (module docstring): rows 3 to
    5, the type ``kind`` (Crazy if ``crazy``) or rolled on the die if ``kind`` is 0, prepared
    for the placement drawn uniformly."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    three = np.int64(3)
    for i in range(out.shape[0]):
        rows = 3 + below(rng, three)
        round_kind, round_crazy = _round_type(kind, crazy, rng)
        _reach_point(st, round_kind, round_crazy, rows, TUNED, w, rng)
        out[i] = st


def sample_positions(count: int, seed: int, round_type: str = ROLL, crazy: bool = False) -> np.ndarray:
    """``count`` positions from tuned play (module docstring), one state a row, from ``seed``:
    rounds of ``round_type`` (a name of :func:`.play.parse_round_type`; rolled on the die by
    default), Crazy if ``crazy``.

    >>> positions = sample_positions(3, seed=1)
    >>> positions.shape == (3, E.STATE_SIZE), bool((positions == sample_positions(3, seed=1)).all())
    (True, True)
    """
    if not 1 <= count <= MAX_POSITIONS:
        raise ValueError(f"positions must be 1 to {MAX_POSITIONS:,}, got {count}")
    kind = parse_round_type(round_type, crazy)
    out = np.zeros((count, E.STATE_SIZE), np.int64)
    _sample_positions(kind, int(crazy), tuned_vector(), chunk_state(seed, 0), out)
    return out


def move_costs(
    players: Sequence[str],
    *,
    positions: int = 200,
    repeats: int = 3,
    seed: int = 1,
    round_type: str = ROLL,
    crazy: bool = False,
) -> list[MoveCost]:
    """Each placement player's CPU per move, one core, over the same ``positions`` positions
    (module docstring), in ``repeats`` interleaved passes.

    Parameters
    ----------
    players
        Placement policy names (:func:`.play.parse_policy`), each timed with its own stream.
    positions
        Positions from tuned play, the same for every player (from ``seed``).
    repeats
        Timed passes a player; the median is reported. One untimed move first compiles the
        player's code, so no pass pays for compiling.
    seed
        The positions' seed, and through it every player's stream.
    round_type, crazy
        The positions' rounds (:func:`sample_positions`): rolled on the die by default.
    """
    states = sample_positions(positions, derive_seed(seed, 0), round_type, crazy)

    def mover(name: str, k: int):
        params, vectors = seat_policies(name, name)
        rngs = np.stack([chunk_state(derive_seed(seed, 1, k), s) for s in range(2)])
        return lambda i: _policy_move(states[i].copy(), params, vectors, rngs, LOOKAHEAD)

    return interleaved_costs(players, [mover(name, k) for k, name in enumerate(players)], positions, repeats)


def think_budget(
    policy: str, think_ms: float, *, round_type: str = ROLL, crazy: bool = False, seed: int = 1
) -> ThinkBudget:
    """The budget of the placement player ``policy`` (``rollout``, ``search``, ``ismcts`` or
    ``ismcts-pure``, any budget and base) that costs ``think_ms`` CPU milliseconds a move on
    average on this machine, one core: the player timed at two budgets over
    :data:`THINK_POSITIONS` positions of rounds like the game's (``round_type``, ``crazy``:
    :func:`sample_positions`), three interleaved passes each (:func:`move_costs`), and the line
    through the two solved for ``think_ms`` (:func:`analyzer.games._move_cost.fitted_budget`)."""
    return fitted_budget(
        policy,
        think_ms,
        lambda spec: int(parse_policy(spec)[1]),
        lambda specs: [
            cost.ms_per_move
            for cost in move_costs(specs, positions=THINK_POSITIONS, seed=seed, round_type=round_type, crazy=crazy)
        ],
    )
