"""Pai Gow Poker (rules §5.3): how the House Way sets a hand, and the legal splits of a hand.

A split puts 2 cards in front and 5 in the back; it is legal when the back outranks the front.
The House Way itself is the dealer policy in :mod:`analyzer.games.paigow.policies`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from itertools import combinations
from typing import TYPE_CHECKING

import numpy as np

from analyzer.cards import CardError, CardsInput, format_cards, parse_cards
from analyzer.eval import hand_name
from analyzer.games.paigow.policies import RULES, WAYS, _house_way, split_values
from analyzer.text import plural

if TYPE_CHECKING:
    import pandas as pd


def parse_hand(cards: CardsInput) -> np.ndarray:
    """Seven Pai Gow cards, as text or codes (the joker allowed once)."""
    codes = parse_cards(cards, allow_joker=True, rules_name="Pai Gow rules")
    if len(codes) != 7:
        raise CardError(f"{plural(len(codes), 'card')} given: a Pai Gow hand has 7")
    return codes


def way_number(way: str) -> int:
    """The kernels' number of a House Way name; ValueError naming the choices for any other."""
    try:
        return WAYS[way]
    except KeyError:
        raise ValueError(f"unknown House Way {way!r}: expected one of {', '.join(WAYS)}") from None


@dataclass(frozen=True)
class Setting:
    """A split of 7 cards (rules §5.1): the front (2 cards) and the back (5 cards), each as
    canonical text with its name and its value (higher beats lower under Pai Gow rules, §5.2)."""

    front: str
    back: str
    front_name: str
    back_name: str
    front_value: int
    back_value: int


@dataclass(frozen=True)
class HouseWaySetting(Setting):
    """How the House Way sets a hand (rules §5.3), and the rule that decided it.

    Attributes
    ----------
    front, back, front_name, back_name, front_value, back_value:
        The setting (see :class:`Setting`).
    rule:
        The House Way rule that applied first, numbered as in rules §5.3.
    way:
        The House Way: ``"foxwoods"``, ``"trump-plaza"`` or ``"improved"``.
    """

    rule: str = ""
    way: str = "foxwoods"

    def to_dict(self) -> dict:
        """The JSON the command line prints with ``--json``: every field."""
        return asdict(self)

    def to_frame(self) -> pd.DataFrame:
        """Two rows, ``front`` then ``back``: ``hand``, ``cards``, ``name`` and ``value``."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame(
            {
                "hand": ["front", "back"],
                "cards": [self.front, self.back],
                "name": [self.front_name, self.back_name],
                "value": [self.front_value, self.back_value],
            }
        )

    def __repr__(self) -> str:
        return "\n".join(
            [
                f"HouseWaySetting ({self.way}): {self.rule}",
                f"  front  {self.front:<16} {self.front_name}",
                f"  back   {self.back:<16} {self.back_name}",
            ]
        )


def _setting(cards: np.ndarray, a: int, b: int) -> Setting:
    front_value, back_value = split_values(cards, a, b)
    back = [c for i, c in enumerate(cards.tolist()) if i not in (a, b)]
    return Setting(
        front=format_cards([cards[a], cards[b]]),
        back=format_cards(back),
        front_name=hand_name(front_value),
        back_name=hand_name(back_value),
        front_value=int(front_value),
        back_value=int(back_value),
    )


def house_way_setting(cards: CardsInput, way: str = "foxwoods") -> HouseWaySetting:
    """How the House Way ``way`` sets a 7-card hand (rules §5.3), and the rule that decided it.

    Parameters
    ----------
    cards:
        Seven cards, as text or codes, the joker (``Jk``) allowed.
    way:
        ``"foxwoods"`` (the default of §5.3), ``"trump-plaza"`` or ``"improved"`` (Foxwoods
        with another two-pair rule).
    """
    codes = parse_hand(cards)
    a, b, rule = _house_way(codes, way_number(way))
    return HouseWaySetting(**asdict(_setting(codes, a, b)), rule=RULES[rule], way=way)


def legal_settings(cards: np.ndarray) -> list[Setting]:
    """Every distinct legal split (the back outranks the front), one per (front, back) value pair."""
    seen, settings = set(), []
    for a, b in combinations(range(7), 2):
        s = _setting(cards, a, b)
        if s.back_value > s.front_value and (s.front_value, s.back_value) not in seen:
            seen.add((s.front_value, s.back_value))
            settings.append(s)
    return settings


__all__ = ["HouseWaySetting", "Setting", "house_way_setting", "legal_settings", "parse_hand", "way_number"]
