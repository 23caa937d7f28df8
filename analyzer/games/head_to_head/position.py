"""Head to Head Poker positions: what the player to move knows, read from JSON or text.

A position is seen from the player to move ("you"). JSON form (every key but
``type``, ``round``, ``common`` and ``cards`` is optional)::

    {
      "round": 3,                        # 1, 2, 3: 3, 4 or 5 active rows
      "type": "draw1",                   # draw1 | share2 | hold3 | play4 | open5
      "crazy": false,
      "common": ["7s", "Kd", "2h", "Qc", "9s"],
      "you":      [["7h", "7d"], [], ["Ah"], [], []],   # your side, row by row
      "opponent": [["Kc"], [], [], [], []],
      "cards": ["Ah"],                   # what you may place now (see below)
      "dead": [],                        # cards known to be out of play
      "batch_starter": "alternate",      # Play 4 batch starter (H-G1): alternate | strict
      "tiebreak": "standard"             # H-G2: standard | literal
    }

Rows are given in board order; a row may be a list of cards or a string (``"7h 7d"``).
``cards`` are the card you drew (Draw 1), the two you drew or the one handed to you
(Share 2), your hand (Hold 3: 3 cards; Play 4: what is left of your 4), or the open
cards (Open 5). The number of cards placed fixes whose turn it is, hence whether you
are the first mover or the dealer, and, outside Crazy rounds, how many cards each side
must have; a position the round type cannot produce is refused with the reason. The types are
checked first, strictly, by :class:`PositionModel` (``poker-analyzer schema h2h-position``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import numpy as np
from pydantic import Field, PlainValidator, WithJsonSchema
from pydantic_core import PydanticCustomError

from analyzer.cards import cards_mask, check_disjoint, format_cards
from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.rollout import _future_draws
from analyzer.games.head_to_head.rules import BATCH_RULES, TIEBREAKS
from analyzer.json_input import CARDS_SCHEMA, MAX_CARDS, Cards, InputModel, card_field, choice, read_input, validate

TYPE_CODES = {name: code for code, name in E.ROUND_TYPES.items()}
YOU, OPPONENT = 0, 1  # the seats of a position: you (the player deciding) are seat 0
SIDE_NAMES = ("you", "opponent")


def _side(value: Any) -> str | list[str | list[str]]:
    def cards(row: Any) -> bool:
        return isinstance(row, str) or (
            isinstance(row, list) and len(row) <= MAX_CARDS and all(isinstance(c, str) for c in row)
        )

    if isinstance(value, str) or (isinstance(value, list) and len(value) <= E.MAX_ROWS and all(map(cards, value))):
        return value
    raise PydanticCustomError(
        "rows_type", "expected rows as a string (rows split by /) or a list of at most 5 rows of cards"
    )


_SIDE_SCHEMA = {"anyOf": [{"type": "string"}, {"type": "array", "items": CARDS_SCHEMA, "maxItems": E.MAX_ROWS}]}
Side = Annotated[str | list[str | list[str]], PlainValidator(_side), WithJsonSchema(_SIDE_SCHEMA)]


class PositionModel(InputModel):
    """The JSON form of a Head to Head position (module docstring), with strict types; what the
    types cannot say (row counts, whose turn, the cards each side holds) :func:`validate_position`
    checks."""

    round: Annotated[int, Field(ge=1, le=3)]
    type: choice(TYPE_CODES)  # type: ignore[valid-type]
    crazy: bool = False
    common: Cards
    you: Side = ""
    opponent: Side = ""
    cards: Cards
    dead: Cards = ""
    batch_starter: choice(BATCH_RULES) = "alternate"  # type: ignore[valid-type]
    tiebreak: choice(TIEBREAKS) = "standard"  # type: ignore[valid-type]
    to_move: choice(SIDE_NAMES) = "you"  # type: ignore[valid-type]


@dataclass(frozen=True)
class Position:
    """A validated position; cards are code tuples, ``you``/``opponent`` one tuple per row."""

    round: int
    type: str
    crazy: bool
    common: tuple[int, ...]
    you: tuple[tuple[int, ...], ...]
    opponent: tuple[tuple[int, ...], ...]
    cards: tuple[int, ...]
    dead: tuple[int, ...] = ()
    batch_starter: str = "alternate"
    tiebreak: str = "standard"
    to_move: str = "you"  # "opponent" only when you answer his bet (betting positions)

    @property
    def mover(self) -> int:
        """The seat on turn: ``YOU`` (0), or ``OPPONENT`` (1) when you answer his bet."""
        return YOU if self.to_move == "you" else OPPONENT

    @property
    def rows(self) -> int:
        """The active rows: round + 2 (§2.3)."""
        return self.round + 2

    @property
    def placed(self) -> int:
        """The cards placed on the board so far, both sides."""
        return sum(map(len, self.you)) + sum(map(len, self.opponent))

    def sides(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Your side and the opponent's, each one tuple of card codes per row."""
        return self.you, self.opponent

    def to_state(self) -> np.ndarray:
        """The engine state from your point of view: you are seat 0; the opponent's hidden
        hand (and, when he is on turn, his drawn cards) has the right size but no cards:
        they are dealt per sample."""
        st = E.new_state()
        st[E.TYPE], st[E.CRAZY], st[E.ROWS] = TYPE_CODES[self.type], self.crazy, self.rows
        st[E.BATCH_RULE], st[E.TIEBREAK] = BATCH_RULES[self.batch_starter], TIEBREAKS[self.tiebreak]
        st[E.TURN] = self.placed
        st[E.FIRST] = YOU if _first_moves(st, self.placed, self.mover) else OPPONENT
        st[E.COMMON : E.BOARD] = E.NO_CARD
        st[E.BOARD : E.COUNT] = E.NO_CARD
        for row, card in enumerate(self.common):
            st[E.COMMON + row] = card
        for seat, side in enumerate(self.sides()):
            for row, cards in enumerate(side):
                st[E._count_index(seat, row)] = len(cards)
                for slot, card in enumerate(cards):
                    st[E._slot_index(seat, row, slot)] = card
        kind = st[E.TYPE]
        target = {E.DRAW1: E.PENDING, E.SHARE2: E.PENDING, E.OPEN5: E.OPEN}.get(kind, E.HAND)
        st[target : target + len(self.cards)] = self.cards
        size_index = {E.PENDING: E.PENDING_N, E.OPEN: E.OPEN_N, E.HAND: E.HAND_N}[target]
        st[size_index] = len(self.cards)
        st[E.HAND_N + OPPONENT] = _hand_size(st, OPPONENT)
        if self.mover == OPPONENT and target == E.PENDING:
            st[E.PENDING_N] = _expected_cards(st, OPPONENT)  # his drawn cards, unseen by you
        st[E.KNOWN_OUT] = int(cards_mask(self.dead))
        return st

    def to_dict(self) -> dict:
        """The JSON form (module docstring), which :func:`position_from_dict` reads back."""
        return {
            "round": self.round,
            "type": self.type,
            "crazy": self.crazy,
            "common": format_cards(self.common).split(),
            "you": [format_cards(r) for r in self.you],
            "opponent": [format_cards(r) for r in self.opponent],
            "cards": format_cards(self.cards).split(),
            "dead": format_cards(self.dead).split(),
            "batch_starter": self.batch_starter,
            "tiebreak": self.tiebreak,
            "to_move": self.to_move,
        }

    def describe(self) -> str:
        """The round, its rows and type, and how many cards are placed, in words."""
        crazy = " Crazy" if self.crazy else ""
        return f"round {self.round} ({self.rows} rows), {self.type}{crazy}, {self.placed} cards placed"


def _first_moves(st: np.ndarray, placed: int, mover: int) -> bool:
    """Whether ``mover``, on turn after ``placed`` placements, is the first mover F."""
    st[E.FIRST] = YOU
    return E._mover_at(st, placed) == mover


def _placements_by(st: np.ndarray, seat: int, upto: int, start: int = 0) -> int:
    return sum(E._mover_at(st, t) == seat for t in range(start, upto))


def _hand_size(st: np.ndarray, seat: int) -> int:
    """Hidden hand size of ``seat`` before placement number ``TURN``: 3 in Hold 3; in Play 4
    4 minus what he placed from this batch; none in the other types."""
    kind, t = st[E.TYPE], st[E.TURN]
    if kind == E.HOLD3:
        return E.HAND_SIZE_HOLD3
    if kind == E.PLAY4:
        return E.HAND_SIZE_PLAY4 - _placements_by(st, seat, t, t - t % 8)
    return 0


def _expected_cards(st: np.ndarray, seat: int) -> int:
    """How many cards ``seat`` holds to place: drawn ones only when he is on turn."""
    kind, t = st[E.TYPE], st[E.TURN]
    on_turn = E._mover(st) == seat
    if kind == E.DRAW1:
        return int(on_turn)
    if kind == E.SHARE2:
        return (2 if t % 2 == 0 else 1) if on_turn else 0
    if kind == E.OPEN5:
        return E.OPEN_SET - t % E.OPEN_SET
    return _hand_size(st, seat)


def _rows(value: str | list, rows: int, what: str) -> tuple[tuple[int, ...], ...]:
    if isinstance(value, str):
        value = value.split("/") if value.strip() else []
    if len(value) > rows:
        raise ValueError(f"{what}: expected at most {rows} rows in round {rows - 2}, got {len(value)}")
    parsed = [card_field(row, f"{what} row {i + 1}") for i, row in enumerate(value)]
    for i, row in enumerate(parsed):
        if len(row) > E.SLOTS:
            raise ValueError(f"{what} row {i + 1} has {len(row)} cards; a side of a row holds 4")
    return tuple(parsed) + ((),) * (rows - len(parsed))


def position_from_model(m: PositionModel) -> Position:
    """A validated :class:`Position` from its checked JSON form."""
    rows = m.round + 2
    position = Position(
        round=m.round,
        type=m.type,
        crazy=m.crazy,
        common=card_field(m.common, "common"),
        you=_rows(m.you, rows, "you"),
        opponent=_rows(m.opponent, rows, "opponent"),
        cards=card_field(m.cards, "cards"),
        dead=card_field(m.dead, "dead"),
        batch_starter=m.batch_starter,
        tiebreak=m.tiebreak,
        to_move=m.to_move,
    )
    validate_position(position)
    return position


def position_from_dict(data: Any) -> Position:
    """A validated :class:`Position` from the JSON form (see the module docstring): types are
    checked by :class:`PositionModel`, the rest by :func:`validate_position`."""
    return position_from_model(validate(PositionModel, data))


def read_position(path: str | Path) -> Position:
    """A position from a JSON file; its errors name the file."""
    return read_input(path, Position, position_from_dict)


def validate_position(p: Position) -> None:
    """Refuse a position the rules cannot produce, naming what is wrong."""
    if len(p.common) != p.rows:
        raise ValueError(f"round {p.round} has {p.rows} common cards, got {len(p.common)}")
    groups = {"common": p.common, "cards": p.cards, "dead": p.dead}
    for name, side in zip(SIDE_NAMES, p.sides()):
        groups.update({f"{name} row {i + 1}": row for i, row in enumerate(side)})
    check_disjoint(groups)
    total = 2 * E.SLOTS * p.rows
    if p.placed >= total:
        raise ValueError(f"every space is filled ({p.placed} cards placed): the round is over")
    st = p.to_state()
    t = p.placed
    if not p.crazy:
        for seat, name in enumerate(SIDE_NAMES):
            placed = sum(map(len, p.sides()[seat]))
            expected = _placements_by(st, seat, t)
            if placed != expected:
                role = "first mover" if st[E.FIRST] == seat else "dealer"
                raise ValueError(
                    f"{p.type}: after {t} placements the {role} ({name}) has placed "
                    f"{expected} cards, but {name} shows {placed}"
                )
    if p.mover == OPPONENT and p.type == "share2" and t % 2 == 1:
        raise ValueError("share2: the opponent is placing the card you handed him; give it as his move")
    expected_cards = _expected_cards(st, YOU)
    if len(p.cards) != expected_cards:
        what = "to place" if p.mover == YOU else "(open cards or your hand)"
        raise ValueError(
            f"{p.type} after {t} placements: you hold {expected_cards} card(s) {what}, got {len(p.cards)} in 'cards'"
        )
    if not any(E._is_open_space(st, row, side) for row in range(p.rows) for side in range(2)):
        raise ValueError(f"{SIDE_NAMES[p.mover]} (on turn) has no empty space to place a card on")
    unseen = E.DECK_SIZE - len(p.common) - p.placed - len(p.cards) - len(p.dead)
    hidden = st[E.HAND_N + OPPONENT] + (st[E.PENDING_N] if p.mover == OPPONENT else 0)
    needed = hidden + (0 if st[E.TYPE] == E.HOLD3 else _future_draws(st))
    if unseen < needed:
        raise ValueError(f"only {unseen} unseen cards left: too few for the rest of the round")
