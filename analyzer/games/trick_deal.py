"""A trick-taking deal played card by card from Python (scripted deals, notebooks, tests),
over an engine module with ``HAND``, ``TRICKS``, ``TURN``, ``DONE``, ``legal(st, seat)``
and ``play(st, card)`` (:mod:`analyzer.games.whist.engine`, :mod:`analyzer.games.mousel.engine`)."""

from __future__ import annotations

from types import ModuleType

import numpy as np

from analyzer.cards import CardError, format_cards, parse_cards


class TrickDeal:
    """The shared card-by-card interface; a subclass sets ``engine``, ``seats`` and ``state``."""

    engine: ModuleType
    seats: int
    state: np.ndarray

    @property
    def turn(self) -> int:
        return int(self.state[self.engine.TURN])

    @property
    def done(self) -> bool:
        return bool(self.state[self.engine.DONE])

    @property
    def tricks(self) -> list[int]:
        start = self.engine.TRICKS
        return self.state[start:start + self.seats].tolist()

    def legal(self) -> str:
        """The cards the seat on turn may play."""
        mask = int(self.engine.legal(self.state, self.turn))
        return format_cards(c for c in range(52) if mask >> c & 1)

    def play(self, card: str) -> None:
        """The seat on turn plays ``card``; an illegal card is refused with the reason."""
        if self.done:
            raise ValueError("the deal is over")
        codes = parse_cards(card)
        if len(codes) != 1:
            raise CardError(f"play one card at a time, got {card!r}")
        code, seat = int(codes[0]), self.turn
        if not self.state[self.engine.HAND + seat] >> code & 1:
            raise ValueError(f"seat {seat} does not hold {format_cards([code])}")
        if not self.engine.legal(self.state, seat) >> code & 1:
            raise ValueError(f"seat {seat} may not play {format_cards([code])}: legal are {self.legal()}")
        self.engine.play(self.state, code)
