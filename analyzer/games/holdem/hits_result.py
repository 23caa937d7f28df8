"""The result of ``holdem hits``: what a range makes and draws to on a flop, a turn or every flop.

Each row is a weighted count of combos and its share of the range: the made-hand rows (a
partition of the combos, :data:`~analyzer.games.holdem.texture.MADE`), their sums by category,
and the draws (:data:`~analyzer.games.holdem.texture.DRAWS`), which may overlap. On every flop,
each flop counts once with every combo of the range that holds none of its cards: a row's
``combos`` is its weight summed over the flops divided by the number of flops, and its share
that sum over the range's weight summed over the flops, which is the chance that a hand dealt
from the range (by weight) and a flop dealt from the cards left make the row.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzer.games._equity import equity_title
from analyzer.games._results import Result, json_ready
from analyzer.games.holdem.texture import MADE
from analyzer.sim.facts import RunFacts
from analyzer.text import combos_text, plural

if TYPE_CHECKING:  # pandas and matplotlib are imported by to_frame() and plot(), not with the game
    import pandas as pd
    from matplotlib.figure import Figure

CATEGORY_OF = {name: category.label for name, category in MADE}
"""The category label of each made-hand row."""


@dataclass(frozen=True)
class HitRow(Result):
    """One row: ``name``, the weighted ``combos`` that make it (per board) and their ``share`` of
    the range's weight."""

    name: str
    combos: float
    share: float

    def to_dict(self) -> dict:
        """``{"row": name, "combos": ..., "share": ...}``."""
        return {"row": self.name, "combos": self.combos, "share": self.share}


@dataclass(frozen=True)
class HitsResult(Result):
    """What a range makes and draws to on a board, or on every flop (module docstring).

    Attributes
    ----------
    range:
        The range as given, canonical text.
    board, dead:
        The board (3 or 4 cards; ``""`` for every flop) and the dead cards, canonical text.
    combos:
        The range's combos in play: without those holding a board or dead card.
    weight:
        Their weight on the board (the sum of their weights); on every flop, the mean over the
        flops of the weight of the combos holding no card of the flop.
    boards:
        The boards counted: 1, or the number of flops of the cards left.
    made:
        One :class:`HitRow` per made-hand row, strongest first: a partition, the shares add to 1.
    categories:
        The made-hand rows summed by category, strongest first.
    draws:
        One :class:`HitRow` per draw (the backdoor draws on a flop only); a combo may have several.
    run:
        How the rows were found: ``run.trials`` is the number of (combo, board) hands classified.
    """

    range: str
    board: str
    dead: str
    combos: int
    weight: float
    boards: int
    made: tuple[HitRow, ...]
    categories: tuple[HitRow, ...]
    draws: tuple[HitRow, ...]
    run: RunFacts

    @property
    def title(self) -> str:
        """``"Hold'em hits of QQ+, AKs, board Kh 7d 2c"``, or ``"... on every flop"``."""
        head = f"Hold'em hits of {self.range}" + ("" if self.board else " on every flop")
        return equity_title(head, self.board, self.dead)

    @property
    def how(self) -> str:
        """How the rows were found: ``"exact, 28 hands"``, ``"exact, 19,600 flops, ... hands"``."""
        hands = plural(self.run.trials, "hand")
        return f"exact, {hands}" if self.board else f"exact, {plural(self.boards, 'flop')}, {hands}"

    def row(self, name: str) -> HitRow:
        """The made-hand, category or draw row called ``name`` (KeyError if there is none)."""
        for row in (*self.made, *self.categories, *self.draws):
            if row.name == name:
                return row
        raise KeyError(name)

    def made_in(self, category: str) -> tuple[HitRow, ...]:
        """The made-hand rows of the category called ``category``, strongest first."""
        return tuple(r for r in self.made if CATEGORY_OF[r.name] == category)

    def to_frame(self) -> pd.DataFrame:
        """One row per result row: ``kind`` (``"category"``, ``"made"`` or ``"draw"``), ``row``,
        ``category`` (of a made-hand or category row; empty for a draw), ``combos``, ``share``."""
        import pandas as pd  # here, not at the top: queries print without pandas

        records = [("category", r.name, r.name, r.combos, r.share) for r in self.categories]
        records += [("made", r.name, CATEGORY_OF[r.name], r.combos, r.share) for r in self.made]
        records += [("draw", r.name, "", r.combos, r.share) for r in self.draws]
        return pd.DataFrame(records, columns=["kind", "row", "category", "combos", "share"])

    def to_dict(self) -> dict:
        """The JSON the command line prints with ``--json``: the run's facts, the range, board,
        dead cards, counts, and the ``categories``, ``made`` (each with its ``category``) and
        ``draws`` rows, strict JSON (an undefined number is ``None``)."""
        return json_ready(
            {
                "game": "holdem",
                **self.run.to_dict(),
                "range": self.range,
                "board": self.board,
                "dead": self.dead,
                "combos": self.combos,
                "weight": self.weight,
                "boards": self.boards,
                "categories": [r.to_dict() for r in self.categories],
                "made": [{**r.to_dict(), "category": CATEGORY_OF[r.name]} for r in self.made],
                "draws": [r.to_dict() for r in self.draws],
            }
        )

    def __repr__(self) -> str:
        rows = [r for r in (*self.made, *self.draws) if r.combos]
        width = max((len(r.name) for r in rows), default=0)
        lines = [f"HitsResult: {self.title}; {self.how}, {combos_text(self.weight)} combos"]
        lines += [f"  {r.name:<{width}}  {combos_text(r.combos):>8}  {100 * r.share:7.3f}%" for r in rows]
        return "\n".join(lines)

    def plot(self) -> Figure:
        """A horizontal bar per made-hand row and draw that some combo makes: its share of the range."""
        from analyzer.charts import bar_chart

        rows = [r for r in (*self.made, *self.draws) if r.combos]
        where = f"board {self.board}" if self.board else "every flop"
        return bar_chart(
            [r.name for r in rows],
            [100 * r.share for r in rows],
            title=f"{self.range}: hits on {where}" + (f", dead {self.dead}" if self.dead else ""),
            value_label="share of the range's combos (%)",
            error_note=(
                f"{self.how}; no sampling error\nmade hands first (one per combo), then draws (a combo may have"
                " several); rows no combo makes are left out"
            ),
        )


__all__ = ["CATEGORY_OF", "HitRow", "HitsResult"]
