"""Rating studies, shared by the games with round robins: the tables, the manifest's account of
the fit and the chart of a :class:`~analyzer.games.ratings.Ratings`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import bar_chart
from analyzer.games.ratings import Ratings
from analyzer.studies.registry import FigureMaker


def ratings_tables(ratings: Ratings) -> dict[str, pd.DataFrame]:
    """``ratings`` (player, rating, its standard error, best first) and ``observations`` (every
    share against the fit: player, opponent, seats, observed, its standard error, expected, z;
    ``z`` empty for one left out of the fit)."""
    rows = [r.__dict__ for r in (*ratings.residuals, *ratings.left_out)]
    return {"ratings": ratings.to_frame(), "observations": pd.DataFrame(rows)}


def ratings_outcomes(ratings: Ratings) -> dict[str, Any]:
    """The fit, for the manifest's ``outcomes``: chi-square, degrees of freedom, p-value, the
    reversals as ``player v opponent`` and the fit in one line."""
    return {
        "chi_square": round(ratings.chi_square, 3),
        "degrees": ratings.degrees,
        "p_value": None if ratings.p_value is None else round(ratings.p_value, 4),
        "reversals": [f"{r.player} v {r.opponent}" for r in ratings.reversals],
        "fit": ratings.fit_text(),
    }


def ratings_figures(title: str, how: str) -> FigureMaker:
    """The chart maker of a rating result: each player's rating with 2 s.e. error bars, the fit
    (from the manifest) and ``how`` the shares were measured under it."""

    def draw(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
        frame = tables["ratings"]
        figure = bar_chart(
            list(frame.player),
            list(frame.rating.astype(float)),
            errors=list(2 * frame.stderr.astype(float)),
            title=title,
            value_label="Elo points (the field's mean 0)",
            error_note=f"{how}, seed {manifest['seed']}; Bradley-Terry fit, error bars 2 s.e.;\n"
            f"{manifest['outcomes']['fit']}.",
            highlight=0,
        )
        return {"ratings": figure}

    return draw
