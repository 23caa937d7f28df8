# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown]
# # Saint Poker
#
# Tournaments, ties, draft seats and spend-or-save (`results/saint_poker/`), and a live query.

# %%
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from analyzer.games.saint_poker.decide import decide, position_from_dict

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists()) / "saint_poker"
tournament = pd.read_csv(RESULTS / "tournament" / "tournament.csv")
spend = pd.read_csv(RESULTS / "spend_or_save" / "spend_or_save.csv")
tournament.pivot(index="policy", columns="players", values="wins").round(3)

# %%
figure = Figure(figsize=(7, 4))
ax = figure.subplots()
ax.errorbar(spend["round"], spend.spend_minus_save, yerr=2 * spend.stderr, marker="o", capsize=3)
ax.axhline(0, color="black", lw=0.8)
ax.set_xlabel("round of the reveal")
ax.set_ylabel("points: best pair minus saving pair")
ax.set_title("Saint Poker: spend strong cards now or save them?")
figure

# %% [markdown]
# A live query: which card to put in the river in round 1 (3 players, greedy play after).

# %%
position = position_from_dict(
    {
        "players": 3,
        "round": 1,
        "phase": "river",
        "hand": "As Kd 9h 9c 7s 5d 4c 3h 2s Qc",
        "river": "Jc 8d",
        "future": "Qd 2c",
    }
)
result = decide(position, trials=100, seed=1)
print(result.to_frame().head(5).to_string(index=False))
assert len(result.choices) == 10
