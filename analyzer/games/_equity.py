"""The equity result shared by Hold'em (rules §6.2) and five-card stud (§6.3).

A player's equity is his expected share of the pot at showdown: 1 for a win, ``1/k`` for a
``k``-way tie, 0 for a loss, averaged over the deals of the unknown cards (exactly, or over
Monte Carlo trials with a standard error).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.sim.facts import RunFacts
from analyzer.sim.showdown import PlayerEquity

if TYPE_CHECKING:  # matplotlib is imported when a chart is drawn, not with the game
    import pandas as pd
    from matplotlib.figure import Figure

GAME_TITLES = {"holdem": "Hold'em", "stud": "Five-card stud"}


def equity_title(head: str, board: str, dead: str) -> str:
    """``head`` with the board and the dead cards, where there are any.

    >>> equity_title("Hold'em equity", "Kh 7d 2c", "")
    "Hold'em equity, board Kh 7d 2c"
    """
    parts = [head]
    if board:
        parts.append(f"board {board}")
    if dead:
        parts.append(f"dead {dead}")
    return ", ".join(parts)


@dataclass(frozen=True)
class EquityResult:
    """Every player's equity at showdown, exact (standard errors 0) or Monte Carlo.

    Attributes
    ----------
    game:
        ``"holdem"`` or ``"stud"``.
    players:
        One :class:`~analyzer.sim.showdown.PlayerEquity` per player, in the order given: the hand
        or range (canonical text), its live ``combos`` (those in at least one deal) and
        ``combos_listed`` (all of them, board and dead cards removed), ``equity``, ``win`` (the
        chance to win alone), ``tie`` (the chance to split), ``stderr`` (0 when exact) and, when
        asked for, ``categories`` (the final-hand category distribution) and ``breakdown``
        (Hold'em: the figures combo by combo and class by class,
        :class:`~analyzer.sim.breakdown.Breakdown`).
    board, dead:
        The board and the dead cards, canonical text (``""`` for none).
    run:
        How the figures were found: ``run.trials`` is the number of deals enumerated when exact,
        else the Monte Carlo trials (with ``run.seed`` and ``run.chunk_size``, which reproduce it).
    """

    game: str
    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    run: RunFacts

    @property
    def title(self) -> str:
        """``"Hold'em equity"`` with the board and dead cards, if any."""
        return equity_title(f"{GAME_TITLES[self.game]} equity", self.board, self.dead)

    def to_frame(self) -> pd.DataFrame:
        """One row per player: ``player`` (from 1), ``range``, ``combos`` (live), ``combos_listed``,
        ``equity``, ``win``, ``tie``, ``stderr`` (the category distributions and breakdowns are
        in :meth:`to_dict`)."""
        import pandas as pd  # here, not at the top: queries print without pandas

        rows = []
        for i, p in enumerate(self.players, start=1):
            row = {"player": i, **p.to_dict()}
            row.pop("categories", None)
            row.pop("breakdown", None)
            rows.append(row)
        return pd.DataFrame(rows)

    def to_dict(self) -> dict:
        """The JSON the command line prints with ``--json``: the game, the run's facts, the board,
        the dead cards and one object per player."""
        return {
            "game": self.game,
            **self.run.to_dict(),
            "board": self.board,
            "dead": self.dead,
            "players": [p.to_dict() for p in self.players],
        }

    def __repr__(self) -> str:
        width = max(len(p.hand) for p in self.players)
        lines = [f"EquityResult: {self.title}; {self.run.describe('deal')}"]
        for i, p in enumerate(self.players, start=1):
            error = "" if self.run.exact else f" ± {100 * p.stderr:.3f}%"
            lines.append(
                f"  player {i}  {p.hand:<{width}}  equity {100 * p.equity:.3f}%{error}"
                f"  win {100 * p.win:.3f}%  tie {100 * p.tie:.3f}%"
            )
        return "\n".join(lines)

    def plot(self) -> Figure:
        """A bar per player: equity in % of the pot, with error bars of two standard errors
        unless exact; the note under the chart gives the method and the number of deals."""
        from analyzer.charts import bar_chart

        return bar_chart(
            [f"{i}: {p.hand}" for i, p in enumerate(self.players, start=1)],
            [100 * p.equity for p in self.players],
            errors=None if self.run.exact else [200 * p.stderr for p in self.players],
            title=self.title,
            value_label="equity (% of the pot)",
            error_note=self.run.error_note("deal"),
        )


__all__ = ["GAME_TITLES", "EquityResult"]
