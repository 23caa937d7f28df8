"""Whist and Mousel speed: deals played per second, one Whist bid table, and Mousel advice
with heuristic and exact play. No other Whist (partner-ace) or Mousel simulator exists to
compare with, and the issue sets no target, so the table reports rates only.

    python bench/tricks_speed.py [--repeats R] [--json]
"""

from __future__ import annotations

from analyzer.games.mousel.advise import advise
from analyzer.games.whist.bid import bid_options, bid_values
from analyzer.games.whist.play import simulate_bidding
from analyzer.games.whist.rules import WhistRules, parse_hand
from analyzer.sim.executors import local_workers
from analyzer.sim.runner import Runner
from timing import bench_arguments, best_seconds, report

WHIST_HAND = "As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c"
MOUSEL_HAND, MOUSEL_TRUMP = "Kh Qh 9c 4d", "7h"


def main() -> None:
    args = bench_arguments(__doc__).parse_args()
    threads = local_workers()
    rows = []
    hand = parse_hand(WHIST_HAND)
    bids = len(bid_options(hand, WhistRules()))
    for policy in ("random", "heuristic"):
        trials = 20_000
        seconds = best_seconds(
            lambda: bid_values(hand, policy=policy, trials=trials, seed=1, runner=Runner(threads=1)), args.repeats
        )
        played = trials * bids
        rows.append((f"Whist deals played, {policy} play, 1 thread", "deals/s", played / seconds, None))
    seconds = best_seconds(
        lambda: bid_values(hand, trials=20_000, seed=1, runner=Runner(threads=threads)), args.repeats
    )
    rows.append((f"whist bid: {bids} bids x 20,000 deals, heuristic, {threads} threads", "s", seconds, None))
    seconds = best_seconds(
        lambda: simulate_bidding(deals=100_000, table_deals=100_000, seed=1, runner=Runner(threads=threads)), 1
    )
    rows.append((f"whist play: 100,000-deal table + 100,000 deals with bidding, {threads} threads", "s", seconds, None))
    for play, players, trials in (
        ("heuristic", 4, 20_000),
        ("exact", 3, 2_000),
        ("exact", 5, 2_000),
        ("exact", 8, 2_000),
    ):
        seconds = best_seconds(
            lambda: advise(
                MOUSEL_HAND, MOUSEL_TRUMP, players, play=play, trials=trials, seed=1, runner=Runner(threads=threads)
            ),
            1,
        )
        rows.append(
            (
                f"mousel advise, {players} players, {play} play: 33 options x {trials:,} deals, {threads} threads",
                "s",
                seconds,
                None,
            )
        )
        rows.append((f"  Mousel deals played ({play}, {players} players)", "deals/s", 33 * trials / seconds, None))
    report(f"Whist and Mousel speed ({threads} threads available)", rows, args.json)


if __name__ == "__main__":
    main()
