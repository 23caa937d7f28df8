"""Rating studies, shared by the games with round robins: the tables, the manifest's account of
the fit and the chart of a :class:`~analyzer.games.ratings.Ratings`."""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import bar_chart
from analyzer.games.ratings import Ratings
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.runner import Runner
from analyzer.studies.registry import FigureMaker, drawn_result


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


def head_to_head_ratings_spec(analysis: str, players: Sequence[str], game: str, deals: int, seed: int) -> ResultSpec:
    """The spec of a Head to Head rating round robin of ``players`` in ``game`` (what is played,
    in words): ``deals`` paired deals a pair."""
    pairs = len(players) * (len(players) - 1) // 2
    return ResultSpec(
        analysis,
        "ratings",
        inputs={
            "players": list(players),
            "game": game,
            "pairing": "every pair plays the same deals, each twice with the seats swapped",
            "model": "Bradley-Terry on the shares of the games won, weighted by their paired standard errors",
        },
        method="monte-carlo",
        seed=seed,
        trials=deals * pairs,
        chunk_size=None,
    )


def head_to_head_ratings(
    spec: ResultSpec, *, deals: int, betting: bool, seed: int, figures: FigureMaker, command: str, runner: Runner
) -> ResultSet:
    """The result of ``spec`` (:func:`head_to_head_ratings_spec`): the round robin of its players
    (:func:`analyzer.games.head_to_head.tournament.tournament`, the betting game with
    ``betting``) on ``deals`` paired deals a pair from ``seed``, the Bradley-Terry ratings fitted to its shares of the
    games won (:mod:`analyzer.games.ratings`), their tables and ``figures``."""
    from analyzer.games.head_to_head.tournament import tournament

    start = time.perf_counter()
    result = tournament(spec.inputs["players"], betting=betting, deals=deals, seed=seed, runner=runner)
    ratings = result.ratings()
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_rating_se": max(r.stderr for r in ratings.ratings)},
        outcomes=ratings_outcomes(ratings),
        command=command,
    )
    return drawn_result(spec, ratings_tables(ratings), manifest, figures)
