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
# # Whist and Mousel
#
# The Whist bidding tables and auction (`results/whist/`) and the Mousel thresholds
# (`results/mousel/`): tables read with pandas, charts as committed. Then a scripted Whist trick
# and live queries through the public API: `pa.whist.bid` and `pa.mousel.advise`.

# %%
# %matplotlib inline
from pathlib import Path

from IPython.display import Image

import analyzer as pa
from analyzer.games.whist.deal import WhistDeal
from analyzer.studies.registry import read_result

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists())
by_feature = read_result(RESULTS / "whist" / "bidding")[0]["by_feature"]
hcp = by_feature[(by_feature.feature == "hcp") & (by_feature.deals >= 200)]
hcp.pivot(index="value", columns="contract", values="p_make").round(3)

# %% [markdown]
# The bidding chart: forehand's best contract by high-card points and longest suit, its
# expected chips ± 2 s.e. and the deals in each cell (Monte Carlo; blue wins chips, red loses).

# %% tags=["chart"]
Image(filename=RESULTS / "whist" / "bidding" / "bidding_chart.png")

# %% tags=["chart"]
Image(filename=RESULTS / "whist" / "bidding" / "p_make_by_feature.png")

# %% [markdown]
# The called ace (W-3): spades are called; when spades are first led, the ace holder (seat 2)
# has only the ace to play.

# %%
deal = WhistDeal(
    [
        "Ks Qs 2h 3h 4h 5h 6h 7h 8h 9h Th Jh Qh",
        "Js Ts 9s Kh Ah 2d 3d 4d 5d 6d 7d 8d 9d",
        "As 8s 7s Td Jd Qd Kd Ad 2c 3c 4c 5c 6c",
        "6s 5s 4s 3s 2s 7c 8c 9c Tc Jc Qc Kc Ac",
    ],
    "grand:s",
    bidder=0,
)
deal.play("Ks")
deal.play("Js")
assert deal.legal() == "As"
print(f"seat {deal.turn} may play {deal.legal()}; the partner is seat {deal.partner}")

# %% [markdown]
# Mousel: from which hand strength going along beats folding, and declaring beats passing, by
# players and carried pot; the value of going along by strength (chips per deal, ± 2 s.e.).

# %%
thresholds = read_result(RESULTS / "mousel" / "thresholds")[0]["thresholds"]
thresholds.pivot(index="players", columns="pot", values=["go_along_from", "declare_from"])

# %% tags=["chart"]
Image(filename=RESULTS / "mousel" / "thresholds" / "going_along.png")

# %% [markdown]
# The long run: one player's thresholds against baseline players over sessions with the pot
# carried on.

# %% tags=["chart"]
Image(filename=RESULTS / "mousel" / "sessions" / "thresholds_long_run.png")

# %% [markdown]
# ## Live queries
#
# Every bid of a Whist hand, played out on the same random deals (Monte Carlo, fixed seed).

# %%
bids = pa.whist.bid("As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c", trials=2_000, seed=1)
bids

# %% tags=["chart"]
bids.plot()

# %% [markdown]
# A Mousel hand's plans (fold, or go along with each exchange and declare or pass) for forehand
# of four players, hearts trumps.

# %%
advice = pa.mousel.advise("Kh Qh 9c 4d", "7h", 4, trials=2_000, seed=1)
assert len(advice.options) == 33
advice

# %% tags=["chart"]
advice.plot()
