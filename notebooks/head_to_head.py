# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown]
# # Head to Head Poker
#
# Round types, the tournament, first placements, blocking and the betting game
# (`results/head_to_head/`), and two live queries.

# %%
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from analyzer.games.head_to_head.place import placement_values
from analyzer.games.head_to_head.position import position_from_dict

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists()) / "head_to_head"
rounds = pd.read_csv(RESULTS / "round_types" / "round_types.csv")
league = pd.read_csv(RESULTS / "tournament" / "win_rates.csv")
fresh = pd.read_csv(RESULTS / "betting" / "fresh_card" / "fresh_card.csv")
rounds.pivot_table(index="round_type", columns=["crazy", "rows"], values="first_mover_margin").round(1)

# %%
figure = Figure(figsize=(8, 4))
ax = figure.subplots()
for crazy, part in rounds[rounds["rows"] == 5].groupby("crazy"):
    ax.plot(part.round_type, part.skill_gain, marker="o", label="Crazy" if crazy else "normal")
ax.set_ylabel("greedy's margin over random per round ($)")
ax.set_title("Head to Head, 5 rows: how much skill pays by round type")
ax.legend()
figure

# %%
print(league.pivot(index="policy", columns="opponent", values="win_rate").round(3))
print(fresh[["round_type", "value_of_the_look", "value_stderr"]].to_string(index=False))

# %% [markdown]
# A live query: where to put a drawn ace at the start of round 3 (greedy rollouts).

# %%
position = position_from_dict({"round": 3, "type": "draw1", "common": "7s Kd 2h Qc 9s", "cards": "Ah"})
result = placement_values(position, trials=500, seed=1)
print(result.to_frame()[["card", "row", "side", "ev", "stderr"]].to_string(index=False))
assert len(result.moves) == 5
