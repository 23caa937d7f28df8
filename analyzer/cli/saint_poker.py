"""``poker-analyzer saint-poker`` (short: ``saint``): Saint Poker decisions, games and studies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from analyzer.cli.commands import App
from analyzer.cli.console import stdout_console
from analyzer.cli.errors import reported_errors
from analyzer.cli.progress import progress_bar
from analyzer.cli.run_options import Json, Seed, ShowProgress, check_count, with_runner
from analyzer.cli.tables import Force, Out, TableSeed, run_tables
from analyzer.text import plural

if TYPE_CHECKING:
    from analyzer.sim.runner import Runner

saint_poker_app = App(help="Saint Poker (2-5 players): river, reveal and draft decisions; policy tournaments.")


@saint_poker_app.command("decide")
@with_runner
def decide_command(
    position: Annotated[
        Path, typer.Argument(metavar="FILE", help="A position JSON file (its fields: docs/cli/saint-poker.md).")
    ],
    policy: Annotated[
        str,
        typer.Option(
            "--policy",
            "-p",
            metavar="POLICY",
            help="Policy of every player after the choice: random, greedy, save, tuned, tuned-save, "
            "rollout[:N[:BASE]] or search[:B[:BASE]] (or one per seat, comma-separated).",
        ),
    ] = "greedy",
    trials: Annotated[
        int,
        typer.Option(
            "--trials", "-n", min=1, callback=check_count, metavar="N", help="Samples of the hidden cards per choice."
        ),
    ] = 4_000,
    exact: Annotated[bool, typer.Option("--exact", help="Force exact enumeration (last round).")] = False,
    monte_carlo: Annotated[bool, typer.Option("--monte-carlo", help="Force Monte Carlo.")] = False,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Every legal choice of the current phase (river card, pair to reveal, or draft pick) with
    P(win this round), expected points now and for the rest of the game, the regret against the
    best choice and the chance of winning the game, best first."""
    from analyzer.cli.run_options import exact_of

    with reported_errors():
        from analyzer.api import saint_poker

        with progress_bar("choices", show_progress) as progress:
            result = saint_poker.decide(
                position,
                policy=policy,
                trials=trials,
                exact=exact_of(exact, monte_carlo),
                seed=seed,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    from rich.table import Table

    pos = result.position
    if result.run.exact:
        how = f"exact for this play, {plural(result.run.trials, 'hand')} of the hidden opponent"
    else:
        how = f"Monte Carlo, {plural(result.run.trials, 'sample')}, seed {result.run.seed}"
    table = Table(
        title=f"{plural(pos.players, 'player')}, round {pos.round}, {pos.phase}; scores "
        f"{'-'.join(map(str, pos.scores))}; {result.continuation}; {how}",
        title_justify="left",
    )
    columns = ("cards", "P(win round)", "points now", "points total", "± s.e.", "regret", "± s.e. ", "P(win game)")
    for column in (*columns, "± s.e.  "):
        table.add_column(column, justify="left" if column == "cards" else "right")
    for c in result.choices:
        table.add_row(
            c.cards,
            f"{100 * c.p_win_round:.1f}%",
            f"{c.points_now:.3f}",
            f"{c.points_total:.3f}",
            f"{c.stderr:.3f}",
            f"{c.regret:.3f}",
            f"{c.regret_stderr:.3f}",
            f"{100 * c.p_win_game:.1f}%",
            f"{100 * c.p_win_game_stderr:.1f}",
        )
    stdout_console().print(table)


@saint_poker_app.command("play")
@with_runner
def play_command(
    players: Annotated[int, typer.Option("--players", "-k", min=2, max=5, metavar="N", help="Players, 2 to 5.")] = 3,
    policies: Annotated[
        str,
        typer.Option(
            "--policies",
            metavar="POLICIES",
            help="One policy per seat, comma-separated (cycled): random, greedy, save, tuned, tuned-save, "
            "rollout[:N[:BASE]], search[:B[:BASE]].",
        ),
    ] = "greedy",
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, callback=check_count, metavar="N", help="Games to simulate.")
    ] = 10_000,
    final_tie: Annotated[
        str,
        typer.Option(
            "--final-tie",
            metavar="RULE",
            help="A tie for the most points (S-7): shared, or round8 (the round-8 hands decide).",
        ),
    ] = "shared",
    random_priority: Annotated[
        bool,
        typer.Option(
            "--random-priority", help="The draft's 'youngest' tie-break drawn at random (S-5) instead of seat order."
        ),
    ] = False,
    snake_draft: Annotated[bool, typer.Option("--snake-draft", help="Reverse the second draft pass (S-10).")] = False,
    future_face_up: Annotated[
        bool,
        typer.Option("--future-face-up/--future-face-down", help="The future river face up (S-1, default) or hidden."),
    ] = True,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Simulate whole games: each seat's win share, mean score and rounds won."""
    with reported_errors():
        from analyzer.api import saint_poker

        rules = {
            "final_tie": final_tie,
            "random_priority": random_priority,
            "snake_draft": snake_draft,
            "future_face_up": future_face_up,
        }
        with progress_bar("games", show_progress) as progress:
            stats = saint_poker.play(
                players, policies, games=games, rules=rules, seed=seed, runner=runner.reporting(progress)
            )
    if as_json:
        print(json.dumps(stats.to_dict()))
        return
    from rich.table import Table

    table = Table(
        title=f"{plural(stats.run.trials, 'game')}, {plural(players, 'player')} (seed {stats.run.seed}); "
        f"final ties {stats.rules.final_tie}",
        title_justify="left",
    )
    for column in ("seat", "policy", "wins", "± s.e.", "score", "± s.e.", "rounds won (1..8)"):
        table.add_column(column, justify="left" if column in ("policy", "rounds won (1..8)") else "right")
    for s in stats.seats:
        rounds = " ".join(f"{100 * s[f'won_round_{r}']:.0f}" for r in range(1, 9))
        table.add_row(
            str(s["seat"]),
            s["policy"],
            f"{100 * s['wins']:.1f}%",
            f"{100 * s['wins_stderr']:.1f}%",
            f"{s['score']:.2f}",
            f"{s['score_stderr']:.2f}",
            rounds,
        )
    console = stdout_console()
    console.print(table)
    console.print("rounds with tied winners: " + " ".join(f"{100 * t:.1f}%" for t in stats.tied_rounds))


@saint_poker_app.command("tables")
@with_runner
def tables_command(
    study: Annotated[
        list[str] | None,
        typer.Option(
            "--study",
            metavar="STUDY",
            help="Run only this study (repeatable): tournament, ties_and_seats, paired_tournament, spend_or_save, "
            "policy_regret.",
        ),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", min=10, callback=check_count, metavar="N", help="Games per tournament pairing.")
    ] = 4_000,
    rollout_games: Annotated[
        int,
        typer.Option("--rollout-games", min=2, callback=check_count, metavar="N", help="Games with a rollout player."),
    ] = 100,
    positions: Annotated[
        int,
        typer.Option(
            "--positions",
            min=4,
            callback=check_count,
            metavar="N",
            help="Sampled positions per round for the spend-or-save study.",
        ),
    ] = 60,
    samples: Annotated[
        int,
        typer.Option(
            "--samples", min=2, callback=check_count, metavar="N", help="Samples per choice at each position."
        ),
    ] = 60,
    regret_positions: Annotated[
        int,
        typer.Option(
            "--regret-positions",
            min=2,
            callback=check_count,
            metavar="N",
            help="Sampled positions per phase and round for the policy-regret study.",
        ),
    ] = 64,
    regret_samples: Annotated[
        int,
        typer.Option(
            "--regret-samples",
            min=2,
            callback=check_count,
            metavar="N",
            help="Deals valuing each choice in the policy-regret study.",
        ),
    ] = 400,
    seed: TableSeed = 2026,
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Tournaments for 2 to 5 players, rounds won by round and policy, ties, the draft seats,
    spending strong cards now or saving them, and what each policy's choice gives away:
    tables and charts under results/saint_poker/."""
    run_tables(
        "saint_poker.tables",
        {
            "studies": study or None,
            "games": games,
            "rollout_games": rollout_games,
            "positions": positions,
            "samples": samples,
            "regret_positions": regret_positions,
            "regret_samples": regret_samples,
            "seed": seed,
        },
        out=out,
        force=force,
        runner=runner,
        show_progress=show_progress,
        label="saint poker studies",
    )
