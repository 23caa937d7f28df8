"""Whist bidding (rules §6.4, W-2, W-4): the auction's rules, and whole deals with bidding.

The auction: forehand first, each player calls exactly once; a call must beat the
standing bid (pass < Nolo < Grand < Solo-nolo < Grandi; a pass is always allowed); Nolo
and Grand name a suit whose ace the bidder lacks (W-2). If Solo-nolo stands at the end,
one other player (even one who passed) may join it (W-4); Grandi, being higher, overrides
a Solo-nolo bid before it. If all pass, the pass game is played.

The *table bidder* knows each contract's expected chips by high-card points and longest
suit (``values[hcp, longest, contract]``, from :func:`bidding_values`, i.e. the bidding
study): it calls the contract with the highest positive value among those that beat the
standing bid, else passes; Nolo and Grand name the callable suit it is shortest in (the
bidding study finds a void or singleton called suit best for both); it joins a standing
Solo-nolo when that contract's value for its own hand is positive.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from analyzer.games._results import Result, json_ready, percent_with_error, summary, value_chart
from analyzer.games._tricks import SUIT_MASKS
from analyzer.games.whist import engine as E
from analyzer.games.whist.bid import DEALS, _deal_others, parse_policies
from analyzer.games.whist.policies import _play_out
from analyzer.games.whist.rules import WhistRules, bid_name, callable_suits, parse_bid
from analyzer.games.whist.study_kernels import CHUNK, CONTRACTS, _hand_features, run_bidding_tables
from analyzer.jit import kernel
from analyzer.sim.bits import bit_count
from analyzer.sim.engine import KernelJob, Stopping, check_count, clock_start, mean_and_se
from analyzer.sim.facts import RunFacts, inline_run
from analyzer.sim.runner import Runner
from analyzer.sim.seeds import derive_seed, new_seed

if TYPE_CHECKING:
    import pandas as pd
    from matplotlib.figure import Figure

MIN_CELL_DEALS = 200  # a table cell with fewer deals is never bid
GAME_TALLY = 2 * CONTRACTS + 2 * E.SEATS + 1  # contract counts, made counts, chips and chips^2 per seat, joins


@dataclass(frozen=True)
class Contract:
    """The contract an auction ends in: the contract code (``engine.CONTRACT_NAMES``), the
    bidder's seat, the called suit (Nolo and Grand; -1 otherwise) and a Solo-nolo joiner's seat
    (-1: none)."""

    contract: int
    bidder: int
    suit: int = -1
    joiner: int = -1

    @property
    def name(self) -> str:
        """The bid's name: ``grand in spades``, ``solo-nolo``, ..."""
        return bid_name(self.contract, self.suit)


def resolve_auction(
    calls: list[str], hands: list[tuple[int, ...]], *, joiner: int | None = None, rules: WhistRules = WhistRules()
) -> Contract:
    """The contract from four calls in seat order (forehand first) and an optional joiner."""
    if len(calls) != E.SEATS:
        raise ValueError(f"calls: one per seat (4), forehand first, got {len(calls)}")
    standing = Contract(E.PASS, -1)
    for seat, call in enumerate(calls):
        contract, suit = parse_bid(call)
        if contract == E.PASS:
            continue
        if contract <= standing.contract:
            raise ValueError(f"seat {seat}: {call!r} does not beat the standing {standing.name}")
        if suit >= 0 and suit not in callable_suits(hands[seat], rules):
            raise ValueError(f"seat {seat}: {call!r} calls an ace he holds (W-2)")
        standing = Contract(contract, seat, suit)
    if joiner is not None:
        if standing.contract != E.SOLO or rules.max_solo_joiners == 0:
            raise ValueError("only a standing Solo-nolo may be joined (W-4)")
        if joiner == standing.bidder or joiner not in range(E.SEATS):
            raise ValueError(f"joiner must be another seat than the soloist's, got {joiner!r}")
        standing = Contract(E.SOLO, standing.bidder, -1, joiner)
    return standing


@kernel
def _shortest_callable_suit(hand, call_own_ace):
    """The suit the table bidder names: the shortest it may call (W-2; the lowest on ties)."""
    suits = E._callable_suits_mask(hand, call_own_ace)
    best, best_n = -1, 99
    for suit in range(4):
        n = bit_count(hand & SUIT_MASKS[suit])
        if (suits >> suit) & 1 and n < best_n:
            best, best_n = suit, n
    return best


@kernel
def _table_auction(st, values, call_own_ace, may_join, out):
    """The table bidder's auction on the hands of ``st``: ``out`` = contract, bidder,
    suit, joiner (module docstring)."""
    standing, bidder = E.PASS, -1
    for seat in range(E.SEATS):
        _, hcp, longest = _hand_features(st[E.HAND + seat])
        best, best_value = E.PASS, 0.0
        for contract in range(standing + 1, CONTRACTS):
            if values[hcp, longest, contract] > best_value:
                best, best_value = contract, values[hcp, longest, contract]
        if best != E.PASS:
            standing, bidder = best, seat
    out[0], out[1], out[2], out[3] = standing, bidder, -1, -1
    if standing == E.NOLO or standing == E.GRAND:
        out[2] = _shortest_callable_suit(st[E.HAND + bidder], call_own_ace)
    if standing == E.SOLO and may_join:
        for k in range(1, E.SEATS):
            seat = (bidder + k) % E.SEATS
            _, hcp, longest = _hand_features(st[E.HAND + seat])
            if values[hcp, longest, E.SOLO] > 0:
                out[3] = seat
                break


@kernel
def _play_bid_deals(values, policies, call_own_ace, may_join, pass_ace_low, called_rule, trials, rng, tallies):
    """Whole deals: deal, table auction, play, settle (tallies: GAME_TALLY)."""
    deck = np.arange(52).astype(np.int64)
    st = np.zeros(E.STATE_SIZE, np.int64)
    chips = np.zeros(E.SEATS, np.int64)
    contract = np.zeros(4, np.int64)
    for _ in range(trials):
        _deal_others(st, np.int64(-1), np.int64(0), deck, rng)  # not literals: one signature
        _table_auction(st, values, call_own_ace, may_join, contract)
        kind, bidder = contract[0], max(contract[1], 0)
        E._start(st, kind, bidder, contract[2], contract[3], pass_ace_low, called_rule)
        _play_out(st, policies, rng)
        E._settle(st, chips)
        tallies[kind] += 1
        tallies[CONTRACTS + kind] += kind != E.PASS and E._made(st, bidder)
        for seat in range(E.SEATS):
            tallies[2 * CONTRACTS + seat] += chips[seat]
            tallies[2 * CONTRACTS + E.SEATS + seat] += chips[seat] * chips[seat]
        tallies[GAME_TALLY - 1] += contract[3] >= 0


def bidding_values(
    *,
    deals: int = 200_000,
    policy: str = "heuristic",
    rules: WhistRules = WhistRules(),
    seed: int = 2026,
    runner: Runner = Runner(),
) -> tuple[np.ndarray, float]:
    """``values[hcp, longest, contract]``: forehand's expected chips of each contract by
    high-card points and longest suit (the bidding study's grid), -inf where a cell has
    fewer than MIN_CELL_DEALS deals; and the table's *coverage*, the share of hands that
    fall in the other cells (a hand outside them always passes)."""
    _, grid, _ = run_bidding_tables(deals, policy, rules, seed, runner=runner.reporting(None))
    count = grid[:, :, :, 0]
    with np.errstate(invalid="ignore", divide="ignore"):
        values = grid[:, :, :, 2] / count
    sparse = count < MIN_CELL_DEALS
    values[sparse] = -np.inf
    return values, float(count[:, :, 0][~sparse[:, :, 0]].sum() / count[:, :, 0].sum())


@dataclass(frozen=True)
class WhistGames(Result):
    """Whole deals with the table bidder at every seat; ``run.trials`` is the number of deals,
    ``run.seed`` the seed of the whole simulation (the bidders' table and the deals).

    ``contracts``: per contract name, ``share`` (of deals it was played) and ``p_made`` (of
    those, made; NaN for the pass game and for a contract never played), each with its standard
    error (``share_stderr``, ``p_made_stderr``: sqrt(p (1 - p) / n) over the deals counted).
    ``seats``: per seat (0 = forehand) the expected ``chips`` per deal and its ``chips_stderr``.
    ``joined``: the share of deals with a Solo-nolo joiner (W-4), and ``joined_stderr``.
    ``table_coverage``: the share of hands the bidders' table covers (module docstring).
    """

    run: RunFacts
    contracts: dict  # name -> {"share", "share_stderr", "p_made", "p_made_stderr"}
    seats: list  # per seat: {"chips", "chips_stderr"}
    joined: float  # share of deals with a Solo-nolo joiner
    joined_stderr: float
    table_coverage: float  # share of hands the bidders' table covers (module docstring)

    def to_dict(self) -> dict:
        """The fields with the run's facts inlined (``p_made`` NaN as ``null``; ``--json``)."""
        return json_ready({"deals": self.run.trials, **inline_run(self.__dict__)})

    def to_frame(self) -> pd.DataFrame:
        """One row per contract: contract, share (of the deals) and p_made."""
        import pandas as pd  # here, not at the top: queries print without pandas

        return pd.DataFrame([{"contract": name, **row} for name, row in self.contracts.items()])

    def __repr__(self) -> str:
        rows = []
        for name, row in self.contracts.items():
            made = (
                ""
                if math.isnan(row["p_made"])
                else f", made {percent_with_error(row['p_made'], row['p_made_stderr'], 1)}"
            )
            rows.append((name, f"{percent_with_error(row['share'], row['share_stderr'], 2)} of deals{made}"))
        rows += [
            (f"seat {s['seat']}", f"chips {s['chips']:+.3f} ± {s['chips_stderr']:.3f} per deal") for s in self.seats
        ]
        title = (
            f"Whist deals with bidding: Solo-nolo joined in {percent_with_error(self.joined, self.joined_stderr, 2)} "
            f"of deals; the bidders' table covers {100 * self.table_coverage:.1f}% of hands"
        )
        return summary(title, self.run.describe(DEALS), rows, total=len(rows), noun=("row", "rows"))

    def plot(self) -> Figure:
        """Each seat's expected chips per deal, with 2 s.e. error bars."""
        return value_chart(
            [f"seat {s['seat']}" for s in self.seats],
            [s["chips"] for s in self.seats],
            [s["chips_stderr"] for s in self.seats],
            run=self.run,
            sampled=DEALS,
            title="Whist deals with table bidders: chips by seat (0 = forehand, 3 = dealer)",
            value_label="expected chips per deal",
        )


def simulate_bidding(
    *,
    deals: int = 100_000,
    table_deals: int = 400_000,
    policy: str = "heuristic",
    rules: WhistRules = WhistRules(),
    seed: int | None = None,
    runner: Runner = Runner(),
) -> WhistGames:
    """Whole deals with the table bidder at every seat: how often each contract is played
    and made, and each seat's expected chips (seat 0 = forehand)."""
    check_count(deals, "deals")
    check_count(table_deals, "table_deals")
    used_seed = new_seed(seed)
    start = clock_start()
    values, coverage = bidding_values(
        deals=table_deals, policy=policy, rules=rules, seed=used_seed, runner=runner.reporting(None)
    )
    job = KernelJob(
        _play_bid_deals,
        (
            values,
            parse_policies(policy),
            rules.call_own_ace,
            rules.max_solo_joiners > 0,
            rules.pass_ace_low,
            rules.called_rule_code,
        ),
        (),
        GAME_TALLY,
    )
    run = runner.monte_carlo(job, seed=derive_seed(used_seed, 1), stopping=Stopping(trials=deals), chunk_size=CHUNK)
    t, n = run.tallies, run.trials
    contracts = {}
    for c in range(CONTRACTS):  # shares of deals, and of the deals played: each 0 or 1 a deal
        share, share_se = mean_and_se(t[c], t[c], n)
        made, made_se = (
            mean_and_se(t[CONTRACTS + c], t[CONTRACTS + c], t[c]) if t[c] and c != E.PASS else (math.nan, math.nan)
        )
        contracts[E.CONTRACT_NAMES[c]] = {
            "share": share,
            "share_stderr": share_se,
            "p_made": made,
            "p_made_stderr": made_se,
        }
    seats = []
    for seat in range(E.SEATS):
        mean, se = mean_and_se(t[2 * CONTRACTS + seat], t[2 * CONTRACTS + E.SEATS + seat], n)
        seats.append({"seat": seat, "chips": mean, "chips_stderr": se})
    facts = RunFacts.from_run(run, seed=used_seed, elapsed=time.perf_counter() - start)
    joined, joined_se = mean_and_se(t[GAME_TALLY - 1], t[GAME_TALLY - 1], n)
    return WhistGames(
        run=facts,
        contracts=contracts,
        seats=seats,
        joined=joined,
        joined_stderr=joined_se,
        table_coverage=coverage,
    )
