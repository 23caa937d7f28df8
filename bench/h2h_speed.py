"""Head to Head Poker speed: whole random-policy games per second (1 thread and all),
greedy games, betting games, placement decisions with 10,000 rollouts per move, and the time a
move of the rollout and search players takes on one thread (the targets: >= 100,000 random
games/s per core; a decision in <= 2 s on 2 cores; a search move in <= 50 ms on one core). No
other Head to Head simulator exists to compare with, so the ratios are to the targets.

    python bench/h2h_speed.py [--repeats R] [--json]
"""

from __future__ import annotations

from analyzer.games.head_to_head.betting.play import simulate_betting_games
from analyzer.games.head_to_head.place import placement_values
from analyzer.games.head_to_head.play import simulate_games
from analyzer.games.head_to_head.position import position_from_dict
from analyzer.sim.executors import local_workers
from analyzer.sim.runner import Runner
from timing import bench_arguments, best_seconds, report

GAMES_TARGET = 100_000  # random games per second per core
DECISION_TARGET = 2.0  # seconds for 10,000 rollouts per move on 2 cores
ROLLOUTS = 10_000
SEARCH_TARGET = 0.050  # seconds a move of the search player, one core
PLACEMENTS_PER_GAME = (3 + 4 + 5) * 4  # each player fills 4 slots of every row of the 3 rounds
POSITIONS = {  # start of round 3 (5 rows, 40 placements to go) unless noted
    "Draw 1, 5 rows, first card": {"round": 3, "type": "draw1", "common": "7s Kd 2h Qc 9s", "cards": "Ah"},
    "Hold 3, 5 rows, first card": {"round": 3, "type": "hold3", "common": "7s Kd 2h Qc 9s", "cards": "Ah 7d 3c"},
    "Share 2, 5 rows, first draw": {"round": 3, "type": "share2", "common": "7s Kd 2h Qc 9s", "cards": "Ah 7d"},
    "Open 5 Crazy, 3 rows, first pick": {
        "round": 1,
        "type": "open5",
        "crazy": True,
        "common": "7s Kd 2h",
        "cards": "Ah 7d 3c Jh Ts",
    },
    "Open 5 Crazy, 5 rows, first pick (the largest decision)": {
        "round": 3,
        "type": "open5",
        "crazy": True,
        "common": "7s Kd 2h Qc 9s",
        "cards": "Ah 7d 3c Jh Ts",
    },
}


def main() -> None:
    args = bench_arguments(__doc__).parse_args()
    threads = local_workers()
    rows = []
    for t in sorted({1, threads}):
        games = 400_000 * t
        seconds = best_seconds(
            lambda: simulate_games("random", "random", games=games, seed=1, runner=Runner(threads=t)), args.repeats
        )
        rate = games / seconds
        rows.append((f"random v random games, {t} thread{'s' * (t > 1)}", "games/s", rate, rate / t / GAMES_TARGET))
    games = 40_000
    seconds = best_seconds(
        lambda: simulate_games("greedy", "greedy", games=games, seed=1, runner=Runner(threads=threads)), args.repeats
    )
    rows.append((f"greedy v greedy games, {threads} threads", "games/s", games / seconds, None))
    games = 8_000
    seconds = best_seconds(
        lambda: simulate_betting_games(games=games, seed=1, runner=Runner(threads=threads)), args.repeats
    )
    rows.append(
        (f"betting games, greedy + threshold v greedy + threshold, {threads} threads", "games/s", games / seconds, None)
    )
    for name, data in POSITIONS.items():
        position = position_from_dict(data)
        result = placement_values(position, trials=10, seed=1, exact=False)
        seconds = best_seconds(
            lambda p=position: placement_values(
                p, trials=ROLLOUTS, seed=1, exact=False, runner=Runner(threads=threads)
            ),
            1,
        )
        rows.append(
            (
                f"placement, {name}: {len(result.moves)} moves x {ROLLOUTS:,} greedy rollouts, {threads} threads",
                "s",
                seconds,
                DECISION_TARGET / seconds,
            )
        )
    for player, games in (("rollout:32", 20), ("search", 4)):
        seconds = best_seconds(
            lambda: simulate_games(player, "greedy", games=games, seed=1, runner=Runner(threads=1)), args.repeats
        )
        per_move = seconds / (games * PLACEMENTS_PER_GAME)  # the greedy side's moves cost microseconds
        target = SEARCH_TARGET / per_move if player == "search" else None
        rows.append((f"a move of {player} (v greedy, whole games), 1 thread", "s", per_move, target))
    report(f"Head to Head speed ({threads} threads available)", rows, args.json)


if __name__ == "__main__":
    main()
