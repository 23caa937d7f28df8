"""Pai Gow tables: the house edge by strategy, and where the House Way is wrong.

Where the House Way is wrong, per random hand: every split is scored against one
sample of dealer hands, the best is *chosen* there, and then the chosen split and
the House Way's are scored against a second, independent sample (common to both).
The EV given up is measured on the second sample only, so picking the maximum of
noisy estimates cannot inflate it. The two-pair heatmap compares the two sensible
settings of two pair (split: the lower pair in front; keep: both pairs in back) on
random hands of each pair-rank combination, with and without an ace or joker.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import numpy as np
import pandas as pd
from matplotlib.colors import Normalize
from matplotlib.figure import Figure

from analyzer.cards import RANKS, cards_mask, format_cards
from analyzer.charts import add_note, count_text, with_error, write_cells
from analyzer.games.paigow.edge import EdgeResult, house_edge
from analyzer.games.paigow.engine import sampled_split_tallies
from analyzer.games.paigow.houseway import house_way_setting, legal_settings
from analyzer.games.paigow.policies import WAYS, split_values
from analyzer.games.paigow.rules import PaiGowRules
from analyzer.games.paigow.split import settlement
from analyzer.report import ResultSet, ResultSpec, manifest_for
from analyzer.sim.engine import Stopping
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import chunk_state
from analyzer.studies.registry import drawn_result

RULES = PaiGowRules()  # the house rules of every table: 5% commission, the dealer banks
EDGE_CHUNK = 1 << 16  # trials per chunk of the House Way runs
OPTIMAL_CHUNK = 256  # and of the best-split run, whose every trial tries each split
INNER_TRIALS = 2_000  # dealer hands valuing each split in the best-split run
PAIR_HANDS = 24  # hands per cell of the two-pair grid
COMMAND = "poker-analyzer paigow tables"


def edge_summary_spec(*, trials: int, optimal_trials: int, inner_trials: int, seed: int) -> ResultSpec:
    """The spec of :func:`edge_summary`'s result: two House Way runs of ``trials`` and the
    best-split run of ``optimal_trials``."""
    return ResultSpec(
        "paigow",
        "house_edge",
        inputs={
            "way": "foxwoods",
            "commission": RULES.commission,
            "inner_trials": inner_trials,
            "optimal_chunk_size": OPTIMAL_CHUNK,
        },
        method="monte-carlo",
        seed=seed,
        trials=2 * trials + optimal_trials,
        chunk_size=EDGE_CHUNK,
    )


def edge_summary(
    *,
    trials: int = 20_000_000,
    optimal_trials: int = 100_000,
    inner_trials: int = INNER_TRIALS,
    seed: int = 2026,
    runner: Runner = Runner(),
) -> ResultSet:
    """House Way against House Way (player and banker) and the optimal setting against it."""
    start = time.perf_counter()
    spec = edge_summary_spec(trials=trials, optimal_trials=optimal_trials, inner_trials=inner_trials, seed=seed)
    banker = replace(RULES, player_banks=True)
    runs = [
        (
            "house way, player",
            house_edge(
                stopping=Stopping(trials=trials),
                chunk_size=EDGE_CHUNK,
                seed=seed,
                rules=RULES,
                runner=runner.reporting(None),
            ),
        ),
        (
            "house way, player banks",
            house_edge(
                stopping=Stopping(trials=trials),
                chunk_size=EDGE_CHUNK,
                seed=seed,
                rules=banker,
                runner=runner.reporting(None),
            ),
        ),
        (
            "best split per hand, player",
            house_edge(
                strategy="optimal",
                stopping=Stopping(trials=optimal_trials),
                inner_trials=inner_trials,
                chunk_size=OPTIMAL_CHUNK,
                seed=seed,
                rules=RULES,
                runner=runner.reporting(None),
            ),
        ),
    ]
    table = pd.DataFrame([_edge_row(name, r) for name, r in runs])
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        standard_errors={r[0]: r[1].stderr for r in runs},
        command=COMMAND,
    )
    tables = {"house_edge": table}
    return drawn_result(spec, tables, manifest, _edge_figures)


def _edge_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    """The house edge of each strategy, and the best split's gain over the House Way measured
    on the same deals (paired, so far more precise than the difference of the two edges)."""
    table = tables["house_edge"]
    figure = Figure(figsize=(12, 3.8), layout="constrained")
    left, right = figure.subplots(1, 2, width_ratios=(3, 2))
    edge, error = -100 * table.ev, 200 * table.stderr
    left.barh(table.setting, edge, xerr=error, capsize=4, color=["#4477aa", "#66ccee", "#228833"][: len(table)])
    for y, (value, half) in enumerate(zip(edge, error)):
        left.text(value + half, y, f"  {with_error(value, half)}%", va="center", fontsize=8)
    left.set_xlim(0, 1.3 * float((edge + error).max()))
    left.invert_yaxis()
    left.set_xlabel("house edge (% of the bet)")
    left.set_title("House edge against a Foxwoods House-Way dealer", fontsize=10)
    paired = table[table.gain_over_house_way.notna()]
    gain, gain_error = 100 * paired.gain_over_house_way, 200 * paired.gain_stderr
    right.barh(
        [f"{name}\nminus house way" for name in paired.setting], gain, xerr=gain_error, capsize=4, color="#228833"
    )
    for y, (value, half) in enumerate(zip(gain, gain_error)):
        right.text(value + half, y, f"  {with_error(value, half)} points", va="center", fontsize=8)
    right.set_xlim(0, 1.8 * float((gain + gain_error).max()) if len(paired) else 1)
    right.axvline(0, color="black", lw=0.8)
    right.set_xlabel("EV gained over the House Way (points of % of the bet)")
    right.set_title("Paired: the same deals played both ways", fontsize=10)
    figure.suptitle("Pai Gow Poker: the player's house edge by strategy (5% commission)")
    house_way = table[table.strategy == "houseway"]
    optimal = table[table.strategy == "optimal"]
    add_note(
        figure,
        f"Monte Carlo, seed {manifest['seed']}: {count_text(house_way.trials)} deals per House-Way row; "
        f"{count_text(optimal.trials)} deals for the best split, chosen per deal from "
        f"{count_text(optimal.inner_trials)} dealer hands of a separate sample and scored on the deal's own "
        "dealer hand.\nError bars and ± are 2 standard errors.",
    )
    return {"house_edge": figure}


def _edge_row(setting: str, r: EdgeResult) -> dict:
    """One row of the house-edge table: the strategy's figures and how its run went."""
    return {
        "setting": setting,
        "strategy": r.strategy,
        "way": r.way,
        "win": r.win,
        "push": r.push,
        "loss": r.loss,
        "ev": r.ev,
        "stderr": r.stderr,
        "trials": r.run.trials,
        "seed": r.run.seed,
        "chunk_size": r.run.chunk_size,
        **r.rules.to_dict(),
        "inner_trials": r.inner_trials,
        "elapsed": r.run.elapsed,
        "stopped_by": r.run.stopped_by,
        "gain_over_house_way": r.gain_over_house_way,
        "gain_stderr": r.gain_stderr,
    }


def _pattern(cards: np.ndarray, rule: str) -> str:
    """A readable hand pattern: two pair by pair ranks and ace, else the House Way rule."""
    ranks = sorted(((12 if c == 52 else c >> 2) for c in cards.tolist()), reverse=True)
    counts = {r: ranks.count(r) for r in set(ranks)}
    pairs = sorted((r for r, n in counts.items() if n == 2), reverse=True)
    if rule.startswith("5 two pair"):
        ace = "with ace or joker" if counts.get(12) == 1 else "no ace"
        return f"two pair {RANKS[pairs[0]]}{RANKS[pairs[0]]}+{RANKS[pairs[1]]}{RANKS[pairs[1]]}, {ace}"
    if rule.startswith("6") and pairs:
        return "straight or flush with a pair"
    return rule


def _hand_deviation(cards, way, dealer_hands, state_choose, state_score):
    """(EV of the House Way, EV of the split chosen on one sample, both scored on another)."""
    settings = legal_settings(cards)
    fronts = np.array([s.front_value for s in settings], np.int64)
    backs = np.array([s.back_value for s in settings], np.int64)
    excluded = cards_mask(cards)
    choose = np.zeros((len(settings), 3), np.int64)
    score = np.zeros((len(settings), 3), np.int64)
    sampled_split_tallies(excluded, fronts, backs, way, RULES.player_banks, state_choose, dealer_hands, choose)
    sampled_split_tallies(excluded, fronts, backs, way, RULES.player_banks, state_score, dealer_hands, score)
    evs_choose = (1 - RULES.commission) * choose[:, 0] - choose[:, 2]
    best = int(np.argmax(evs_choose))
    hw = house_way_setting(cards)
    hw_index = next(
        i for i, s in enumerate(settings) if (s.front_value, s.back_value) == (hw.front_value, hw.back_value)
    )
    ev_hw = settlement(score[hw_index], dealer_hands, RULES.commission)[3]
    ev_best = settlement(score[best], dealer_hands, RULES.commission)[3]
    return hw, settings[best], settings[hw_index], ev_hw, ev_best


def _deviation_batch(hands, seeds, dealer_hands):
    rows = []
    for cards, seed in zip(hands, seeds):
        hw, best, hw_setting, ev_hw, ev_best = _hand_deviation(
            cards, WAYS["foxwoods"], dealer_hands, chunk_state(int(seed), 0), chunk_state(int(seed), 1)
        )
        rows.append(
            {
                "cards": format_cards(cards),
                "pattern": _pattern(cards, hw.rule),
                "rule": hw.rule,
                "house_way_front": hw.front,
                "best_front": best.front,
                "deviates": best is not hw_setting,
                "ev_house_way": ev_hw,
                "ev_best": ev_best,
                "ev_lost": ev_best - ev_hw,
            }
        )
    return rows


def house_way_deviations_spec(*, hands: int, dealer_hands: int, pair_hands: int, seed: int) -> ResultSpec:
    """The spec of :func:`house_way_deviations`'s result: two dealer samples of ``dealer_hands``
    for each random hand and for both settings of each of the 156 two-pair cells' hands."""
    return ResultSpec(
        "paigow",
        "house_way_deviations",
        inputs={
            "way": "foxwoods",
            "hands": hands,
            "dealer_hands_per_sample": dealer_hands,
            "two_pair_hands_per_cell": pair_hands,
            "commission": RULES.commission,
            "seeding": "each hand's two dealer samples are seeded from the run seed and the hand (no chunks)",
        },
        method="monte-carlo",
        seed=seed,
        trials=2 * dealer_hands * (hands + 2 * 156 * pair_hands),
        chunk_size=None,
    )


def house_way_deviations(
    *,
    hands: int = 4_000,
    dealer_hands: int = 20_000,
    pair_hands: int = PAIR_HANDS,
    seed: int = 2026,
    runner: Runner = Runner(),
) -> ResultSet:
    """Where the Foxwoods House Way's setting is not the best, and what it costs."""
    start = time.perf_counter()
    spec = house_way_deviations_spec(hands=hands, dealer_hands=dealer_hands, pair_hands=pair_hands, seed=seed)
    rng = np.random.default_rng(seed)
    deals = np.array([rng.permutation(53)[:7] for _ in range(hands)], np.uint8)
    seeds = rng.integers(0, 2**63, hands)
    batches = [(deals[i::32], seeds[i::32], dealer_hands) for i in range(32)]
    rows = [row for part in runner.tasks(_deviation_batch, batches) for row in part]
    per_hand = pd.DataFrame(rows)
    patterns = (
        per_hand.groupby("pattern")
        .agg(
            hands=("ev_lost", "size"),
            deviates=("deviates", "mean"),
            mean_ev_lost=("ev_lost", "mean"),
            se_ev_lost=("ev_lost", "sem"),
            max_ev_lost=("ev_lost", "max"),
        )
        .reset_index()
        .sort_values("mean_ev_lost", ascending=False)
    )
    two_pair = _two_pair_grid(pair_hands, dealer_hands, rng, runner)
    manifest = manifest_for(
        spec,
        elapsed=time.perf_counter() - start,
        # pandas-stubs types Series.sem() as any Scalar
        standard_errors={"mean_ev_lost": float(per_hand.ev_lost.sem())},  # type: ignore[arg-type]
        command=COMMAND,
    )
    tables = {"hands": per_hand, "patterns": patterns, "two_pair": two_pair}
    return drawn_result(spec, tables, manifest, _deviation_figures)


def _deviation_figures(tables: Mapping[str, pd.DataFrame], manifest: Mapping[str, Any]) -> dict[str, Figure]:
    inputs = manifest["inputs"]
    return {
        "ev_lost_histogram": _histogram(tables["hands"], inputs["dealer_hands_per_sample"], manifest["seed"]),
        "two_pair_decisions": _two_pair_figure(tables["two_pair"], inputs["dealer_hands_per_sample"]),
    }


def _two_pair_hand(high: int, low: int, ace: bool, rng) -> np.ndarray:
    """Random suits for the two pairs and three singles of distinct other ranks, one of them
    an ace or the joker when ``ace`` (and no ace or joker otherwise)."""
    others = [r for r in range(12) if r not in (high, low)]
    single_ranks = list(rng.choice(others, 2 if ace else 3, replace=False))
    cards = [4 * high + s for s in rng.choice(4, 2, replace=False)] + [
        4 * low + s for s in rng.choice(4, 2, replace=False)
    ]
    cards += [4 * r + int(rng.integers(4)) for r in single_ranks]
    if ace:
        cards.append(52 if rng.random() < 0.5 else 48 + int(rng.integers(4)))
    return np.array(cards, np.uint8)


def _two_pair_batch(cells, dealer_hands):
    rows = []
    for high, low, ace, cards_list, seeds in cells:
        diffs, foxwoods_splits = [], []
        for cards, seed in zip(cards_list, seeds):
            # split: the lower pair (positions 2, 3) in front; keep: the two highest singles in front
            singles = sorted(range(4, 7), key=lambda i: -(12 if cards[i] == 52 else int(cards[i]) >> 2))
            values = [split_values(cards, 2, 3), split_values(cards, singles[0], singles[1])]
            fronts = np.array([v[0] for v in values], np.int64)
            backs = np.array([v[1] for v in values], np.int64)
            tallies = np.zeros((2, 3), np.int64)
            excluded = cards_mask(cards)
            sampled_split_tallies(
                excluded, fronts, backs, 0, RULES.player_banks, chunk_state(int(seed), 0), dealer_hands, tallies
            )
            ev = [settlement(t, dealer_hands, RULES.commission)[3] for t in tallies]
            diffs.append(ev[0] - ev[1])
            foxwoods_splits.append(house_way_setting(cards).rule.startswith("5 two pair: split"))
        rows.append(
            {
                "high_pair": RANKS[high],
                "low_pair": RANKS[low],
                "ace_or_joker": ace,
                "split_minus_keep": float(np.mean(diffs)),
                "se": float(np.std(diffs, ddof=1) / np.sqrt(len(diffs))),
                "hands": len(diffs),
                "foxwoods_split_share": float(np.mean(foxwoods_splits)),
            }
        )
    return rows


def _two_pair_grid(pair_hands, dealer_hands, rng, runner: Runner) -> pd.DataFrame:
    cells = []
    for high in range(1, 13):
        for low in range(high):
            for ace in (False, True):
                if ace and 12 in (high, low):
                    continue  # a pair of aces with an ace single is trips
                hands = [_two_pair_hand(high, low, ace, rng) for _ in range(pair_hands)]
                cells.append((high, low, ace, hands, rng.integers(0, 2**63, pair_hands)))
    batches = [(cells[i::16], dealer_hands) for i in range(16)]
    rows = [row for part in runner.reporting(None).tasks(_two_pair_batch, batches) for row in part]
    return pd.DataFrame(rows)


def _histogram(per_hand: pd.DataFrame, dealer_hands: int, seed: int) -> Figure:
    figure = Figure(figsize=(9, 4.5), layout="constrained")
    axes = figure.subplots()
    lost = 100 * per_hand.ev_lost.to_numpy(float)
    axes.hist(lost, bins=60, color="#4477aa", log=True)
    axes.set_xlabel("EV given up by the House Way on one hand (% of the bet)")
    axes.set_ylabel("hands (log scale)")
    axes.set_title("Pai Gow: what following the Foxwoods House Way costs, hand by hand")
    mean, half = float(lost.mean()), 2 * float(lost.std(ddof=1)) / np.sqrt(len(lost))
    add_note(
        figure,
        f"Monte Carlo, seed {seed}: {len(per_hand):,} random hands; per hand, the best split is chosen on "
        f"{dealer_hands:,} dealer hands and both it and the House Way's are scored on {dealer_hands:,} others.\n"
        f"Mean given up: {with_error(mean, half)}% of the bet (± 2 standard errors over hands).",
    )
    return figure


TWO_PAIR_SCALE = 12  # EV points at which the two-pair chart's colours saturate


def _two_pair_figure(grid: pd.DataFrame, dealer_hands: int) -> Figure:
    """Split minus keep for every pair of pair ranks, one panel without and one with an ace or
    joker single; each cell names the Foxwoods decision and its mean ± 2 s.e."""
    figure = Figure(figsize=(16, 7.6), layout="constrained")
    panels = figure.subplots(1, 2)
    order = list(RANKS)
    high, low = grid.high_pair.astype(str).map(order.index), grid.low_pair.astype(str).map(order.index)
    norm = Normalize(-TWO_PAIR_SCALE, TWO_PAIR_SCALE)
    image = None
    for axes, ace in zip(panels, (False, True)):
        here = (grid.ace_or_joker == ace).to_numpy()
        matrix = np.full((13, 13), np.nan)
        texts = np.empty((13, 13), dtype=object)
        cells = zip(high[here], low[here], grid.split_minus_keep[here], grid.se[here], grid.foxwoods_split_share[here])
        for y, x, gain, se, share in cells:
            mark = "S" if share == 1 else "k" if share == 0 else "s/k"
            matrix[y, x] = 100 * gain
            texts[y, x] = f"{mark}\n{100 * gain:+.0f}\n±{200 * se:.0f}"
        image = axes.imshow(matrix, cmap="RdBu", norm=norm, origin="lower")
        write_cells(axes, image, texts, fontsize=6.5)
        axes.set_xticks(range(13), order)
        axes.set_yticks(range(13), order)
        axes.set_xlabel("low pair")
        axes.set_ylabel("high pair")
        axes.set_title("with an ace or joker single" if ace else "no ace or joker")
    assert image is not None  # two panels
    figure.colorbar(
        image,
        ax=panels,
        label=f"EV(split) - EV(keep both pairs back), points of % of the bet (clipped at ±{TWO_PAIR_SCALE})",
        shrink=0.8,
        extend="both",
    )
    figure.suptitle(
        "Pai Gow two pair: split or keep? (blue: splitting is better; Foxwoods House Way: S splits, k keeps, "
        "s/k depends on a king single)"
    )
    add_note(
        figure,
        f"Monte Carlo: {count_text(grid.hands)} random hands per cell, each against {dealer_hands:,} dealer hands "
        "(both settings on the same ones); cell: the Foxwoods decision, the mean difference and ± 2 standard errors "
        "over the cell's hands.",
    )
    return figure


FIGURES = {"paigow/house_edge": _edge_figures, "paigow/house_way_deviations": _deviation_figures}


def tables_specs(
    *, edge_trials: int, optimal_trials: int, hands: int, dealer_hands: int, seed: int
) -> list[ResultSpec]:
    """The specs of the two results of :func:`tables`, in its order."""
    return [
        edge_summary_spec(trials=edge_trials, optimal_trials=optimal_trials, inner_trials=INNER_TRIALS, seed=seed),
        house_way_deviations_spec(hands=hands, dealer_hands=dealer_hands, pair_hands=PAIR_HANDS, seed=seed),
    ]


def tables(
    *,
    edge_trials: int = 20_000_000,
    optimal_trials: int = 100_000,
    hands: int = 4_000,
    dealer_hands: int = 20_000,
    seed: int = 2026,
    runner: Runner = Runner(),
) -> list[ResultSet]:
    """The house edge by strategy (:func:`edge_summary`) and the House Way's deviations from the
    best split (:func:`house_way_deviations`), from one seed."""
    return [
        edge_summary(trials=edge_trials, optimal_trials=optimal_trials, seed=seed, runner=runner.reporting(None)),
        house_way_deviations(hands=hands, dealer_hands=dealer_hands, seed=seed, runner=runner),
    ]
