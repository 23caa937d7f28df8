"""The greedy placement policy's parameter vector: its layout, the hand-set values and the tuned ones.

Greedy (:mod:`.policies`) scores each side of a row by a *potential*: the made hand of its
cards so far (the common card included), plus what the open slots can still make, plus a
small top-card term; a row's chance is a logistic-like curve of the lead in potential. Every
number in that scoring is one entry of a float64 vector of :data:`N_PARAMS` entries, which
the kernels read per seat:

* ``made_<hand>`` (9 entries, :data:`MADE`): the score of the made hand, high card to
  straight flush (``made_high``, ``made_pair``, ``made_two_pair``, ``made_trips``,
  ``made_straight``, ``made_flush``, ``made_full_house``, ``made_quads``,
  ``made_straight_flush``). Before a side has five cards only high card to trips and
  quads can be made; straights, flushes, full houses and straight flushes count at five.
* ``flush_<n>`` (4, :data:`FLUSH`): added while all ``n`` = 1 .. 4 cards of the side are
  one suit.
* ``straight_<n>`` (4, :data:`STRAIGHT`): added while the ``n`` = 1 .. 4 cards are of
  distinct ranks within a 5-rank window (the wheel A-2-3-4-5 included).
* ``group_<k>`` (3, :data:`GROUP`): added when the side holds a pair or better and ``k`` =
  1 .. 3 slots are open (a pair needs two cards, so four open slots never have one).
* ``contest_scale`` (:data:`CONTEST_SCALE`): the lead in potential at which a row's chance
  is 3/4 (``0.5 + 0.5 x / (1 + |x|)`` with ``x = lead / contest_scale``).
* ``high_card`` (:data:`HIGH_CARD`): per rank of the side's top card (2 = 0 .. ace = 12).

The ``greedy`` policy plays :data:`HAND_SET`, the values set by hand. The ``tuned`` policy
plays :func:`tuned_vector`, read from :data:`TUNED_FILE`, the vector the ``head_to_head.tuning``
study found (:mod:`analyzer.studies.head_to_head_tuning`).

Greedy's choices do not change when a constant is added to every made-hand score (it
cancels in every lead) or when every entry is multiplied by one positive factor (``x`` is
unchanged): :data:`GAUGE` names the entries a tuner therefore holds fixed.

>>> len(HAND_SET) == len(PARAM_NAMES) == N_PARAMS
True
>>> PARAM_NAMES[CONTEST_SCALE], float(HAND_SET[CONTEST_SCALE])
('contest_scale', 2.0)
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

import numpy as np

MADE_HANDS = (
    "high",
    "pair",
    "two_pair",
    "trips",
    "straight",
    "flush",
    "full_house",
    "quads",
    "straight_flush",
)
MADE, FLUSH, STRAIGHT, GROUP = 0, 9, 13, 17  # first entry of each block
CONTEST_SCALE, HIGH_CARD = 20, 21
N_PARAMS = 22
PARAM_NAMES = (
    *(f"made_{hand}" for hand in MADE_HANDS),
    *(f"flush_{n}" for n in range(1, 5)),
    *(f"straight_{n}" for n in range(1, 5)),
    *(f"group_{k}" for k in range(1, 4)),
    "contest_scale",
    "high_card",
)
GAUGE = (MADE, CONTEST_SCALE)
"""Entries a tuner holds fixed: ``made_high`` (adding a constant to every made score changes no
lead) and ``contest_scale`` (multiplying every entry by one factor changes no choice)."""

HAND_SET = np.array(
    [0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]  # made: high .. straight flush
    + [0.3, 0.8, 1.6, 3.0]  # flush, 1 .. 4 cards of one suit
    + [0.25, 0.6, 1.2, 2.2]  # straight, 1 .. 4 distinct cards within 5 ranks
    + [0.35, 0.6, 0.8]  # group, a pair or better with 1 .. 3 open slots
    + [2.0, 0.04]  # contest scale, per rank of the top card
)
HAND_SET.setflags(write=False)

TUNED_FILE = Path(__file__).with_name("tuned_greedy.json")
"""The tuned vector: read only at run time, a copy of the ``tuned_greedy.json`` document the
``head_to_head.tuning`` study writes in its result folder (``results/head_to_head/tuning/``),
copied by the developer command ``python -m analyzer.studies.refresh_tuned``."""
TUNED_VERSION = 1


def check_vector(vector: np.ndarray | list[float], what: str = "greedy parameter vector") -> np.ndarray:
    """``vector`` as a float64 array of :data:`N_PARAMS` finite entries with a positive
    ``contest_scale``, or a ValueError naming ``what`` is wrong.

    >>> check_vector([1.0] * 3)
    Traceback (most recent call last):
    ValueError: greedy parameter vector: expected 22 entries, got 3
    """
    try:
        array = np.array(vector, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(f"{what}: every entry must be a number") from None
    if array.shape != (N_PARAMS,):
        raise ValueError(f"{what}: expected {N_PARAMS} entries, got {array.size}")
    if not np.isfinite(array).all():
        raise ValueError(f"{what}: every entry must be finite")
    if array[CONTEST_SCALE] <= 0:
        raise ValueError(f"{what}: contest_scale must be positive, got {array[CONTEST_SCALE]}")
    return array


def tuned_data(vector: np.ndarray, about: str) -> dict:
    """The content of :data:`TUNED_FILE` for ``vector``: the version stamp, ``about`` (where
    it comes from) and the entries by name."""
    return {
        "version": TUNED_VERSION,
        "about": about,
        "params": {name: float(v) for name, v in zip(PARAM_NAMES, check_vector(vector))},
    }


def vector_from_data(data: dict, source: str) -> np.ndarray:
    """The vector held by a :func:`tuned_data` dictionary read from ``source``; a ValueError
    when its version or its entries are not what this code reads."""
    if data.get("version") != TUNED_VERSION:
        raise ValueError(f"{source} is version {data.get('version')}, this code reads version {TUNED_VERSION}")
    params = data.get("params", {})
    if list(params) != list(PARAM_NAMES):
        raise ValueError(f"{source}: expected the entries {', '.join(PARAM_NAMES)}")
    return check_vector([params[name] for name in PARAM_NAMES], source)


@functools.cache
def tuned_vector() -> np.ndarray:
    """The tuned vector of :data:`TUNED_FILE` (read-only).

    >>> tuned_vector().shape
    (22,)
    """
    vector = vector_from_data(json.loads(TUNED_FILE.read_text()), TUNED_FILE.name)
    vector.setflags(write=False)
    return vector
