"""The rule options of the Head to Head betting game (§2.7-2.8), as data."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from analyzer.games.head_to_head.betting.engine import WINDOW_RECEIVER, WINDOW_TURN

WINDOWS = {"turn": WINDOW_TURN, "receiver": WINDOW_RECEIVER}


@dataclass(frozen=True)
class BettingRules:
    """The betting options of §2.7-2.8 with their documented defaults:
    ``decline_forfeits_own_chips`` (H-B2: a decliner's chips on the card go to the bettor, or
    back to him), ``bet_window`` (H-B7: ``turn``, the player on turn only, or ``receiver``, also
    the Share 2 receiver), ``min_bet`` (H-B6: the smallest bet and the step), ``row_cap`` (H-B3:
    per player per row per round) and ``max_raise`` (§2.7: what one bet or raise adds)."""

    decline_forfeits_own_chips: bool = True  # H-B2
    bet_window: str = "turn"  # H-B7: the player on turn only, or also the Share 2 receiver
    min_bet: int = 10  # H-B6
    row_cap: int = 200  # H-B3, per player per row per round
    max_raise: int = 100  # §2.7: each bet or raise adds at most $100

    def __post_init__(self) -> None:
        if self.bet_window not in WINDOWS:
            raise ValueError(f"unknown bet window {self.bet_window!r}: expected turn or receiver")
        if not 0 < self.min_bet <= self.max_raise <= self.row_cap:
            raise ValueError(
                f"betting limits must satisfy 0 < min bet <= max raise <= row cap, got "
                f"{self.min_bet}, {self.max_raise}, {self.row_cap}"
            )
        if self.max_raise % self.min_bet or self.row_cap % self.min_bet:
            raise ValueError(f"the max raise and the row cap must be multiples of the min bet ({self.min_bet})")

    def codes(self) -> np.ndarray:
        """The kernels' codes: forfeit flag, bet window, min bet, row cap, max raise."""
        return np.array(
            [
                int(self.decline_forfeits_own_chips),
                WINDOWS[self.bet_window],
                self.min_bet,
                self.row_cap,
                self.max_raise,
            ],
            np.int64,
        )


__all__ = ["WINDOWS", "BettingRules"]
