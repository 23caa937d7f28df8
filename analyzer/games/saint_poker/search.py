"""The Saint Poker search player: determinized Monte Carlo with successive halving.

The player at seat ``p`` sees what the rules let him see (§3.6) and no more: every
simulation starts from :func:`.engine._resample_hidden`, which deals the opponents'
hidden cards and the deck afresh from the cards ``p`` has not seen, so the true hidden
cards are never read. From such a deal each candidate choice is made and the game is
played out with the base policy for every player (:func:`.rollout._score_choices`); all
candidates of one deal share it and its random streams (common random numbers).

The move's budget is ``B`` simulations (one candidate played out from one deal), spent by
*successive halving*: with ``C`` legal choices there are ``R = ceil(log2 C)`` rounds; in
a round with ``m`` candidates each is played out on ``max(1, B // (m R))`` fresh deals,
and the better half (rounded up) by total value so far goes on, until one is left. Clear
losers thus cost few simulations and the close candidates get most of them.

A simulation's value is the chooser's points to the end of the game, as for ``rollout``.
The alternatives measured while choosing, at 64 simulations a move (win shares of seat 0
against greedy opponents, ``simulate_games(..., seed=11)`` with the draft's "youngest" drawn
at random; 400 games with 3 players and 300 with 5, s.e. about 0.025):

===========================================  =========  =========
valuing and allocation                       3 players  5 players
===========================================  =========  =========
points to the end, successive halving        0.580      0.296
game won + 0.25 x margin / 36, halving       0.515      0.242
game won (1, or 1 / w if shared), halving    0.420      0.167
game won + margin, 64 / C deals per choice   0.481      0.219
``rollout:4`` (points, 4 deals per choice)   0.388      0.169
===========================================  =========  =========

Halving is what gains: it spends the budget on the close choices. The share of the game
won, though it is what a tournament counts, is a coarser signal than the points (most
deals give every candidate the same 0 or 1), and the greedy continuation plays for points
anyway; so the search values points.

Greedy play-outs stay the best model at a table of strong players too. Measured as one
candidate at a table of ``search:1024`` players (``saint-poker tournament CANDIDATE
search:1024 --seats 3 --field search:1024 --deals 40``, 1,024 play-outs a move; the
candidate's win share minus the fair third, in points, seed 41 unless marked):

* every seat of the play-outs on save's rules with weights fitted to ``search:1024``'s own
  choices (the 13,920 with more than one legal choice in 160 games at such a table; the fit
  agrees with 37% of them, greedy with 33%): -21.0 +- 2.9; the same for the opponents only,
  the chooser greedy: -6.7 +- 3.5;
* each play-out's opponents greedy or tuned-save at random: -1.2 +- 4.1 (seed 33); chosen per
  opponent by a UCB1 bandit on his own points: -1.4 +- 4.0 (seed 33);
* the opponents' hidden cards the stronger of two deals by greedy's hand strength: -3.8 +- 3.8;
* valued by the final margin over the best opponent: -3.8 +- 3.4; by the points plus 4 points
  for a game won: +2.5 +- 4.1 (seed 33), plus 8 points: +0.8 +- 4.5.

A model closer to the table's own play made the search worse, not better.
"""

from __future__ import annotations

import numpy as np

from analyzer.games.saint_poker import engine as E
from analyzer.games.saint_poker.policies import BASE, ROLLOUTS
from analyzer.games.saint_poker.rollout import CHOICE_TALLY, _legal_choices, _score_choices
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into


@kernel
def _search_choice(st, p, seat_params, weights, rng):
    """The search policy's choice for ``p`` (module docstring); ``seat_params`` is
    ``[SEARCH, B, base]``."""
    choices = _legal_choices(st, p)
    c = choices.shape[0]
    if c == 1:
        return choices[0]
    kinds = np.full(st[E.PLAYERS], seat_params[BASE])
    rounds = 0
    while (1 << rounds) < c:
        rounds += 1
    alive = np.arange(c)
    values = np.zeros(c, np.int64)
    base = np.empty_like(st)
    work = np.empty_like(st)
    m = c
    while m > 1:
        deals = max(1, seat_params[ROLLOUTS] // (m * rounds))
        subset = choices[alive[:m]]
        tallies = np.zeros((m, CHOICE_TALLY), np.int64)
        for _ in range(deals):
            E._resample_hidden(st, base, p, rng)
            _score_choices(base, p, subset, kinds, weights, rng, work, tallies)
        for i in range(m):
            values[alive[i]] += tallies[i, 3]  # points to the end
        order = np.argsort(-values[alive[:m]], kind="mergesort")  # stable: ties keep the lower choice
        copy_into(alive[:m], alive[:m][order])  # not alive[:m] = ...: see analyzer.sim.arrays
        m = (m + 1) // 2
    return choices[alive[0]]
