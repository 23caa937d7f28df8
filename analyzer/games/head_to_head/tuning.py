"""Tuning greedy's parameter vector by self-play with common random numbers.

The objective of a candidate vector ``v`` (:mod:`.tuned`) is its mean paired margin
against the hand-set greedy over a fixed set of deals: deal ``g`` is played twice, ``v`` in
seat 0 and then in seat 1, on the same deal stream (round types, common cards and every
card drawn), and the pair scores ``d_g = (m_first + m_second) / 2``, each ``m`` the
candidate's chips minus greedy's in that game (of $2,400). Every candidate is scored on the
*same* deals (common random numbers), so two candidates' scores differ only by how they
play, not by the luck of the cards, and the objective is a deterministic function of ``v``.
Greedy placement draws no random numbers, so the deal stream fixes the games.

Deals come in blocks of :data:`BLOCK` from ``chunk_state(seed, block)``; each deal takes
its stream from four draws of its block's generator, so deal ``g`` is the same whatever
else is evaluated, and the blocks are independent tasks. They are the paired deals of a
round robin (:mod:`.tournament`) of the same seed: the objective is the tuned player's
margin over greedy there.

The optimiser is a coordinate (compass) search with shrinking steps,
:func:`~analyzer.sim.tuning.coordinate_search`: the objective is piecewise constant in ``v`` (a small change
alters no move), so gradients do not exist; a handful of parameters (20 free entries) and
costly evaluations suit a search that changes one entry at a time, accepts any strict gain,
and halves the steps when a whole sweep gains nothing. It is deterministic, needs no
tuning of its own beyond the first step, and every point it visits is a record of the path.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.policies import GREEDY, TUNED
from analyzer.games.head_to_head.tournament import BLOCK, paired_deals
from analyzer.games.head_to_head.tuned import GAUGE, HAND_SET, N_PARAMS, check_vector
from analyzer.sim.engine import mean_and_se
from analyzer.sim.runner import Runner

PAIR_TALLY = 3  # deals, sum of d, sum of d^2 (d in $, doubled so that it is an integer)


_GREEDY = (np.array([GREEDY, 0, 0], np.int64), HAND_SET, None)
_GAME = (0, 0, (E.BATCH_ALTERNATE, E.TIEBREAK_STANDARD), None)  # rolled round types, standard rules


def _block(vector: np.ndarray, seed: int, block: int, deals: int) -> np.ndarray:
    """The ``PAIR_TALLY`` of block ``block``: the tuned kind under ``vector`` against hand-set
    greedy on the tournament's paired deals (:func:`.tournament.paired_deals`)."""
    twice, _ = paired_deals((np.array([TUNED, 0, 0], np.int64), vector, None), _GREEDY, _GAME, seed, block, deals)
    return np.array([deals, twice.sum(), (twice * twice).sum()], np.int64)


@dataclass(frozen=True)
class PairedScore:
    """A candidate's paired margin over hand-set greedy: the mean ``d`` in $ per game, its
    standard error over the ``deals`` paired deals (each played in both seatings)."""

    margin: float
    stderr: float
    deals: int


def paired_score(
    vector: np.ndarray,
    *,
    deals: int,
    seed: int,
    runner: Runner = Runner(),
) -> PairedScore:
    """The paired margin of ``vector`` (played by the tuned kind) over hand-set greedy on the
    first ``deals`` deals of ``seed`` (module docstring).

    The hand-set vector against itself scores exactly 0 on any deals:

    >>> paired_score(HAND_SET, deals=20, seed=1)
    PairedScore(margin=0.0, stderr=0.0, deals=20)
    """
    vector = np.ascontiguousarray(check_vector(vector))
    tasks = [(vector, seed, b, min(BLOCK, deals - b * BLOCK)) for b in range(-(-deals // BLOCK))]
    t = sum(runner.reporting(None).tasks(_block, tasks))
    mean, se = mean_and_se(t[1], t[2], int(t[0]))
    return PairedScore(float(mean) / 2, float(se) / 2, int(t[0]))


def free_entries() -> tuple[int, ...]:
    """The entries a tuner moves: all but the :data:`~.tuned.GAUGE` ones."""
    return tuple(i for i in range(N_PARAMS) if i not in GAUGE)
