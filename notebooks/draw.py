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
# # Five-card draw
#
# Exact draw odds, the discard strategy and Jacks or Better (`results/draw/`: tables read with
# pandas, charts as committed), then live queries through the public API: `pa.draw.odds` (exact)
# and `pa.draw.advise` (Monte Carlo against drawing opponents).

# %%
# %matplotlib inline
from pathlib import Path

from IPython.display import Image

import analyzer as pa
from analyzer.studies.registry import read_result

RESULTS = next(p for p in (Path("results"), Path("../results")) if p.exists()) / "draw"
odds = read_result(RESULTS / "draw_odds")[0]["draw_odds"]
strategy = read_result(RESULTS / "strategy")[0]["strategy"]
odds[["deck", "situation", "draws", "outcomes", "p_improve"]]

# %% [markdown]
# How often each standard draw improves, with and without the Bug (exact: every draw enumerated).

# %% tags=["chart"]
Image(filename=RESULTS / "draw_odds" / "draw_odds.png")

# %% [markdown]
# The best discard by hand and number of opponents (Monte Carlo): the colour is how many cards
# it draws, the second line how much equity it gains over the runner-up.

# %% tags=["chart"]
Image(filename=RESULTS / "strategy" / "best_discard.png")

# %%
strategy[strategy.opponents == 1][["class", "best_keep", "equity", "stderr", "second_keep", "margin"]]

# %% tags=["chart"]
Image(filename=RESULTS / "jacks_or_better" / "jacks_or_better.png")

# %% [markdown]
# ## Live queries
#
# The exact odds of drawing three to a pair of jacks (test vector A.4: 16,215 equally likely
# draws, P(improve) .2871).

# %%
result = pa.draw.odds("Jc Jd 8h 5s 2c", discard="8h 5s 2c")
assert result.outcomes == 16_215 and round(result.p_improve, 4) == 0.2871
result

# %% tags=["chart"]
result.plot()

# %% [markdown]
# Which cards to keep from a pair of deuces with an ace, against two opponents who draw by the
# standard policy: every discard meets the same deals (Monte Carlo, fixed seed).

# %%
advice = pa.draw.advise("2c 2d Ah 7s 4c", opponents=2, trials=20_000, seed=1)
advice

# %% tags=["chart"]
advice.plot()
