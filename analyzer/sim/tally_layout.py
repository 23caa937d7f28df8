"""The layout of showdown tallies: per player, one row of :data:`WIDTH` integer counters.

The counters are wins, ties, equity and squared equity in units of 1/:data:`TIE_UNITS` of a pot
(2520 = lcm(1..10), so every split among up to 10 players is a whole number of units), then one
per final hand category. Rows merge by addition in any order. With weights (exact enumeration
over weighted ranges) the same layout holds weighted counts. The kernels that record them are in
:mod:`analyzer.sim.showdown`; :mod:`analyzer.sim.breakdown` reads them combo by combo.
"""

from __future__ import annotations

import numpy as np

TIE_UNITS = 2520
WIN, TIE, EQUITY, EQUITY_SQ, CATEGORY = 0, 1, 2, 3, 4
WIDTH = CATEGORY + 11

SHARE = np.array([0] + [TIE_UNITS // m for m in range(1, 11)], dtype=np.int64)  # units per winner
