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

A game of Head to Head Poker (:func:`play_new`, :func:`play_move`; the placement game or the
betting game) or of Saint Poker (:func:`saint_new`, :func:`saint_move`) played in the page is
kept in memory by a random id (:class:`Games`, a store for each game: a bounded number, each
ended after a time left alone), one move at a time; the values of each move are bounded by
:data:`ADVICE_SECONDS`.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import numpy as np

import analyzer as pa
from analyzer.cards import format_cards
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
    first, suited above the diagonal), the House Ways, the opponents and round types of a
    Head to Head game, the opponents and players of a game of Saint Poker, and the thinking
    times a game's opponents may be given."""
    return {
        "grid": [[pa.ranges.class_at(row, col) for col in range(13)] for row in range(13)],
        "ways": ["foxwoods", "trump-plaza", "improved"],
        "play": {
            "opponents": list(PLAY_OPPONENTS),
            "round_types": list(PLAY_ROUND_TYPES),
            "bet_policies": list(PLAY_BET_POLICIES),
        },
        "saint": {"opponents": list(SAINT_OPPONENTS), "players": list(SAINT_PLAYERS)},
        "think_ms": list(THINK_MS),
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


# ------------------------------------------------------------------ Head to Head, played

PLAY_OPPONENTS = ("ismcts", "search", "rollout", "tuned", "greedy", "random")
"""The opponents the page offers (the API's policies at their default budgets), strongest first."""
PLAY_ROUND_TYPES = ("roll", "draw1", "share2", "hold3", "play4", "open5")
PLAY_BET_POLICIES = ("threshold", "rollout", "never", "random")
"""The opponent's betting policies the page offers in the betting game (the API's defaults)."""
PLAY_GAMES = 64
"""The most games kept at once: a new one past it ends the one left alone longest."""
PLAY_IDLE_SECONDS = 2 * 3600.0
"""How long a game may go without a move before it is ended."""
ADVICE_SECONDS = 20.0
"""How long the values of a move may take before the move is refused (not played)."""
ADVICE_TRIALS = 2_000
"""The Monte Carlo play-outs behind each move's values where the round is not solved exactly
(as in the terminal game)."""
BET_ADVICE_TRIALS = 400
"""The play-outs of the rest of the round behind each decision's values in the betting game (as
in the terminal game)."""


class UnknownGame(LookupError):
    """A game id the server does not hold (never started, ended for its age, or pushed out by
    newer games); the server answers 404."""


class PlayedGame:
    """A game kept by the server (:func:`analyzer.api.head_to_head.human_game`,
    :func:`analyzer.api.saint_poker.human_game`): its lock (one move at a time), when it was last
    used, and the values of the position last asked about (kept when a move is refused for its
    time, so that asking again is quick)."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.lock = threading.Lock()
        self.used = time.monotonic()
        self.advice: tuple[str, Any, Any] | None = None  # (board text, the values, the strong choice)


class Games:
    """The games of one kind being played, by random id: at most :data:`PLAY_GAMES`, none idle
    for longer than :data:`PLAY_IDLE_SECONDS` (a store for each kind of game, so that the id of
    one kind is unknown to the endpoints of another)."""

    def __init__(self) -> None:
        self._games: OrderedDict[str, PlayedGame] = OrderedDict()  # least recently used first
        self._lock = threading.Lock()

    def add(self, game: Any) -> str:
        """Keep ``game``; its new id."""
        key = secrets.token_urlsafe(12)
        with self._lock:
            self._forget_idle()
            while len(self._games) >= PLAY_GAMES:
                self._games.popitem(last=False)
            self._games[key] = PlayedGame(game)
        return key

    def get(self, key: str) -> PlayedGame:
        """The game of id ``key``, marked used; :class:`UnknownGame` when there is none."""
        with self._lock:
            self._forget_idle()
            played = self._games.get(key)
            if played is None:
                raise UnknownGame(
                    f"no game {key[:40]!r}: it ended (left alone too long) or never began; start a new one"
                )
            played.used = time.monotonic()
            self._games.move_to_end(key)
            return played

    def __len__(self) -> int:
        return len(self._games)

    def _forget_idle(self) -> None:
        now = time.monotonic()
        while self._games:
            key, oldest = next(iter(self._games.items()))
            if now - oldest.used <= PLAY_IDLE_SECONDS:
                return
            del self._games[key]


GAMES = Games()
"""The games of Head to Head Poker."""


def play_new(body: dict[str, Any]) -> dict[str, Any]:
    """A new game of Head to Head Poker (the placement game; with ``betting`` true, the betting
    game of §2.7, the opponent betting by ``opponent_bets``, one of :data:`PLAY_BET_POLICIES`,
    ``threshold`` by default) against ``opponent`` (one of :data:`PLAY_OPPONENTS`; by default the
    first, ``ismcts``, the strong player), ``round_type`` (``roll`` by default), ``crazy``
    (false), ``seed`` (a whole number or its text; a fresh one when absent), ``think_ms`` (the
    opponent's thinking time a move: :func:`_think_ms`): its id and what you see
    (:func:`_play_state`)."""
    opponent = _one_of(body, "opponent", PLAY_OPPONENTS, PLAY_OPPONENTS[0])
    round_type = _one_of(body, "round_type", PLAY_ROUND_TYPES, "roll")
    crazy, betting = _flag(body, "crazy"), _flag(body, "betting")
    bets = _one_of(body, "opponent_bets", PLAY_BET_POLICIES, "threshold")
    game = pa.head_to_head.human_game(
        opponent,
        round_type=round_type,
        crazy=crazy,
        betting=betting,
        opponent_bets=bets if betting else None,
        seed=_seed(body),
        think_ms=_think_ms(body),
    )
    key = GAMES.add(game)
    return _play_state(key, game)


THINK_MS = (100, 500, 2000)
"""The thinking times a move (CPU milliseconds) the page offers a game's simulating opponents,
in place of their budgets (``think_ms`` of the ``human_game`` functions); a few, so that a
game's moves cost the server what the person chose among them."""


def _think_ms(body: dict[str, Any]) -> int | None:
    """``body["think_ms"]``: None when absent or null, else one of :data:`THINK_MS`.

    >>> _think_ms({}), _think_ms({"think_ms": 500})
    (None, 500)
    >>> _think_ms({"think_ms": 60000})
    Traceback (most recent call last):
    ...
    analyzer.ui.calls.BadRequest: think_ms: expected one of 100, 500, 2000 (ms), got 60000
    """
    value = body.get("think_ms")
    if value is None:
        return None
    if isinstance(value, bool) or value not in THINK_MS:
        raise BadRequest(f"think_ms: expected one of {', '.join(map(str, THINK_MS))} (ms), got {repr(value)[:40]}")
    return int(value)


def _one_of(body: dict[str, Any], name: str, choices: Sequence[str], default: str) -> str:
    """``body[name]``, text that must be one of ``choices``; ``default`` when absent or null.

    >>> _one_of({"opponent": "greedy"}, "opponent", ("greedy", "search"), "search")
    'greedy'
    >>> _one_of({"opponent": "best"}, "opponent", ("greedy", "search"), "search")
    Traceback (most recent call last):
    ...
    analyzer.ui.calls.BadRequest: opponent: expected one of greedy, search, got 'best'
    """
    value = field(body, name, str, default)
    if value not in choices:
        raise BadRequest(f"{name}: expected one of {', '.join(choices)}, got {value[:40]!r}")
    return value


def _choice_text(body: dict[str, Any], name: str, expected: str) -> str:
    """``body[name]``, a player's choice as the terminal takes it: text, or a whole number (its
    number in the list, from 1) turned into text; :class:`BadRequest` saying ``expected``
    otherwise.

    >>> _choice_text({"move": 3}, "move", "a move"), _choice_text({"move": "Qd 2"}, "move", "a move")
    ('3', 'Qd 2')
    """
    text = body.get(name)
    if isinstance(text, int) and not isinstance(text, bool):
        text = str(text)
    if not isinstance(text, str):
        raise BadRequest(f"{name}: expected {expected}")
    return text


def _flag(body: dict[str, Any], name: str) -> bool:
    """``body[name]``: true or false (false when absent or null)."""
    value = body.get(name) or False
    if not isinstance(value, bool):
        raise BadRequest(f"{name}: expected true or false, got {value!r:.40}")
    return value


def _seed(body: dict[str, Any]) -> int | None:
    """``body["seed"]``: None when absent or blank, else a whole number from 0 to 2**64 - 1
    given as a number or as text (the page's seeds are text: more than a number of
    JavaScript holds exactly).

    >>> _seed({"seed": "12"}), _seed({"seed": 12}), _seed({"seed": " "})
    (12, 12, None)
    >>> _seed({"seed": "1.5"})
    Traceback (most recent call last):
    ...
    analyzer.ui.calls.BadRequest: seed: expected a whole number from 0 to 2**64 - 1, got '1.5'
    """
    value = body.get("seed")
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    text = value.strip() if isinstance(value, str) else value
    seed = int(text) if isinstance(text, int) and not isinstance(text, bool) else None
    if isinstance(text, str) and text.isdigit():
        seed = int(text)
    if seed is None or not 0 <= seed < 2**64:
        raise BadRequest(f"seed: expected a whole number from 0 to 2**64 - 1, got {str(value)[:40]!r}")
    return seed


def play_state(body: dict[str, Any]) -> dict[str, Any]:
    """What you see of the game ``id`` now (:func:`_play_state`): for a page that lost an
    answer (a move answered 503 is not played, or was played after its answer was dropped)."""
    key = field(body, "id", str)
    played = GAMES.get(key)
    with played.lock:
        return _play_state(key, played.game)


def play_move(body: dict[str, Any]) -> dict[str, Any]:
    """Play ``move`` (its number in the moves, from 1, or a card and a row such as ``"Qd 2"``,
    as the terminal takes it) in the game ``id``: what you see after the opponent's moves, and
    ``advice``: your move's value beside the strong player's choice and the best by the values
    (:meth:`~analyzer.games.head_to_head.human.HumanGame.advice`), with the continuation they
    assume. In the betting game, when you are to bet or to answer a bet, ``move`` is a betting
    action: its number in the actions (from 1) or its text as the terminal takes it (``n``,
    ``b 2 50``, ``d``, ``c``, ``r 50``); the advice's strong choice is then the best by the
    values (:meth:`~analyzer.games.head_to_head.betting.human.HumanBettingGame.advice`).
    Refused with :class:`TooLong`, the move not played, when the values take more than
    :data:`ADVICE_SECONDS`."""
    key = field(body, "id", str)
    text = _choice_text(body, "move", "a move's number (from 1) or a card and a row, such as 'Qd 2'")
    played = GAMES.get(key)
    start = time.monotonic()
    with played.lock:
        game = played.game
        if game.over:
            raise BadRequest("the game is over: start a new one")
        if _betting(game):
            return _play_betting(key, played, text, start)
        move = game.move_from_text(text)
        advice, strong = _valued(
            played, game.board(), lambda: (game.advice(trials=ADVICE_TRIALS), game.strong_move()), start
        )
        game.play(move)
        played.advice = None
        return {**_play_state(key, game), "advice": _advice(move, advice, strong, game.strong_policy)}


def _betting(game: Any) -> bool:
    """Whether ``game`` is the betting game."""
    return hasattr(game, "bet_actions")


def _play_betting(key: str, played: PlayedGame, text: str, start: float) -> dict[str, Any]:
    """A decision of the betting game (:func:`play_move`), the game's lock held."""
    game = played.game
    if game.decision == "place":
        choice = game.move_from_text(text)
        include = None
    else:
        actions = game.bet_actions()
        if text.strip().isdigit():
            number = int(text)
            if not 1 <= number <= len(actions):
                raise ValueError(f"no action {number}: give 1 to {len(actions)}")
            choice = actions[number - 1]
        else:
            choice = game.action_from_text(text)
        include = choice
    position = f"{game.board()}\n{game.decision} {choice.label}"  # a betting choice is valued among its kind

    def values() -> tuple[Any, Any]:
        advice = game.advice(trials=BET_ADVICE_TRIALS, include=include)
        return advice, advice.best

    advice, best = _valued(played, position, values, start)
    if include is None:
        game.play(choice)
    else:
        game.act(choice)
    played.advice = None

    def value(label: str) -> dict[str, Any]:
        v = advice.value_of(label)
        return {"label": v.label, "ev": v.ev, "stderr": v.stderr, "regret": v.regret, "regret_stderr": v.regret_stderr}

    return {
        **_play_state(key, game),
        "advice": {
            "you": value(choice.label),
            "strong": value(best.label),
            "best": value(best.label),
            "continuation": advice.continuation,
            "exact": False,
            "trials": advice.trials,
            "betting": True,
        },
    }


def _valued(played: PlayedGame, position: str, values: Callable[[], tuple[Any, Any]], start: float) -> tuple[Any, Any]:
    """The values of the ``position`` of ``played`` (its board text, say) and the strong
    player's choice there: ``values()``, or what it gave before for the same position. Raises
    :class:`TooLong` (the move is then not played) when more than :data:`ADVICE_SECONDS` have
    gone since ``start``; the values are kept for the move asked again."""
    if played.advice is None or played.advice[0] != position:
        played.advice = (position, *values())
    _, advice, strong = played.advice
    took = time.monotonic() - start
    if took > ADVICE_SECONDS:
        raise TooLong(
            f"the values of the choices took {took:.0f} s, more than this page's {ADVICE_SECONDS:g} s: "
            "your choice was not played; make it again (the values are kept)"
        )
    return advice, strong


def _advice(move: Any, advice: Any, strong: Any, strong_player: str) -> dict[str, Any]:
    """Your ``move``'s value, the strong player's choice (``strong``, by the player named
    ``strong_player``) and the best by the values of ``advice`` (a
    :class:`~analyzer.games.head_to_head.place.Placements`), and how they were found."""
    values = {m.label: m for m in advice.moves}

    def value(label: str) -> dict[str, Any]:
        m = values[label]
        return {"label": m.label, "ev": m.ev, "stderr": m.stderr, "regret": m.regret, "regret_stderr": m.regret_stderr}

    return {
        "you": value(move.label),
        "strong": {**value(strong.label), "player": strong_player},
        "best": value(advice.best.label),
        "continuation": advice.continuation,
        "exact": advice.run.exact,
        "trials": advice.run.trials,
    }


def _play_state(key: str, game: Any) -> dict[str, Any]:
    """What you see of ``game`` (only what the rules let you see: never the deck or the
    opponent's hidden cards): the opponent (with the budget a thinking time gave it, and
    ``think``, the measurement's line; none without one), the round, the chips, per row your
    cards, the common card and the opponent's, the cards you may place and your legal moves
    (numbered from 1), every event so far, the terminal's board text and, at the end, the
    winner (``"you"`` or ``"opponent"``).
    The betting game adds :func:`_betting_state`."""
    state = {
        "id": key,
        "opponent": game.opponent,
        "think": [budget.describe() for budget in game.think],
        "seed": str(game.seed),
        "round": game.round,
        "rows": game.rows,
        "round_type": game.round_type,
        "crazy": game.crazy,
        "chips": {"you": game.chips[0], "opponent": game.chips[1]},
        "board": [
            {"you": _cards(you), "common": _cards([common])[0], "opponent": _cards(them)}
            for you, common, them in game.layout()
        ],
        "cards": _cards(game.cards()),
        "moves": [_move(k, m) for k, m in enumerate(game.moves(), 1)] if not game.over else [],
        "events": list(game.events),
        "text": game.board(),
        "over": game.over,
        "winner": None if game.winner is None else ("you", "opponent")[game.winner],
        "betting": _betting(game),
    }
    return {**state, **_betting_state(game)} if _betting(game) else state


def _betting_state(game: Any) -> dict[str, Any]:
    """What the betting game adds (and changes) in what you see: the opponent's betting
    policy, both stacks, what you decide now (``"bet"``, ``"respond"``, ``"place"``) and the
    row of the bet you answer, each row's chips (the base left, your bet, the opponent's, closed
    to betting, paid), the cards you hold or may place and what they are (none while the
    opponent places a card he drew), your moves only when you are to place a card, your betting
    actions (numbered from 1) and the terminal's words for them."""
    what, cards = game.your_cards()
    actions = [] if game.over else game.bet_actions()
    placing = not game.over and game.decision == "place"
    board = [
        {**row, "chips": dict(zip(("base", "you", "opponent", "closed", "paid"), game.row_chips(r)))}
        for r, row in enumerate(
            {"you": _cards(you), "common": _cards([common])[0], "opponent": _cards(them)}
            for you, common, them in game.layout()
        )
    ]
    return {
        "opponent_bets": game.opponent_bets,
        "stacks": {"you": game.stacks[0], "opponent": game.stacks[1]},
        "decision": None if game.over else game.decision,
        "facing": game.facing + 1 if game.decision == "respond" and not game.over else None,
        "board": board,
        "cards": _cards(cards),
        "cards_are": what,
        "moves": [_move(k, m) for k, m in enumerate(game.moves(), 1)] if placing else [],
        "actions": [_action(k, a) for k, a in enumerate(actions, 1)],
        "described": [] if game.over else game.describe_choices(),
        "min_bet": game.betting_rules.min_bet,
    }


def _action(number: int, action: Any) -> dict[str, Any]:
    """A betting action as the page lists it: its number (from 1), its kind (``"no bet"``,
    ``"bet"``, ``"decline"``, ``"call"``, ``"raise"``), its row (from 1; None for no bet), its
    amount and its label (``"bet $50 on row 2"``)."""
    kind = action.label.split()[0] if action.row >= 0 else "no bet"
    row = action.row + 1 if action.row >= 0 else None
    return {"number": number, "kind": kind, "row": row, "amount": action.amount, "label": action.label}


def _move(number: int, move: Any) -> dict[str, Any]:
    """A legal move as the page lists it: its number (from 1), its card, its row (from 1), its
    side (``"you"`` or ``"opponent"``: Crazy rounds) and its label (``"Qd row 2 you"``)."""
    side = ("you", "opponent")[move.side]
    return {"number": number, "card": _cards([move.card])[0], "row": move.row + 1, "side": side, "label": move.label}


def _cards(cards: Any) -> list[str]:
    """Card codes as text, one each: ``["Qd", "5h"]``."""
    return format_cards(cards).split() if len(cards) else []


# ------------------------------------------------------------------ Saint Poker, played

SAINT_OPPONENTS = ("search", "rollout", "tuned", "tuned-save", "save", "greedy", "random")
"""The opponents' policies the page offers (the API's at their default budgets), strongest first."""
SAINT_PLAYERS = (2, 3, 4, 5)
SAINT_ADVICE_TRIALS = 500
"""The samples of the hidden cards behind each decision's values where they are not exact (as
in the terminal game)."""
SAINT_WHAT = {"river": "your river card", "reveal": "the two cards to show", "draft": "your pick"}
"""What each phase asks of you, as the terminal's prompt says it."""

SAINT_GAMES = Games()
"""The games of Saint Poker."""


def saint_new(body: dict[str, Any]) -> dict[str, Any]:
    """A new game of Saint Poker of ``players`` (2 to 5, 3 by default; you are seat 0) against
    ``opponents`` (one of :data:`SAINT_OPPONENTS` for every other seat, ``search`` by default),
    ``seed`` (a whole number or its text; a fresh one when absent), ``think_ms`` (the
    simulating opponents' thinking time a choice: :func:`_think_ms`): its id and what you see
    (:func:`_saint_state`)."""
    players = body.get("players", 3)
    if isinstance(players, str) and players.strip().isdigit():
        players = int(players)
    if isinstance(players, bool) or players not in SAINT_PLAYERS:
        raise BadRequest(f"players: expected 2 to 5, got {str(players)[:40]!r}")
    opponents = _one_of(body, "opponents", SAINT_OPPONENTS, "search")
    game = pa.saint_poker.human_game(players, opponents, seed=_seed(body), think_ms=_think_ms(body))
    key = SAINT_GAMES.add(game)
    return _saint_state(key, game)


def saint_state(body: dict[str, Any]) -> dict[str, Any]:
    """What you see of the game of Saint Poker ``id`` now (:func:`_saint_state`)."""
    key = field(body, "id", str)
    played = SAINT_GAMES.get(key)
    with played.lock:
        return _saint_state(key, played.game)


def saint_move(body: dict[str, Any]) -> dict[str, Any]:
    """Make your ``choice`` (its number in the choices, from 1, or its cards such as ``"Qd"``
    or ``"Ah Kd"``, as the terminal takes it) in the game of Saint Poker ``id``: what you see at
    your next decision, and ``advice``: your choice's value beside the search player's choice
    and the best by the values (:meth:`~analyzer.games.saint_poker.human.HumanGame.advice`),
    with the continuation they assume. Refused with :class:`TooLong`, the choice not made, when
    the values take more than :data:`ADVICE_SECONDS`."""
    key = field(body, "id", str)
    text = _choice_text(body, "choice", "a choice's number (from 1) or its cards, such as 'Qd' or 'Ah Kd'")
    played = SAINT_GAMES.get(key)
    start = time.monotonic()
    with played.lock:
        game = played.game
        if game.over:
            raise BadRequest("the game is over: start a new one")
        choice = game.choice_from_text(text)
        advice, strong = _valued(
            played, game.board(), lambda: (game.advice(trials=SAINT_ADVICE_TRIALS), game.strong_choice()), start
        )
        game.play(choice)
        played.advice = None
        values = {c.cards: c for c in advice.choices}

        def value(cards: str) -> dict[str, Any]:
            c = values[cards]
            keys = ("points_total", "stderr", "p_win_game", "p_win_game_stderr", "regret", "regret_stderr")
            return {"cards": c.cards.split(), **{k: getattr(c, k) for k in keys}}

        return {
            **_saint_state(key, game),
            "advice": {
                "you": value(format_cards(choice)),
                "strong": value(format_cards(strong)),
                "best": value(advice.best.cards),
                "continuation": advice.continuation,
                "exact": advice.run.exact,
                "trials": advice.run.trials,
            },
        }


def _saint_state(key: str, game: Any) -> dict[str, Any]:
    """What you see of a game of Saint Poker (only what the rules show, §3.6: never another
    player's hidden cards or the deck): ``think``, the lines of a thinking time's measurements
    (none without one), the round and phase, each player's label and points, the river and the
    face-up future river, the cards each other player is known to hold (drafted)
    and has shown, the cards you showed, your hand, your choices now (numbered from 1) and what
    the phase asks, every event so far, the terminal's board text and, at the end, the winners
    (``"you"`` or the other players' labels)."""
    seen = game.position()
    return {
        "id": key,
        "seed": str(game.seed),
        "think": [budget.describe() for budget in game.think],
        "players": game.players,
        "round": game.round,
        "rounds": 8,
        "phase": game.phase,
        "seats": [
            {
                "label": label,
                "points": points,
                "known": _cards(seen.known[p]) if p else [],
                "shown": _cards(game.revealed(p)),
            }
            for p, (label, points) in enumerate(zip(game.seats(), game.scores))
        ],
        "river": _cards(seen.river),
        "future": _cards(seen.future),
        "hand": _cards(seen.hand),
        "what": None if game.over else SAINT_WHAT[game.phase],
        "choices": [] if game.over else [{"number": k, "cards": _cards(c)} for k, c in enumerate(game.choices(), 1)],
        "events": list(game.events),
        "text": game.board(),
        "over": game.over,
        "winners": [game.seats()[p] for p in game.winners()] if game.over else None,
    }
