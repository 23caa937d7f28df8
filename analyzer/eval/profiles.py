"""Rule profiles of the shared hand ranking (rules §1.3)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    """One rule profile of the evaluator.

    * ``joker``: a 53-card deck whose joker is an ace or completes a straight,
      flush or straight flush; four aces and the joker make five aces, the top hand.
    * ``wheel_second``: A-2-3-4-5 is the second-highest straight and straight
      flush (Pai Gow); otherwise it is the lowest (five high).
    * ``joker_flush_ace``: in a flush the joker counts as an ace (the
      "double-ace flush" house rule) instead of the highest missing rank.
    """

    name: str
    joker: bool = False
    wheel_second: bool = False
    joker_flush_ace: bool = False

    def __post_init__(self) -> None:
        if (self.wheel_second or self.joker_flush_ace) and not self.joker:
            raise ValueError("wheel_second and joker_flush_ace are joker-deck profiles")

    @property
    def deck_size(self) -> int:
        """Cards in the profile's deck: 52, or 53 with the joker (code 52)."""
        return 53 if self.joker else 52


STANDARD = Rules("standard")
BUG = Rules("bug", joker=True)
PAIGOW = Rules("paigow", joker=True, wheel_second=True)
PAIGOW_DOUBLE_ACE = Rules("paigow-double-ace", joker=True, wheel_second=True, joker_flush_ace=True)

PROFILES = {r.name: r for r in (STANDARD, BUG, PAIGOW, PAIGOW_DOUBLE_ACE)}


def get_rules(rules: str | Rules) -> Rules:
    """Look a profile up by name (``standard``, ``bug``, ``paigow``, ``paigow-double-ace``)."""
    if isinstance(rules, Rules):
        return rules
    try:
        return PROFILES[rules.lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown rules {rules!r}: expected one of {', '.join(PROFILES)}") from None
