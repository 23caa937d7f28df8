"""The result of ``holdem hits``: what a range makes and draws to on a flop, a turn or every flop.

Each row is a weighted count of combos and its share of the range: the made-hand rows (a
partition of the combos, :data:`~analyzer.games.holdem.texture.MADE`), their sums by category,
and the draws (:data:`~analyzer.games.holdem.texture.DRAWS`), which may overlap. On every flop,
each flop counts once with every combo of the range that holds none of its cards: a row's
``combos`` is its weight summed over the flops divided by the number of flops, and its share
that sum over the range's weight summed over the flops, which is the chance that a hand dealt
from the range (by weight) and a flop dealt from the cards left make the row.

On a flop or a turn each row also lists its combos (``hands``), and :meth:`HitsResult.filter`
makes a range of the combos of some rows (Flopzilla's filter: "top pair or better, or a flush
draw"), their weights kept, to feed an equity query. On every flop a combo makes different rows
on different flops: the rows list no combos there, and there is nothing to filter.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._equity import equity_title
from analyzer.games._results import Result, json_ready
from analyzer.games.holdem.texture import MADE
from analyzer.ranges import EmptyRangeError, Range, format_combo
from analyzer.sim.facts import RunFacts
from analyzer.text import combos_text, plural

if TYPE_CHECKING:  # pandas and matplotlib are imported by to_frame() and plot(), not with the game
    import pandas as pd
    from matplotlib.figure import Figure

CATEGORY_OF = {name: category.label for name, category in MADE}
"""The category label of each made-hand row."""

BETTER = ("+", " or better")
"""The endings of a :meth:`HitsResult.filter` name that add every stronger made-hand row."""


@dataclass(frozen=True)
class HitRow(Result):
    """One row: ``name``, the weighted ``combos`` that make it (per board) and their ``share`` of
    the range's weight; ``hands``, on a flop or a turn, those combos (``"AsKd"``, in the range's
    canonical order), ``None`` on every flop (module docstring)."""

    name: str
    combos: float
    share: float
    hands: tuple[str, ...] | None = None

    def to_dict(self) -> dict:
        """``{"row": name, "combos": ..., "share": ..., "hands": [...] or None}``."""
        return {"row": self.name, "combos": self.combos, "share": self.share, "hands": self.hands}


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
    in_play:
        The range's combos in play (:attr:`combos` of them) with their weights, a
        :class:`~analyzer.ranges.Range`.
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
    in_play: Range

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

    def filter(self, *names: str) -> Range:
        """The range of the combos in play that make any of the rows ``names``, at their weights:
        on a flop or a turn, Flopzilla's filter, ready for :func:`analyzer.api.holdem.equity`.

        A name is a made-hand row, a category or a draw as the rows name them, in any case
        (``"top pair"``, ``"Flush draw"``, ``"Two pair"``); a made-hand row or a category
        followed by ``+`` or ``or better`` (``"Top pair+"``, ``"pair or better"``) means it and
        every stronger made-hand row, in the order of
        :data:`~analyzer.games.holdem.texture.MADE` (strongest first). Each argument holds one
        name or several separated by commas (``"top pair+, flush draw"``; the comma inside a row's
        own name, ``"Two pair, both hole cards"``, stays in it). ValueError for a name that is
        none of these (listing the rows), on every flop (no combo has one row there), or for no
        name; :class:`~analyzer.ranges.EmptyRangeError` when no combo makes any of the rows.
        """
        if not self.board:
            raise ValueError("on every flop a combo makes different rows on different flops: give a board to filter")
        pieces = [p.strip() for name in names for p in name.split(",") if p.strip()]
        if not pieces:
            raise ValueError("name at least one row to filter by, e.g. 'Top pair+' or 'Flush draw'")
        chosen: set[str] = set()
        i = 0
        while i < len(pieces):  # two pieces that name one row ("Two pair, both hole cards") are one name
            joined = self._named(f"{pieces[i]}, {pieces[i + 1]}") if i + 1 < len(pieces) else None
            rows = joined if joined is not None else self._named(pieces[i])
            if rows is None:
                raise self._unknown(pieces[i])
            chosen.update(hand for row in rows for hand in row.hands or ())
            i += 1 if joined is None else 2
        keep = np.array([format_combo(c) in chosen for c in self.in_play.combos], bool)
        if not keep.any():
            raise EmptyRangeError(f"no combo of {self.range} makes {', '.join(pieces)} on {self.board}")
        combos, weights = self.in_play.combos[keep], self.in_play.weights[keep]
        return Range(combos, weights, Range(combos, weights, "").canonical())

    def _named(self, name: str) -> tuple[HitRow, ...] | None:
        """The rows that the :meth:`filter` name ``name`` means, or None if it names none."""
        text = " ".join(name.split()).lower()
        ending = next((e for e in BETTER if text.endswith(e) and len(text) > len(e)), "")
        base = text[: len(text) - len(ending)].strip()
        made = [r.name.lower() for r in self.made]
        categories = {r.name.lower(): r.name for r in self.categories}
        if ending and base in made:
            return self.made[: made.index(base) + 1]
        if ending and base in categories:
            weakest = max(i for i, r in enumerate(self.made) if CATEGORY_OF[r.name] == categories[base])
            return self.made[: weakest + 1]
        if ending and base in [r.name.lower() for r in self.draws]:
            raise ValueError(f"row {name!r}: '+' and 'or better' follow a made hand or a category, not a draw")
        return next(((r,) for r in (*self.made, *self.categories, *self.draws) if r.name.lower() == text), None)

    def _unknown(self, name: str) -> ValueError:
        """The error for a :meth:`filter` name that names no row: the closest row, and every row."""
        names = list(dict.fromkeys(r.name for r in (*self.made, *self.categories, *self.draws)))
        lower = {n.lower(): n for n in names}
        close = difflib.get_close_matches(" ".join(name.split()).lower().rstrip("+ "), list(lower), n=1)
        guess = f" (did you mean {lower[close[0]]!r}?)" if close else ""
        return ValueError(
            f"unknown row {name!r}{guess}; the rows (+ after a made hand or category adds every stronger one): "
            f"{'; '.join(names)}"
        )

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
