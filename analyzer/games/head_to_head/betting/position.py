"""Head to Head betting positions: a placement position and the chips, read from JSON.

A betting position is a placement position (:mod:`analyzer.games.head_to_head.position`) plus
the chips, in JSON::

    "stacks": [760, 640],                          # you, the opponent
    "committed": {"you": [0, 100, 0], "opponent": [0, 100, 0]},   # on each card this round
    "base": [100, 50, 100],                        # base chips left on each card
    "closed": [2],                                 # rows closed to betting (1-based)
    "rules": {"decline_forfeits_own_chips": true, "bet_window": "turn", "min_bet": 10,
              "row_cap": 200, "max_raise": 100}    # all optional, these are the defaults

If the opponent has more on a card than you, he has bet (or raised) there and you answer,
and it is his turn (``cards`` are then your hand or the open cards; his drawn card is hidden
from you). Otherwise it is your turn to bet. The types are checked first, strictly, by
:class:`BetPositionModel` (``poker-analyzer schema h2h-bet-position``); the chips against the
position and the rules after, by :func:`bet_position_from_dict`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import numpy as np
from pydantic import Field

from analyzer.games.head_to_head import engine as E
from analyzer.games.head_to_head.betting.engine import BASE, BASE_CHIP, NO_ROW, START_STACK, _row_complete, _window_seat
from analyzer.games.head_to_head.betting.rules import BettingRules
from analyzer.games.head_to_head.position import OPPONENT, YOU, Position, PositionModel, position_from_model
from analyzer.json_input import InputModel, options_from, options_model, validate

MAX_CHIPS = 10**9  # far above any stack a game reaches; bounds every amount
Chips = Annotated[int, Field(ge=0, le=MAX_CHIPS)]
RowChips = Annotated[list[Chips], Field(max_length=E.MAX_ROWS)]


@dataclass(frozen=True)
class BetPosition:
    """A validated betting position (module docstring): the placement ``position`` plus both
    stacks (you first), the chips each player has ``committed`` on each row's card this round,
    the ``base`` left on each card ($100, or $50 after a decline), the 0-based rows ``closed``
    to betting, and the betting ``rules``."""

    position: Position
    stacks: tuple[int, int] = (START_STACK, START_STACK)
    committed: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    base: tuple[int, ...] = ()
    closed: tuple[int, ...] = ()  # 0-based rows closed to betting
    rules: BettingRules = BettingRules()

    @property
    def facing(self) -> int:
        """The row on which you answer a bet, or -1 on your own turn."""
        for row, (mine, theirs) in enumerate(zip(*self.committed)):
            if theirs > mine:
                return row
        return NO_ROW

    def to_state(self) -> np.ndarray:
        """The engine state of :meth:`Position.to_state` with the chips and the betting rules."""
        st = self.position.to_state()
        st[E.STACK], st[E.STACK + 1] = self.stacks
        st[E.BET_RULES : E.BET_RULES + 5] = self.rules.codes()
        for row in range(E.MAX_ROWS):
            active = row < self.position.rows
            st[E.ROW_BASE + row] = self.base[row] if active else 0
            st[E.COMMITTED + row] = self.committed[0][row] if active else 0
            st[E.COMMITTED + E.MAX_ROWS + row] = self.committed[1][row] if active else 0
            st[E.BET_CLOSED + row] = int(not active or row in self.closed or _row_complete(st, row))
        return st

    def describe(self) -> str:
        """The position, whose turn it is to bet or answer, and the stacks, in words."""
        facing = self.facing
        situation = f"answering the opponent's bet on row {facing + 1}" if facing >= 0 else "your turn to bet"
        return f"{self.position.describe()}; {situation}; stacks {self.stacks[0]} v {self.stacks[1]}"

    def to_dict(self) -> dict:
        """The JSON form (module docstring), which :func:`bet_position_from_dict` reads back."""
        return {
            **self.position.to_dict(),
            "stacks": list(self.stacks),
            "committed": {"you": list(self.committed[0]), "opponent": list(self.committed[1])},
            "base": list(self.base),
            "closed": [r + 1 for r in self.closed],
            "rules": self.rules.__dict__,
        }


class Committed(InputModel):
    """The chips each player has on each row's card this round, you and the opponent."""

    you: RowChips | None = None
    opponent: RowChips | None = None


class BetPositionModel(PositionModel):
    """The JSON form of a betting position (module docstring): a position plus the chips, with
    strict types and amounts from 0 to :data:`MAX_CHIPS`; ``to_move`` follows from the chips."""

    stacks: Annotated[list[Chips], Field(min_length=2, max_length=2)] = Field(
        default_factory=lambda: [START_STACK, START_STACK]
    )
    committed: Committed = Committed()
    base: RowChips | None = None
    closed: Annotated[list[Annotated[int, Field(ge=1, le=E.MAX_ROWS)]], Field(max_length=E.MAX_ROWS)] = Field(
        default_factory=list
    )
    rules: options_model(BettingRules) = options_model(BettingRules)()  # type: ignore[valid-type]


def _row_list(value: list[int] | None, rows: int, what: str, default: int) -> tuple[int, ...]:
    if value is None:
        return (default,) * rows
    if len(value) != rows:
        raise ValueError(f"{what}: expected a list of {rows} amounts (one per row), got {len(value)}")
    return tuple(value)


def bet_position_from_dict(data: Any) -> BetPosition:
    """A validated betting position (module docstring): types are checked by
    :class:`BetPositionModel`, the chips against the position and the rules here."""
    m = validate(BetPositionModel, data)
    rows = m.round + 2
    mine = _row_list(m.committed.you, rows, "committed.you", 0)
    theirs = _row_list(m.committed.opponent, rows, "committed.opponent", 0)
    facing = [r for r in range(rows) if theirs[r] > mine[r]]
    place = PositionModel.model_validate(
        {**{name: getattr(m, name) for name in PositionModel.model_fields}, "to_move": "opponent" if facing else "you"}
    )
    position = position_from_model(place)
    rules = options_from(m.rules, BettingRules)
    if any(r > rows for r in m.closed):
        raise ValueError(f"closed: expected row numbers from 1 to {rows}, got {m.closed}")
    bet = BetPosition(
        position=position,
        stacks=(m.stacks[0], m.stacks[1]),
        committed=(mine, theirs),
        base=_row_list(m.base, rows, "base", BASE),
        closed=tuple(r - 1 for r in m.closed),
        rules=rules,
    )
    _validate_chips(bet, facing)
    return bet


def _validate_chips(bet: BetPosition, facing: list[int]) -> None:
    rules, state = bet.rules, bet.to_state()
    for row in range(bet.position.rows):
        name = f"row {row + 1}"
        amounts = (bet.committed[0][row], bet.committed[1][row])
        if _row_complete(state, row) and (any(amounts) or bet.base[row]):
            raise ValueError(f"{name} is complete, so it has been paid: its base and chips must be 0")
        if not _row_complete(state, row) and bet.base[row] not in (BASE, BASE_CHIP):
            raise ValueError(
                f"{name}: the base left on an open row is {BASE} or {BASE_CHIP} (after a decline), got {bet.base[row]}"
            )
        if bet.base[row] == BASE_CHIP and (any(amounts) or row not in bet.closed):
            raise ValueError(f"{name} was declined ($50 base left): it is closed and holds no bets")
        for who, amount in zip(("you", "opponent"), amounts):
            if amount < 0 or amount > rules.row_cap or amount % rules.min_bet:
                raise ValueError(
                    f"{name}: {who} committed {amount}; amounts are multiples of {rules.min_bet} up to {rules.row_cap}"
                )
        if bet.committed[0][row] > bet.committed[1][row]:
            raise ValueError(
                f"{name}: you have more on the card than the opponent; positions are taken "
                f"when you are to act, so an open bet must be the opponent's"
            )
    if len(facing) > 1:
        raise ValueError(
            f"the opponent has open bets on rows {', '.join(str(r + 1) for r in facing)}; "
            f"only one exchange happens at a time"
        )
    if facing and facing[0] in bet.closed:
        raise ValueError(f"row {facing[0] + 1} is closed to betting but has an open bet")
    seat = _window_seat(state)
    expected = OPPONENT if facing else YOU
    if seat != expected:
        who = "the opponent" if facing else "you"
        raise ValueError(
            f"{who} cannot have bet at this point of a {bet.position.type} round "
            f"(no betting window for the player placing now)"
        )
    if facing:
        need = bet.committed[1][facing[0]] - bet.committed[0][facing[0]]
        if need > bet.stacks[0]:
            raise ValueError(f"the bet asks {need} of you but your stack is {bet.stacks[0]} (table stakes)")
