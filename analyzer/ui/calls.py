"""What each endpoint of the page asks the public Python API (``pa.*``), and the JSON it answers.

Every call of the API made by the server is here, so that a change of the API is met in one
module. Each function takes the request's JSON object, reads its fields with :func:`field`
(:class:`BadRequest` names a missing or mistyped field) and hands the values to the API as the
command line does: the API checks them and raises its own one-line errors
(:class:`~analyzer.cards.CardError`, :class:`~analyzer.ranges.RangeError`, ``ValueError``),
which the server returns as they are.

Every call is bounded in time: equity and Pai Gow splits are exact when the API's cost model
says that is quick, otherwise Monte Carlo stopped at :data:`MONTE_CARLO_SECONDS` (the answer
says which, with its trials and standard errors); the exact-only runs (every flop or turn, the
hits) are refused before they start when the API's cost model puts them beyond
:data:`EXACT_ONLY_SECONDS`, and stopped by their progress sink once they have run that long,
each with :class:`TooLong`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np

import analyzer as pa
from analyzer.sim.method import allow_exact

Answer = TypeVar("Answer")
Progress = Callable[[int, int | None], None]
"""A progress sink of the API: steps done and planned (None: not known)."""

MONTE_CARLO_SECONDS = 3.0
"""The time limit of a Monte Carlo run the page asks for (equity, Pai Gow splits)."""
EXACT_ONLY_SECONDS = 20.0
"""How long an exact-only run (every flop or turn, hits) may go before it is stopped."""
CURVE_POINTS = 201
"""Points of each player's sorted-equity curve over the boards of a street (0% to 100%)."""
MAX_PLAYERS = 10


class BadRequest(ValueError):
    """A request whose JSON lacks a field or has one of the wrong type; the message names it."""


class TooLong(Exception):
    """An exact-only run refused for its estimated time or stopped after
    :data:`EXACT_ONLY_SECONDS`; the message says which and what to do."""


ESTIMATE_REFUSAL = "exact enumeration is estimated at "
"""How the API's refusal of an enumeration estimated too long begins
(:func:`analyzer.sim.method.check_exact_cost`); its advice (``--yes``) is the command line's."""


def field(body: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    """``body[name]``, checked to be a ``kind`` (``str``, ``list``, ``float`` accepts integers
    too); ``default`` when it is absent or null, and :class:`BadRequest` when there is none.

    >>> field({"board": "Ah Kd 7c"}, "board", str)
    'Ah Kd 7c'
    >>> field({}, "dead", str, "")
    ''
    >>> field({"weight": "1"}, "weight", float)
    Traceback (most recent call last):
    ...
    analyzer.ui.calls.BadRequest: weight: expected a number, got "1"
    """
    value = body.get(name)
    if value is None:
        if default is None:
            raise BadRequest(f"{name}: missing")
        return default
    numeric = kind is float and isinstance(value, int | float) and not isinstance(value, bool)
    if not (numeric or (kind is not float and isinstance(value, kind))):
        expected = {str: "text", list: "a list", float: "a number"}[kind]
        shown = f'"{value}"' if isinstance(value, str) else repr(value)
        raise BadRequest(f"{name}: expected {expected}, got {shown[:60]}")
    return float(value) if numeric else value


def _texts(body: dict[str, Any], name: str) -> list[str]:
    """``body[name]``: a list of 1 to :data:`MAX_PLAYERS` texts."""
    """``body[name]``: a list of 1 to :data:`MAX_PLAYERS` texts, none blank (the player it
    would be is named).

    >>> _texts({"hands": ["AsKs", " "]}, "hands")
    Traceback (most recent call last):
    ...
    analyzer.ui.calls.BadRequest: hands: player 2 has no hand or range
    """
    values = field(body, name, list)
    if not 1 <= len(values) <= MAX_PLAYERS or not all(isinstance(v, str) for v in values):
        raise BadRequest(f"{name}: expected a list of 1 to {MAX_PLAYERS} texts")
    for number, value in enumerate(values, 1):
        if not value.strip():
            raise BadRequest(f"{name}: player {number} has no hand or range")
    return values


def _exact_only(what: str, run: Callable[[Progress], Answer]) -> Answer:
    """``run(progress)``: an exact-only run of the API, bounded twice by
    :data:`EXACT_ONLY_SECONDS`: refused before it starts when the API's cost model estimates it
    longer, and stopped by ``progress`` once it has gone that long, each with :class:`TooLong`
    naming ``what``."""
    advice = "narrower ranges answer sooner, and the command line runs as long as it takes"
    start = time.monotonic()

    def progress(done: int, planned: int | None) -> None:
        if time.monotonic() - start > EXACT_ONLY_SECONDS:
            share = f" at {done:,} of {planned:,} steps" if planned else ""
            raise TooLong(f"{what} stopped after {EXACT_ONLY_SECONDS:g} s{share}: {advice}")

    with allow_exact(EXACT_ONLY_SECONDS):
        try:
            return run(progress)
        except ValueError as err:
            if not str(err).startswith(ESTIMATE_REFUSAL):
                raise
            estimate = str(err).removeprefix(ESTIMATE_REFUSAL).partition(" (")[0]
            raise TooLong(
                f"{what} is estimated at {estimate}, more than this page's {EXACT_ONLY_SECONDS:g} s: {advice}"
            ) from None


def meta() -> dict[str, Any]:
    """What the page draws before any query: the 13 x 13 chart's class names (row by row, A
    first, suited above the diagonal) and the House Ways."""
    return {
        "grid": [[pa.ranges.class_at(row, col) for col in range(13)] for row in range(13)],
        "ways": ["foxwoods", "trump-plaza", "improved"],
    }


def hand_range(body: dict[str, Any]) -> dict[str, Any]:
    """A range as the page shows it: ``text`` parsed, then ``edits`` (``{"class": "AKs",
    "weight": 0.5}``, weight 0 to remove the class) applied, each class's combos replaced by
    the whole class at the weight of its last edit (classes share no combo, so the order of
    different classes does not matter, and the work is two parses however many edits there
    are). Answers the canonical text (what the text box shows after a grid edit), the 13 x 13
    grid of weights, the combo counts, and ``empty`` for a range with no combo (an empty text,
    or every class removed).

    >>> state = hand_range({"text": "QQ+", "edits": [{"class": "AKs", "weight": 1}, {"class": "AA", "weight": 0}]})
    >>> state["text"], state["combos"], state["grid"][0][1]
    ('KK-QQ, AKs', 16, 1.0)
    """
    text = field(body, "text", str, "")
    current = pa.ranges.parse(text) if text.strip() else None
    current = _with_classes(current, _last_weights(field(body, "edits", list, [])))
    if current is None:
        return {
            "text": "",
            "empty": True,
            "combos": 0,
            "weighted": 0.0,
            "share": 0.0,
            "grid": np.zeros((13, 13)).tolist(),
        }
    summary = current.to_dict()
    return {
        "text": summary["canonical"],
        "empty": False,
        "combos": summary["combo_count"],
        "weighted": summary["weighted_count"],
        "share": summary["share"],
        "grid": summary["grid"],
    }


def _last_weights(edits: list[Any]) -> dict[str, float]:
    """Each edited class's weight in its last edit, the edits checked.

    >>> _last_weights([{"class": "AKs", "weight": 1}, {"class": "QQ", "weight": 0.5}, {"class": "AKs", "weight": 0}])
    {'AKs': 0.0, 'QQ': 0.5}
    """
    weights: dict[str, float] = {}
    for edit in edits:
        if not isinstance(edit, dict):
            raise BadRequest("edits: expected objects such as {'class': 'AKs', 'weight': 0.5}")
        name, weight = field(edit, "class", str), field(edit, "weight", float)
        if name not in pa.ranges.HAND_CLASSES:
            raise BadRequest(f"edits: unknown hand class {name!r}: expected one of the 169, e.g. AA, AKs, T9o")
        if not 0 <= weight <= 1:
            raise BadRequest(f"edits: weight {weight!r} of {name} is not between 0 and 1")
        weights[name] = weight
    return weights


def _with_classes(current: Any, weights: dict[str, float]) -> Any:
    """``current`` (a Range, or None for none) with each class of ``weights`` whole at its
    weight (0: removed); None when no combo is left."""
    if not weights:
        return current
    if current is not None:
        try:
            current = current - pa.ranges.parse(", ".join(weights))
        except pa.ranges.EmptyRangeError:  # the edited classes were all of it
            current = None
    kept = ", ".join(f"{name}:{weight!r}" for name, weight in weights.items() if weight > 0)
    if not kept:
        return current
    added = pa.ranges.parse(kept)
    return added if current is None else current | added


def equity(body: dict[str, Any]) -> dict[str, Any]:
    """Every player's equity (``hands``: a hand or range each, ``board``, ``dead``), with the
    per-combo and per-class breakdown: exact when the API estimates that within
    :data:`MONTE_CARLO_SECONDS`, else Monte Carlo stopped at that time. The result's own
    ``to_dict()``, the seed as text."""
    result = pa.holdem.equity(
        _texts(body, "hands"),
        field(body, "board", str, "") or None,
        field(body, "dead", str, "") or None,
        time_limit=MONTE_CARLO_SECONDS,
        breakdown=True,
    )
    return _seed_as_text(result.to_dict())


def _seed_as_text(answer: dict[str, Any]) -> dict[str, Any]:
    """``answer`` with its Monte Carlo ``seed`` as text: a 64-bit seed is more than a number of
    JavaScript holds exactly, and the page shows it so that the run can be repeated.

    >>> _seed_as_text({"seed": 2**63 - 1}), _seed_as_text({"seed": None})
    ({'seed': '9223372036854775807'}, {'seed': None})
    """
    seed = answer.get("seed")
    return {**answer, "seed": None if seed is None else str(seed)}


def streets(body: dict[str, Any]) -> dict[str, Any]:
    """Every player's exact equity over every flop (no ``board``) or every turn (a flop): the
    run's facts, the players' equities before the street, player 1's distribution, and each
    player's equity sorted best first against the share of boards, weighted
    (:data:`CURVE_POINTS` points; Equilab's equity graph)."""
    hands = _texts(body, "hands")
    board = field(body, "board", str, "")
    dead = field(body, "dead", str, "") or None
    if not board.strip():
        result = _exact_only("every flop", lambda progress: pa.holdem.flops(hands, dead, progress=progress))
    else:
        result = _exact_only("every turn", lambda progress: pa.holdem.turns(hands, board, dead, progress=progress))
    summary = result.to_dict()
    return {
        "street": result.street,
        "boards": len(result.cards),
        "run": {key: summary[key] for key in ("method", "trials", "elapsed_seconds")},
        "players": [{"hand": p.hand, "equity": p.equity, "win": p.win, "tie": p.tie} for p in result.players],
        "distribution": result.distribution().to_dict(),
        "curves": [_sorted_curve(result.equity[:, i], result.weights) for i in range(len(result.players))],
    }


def _sorted_curve(equity: np.ndarray, weights: np.ndarray) -> list[float]:
    """The equity at each of :data:`CURVE_POINTS` shares of the boards, boards sorted best first,
    each counted by its weight.

    >>> _sorted_curve(np.array([0.2, 0.9]), np.array([3.0, 1.0]))[::50]
    [0.9, 0.9, 0.2, 0.2, 0.2]
    """
    order = np.argsort(-equity, kind="stable")
    cumulative = np.cumsum(weights[order]) / weights.sum()
    shares = np.linspace(0.0, 1.0, CURVE_POINTS)
    rows = np.minimum(np.searchsorted(cumulative, shares, side="left"), len(order) - 1)
    return equity[order][rows].tolist()


def hits(body: dict[str, Any]) -> dict[str, Any]:
    """What ``range`` makes and draws to on ``board`` (a flop or a turn; every flop when empty),
    ``dead`` cards out: the result's own ``to_dict()``; with ``filter`` (a list of one or more
    row names), only ``{"filtered": ...}``, the canonical text of the range of the combos
    making any of those rows (Flopzilla's filter).

    >>> hits({"range": "QQ+, AKs", "board": "Kh 7d 2c", "filter": ["Set", "Overpair"]})
    {'filtered': 'AA, KsKd, KsKc, KdKc'}
    """
    hand_range = field(body, "range", str)
    board, dead = field(body, "board", str, "") or None, field(body, "dead", str, "") or None
    rows = None if body.get("filter") is None else field(body, "filter", list)
    if rows is not None and (not rows or not all(isinstance(row, str) for row in rows)):
        raise BadRequest("filter: expected a list of one or more row names, such as Set")
    what = "the hits on the board" if board else "the hits on every flop"
    result = _exact_only(what, lambda progress: pa.holdem.hits(hand_range, board, dead, progress=progress))
    return result.to_dict() if rows is None else {"filtered": result.filter(*rows).canonical()}


def paigow_split(body: dict[str, Any]) -> dict[str, Any]:
    """Every split of seven cards (``hand``) against a dealer setting by ``way``: exact when the
    API estimates that within :data:`MONTE_CARLO_SECONDS`, else Monte Carlo stopped at that
    time (the API's ``choice`` says why). The result's own ``to_dict()`` (the seed as text),
    and the House Way's setting of the hand."""
    hand, way = field(body, "hand", str), field(body, "way", str, "foxwoods")
    result = pa.paigow.split(hand, way=way, time_limit=MONTE_CARLO_SECONDS)
    setting = pa.paigow.house_way(hand, way=way)
    return {**_seed_as_text(result.to_dict()), "house_way": setting.to_dict()}
