"""The equity result shared by Hold'em and five-card stud."""

from __future__ import annotations

from dataclasses import dataclass, field

import pandas as pd

from analyzer.sim.facts import RunFacts
from analyzer.sim.showdown import PlayerEquity


@dataclass(frozen=True)
class EquityResult:
    """Equity of every player: exact (stderr 0) or Monte Carlo (with standard errors)."""

    game: str
    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    run: RunFacts  # trials: Monte Carlo showdowns, or the number of deals enumerated
    extra: dict = field(default_factory=dict)

    def to_frame(self) -> pd.DataFrame:
        rows = []
        for i, p in enumerate(self.players, start=1):
            row = {"player": i, **p.to_dict()}
            row.pop("categories", None)
            rows.append(row)
        return pd.DataFrame(rows)

    def to_dict(self) -> dict:
        return {
            "game": self.game,
            **self.run.to_dict(),
            "board": self.board,
            "dead": self.dead,
            "players": [p.to_dict() for p in self.players],
            **self.extra,
        }


__all__ = ["EquityResult"]
