"""``poker-analyzer whist``: the odds and expected chips of each Whist bid, and the bidding tables."""

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

whist_app = App(help="Whist, Danish partner-ace variant: which bid a hand can make.")

CallOwnAce = Annotated[
    bool,
    typer.Option("--call-own-ace/--no-call-own-ace", help="W-2: may the bidder call an ace he holds (and play alone)?"),
]
CalledAceRule = Annotated[
    str,
    typer.Option(
        "--called-ace-rule",
        metavar="RULE",
        help="W-3: when_led (the ace falls when its suit is first led) or lead_only.",
    ),
]
PassAce = Annotated[str, typer.Option("--pass-ace", metavar="RULE", help="W-7: the ace in the pass game, high or low.")]


def whist_rules(call_own_ace: bool, called_ace_rule: str, pass_ace: str, joiners: bool = True) -> dict:
    """The rule settings ``pa.whist`` takes from the house-rule options W-2, W-3 and W-7 (the rule
    names in any case); ``joiners=False`` is W-4's "nobody may join a Solo-nolo"."""
    return {
        "call_own_ace": call_own_ace,
        "called_ace_rule": called_ace_rule.lower(),
        "pass_ace": pass_ace.lower(),
        "max_solo_joiners": 1 if joiners else 0,
    }


@whist_app.command("bid")
@with_runner
def bid_command(
    hand: Annotated[
        str, typer.Argument(metavar="HAND", help='Your 13 cards, e.g. "As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c".')
    ],
    seat: Annotated[
        int,
        typer.Option("--seat", min=0, max=3, metavar="SEAT", help="Your seat: 0 forehand (leads first) ... 3 dealer."),
    ] = 0,
    policy: Annotated[
        str,
        typer.Option(
            "--policy",
            "-p",
            metavar="POLICY",
            help="Card play of every seat: heuristic or random (or four, comma-separated).",
        ),
    ] = "heuristic",
    trials: Annotated[
        int,
        typer.Option(
            "--trials", "-n", min=1, callback=check_count, metavar="N", help="Random deals of the other hands."
        ),
    ] = 20_000,
    call_own_ace: CallOwnAce = False,
    called_ace_rule: CalledAceRule = "when_led",
    pass_ace: PassAce = "high",
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Every bid open to the hand with P(make), expected chips and the bidder side's tricks,
    best expected chips first (Monte Carlo over the other hands, common random numbers)."""
    with reported_errors():
        from analyzer.api import whist

        with progress_bar("deals", show_progress) as progress:
            report = whist.bid(
                hand,
                seat=seat,
                rules=whist_rules(call_own_ace, called_ace_rule, pass_ace),
                policy=policy,
                trials=trials,
                seed=seed,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(report.to_dict()))
        return
    from rich.table import Table

    table = Table(
        title=f"{report.hand}; seat {seat}; {report.policy} play; {plural(report.run.trials, 'deal')} "
        f"(Monte Carlo, seed {report.run.seed})",
        title_justify="left",
    )
    for column in ("bid", "P(make)", "± s.e.", "chips", "± s.e.", "side tricks", "± s.e."):
        table.add_column(column, justify="left" if column == "bid" else "right")
    for b in report.bids:
        table.add_row(
            b.bid,
            f"{100 * b.p_make:.1f}%",
            f"{100 * b.p_make_stderr:.1f}%",
            f"{b.chips:+.2f}",
            f"{b.chips_stderr:.2f}",
            f"{b.tricks:.2f}",
            f"{b.tricks_stderr:.2f}",
        )
    stdout_console().print(table)
    stdout_console().print("pass: the pass game as if all passed (P(make) = fewest tricks, ties included)")


@whist_app.command("tables")
@with_runner
def tables_command(
    deals: Annotated[
        int,
        typer.Option(
            "--deals",
            "-n",
            min=100,
            callback=check_count,
            metavar="N",
            help="Random deals (each plays every contract).",
        ),
    ] = 400_000,
    game_deals: Annotated[
        int, typer.Option("--game-deals", min=100, callback=check_count, metavar="N", help="Whole deals with bidding.")
    ] = 200_000,
    policy: Annotated[
        str, typer.Option("--policy", "-p", metavar="POLICY", help="Card play of every seat: heuristic or random.")
    ] = "heuristic",
    call_own_ace: CallOwnAce = False,
    called_ace_rule: CalledAceRule = "when_led",
    pass_ace: PassAce = "high",
    seed: TableSeed = 2026,
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """P(make) and expected chips of each contract by the bidder's aces, high-card points,
    longest suit and called-suit length, and a bidding chart (results/whist/bidding/); whole
    deals with bidding (results/whist/auction/)."""
    run_tables(
        "whist.tables",
        {
            "deals": deals,
            "game_deals": game_deals,
            "policy": policy,
            "seed": seed,
            "call_own_ace": call_own_ace,
            "called_ace_rule": called_ace_rule.lower(),
            "pass_ace": pass_ace.lower(),
        },
        out=out,
        force=force,
        runner=runner,
        show_progress=show_progress,
        label="whist deals",
    )


@whist_app.command("play")
@with_runner
def play_command(
    deals: Annotated[
        int, typer.Option("--deals", "-n", min=1, callback=check_count, metavar="N", help="Whole deals to simulate.")
    ] = 100_000,
    table_deals: Annotated[
        int,
        typer.Option(
            "--table-deals", min=1_000, metavar="N", help="Deals behind the bidders' table of expected chips."
        ),
    ] = 400_000,
    policy: Annotated[
        str, typer.Option("--policy", "-p", metavar="POLICY", help="Card play of every seat: heuristic or random.")
    ] = "heuristic",
    call_own_ace: CallOwnAce = False,
    called_ace_rule: CalledAceRule = "when_led",
    pass_ace: PassAce = "high",
    no_joiners: Annotated[bool, typer.Option("--no-joiners", help="W-4: nobody may join a Solo-nolo.")] = False,
    seed: Seed = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Whole deals with bidding (every seat a table bidder, docs/cli/whist.md): how often each contract
    is played and made, and each seat's expected chips."""
    with reported_errors():
        from analyzer.api import whist

        with progress_bar("deals", show_progress) as progress:
            stats = whist.play(
                deals=deals,
                table_deals=table_deals,
                policy=policy,
                rules=whist_rules(call_own_ace, called_ace_rule, pass_ace, joiners=not no_joiners),
                seed=seed,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(stats.to_dict()))
        return
    from rich.table import Table

    console = stdout_console()
    table = Table(
        title=f"{plural(stats.run.trials, 'deal')} with bidding (seed {stats.run.seed}); Solo-nolo joined in "
        f"{100 * stats.joined:.2f}% ± {100 * stats.joined_stderr:.2f}% of deals",
        title_justify="left",
    )
    for column in ("contract", "share", "± s.e.", "P(made)", "± s.e."):
        table.add_column(column, justify="left" if column == "contract" else "right")
    for name, row in stats.contracts.items():
        played = row["p_made"] == row["p_made"]  # NaN for the pass game and a contract never played
        made = (f"{100 * row['p_made']:.1f}%", f"{100 * row['p_made_stderr']:.1f}%") if played else ("-", "-")
        table.add_row(name, f"{100 * row['share']:.2f}%", f"{100 * row['share_stderr']:.2f}%", *made)
    console.print(table)
    if stats.table_coverage < 0.99:
        console.print(
            f"note: the bidders' table covers {100 * stats.table_coverage:.1f}% of hands (the others "
            f"always pass); raise --table-deals"
        )
    console.print(
        "chips per deal by seat (0 = forehand): "
        + "  ".join(f"{s['seat']}: {s['chips']:+.3f} ± {s['chips_stderr']:.3f}" for s in stats.seats)
    )
