"""Five-card draw tables: exact odds of the standard draws (standard and Bug decks), the
best discard and pre-draw equity by hand class and number of opponents, and what Jacks
or Better does to the game.
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.eval import Category
from analyzer.games.draw.advise import advise
from analyzer.games.draw.engine import POLICIES, draw_kernels
from analyzer.games.draw.odds import draw_odds
from analyzer.report import ResultSet, manifest_for
from analyzer.sim.engine import Stopping, run_monte_carlo
from analyzer.sim.seeds import derive_seed

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
    threads: int | None = None,
    scheduler: str | None = None,
    progress=None,
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
                threads=threads,
                scheduler=scheduler,
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
            if progress is not None:
                progress(len(rows), len(CLASSES) * len(opponents))
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
    threads: int | None = None,
    scheduler: str | None = None,
) -> pd.DataFrame:
    """By number of players and deck: how often someone can open, the first opener's hand,
    and the winning hand (all players draw by the standard policy) with and without the requirement."""
    rows = []
    for bug in (False, True):
        for n in players:
            run = run_monte_carlo(
                _TableJob(n, bug),
                seed=derive_seed(seed, n, int(bug)),
                chunk_size=DEALS_CHUNK,
                stopping=Stopping(trials=trials),
                threads=threads,
                scheduler=scheduler,
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


def tables(
    *,
    strategy_trials: int = 100_000,
    job_trials: int = 1_000_000,
    seed: int = 2026,
    threads: int | None = None,
    scheduler: str | None = None,
    progress=None,
) -> list[ResultSet]:
    """The three draw results: exact draw odds, the strategy chart and Jacks or Better."""
    start = time.perf_counter()
    situations = draw_situations()
    exact = ResultSet(
        "draw",
        "draw_odds",
        {"draw_odds": situations},
        {"draw_odds": _situations_figure(situations)},
        manifest_for(
            inputs={"situations": [s[0] for s in SITUATIONS], "decks": ["standard", "bug"]},
            method="exact",
            seed=None,
            trials=None,
            chunk_size=None,
            elapsed=time.perf_counter() - start,
            command="poker-analyzer draw tables",
        ),
    )
    start = time.perf_counter()
    strategy = strategy_table(
        trials=strategy_trials, seed=seed, threads=threads, scheduler=scheduler, progress=progress
    )
    best = ResultSet(
        "draw",
        "strategy",
        {"strategy": strategy},
        {
            "best_discard": _strategy_figure(strategy, strategy_trials, seed),
            "predraw_equity": _equity_figure(strategy, strategy_trials, seed),
        },
        manifest_for(
            inputs={
                "classes": [c[0] for c in CLASSES],
                "opponents": [1, 2, 3, 4, 5],
                "policy": "standard",
                "deck": "standard",
            },
            method="monte-carlo",
            seed=seed,
            trials=strategy_trials * len(strategy),
            chunk_size=STRATEGY_CHUNK,
            elapsed=time.perf_counter() - start,
            standard_errors={"max_equity_se": float(strategy.stderr.max())},
            command="poker-analyzer draw tables",
        ),
    )
    start = time.perf_counter()
    job = jacks_or_better_table(trials=job_trials, seed=seed, threads=threads, scheduler=scheduler)
    jacks = ResultSet(
        "draw",
        "jacks_or_better",
        {"jacks_or_better": job},
        {"jacks_or_better": _job_figure(job, job_trials)},
        manifest_for(
            inputs={"players": [2, 3, 4, 5, 6], "decks": ["standard", "bug"], "policy": "standard"},
            method="monte-carlo",
            seed=seed,
            trials=job_trials * 10,
            chunk_size=DEALS_CHUNK,
            elapsed=time.perf_counter() - start,
            standard_errors={"max_open_se": float(job.p_someone_opens_se.max())},
            command="poker-analyzer draw tables",
        ),
    )
    return [exact, best, jacks]


def _situations_figure(table: pd.DataFrame) -> Figure:
    figure = Figure(figsize=(10, 4.5))
    axes = figure.subplots()
    names = [s[0] for s in SITUATIONS]
    x = np.arange(len(names))
    for offset, deck in ((-0.2, "standard"), (0.2, "bug")):
        part = table[table.deck == deck].set_index("situation").loc[names]
        axes.bar(x + offset, 100 * part.p_improve, width=0.4, label=f"{deck} deck")
    axes.set_xticks(x, names, rotation=25, ha="right")
    axes.set_ylabel("P(improve) (%)")
    axes.set_title("Five-card draw: chance to improve on the original hand (exact, every draw)")
    axes.legend()
    return figure


def _strategy_figure(strategy: pd.DataFrame, trials: int, seed: int) -> Figure:
    classes = [c[0] for c in CLASSES]
    counts = sorted(strategy.opponents.unique())
    figure = Figure(figsize=(11, 8))
    axes = figure.subplots()
    draws = strategy.pivot(index="class", columns="opponents", values="best_draws").loc[classes]
    image = axes.imshow(draws.to_numpy(float), cmap="viridis", vmin=0, vmax=4, aspect="auto")
    keep = strategy.pivot(index="class", columns="opponents", values="best_keep").loc[classes]
    for (row, col), text in np.ndenumerate(keep.to_numpy()):
        axes.text(col, row, text or "(draw 5)", ha="center", va="center", fontsize=7, color="white")
    axes.set_xticks(range(len(counts)), counts)
    axes.set_yticks(range(len(classes)), classes)
    axes.set_xlabel("opponents (drawing by the standard policy)")
    axes.set_title(
        f"Five-card draw: the best cards to keep, by hand and number of opponents\n"
        f"({trials:,} Monte Carlo trials per cell, common random numbers across discards, seed {seed})"
    )
    figure.colorbar(image, ax=axes, label="cards drawn", shrink=0.8)
    return figure


def _equity_figure(strategy: pd.DataFrame, trials: int, seed: int) -> Figure:
    figure = Figure(figsize=(9, 5))
    axes = figure.subplots()
    for name, _ in CLASSES:
        part = strategy[strategy["class"] == name]
        axes.plot(part.opponents, 100 * part.equity, marker="o", label=name)
    axes.set_xlabel("opponents")
    axes.set_ylabel("equity with the best discard (%)")
    axes.set_title(f"Five-card draw: pre-draw equity by hand ({trials:,} trials per point, seed {seed})")
    axes.legend(fontsize=6, ncol=2)
    axes.grid(alpha=0.3)
    return figure


def _job_figure(table: pd.DataFrame, trials: int) -> Figure:
    figure = Figure(figsize=(12, 4.5))
    left, right = figure.subplots(1, 2)
    for deck, style in (("standard", "-"), ("bug", "--")):
        part = table[(table.deck == deck)].drop_duplicates("players")
        left.plot(part.players, 100 * part.p_someone_opens, style, marker="o", label=f"{deck} deck")
    left.set_xlabel("players")
    left.set_ylabel("deals someone can open (%)")
    left.set_title("How often someone holds jacks or better")
    left.legend()
    part = table[(table.deck == "standard") & (table.players == 6)]
    x = np.arange(len(part))
    right.bar(x - 0.2, 100 * part.winner_california, width=0.4, label="every deal (California)")
    right.bar(x + 0.2, 100 * part.winner_jacks_or_better, width=0.4, label="opened deals (jacks or better)")
    right.set_xticks(x, part.category, rotation=30, ha="right")
    right.set_ylabel("winning hand (%)")
    right.set_title("Six players: the winning hand after the draw")
    right.legend(fontsize=8)
    figure.suptitle(
        f"Five-card draw, Jacks or Better ({trials:,} deals per point, all players draw by the standard policy)"
    )
    return figure
