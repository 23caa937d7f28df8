"""Hand-evaluator speed, side by side with peer libraries, in one run.

    python bench/eval_speed.py [--hands N] [--seed S] [--repeats R] [--json]

Every evaluator gets the same random 7-card hands (the slow pure-Python peers
a prefix of them); each figure is the best of ``--repeats`` timed runs after a
warm-up. Before timing, every peer's ordering of a sample of the hands is checked
against ours, so the table never compares an evaluator that disagrees.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable

import numba
import numpy as np

from analyzer.cards import format_card
from analyzer.eval import BUG, PAIGOW, STANDARD, evaluate_batch, make_kernels
from analyzer.eval.enumeration import enumerate_categories, value_checksum
from timing import bench_arguments, best_seconds, random_hands, with_threads


def best_rate(run: Callable[[], None], count: int, repeats: int) -> float:
    """Evaluations per second: ``count`` over the best of ``repeats`` timed runs of ``run``."""
    return count / best_seconds(run, repeats)


def ours(hands: np.ndarray, rules, threads: int) -> Callable[[], None]:
    kernels = make_kernels(rules)
    out = np.empty(len(hands), np.int32)
    return with_threads(threads, lambda: kernels.evaluate_batch(hands, out))


def peers(hands: np.ndarray) -> dict[str, tuple[Callable[[list], list], int]]:
    """Each peer: (evaluate a list of hands, how many hands to time), if installed."""
    found: dict[str, tuple[Callable[[list], list], int]] = {}
    n = len(hands)
    try:
        import eval7

        e7_cards = [eval7.Card(format_card(c)) for c in range(52)]
        found["eval7"] = (lambda hs: [eval7.evaluate([e7_cards[c] for c in h]) for h in hs], min(n, 1_000_000))
    except ImportError:
        pass
    try:
        from phevaluator import evaluate_cards

        found["phevaluator"] = (lambda hs: [-evaluate_cards(*h) for h in hs], min(n, 1_000_000))
    except ImportError:
        pass
    try:
        from treys import Card, Evaluator

        evaluator = Evaluator()
        treys_cards = [Card.new(format_card(c)) for c in range(52)]
        found["treys"] = (
            lambda hs: [
                -evaluator.evaluate([treys_cards[c] for c in h[:2]], [treys_cards[c] for c in h[2:]]) for h in hs
            ],
            min(n, 100_000),
        )
    except ImportError:
        pass
    try:
        from pokerkit import StandardHighHand

        found["pokerkit"] = (
            lambda hs: [StandardHighHand.from_game("".join(format_card(c) for c in h)) for h in hs],
            min(n, 5_000),
        )
    except ImportError:
        pass
    return found


def same_order(a: list, b: list) -> bool:
    """True when two value lists rank the hands identically (order and ties)."""
    pairs = sorted(zip(a, b), key=lambda p: p[0])
    return all((x1 < x2) == (y1 < y2) and (x1 == x2) == (y1 == y2) for (x1, y1), (x2, y2) in itertools.pairwise(pairs))


def main() -> None:
    parser = bench_arguments(__doc__)
    parser.add_argument("--hands", type=int, default=20_000_000, help="random 7-card hands (default 20M)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    threads = numba.config.NUMBA_NUM_THREADS
    hands = random_hands(args.hands, 7, 52, args.seed)
    joker_hands = random_hands(args.hands, 7, 53, args.seed + 1)
    rows: list[tuple[str, str, float]] = []

    rows.append(
        ("poker-analyzer", "random 7-card, 1 thread", best_rate(ours(hands, STANDARD, 1), len(hands), args.repeats))
    )
    rows.append(
        (
            "poker-analyzer",
            f"random 7-card, {threads} threads",
            best_rate(ours(hands, STANDARD, threads), len(hands), args.repeats),
        )
    )
    for rules in (BUG, PAIGOW):
        rows.append(
            (
                "poker-analyzer",
                f"random 7-card of 53, {rules.name}, 1 thread",
                best_rate(ours(joker_hands, rules, 1), len(hands), args.repeats),
            )
        )
    total = math.comb(52, 7)
    for label, job in (
        ("checksum", lambda: value_checksum(STANDARD, 7)),
        ("category tallies", lambda: enumerate_categories(STANDARD, 7)),
    ):
        for t in (1, threads):
            rows.append(
                (
                    "poker-analyzer",
                    f"enumerate all C(52,7), {label}, {t} thread{'s' * (t > 1)}",
                    best_rate(with_threads(t, job), total, args.repeats),
                )
            )

    reference = evaluate_batch(hands[:20_000])
    for name, (evaluate_list, count) in peers(hands).items():
        sample = hands[:20_000].tolist()
        if not same_order(reference.tolist(), evaluate_list(sample)):
            raise SystemExit(f"{name} disagrees with poker-analyzer on the sample hands")
        subset = hands[:count].tolist()
        rows.append(
            (
                name,
                f"random 7-card, 1 thread ({count:,} hands)",
                best_rate(lambda: evaluate_list(subset), count, max(1, min(args.repeats, 2))),
            )
        )

    single = rows[0][2]
    if args.json:
        print(
            json.dumps(
                [
                    {"evaluator": e, "workload": w, "evals_per_second": r, "ratio_to_ours_1_thread": single / r}
                    for e, w, r in rows
                ],
                indent=2,
            )
        )
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(
        title=f"7-card evaluations per second ({len(hands):,} random hands, seed {args.seed}, "
        f"best of {args.repeats}; {threads} threads available)"
    )
    for column in ("evaluator", "workload", "M evals/s", "ours (1 thread) ÷ this"):
        table.add_column(column, justify="right" if column != "workload" else "left")
    for evaluator, workload, rate in rows:
        table.add_row(evaluator, workload, f"{rate / 1e6:,.2f}", f"{single / rate:,.2f}x")
    Console(width=140).print(table)


if __name__ == "__main__":
    main()
