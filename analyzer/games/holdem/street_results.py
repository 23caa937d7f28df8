"""The result of Hold'em equity on every card of the next street: every flop, or every turn.

Each board of the street (the flop's three cards, or the turn card added to a known flop) is
completed exactly over every later card, so a board's equities are exact. Each row weighs what
its boards' probability is in proportion: with known hands every board is equally likely and a
row weighs the boards it stands for; with ranges a board's probability is the summed weight of
the deals that produce it, and a row weighs that. So the boards' mean equity, by weight, is the
equity before the street. :class:`EquityDistribution` sums up one player's equity over the
boards by weight: mean, quantiles, a histogram, how often he is ahead or a big favourite;
:meth:`StreetEquities.plot` draws it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.cards import format_cards
from analyzer.games._equity import equity_title
from analyzer.games._results import Result, json_ready
from analyzer.sim.facts import RunFacts
from analyzer.sim.showdown import PlayerEquity
from analyzer.text import plural

if TYPE_CHECKING:  # pandas and matplotlib are imported by to_frame() and plot(), not with the game
    import pandas as pd
    from matplotlib.figure import Figure

QUANTILES = (0.1, 0.25, 0.5, 0.75, 0.9)
BINS = 10  # histogram bins of 10% of the pot each
FAVOURITE = 0.8  # a "big favourite" has at least this equity
PLOT_KINDS = ("sorted", "histogram")  # the charts of StreetEquities.plot


@dataclass(frozen=True)
class EquityDistribution(Result):
    """One player's equity over the boards of a street, each board counted by its weight.

    Attributes
    ----------
    player, hand:
        The player (from 1) and his hand.
    boards:
        The number of boards (each row's ``sizes`` summed; with ranges, the boards on which
        they can be dealt).
    mean:
        The weighted mean equity: the equity before the street, up to rounding.
    quantiles:
        ``(q, equity)`` pairs for q = 10%, 25%, 50%, 75%, 90%: the smallest equity ``e`` such that
        boards of equity at most ``e`` weigh at least ``q`` of all (the inverse distribution).
    counts:
        Boards per bin of 10% of the pot: ``[0, 0.1)``, ``[0.1, 0.2)`` ... ``[0.9, 1]``.
    shares:
        The boards' weight per bin, as a share of all (``counts`` over ``boards`` with known
        hands, whose boards are equally likely).
    ahead:
        The share of boards on which his equity is larger than every other player's.
    favourite:
        The share of boards on which his equity is at least :data:`FAVOURITE` (80%).
    """

    player: int
    hand: str
    boards: int
    mean: float
    quantiles: tuple[tuple[float, float], ...]
    counts: tuple[int, ...]
    shares: tuple[float, ...]
    ahead: float
    favourite: float

    @classmethod
    def of(
        cls, equity: np.ndarray, weights: np.ndarray, sizes: np.ndarray, player: int, hand: str
    ) -> EquityDistribution:
        """The distribution of column ``player - 1`` of ``equity`` (rows x players), row ``b``
        weighing ``weights[b]`` and standing for ``sizes[b]`` boards."""
        mine = equity[:, player - 1]
        others = np.delete(equity, player - 1, axis=1)
        total = weights.sum()
        order = np.argsort(mine, kind="stable")
        cumulative = np.cumsum(weights[order])
        quantiles = tuple(
            (q, float(mine[order][np.searchsorted(cumulative, q * total, side="left")])) for q in QUANTILES
        )
        counts, _ = np.histogram(mine, bins=BINS, range=(0.0, 1.0), weights=sizes)
        shares, _ = np.histogram(mine, bins=BINS, range=(0.0, 1.0), weights=weights / total)
        ahead = weights[(mine > others.max(axis=1))].sum() / total
        return cls(
            player=player,
            hand=hand,
            boards=int(sizes.sum()),
            mean=float(np.average(mine, weights=weights)),
            quantiles=quantiles,
            counts=tuple(int(c) for c in np.rint(counts)),
            shares=tuple(float(s) for s in shares),
            ahead=float(ahead),
            favourite=float(weights[mine >= FAVOURITE].sum() / total),
        )

    def to_dict(self) -> dict:
        """Plain data: the fields, the quantiles as ``{"10%": equity, ...}``."""
        return {
            "player": self.player,
            "hand": self.hand,
            "boards": self.boards,
            "mean": self.mean,
            "quantiles": {f"{100 * q:g}%": e for q, e in self.quantiles},
            "histogram": {
                "bins": [i / BINS for i in range(BINS + 1)],
                "counts": list(self.counts),
                "shares": list(self.shares),
            },
            "ahead": self.ahead,
            "favourite": self.favourite,
        }


@dataclass(frozen=True, eq=False)
class StreetEquities(Result):
    """Every player's exact equity on every board of a street (every flop, or every turn), of
    known hands or of ranges.

    Attributes
    ----------
    street:
        ``"flop"`` or ``"turn"``.
    players:
        One :class:`~analyzer.sim.showdown.PlayerEquity` per player over all the boards: the equity
        before the street, exactly as :func:`~analyzer.games.holdem.equity.holdem_equity` finds it
        (to the last digit with whole weights).
    board, dead:
        The known board before the street (``""`` before the flop) and the dead cards, canonical text.
    cards:
        ``(B, k)`` card codes of each row's new cards (3 for a flop, 1 for a turn), high card first.
        With ranges, a board on which some player has no live combo (none free of the board's,
        the dead and the other players' cards) has no row.
    weights:
        ``(B,)`` each row's weight, in proportion to its probability. Known hands: the number of
        boards it stands for (``sizes``; every board is equally likely). Ranges: its probability,
        the summed weight of the deals (a combo per player, weighted by the product of their
        weights) that produce its boards over that of every deal, so they sum to 1.
    sizes:
        ``(B,)`` how many boards each row stands for: all 1 when every board is listed, the size
        of its suit class when ``distinct``.
    equity, win, tie:
        ``(B, n)`` each player's equity, win and tie shares on each row's board.
    distinct:
        Whether the rows are one board per suit class (boards that a permutation of the suits
        fixing every hand, the board and the dead cards maps onto each other have the same
        figures) rather than every board.
    run:
        How the figures were found: ``run.trials`` is the number of deals enumerated (each board
        with each completion), the count of every board even when ``distinct``.
    """

    street: str
    players: tuple[PlayerEquity, ...]
    board: str
    dead: str
    cards: np.ndarray
    weights: np.ndarray
    sizes: np.ndarray
    equity: np.ndarray
    win: np.ndarray
    tie: np.ndarray
    distinct: bool
    run: RunFacts

    @property
    def title(self) -> str:
        """``"Hold'em equity on every flop"`` with the board and dead cards, if any."""
        return equity_title(f"Hold'em equity on every {self.street}", self.board, self.dead)

    @property
    def boards(self) -> list[str]:
        """Each row's new cards as text (``"Ah Kd 7c"``), in the rows' order."""
        return [format_cards(row) for row in self.cards.tolist()]

    def distribution(self, player: int = 1) -> EquityDistribution:
        """The distribution of ``player``'s (from 1) equity over the boards."""
        if not 1 <= player <= len(self.players):
            raise ValueError(f"player must be 1 to {len(self.players)}, got {player}")
        return EquityDistribution.of(self.equity, self.weights, self.sizes, player, self.players[player - 1].hand)

    def best(self, count: int = 3, player: int = 1) -> list[tuple[str, float]]:
        """The ``count`` boards with ``player``'s highest equity, ``(cards, equity)``, best first
        (ties in the rows' order)."""
        order = np.argsort(-self.equity[:, player - 1], kind="stable")[:count]
        return [(format_cards(self.cards[b]), float(self.equity[b, player - 1])) for b in order]

    def worst(self, count: int = 3, player: int = 1) -> list[tuple[str, float]]:
        """The ``count`` boards with ``player``'s lowest equity, ``(cards, equity)``, worst first."""
        order = np.argsort(self.equity[:, player - 1], kind="stable")[:count]
        return [(format_cards(self.cards[b]), float(self.equity[b, player - 1])) for b in order]

    def to_frame(self) -> pd.DataFrame:
        """One row per board: ``flop`` (or ``turn``: the new cards as text), ``weight``, when
        ``distinct`` ``boards`` (its ``sizes``), then ``equity_1``, ``win_1``, ``tie_1``,
        ``equity_2`` ... per player."""
        import pandas as pd  # here, not at the top: queries print without pandas

        columns: dict[str, object] = {self.street: self.boards, "weight": self.weights}
        if self.distinct:
            columns["boards"] = self.sizes
        for p in range(len(self.players)):
            columns[f"equity_{p + 1}"] = self.equity[:, p]
            columns[f"win_{p + 1}"] = self.win[:, p]
            columns[f"tie_{p + 1}"] = self.tie[:, p]
        return pd.DataFrame(columns)

    def to_dict(self) -> dict:
        """The JSON the command line prints with ``--json``: the street, the run's facts, the board,
        the dead cards, the players' equity before the street, player 1's distribution and one
        object per board (``cards``, ``weight``, when ``distinct`` ``boards``, and per player
        ``equity``, ``win``, ``tie``), strict JSON (an undefined number is ``None``)."""
        return json_ready(
            {
                "game": "holdem",
                "street": self.street,
                **self.run.to_dict(),
                "board": self.board,
                "dead": self.dead,
                "distinct": self.distinct,
                "players": [p.to_dict() for p in self.players],
                "distribution": self.distribution().to_dict(),
                "boards": [
                    {"cards": cards, "weight": weight}
                    | ({"boards": size} if self.distinct else {})
                    | {"equity": equity, "win": win, "tie": tie}
                    for cards, weight, size, equity, win, tie in zip(
                        self.boards,
                        self.weights.tolist(),
                        self.sizes.tolist(),
                        self.equity.tolist(),
                        self.win.tolist(),
                        self.tie.tolist(),
                    )
                ],
            }
        )

    def __repr__(self) -> str:
        width = max(len(p.hand) for p in self.players)
        rows = plural(len(self.cards), f"distinct {self.street}" if self.distinct else self.street)
        lines = [f"StreetEquities: {self.title}; {self.run.describe('deal')}, {rows}"]
        for i, p in enumerate(self.players, start=1):
            ahead = self.distribution(i).ahead
            lines.append(
                f"  player {i}  {p.hand:<{width}}  equity {100 * p.equity:.3f}%"
                f"  ahead on {100 * ahead:.1f}% of {self.street}s"
            )
        return "\n".join(lines)

    def plot(self, player: int = 1, kind: str = "sorted") -> Figure:
        """``player``'s equity over the boards, by weight. ``kind="sorted"`` (Equilab's equity
        graph): the boards sorted by his equity, best first, the x axis their cumulative share of
        the weight and the y axis his equity on them, with his mean (the equity before the
        street); ``kind="histogram"``: a bar per bin of 10% of the pot, the boards' share in it."""
        from analyzer.charts import bar_chart, sorted_curve

        dist = self.distribution(player)
        title = f"{dist.hand}: equity on every {self.street}" + (f", board {self.board}" if self.board else "")
        note = f"{self.run.error_note('deal')}; mean equity {100 * dist.mean:.3f}%"
        if kind == "sorted":
            return sorted_curve(
                100 * self.equity[:, player - 1],
                self.weights,
                title=title,
                value_label=f"equity of {dist.hand} (%)",
                share_label=f"share of {self.street}s, by weight (%)",
                mean=100 * dist.mean,
                note=note,
            )
        if kind not in PLOT_KINDS:
            raise ValueError(f"kind must be one of {', '.join(PLOT_KINDS)}, got {kind!r}")
        labels = [f"{10 * i}-{10 * (i + 1)}%" for i in range(BINS)]
        return bar_chart(
            labels,
            [100 * share for share in dist.shares],
            title=title,
            value_label=f"share of {self.street}s, by weight (%)",
            error_note=note,
        )


__all__ = ["BINS", "FAVOURITE", "PLOT_KINDS", "QUANTILES", "EquityDistribution", "StreetEquities"]
