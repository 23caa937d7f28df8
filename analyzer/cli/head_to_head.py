"""``poker-analyzer head-to-head`` (short: ``h2h``): Head to Head Poker placement values, games and studies."""

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
from analyzer.cli.run_options import ForceChart, Json, Seed, ShowProgress, Yes, check_count, with_runner
from analyzer.cli.tables import Force, Out, TableSeed, run_tables
from analyzer.text import plural

if TYPE_CHECKING:
    from analyzer.sim.runner import Runner

MOVES_A_LINE = 4  # the moves listed on one line of play --human
head_to_head_app = App(help="Head to Head Poker (Knizia): where to place a card, and how the round types play.")

RoundType = Annotated[str, typer.Option("--type", "-t", metavar="TYPE", help="draw1, share2, hold3, play4 or open5.")]
BatchStarter = Annotated[
    str, typer.Option("--batch-starter", metavar="RULE", help="Play 4 batch starter (H-G1): alternate or strict.")
]
Tiebreak = Annotated[str, typer.Option("--tiebreak", metavar="RULE", help="Pair ties (H-G2): standard or literal.")]
RolledType = Annotated[
    str,
    typer.Option(
        "--type", "-t", metavar="TYPE", help="draw1, share2, hold3, play4, open5, or roll (the die picks each round)."
    ),
]
EveryRoundCrazy = Annotated[bool, typer.Option("--crazy", help="Every round Crazy (with a fixed --type).")]
Betting = Annotated[bool, typer.Option("--betting", help="The betting game of §2.7: $800 stacks, bets on rows.")]
Forfeit = Annotated[
    bool, typer.Option("--forfeit/--no-forfeit", help="A decliner forfeits his chips on the card (H-B2).")
]
BetWindow = Annotated[
    str,
    typer.Option(
        "--bet-window", metavar="RULE", help="Who may bet (H-B7): turn, or receiver (also the Share 2 receiver)."
    ),
]
MinBet = Annotated[int, typer.Option("--min-bet", min=1, metavar="DOLLARS", help="Smallest bet and step (H-B6).")]


@head_to_head_app.command("place")
@with_runner
def place(
    position: Annotated[
        Path | None,
        typer.Argument(
            metavar="FILE",
            help="A position JSON file (its fields: docs/cli/head-to-head.md), or give the options below.",
        ),
    ] = None,
    round_: Annotated[
        int | None, typer.Option("--round", "-r", min=1, max=3, metavar="N", help="Round 1, 2 or 3 (3, 4, 5 rows).")
    ] = None,
    round_type: Annotated[
        str | None, typer.Option("--type", "-t", metavar="TYPE", help="draw1, share2, hold3, play4 or open5.")
    ] = None,
    crazy: Annotated[bool, typer.Option("--crazy", help="A Crazy round: place on either side.")] = False,
    common: Annotated[
        str | None, typer.Option("--common", metavar="CARDS", help='The common cards in row order, e.g. "7s Kd 2h".')
    ] = None,
    you: Annotated[
        str, typer.Option("--you", metavar="SIDE", help='Your side, rows separated by "/", e.g. "7h 7d / / Ah".')
    ] = "",
    opponent: Annotated[
        str, typer.Option("--opponent", metavar="SIDE", help="The opponent's side, rows separated by '/'.")
    ] = "",
    cards: Annotated[
        str | None,
        typer.Option(
            "--cards", "-c", metavar="CARDS", help="What you may place: drawn card(s), your hand or the open cards."
        ),
    ] = None,
    dead: Annotated[str, typer.Option("--dead", "-d", metavar="CARDS", help="Cards known to be out of play.")] = "",
    batch_starter: BatchStarter = "alternate",
    tiebreak: Tiebreak = "standard",
    policy: Annotated[
        str | None,
        typer.Option(
            "--policy",
            "-p",
            metavar="POLICY",
            help="Who finishes the round, both players: greedy, tuned, random, the strong players "
            "rollout[:N[:BASE]], search[:N[:BASE]] and ismcts[:N[:BASE]] (Monte Carlo; keep -n small), or exact "
            "(minimax: Open 5 down to its last open cards). Default: exact where it applies, else greedy.",
        ),
    ] = None,
    opponent_policy: Annotated[
        str | None,
        typer.Option("--opponent-policy", metavar="POLICY", help="The opponent's rollout policy (default: --policy)."),
    ] = None,
    trials: Annotated[
        int,
        typer.Option(
            "--trials", "-n", min=1, callback=check_count, metavar="N", help="Samples of the hidden cards per move."
        ),
    ] = 10_000,
    exact: Annotated[bool, typer.Option("--exact", help="Force exact enumeration (greedy policies).")] = False,
    yes: Yes = False,
    monte_carlo: Annotated[bool, typer.Option("--monte-carlo", help="Force Monte Carlo.")] = False,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Every legal placement (card, row, side) with its expected chips for the rest of the
    round and each row's win probability, best first."""
    from analyzer.cli.run_options import confirmed, exact_of

    option_values = {"--round": round_, "--type": round_type, "--common": common, "--cards": cards}
    if position is not None and any(v is not None for v in option_values.values()):
        raise fail("give a POSITION file or the position options (--round, --type, ...), not both", USAGE_ERROR)
    if position is None:
        missing = [name for name, value in option_values.items() if value is None]
        if missing:
            raise fail(f"no POSITION file: give {', '.join(missing)}", USAGE_ERROR)
    with reported_errors():
        from analyzer.api import head_to_head

        from_options = {  # the position's JSON form, rows separated by "/"
            "round": round_,
            "type": round_type,
            "crazy": crazy,
            "common": common,
            "you": you,
            "opponent": opponent,
            "cards": cards,
            "dead": dead,
            "batch_starter": batch_starter,
            "tiebreak": tiebreak,
        }
        with progress_bar("placements", show_progress) as progress, confirmed(yes):
            result = head_to_head.place(
                from_options if position is None else position,
                policy=policy,
                opponent_policy=opponent_policy,
                trials=trials,
                exact=exact_of(exact, monte_carlo),
                seed=seed,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    _print_placements(result)


def _print_placements(result) -> None:
    from rich.table import Table

    if result.minimax:
        count = f"exact, {plural(result.run.trials, 'position')} solved"
    elif result.run.exact:
        count = f"exact for this play, {plural(result.run.trials, 'ordering')} of the cards to come"
    else:
        count = f"Monte Carlo, {plural(result.run.trials, 'sample')} per move, seed {result.run.seed}"
    title = f"{result.position.describe()}; {result.continuation}; {count}"
    table = Table(title=title, title_justify="left")
    share = any(m.given for m in result.moves)
    columns = ["card", "row", "side"] + (["give"] if share else []) + ["EV $", "± s.e.", "regret", "± s.e. "]
    columns += [f"row {i + 1}" for i in range(result.position.rows)]
    for column in columns:
        table.add_column(column, justify="left" if column in ("card", "side", "give") else "right")
    for m in result.moves:
        cells = [m.card, str(m.row), m.side] + ([m.given] if share else [])
        cells += [f"{m.ev:.1f}", f"{m.stderr:.1f}", f"{m.regret:.1f}", f"{m.regret_stderr:.1f}"]
        cells += [f"{100 * w:.1f}%" for w in m.row_win]
        table.add_row(*cells)
    stdout_console().print(table)


@head_to_head_app.command("play")
@with_runner
def play(
    round_type: RolledType = "roll",
    crazy: EveryRoundCrazy = False,
    first: Annotated[
        str,
        typer.Option(
            "--first",
            metavar="POLICY",
            help="Policy of the round-1 first mover: random, greedy, tuned, rollout[:N[:BASE]], search[:N[:BASE]], "
            "ismcts[:N[:BASE]].",
        ),
    ] = "greedy",
    second: Annotated[
        str | None,
        typer.Option(
            "--second", metavar="POLICY", help="Policy of the other player (default: random; ismcts with --human)."
        ),
    ] = None,
    human: Annotated[
        bool,
        typer.Option(
            "--human",
            help="Play one game yourself, as the round-1 first mover, against --second in the terminal "
            "(with --betting, the betting game against --second and --second-bets); after each of your "
            "moves the strong move is shown with its value.",
        ),
    ] = False,
    think: Think = None,
    games: Annotated[
        int, typer.Option("--games", "-n", min=1, callback=check_count, metavar="N", help="Games to simulate.")
    ] = 10_000,
    batch_starter: BatchStarter = "alternate",
    tiebreak: Tiebreak = "standard",
    betting: Betting = False,
    first_bets: Annotated[
        str | None,
        typer.Option(
            "--first-bets",
            metavar="POLICY",
            help="With --betting, the first player's betting policy: never, "
            "threshold[:bet=P,raise=P,call=P,size=D,cards=0|1], rollout[:N] (default threshold).",
        ),
    ] = None,
    second_bets: Annotated[
        str | None,
        typer.Option("--second-bets", metavar="POLICY", help="With --betting, the other player's (default threshold)."),
    ] = None,
    forfeit: Forfeit = True,
    bet_window: BetWindow = "turn",
    min_bet: MinBet = 10,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Simulate whole games (3 rounds: 3, 4, 5 rows) between two policies: win rates and
    chip margins (or, with --betting, final stacks) with standard errors; or, with --human, play
    a game yourself."""
    if not betting and (first_bets is not None or second_bets is not None):
        raise fail("--first-bets and --second-bets are betting policies: give --betting too", USAGE_ERROR)
    if human and first_bets is not None:
        raise fail("--first-bets: in a --human game you bet yourself", USAGE_ERROR)
    first_bets = "threshold" if first_bets is None else first_bets
    second_bets = "threshold" if second_bets is None else second_bets
    if human:
        if as_json:
            raise fail("--human plays a game in the terminal: no --json", USAGE_ERROR)
        with reported_errors():
            from analyzer.api import head_to_head

            game = head_to_head.human_game(
                second,
                round_type=round_type,
                crazy=crazy,
                rules={"batch_starter": batch_starter, "tiebreak": tiebreak},
                betting=_betting_rules(forfeit, bet_window, min_bet) if betting else False,
                opponent_bets=second_bets if betting else None,
                seed=seed,
                think_ms=think,
            )
        if betting:
            _play_human_betting(game)
        else:
            _play_human(game)
        return
    if think is not None:
        raise fail("--think sets the opponent's thinking time in a --human game", USAGE_ERROR)
    second = second or "random"
    with reported_errors():
        from analyzer.api import head_to_head

        with progress_bar("betting games" if betting else "games", show_progress) as progress:
            stats = head_to_head.play(
                first,
                second,
                round_type=round_type,
                crazy=crazy,
                games=games,
                rules={"batch_starter": batch_starter, "tiebreak": tiebreak},
                betting=_betting_rules(forfeit, bet_window, min_bet) if betting else False,
                first_bets=first_bets if betting else None,
                second_bets=second_bets if betting else None,
                seed=seed,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(stats.to_dict()))
    elif betting:
        _print_betting_games(stats)
    else:
        _print_games(stats)


def _play_human(game) -> None:
    """The terminal game of ``play --human``: the board and your legal moves, a prompt (a move
    number, or a card and a row; ``q`` ends the game), and after each move the strong move and
    its value beside yours. Bad input is answered in one line and asked again; the end of the
    input or Ctrl-C ends the game cleanly."""
    from analyzer.cli.human import ask, list_choices, show_events, show_thinking

    print(f"Head to Head against {game.opponent} (seed {game.seed}); you move first in rounds 1 and 3.")
    show_thinking(game.think)
    shown = show_events(game.events, 0)
    while not game.over:
        print(game.board())
        moves = game.moves()
        labels = [f"{k:>2}. {m.label:<18}" for k, m in enumerate(moves, 1)]
        list_choices(labels, MOVES_A_LINE)
        move = ask("your move (number, or card and row such as 'Qd 2'; q to quit): ", game.move_from_text)
        if move is None:
            print("game abandoned")
            return
        advice, strong = game.advice(), game.strong_move()
        game.play(move)
        values = {m.label: m for m in advice.moves}
        yours, searched, best = values[move.label], values[strong.label], advice.best
        error = "exact" if advice.run.exact else f"± {yours.regret_stderr:.1f}"
        print(f"  you played {yours.label}: EV ${yours.ev:.1f}, regret ${yours.regret:.1f} ({error})")
        print(f"  the {game.strong_policy} player would play {searched.label}: EV ${searched.ev:.1f}")
        print(f"  best by these values: {best.label}: EV ${best.ev:.1f}; they assume {advice.continuation}")
        shown = show_events(game.events, shown)
    print(game.board())


def _play_human_betting(game) -> None:
    """The terminal betting game of ``play --human --betting``: the board with every chip on
    it, your choices (bet or not, answer a bet, place a card) and a prompt; after each decision
    your choice's value (your stack at the end of the round minus now) and the strong choice's,
    from play-outs of the rest of the round. Bad input is answered in one line and asked again;
    ``q``, the end of the input or Ctrl-C ends the game cleanly."""
    from analyzer.cli.human import ask, list_choices, show_events, show_thinking

    print(
        f"Head to Head betting game against {game.opponent} + {game.opponent_bets} (seed {game.seed}); "
        f"$800 stacks; you move first in rounds 1 and 3."
    )
    show_thinking(game.think)
    shown = show_events(game.events, 0)
    while not game.over:
        print(game.board())
        if game.decision == "place":
            moves = game.moves()
            list_choices([f"{k:>2}. {m.label:<18}" for k, m in enumerate(moves, 1)], MOVES_A_LINE)
            choice = ask("your move (number, or card and row such as 'Qd 2'; q to quit): ", game.move_from_text)
            if choice is None:
                print("game abandoned")
                return
            advice = game.advice()
            game.play(choice)
        else:
            list_choices(game.describe_choices(), 1)
            choice = ask("your action (q to quit): ", game.action_from_text)
            if choice is None:
                print("game abandoned")
                return
            advice = game.advice(include=choice)
            game.act(choice)
        yours, best = advice.value_of(choice.label), advice.best
        print(
            f"  you: {yours.label}: EV ${yours.ev:+.1f} to the end of the round, "
            f"regret ${yours.regret:.1f} ± {yours.regret_stderr:.1f}"
        )
        print(f"  strong play: {best.label}: EV ${best.ev:+.1f} (± {best.stderr:.1f}); values of {advice.continuation}")
        shown = show_events(game.events, shown)
    print(game.board())


def _betting_rules(forfeit: bool, bet_window: str, min_bet: int) -> dict:
    """The betting rules ``pa.head_to_head`` takes from ``--forfeit``, ``--bet-window`` and ``--min-bet``."""
    return {"decline_forfeits_own_chips": forfeit, "bet_window": bet_window, "min_bet": min_bet}


def _print_games(stats) -> None:
    from rich.table import Table

    console = stdout_console()
    kind = f"{stats.round_type}{' Crazy' if stats.crazy else ''}"
    console.print(
        f"{plural(stats.run.trials, 'game')}, {kind}: first = {stats.first}, second = {stats.second} "
        f"(seed {stats.run.seed})"
    )
    console.print(
        f"  first wins  {100 * stats.first_wins:6.2f}% ± {100 * stats.first_wins_stderr:.2f}%   "
        f"second wins {100 * stats.second_wins:6.2f}% ± {100 * stats.first_wins_stderr:.2f}%   "
        f"settled by the card draw {100 * stats.tie_breaks:.2f}% ± {100 * stats.tie_breaks_stderr:.2f}%"
    )
    console.print(
        f"  chip margin (first - second) {stats.margin:+.1f} ± {stats.margin_stderr:.1f} $ per game, "
        f"s.d. {stats.margin_sd:.1f} $"
    )
    table = Table(title="per round: the first mover's chip margin", title_justify="left")
    for column in ("round", "rows", "first mover", "margin $", "± s.e.", "wins", "ties"):
        table.add_column(column, justify="right")
    for r in stats.rounds:
        table.add_row(
            str(r["round"]),
            str(r["rows"]),
            r["first_mover"],
            f"{r['first_mover_margin']:+.1f}",
            f"{r['first_mover_margin_stderr']:.1f}",
            f"{100 * r['first_mover_wins']:.1f}%",
            f"{100 * r['ties']:.1f}%",
        )
    console.print(table)
    console.print(f"wins and ties: % of games, each ± {100 * stats.round_shares_stderr():.1f}% (s.e.) or less")


def _print_betting_games(stats) -> None:
    console = stdout_console()
    kind = f"{stats.round_type}{' Crazy' if stats.crazy else ''}"
    console.print(
        f"{plural(stats.run.trials, 'betting game')}, {kind}: first = {stats.first} + {stats.first_bets}, "
        f"second = {stats.second} + {stats.second_bets} (seed {stats.run.seed})"
    )
    console.print(
        f"  first wins {100 * stats.first_wins:6.2f}% ± {100 * stats.first_wins_stderr:.2f}%   "
        f"settled by the card draw {100 * stats.tie_breaks:.2f}% ± {100 * stats.tie_breaks_stderr:.2f}%"
    )
    console.print(
        f"  first's final stack {stats.first_stack:.1f} ± {stats.first_stack_stderr:.1f} $ "
        f"(of $2,800: two $800 stacks and $1,200 of base)"
    )
    rounds = "   ".join(f"after round {r + 1}: {stats.trajectory[end - 1]:.0f}" for r, end in enumerate((24, 56, 96)))
    console.print(f"  first's mean stack {rounds}")


@head_to_head_app.command("tournament")
@with_runner
def tournament(
    players: Annotated[
        list[str],
        typer.Argument(
            metavar="PLAYER...",
            help="Two or more placement policies (random, greedy, tuned, rollout[:N[:BASE]], search[:N[:BASE]], "
            "ismcts[:N[:BASE]]); "
            "with --betting each "
            "may add a betting policy after a '+', e.g. tuned+rollout:16 (threshold if none).",
        ),
    ],
    deals: Annotated[
        int,
        typer.Option(
            "--deals", "-n", min=1, callback=check_count, metavar="N", help="Paired deals a pair (two games each)."
        ),
    ] = 2_000,
    round_type: RolledType = "roll",
    crazy: EveryRoundCrazy = False,
    batch_starter: BatchStarter = "alternate",
    tiebreak: Tiebreak = "standard",
    betting: Betting = False,
    forfeit: Forfeit = True,
    bet_window: BetWindow = "turn",
    min_bet: MinBet = 10,
    chart: Annotated[
        Path | None,
        typer.Option("--chart", metavar="FILE", help="Draw every player's margin over the field to FILE (.png)."),
    ] = None,
    force: ForceChart = False,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """A round robin, deals and seats paired: every pair plays the same deals, each twice with
    the seats swapped; each match's $ margin per game and share of games won, and every player's
    margin over the field, with standard errors."""
    with reported_errors():
        from analyzer.api import head_to_head
        from analyzer.cli.output_files import CHART_SUFFIXES, checked_output, save_chart

        chart_file = checked_output(chart, CHART_SUFFIXES, "--chart", force)
        with progress_bar("head-to-head tournament", show_progress, long_run=True) as progress:
            result = head_to_head.tournament(
                players,
                betting=_betting_rules(forfeit, bet_window, min_bet) if betting else False,
                round_type=round_type,
                crazy=crazy,
                deals=deals,
                rules={"batch_starter": batch_starter, "tiebreak": tiebreak},
                seed=seed,
                runner=runner.reporting(progress),
            )
        _print_tournament(result, as_json)
        save_chart(result, chart_file, as_json)


def _print_tournament(result, as_json: bool) -> None:
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    from analyzer.cli.tournament_tables import print_ratings, tournament_table

    console = stdout_console()
    game = "betting game" if result.betting else "placement game"
    console.print(
        f"round robin, {game}, {result.round_type}{' Crazy' if result.crazy else ''}: "
        f"{plural(result.run.trials, 'paired deal')} a pair, two games each (seed {result.run.seed})"
    )
    standings = [(s.player, f"{s.margin:+.1f}", f"{s.margin_stderr:.1f}") for s in result.standings]
    console.print(tournament_table("standings, $ per game", ("player", "margin $", "± s.e."), standings))
    matches = [
        (
            m.first,
            m.second,
            f"{m.margin:+.1f}",
            f"{m.margin_stderr:.1f}",
            f"{100 * m.wins:.1f}%",
            f"{100 * m.wins_stderr:.1f}%",
        )
        for m in result.matches
    ]
    match_columns = ("player", "opponent", "margin $", "± s.e.", "wins", "± s.e.")
    console.print(tournament_table("matches: the first player's margin and games won", match_columns, matches))
    if len(result.players) > 2:
        try:
            print_ratings(console, result.ratings())
        except ValueError as error:
            console.print(f"ratings: none fit ({error})")


@head_to_head_app.command("bet")
@with_runner
def bet(
    position: Annotated[
        Path,
        typer.Argument(metavar="FILE", help="A betting position JSON file (its fields: docs/cli/head-to-head.md)."),
    ],
    policy: Annotated[
        str,
        typer.Option(
            "--policy",
            "-p",
            metavar="POLICY",
            help="Placement policy of both players: greedy, tuned, random, rollout[:N[:BASE]], search[:N[:BASE]] "
            "or ismcts[:N[:BASE]].",
        ),
    ] = "greedy",
    bet_policy: Annotated[
        str,
        typer.Option(
            "--bet-policy",
            metavar="POLICY",
            help="Betting policy of both players: never, random, threshold[:...] or rollout[:N].",
        ),
    ] = "threshold",
    opponent_policy: Annotated[
        str | None,
        typer.Option(
            "--opponent-policy", metavar="POLICY", help="The opponent's placement policy (default: --policy)."
        ),
    ] = None,
    opponent_bet_policy: Annotated[
        str | None,
        typer.Option(
            "--opponent-bet-policy", metavar="POLICY", help="The opponent's betting policy (default: --bet-policy)."
        ),
    ] = None,
    trials: Annotated[
        int,
        typer.Option(
            "--trials", "-n", min=1, callback=check_count, metavar="N", help="Samples of the hidden cards per action."
        ),
    ] = 2_000,
    exact: Annotated[
        bool, typer.Option("--exact", help="Force exact enumeration (last placement of a round).")
    ] = False,
    monte_carlo: Annotated[bool, typer.Option("--monte-carlo", help="Force Monte Carlo.")] = False,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Every legal betting action (no bet or a bet of each size on each open row; facing a
    bet: decline, call, each raise) with your expected stack change to the end of the
    round, best first."""
    from analyzer.cli.run_options import exact_of

    with reported_errors():
        from analyzer.api import head_to_head

        with progress_bar("betting actions", show_progress) as progress:
            result = head_to_head.bet(
                position,
                policy=policy,
                bet_policy=bet_policy,
                opponent_policy=opponent_policy,
                opponent_bet_policy=opponent_bet_policy,
                trials=trials,
                exact=exact_of(exact, monte_carlo),
                seed=seed,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    from rich.table import Table

    if result.run.exact:
        how = f"exact for this play, {plural(result.run.trials, 'ordering')} of the hidden cards"
    else:
        how = f"Monte Carlo, {plural(result.run.trials, 'sample')} per action, seed {result.run.seed}"
    bet_position = result.position
    facing = bet_position.facing
    situation = f"answering the opponent's bet on row {facing + 1}" if facing >= 0 else "your turn to bet"
    table = Table(
        title=f"{bet_position.position.describe()}; {situation}; stacks {bet_position.stacks[0]} v "
        f"{bet_position.stacks[1]}; {result.continuation}; {how}",
        title_justify="left",
    )
    for column in ("action", "row", "amount", "EV $", "± s.e.", "regret", "± s.e. "):
        table.add_column(column, justify="left" if column == "action" else "right")
    for a in result.actions:
        table.add_row(
            a.action,
            "" if a.row is None else str(a.row),
            str(a.amount) if a.amount else "",
            f"{a.ev:+.1f}",
            f"{a.stderr:.1f}",
            f"{a.regret:.1f}",
            f"{a.regret_stderr:.1f}",
        )
    stdout_console().print(table)


@head_to_head_app.command("betting-tables")
@with_runner
def betting_tables(
    study: Annotated[
        list[str] | None,
        typer.Option(
            "--study",
            metavar="STUDY",
            help="Run only this study (repeatable): response_model, threshold_tuning, fresh_card, stack_trajectories, "
            "ratings.",
        ),
    ] = None,
    games: Annotated[
        int,
        typer.Option(
            "--games", min=10, callback=check_count, metavar="N", help="Games per simulated cell or match-up."
        ),
    ] = 4_000,
    rollout_games: Annotated[
        int,
        typer.Option(
            "--rollout-games",
            min=2,
            callback=check_count,
            metavar="N",
            help="Games for the match-up with a rollout bettor.",
        ),
    ] = 100,
    rating_games: Annotated[
        int,
        typer.Option(
            "--rating-games",
            min=2,
            callback=check_count,
            metavar="N",
            help="Paired deals a pair in the rating round robin (ratings; a rollout bettor in it).",
        ),
    ] = 1_000,
    seed: TableSeed = 2026,
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """The exact response model, threshold tuning, the value of a freshly drawn card, stack
    trajectories and the ratings of betting players: tables and charts under
    results/head_to_head/betting/."""
    run_tables(
        "head_to_head.betting_tables",
        {
            "studies": study or None,
            "games": games,
            "rollout_games": rollout_games,
            "rating_games": rating_games,
            "seed": seed,
        },
        out=out,
        force=force,
        runner=runner,
        show_progress=show_progress,
        label="betting studies",
    )


@head_to_head_app.command("tables")
@with_runner
def tables(
    study: Annotated[
        list[str] | None,
        typer.Option(
            "--study",
            metavar="STUDY",
            help="Run only this study (repeatable): round_types, tournament, ratings, ismcts, opening_relations, "
            "block_or_build, policy_regret, type_choice, type_choice_strong.",
        ),
    ] = None,
    rounds: Annotated[
        int,
        typer.Option(
            "--rounds",
            min=10,
            callback=check_count,
            metavar="N",
            help="Rounds per round type, size and policy pairing.",
        ),
    ] = 20_000,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            min=10,
            callback=check_count,
            metavar="N",
            help="Games per tournament seating (no rollout player).",
        ),
    ] = 20_000,
    rollout_games: Annotated[
        int,
        typer.Option(
            "--rollout-games", min=2, callback=check_count, metavar="N", help="Games per seating with a rollout player."
        ),
    ] = 200,
    rating_games: Annotated[
        int,
        typer.Option(
            "--rating-games",
            min=2,
            callback=check_count,
            metavar="N",
            help="Paired deals a pair in the rating round robin (ratings; a search player in it).",
        ),
    ] = 150,
    challenger: Annotated[
        str,
        typer.Option(
            "--challenger", metavar="POLICY", help="The player matched against the search player (ismcts study)."
        ),
    ] = "ismcts",
    challenger_deals: Annotated[
        int,
        typer.Option(
            "--challenger-deals",
            min=2,
            callback=check_count,
            metavar="N",
            help="Paired deals of its die-rolled placement match (ismcts).",
        ),
    ] = 400,
    challenger_betting_deals: Annotated[
        int,
        typer.Option(
            "--challenger-betting-deals",
            min=2,
            callback=check_count,
            metavar="N",
            help="Paired deals of its die-rolled betting-game match (ismcts).",
        ),
    ] = 1_000,
    challenger_open_deals: Annotated[
        int,
        typer.Option(
            "--challenger-open-deals",
            min=2,
            callback=check_count,
            metavar="N",
            help="Paired deals of each of its Open 5 matches (ismcts).",
        ),
    ] = 100,
    cost_positions: Annotated[
        int,
        typer.Option(
            "--cost-positions",
            min=1,
            callback=check_count,
            metavar="N",
            help="Positions each player's CPU per move is timed on (ismcts).",
        ),
    ] = 200,
    positions: Annotated[
        int,
        typer.Option("--positions", min=8, callback=check_count, metavar="N", help="Sampled positions per round type."),
    ] = 400,
    samples: Annotated[
        int,
        typer.Option(
            "--samples", min=2, callback=check_count, metavar="N", help="Rollouts per move at each sampled position."
        ),
    ] = 100,
    strong_policy: Annotated[
        str,
        typer.Option(
            "--strong-policy",
            metavar="POLICY",
            help="Both players of the type choice study under strong play (type_choice_strong).",
        ),
    ] = "search:1024",
    strong_rounds: Annotated[
        int,
        typer.Option(
            "--strong-rounds",
            min=2,
            callback=check_count,
            metavar="N",
            help="Rounds per round and type under strong play (type_choice_strong).",
        ),
    ] = 240,
    seed: TableSeed = 2026,
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Round types, policy tournament and ratings, the ismcts player against the search player,
    the value of a first card by its relation to the common card, block-or-build in Crazy
    rounds, policy regret and the dealer's choice of round type (tuned and strong players):
    tables and charts under results/head_to_head/."""
    run_tables(
        "head_to_head.tables",
        {
            "studies": study or None,
            "rounds": rounds,
            "games": games,
            "rollout_games": rollout_games,
            "rating_games": rating_games,
            "challenger": challenger,
            "challenger_deals": challenger_deals,
            "challenger_betting_deals": challenger_betting_deals,
            "challenger_open_deals": challenger_open_deals,
            "cost_positions": cost_positions,
            "positions": positions,
            "samples": samples,
            "strong_policy": strong_policy,
            "strong_rounds": strong_rounds,
            "seed": seed,
        },
        out=out,
        force=force,
        runner=runner,
        show_progress=show_progress,
        label="head to head studies",
    )
