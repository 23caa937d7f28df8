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
# # Saint Poker
#
# Tournaments, ties, draft seats and spend-or-save (`results/saint_poker/`: tables read with
# pandas, charts as committed), then live queries through the public API:
# `pa.saint_poker.decide` and `pa.saint_poker.play`.

# %%
# %matplotlib inline
from pathlib import Path

from IPython.display import Image

import analyzer as pa
from analyzer.studies.registry import read_result

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists()) / "saint_poker"
tournament = read_result(RESULTS / "tournament")[0]["tournament"]
spend = read_result(RESULTS / "spend_or_save")[0]["spend_or_save"]
tournament.pivot(index="policy", columns="players", values="wins")

# %% [markdown]
# One policy in one seat against greedy opponents, 2 to 5 players: its win share (Monte Carlo;
# error bars 2 s.e.; the dashed line is the fair share).

# %% tags=["chart"]
Image(filename=RESULTS / "tournament" / "win_share.png")

# %% [markdown]
# Ties, the tie-break seat and the draft seats in all-greedy games.

# %% tags=["chart"]
Image(filename=RESULTS / "ties_and_seats" / "ties_and_seats.png")

# %% [markdown]
# At the reveal: spend the strong cards now (the best pair) or save them?

# %% tags=["chart"]
Image(filename=RESULTS / "spend_or_save" / "spend_or_save.png")

# %%
spend

# %% [markdown]
# ## Live queries
#
# Which card to put in the river in round 1 (3 players), every choice played out by greedy
# players on the same samples (Monte Carlo, fixed seed).

# %%
river = {
    "players": 3,
    "round": 1,
    "phase": "river",
    "hand": "As Kd 9h 9c 7s 5d 4c 3h 2s Qc",
    "river": "Jc 8d",
    "future": "Qd 2c",
}
decision = pa.saint_poker.decide(river, trials=400, seed=1)
assert len(decision.choices) == 10
decision

# %% tags=["chart"]
decision.plot()

# %% [markdown]
# Whole games: greedy, save and random players at one table.

# %%
games = pa.saint_poker.play(3, ["greedy", "save", "random"], games=1_000, seed=1)
games

# %% tags=["chart"]
games.plot()
