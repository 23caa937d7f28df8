"""``poker-analyzer mousel``: go along, exchange and declare advice, and the threshold tables."""

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

mousel_app = App(help="Mousel (3-8 players): go along, exchange, declare.")


@mousel_app.command("advise")
@with_runner
def advise_command(
    hand: Annotated[str, typer.Argument(metavar="HAND", help='Your 4 cards, e.g. "Ah Kh 7c 2d".')],
    trump: Annotated[str, typer.Option("--trump", "-t", metavar="CARD", help="The turned-up trump card.")],
    players: Annotated[int, typer.Option("--players", "-k", metavar="N", help="Players at the table, 3 to 8.")],
    seat: Annotated[
        int, typer.Option("--seat", min=0, metavar="SEAT", help="Your seat: 0 forehand ... players-1 dealer.")
    ] = 0,
    pot: Annotated[
        float, typer.Option("--pot", min=0, metavar="CHIPS", help="Chips already in the pot from earlier deals.")
    ] = 0.0,
    stake: Annotated[float, typer.Option("--stake", metavar="CHIPS", help="M-9: the stake to go along.")] = 1.0,
    deck: Annotated[
        int, typer.Option("--deck", metavar="SIZE", help="M-1: 52, or 32 (7 to A, at most 6 players).")
    ] = 52,
    used: Annotated[
        str, typer.Option("--used", metavar="CARDS", help="M-2 continuation: cards used by earlier deals of the pack.")
    ] = "",
    fail_mode: Annotated[
        str, typer.Option("--fail-mode", metavar="RULE", help="M-4: payout (the pot is paid per trick) or keep.")
    ] = "payout",
    single: Annotated[
        str, typer.Option("--single", metavar="RULE", help="M-8: one player goes along: void or takes_pot.")
    ] = "void",
    others: Annotated[
        str,
        typer.Option(
            "--others",
            metavar="THRESHOLDS",
            help="The other players' thresholds along,declare,keep on the strength scale (docs/cli/mousel.md).",
        ),
    ] = "0.7,1.6,0.3",
    play: Annotated[
        str,
        typer.Option(
            "--play", metavar="POLICY", help="Card play: heuristic, exact (alpha-beta over the dealt hands) or random."
        ),
    ] = "heuristic",
    trials: Annotated[
        int,
        typer.Option(
            "--trials", "-n", min=1, callback=check_count, metavar="N", help="Random deals of the unseen cards."
        ),
    ] = 20_000,
    top: Annotated[int, typer.Option("--top", min=1, metavar="N", help="Options shown (all with --json).")] = 12,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Fold, or go along with each exchange plan and declare or pass: expected value and
    chips, P(declare) and P(make), best first."""
    with reported_errors():
        from analyzer.api import mousel

        with progress_bar("deals", show_progress) as progress:
            advice = mousel.advise(
                hand,
                trump,
                players,
                seat=seat,
                pot=pot,
                used=used,
                rules={
                    "deck": deck,
                    "fail_mode": fail_mode.lower(),
                    "single_participant": single.lower(),
                    "stake": stake,
                },
                others=others,
                play=play.lower(),
                trials=trials,
                seed=seed,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(advice.to_dict()))
        return
    from rich.table import Table

    table = Table(
        title=f"{advice.hand}, trump {advice.trump}; {plural(players, 'player')}, seat {seat}, pot {pot:g}; "
        f"{advice.play} play; {plural(advice.run.trials, 'deal')} (Monte Carlo, seed {advice.run.seed})",
        title_justify="left",
    )
    for column in ("option", "value", "± s.e.", "chips", "± s.e.", "P(declare)", "P(make)", "± s.e."):
        table.add_column(column, justify="left" if column == "option" else "right")
    for o in advice.options[:top]:
        make = "-" if o.p_make != o.p_make else f"{100 * o.p_make:.1f}%"
        make_se = "-" if o.p_make != o.p_make else f"{100 * o.p_make_stderr:.1f}%"
        table.add_row(
            o.option,
            f"{o.value:+.3f}",
            f"{o.value_stderr:.3f}",
            f"{o.chips:+.3f}",
            f"{o.chips_stderr:.3f}",
            f"{100 * o.p_declare:.1f}%",
            make,
            make_se,
        )
    console = stdout_console()
    console.print(table)
    console.print(f"best: {advice.best.option} ({'go along' if advice.go_along else 'fold'})")


@mousel_app.command("play")
@with_runner
def play_command(
    players: Annotated[int, typer.Option("--players", "-k", metavar="N", help="Players, 3 to 8.")] = 4,
    thresholds: Annotated[
        str,
        typer.Option(
            "--thresholds",
            metavar="THRESHOLDS",
            help="Each player's along,declare,keep; players separated by ';' and cycled.",
        ),
    ] = "1.3,1.6,0.3;0.7,1.6,0.3",
    deals: Annotated[
        int, typer.Option("--deals", min=1, callback=check_count, metavar="N", help="Deals per session.")
    ] = 40,
    sessions: Annotated[
        int, typer.Option("--sessions", "-n", min=1, callback=check_count, metavar="N", help="Sessions to simulate.")
    ] = 2_000,
    continuation: Annotated[
        bool, typer.Option("--continuation", help="M-2: deals follow on from the same pack.")
    ] = False,
    stake: Annotated[float, typer.Option("--stake", metavar="CHIPS", help="M-9: the stake to go along.")] = 1.0,
    deck: Annotated[
        int, typer.Option("--deck", metavar="SIZE", help="M-1: 52, or 32 (7 to A, at most 6 players).")
    ] = 52,
    fail_mode: Annotated[str, typer.Option("--fail-mode", metavar="RULE", help="M-4: payout or keep.")] = "payout",
    single: Annotated[
        str, typer.Option("--single", metavar="RULE", help="M-8: one player goes along: void or takes_pot.")
    ] = "void",
    play: Annotated[
        str, typer.Option("--play", metavar="POLICY", help="Card play: heuristic, exact or random.")
    ] = "heuristic",
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Sessions of successive deals (the pot carried on, the deal passing round) between
    baseline players with their own thresholds: each player's chips per deal."""
    with reported_errors():
        from analyzer.api import mousel

        rules = {
            "deck": deck,
            "pack_mode": "continuation" if continuation else "single",
            "fail_mode": fail_mode.lower(),
            "single_participant": single.lower(),
            "stake": stake,
        }
        with progress_bar("sessions", show_progress) as progress:
            stats = mousel.play(
                players,
                thresholds,
                deals=deals,
                sessions=sessions,
                rules=rules,
                play=play.lower(),
                seed=seed,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(stats.to_dict()))
        return
    from rich.table import Table

    table = Table(
        title=f"{plural(stats.run.trials, 'session')} of {plural(deals, 'deal')}, {plural(players, 'player')} "
        f"(seed {stats.run.seed})",
        title_justify="left",
    )
    for column in ("player", "along", "declare", "keep", "chips per deal", "± s.e."):
        table.add_column(column, justify="right")
    for p, (style, chips, se) in enumerate(zip(stats.thresholds, stats.chips_per_deal, stats.chips_per_deal_stderr)):
        table.add_row(str(p), *(f"{x:g}" for x in style), f"{chips:+.4f}", f"{se:.4f}")
    console = stdout_console()
    console.print(table)
    shares = stats.shares
    console.print(
        f"deals played {100 * shares['games']:.1f}%, redealt {100 * shares['redeals']:.1f}%, void "
        f"{100 * shares['void']:.1f}%; declarer made {100 * shares['declarer_made']:.1f}%"
    )


@mousel_app.command("tables")
@with_runner
def tables_command(
    deals: Annotated[
        int,
        typer.Option(
            "--deals", "-n", min=100, callback=check_count, metavar="N", help="Random deals per player count and pot."
        ),
    ] = 400_000,
    play: Annotated[
        str, typer.Option("--play", metavar="POLICY", help="Card play: heuristic, or exact (slow with many players).")
    ] = "heuristic",
    deck: Annotated[int, typer.Option("--deck", metavar="SIZE", help="M-1: 52, or 32 (then 3 to 6 players).")] = 52,
    sessions: Annotated[
        int,
        typer.Option(
            "--sessions", min=10, callback=check_count, metavar="N", help="Sessions per cell of the long-run study."
        ),
    ] = 2_000,
    session_deals: Annotated[
        int, typer.Option("--session-deals", min=1, callback=check_count, metavar="N", help="Deals per session.")
    ] = 40,
    seed: TableSeed = 2026,
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Going along and declaring thresholds by players (3-8), carried pot and hand
    strength (results/mousel/thresholds/); one player's thresholds against the baseline
    over sessions of successive deals (results/mousel/sessions/)."""
    run_tables(
        "mousel.tables",
        {
            "deals": deals,
            "play": play.lower(),
            "deck": deck,
            "sessions": sessions,
            "session_deals": session_deals,
            "seed": seed,
        },
        out=out,
        force=force,
        runner=runner,
        show_progress=show_progress,
        label="mousel tables",
    )
