# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown]
# # Pai Gow Poker
#
# The house edge by strategy and where the House Way is wrong (`results/paigow/`), and a live query.

# %%
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from analyzer.games.paigow.split import split_ev
from analyzer.sim.engine import Stopping

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists())
edge = pd.read_csv(RESULTS / "paigow" / "house_edge" / "house_edge.csv")
patterns = pd.read_csv(RESULTS / "paigow" / "house_way_deviations" / "patterns.csv")
edge[["setting", "ev", "stderr", "push", "trials"]]

# %%
worst = patterns.nlargest(8, "mean_ev_lost")
figure = Figure(figsize=(8, 4))
ax = figure.subplots()
ax.barh(worst.pattern, 100 * worst.mean_ev_lost)
ax.set_xlabel("EV given up by the House Way (% of the bet)")
ax.set_title("Pai Gow: the House Way's costliest patterns")
figure

# %% [markdown]
# A live query: every split of a hand against a House-Way dealer (a small Monte Carlo run).

# %%
result = split_ev("Tc Td 6h 6s Ac 3d 2h", method="monte-carlo", stopping=Stopping(trials=20_000), seed=1)
print(result.to_frame().head(3).to_string())
