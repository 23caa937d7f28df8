# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# # Texas Hold'em and five-card stud
#
# The committed tables under `results/holdem/` and `results/stud/` (read with pandas, their
# charts shown as committed), then live queries through the public API: `pa.holdem.equity`
# and `pa.stud.equity`; then push/fold, heads-up and three-handed under ICM. The last cell is
# an interactive calculator (ipywidgets): type hands or ranges and a board, press the button.

# %%
# %matplotlib inline
from pathlib import Path

import ipywidgets as widgets
import numpy as np
import pandas as pd
from IPython.display import Image, display

import analyzer as pa
from analyzer.charts import labeled_heatmap
from analyzer.studies.registry import read_result

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists())
preflop, preflop_manifest = read_result(RESULTS / "holdem" / "preflop_vs_random")
matrix, matrix_manifest = read_result(RESULTS / "holdem" / "heads_up_matrix")
stud, stud_manifest = read_result(RESULTS / "stud" / "starts_vs_random")
preflop = preflop["preflop_vs_random"]
preflop.head()

# %% [markdown]
# Equity of every starting class against one random hand (Monte Carlo; the note under the chart
# gives the sample and the largest standard error). Charts for 2 to 9 opponents sit beside it.

# %% tags=["chart"]
Image(filename=RESULTS / "holdem" / "preflop_vs_random" / "equity_vs_1.png")

# %% [markdown]
# The exact heads-up matrix has every class against every class (`heads_up_matrix.png` names all
# 169 on each side). Here is its corner of strong hands, drawn from the committed table.

# %% tags=["chart"]
matrix = matrix["heads_up_matrix"]
strong = ["AA", "KK", "QQ", "JJ", "TT", "99", "AKs", "AQs", "AJs", "KQs", "AKo", "AQo"]
corner = matrix[matrix.hero.isin(strong) & matrix.villain.isin(strong)]
grid = corner.pivot(index="hero", columns="villain", values="equity").loc[strong, strong].to_numpy() * 100
labeled_heatmap(
    grid,
    np.vectorize(lambda v: "" if np.isnan(v) else f"{v:.1f}")(grid),
    strong,
    strong,
    title="Hold'em heads-up: equity (%) of the row class against the column class",
    colorbar="row class equity (%)",
    row_label="hero",
    col_label="villain",
    cmap="RdBu",
    centre=50,
    fontsize=8,
    note="Exact: every board of every combo matchup, averaged over the combos of each class pair "
    "(results/holdem/heads_up_matrix); no sampling error.",
)

# %% [markdown]
# AA's five worst matchups, and the stud pairs against one opponent (the stud chart below).

# %%
display(matrix[matrix.hero == "AA"].nsmallest(5, "equity")[["villain", "equity", "win", "tie"]])
stud = stud["starts_vs_random"]
stud[(stud.kind == "pair") & (stud.opponents == 1)].head(5)[["class", "equity", "stderr", "trials"]]

# %% tags=["chart"]
Image(filename=RESULTS / "stud" / "starts_vs_random" / "starts_vs_random.png")

# %% [markdown]
# ## Live queries
#
# Exact AsKs against QdQc preflop: every one of the 1,712,304 boards is enumerated.

# %%
result = pa.holdem.equity(["AsKs", "QdQc"])
assert result.run.exact and abs(sum(p.equity for p in result.players) - 1) < 1e-12
result

# %% tags=["chart"]
result.plot()

# %% [markdown]
# A range against a hand on a flop, by Monte Carlo with a fixed seed (so the numbers repeat);
# `to_frame()` gives the table.

# %%
ranged = pa.holdem.equity(["QQ+, AKs", "JhTh"], board="Ah 9h 2c", exact=False, trials=50_000, seed=7)
ranged.to_frame()

# %% tags=["chart"]
ranged.plot()

# %% [markdown]
# Five-card stud: two cards to come for each player, every deal enumerated.

# %%
pa.stud.equity(["As Ah 7d", "Ks Kh 9c"], dead="7c 2d")

# %% [markdown]
# ## Push/fold
#
# The heads-up push/fold Nash chart (`results/holdem/push_fold/`): per class, the largest
# effective stack at which the small blind pushes it and the big blind calls it, each of the
# 190 stacks from 1.1 to 20 bb solved with exact all-in equities and combo-level card removal.
# The classes whose pushing has gaps are listed with their pushing intervals.

# %%
push_fold = pd.read_csv(RESULTS / "holdem" / "push_fold" / "push_fold.csv")
display(push_fold[push_fold.push_stacks.notna()])
push_fold.set_index("class").loc[["K2s", "T3s", "Q2o", "J8o", "76o"], ["push", "call"]]

# %% tags=["chart"]
Image(filename=RESULTS / "holdem" / "push_fold" / "push.png")

# %% [markdown]
# One stack live: the ranges are `Range` objects, so they go straight into `pa.holdem.equity`
# (here the pusher's range against the caller's, by Monte Carlo). The exploitability is each
# side's best-response gain, summed, in big blinds per hand.

# %%
nash = pa.holdem.push_fold(stack=8)
print(f"push {nash.push_share:.1%}, call {nash.call_share:.1%}, exploitability {nash.exploitability:.1e} bb/hand")
pa.holdem.equity([nash.push, nash.call], exact=False, trials=50_000, seed=3)

# %% [markdown]
# Three-handed under ICM (payouts 50/30/20, 10 bb each): each decision's share of hands, the
# tournament equities with their Monte Carlo standard errors (the game is played on sampled
# deals) and the exploitability in prize-pool shares. ICM equities alone: `pa.holdem.icm`.

# %%
three = pa.holdem.icm_push_fold([10, 10, 10], [50, 30, 20], deals=500_000)
display(pd.Series({name: r.share if r is not None else 0.0 for name, r in three.ranges.items()}, name="share"))
print("equities", [f"{e:.2%} ± {s:.2%}" for e, s in zip(three.equities, three.standard_errors)])
print(f"exploitability {three.exploitability:.4%} of the prize pool")
pa.holdem.icm([5000, 3000, 2000], [50, 30, 20]).to_frame()

# %% [markdown]
# ## Try your own hands
#
# Interactive (ipywidgets): hands or ranges in PokerStove syntax (`AsKs`, `QQ+, AKs`,
# `random`), an optional third player and board; press the button to run. Exact where that is
# quick, else 200,000 Monte Carlo deals.


# %%
def holdem_calculator(first="AsKs", second="QdQc", third="", board=""):
    hands = [h for h in (first, second, third) if h.strip()]
    answer = pa.holdem.equity(hands, board=board or None, trials=200_000)
    display(answer, answer.plot())


calculator = widgets.interact_manual(holdem_calculator)
