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
# # Head to Head Poker
#
# Round types, the policy tournament and the betting game (`results/head_to_head/`: tables read
# with pandas, charts as committed), then live queries through the public API:
# `pa.head_to_head.place`, `pa.head_to_head.bet` and `pa.head_to_head.play`. The last cell is an
# interactive position chooser (ipywidgets): set the round, its type, the common cards and the
# cards in hand, press the button to value every placement.

# %%
# %matplotlib inline
from pathlib import Path

import ipywidgets as widgets
from IPython.display import Image, display

import analyzer as pa
from analyzer.studies.registry import read_result

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists()) / "head_to_head"
rounds = read_result(RESULTS / "round_types")[0]["round_types"]
league = read_result(RESULTS / "tournament")[0]["standings"]
fresh = read_result(RESULTS / "betting" / "fresh_card")[0]["fresh_card"]
rounds.pivot_table(index="round_type", columns=["crazy", "rows"], values="first_mover_margin").round(1)

# %% [markdown]
# How much skill pays: greedy's chip margin over a random player, by round type and size (Monte
# Carlo; error bars 2 s.e.).

# %% tags=["chart"]
Image(filename=RESULTS / "round_types" / "skill_gain.png")

# %% [markdown]
# Round robins of whole games, deals and seats paired: the row player's chip margin per game
# over the column player (± 2 s.e.; 0 against itself by symmetry).

# %% tags=["chart"]
Image(filename=RESULTS / "tournament" / "margins.png")

# %%
league.pivot(index="player", columns="round_robin", values="margin").round(1)

# %% [markdown]
# The betting game: threshold bettors against the default one, and what betting on a freshly
# drawn card is worth.

# %% tags=["chart"]
Image(filename=RESULTS / "betting" / "threshold_tuning" / "threshold_tuning.png")

# %%
fresh[["round_type", "games", "value_of_the_look", "value_stderr"]]

# %% [markdown]
# ## Live queries
#
# Where to put a drawn ace at the start of round 3 (5 rows): every placement valued by greedy
# rollouts on the same samples (Monte Carlo, fixed seed).

# %%
start = {"round": 3, "type": "draw1", "common": "7s Kd 2h Qc 9s", "cards": "Ah"}
placements = pa.head_to_head.place(start, trials=1_000, seed=1)
assert len(placements.moves) == 5
placements

# %% tags=["chart"]
placements.plot()

# %% [markdown]
# A bet to answer on row 3 of round 1: decline, call or raise, each played out to the end of
# the round by threshold bettors and greedy placement.

# %%
answer = {
    "round": 1,
    "type": "draw1",
    "common": "7s Kd 2h",
    "you": ["7h 7d 3c 4c", "Ks Kc 5d 4d", "2s 2c 9d Jh"],
    "opponent": ["As Ad 6h 6d", "Qs Qd Jc 8d", "3d 3h 4h"],
    "cards": [],
    "stacks": [800, 700],
    "committed": {"you": [0, 0, 0], "opponent": [0, 0, 100]},
    "base": [0, 0, 100],
}
actions = pa.head_to_head.bet(answer, seed=1)
actions

# %% tags=["chart"]
actions.plot()

# %% [markdown]
# Whole games, greedy against random (Monte Carlo, fixed seed).

# %%
pa.head_to_head.play("greedy", "random", games=2_000, seed=1)

# %% [markdown]
# ## Choose a position
#
# Interactive (ipywidgets): the round (1 to 3: 3, 4 or 5 rows), the round type, the common
# cards (one per row) and the cards in hand; the rows start empty. Press the button to value
# every placement by 1,000 greedy rollouts per move.


# %%
def placement_values(round_=3, kind="draw1", common="7s Kd 2h Qc 9s", cards="Ah", crazy=False):
    position = {"round": round_, "type": kind, "common": common, "cards": cards, "crazy": crazy}
    values = pa.head_to_head.place(position, trials=1_000)
    display(values, values.plot())


chooser = widgets.interact_manual(
    placement_values,
    round_=widgets.IntSlider(value=3, min=1, max=3, description="round"),
    kind=widgets.Dropdown(options=["draw1", "share2", "hold3", "play4", "open5"], description="type"),
)
