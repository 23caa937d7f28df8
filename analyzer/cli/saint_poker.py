"""``poker-analyzer saint-poker`` (short: ``saint``): Saint Poker decisions, games and studies."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from analyzer.cli.commands import App
from analyzer.cli.console import stdout_console
from analyzer.cli.errors import USAGE_ERROR, fail, reported_errors
from analyzer.cli.human import Think
from analyzer.cli.progress import progress_bar
from analyzer.cli.run_options import ForceChart, Json, Seed, ShowProgress, check_count, with_runner
from analyzer.cli.tables import Force, Out, TableSeed, run_tables
from analyzer.text import plural

if TYPE_CHECKING:
    from analyzer.sim.runner import Runner

CHOICES_A_LINE = 8  # the choices listed on one line of play --human
Seats = Annotated[int, typer.Option("--seats", "-k", min=2, max=5, metavar="N", help="Players at the table, 2 to 5.")]
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
            "rollout[:N[:BASE]] or search[:B[:BASE]] (or one per seat, comma-separated); or exact: the "
            "round-8 river card by minimax, against opponents who play to beat you.",
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
        play = "" if result.policy == "exact" else " for this play"
        how = f"exact{play}, {plural(result.run.trials, 'hand')} of the hidden opponent"
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
        str | None,
        typer.Option(
            "--policies",
            metavar="POLICIES",
            help="One policy per seat, comma-separated (cycled): random, greedy, save, tuned, tuned-save, "
            "rollout[:N[:BASE]], search[:B[:BASE]] (default: greedy; with --human the opponents', search).",
        ),
    ] = None,
    human: Annotated[
        bool,
        typer.Option(
            "--human",
            help="Play one game yourself, as seat 0, against --policies in the terminal (default rules); "
            "after each decision the strong choice is shown with its value.",
        ),
    ] = False,
    think: Think = None,
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
    """Simulate whole games: each seat's win share, mean score and rounds won; or, with --human,
    play a game yourself."""
    if human:
        if as_json or final_tie != "shared" or random_priority or snake_draft or not future_face_up:
            raise fail(
                "--human plays one game with the default rules in the terminal: no --json or rule options", USAGE_ERROR
            )
        with reported_errors():
            from analyzer.api import saint_poker

            game = saint_poker.human_game(players, policies or "search", seed=seed, think_ms=think)
        _play_human(game)
        return
    if think is not None:
        raise fail("--think sets the opponents' thinking time in a --human game", USAGE_ERROR)
    policies = policies or "greedy"
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
    console.print(f"rounds won and tied: % of games, each ± {100 * stats.round_shares_stderr():.1f}% (s.e.) or less")


@saint_poker_app.command("tables")
@with_runner
def tables_command(
    study: Annotated[
        list[str] | None,
        typer.Option(
            "--study",
            metavar="STUDY",
            help="Run only this study (repeatable): tournament, ties_and_seats, paired_tournament, ratings, "
            "spend_or_save, policy_regret.",
        ),
    ] = None,
    games: Annotated[
        int, typer.Option("--games", min=10, callback=check_count, metavar="N", help="Games per tournament pairing.")
    ] = 4_000,
    rollout_games: Annotated[
        int,
        typer.Option("--rollout-games", min=2, callback=check_count, metavar="N", help="Games with a rollout player."),
    ] = 100,
    rating_deals: Annotated[
        int,
        typer.Option(
            "--rating-deals",
            min=2,
            callback=check_count,
            metavar="N",
            help="Paired deals per field in the rating round robin (ratings; a search player in it).",
        ),
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
            "rating_deals": rating_deals,
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


@saint_poker_app.command("tournament")
@with_runner
def tournament_command(
    players: Annotated[
        list[str],
        typer.Argument(
            metavar="PLAYER...",
            help="Two or more policies: random, greedy, save, tuned, tuned-save, rollout[:N[:BASE]], "
            "search[:B[:BASE]].",
        ),
    ],
    seats: Seats = 3,
    field: Annotated[
        str,
        typer.Option(
            "--field",
            metavar="POLICY",
            help="The policy of the other seats (a player of that policy wins exactly 1 / seats: not played).",
        ),
    ] = "greedy",
    deals: Annotated[
        int,
        typer.Option(
            "--deals", "-n", min=1, callback=check_count, metavar="N", help="Paired deals (every player in every seat)."
        ),
    ] = 1_000,
    chart: Annotated[
        Path | None,
        typer.Option("--chart", metavar="FILE", help="Draw every player's win share to FILE (.png)."),
    ] = None,
    force: ForceChart = False,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """A tournament, deals and seats paired: every player in every seat against the field on the
    same deals; each player's win share and every pair's difference, with standard errors."""
    with reported_errors():
        from analyzer.api import saint_poker
        from analyzer.cli.output_files import CHART_SUFFIXES, checked_output, save_chart

        chart_file = checked_output(chart, CHART_SUFFIXES, "--chart", force)
        with progress_bar("saint poker tournament", show_progress, long_run=True) as progress:
            result = saint_poker.tournament(
                players, seats=seats, field=field, deals=deals, seed=seed, runner=runner.reporting(progress)
            )
        _print_tournament(result, as_json)
        save_chart(result, chart_file, as_json)


@saint_poker_app.command("round-robin")
@with_runner
def round_robin_command(
    players: Annotated[
        list[str],
        typer.Argument(
            metavar="PLAYER...",
            help="Three or more policies: random, greedy, save, tuned, tuned-save, rollout[:N[:BASE]], "
            "search[:B[:BASE]].",
        ),
    ],
    seats: Seats = 3,
    deals: Annotated[
        int,
        typer.Option(
            "--deals", "-n", min=1, callback=check_count, metavar="N", help="Paired deals per field (the same for all)."
        ),
    ] = 1_000,
    chart: Annotated[
        Path | None,
        typer.Option("--chart", metavar="FILE", help="Draw the ratings to FILE (.png)."),
    ] = None,
    force: ForceChart = False,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """A round robin with ratings: every player in every seat against a table of each other
    player's copies, on the same deals; each player's win share against each field, and the
    Bradley-Terry ratings that fit them, with the chi-square of the fit and the pairs they cannot
    order."""
    with reported_errors():
        from analyzer.api import saint_poker
        from analyzer.cli.output_files import CHART_SUFFIXES, checked_output, save_chart
        from analyzer.cli.tournament_tables import print_ratings, tournament_table

        chart_file = checked_output(chart, CHART_SUFFIXES, "--chart", force)
        with progress_bar("saint poker round robin", show_progress, long_run=True) as progress:
            result = saint_poker.round_robin(
                players, seats=seats, deals=deals, seed=seed, runner=runner.reporting(progress)
            )
        if as_json:
            print(json.dumps(result.to_dict()))
        else:
            console = stdout_console()
            console.print(
                f"round robin at {result.seats} seats against each player's copies: "
                f"{plural(result.run.trials, 'paired deal')} per field (seed {result.run.seed})"
            )
            rows = [(s.player, s.field, f"{100 * s.wins:.1f}%", f"{100 * s.wins_stderr:.1f}%") for s in result.shares]
            console.print(
                tournament_table("win shares against each field", ("player", "opponent", "wins", "± s.e."), rows)
            )
            if result.ratings is None:
                console.print(f"ratings: none fit ({result.ratings_unavailable})")
            else:
                print_ratings(console, result.ratings)
        save_chart(result, chart_file, as_json)


def _print_tournament(result, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    from analyzer.cli.tournament_tables import tournament_table

    console = stdout_console()
    console.print(
        f"paired tournament, {result.seats} seats against {result.field}: "
        f"{plural(result.run.trials, 'paired deal')}, every player in every seat (seed {result.run.seed})"
    )
    standings = [
        (s.player, f"{100 * s.wins:.1f}%", f"{100 * s.wins_stderr:.1f}%", f"{100 * s.margin:+.1f}")
        for s in result.standings
    ]
    standing_columns = ("player", "wins", "± s.e.", "over fair")
    console.print(tournament_table("standings: share of the games won", standing_columns, standings))
    matches = [
        (
            m.first,
            m.second,
            f"{100 * m.difference:+.1f}",
            f"{100 * m.stderr:.1f}",
            "-" if m.z is None else f"{m.z:+.1f}",
        )
        for m in result.matches
    ]
    match_columns = ("player", "opponent", "difference", "± s.e.", "z")
    console.print(tournament_table("matches: the first player's win share minus the second's", match_columns, matches))


def _play_human(game) -> None:
    """The terminal game of ``play --human``: what you see and your choices, a prompt (a number
    or the cards; ``q`` ends the game), and after each decision the strong choice and the values
    beside yours. Bad input is answered in one line and asked again; the end of the input or
    Ctrl-C ends the game cleanly."""
    from analyzer.cards import format_cards
    from analyzer.cli.human import ask, list_choices, show_events, show_thinking

    print(f"Saint Poker, {plural(game.players, 'player')}: you are seat 0 (seed {game.seed}).")
    show_thinking(game.think)
    shown = show_events(game.events, 0)
    while not game.over:
        print(game.board())
        choices = game.choices()
        labels = [f"{k:>2}. {format_cards(c):<6}" for k, c in enumerate(choices, 1)]
        list_choices(labels, CHOICES_A_LINE)
        what = {"river": "your river card", "reveal": "the two cards to show", "draft": "your pick"}[game.phase]
        choice = ask(f"{what} (number or cards; q to quit): ", game.choice_from_text)
        if choice is None:
            print("game abandoned")
            return
        advice, strong = game.advice(), game.strong_choice()
        game.play(choice)
        values = {c.cards: c for c in advice.choices}
        yours, searched, best = values[format_cards(choice)], values[format_cards(strong)], advice.best
        error = "exact" if advice.run.exact else f"± {yours.regret_stderr:.2f}"
        print(
            f"  you chose {yours.cards}: {yours.points_total:.2f} points to the end, P(win game) "
            f"{100 * yours.p_win_game:.1f}%, regret {yours.regret:.2f} ({error})"
        )
        print(f"  the search player would choose {searched.cards}: {searched.points_total:.2f} points to the end")
        print(f"  best by these values: {best.cards}: {best.points_total:.2f}; they assume {advice.continuation}")
        shown = show_events(game.events, shown)
    print(game.board())
