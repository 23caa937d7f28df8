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
# # Pai Gow Poker
#
# The house edge by strategy and where the House Way is wrong (`results/paigow/`: tables read
# with pandas, charts as committed), then live queries through the public API:
# `pa.paigow.house_way`, `pa.paigow.split` and `pa.paigow.edge`.

# %%
# %matplotlib inline
from pathlib import Path

from IPython.display import Image

import analyzer as pa
from analyzer.charts import bar_chart
from analyzer.studies.registry import read_result

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists()) / "paigow"
edge = read_result(RESULTS / "house_edge")[0]["house_edge"]
deviations, deviations_manifest = read_result(RESULTS / "house_way_deviations")
edge[["setting", "ev", "stderr", "push", "trials", "gain_over_house_way", "gain_stderr"]]

# %% [markdown]
# The house edge of the House Way (player or banker) and of the best split per hand, and the
# best split's gain over the House Way measured on the same deals (Monte Carlo; ± 2 s.e.).

# %% tags=["chart"]
Image(filename=RESULTS / "house_edge" / "house_edge.png")

# %% [markdown]
# Two pair: split or keep, by pair ranks, and what the Foxwoods House Way does.

# %% tags=["chart"]
Image(filename=RESULTS / "house_way_deviations" / "two_pair_decisions.png")

# %% [markdown]
# The patterns where following the House Way costs most, among the random hands of the study
# (drawn here from the committed `patterns` table; a pattern seen once has no error bar).

# %% tags=["chart"]
patterns = deviations["patterns"]
worst = patterns[patterns.hands >= 5].nlargest(8, "mean_ev_lost")
inputs = deviations_manifest["inputs"]
bar_chart(
    [f"{p} ({n} hands)" for p, n in zip(worst.pattern, worst.hands)],
    100 * worst.mean_ev_lost,
    errors=200 * worst.se_ev_lost.fillna(0),
    title="Pai Gow: the House Way's costliest patterns (5 hands or more)",
    value_label="EV given up by the House Way (% of the bet)",
    error_note=f"Monte Carlo: {inputs['hands']:,} random hands, {inputs['dealer_hands_per_sample']:,} dealer hands "
    f"per sample, seed {deviations_manifest['seed']}; error bars 2 s.e. over the pattern's hands.",
)

# %% [markdown]
# ## Live queries
#
# How the House Way sets a hand, then every split of it against a House-Way dealer (Monte Carlo
# with a fixed seed; `to_frame()` lists every split).

# %%
pa.paigow.house_way("Tc Td 6h 6s Ac 3d 2h")

# %%
result = pa.paigow.split("Tc Td 6h 6s Ac 3d 2h", trials=20_000, seed=1)
result

# %% tags=["chart"]
result.plot()

# %% [markdown]
# The house edge of the House Way over random deals (a short run: the committed table above has
# 20 million deals).

# %%
pa.paigow.edge(trials=100_000, seed=1)
