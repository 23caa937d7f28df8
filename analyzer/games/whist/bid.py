"""The odds of making each Whist bid with a given hand, and its expected chips.

The three other hands are dealt at random from the 39 unseen cards; every bid open to
the hand (Nolo and Grand in each suit it may call, W-2; Solo-nolo; Grandi; the pass game,
as if all passed; and, when joiners are allowed (W-4), joining a Solo-nolo bid by the next
seat) is played out on the *same* deals (common random numbers), so differences between
bids are measured more sharply than the bids themselves. Each bid is valued as the
contract, with no joiner and nobody bidding over it; the soloist one joins holds a random
hand (not one chosen for bidding Solo-nolo).

Reported per bid: P(make) (for the pass game: P(fewest tricks, ties included)), the
expected chips of the hand's seat (W-5 settlement), and the expected tricks of the
bidder's side when play ended (the pass game and a joiner: the seat's own; W-8 cuts
Solo-nolo short at the second trick and Grandi at the first lost or the seventh trick),
each with its standard error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from analyzer.cards import format_cards
from analyzer.games._results import SHOWN, Result, summary, value_chart
from analyzer.games.whist import engine as E
from analyzer.games.whist.policies import POLICY_NAMES, _play_out
from analyzer.games.whist.rules import WhistRules, bid_name, callable_suits
from analyzer.jit import kernel
from analyzer.sim.arrays import copy_into
from analyzer.sim.engine import KernelJob, Stopping, mean_and_se
from analyzer.sim.facts import RunFacts
from analyzer.sim.rng import below
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

TALLY = 5  # made; chips, chips^2; side tricks, side tricks^2
DEFAULT_TRIALS = 20_000
CHUNK = 500


def parse_policies(text: str) -> np.ndarray:
    """One play policy for every seat, or four comma-separated (seat 0 first)."""
    names = [t.strip().lower() for t in text.split(",")]
    if len(names) not in (1, E.SEATS):
        raise ValueError(f"policies: one name or four (one per seat), got {text!r}")
    for name in names:
        if name not in POLICY_NAMES:
            raise ValueError(f"unknown Whist policy {name!r}: expected {' or '.join(POLICY_NAMES)}")
    codes = [POLICY_NAMES.index(n) for n in names]
    return np.array(codes * (E.SEATS // len(codes)), np.int64)


@kernel
def _deal_others(st, seat, hand, unseen, rng):
    """Give ``seat`` the mask ``hand`` and deal the cards of ``unseen`` (shuffled in place)
    13 to each other seat."""
    n = unseen.shape[0]
    k = 0
    for s in range(E.SEATS):
        if s == seat:
            st[E.HAND + s] = hand
            continue
        cards = np.int64(0)
        for _ in range(E.TRICKS_PER_DEAL):
            j = k + below(rng, n - k)
            card = unseen[j]
            unseen[j] = unseen[k]
            unseen[k] = card
            cards |= np.int64(1) << card
            k += 1
        st[E.HAND + s] = cards


@kernel
def _add_outcome(st, seat, chips, row):
    """Add one finished deal's result for ``seat`` to a tally row (layout: TALLY)."""
    E._settle(st, chips)
    own_count = st[E.CONTRACT] == E.PASS or seat == st[E.JOINER]
    side = st[E.TRICKS + seat] if own_count else E._side_tricks(st)
    row[0] += E._made(st, seat)
    row[1] += chips[seat]
    row[2] += chips[seat] * chips[seat]
    row[3] += side
    row[4] += side * side


@kernel
def _sample_bids(seat, hand, unseen, options, policies, pass_ace_low, called_rule, trials, rng, tallies):
    """``trials`` random deals, each bid of ``options`` (rows: contract, suit, joins the next
    seat's Solo-nolo) played on each."""
    deal = np.zeros(E.STATE_SIZE, np.int64)
    st = np.zeros(E.STATE_SIZE, np.int64)
    chips = np.zeros(E.SEATS, np.int64)
    cards = unseen.copy()
    rows = tallies.reshape((options.shape[0], TALLY))
    for _ in range(trials):
        _deal_others(deal, seat, hand, cards, rng)
        for i in range(options.shape[0]):
            copy_into(st, deal)
            joins = options[i, 2]
            bidder = (seat + 1) % E.SEATS if joins else seat
            E._start(st, options[i, 0], bidder, options[i, 1], seat if joins else -1, pass_ace_low, called_rule)
            _play_out(st, policies, rng)
            _add_outcome(st, seat, chips, rows[i])


def bid_options(hand: tuple[int, ...], rules: WhistRules) -> np.ndarray:
    """Every bid open to the hand, as rows (contract, suit, joins), in bidding order."""
    suits = callable_suits(hand, rules)
    rows = [(E.PASS, -1, 0)] + [(c, s, 0) for c in (E.NOLO, E.GRAND) for s in suits]
    rows += [(E.SOLO, -1, 0), (E.GRANDI, -1, 0)] + [(E.SOLO, -1, 1)] * rules.max_solo_joiners
    return np.array(rows, np.int64)


DEALS = ("deal", "deals")


@dataclass(frozen=True)
class BidValue(Result):
    """One bid open to the hand and its value (module docstring): ``p_make`` (the pass game:
    P(fewest tricks, ties included)), ``chips`` the expected chips of the hand's seat (W-5),
    ``tricks`` the expected tricks of the bidder's side when play ended (W-8), each with its
    standard error."""

    bid: str
    p_make: float
    p_make_stderr: float
    chips: float
    chips_stderr: float
    tricks: float
    tricks_stderr: float

    def to_dict(self) -> dict:
        """The fields (the ``bids`` entries of ``--json``)."""
        return dict(self.__dict__)


@dataclass(frozen=True)
class BidReport(Result):
    """Every bid open to ``hand`` from ``seat`` (0 forehand ... 3 dealer), best expected chips
    first; ``policy`` is the card play of every seat, ``run.trials`` the random deals of the other
    three hands (every bid played on each)."""

    hand: str
    seat: int
    rules: WhistRules
    policy: str
    run: RunFacts
    bids: tuple[BidValue, ...] = field(default_factory=tuple)  # best expected chips first

    @property
    def best(self) -> BidValue:
        """The bid with the largest expected chips."""
        return self.bids[0]

    def to_frame(self) -> pd.DataFrame:
        """One row per bid, best first: bid, p_make, chips, tricks, each with its standard error."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([b.to_dict() for b in self.bids])

    def to_dict(self) -> dict:
        """The hand, seat, rules, policy, the run's facts and the bids (what ``--json`` prints)."""
        return {
            "hand": self.hand,
            "seat": self.seat,
            "rules": self.rules.to_dict(),
            "policy": self.policy,
            **self.run.to_dict(),
            "bids": [b.to_dict() for b in self.bids],
        }

    def __repr__(self) -> str:
        rows = [
            (
                b.bid,
                f"chips {b.chips:+.2f} ± {b.chips_stderr:.2f}, P(make) {100 * b.p_make:.1f}% ± "
                f"{100 * b.p_make_stderr:.1f}%, tricks {b.tricks:.2f}",
            )
            for b in self.bids[:SHOWN]
        ]
        return summary(
            f"Whist bids: {self.hand}; seat {self.seat}; {self.policy} play",
            self.run.describe(DEALS),
            rows,
            total=len(self.bids),
            noun=("bid", "bids"),
        )

    def plot(self) -> Figure:
        """Every bid's expected chips, with 2 s.e. error bars."""
        return value_chart(
            [b.bid for b in self.bids],
            [b.chips for b in self.bids],
            [b.chips_stderr for b in self.bids],
            run=self.run,
            sampled=DEALS,
            title=f"Whist bids: {self.hand} (seat {self.seat})",
            value_label="expected chips of your seat",
        )


def summarize(options: np.ndarray, tallies: np.ndarray, n: int) -> list[BidValue]:
    """Means and standard errors of each bid of ``options`` from its row of the tallies of
    :func:`_sample_bids` over ``n`` deals."""
    values = []
    for (contract, suit, joins), t in zip(options.tolist(), tallies):
        p, p_se = mean_and_se(t[0], t[0], n)
        chips, chips_se = mean_and_se(t[1], t[2], n)
        tricks, tricks_se = mean_and_se(t[3], t[4], n)
        name = "join the next seat's solo-nolo" if joins else bid_name(contract, suit)
        values.append(
            BidValue(
                bid=name,
                p_make=p,
                p_make_stderr=p_se,
                chips=chips,
                chips_stderr=chips_se,
                tricks=tricks,
                tricks_stderr=tricks_se,
            )
        )
    return values


def bid_values(
    hand: tuple[int, ...],
    *,
    seat: int = 0,
    rules: WhistRules = WhistRules(),
    policy: str = "heuristic",
    trials: int = DEFAULT_TRIALS,
    seed: int | None = None,
    runner: Runner = Runner(),
) -> BidReport:
    """Every bid open to ``hand`` (13 cards) bid from ``seat`` (0 = forehand ... 3 = dealer),
    best expected chips first (module docstring)."""
    if len(set(hand)) != E.TRICKS_PER_DEAL or not all(0 <= c < 52 for c in hand):
        raise ValueError("hand: a Whist hand has 13 different cards (no joker)")
    if seat not in range(E.SEATS):
        raise ValueError(f"seat must be 0 (forehand) to 3 (dealer), got {seat!r}")
    policies = parse_policies(policy)
    options = bid_options(hand, rules)
    unseen = np.array([c for c in range(52) if c not in hand], np.int64)
    mask = sum(1 << c for c in hand)
    used_seed = new_seed(seed)
    job = KernelJob(
        _sample_bids,
        (seat, mask, unseen, options, policies, rules.pass_ace_low, rules.called_rule_code),
        (),
        options.shape[0] * TALLY,
    )
    run = runner.monte_carlo(job, seed=used_seed, stopping=Stopping(trials=trials), chunk_size=CHUNK)
    tallies = run.tallies.reshape(options.shape[0], TALLY)
    values = sorted(summarize(options, tallies, run.trials), key=lambda b: -b.chips)
    return BidReport(
        hand=format_cards(sorted(hand, key=lambda c: (-(c & 3), -c))),
        seat=seat,
        rules=rules,
        policy=policy,
        run=RunFacts.from_run(run),
        bids=tuple(values),
    )
