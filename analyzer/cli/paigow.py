"""``poker-analyzer paigow``: House Way settings, every split's EV, and the house edge."""

from __future__ import annotations

import json
from enum import Enum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from analyzer.cli.commands import App
from analyzer.cli.console import stdout_console
from analyzer.cli.errors import reported_errors
from analyzer.cli.progress import progress_bar
from analyzer.cli.run_options import (
    ChunkSize,
    Exact,
    Json,
    MonteCarlo,
    Seed,
    ShowProgress,
    TargetSE,
    Threads,
    TimeLimit,
    Trials,
    check_count,
    run_settings,
    with_runner,
)
from analyzer.cli.tables import Force, Out, TableSeed, run_tables
from analyzer.text import plural

if TYPE_CHECKING:
    from analyzer.sim.runner import Runner

paigow_app = App(help="Pai Gow Poker: how to set a hand and what the House Way costs.")


class Way(str, Enum):
    """The House Way (``--way``): Foxwoods, or Foxwoods with the Trump Plaza or the improved two-pair rule."""

    foxwoods = "foxwoods"
    trump_plaza = "trump-plaza"
    improved = "improved"


class Strategy(str, Enum):
    """How the player sets in ``paigow edge`` and ``exact-edge``: by the House Way, or the best split of each hand."""

    houseway = "houseway"
    optimal = "optimal"


Cards = Annotated[str, typer.Argument(metavar="HAND", help='Seven cards, the joker allowed: "Ac Kd Kh 7s 5c 3d Jk".')]
WayOption = Annotated[
    Way,
    typer.Option(
        "--way",
        case_sensitive=False,
        help="The House Way: Foxwoods, or its Trump Plaza or improved two-pair rule.",
    ),
]
Commission = Annotated[
    float,
    typer.Option(
        "--commission", min=0.0, max=0.99, metavar="RATE", help="Commission on the player's wins (0 for none)."
    ),
]
Banker = Annotated[bool, typer.Option("--player-banks", help="The player banks: copies go to the player.")]
CacheFolder = Annotated[
    Path | None,
    typer.Option(
        "--cache",
        metavar="DIR",
        help="Folder of the setting tables (616 MB a way) and checkpoints [default: ~/.cache/poker-analyzer].",
    ),
]


@paigow_app.command("houseway")
def houseway(cards: Cards, way: WayOption = Way.foxwoods, as_json: Json = False) -> None:
    """The House Way setting of a hand and the rule that decided it."""
    with reported_errors():
        from analyzer.api import paigow

        setting = paigow.house_way(cards, way=way.value)
    if as_json:
        print(json.dumps(setting.to_dict()))
        return
    console = stdout_console()
    console.print(f"front  {setting.front:<16} {setting.front_name}")
    console.print(f"back   {setting.back:<16} {setting.back_name}")
    console.print(f"rule   {setting.rule} ({way.value})")


@paigow_app.command("split")
@with_runner
def split(
    cards: Cards,
    way: WayOption = Way.foxwoods,
    exact: Exact = False,
    monte_carlo: MonteCarlo = False,
    trials: Trials = None,
    target_se: TargetSE = None,
    time_limit: TimeLimit = None,
    seed: Seed = None,
    chunk_size: ChunkSize = 1 << 16,
    commission: Commission = 0.05,
    player_banks: Banker = False,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Every legal split's P(win), P(push), P(loss) and EV against a House-Way dealer, best first:
    exact over all 53,524,680 dealer hands (--exact, a fifth of a second on one core), or Monte Carlo with
    the same dealer hands for every split."""
    with reported_errors():
        from analyzer.api import paigow

        settings = run_settings(exact, monte_carlo, trials, target_se, time_limit, seed, chunk_size)
        with progress_bar("pai gow splits", show_progress) as progress:
            result = paigow.split(
                cards,
                way=way.value,
                commission=commission,
                player_banks=player_banks,
                **settings,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    from rich.table import Table

    run = result.run
    how = "exact, every dealer hand" if run.exact else f"Monte Carlo, seed {run.seed}, chunk size {run.chunk_size:,}"
    table = Table(
        title=f"{result.cards}: {plural(run.trials, 'dealer hand')} ({how}; {run.elapsed:.2f} s)", title_justify="left"
    )
    for column in ("front", "back", "win", "push", "loss", "EV", "± s.e.", ""):
        table.add_column(column, justify="left" if column in ("front", "back", "") else "right")
    for s in result.splits:
        table.add_row(
            s.setting.front,
            s.setting.back,
            f"{100 * s.win:.3f}%",
            f"{100 * s.push:.3f}%",
            f"{100 * s.loss:.3f}%",
            f"{s.ev:+.5f}",
            "exact" if run.exact else f"{s.stderr:.5f}",
            "House Way" if s.house_way else "",
        )
    console = stdout_console()
    console.print(table)
    console.print(f"House Way ({result.way}): {result.rule}")


@paigow_app.command("edge")
@with_runner
def edge(
    strategy: Annotated[
        Strategy,
        typer.Option(
            "--strategy",
            case_sensitive=False,
            help="How the player sets: the House Way, or the best split per hand.",
        ),
    ] = Strategy.houseway,
    way: WayOption = Way.foxwoods,
    trials: Trials = None,
    target_se: TargetSE = None,
    time_limit: TimeLimit = None,
    seed: Seed = None,
    commission: Commission = 0.05,
    player_banks: Banker = False,
    inner_trials: Annotated[
        int,
        typer.Option(
            "--inner-trials",
            min=1,
            callback=check_count,
            metavar="N",
            help="optimal: dealer hands that estimate each hand's best split.",
        ),
    ] = 2_000,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """The player's EV per unit bet over random deals against a House-Way dealer (the house edge is its negative)."""
    with reported_errors():
        from analyzer.api import paigow

        with progress_bar("pai gow edge", show_progress) as progress:
            result = paigow.edge(
                strategy=strategy.value,
                way=way.value,
                trials=trials,
                target_se=target_se,
                time_limit=time_limit,
                seed=seed,
                commission=commission,
                player_banks=player_banks,
                inner_trials=inner_trials,
                runner=runner.reporting(progress),
            )
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    console = stdout_console()
    console.print(f"player sets by: {strategy.value} (dealer: House Way, {way.value})")
    console.print(
        f"EV {100 * result.ev:+.3f}% ± {100 * result.stderr:.3f}% per unit bet   (house edge {-100 * result.ev:.3f}%)"
    )
    console.print(result.outcome_text())
    if result.gain_over_house_way is not None and result.gain_stderr is not None and result.inner_trials is not None:
        console.print(
            f"gain over the House Way on the same deals: {100 * result.gain_over_house_way:+.3f}% "
            f"± {100 * result.gain_stderr:.3f}% "
            f"(best split chosen on {plural(result.inner_trials, 'other dealer hand')})"
        )
    run = result.run
    console.print(
        f"{plural(run.trials, 'deal')}, seed {run.seed}, chunk size {run.chunk_size:,}, "
        f"stopped by {run.stopped_by.replace('_', ' ')}, {run.elapsed:.1f} s"
    )


@paigow_app.command("exact-edge")
def exact_edge(
    way: WayOption = Way.foxwoods,
    strategy: Annotated[
        Strategy,
        typer.Option(
            "--strategy",
            case_sensitive=False,
            help="How the player sets: the House Way, or the split of best exact EV on every hand "
            "(about 3 minutes and 2.4 GB on 2 threads; the dealer banks).",
        ),
    ] = Strategy.houseway,
    commission: Commission = 0.05,
    player_banks: Banker = False,
    cache: CacheFolder = None,
    threads: Threads = None,
    as_json: Json = False,
    show_progress: ShowProgress = None,
) -> None:
    """The exact EV over all 8,250,459,031,214,400 deals against a House-Way dealer, the player setting by the
    House Way (minutes on 2 cores) or by the best split of each hand: resumed if interrupted."""
    with reported_errors():
        if strategy is Strategy.optimal:
            if player_banks:
                raise typer.BadParameter("--strategy optimal counts the dealer banking: drop --player-banks")
            _optimal_edge(way.value, commission, cache, threads, as_json, show_progress)
            return
        from analyzer.api import paigow

        with progress_bar("pai gow exact edge", show_progress, long_run=True) as progress:
            result = paigow.exact_edge(
                way=way.value,
                commission=commission,
                player_banks=player_banks,
                cache=cache,
                threads=threads,
                progress=progress,
            )
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    console = stdout_console()
    d = result.deals
    console.print(f"House Way ({way.value}) against House Way, exact over {d:,} deals")
    console.print(f"EV {100 * result.ev:+.5f}% per unit bet   (house edge {100 * result.house_edge:.5f}%)")
    for name, count in (
        ("win", result.player_wins),
        ("push", result.pushes),
        ("loss", result.player_losses),
        ("high-hand copy", result.high_copies),
        ("low-hand copy", result.low_copies),
    ):
        console.print(f"{name:<14} {count:>26,}  {100 * count / d:.5f}%")
    console.print(f"{result.run.elapsed:.1f} s")


def _optimal_edge(way: str, commission: float, cache, threads, as_json: bool, show_progress) -> None:
    """``exact-edge --strategy optimal``: the best split of every hand, and the House Way's."""
    from analyzer.api import paigow

    with progress_bar("pai gow optimal edge", show_progress, long_run=True) as progress:
        result = paigow.optimal_edge(way=way, commission=commission, cache=cache, threads=threads, progress=progress)
    if as_json:
        print(json.dumps(result.to_dict()))
        return
    console = stdout_console()
    console.print(f"The best split of every hand against a House-Way dealer ({way}), exact over every deal")
    for row in result.rows():
        console.print(
            f"{row['strategy']:<10} EV {100 * row['ev']:+.5f}%   win {100 * row['win']:.4f}%  "
            f"push {100 * row['push']:.4f}%  loss {100 * row['loss']:.4f}%"
        )
    console.print(
        f"gain {100 * result.gain:.5f}% per unit bet; {result.improved_hands:,} hands have a better split "
        f"than the House Way's; {result.run.elapsed:.1f} s"
    )


@paigow_app.command("tables")
@with_runner
def tables(
    hands: Annotated[
        int,
        typer.Option(
            "--hands", min=10, callback=check_count, metavar="N", help="Random hands for the House Way deviation study."
        ),
    ] = 4_000,
    dealer_hands: Annotated[
        int,
        typer.Option(
            "--dealer-hands", min=100, callback=check_count, metavar="N", help="Dealer hands per sample for each hand."
        ),
    ] = 20_000,
    edge_trials: Annotated[
        int,
        typer.Option(
            "--edge-trials", min=1000, callback=check_count, metavar="N", help="Deals for each House Way house edge."
        ),
    ] = 20_000_000,
    optimal_trials: Annotated[
        int,
        typer.Option(
            "--optimal-trials", min=100, callback=check_count, metavar="N", help="Deals for the best-split house edge."
        ),
    ] = 100_000,
    seed: TableSeed = 2026,
    out: Out = Path("results"),
    force: Force = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """The house edge by strategy, and where the House Way is wrong: tables and charts under results/paigow/."""
    run_tables(
        "paigow.tables",
        {
            "edge_trials": edge_trials,
            "optimal_trials": optimal_trials,
            "hands": hands,
            "dealer_hands": dealer_hands,
            "seed": seed,
        },
        out=out,
        force=force,
        runner=runner,
        show_progress=show_progress,
        label="pai gow tables",
    )
