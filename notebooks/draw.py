# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown]
# # Five-card draw
#
# Exact draw odds, the discard strategy and Jacks or Better (`results/draw/`), and a live query.

# %%
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from analyzer.games.draw.odds import draw_odds

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists())
odds = pd.read_csv(RESULTS / "draw" / "draw_odds" / "draw_odds.csv")
strategy = pd.read_csv(RESULTS / "draw" / "strategy" / "strategy.csv")
odds[["deck", "situation", "draws", "outcomes", "p_improve"]]

# %%
standard = odds[odds.deck == "standard"]
figure = Figure(figsize=(8, 4))
ax = figure.subplots()
ax.barh(standard.situation, standard.p_improve)
ax.set_xlabel("P(improve), exact")
ax.set_title("Five-card draw: how often each standard draw improves")
figure

# %%
strategy[strategy.opponents == 1][["class", "best_keep", "equity", "margin"]]

# %% [markdown]
# A live query: the exact odds of drawing three to a pair of jacks (A.4: 16,215 draws).

# %%
result = draw_odds("Jc Jd 8h 5s 2c", "8h 5s 2c")
print(result.outcomes, round(result.p_improve, 6))
assert result.outcomes == 16_215
