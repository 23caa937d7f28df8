# ---
# jupyter:
#   jupytext:
#     formats: py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
# ---

# %% [markdown]
# # Whist and Mousel
#
# The Whist bidding tables and auction (`results/whist/`), the Mousel thresholds
# (`results/mousel/`), a scripted Whist trick, and live queries for both games.

# %%
from pathlib import Path

import pandas as pd
from matplotlib.figure import Figure

from analyzer.games.mousel.advise import advise
from analyzer.games.whist.bid import bid_values
from analyzer.games.whist.deal import WhistDeal
from analyzer.games.whist.rules import parse_hand

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists())
by_feature = pd.read_csv(RESULTS / "whist" / "bidding" / "by_feature.csv")
hcp = by_feature[(by_feature.feature == "hcp") & (by_feature.deals >= 200)]
hcp.pivot(index="value", columns="contract", values="p_make").round(3)

# %%
figure = Figure(figsize=(7, 4))
ax = figure.subplots()
for contract, part in hcp.groupby("contract"):
    ax.errorbar(part.value, part.chips, yerr=2 * part.chips_stderr, marker=".", capsize=2, label=contract)
ax.axhline(0, color="black", lw=0.8)
ax.set_xlabel("forehand's high-card points")
ax.set_ylabel("expected chips of the contract")
ax.legend(fontsize=8)
ax.set_title("Whist: which contract pays, by high-card points")
figure

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
deal.play("Ks"), deal.play("Js")
print("seat", deal.turn, "may play", deal.legal(), "- the partner is seat", deal.partner)
assert deal.legal() == "As"

# %%
thresholds = pd.read_csv(RESULTS / "mousel" / "thresholds" / "thresholds.csv")
thresholds.pivot(index="players", columns="pot", values=["go_along_from", "declare_from"])

# %% [markdown]
# The long run: one player's going-along threshold against baseline players (declaring from
# 1.6), chips per deal over sessions with the pot carried on.

# %%
sessions = pd.read_csv(RESULTS / "mousel" / "sessions" / "sessions.csv")
sessions[sessions.declare == 1.6].pivot(index="along", columns="players", values="chips_per_deal").round(3)

# %% [markdown]
# Live queries: the bids of a Whist hand, and a Mousel hand's best plans.

# %%
report = bid_values(parse_hand("As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c"), trials=2_000, seed=1)
print(report.to_frame().round(3).to_string(index=False))
advice = advise("Kh Qh 9c 4d", "7h", 4, trials=2_000, seed=1)
print(advice.to_frame().head(6).round(3).to_string(index=False))
assert len(advice.options) == 33
