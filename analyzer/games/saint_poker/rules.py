"""The rule options of Saint Poker (the resolutions S-1, S-5, S-7 and S-10), as data."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FINAL_TIES = {"shared": 0, "round8": 1}


@dataclass(frozen=True)
class SaintPokerRules:
    """``final_tie``: a tie for the most points is a ``shared`` win, or the round-8 hands
    break it (``round8``, S-7). ``random_priority``: the draft tie-break's "youngest" is
    drawn afresh at random for each draft instead of seat 0, 1, ... (S-5). ``snake_draft``: the second
    draft pass goes in reverse order (S-10; by default both passes go in the same order).
    ``future_face_up``: the future river is face up; ``False`` hides it until it becomes
    the river (S-1)."""

    final_tie: str = "shared"
    random_priority: bool = False
    snake_draft: bool = False
    future_face_up: bool = True

    def __post_init__(self) -> None:
        if self.final_tie not in FINAL_TIES:
            raise ValueError(f"saint_poker.final_tie must be shared or round8, got {self.final_tie!r}")
        for name in ("random_priority", "snake_draft", "future_face_up"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"saint_poker.{name} must be True or False, got {getattr(self, name)!r}")

    def codes(self) -> tuple[np.ndarray, int]:
        """The kernels' options ``[random priority (S-5), snake draft (S-10), face-down future
        river (S-1)]`` and the final-tie code (S-7)."""
        options = np.array([self.random_priority, self.snake_draft, not self.future_face_up], np.int64)
        return options, FINAL_TIES[self.final_tie]

    def to_dict(self) -> dict:
        """The four options by name (what results' ``to_dict`` spell out)."""
        return {
            "final_tie": self.final_tie,
            "random_priority": self.random_priority,
            "snake_draft": self.snake_draft,
            "future_face_up": self.future_face_up,
        }


__all__ = ["FINAL_TIES", "SaintPokerRules"]
