"""Mousel threshold tables (rules §6.6): tables and charts under results/mousel/.

``thresholds`` -- for 3 to 8 players and each carried pot, random deals played five ways
by forehand (:mod:`.study_kernels`) against baseline players, binned by forehand's hand
strength (expected tricks by the table in :mod:`.policies`):

* ``by_strength``: each plan's expected value (chips plus the change of one's equal share
  of the pot carried on, as in :mod:`.advise`), and P(make) when declaring with the cards
  kept and after the baseline exchange;
* ``thresholds``: the weakest strength from which going along (the best plan) beats
  folding, and from which declaring beats passing, in every stronger bin with at least
  ``MIN_DEALS`` deals. Taking the best of four plan means per bin leans a little
  optimistic (by at most about one standard error of a plan's mean, less with the common
  random numbers the plans share).

``sessions`` -- the long run (:mod:`.session`): one player with other going-along and
declaring thresholds against baseline players, over sessions of successive deals with the
pot carried on and the deal passing round: his chips per deal for each pair of thresholds.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure

from analyzer.charts import add_note, count_text
from analyzer.games.mousel import engine as E
from analyzer.games.mousel.play import simulate_sessions
from analyzer.games.mousel.policies import BASELINE, play_code, seat_thresholds
from analyzer.games.mousel.rules import MouselRules
from analyzer.games.mousel.study_kernels import BIN_WIDTH, BINS, PLANS, SIZE, STATS, threshold_tables
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.engine import KernelJob, Stopping, mean_and_se
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed
from analyzer.studies.registry import Part, drawn_result, make_plan, part_specs, run_parts

ANALYSIS = "mousel"
COMMAND = "poker-analyzer mousel tables"
PLAYER_COUNTS = tuple(range(E.MIN_PLAYERS, E.MAX_PLAYERS + 1))
CHUNK = 1_000
MIN_DEALS = 300


@dataclass(frozen=True)
class MouselPlan:
    """How much the Mousel studies simulate, and the baseline players (the defaults make the
    committed results)."""

    deals: int = 400_000
    pots: tuple[float, ...] = (0.0, 4.0)
    play: str = "heuristic"
    others: tuple[float, float, float] = BASELINE
    sessions: int = 2_000
    session_deals: int = 40
    session_players: tuple[int, ...] = (3, 4, 5)
    seed: int = 2026


def _threshold_cells(plan: MouselPlan, rules: MouselRules) -> list[tuple[int, float]]:
    """The cells of the thresholds study: players (as many as the deck deals to) and carried pot."""
    players = [n for n in PLAYER_COUNTS if not (rules.short_deck and n > E.SHORT_DECK_MAX_PLAYERS)]
    return [(n, pot) for n in players for pot in plan.pots]


def thresholds_spec(plan: MouselPlan, rules: MouselRules) -> ResultSpec:
    """The spec of :func:`thresholds_study`'s result: ``deals`` per cell."""
    cells = _threshold_cells(plan, rules)
    return ResultSpec(
        ANALYSIS,
        "thresholds",
        inputs={
            "deals_per_cell": plan.deals,
            "players": list(dict.fromkeys(n for n, _ in cells)),
            "pots": list(plan.pots),
            "seat": "forehand (seat 0)",
            "play": plan.play,
            "others_along_declare_keep": list(plan.others),
            "rules": rules.to_dict(),
            "plans": list(PLANS),
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.deals * len(cells),
        chunk_size=CHUNK,
    )


def thresholds_study(plan: MouselPlan, rules: MouselRules = MouselRules(), runner: Runner = Runner()) -> ResultSet:
    """For 3 to 8 players and each carried pot, forehand's five plans on random deals, binned
    by hand strength: each plan's value, P(make), and the going-along and declaring thresholds."""
    start = time.perf_counter()
    pack = np.array(E.deck_cards(rules.short_deck), np.int64)
    cells = _threshold_cells(plan, rules)
    rows = []
    for i, (players, pot) in enumerate(cells):
        job = KernelJob(
            threshold_tables,
            (
                players,
                pack,
                float(pot),
                float(rules.stake),
                rules.fail_code,
                rules.single_takes_pot,
                seat_thresholds(plan.others),
                play_code(plan.play),
            ),
            (),
            SIZE,
        )
        run = runner.reporting(None).monte_carlo(
            job, seed=derive_seed(plan.seed, 1, i), stopping=Stopping(trials=plan.deals), chunk_size=CHUNK
        )
        rows += _bin_rows(players, pot, run.tallies.reshape(len(PLANS), BINS, len(STATS)))
        runner.report(i + 1, len(cells))
    by_strength = pd.DataFrame(rows)
    thresholds = _thresholds(by_strength)
    spec = thresholds_spec(plan, rules)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_value_se": float(by_strength.filter(like="_stderr").max().max())},
        command=COMMAND,
    )
    tables = {"by_strength": by_strength, "thresholds": thresholds}
    return drawn_result(spec, tables, manifest, _threshold_figures)


def _bin_rows(players: int, pot: float, tallies: np.ndarray) -> list[dict]:
    rows = []
    for b in range(BINS):
        n = int(tallies[0, b, 0])
        if n == 0:
            continue
        row: dict[str, Any] = {
            "players": players,
            "pot": pot,
            "strength_from": b * BIN_WIDTH,
            "strength_to": (b + 1) * BIN_WIDTH if b < BINS - 1 else np.inf,
            "deals": n,
        }
        values = []
        for i, plan in enumerate(PLANS):
            _, value, value_sq, declared, made = tallies[i, b]
            key = _plan_key(plan)
            mean, se = mean_and_se(value, value_sq, n)
            row[f"{key}_value"], row[f"{key}_value_stderr"] = mean, se
            values.append(mean)
            if i in (1, 3):
                row[f"{key}_p_make"] = made / declared if declared else np.nan
        row["best_plan"] = PLANS[int(np.argmax(values))]
        row["along_gain"] = max(values[1:]) - values[0]
        row["declare_gain"] = values[3] - values[4]
        rows.append(row)
    return rows


def _threshold(part: pd.DataFrame, gain: str) -> float:
    """The lowest strength from which ``gain`` is positive in every bin above."""
    part = part[part.deals >= MIN_DEALS].sort_values("strength_from")
    positive = (part[gain] > 0).to_numpy()
    for i in range(len(part)):
        if positive[i:].all():
            return float(part.strength_from.iloc[i])
    return np.nan


def _thresholds(by_strength: pd.DataFrame) -> pd.DataFrame:
    rows = []
    for (players, pot), part in by_strength.groupby(["players", "pot"]):
        rows.append(
            {
                "players": players,
                "pot": pot,
                "go_along_from": _threshold(part, "along_gain"),
                "declare_from": _threshold(part, "declare_gain"),
            }
        )
    return pd.DataFrame(rows)


def _plan_key(plan: str) -> str:
    """The column prefix of a plan in the ``by_strength`` table: ``keep all, declare`` ->
    ``keep_all_declare``."""
    return plan.replace(", ", "_").replace(" ", "_")


def _gain_errors(by_strength: pd.DataFrame, gain: str) -> np.ndarray:
    """Two standard errors of each bin's gain, sqrt(se1^2 + se2^2) of the two plans' means it
    subtracts (for ``along_gain`` the best going-along plan and folding)."""

    def se(plan: str) -> pd.Series:
        return by_strength[f"{_plan_key(plan)}_value_stderr"]

    if gain == "declare_gain":
        return 2 * np.hypot(se("exchange, declare").to_numpy(), se("exchange, pass").to_numpy())
    along = [_plan_key(p) for p in PLANS[1:]]
    values = by_strength[[f"{k}_value" for k in along]].to_numpy()
    errors = by_strength[[f"{k}_value_stderr" for k in along]].to_numpy()
    best = errors[np.arange(len(by_strength)), values.argmax(axis=1)]
    return 2 * np.hypot(best, se("fold").to_numpy())


def _threshold_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    by_strength = tables["by_strength"]
    return {
        "going_along": _gain_figure(by_strength, manifest, "along_gain", "going along (best plan) minus folding"),
        "declaring": _gain_figure(
            by_strength, manifest, "declare_gain", "declaring minus passing (after the baseline exchange)"
        ),
    }


def _gain_figure(by_strength: pd.DataFrame, manifest: Mapping[str, Any], gain: str, what: str) -> Figure:
    """The gain by hand strength, one panel per carried pot, error bars 2 s.e. (:func:`_gain_errors`).

    A panel with no bin of ``MIN_DEALS`` deals (a small run) says so, and the legend lists the
    player counts drawn in any panel (an empty first panel would leave nothing to label)."""
    figure = Figure(figsize=(12, 5), layout="constrained")
    pots = sorted(by_strength.pot.unique())
    axes = np.atleast_1d(figure.subplots(1, len(pots), sharey=True))
    errors = pd.Series(_gain_errors(by_strength, gain), index=by_strength.index)
    shown = by_strength[by_strength.deals >= MIN_DEALS]
    drawn: dict[str, Any] = {}
    for ax, pot in zip(axes, pots):
        panel = shown[shown.pot == pot]
        for players, part in panel.groupby("players"):
            bars = ax.errorbar(
                part.strength_from + BIN_WIDTH / 2, part[gain], yerr=errors[part.index], marker=".", capsize=2
            )
            drawn.setdefault(f"{players} players", bars)
        if panel.empty:
            ax.text(0.5, 0.5, f"no bin with {MIN_DEALS} deals", transform=ax.transAxes, ha="center")
        ax.axhline(0, color="black", lw=0.8)
        ax.set_title(f"carried pot {pot:g}")
        ax.set_xlabel("forehand's hand strength (expected tricks)")
        ax.grid(alpha=0.3)
    stake = manifest["inputs"]["rules"]["stake"]
    axes[0].set_ylabel(f"chips per deal (stake {stake:g})")
    if drawn:
        axes[0].legend(list(drawn.values()), list(drawn), fontsize=8)
    figure.suptitle(f"Mousel: the value of {what}, against baseline players")
    add_note(
        figure,
        f"Monte Carlo: {manifest['inputs']['deals_per_cell']:,} random deals per player count and pot, seed "
        f"{manifest['seed']}, binned by strength (bins with fewer than {MIN_DEALS} deals left out); a plan's value "
        "is its chips plus the change of one's share of the pot carried on.\n"
        "Error bars 2 standard errors, sqrt(se1² + se2²) of the two plans' means: the plans share their deals, "
        "which this ignores (it overstates the error when their values move together).",
    )
    return figure


ALONG_GRID = (0.4, 0.7, 1.0, 1.3, 1.6, 1.9, 2.2)
DECLARE_GRID = (1.2, 1.6, 2.0)


def _session_cells(plan: MouselPlan) -> list[tuple[int, float, float]]:
    """The cells of the sessions study: players and the hero's going-along and declaring thresholds."""
    return [(n, a, d) for n in plan.session_players for a in ALONG_GRID for d in DECLARE_GRID]


def sessions_spec(plan: MouselPlan, rules: MouselRules) -> ResultSpec:
    """The spec of :func:`sessions_study`'s result: ``sessions`` per cell."""
    return ResultSpec(
        ANALYSIS,
        "sessions",
        inputs={
            "players": list(plan.session_players),
            "sessions": plan.sessions,
            "deals_per_session": plan.session_deals,
            "others_along_declare_keep": list(plan.others),
            "along_grid": list(ALONG_GRID),
            "declare_grid": list(DECLARE_GRID),
            "play": plan.play,
            "rules": rules.to_dict(),
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.sessions * len(_session_cells(plan)),
        chunk_size=None,
    )


def sessions_study(plan: MouselPlan, rules: MouselRules = MouselRules(), runner: Runner = Runner()) -> ResultSet:
    """One player with other going-along and declaring thresholds against baseline players,
    over sessions with the pot carried on: his chips per deal for each pair of thresholds."""
    start = time.perf_counter()
    cells = _session_cells(plan)
    rows = []
    for i, (players, along, declare) in enumerate(cells):
        hero = (along, declare, plan.others[2])
        stats = simulate_sessions(
            players,
            [hero] + [plan.others] * (players - 1),
            deals=plan.session_deals,
            sessions=plan.sessions,
            rules=rules,
            play=plan.play,
            seed=derive_seed(plan.seed, 2, i),
            runner=runner.reporting(None),
        )
        rows.append(
            {
                "players": players,
                "along": along,
                "declare": declare,
                "sessions": stats.run.trials,
                "chips_per_deal": stats.chips_per_deal[0],
                "chips_per_deal_stderr": stats.chips_per_deal_stderr[0],
                **{f"share_{k}": v for k, v in stats.shares.items()},
            }
        )
        runner.report(i + 1, len(cells))
    table = pd.DataFrame(rows)
    spec = sessions_spec(plan, rules)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_chips_per_deal_se": float(table.chips_per_deal_stderr.max())},
        command=COMMAND,
    )
    tables = {"sessions": table}
    return drawn_result(spec, tables, manifest, _sessions_figures)


def _sessions_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    table = tables["sessions"]
    counts = sorted(table.players.unique())
    figure = Figure(figsize=(4.5 * len(counts) + 0.5, 4.6), layout="constrained")
    axes = np.atleast_1d(figure.subplots(1, len(counts), sharey=True))
    for ax, players in zip(axes, counts):
        for declare, part in table[table.players == players].groupby("declare"):
            ax.errorbar(
                part.along,
                part.chips_per_deal,
                yerr=2 * part.chips_per_deal_stderr,
                marker="o",
                capsize=3,
                label=f"declare from {declare:g}",
            )
        ax.axhline(0, color="black", lw=0.8)
        ax.set_title(f"{players} players")
        ax.set_xlabel("goes along from strength")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("chips per deal against baseline players")
    axes[0].legend(fontsize=8)
    figure.suptitle("Mousel in the long run: one player's thresholds against the baseline")
    inputs = manifest["inputs"]
    add_note(
        figure,
        f"Monte Carlo: {count_text(table.sessions)} sessions of {inputs['deals_per_session']} deals per point (pot "
        f"carried on, deal passing round), seed {manifest['seed']}; error bars 2 standard errors.",
    )
    return {"thresholds_long_run": figure}


FIGURES = {f"{ANALYSIS}/thresholds": _threshold_figures, f"{ANALYSIS}/sessions": _sessions_figures}


PARTS = {
    "thresholds": Part(thresholds_spec, thresholds_study),
    "sessions": Part(sessions_spec, sessions_study),
}


def tables(
    *,
    studies: Sequence[str] | None = None,
    deck: int = 52,
    runner: Runner = Runner(),
    **plan: Any,
) -> list[ResultSet]:
    """Run the named studies (all by default, in the order of ``PARTS``) with a
    :class:`MouselPlan` made of the keyword parameters ``plan``, with a ``deck`` of 52 or 32 cards (M-1)."""
    return run_parts(PARTS, studies, make_plan(MouselPlan, plan), rules=MouselRules(deck=deck), runner=runner)


def tables_specs(*, studies: Sequence[str] | None, deck: int, **plan: Any) -> list[ResultSpec]:
    """The specs of the results :func:`tables` writes with the same parameters, in its order."""
    return part_specs(PARTS, studies, make_plan(MouselPlan, plan), rules=MouselRules(deck=deck))
