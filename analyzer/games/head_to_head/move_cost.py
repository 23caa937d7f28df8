"""What a Head to Head placement player costs: CPU seconds per move, one core (rules §2.3-2.5).

A match between two players says which plays better; "at the same CPU per move or less" needs
the other half, measured on the same positions for every player. The positions come from real
play: a round of 3, 4 or 5 rows (as in the game's three rounds), its type rolled on the die
(§2.4, a 6 making it Crazy) or fixed, played by tuned players for both seats up to a uniformly
drawn placement (:func:`.study_kernels._reach_point`). Each player chooses a move at every position
with its own seeded stream; the clock is :func:`time.process_time` around the whole pass, so a
move's cost includes everything the player does (samples, play-outs, tree) and nothing else.

The passes are interleaved: every repeat times each player once, in an order that rotates, so a
change of the machine's load in the middle of the measurement falls on every player alike. The
cost reported is the median pass over the repeats, with the fastest and the slowest beside it.
Unlike the moves, the costs are measurements of this machine, not functions of the seed.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from analyzer.games._lookahead import LOOKAHEAD
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.play import ROLL, parse_round_type, seat_policies
from analyzer.games.head_to_head.policies import TUNED
from analyzer.games.head_to_head.rollout import _policy_move, _round_type
from analyzer.games.head_to_head.study_kernels import _reach_point
from analyzer.games.head_to_head.tuned import tuned_vector
from analyzer.jit import kernel
from analyzer.sim.rng import below
from analyzer.sim.seeds import chunk_state, derive_seed

MAX_POSITIONS = 100_000


@dataclass(frozen=True)
class MoveCost:
    """One player's CPU per move over the positions: ``ms_per_move`` the median pass of the
    ``repeats``, ``fastest_ms`` and ``slowest_ms`` the extreme passes, all per move."""

    player: str
    positions: int
    repeats: int
    ms_per_move: float
    fastest_ms: float
    slowest_ms: float


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
    kind = parse_round_type(round_type)
    if kind == 0 and crazy:
        raise ValueError("crazy needs a fixed round type; with a die roll a 6 makes a round Crazy")
    out = np.zeros((count, E.STATE_SIZE), np.int64)
    _sample_positions(kind, int(crazy), tuned_vector(), chunk_state(seed, 0), out)
    return out


def _one_pass(positions: np.ndarray, params: np.ndarray, vectors: np.ndarray, rngs: np.ndarray) -> float:
    """CPU seconds for one move of the player ``params`` (both seats) at every position."""
    start = time.process_time()
    for position in positions:
        _policy_move(position.copy(), params, vectors, rngs, LOOKAHEAD)
    return time.process_time() - start


def move_costs(
    players: list[str] | tuple[str, ...],
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
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    states = sample_positions(positions, derive_seed(seed, 0), round_type, crazy)
    seats = [seat_policies(p, p) for p in players]
    streams = [np.stack([chunk_state(derive_seed(seed, 1, k), s) for s in range(2)]) for k in range(len(players))]
    for (params, vectors), rngs in zip(seats, streams):
        _policy_move(states[0].copy(), params, vectors, rngs.copy(), LOOKAHEAD)  # compile, untimed
    passes = np.zeros((len(players), repeats))
    for r in range(repeats):
        for step in range(len(players)):
            k = (r + step) % len(players)
            params, vectors = seats[k]
            passes[k, r] = _one_pass(states, params, vectors, streams[k])
    per_move = 1000 * passes / positions
    return [
        MoveCost(name, positions, repeats, float(np.median(row)), float(row.min()), float(row.max()))
        for name, row in zip(players, per_move)
    ]
