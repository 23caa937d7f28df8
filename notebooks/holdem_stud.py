# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown]
# # Texas Hold'em and five-card stud
#
# The committed tables under `results/holdem/` and `results/stud/`, and one live query.

# %%
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from analyzer.games.holdem.equity import holdem_equity

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists())
preflop = pd.read_csv(RESULTS / "holdem" / "preflop_vs_random" / "preflop_vs_random.csv")
matrix = pd.read_csv(RESULTS / "holdem" / "heads_up_matrix" / "heads_up_matrix.csv")
stud = pd.read_csv(RESULTS / "stud" / "starts_vs_random" / "starts_vs_random.csv")
preflop.head()

# %% [markdown]
# Equity of the ten best starting classes as the table fills up (Monte Carlo, see the manifest).

# %%
top = preflop[preflop.opponents == 1].nlargest(10, "equity")["class"]
figure = Figure(figsize=(8, 4.5))
ax = figure.subplots()
for name in top:
    part = preflop[preflop["class"] == name]
    ax.plot(part.opponents, part.equity, marker="o", label=name)
ax.set_xlabel("random opponents")
ax.set_ylabel("equity")
ax.set_title("Hold'em: the best starts against 1 to 9 random hands")
ax.legend(fontsize=7)
figure

# %% [markdown]
# The exact heads-up matrix: AA's worst matchups, and stud pairs against one opponent.

# %%
print(matrix[matrix.hero == "AA"].nsmallest(5, "equity")[["villain", "equity"]].to_string(index=False))
print(stud[(stud.kind == "pair") & (stud.opponents == 1)].head(5)[["class", "equity"]].to_string(index=False))

# %% [markdown]
# A live query through the public API: exact AsKs against QdQc preflop.

# %%
result = holdem_equity(["AsKs", "QdQc"])
print(result.run.method, [round(p.equity, 6) for p in result.players])
assert result.run.exact and abs(sum(p.equity for p in result.players) - 1) < 1e-12
