"""Five-card draw tables: exact odds of the standard draws (standard and Bug decks), the
best discard and pre-draw equity by hand class and number of opponents, and what Jacks
or Better does to the game.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.colors import ListedColormap
from matplotlib.figure import Figure
from matplotlib.patches import Patch

from analyzer.charts import add_note, count_text
from analyzer.eval import Category
from analyzer.games.draw.advise import advise
from analyzer.games.draw.engine import POLICIES, draw_kernels
from analyzer.games.draw.odds import draw_odds
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.engine import Stopping
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed
from analyzer.studies.registry import drawn_result

STRATEGY_CHUNK = 1 << 15
DEALS_CHUNK = 1 << 18

# (situation, hand, discard): the draws of rules §4.5 and test vector A.4
SITUATIONS = [
    ("pair", "Jc Jd 8h 5s 2c", "8h 5s 2c"),
    ("pair with an ace kicker", "Jc Jd Ah 5s 2c", "5s 2c"),
    ("two pair", "Jc Jd 8h 8s 2c", "2c"),
    ("trips", "7c 7d 7h Ks 2c", "Ks 2c"),
    ("four-flush", "Ah Kh 9h 7h 2c", "2c"),
    ("open-ended straight draw", "9c Td Jh Qs 3c", "3c"),
    ("inside straight draw", "9c Td Jh Ks 3c", "3c"),
    ("ace alone (4-card draw)", "Ah Kc Qd 9h 6s", "Kc Qd 9h 6s"),
]

# (class, representative hand) for the strategy chart and pre-draw equity
CLASSES = [
    ("pair of deuces", "2c 2d 9h 7s 4c"),
    ("pair of eights", "8c 8d Th 6s 3c"),
    ("pair of jacks", "Jc Jd 9h 6s 3c"),
    ("pair of kings", "Kc Kd 9h 6s 3c"),
    ("pair of aces", "Ac Ad 9h 6s 3c"),
    ("pair of deuces, ace kicker", "2c 2d Ah 7s 4c"),
    ("pair of eights, ace kicker", "8c 8d Ah 6s 3c"),
    ("pair of jacks, ace kicker", "Jc Jd Ah 6s 3c"),
    ("two pair, jacks up", "Jc Jd 4h 4s 9c"),
    ("trips", "7c 7d 7h Ks 2c"),
    ("four-flush, ace high", "Ah Kh 9h 7h 2c"),
    ("open-ended straight draw", "9c Td Jh Qs 3c"),
    ("inside straight draw", "9c Td Jh Ks 3c"),
    ("A-K high", "Ac Kd 9h 6s 3c"),
    ("K-Q high", "Kc Qd 9h 6s 3c"),
    ("ace high", "Ac 9d 7h 5s 2c"),
]


def draw_situations() -> pd.DataFrame:
    """Exact final-category probabilities and P(improve) of each standard draw, both decks."""
    rows = []
    for bug in (False, True):
        for situation, hand, discard in SITUATIONS:
            odds = draw_odds(hand, discard, bug=bug)
            row = {
                "deck": odds.rules,
                "situation": situation,
                "hand": odds.hand,
                "keep": odds.kept,
                "draws": odds.draws,
                "outcomes": odds.outcomes,
                "p_improve": odds.p_improve,
            }
            row.update({cat.label: odds.categories.get(cat.label, 0.0) for cat in reversed(Category)})
            rows.append(row)
    return pd.DataFrame(rows)


def strategy_table(
    *,
    opponents: range = range(1, 6),
    trials: int = 100_000,
    seed: int = 2026,
    runner: Runner = Runner(),
) -> pd.DataFrame:
    """For each class and number of opponents: the best discard, its pre-draw equity, and
    the runner-up (Monte Carlo, standard policy, standard deck)."""
    rows = []
    for k in opponents:
        for i, (name, hand) in enumerate(CLASSES):
            advice = advise(
                hand,
                opponents=k,
                stopping=Stopping(trials=trials),
                seed=derive_seed(seed, i, k),
                chunk_size=STRATEGY_CHUNK,
                runner=runner.reporting(None),
            )
            top, second = advice.options[:2]
            rows.append(
                {
                    "class": name,
                    "hand": advice.hand,
                    "opponents": k,
                    "best_keep": top.keep,
                    "best_draws": top.draws,
                    "equity": top.equity,
                    "stderr": top.stderr,
                    "second_keep": second.keep,
                    "margin": top.equity - second.equity,
                    "trials": advice.run.trials,
                    "seed": advice.run.seed,
                }
            )
            runner.report(len(rows), len(CLASSES) * len(opponents))
    return pd.DataFrame(rows)


class _TableJob:
    """A picklable Monte Carlo job: whole deals for the Jacks-or-Better study."""

    def __init__(self, players: int, bug: bool):
        self.players, self.bug = players, bug

    def run_chunk(self, state: np.ndarray, trials: int) -> np.ndarray:
        tallies = np.zeros((4, 11), np.int64)
        draw_kernels(self.bug)[4](self.players, POLICIES["standard"], False, state.copy(), trials, tallies)
        return tallies

    def standard_error(self, tallies: np.ndarray, trials: int) -> float:
        p = tallies[0, 1] / trials
        return float(np.sqrt(p * (1 - p) / trials))


def jacks_or_better_table(
    *,
    players: range = range(2, 7),
    trials: int = 1_000_000,
    seed: int = 2026,
    runner: Runner = Runner(),
) -> pd.DataFrame:
    """By number of players and deck: how often someone can open, the first opener's hand,
    and the winning hand (all players draw by the standard policy) with and without the requirement."""
    rows = []
    for bug in (False, True):
        for n in players:
            run = runner.reporting(None).monte_carlo(
                _TableJob(n, bug),
                seed=derive_seed(seed, n, int(bug)),
                chunk_size=DEALS_CHUNK,
                stopping=Stopping(trials=trials),
            )
            t = run.tallies
            opened = t[0, 1]
            p = opened / run.trials
            for cat in reversed(Category):
                rows.append(
                    {
                        "deck": "bug" if bug else "standard",
                        "players": n,
                        "category": cat.label,
                        "p_someone_opens": p,
                        "p_someone_opens_se": float(np.sqrt(p * (1 - p) / run.trials)),
                        "opener_hand": t[1, cat] / opened,
                        "winner_california": t[2, cat] / run.trials,
                        "winner_jacks_or_better": t[3, cat] / opened,
                        "trials": run.trials,
                    }
                )
    return pd.DataFrame(rows)


STRATEGY_OPPONENTS = range(1, 6)
JACKS_PLAYERS = range(2, 7)
DECKS = ("standard", "bug")
COMMAND = "poker-analyzer draw tables"


def tables_specs(*, strategy_trials: int, job_trials: int, seed: int) -> list[ResultSpec]:
    """The specs of the three results of :func:`tables`, in its order."""
    return [
        ResultSpec(
            "draw",
            "draw_odds",
            inputs={"situations": [s[0] for s in SITUATIONS], "decks": list(DECKS)},
            method="exact",
            seed=None,
            trials=None,
            chunk_size=None,
        ),
        ResultSpec(
            "draw",
            "strategy",
            inputs={
                "classes": [c[0] for c in CLASSES],
                "opponents": list(STRATEGY_OPPONENTS),
                "policy": "standard",
                "deck": "standard",
            },
            method="monte-carlo",
            seed=seed,
            trials=strategy_trials * len(CLASSES) * len(STRATEGY_OPPONENTS),
            chunk_size=STRATEGY_CHUNK,
        ),
        ResultSpec(
            "draw",
            "jacks_or_better",
            inputs={"players": list(JACKS_PLAYERS), "decks": list(DECKS), "policy": "standard"},
            method="monte-carlo",
            seed=seed,
            trials=job_trials * len(JACKS_PLAYERS) * len(DECKS),
            chunk_size=DEALS_CHUNK,
        ),
    ]


def tables(
    *,
    strategy_trials: int = 100_000,
    job_trials: int = 1_000_000,
    seed: int = 2026,
    runner: Runner = Runner(),
) -> list[ResultSet]:
    """The three draw results: exact draw odds, the strategy chart and Jacks or Better."""
    odds_spec, strategy_spec, jacks_spec = tables_specs(
        strategy_trials=strategy_trials, job_trials=job_trials, seed=seed
    )
    start = time.perf_counter()
    situations = {"draw_odds": draw_situations()}
    manifest = manifest_for(odds_spec, elapsed=time.perf_counter() - start, command=COMMAND)
    exact = drawn_result(odds_spec, situations, manifest, _situations_figures)
    start = time.perf_counter()
    strategy = strategy_table(opponents=STRATEGY_OPPONENTS, trials=strategy_trials, seed=seed, runner=runner)
    manifest = manifest_for(
        strategy_spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_equity_se": float(strategy.stderr.max())},
        command=COMMAND,
    )
    best = drawn_result(strategy_spec, {"strategy": strategy}, manifest, _strategy_figures)
    start = time.perf_counter()
    job = {
        "jacks_or_better": jacks_or_better_table(
            players=JACKS_PLAYERS, trials=job_trials, seed=seed, runner=runner.reporting(None)
        )
    }
    manifest = manifest_for(
        jacks_spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_open_se": float(job["jacks_or_better"].p_someone_opens_se.max())},
        command=COMMAND,
    )
    jacks = drawn_result(jacks_spec, job, manifest, _job_figures)
    return [exact, best, jacks]


def _situations_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["draw_odds"]
    figure = Figure(figsize=(10, 4.8), layout="constrained")
    axes = figure.subplots()
    names = [s[0] for s in SITUATIONS]
    x = np.arange(len(names))
    for offset, deck in ((-0.2, "standard"), (0.2, "bug")):
        part = table[table.deck == deck].set_index("situation").loc[names]
        bars = axes.bar(x + offset, 100 * part.p_improve, width=0.4, label=f"{deck} deck")
        axes.bar_label(bars, fmt="%.1f", fontsize=7)
    axes.set_xticks(x, names, rotation=25, ha="right")
    axes.set_ylabel("P(improve) (%)")
    axes.set_title("Five-card draw: the chance to improve on the hand kept")
    axes.legend()
    add_note(
        figure,
        f"Exact: every possible draw enumerated ({count_text(table.outcomes)} per situation); no sampling error.",
    )
    return {"draw_odds": figure}


DRAW_COLOURS = ("#bbbbbb", "#4477aa", "#228833", "#ccbb44", "#ee6677", "#aa3377")  # 0 to 5 cards drawn


def _strategy_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    strategy = tables["strategy"]
    return {"best_discard": _discard_figure(strategy, manifest), "predraw_equity": _equity_figure(strategy, manifest)}


def _discard_figure(strategy: pd.DataFrame, manifest: Mapping[str, Any]) -> Figure:
    """The best cards to keep in each cell, coloured by how many cards that draws (a discrete
    legend: whole card counts), with the equity margin over the runner-up discard."""
    classes = [c[0] for c in CLASSES]
    counts = sorted(strategy.opponents.unique())
    figure = Figure(figsize=(12, 8.5), layout="constrained")
    axes = figure.subplots()
    draws = strategy.pivot(index="class", columns="opponents", values="best_draws").loc[classes].to_numpy(int)
    axes.imshow(draws, cmap=ListedColormap(DRAW_COLOURS), vmin=-0.5, vmax=5.5, aspect="auto")
    keep = strategy.pivot(index="class", columns="opponents", values="best_keep").loc[classes].to_numpy()
    margin = strategy.pivot(index="class", columns="opponents", values="margin").loc[classes].to_numpy()
    for (row, col), kept in np.ndenumerate(keep):
        kept = "(draw 5)" if pd.isna(kept) or kept == "" else kept
        text = f"{kept}\n+{100 * margin[row, col]:.1f} pts"
        axes.text(col, row, text, ha="center", va="center", fontsize=7.5)
    axes.set_xticks(range(len(counts)), [str(c) for c in counts])
    axes.set_yticks(range(len(classes)), classes)
    axes.set_xlabel("opponents (drawing by the standard policy)")
    axes.set_title("Five-card draw: the best cards to keep, by hand and number of opponents")
    used = sorted(set(draws.ravel().tolist()))
    legend = [Patch(color=DRAW_COLOURS[n], label="stand pat" if n == 0 else f"draw {n}") for n in used]
    axes.legend(handles=legend, title="cards drawn", loc="upper left", bbox_to_anchor=(1.01, 1), frameon=False)
    add_note(
        figure,
        f"Monte Carlo: {count_text(strategy.trials)} deals per cell, every discard on the same deals (common random "
        f"numbers), seed {manifest['seed']}.\nSecond line: the best discard's equity minus the runner-up's, in "
        f"points; each equity's standard error is at most {100 * strategy.stderr.max():.2f} points.",
    )
    return figure


def _equity_figure(strategy: pd.DataFrame, manifest: Mapping[str, Any]) -> Figure:
    figure = Figure(figsize=(10, 5.5), layout="constrained")
    axes = figure.subplots()
    styles = ("-", "--", ":", "-.")
    for i, (name, _) in enumerate(CLASSES):
        part = strategy[strategy["class"] == name]
        axes.plot(part.opponents, 100 * part.equity, marker="o", ls=styles[i // 10], label=name)
    axes.set_xlabel("opponents")
    axes.set_xticks(sorted(strategy.opponents.unique()))
    axes.set_ylabel("equity with the best discard (%)")
    axes.set_title("Five-card draw: pre-draw equity by hand")
    axes.legend(fontsize=7, ncol=2)
    axes.grid(alpha=0.3)
    add_note(
        figure,
        f"Monte Carlo: {count_text(strategy.trials)} deals per point, seed {manifest['seed']}; no error bars drawn: "
        f"every standard error is at most {100 * strategy.stderr.max():.2f} points.",
    )
    return figure


def _job_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["jacks_or_better"]
    figure = Figure(figsize=(12, 5), layout="constrained")
    left, right = figure.subplots(1, 2)
    for deck, style in (("standard", "-"), ("bug", "--")):
        part = table[(table.deck == deck)].drop_duplicates("players")
        left.plot(part.players, 100 * part.p_someone_opens, style, marker="o", label=f"{deck} deck")
    left.set_xlabel("players")
    left.set_xticks(sorted(table.players.unique()))
    left.set_ylabel("deals someone can open (%)")
    left.set_title("How often someone holds jacks or better")
    left.legend()
    players = int(table.players.max())
    part = table[(table.deck == "standard") & (table.players == players)]
    x = np.arange(len(part))
    right.bar(x - 0.2, 100 * part.winner_california, width=0.4, label="every deal (California)")
    right.bar(x + 0.2, 100 * part.winner_jacks_or_better, width=0.4, label="opened deals (jacks or better)")
    right.set_xticks(x, part.category, rotation=30, ha="right")
    right.set_ylabel("winning hand (%)")
    right.set_title(f"{players} players, standard deck: the winning hand after the draw")
    right.legend(fontsize=8)
    figure.suptitle("Five-card draw, Jacks or Better (every player draws by the standard policy)")
    opened = round(part.p_someone_opens.iloc[0] * part.trials.iloc[0])
    add_note(
        figure,
        f"Monte Carlo: {count_text(table.trials)} deals per point (right: {opened:,} of them opened), seed "
        f"{manifest['seed']}; no error bars drawn: the standard error of the opening rate is at most "
        f"{100 * table.p_someone_opens_se.max():.2f} points, of a winning-hand share at most "
        f"{100 * np.sqrt(0.25 / opened):.2f} points.",
    )
    return {"jacks_or_better": figure}


FIGURES = {
    "draw/draw_odds": _situations_figures,
    "draw/strategy": _strategy_figures,
    "draw/jacks_or_better": _job_figures,
}
