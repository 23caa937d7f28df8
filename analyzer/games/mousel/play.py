"""Mousel sessions: successive deals with the pot carried on and the deal passing round.

Each player is a baseline player with his own thresholds (along, declare, keep;
:mod:`.policies`). A session plays ``deals`` deals from an empty pot:

* the pot left by a deal (stakes of a void deal or of a redeal, penalties, an unpaid pot
  under ``fail_mode = keep``) carries to the next;
* if everyone who went along passes, the same dealer deals again (a redeal); if nobody or
  one player goes along, the deal passes on (M-8 ``void``);
* ``pack_mode = single``: a fresh pack each deal, and the deal passes on after a played
  deal too; ``continuation`` (M-2, the literal reading): deals follow on from the same pack,
  and the deal passes on when it cannot serve another deal (4 cards each and the trump);
  whenever the deal passes on, the next dealer starts a fresh pack.

At the end the pot left is shared equally, so each session's chips sum to zero. Reported per
player: chips per deal (the mean over sessions of a session's chips / deals, with its
standard error over sessions), and how the deals went.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._results import Result, json_ready, summary, value_chart
from analyzer.games.mousel import engine as E
from analyzer.games.mousel.deal import _run_deal
from analyzer.games.mousel.policies import SEARCH_DEPTH, check_thresholds, play_code
from analyzer.games.mousel.rules import MouselRules
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.engine import KernelJob, Stopping, check_count, mean_and_se
from analyzer.sim.facts import RunFacts, inline_run
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

COUNTS = ("deals", "games", "redeals", "void", "declarer_made")
CHUNK = 50


@kernel
def _deal_from(st, players, cards, rng):
    """Deal 4 cards to each seat and turn up the trump card from ``cards`` (the pack left)."""
    E._setup(st, players, np.int64(0), cards)  # not a literal: one signature
    for seat in range(players):
        E._deal_hand(st, seat, rng)
    E._turn_up_trump(st, rng)


@kernel
def _play_sessions(
    players, deals, pack, player_params, play_mode, stake, fail_mode, single_takes, continuation, trials, rng, tallies
):
    """``trials`` sessions (module docstring). ``tallies``: per player the sum and the sum of
    squares of chips per deal, then per player the deals he dealt, then the COUNTS."""
    st = np.zeros(E.STATE_SIZE, np.int64)
    buf = np.zeros((SEARCH_DEPTH, E.STATE_SIZE), np.int64)
    chips = np.zeros(E.MAX_PLAYERS)
    params = np.zeros((E.MAX_PLAYERS, 3))
    left = pack.copy()
    need = E.HAND_SIZE * players + 1
    dealt = tallies[2 * players : 3 * players]
    counts = tallies[3 * players :]
    for _ in range(trials):
        pot, dealer, n_left, fresh = 0.0, players - 1, 0, True
        won = np.zeros(players)
        for _ in range(deals):
            if not fresh and n_left < need:
                dealer = (dealer + 1) % players  # the pack is used up: the deal passes on
                fresh = True
            if fresh or not continuation:
                copy_into(left, pack)
                n_left = pack.shape[0]
                fresh = False
            for seat in range(players):
                copy_into(params[seat], player_params[(dealer + 1 + seat) % players])
            dealt[dealer] += 1
            _deal_from(st, players, left[:n_left], rng)
            nobody, no = np.int64(-1), np.int64(0)  # not literals: the signature advise compiles
            pot = _run_deal(
                st, nobody, no, no, no, params, play_mode, pot, stake, fail_mode, single_takes, buf, rng, chips
            )
            for seat in range(players):
                won[(dealer + 1 + seat) % players] += chips[seat]
            participants = 0
            for seat in range(players):
                participants += (st[E.PARTICIPANTS] >> seat) & 1
            declarer = st[E.DECLARER]
            counts[0] += 1
            counts[1] += declarer >= 0
            counts[2] += participants >= 2 and declarer < 0
            counts[3] += participants < 2
            counts[4] += declarer >= 0 and st[E.TRICKS + declarer] >= E.MAKE
            if continuation:
                n_left = st[E.END] - st[E.TOP]
                copy_into(left[:n_left], st[E.DECK + st[E.TOP] : E.DECK + st[E.END]])
                if participants < 2:  # nobody plays: the deal passes on
                    dealer = (dealer + 1) % players
                    fresh = True
            elif not (participants >= 2 and declarer < 0):
                dealer = (dealer + 1) % players
        for p in range(players):
            per_deal = (won[p] + pot / players) / deals
            tallies[p] += per_deal
            tallies[players + p] += per_deal * per_deal


SESSIONS = ("session", "sessions")


@dataclass(frozen=True)
class MouselSessions(Result):
    """Sessions of successive deals: each player's chips per deal; ``run.trials`` is the
    number of sessions.

    Per player (seat 0 first): ``thresholds`` (along, declare, keep), ``chips_per_deal`` (the
    mean over sessions of a session's chips / deals) with ``chips_per_deal_stderr``, and
    ``dealt`` (his share of the deals dealt). ``shares`` of the deals: ``games`` played,
    ``redeals`` (everyone who went along passed), ``void`` (fewer than two went along, M-8), and
    ``declarer_made`` (of the games played; NaN when none was).
    """

    players: int
    deals_per_session: int
    run: RunFacts
    thresholds: list  # per player: along, declare, keep
    chips_per_deal: list
    chips_per_deal_stderr: list
    dealt: list  # per player: the share of the deals he dealt
    shares: dict  # of deals: games played, redeals, void deals; P(declarer made)

    def to_dict(self) -> dict:
        """The fields with the run's facts inlined (NaN as ``null``; ``--json``)."""
        return json_ready({"sessions": self.run.trials, **inline_run(self.__dict__)})

    def to_frame(self) -> pd.DataFrame:
        """One row per player: player, along, declare, keep, chips_per_deal, its stderr, dealt."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame(
            [
                {
                    "player": p,
                    **dict(zip(("along", "declare", "keep"), style)),
                    "chips_per_deal": chips,
                    "chips_per_deal_stderr": se,
                    "dealt": dealt,
                }
                for p, (style, chips, se, dealt) in enumerate(
                    zip(self.thresholds, self.chips_per_deal, self.chips_per_deal_stderr, self.dealt)
                )
            ]
        )

    def __repr__(self) -> str:
        rows = [
            (f"player {p} ({','.join(f'{x:g}' for x in style)})", f"chips per deal {chips:+.4f} ± {se:.4f}")
            for p, (style, chips, se) in enumerate(
                zip(self.thresholds, self.chips_per_deal, self.chips_per_deal_stderr)
            )
        ]
        shares = self.shares
        made = shares["declarer_made"]
        rows.append(
            (
                "deals",
                f"played {100 * shares['games']:.1f}%, redealt {100 * shares['redeals']:.1f}%, void "
                f"{100 * shares['void']:.1f}%" + ("" if math.isnan(made) else f"; declarer made {100 * made:.1f}%"),
            )
        )
        title = f"Mousel sessions of {self.deals_per_session} deals, {self.players} players (along,declare,keep)"
        return summary(title, self.run.describe(SESSIONS), rows, total=len(rows), noun=("row", "rows"))

    def plot(self) -> Figure:
        """Each player's chips per deal, with 2 s.e. error bars."""
        return value_chart(
            [f"player {p}: {','.join(f'{x:g}' for x in style)}" for p, style in enumerate(self.thresholds)],
            self.chips_per_deal,
            self.chips_per_deal_stderr,
            run=self.run,
            sampled=SESSIONS,
            title=f"Mousel, {self.players} players: chips per deal by thresholds (along,declare,keep)",
            value_label="chips per deal",
        )


def simulate_sessions(
    players: int,
    thresholds: list[tuple[float, float, float]],
    *,
    deals: int = 40,
    sessions: int = 2_000,
    rules: MouselRules = MouselRules(),
    play: str = "heuristic",
    seed: int | None = None,
    runner: Runner = Runner(),
) -> MouselSessions:
    """Sessions of ``deals`` deals; ``thresholds`` one (along, declare, keep) per player,
    cycled (module docstring)."""
    rules.check_players(players)
    check_count(deals, "deals")
    check_count(sessions, "sessions")
    if not 1 <= len(thresholds) <= players:
        raise ValueError(f"thresholds: 1 to {players} players' (along, declare, keep), got {len(thresholds)}")
    checked = [check_thresholds(t) for t in thresholds]
    per_player = [checked[p % len(checked)] for p in range(players)]
    pack = np.array(E.deck_cards(rules.short_deck), np.int64)
    used_seed = new_seed(seed)
    job = KernelJob(
        _play_sessions,
        (
            players,
            deals,
            pack,
            np.array(per_player),
            play_code(play),
            float(rules.stake),
            rules.fail_code,
            rules.single_takes_pot,
            rules.pack_mode == "continuation",
        ),
        (),
        3 * players + len(COUNTS),
    )
    run = runner.monte_carlo(job, seed=used_seed, stopping=Stopping(trials=sessions), chunk_size=CHUNK)
    t, n = run.tallies, run.trials
    means = [tuple(map(float, mean_and_se(t[p], t[players + p], n))) for p in range(players)]
    counts = dict(zip(COUNTS, map(int, t[3 * players :])))
    shares = {
        "games": counts["games"] / counts["deals"],
        "redeals": counts["redeals"] / counts["deals"],
        "void": counts["void"] / counts["deals"],
        "declarer_made": counts["declarer_made"] / counts["games"] if counts["games"] else float("nan"),
    }
    return MouselSessions(
        players=players,
        deals_per_session=deals,
        run=RunFacts.from_run(run),
        thresholds=[list(p) for p in per_player],
        chips_per_deal=[m for m, _ in means],
        chips_per_deal_stderr=[s for _, s in means],
        dealt=(t[2 * players : 3 * players] / counts["deals"]).tolist(),
        shares=shares,
    )
