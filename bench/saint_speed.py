"""Saint Poker speed: whole random-policy games per second for 2 to 5 players (the
issue's target: 20,000 a second per core), greedy games, one decision's values, and the
seconds a game takes with a rollout:4 or a search:64 player (3 players, the others
greedy), whose costs the paired tournament compares.
No other Saint Poker simulator exists, so the ratios are to the target.

    python bench/saint_speed.py [--repeats R] [--json]
"""

from __future__ import annotations

from analyzer.api.examples import SAINT
from analyzer.games.saint_poker.decide import decide
from analyzer.games.saint_poker.play import simulate_games
from analyzer.games.saint_poker.position import position_from_dict
from analyzer.sim.executors import local_workers
from analyzer.sim.runner import Runner
from timing import bench_arguments, best_seconds, report

GAMES_TARGET = 20_000


def main() -> None:
    args = bench_arguments(__doc__).parse_args()
    threads = local_workers()
    rows = []
    for players in (2, 3, 4, 5):
        games = 100_000
        seconds = best_seconds(
            lambda: simulate_games(players, "random", games=games, seed=1, runner=Runner(threads=1)), args.repeats
        )
        rows.append(
            (f"random games, {players} players, 1 thread", "games/s", games / seconds, games / seconds / GAMES_TARGET)
        )
    for players in (2, 5):
        games = 20_000
        seconds = best_seconds(
            lambda: simulate_games(players, "greedy", games=games, seed=1, runner=Runner(threads=threads)), args.repeats
        )
        rows.append((f"greedy games, {players} players, {threads} threads", "games/s", games / seconds, None))
    position = position_from_dict(SAINT)
    seconds = best_seconds(lambda: decide(position, trials=2_000, seed=1, runner=Runner(threads=threads)), 1)
    rows.append(
        (f"river decision, 3 players, round 1: 10 cards x 2,000 greedy games, {threads} threads", "s", seconds, None)
    )
    for policy in ("rollout:4", "search:64"):
        games = 20
        seconds = best_seconds(
            lambda: simulate_games(3, [policy, "greedy", "greedy"], games=games, seed=1, runner=Runner(threads=1)),
            args.repeats,
        )
        rows.append((f"one {policy} player, 3 players, 1 thread", "s/game", seconds / games, None))
    report(f"Saint Poker speed ({threads} threads available)", rows, args.json)


if __name__ == "__main__":
    main()
