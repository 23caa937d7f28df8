"""Saint Poker positions: what the player deciding knows, read from JSON (rules §3).

A position is seen by the player deciding, seat 0 ("you"); JSON form::

    {
      "players": 3, "round": 2, "phase": "reveal",      # river | reveal | draft
      "scores": [0, 1, 0],
      "hand": "As Kd 9h 9c 7s 5d 4c 3h",                  # your hand now
      "future": "Qd 2s",                                   # the face-up future river
      "river": "Jc 8d Ts 6h 2c",                           # the river so far
      "known": ["", "Qh", ""],                             # cards each player is known to hold (drafted)
      "removed": "2d 3d 4d 5c 6c",                         # cards out of the game
      "revealed": ["", "Ah Ad", "7c"],                     # draft: revealed cards still on the table
      "order": [0, 2, 1, 0, 2, 1]                          # draft: the picks still to come, yours first
    }

Hand sizes follow from the round: 11 - r at the river phase, one fewer at the reveal,
three fewer during the draft plus the picks made. The river holds the f = 5 - n future
cards at the river phase and 5 cards at the reveal; in the draft the river and the
revealed cards are what is left to pick.

The types are checked first, strictly, by :class:`SaintPositionModel` (``poker-analyzer schema
saint-position``); the rules of the round and phase after, by :func:`position_from_dict`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import numpy as np
from pydantic import Field

from analyzer.cards import cards_mask, check_disjoint, format_cards
from analyzer.games.saint_poker import engine as E
from analyzer.json_input import Cards, InputModel, card_field, choice, validate
from analyzer.text import plural

PHASES = {"river": E.RIVER, "reveal": E.REVEAL, "draft": E.DRAFT}
MAX_SCORE = 10**6  # far above any score a game reaches; bounds the scores given


PerPlayer = Annotated[list[Cards], Field(max_length=E.MAX_PLAYERS)]


class SaintPositionModel(InputModel):
    """The JSON form of a Saint Poker position (module docstring), with strict types; what the
    types cannot say (list lengths per player, hand sizes, the draft order) is checked after."""

    players: Annotated[int, Field(ge=2, le=E.MAX_PLAYERS)]
    round: Annotated[int, Field(ge=1, le=E.ROUNDS)]
    phase: choice(PHASES) = "river"  # type: ignore[valid-type]
    scores: Annotated[list[Annotated[int, Field(ge=0, le=MAX_SCORE)]], Field(max_length=E.MAX_PLAYERS)] | None = None
    hand: Cards = ""
    future: Cards = ""
    river: Cards = ""
    known: PerPlayer | None = None
    removed: Cards = ""
    revealed: PerPlayer | None = None
    order: Annotated[list[Annotated[int, Field(ge=0, lt=E.MAX_PLAYERS)]], Field(max_length=2 * E.MAX_PLAYERS)] = Field(
        default_factory=list
    )


def _per_player(value: list | None, n: int, what: str) -> list[tuple[int, ...]]:
    value = value if value is not None else [""] * n
    if len(value) != n:
        raise ValueError(f"{what}: expected one entry per player ({n}), got {len(value)}")
    return [card_field(v, f"{what} of player {i}") for i, v in enumerate(value)]


@dataclass(frozen=True)
class SaintPosition:
    """A validated position seen by seat 0 (module docstring): cards are code tuples, ``known``
    and ``revealed`` one tuple per player, ``order`` the draft picks still to come (yours first)."""

    players: int
    round: int
    phase: str
    scores: tuple[int, ...]
    hand: tuple[int, ...]
    future: tuple[int, ...]
    river: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    removed: tuple[int, ...]
    revealed: tuple[tuple[int, ...], ...]
    order: tuple[int, ...]

    def hand_size(self, seat: int) -> int:
        """Cards held now (module docstring)."""
        start = E.DEAL + 1 - self.round
        if self.phase == "river":
            return start
        if self.phase == "reveal":
            return start - 1
        return start - 3 + 2 - self.order.count(seat)

    def to_state(self) -> np.ndarray:
        """The engine state from seat 0's point of view: the opponents' hidden cards have the
        right number but are placeholders, dealt afresh per sample from the unseen cards."""
        st = np.zeros(E.STATE_SIZE, np.int64)
        n = self.players
        st[E.PLAYERS], st[E.ROUND], st[E.PHASE] = n, self.round, PHASES[self.phase]
        st[E.RIVER_CARDS : E.FUTURE] = -1
        st[E.HOLES : E.VALUE] = -1
        for p in range(n):
            st[E.SCORE + p] = self.scores[p]
            st[E.PRIORITY + p] = p
            st[E.KNOWN + p] = int(cards_mask(self.known[p]))
            st[E.HAND + p] = st[E.KNOWN + p]
        st[E.HAND] = int(cards_mask(self.hand))
        st[E.KNOWN] &= st[E.HAND]
        for i, c in enumerate(self.river):
            st[E.RIVER_CARDS + i] = c
        for i, c in enumerate(self.future):
            st[E.FUTURE + i] = c
        st[E.FUTURE_N] = len(self.future)
        for p, cards in enumerate(self.revealed):
            for i, c in enumerate(cards):
                st[E.HOLES + 2 * p + i] = c
        st[E.REMOVED] = int(cards_mask(self.removed))
        if self.phase == "draft":
            picks = 2 * n - len(self.order)
            for i, seat in enumerate(self.order[:n]):
                st[E.ORDER + (picks + i) % n] = seat
            st[E.PICKS] = picks
        # the opponents' hidden cards: placeholders, dealt per sample from the unseen cards
        unseen = E._unseen_mask(st, 0)
        for p in range(1, n):
            for _ in range(self.hand_size(p) - len(self.known[p])):
                c = E.nth_card(unseen, 0)
                unseen &= ~E._bit(c)
                st[E.HAND + p] |= E._bit(c)
        deck = [c for c in range(E.DECK_SIZE) if (unseen >> c) & 1]
        st[E.DECK : E.DECK + len(deck)] = deck
        st[E.TOP], st[E.END] = 0, len(deck)
        return st

    def describe(self) -> str:
        """The players, round, phase and scores, in words."""
        return f"{self.players} players, round {self.round}, {self.phase}; scores {'-'.join(map(str, self.scores))}"

    def to_dict(self) -> dict:
        """The JSON form (module docstring), which :func:`position_from_dict` reads back."""
        fmt = format_cards
        return {
            "players": self.players,
            "round": self.round,
            "phase": self.phase,
            "scores": list(self.scores),
            "hand": fmt(self.hand),
            "future": fmt(self.future),
            "river": fmt(self.river),
            "known": [fmt(k) for k in self.known],
            "removed": fmt(self.removed),
            "revealed": [fmt(r) for r in self.revealed],
            "order": list(self.order),
        }


def position_from_dict(data: Any) -> SaintPosition:
    """A validated position (module docstring): types are checked by :class:`SaintPositionModel`,
    the rest by the rules of the round and phase."""
    m = validate(SaintPositionModel, data)
    n, r, phase = m.players, m.round, m.phase
    if phase == "draft" and r == E.ROUNDS:
        raise ValueError("there is no draft after round 8")
    scores = m.scores if m.scores is not None else [0] * n
    if len(scores) != n:
        raise ValueError(f"scores: expected {n} non-negative whole numbers, got {len(scores)}")
    position = SaintPosition(
        players=n,
        round=r,
        phase=phase,
        scores=tuple(scores),
        hand=card_field(m.hand, "hand"),
        future=card_field(m.future, "future"),
        river=card_field(m.river, "river"),
        known=tuple(_per_player(m.known, n, "known")),
        removed=card_field(m.removed, "removed"),
        revealed=tuple(_per_player(m.revealed, n, "revealed")),
        order=tuple(m.order) if phase == "draft" else (),
    )
    _validate(position)
    return position


def _validate(p: SaintPosition) -> None:
    n, f = p.players, E.RIVER_SIZE - p.players
    groups = {"hand": p.hand, "future": p.future, "river": p.river, "removed": p.removed}
    groups.update({f"known of player {i}": k for i, k in enumerate(p.known) if i})
    groups.update({f"revealed of player {i}": k for i, k in enumerate(p.revealed)})
    check_disjoint(groups)
    if not set(p.known[0]) <= set(p.hand):
        raise ValueError("known of player 0: your known cards must be in your hand")
    if len(p.hand) != p.hand_size(0):
        held = plural(p.hand_size(0), "card")
        raise ValueError(f"round {p.round}, {p.phase} phase: you hold {held}, got {len(p.hand)}")
    for seat in range(1, n):
        if len(p.known[seat]) > p.hand_size(seat):
            held = plural(p.hand_size(seat), "card")
            raise ValueError(f"player {seat} holds {held} but {len(p.known[seat])} are known")
    future = f if p.round < E.ROUNDS else 0
    if len(p.future) != future:
        raise ValueError(f"the future river has {plural(future, 'card')} in round {p.round}, got {len(p.future)}")
    if p.phase == "river" and len(p.river) != f:
        raise ValueError(f"at the river phase the river holds the {f} former future cards, got {len(p.river)}")
    if p.phase == "reveal" and len(p.river) != E.RIVER_SIZE:
        raise ValueError(f"at the reveal the river holds 5 cards, got {len(p.river)}")
    if p.phase != "draft" and any(p.revealed):
        raise ValueError("revealed cards are on the table only during the draft")
    if p.phase == "draft":
        left = E.RIVER_SIZE + 2 * n - (2 * n - len(p.order))
        on_table = len(p.river) + sum(map(len, p.revealed))
        if not p.order or p.order[0] != 0 or len(p.order) > 2 * n:
            raise ValueError(f"draft: 'order' lists the picks still to come, yours (seat 0) first, at most {2 * n}")
        if any(s not in range(n) for s in p.order) or any(
            p.order[i] != p.order[i + n] for i in range(len(p.order) - n)
        ):
            raise ValueError("draft: the two passes go in the same order (S-10)")
        if on_table != left:
            raise ValueError(
                f"draft: {plural(left, 'card')} should be left to pick with {plural(len(p.order), 'pick')} to come, "
                f"got {on_table} on the table"
            )
    removed = 5 * (p.round - 1)
    if len(p.removed) != removed:
        raise ValueError(f"{plural(removed, 'card')} left the game before round {p.round}, got {len(p.removed)}")
