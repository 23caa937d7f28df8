"""Whist bidding tables (rules §6.6): tables and charts under results/whist/.

``bidding`` -- random deals with forehand as the bidder of each contract in turn (every
contract on the same deal, :mod:`.study_kernels`), heuristic play by all four seats:

* ``by_feature``: P(make), expected chips and the bidder side's tricks of each contract
  by the bidder's aces, high-card points (A 4, K 3, Q 2, J 1), longest suit, and (Nolo
  and Grand) his length in the called suit; the pass game's row is the expected tricks
  and chips when all pass;
* ``bidding_chart``: by high-card points and longest suit, each contract's expected
  chips and the best one -- the bidding chart. "pass" there is the pass game, which is
  what passing yields only when the other three pass too.

``auction`` -- whole deals with bidding, every seat a table bidder built from the bidding
grid (:mod:`.auction`): how often each contract is played and made, and each seat's
expected chips.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from analyzer.charts import add_note, labeled_heatmap, with_error
from analyzer.games.whist import engine as E
from analyzer.games.whist.play import simulate_bidding
from analyzer.games.whist.rules import WhistRules
from analyzer.games.whist.study_kernels import BINS, CHUNK, CONTRACTS, FEATURES, run_bidding_tables
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.engine import mean_and_se
from analyzer.sim.runner import Runner
from analyzer.studies.registry import Part, drawn_result, make_plan, part_specs, run_parts

ANALYSIS = "whist"
COMMAND = "poker-analyzer whist tables"
MIN_DEALS = 200  # cells with fewer deals are left out of the charts
HCP_BANDS = ((0, 6), (7, 9), (10, 12), (13, 15), (16, 18), (19, 21), (22, 24), (25, 37))
LONGEST_BANDS = ((4, 4), (5, 5), (6, 6), (7, 7), (8, 13))


@dataclass(frozen=True)
class WhistPlan:
    """How much the Whist studies simulate, and the card play (the defaults make the committed
    results)."""

    deals: int = 400_000
    game_deals: int = 200_000
    policy: str = "heuristic"
    seed: int = 2026


def bidding_spec(plan: WhistPlan, rules: WhistRules) -> ResultSpec:
    """The spec of :func:`bidding_study`'s result: ``deals`` random deals."""
    return ResultSpec(
        ANALYSIS,
        "bidding",
        inputs={
            "deals": plan.deals,
            "bidder": "forehand (seat 0)",
            "play": plan.policy,
            "rules": rules.to_dict(),
            "called_suit": "uniform among the suits the bidder may call (W-2)",
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.deals,
        chunk_size=CHUNK,
    )


def bidding_study(plan: WhistPlan, rules: WhistRules = WhistRules(), runner: Runner = Runner()) -> ResultSet:
    """Random deals with forehand bidding every contract on the same deal: P(make), chips and
    tricks by hand feature, and the bidding chart by high-card points and longest suit."""
    start = time.perf_counter()
    feature, grid, _ = run_bidding_tables(plan.deals, plan.policy, rules, plan.seed, runner=runner)
    by_feature = _feature_table(feature)
    chart = _chart_table(grid)
    spec = bidding_spec(plan, rules)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={"max_p_make_se": float(by_feature.p_make_stderr.max())},
        command=COMMAND,
    )
    tables = {"by_feature": by_feature, "bidding_chart": chart}
    return drawn_result(spec, tables, manifest, _bidding_figures)


def _bidding_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    return {
        "p_make_by_feature": _feature_figure(tables["by_feature"], manifest),
        "bidding_chart": _chart_figure(tables["bidding_chart"], manifest),
    }


def _feature_table(feature: np.ndarray) -> pd.DataFrame:
    rows = []
    for contract in range(CONTRACTS):
        for f, name in enumerate(FEATURES):
            for value in range(BINS):
                deals, made, chips, chips_sq, tricks, tricks_sq = feature[contract, f, value]
                if deals == 0:
                    continue
                n = int(deals)
                p, p_se = mean_and_se(made, made, n)
                c, c_se = mean_and_se(chips, chips_sq, n)
                t, t_se = mean_and_se(tricks, tricks_sq, n)
                rows.append(
                    {
                        "feature": name,
                        "value": value,
                        "contract": E.CONTRACT_NAMES[contract],
                        "deals": n,
                        "p_make": p,
                        "p_make_stderr": p_se,
                        "chips": c,
                        "chips_stderr": c_se,
                        "tricks": t,
                        "tricks_stderr": t_se,
                    }
                )
    return pd.DataFrame(rows)


def _chart_table(grid: np.ndarray) -> pd.DataFrame:
    rows = []
    for low, high in HCP_BANDS:
        for short, long in LONGEST_BANDS:
            cell = grid[low : high + 1, short : long + 1].sum(axis=(0, 1))
            n = int(cell[0, 0])
            row = {
                "hcp": f"{low}-{high}" if high < 37 else f"{low}+",
                "longest": f"{short}" if short == long else f"{short}+",
                "deals": n,
            }
            means = {}
            for contract in range(CONTRACTS):
                name = E.CONTRACT_NAMES[contract]
                c, c_se = mean_and_se(cell[contract, 2], cell[contract, 3], n)
                row[f"{name}_chips"], row[f"{name}_chips_stderr"] = c, c_se
                row[f"{name}_p_make"] = cell[contract, 1] / n if n else np.nan
                means[name] = c
            best = max(means, key=means.__getitem__) if n >= MIN_DEALS else ""
            row["best"] = best
            row["best_chips"] = means[best] if best else np.nan
            rows.append(row)
    return pd.DataFrame(rows)


def _feature_figure(table: pd.DataFrame, manifest: Mapping[str, Any]) -> Figure:
    figure = Figure(figsize=(14, 4.8), layout="constrained")
    axes = figure.subplots(1, 3, sharey=True)
    for ax, feature in zip(axes, FEATURES[:3]):
        part = table[(table.feature == feature) & (table.deals >= MIN_DEALS)]
        for contract in E.CONTRACT_NAMES:
            rows = part[part.contract == contract]
            ax.errorbar(
                rows.value,
                100 * rows.p_make,
                yerr=200 * rows.p_make_stderr,
                marker=".",
                capsize=2,
                label=contract if contract != "pass" else "pass game (fewest tricks)",
            )
        ax.set_xlabel(
            {"aces": "aces held", "hcp": "high-card points (A4 K3 Q2 J1)", "longest": "longest suit"}[feature]
        )
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("P(make) (%), forehand bids")
    axes[0].legend(fontsize=8)
    figure.suptitle("Whist: P(make) of each contract by the bidder's hand (heuristic play)")
    add_note(
        figure,
        f"Monte Carlo: {manifest['trials']:,} random deals, every contract played on each, seed {manifest['seed']}; "
        f"points with fewer than {MIN_DEALS} deals left out; error bars 2 standard errors.",
    )
    return figure


def _chart_figure(chart: pd.DataFrame, manifest: Mapping[str, Any]) -> Figure:
    """The best contract of each cell and its expected chips ± 2 s.e., on a colour scale
    centred at 0 chips (blue wins chips, red loses them), with the cell's number of deals."""
    hcp = list(dict.fromkeys(chart.hcp.astype(str)))
    longest = list(dict.fromkeys(chart.longest.astype(str)))
    values = chart.best_chips.to_numpy(float).reshape(len(hcp), len(longest))
    errors = [
        2 * row[f"{row.best}_chips_stderr"] if isinstance(row.best, str) and row.best else np.nan
        for _, row in chart.iterrows()
    ]
    texts = np.array(
        [
            f"{b}\n{with_error(c, e, signed=True)}\n{n:,} deals" if np.isfinite(c) else f"{n:,} deal{'s' * (n != 1)}"
            for b, c, e, n in zip(chart.best, chart.best_chips, errors, chart.deals)
        ],
        dtype=object,
    ).reshape(values.shape)
    return labeled_heatmap(
        values,
        texts,
        hcp,
        longest,
        title="Whist bidding chart: the contract with the best expected chips for forehand",
        colorbar="expected chips of the best contract",
        row_label="high-card points",
        col_label="longest suit",
        cmap="RdBu",
        centre=0,
        fontsize=8,
        note=f"Monte Carlo: {manifest['trials']:,} random deals (deals per cell written in it), seed "
        f"{manifest['seed']}; heuristic play; cells with fewer than {MIN_DEALS} deals left blank.\n"
        '± is 2 standard errors; "pass" is the pass game, what passing yields when the other three pass too.',
    )


def auction_spec(plan: WhistPlan, rules: WhistRules) -> ResultSpec:
    """The spec of :func:`auction_study`'s result: ``game_deals`` whole deals, the bidders built
    from ``deals`` bidding-table deals (how much of the hands their table covers is an outcome)."""
    return ResultSpec(
        ANALYSIS,
        "auction",
        inputs={
            "deals": plan.game_deals,
            "table_deals": plan.deals,
            "bidders": "table bidder at every seat",
            "play": plan.policy,
            "rules": rules.to_dict(),
        },
        method="monte-carlo",
        seed=plan.seed,
        trials=plan.game_deals,
        chunk_size=None,
    )


def auction_study(plan: WhistPlan, rules: WhistRules = WhistRules(), runner: Runner = Runner()) -> ResultSet:
    """Whole deals with bidding, every seat a table bidder built from the bidding grid: how
    often each contract is played and made, and each seat's expected chips."""
    stats = simulate_bidding(
        deals=plan.game_deals, table_deals=plan.deals, policy=plan.policy, rules=rules, seed=plan.seed, runner=runner
    )
    contracts = pd.DataFrame([{"contract": name, **row} for name, row in stats.contracts.items()])
    seats = pd.DataFrame(stats.seats)
    spec = auction_spec(plan, rules)
    manifest = manifest_for(
        spec,
        elapsed=stats.run.elapsed,
        standard_errors={"max_chips_se": float(seats.chips_stderr.max())},
        outcomes={"table_coverage": stats.table_coverage},
        command=COMMAND,
    )
    tables = {"contracts": contracts, "seats": seats}
    return drawn_result(spec, tables, manifest, _auction_figures)


def _auction_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    seats = tables["seats"]
    figure = Figure(figsize=(6.5, 4.4), layout="constrained")
    ax = figure.subplots()
    ax.bar(seats.seat.astype(str), seats.chips, yerr=2 * seats.chips_stderr, capsize=4, color="tab:blue")
    ax.axhline(0, color="black", lw=0.8)
    ax.set_xlabel("seat (0 = forehand, bids first; 3 = dealer, bids last)")
    ax.set_ylabel("chips per deal")
    ax.set_title("Whist with bidding: each seat's expected chips")
    inputs = manifest["inputs"]
    add_note(
        figure,
        f"Monte Carlo: {manifest['trials']:,} whole deals, seed {manifest['seed']}; every seat a table bidder\n"
        f"built from {inputs['table_deals']:,} bidding-table deals; error bars 2 standard errors.",
    )
    return {"seat_chips": figure}


FIGURES = {f"{ANALYSIS}/bidding": _bidding_figures, f"{ANALYSIS}/auction": _auction_figures}


PARTS = {"bidding": Part(bidding_spec, bidding_study), "auction": Part(auction_spec, auction_study)}


def tables(
    *,
    studies: Sequence[str] | None = None,
    call_own_ace: bool = False,
    called_ace_rule: str = "when_led",
    pass_ace: str = "high",
    runner: Runner = Runner(),
    **plan: Any,
) -> list[ResultSet]:
    """Run the named studies (all by default, in the order of ``PARTS``) with a
    :class:`WhistPlan` made of the keyword parameters ``plan``, under the rule options
    ``call_own_ace`` (W-2), ``called_ace_rule`` (W-3) and ``pass_ace`` (W-7) of :class:`WhistRules`."""
    rules = _rules(call_own_ace, called_ace_rule, pass_ace)
    return run_parts(PARTS, studies, make_plan(WhistPlan, plan), rules=rules, runner=runner)


def tables_specs(
    *, studies: Sequence[str] | None, call_own_ace: bool, called_ace_rule: str, pass_ace: str, **plan: Any
) -> list[ResultSpec]:
    """The specs of the results :func:`tables` writes with the same parameters, in its order."""
    rules = _rules(call_own_ace, called_ace_rule, pass_ace)
    return part_specs(PARTS, studies, make_plan(WhistPlan, plan), rules=rules)


def _rules(call_own_ace: bool, called_ace_rule: str, pass_ace: str) -> WhistRules:
    return WhistRules(call_own_ace=call_own_ace, called_ace_rule=called_ace_rule, pass_ace=pass_ace)
