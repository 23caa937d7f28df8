"""Saint Poker paired tournaments and the tuning of greedy's and save's weights by self-play.

:func:`paired_cell` plays every player of a list in every seat of ``n`` against greedy
opponents on the same deals (:func:`.tournament.paired_run`): each deal's cards,
draft tie-breaks and seat streams are drawn once and replayed for every player and seat
(common random numbers), so two players' win shares differ by their play, not their cards.

The objective of a candidate weight vector ``v`` (:mod:`.tuned`) for a kind (``tuned``:
greedy's rules, ``tuned-save``: save's) is its mean *margin* over hand-set greedy: for each
player count ``n`` = 2 .. 5, the candidate plays every seat of a fixed set of deals against
``n - 1`` hand-set greedy opponents, and its win share minus the fair share ``1 / n`` is
averaged over the deals; the objective is the mean of the four margins, its standard error
``sqrt(sum se_n^2) / 4`` (the counts' deals are independent). Every candidate is scored on
the *same* deals (seeds ``derive_seed(seed, n)``), so the objective is a deterministic
function of ``v`` and two candidates differ only by how they play. Hand-set greedy against
itself scores exactly 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from analyzer.games.saint_poker import tuned as W
from analyzer.games.saint_poker.policies import TUNED, TUNED_SAVE, policy_weights
from analyzer.games.saint_poker.tournament import paired_differences, paired_run, win_shares
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed

PLAYER_COUNTS = (2, 3, 4, 5)
TUNED_KINDS = {"tuned": TUNED, "tuned-save": TUNED_SAVE}
HAND_SET = {"tuned": W.GREEDY_HAND_SET, "tuned-save": W.SAVE_HAND_SET}


def paired_cell(
    n: int,
    names: Sequence[str],
    deals: int,
    seed: int,
    weights: np.ndarray | None = None,
    runner: Runner = Runner(),
) -> tuple[list[dict], list[dict]]:
    """One player count of a paired tournament (module docstring): the win share of every
    player of ``names`` and the paired difference of every two (first minus second), over
    ``deals`` deals of ``seed``, base policies reading ``weights`` (by default
    :func:`.policies.policy_weights`). A deal's cards and streams do not depend on the
    players, so a subset of ``names`` gets the same values for its players (the run:
    :func:`.tournament.paired_run`)."""
    run = paired_run(n, names, deals, seed, weights=weights, runner=runner.reporting(None))
    done = int(run.tallies[0])
    shares = [
        {"players": n, "policy": name, "deals": done, "games": done * n, "wins": wins, "wins_stderr": se}
        for name, (wins, se) in zip(names, win_shares(run, len(names), n))
    ]
    pairs = [
        {
            "players": n,
            "first": first,
            "second": second,
            "deals": done,
            "difference": mean,
            "stderr": se,
            "z": float("nan") if z is None else z,
        }
        for (first, second), (mean, se, z) in zip(combinations(names, 2), paired_differences(run, len(names), n))
    ]
    return shares, pairs


@dataclass(frozen=True)
class PairedScore:
    """A candidate's margin over hand-set greedy (module docstring): ``margin`` the mean over
    the player counts, ``stderr`` its standard error, ``by_players`` the (margin, s.e.) of
    each count, over ``deals`` deals per count."""

    margin: float
    stderr: float
    deals: int
    by_players: tuple[tuple[float, float], ...]


def paired_score(
    name: str,
    vector: np.ndarray,
    *,
    deals: int,
    seed: int,
    runner: Runner = Runner(),
) -> PairedScore:
    """The margin of ``vector`` played by the kind ``name`` (``tuned`` or ``tuned-save``)
    over hand-set greedy on ``deals`` deals per player count of ``seed`` (module docstring).

    Greedy's hand-set vector under greedy's rules scores exactly 0:

    >>> paired_score("tuned", W.GREEDY_HAND_SET, deals=4, seed=1).margin
    0.0
    """
    if name not in TUNED_KINDS:
        raise ValueError(f"unknown tuned player {name!r}: expected {' or '.join(TUNED_KINDS)}")
    vector = W.check_vector(vector)
    table = policy_weights(**{"tuned" if name == "tuned" else "tuned_save": vector})
    cells = []
    for n in PLAYER_COUNTS:
        (share,), _ = paired_cell(n, [name], deals, derive_seed(seed, n), table, runner)
        cells.append((float(share["wins"] - 1 / n), float(share["wins_stderr"])))
    margin = float(np.mean([m for m, _ in cells]))
    stderr = float(np.sqrt(sum(se * se for _, se in cells)) / len(cells))
    return PairedScore(margin, stderr, deals, tuple(cells))


def free_entries() -> tuple[int, ...]:
    """The entries a tuner moves: all but the :data:`~.tuned.GAUGE` ones."""
    return tuple(i for i in range(W.N_PARAMS) if i not in W.GAUGE)
