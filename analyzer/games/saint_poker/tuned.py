"""The Saint Poker greedy and save policies' weight vectors: layout, hand-set values, tuned ones.

Greedy and save (:mod:`.policies`) rest on a handful of numbers; each is one entry of a
float64 vector of :data:`N_PARAMS` entries, which the kernels read per policy kind (one row
of the table :func:`policy_weights` per kind):

* the :func:`.policies._hand_strength` weights, which score a hand for the rounds to come
  (the draft for both policies, and save's choice of what to give up): ``pair``, ``trips``
  and ``quads`` (per group of 2, 3 or 4 cards of one rank), ``suit`` (per card of the longest
  suit beyond 2), ``run`` (per card of the longest run of ranks beyond 2, the ace also low)
  and ``rank`` (``rank x r / 12`` per card of rank ``r``, 2 = 0 .. ace = 12);
* ``bar_1`` .. ``bar_8`` (:data:`BAR`): the hand category (0 = high card .. 8 = straight
  flush) below which the policy keeps its strong cards at round ``r``'s reveal and shows the
  pair it misses least (by strength) instead of its best pair.

The ``greedy`` kind plays :data:`GREEDY_HAND_SET` (every bar 0: it always shows its best
pair) and the ``save`` kind :data:`SAVE_HAND_SET` (bars a straight in rounds 1-2, three of a
kind in 3-4, two pair in 5-6, none in 7-8). Their river cards differ by kind, not by weights:
greedy's leaves the best expected hand this round, save's is the card it misses least.
``tuned`` and ``tuned-save`` play the same rules as greedy and save with the vectors of
:data:`TUNED_FILE`, the vectors the ``saint_poker.tuning`` study found
(:mod:`analyzer.studies.saint_poker_tuning`).

Multiplying the six strength weights by one positive factor changes no choice (they are only
compared with each other), so a tuner holds ``pair`` fixed (:data:`GAUGE`).

>>> len(GREEDY_HAND_SET) == len(SAVE_HAND_SET) == len(PARAM_NAMES) == N_PARAMS
True
>>> PARAM_NAMES[BAR], float(SAVE_HAND_SET[BAR]), float(GREEDY_HAND_SET[BAR])
('bar_1', 5.0, 0.0)
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np

from analyzer.sim.tuning import finite_vector

PAIR, TRIPS, QUADS, SUIT, RUN, RANK = range(6)
BAR = 6  # bar_1 .. bar_8
ROUNDS = 8
N_PARAMS = BAR + ROUNDS
PARAM_NAMES = ("pair", "trips", "quads", "suit", "run", "rank", *(f"bar_{r}" for r in range(1, ROUNDS + 1)))
GAUGE = (PAIR,)
"""Entries a tuner holds fixed: ``pair`` (scaling every strength weight changes no choice)."""

_STRENGTH = [2.0, 5.0, 9.0, 1.5, 1.2, 0.3]
GREEDY_HAND_SET = np.array(_STRENGTH + [0.0] * ROUNDS)
SAVE_HAND_SET = np.array(_STRENGTH + [5.0, 5.0, 4.0, 4.0, 3.0, 3.0, 0.0, 0.0])
GREEDY_HAND_SET.setflags(write=False)
SAVE_HAND_SET.setflags(write=False)

TUNED_FILE = Path(__file__).with_name("tuned_weights.json")
"""The tuned vectors (``tuned`` and ``tuned-save``): read only at run time, a copy of the
``tuned_weights.json`` document the ``saint_poker.tuning`` study writes in its result folder
(``results/saint_poker/tuning/``), copied by the developer command ``python -m
analyzer.studies.refresh_tuned``."""
TUNED_VERSION = 1
TUNED_NAMES = ("tuned", "tuned-save")


def check_vector(vector: np.ndarray | list[float], what: str = "Saint Poker weight vector") -> np.ndarray:
    """``vector`` as a float64 array of :data:`N_PARAMS` finite entries, or a ValueError naming
    ``what`` is wrong.

    >>> check_vector([1.0] * 3)
    Traceback (most recent call last):
    ValueError: Saint Poker weight vector: expected 14 entries, got 3
    """
    return finite_vector(vector, N_PARAMS, what)


def tuned_data(vectors: dict[str, np.ndarray], about: str) -> dict:
    """The content of :data:`TUNED_FILE`: the version stamp, ``about`` (where it comes from)
    and each of :data:`TUNED_NAMES`' entries by name."""
    return {
        "version": TUNED_VERSION,
        "about": about,
        **{name: {k: float(v) for k, v in zip(PARAM_NAMES, check_vector(vectors[name]))} for name in TUNED_NAMES},
    }


def vectors_from_data(data: dict, source: str) -> dict[str, np.ndarray]:
    """The vectors held by a :func:`tuned_data` dictionary read from ``source``; a ValueError
    when its version or its entries are not what this code reads."""
    if data.get("version") != TUNED_VERSION:
        raise ValueError(f"{source} is version {data.get('version')}, this code reads version {TUNED_VERSION}")
    out = {}
    for name in TUNED_NAMES:
        params = data.get(name, {})
        if list(params) != list(PARAM_NAMES):
            raise ValueError(f"{source}: {name}: expected the entries {', '.join(PARAM_NAMES)}")
        out[name] = check_vector([params[k] for k in PARAM_NAMES], f"{source}: {name}")
    return out


@functools.cache
def tuned_vectors() -> dict[str, np.ndarray]:
    """The tuned vectors of :data:`TUNED_FILE`, by name (read-only).

    >>> sorted(tuned_vectors()), tuned_vectors()["tuned"].shape
    (['tuned', 'tuned-save'], (14,))
    """
    vectors = vectors_from_data(json.loads(TUNED_FILE.read_text()), TUNED_FILE.name)
    for v in vectors.values():
        v.setflags(write=False)
    return vectors
