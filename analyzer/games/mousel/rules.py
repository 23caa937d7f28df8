"""Mousel rule settings (the resolutions M-1..M-10 of rules §6.5)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from analyzer.games.mousel import engine as E
from analyzer.json_input import options_input

FAIL_MODES = {"payout": E.PAYOUT, "keep": E.KEEP}
MAX_CHIPS = 1e12
"""The largest stake or pot taken: a run's chips are summed in 64-bit floats, exact to whole
chips only below 2**53 (about 9e15), and past about 1e307 a sum is infinite."""


@dataclass(frozen=True)
class MouselRules:
    """``deck``: 52, or 32 (7..A) for at most 6 players (M-1). ``pack_mode``: ``single`` (a
    fresh pack each deal) or ``continuation`` (deals follow on from the same pack, so the
    cards used earlier are out, M-2). ``fail_mode``: ``payout`` or ``keep`` (M-4).
    ``single_participant``: ``void`` (the stake stays in the pot) or ``takes_pot`` (M-8).
    ``stake``: paid into the pot to go along (M-9)."""

    deck: int = 52
    pack_mode: str = "single"
    fail_mode: str = "payout"
    single_participant: str = "void"
    stake: float = 1.0

    def __post_init__(self) -> None:
        if self.deck not in (52, 32):
            raise ValueError(f"mousel.deck must be 52 or 32, got {self.deck!r}")
        if self.pack_mode not in ("single", "continuation"):
            raise ValueError(f"mousel.pack_mode must be single or continuation, got {self.pack_mode!r}")
        if self.fail_mode not in FAIL_MODES:
            raise ValueError(f"mousel.fail_mode must be payout or keep, got {self.fail_mode!r}")
        if self.single_participant not in ("void", "takes_pot"):
            raise ValueError(f"mousel.single_participant must be void or takes_pot, got {self.single_participant!r}")
        if not (math.isfinite(self.stake) and 0 < self.stake <= MAX_CHIPS):
            raise ValueError(f"mousel.stake must be more than 0 and at most {MAX_CHIPS:g} chips, got {self.stake!r}")

    def check_players(self, players: int) -> None:
        """Refuse a table of ``players`` the pack cannot serve: 3 to 8, at most 6 with 32 cards (M-1)."""
        if players not in range(E.MIN_PLAYERS, E.MAX_PLAYERS + 1):
            raise ValueError(f"players must be 3 to 8, got {players!r}")
        if self.deck == 32 and players > E.SHORT_DECK_MAX_PLAYERS:
            raise ValueError(f"the 32-card pack serves at most 6 players (M-1), got {players}")

    @property
    def short_deck(self) -> bool:
        """Whether the pack is the 32-card one (7 to A, M-1)."""
        return self.deck == 32

    @property
    def fail_code(self) -> int:
        """The kernels' code of ``fail_mode`` (M-4)."""
        return FAIL_MODES[self.fail_mode]

    @property
    def single_takes_pot(self) -> bool:
        """Whether a lone participant takes the pot (M-8 ``takes_pot``)."""
        return self.single_participant == "takes_pot"

    def to_dict(self) -> dict:
        """The five options by name."""
        return asdict(self)


def advice_rules(used: str, options: MouselRules | Mapping[str, Any] | None = None) -> MouselRules:
    """The rules of an advice on one deal: ``options`` as given (a :class:`MouselRules`, or a dict
    of some of its fields), the pack mode, unless they name it, following from ``used``:
    ``continuation`` when earlier deals of the pack used cards (M-2), else ``single``.

    >>> advice_rules("Ah Kh").pack_mode, advice_rules("", {"deck": 32}).pack_mode
    ('continuation', 'single')
    """
    if isinstance(options, MouselRules):
        return options
    fields = dict(options or {})
    fields.setdefault("pack_mode", "continuation" if used.strip() else "single")
    return options_input(fields, MouselRules)
