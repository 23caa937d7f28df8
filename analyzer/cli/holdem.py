"""``poker-analyzer holdem``: Texas Hold'em equity, and equity on every flop or turn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from analyzer.cli.commands import App
from analyzer.cli.equity_output import print_equity
from analyzer.cli.errors import reported_errors
from analyzer.cli.hits_output import print_hits
from analyzer.cli.output_files import CHART_SUFFIXES, OutputFile, checked_output, save_chart
from analyzer.cli.progress import progress_bar
from analyzer.cli.run_options import (
    ForceChart,
    Json,
    ShowProgress,
    Yes,
    check_seed,
    confirmed,
    run_settings,
    with_run_options,
    with_runner,
)
from analyzer.cli.street_output import OUT_SUFFIXES, ChartKind, Kind, print_streets, save_streets

holdem_app = App(
    help="Texas Hold'em: equity of hands and ranges, on every flop or turn; what a range hits on a flop; "
    "push/fold and ICM."
)


@holdem_app.command("equity")
@with_run_options
@with_runner
def equity(
    ranges: Annotated[
        list[str], typer.Argument(metavar="RANGE", help='2 to 10 hands or ranges, e.g. "AsKs" "QQ+, AKs" random.')
    ],
    board: Annotated[str, typer.Option("--board", "-b", metavar="CARDS", help="0, 3, 4 or 5 board cards.")] = "",
    dead: Annotated[str, typer.Option("--dead", "-d", metavar="CARDS", help="Cards known to be out of play.")] = "",
    categories: Annotated[
        bool, typer.Option("--categories", help="Also the final-hand category distribution.")
    ] = False,
    breakdown: Annotated[
        bool, typer.Option("--breakdown", help="Also each range's equity combo by combo, best first.")
    ] = False,
    by_class: Annotated[
        bool, typer.Option("--by-class", help="With --breakdown: one row per hand class (AKs, QQ), not per combo.")
    ] = False,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    settings: dict | None = None,
    *,
    runner: Runner,
) -> None:
    """Equity (win + tie shares) of every hand or range at showdown: exact when that is quicker
    than the requested precision, else Monte Carlo with standard errors."""
    assert settings is not None  # with_run_options always passes it
    with reported_errors():
        if by_class and not breakdown:
            raise typer.BadParameter("--by-class groups the rows of --breakdown: add --breakdown")
        from analyzer.api import holdem

        with progress_bar("hold'em equity", show_progress) as progress:
            result = holdem.equity(
                ranges,
                board,
                dead,
                categories=categories,
                breakdown=breakdown,
                **run_settings(**settings),
                runner=runner.reporting(progress),
            )
    print_equity(result, as_json, by_class=by_class)


Hands = Annotated[
    list[str], typer.Argument(metavar="RANGE", help='2 to 10 hands or ranges, e.g. "AsKs" "QdQc" or "QQ+, AKs" "JJ-".')
]
Dead = Annotated[str, typer.Option("--dead", "-d", metavar="CARDS", help="Cards known to be out of play.")]
Distinct = Annotated[
    bool, typer.Option("--distinct", help="One row per suit class of boards (with its size), not every board.")
]
Out = Annotated[
    Path | None, typer.Option("--out", "-o", metavar="FILE", help="Write every board to FILE (.csv or .json).")
]
Chart = Annotated[
    Path | None,
    typer.Option(
        "--chart", metavar="FILE", help="Draw player 1's equity by board to FILE (.png), as --chart-kind says."
    ),
]
Force = Annotated[bool, typer.Option("--force", help="Replace --out and --chart files that exist.")]


@holdem_app.command("flops")
@with_runner
def flops(
    hands: Hands,
    dead: Dead = "",
    distinct: Distinct = False,
    out: Out = None,
    chart: Chart = None,
    chart_kind: ChartKind = Kind.sorted,
    force: Force = False,
    yes: Yes = False,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Exact equity of hands or ranges on every flop, each completed over every turn and river
    (with ranges, each flop weighted by its probability): the mean (the preflop equity),
    quantiles, how often player 1 is ahead, the best and worst flops."""
    with reported_errors():
        from analyzer.api import holdem

        files = checked_files(out, chart, force)
        with progress_bar("hold'em flops", show_progress) as progress, confirmed(yes):
            result = holdem.flops(hands, dead, distinct=distinct, runner=runner.reporting(progress))
        print_streets(result, as_json)
        save_streets(result, *files, as_json, chart_kind)


@holdem_app.command("turns")
@with_runner
def turns(
    hands: Hands,
    board: Annotated[str, typer.Option("--board", "-b", metavar="CARDS", help="The flop: 3 cards.")],
    dead: Dead = "",
    distinct: Distinct = False,
    out: Out = None,
    chart: Chart = None,
    chart_kind: ChartKind = Kind.sorted,
    force: Force = False,
    yes: Yes = False,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """Exact equity of hands or ranges on every turn card after a flop, each completed over every
    river (with ranges, each turn weighted by its probability): the mean (the equity on the
    flop), quantiles, the best and worst turns."""
    with reported_errors():
        from analyzer.api import holdem

        files = checked_files(out, chart, force)
        with progress_bar("hold'em turns", show_progress) as progress, confirmed(yes):
            result = holdem.turns(hands, board, dead, distinct=distinct, runner=runner.reporting(progress))
        print_streets(result, as_json)
        save_streets(result, *files, as_json, chart_kind)


@holdem_app.command("hits")
@with_runner
def hits(
    hand_range: Annotated[str, typer.Argument(metavar="RANGE", help='One range, e.g. "QQ+, AKs, 76s" or random.')],
    board: Annotated[
        str,
        typer.Option("--board", "-b", metavar="CARDS", help="The flop (3 cards) or turn (4); none: every flop."),
    ] = "",
    dead: Dead = "",
    chart: Annotated[
        Path | None, typer.Option("--chart", metavar="FILE", help="Draw the share of every row to FILE (.png).")
    ] = None,
    force: ForceChart = False,
    combos: Annotated[
        bool, typer.Option("--combos", help="Also the combos of every row, as range text (needs --board).")
    ] = False,
    filter_rows: Annotated[
        str,
        typer.Option(
            "--filter",
            metavar="ROWS",
            help='Print the range of the combos making these rows, e.g. "top pair+, flush draw" (needs --board).',
        ),
    ] = "",
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """What a range makes and draws to on a flop or turn, or on every flop, exactly: the share of
    its combos making each hand (by category and strength: set, overpair, top pair ...) and each
    draw (flush draw, open-ender, gutshot, backdoors, overcards). On a board, --combos lists each
    row's combos and --filter prints the range of the combos making some rows (a made hand or
    category with + for it and every stronger one), which holdem equity takes as it is."""
    with reported_errors():
        for option, given in (("--combos", combos), ("--filter", filter_rows)):
            if given and not board.strip():
                raise typer.BadParameter(
                    f"{option} works on a flop or a turn (a combo has no one row on every flop): give --board"
                )
        from analyzer.api import holdem
        from analyzer.ranges import EmptyRangeError

        chart_file = checked_output(chart, CHART_SUFFIXES, "--chart", force)
        with progress_bar("hold'em hits", show_progress) as progress:
            result = holdem.hits(hand_range, board, dead, runner=runner.reporting(progress))
        filtered = None
        if filter_rows:
            try:
                filtered = result.filter(filter_rows)
            except EmptyRangeError:
                raise
            except ValueError as err:  # a name that is no row: a usage error
                raise typer.BadParameter(f"--filter: {err}") from None
        print_hits(result, as_json, combos=combos, filtered=filtered, names=filter_rows)
        save_chart(result, chart_file, as_json)


MAX_PUSH_FOLD_STACK = 100.0  # bb: push/fold is solved up to this stack (analyzer.games.holdem.push_fold)


def checked_stack(value: float, option: str, ante: float) -> None:
    """A usage error (exit 2) naming ``option`` unless ``1 + ante < value <= 100`` and the
    ante is 0 or more."""
    if ante < 0:
        raise typer.BadParameter(f"--ante {ante:g}: must be 0 or more big blinds")
    if not 1 + ante < value <= MAX_PUSH_FOLD_STACK:
        raise typer.BadParameter(
            f"{option} {value:g}: must be more than the big blind and ante ({1 + ante:g} bb) "
            f"and at most {MAX_PUSH_FOLD_STACK:g} bb"
        )


Ante = Annotated[float, typer.Option("--ante", metavar="BB", help="Each player's ante, in big blinds.")]


@holdem_app.command("push-fold")
def push_fold(
    stack: Annotated[
        float, typer.Option("--stack", "-s", metavar="BB", help="The effective stack in big blinds, blinds included.")
    ],
    ante: Ante = 0.0,
    as_json: Json = False,
) -> None:
    """Heads-up push/fold Nash equilibrium (chip EV, blinds 0.5 and 1): the small blind's pushing
    range, the big blind's calling range, and how far each is from a best response (the
    exploitability, in big blinds per hand)."""
    with reported_errors():
        checked_stack(stack, "--stack", ante)
        from analyzer.api import holdem

        result = holdem.push_fold(stack=stack, ante=ante)
        if as_json:
            print(json.dumps(result.to_dict()))
            return
        game = f"{stack:g} bb effective" + (f", ante {ante:g}" if ante else "")
        print(f"Heads-up push/fold Nash, {game} (blinds 0.5/1, chip EV)")
        for who, hand_range in (("SB push", result.push), ("BB call", result.call)):
            print(f"  {who} ({100 * hand_range.share:.1f}% of hands): {hand_range.canonical()}")
        print(f"  SB value {result.value:+.4f} bb per hand")
        print(
            f"  exploitability {result.exploitability:.1e} bb per hand "
            f"(SB best-response gain {result.sb_gain:.1e}, BB {result.bb_gain:.1e}; "
            f"{result.iterations} CFR+ iterations)"
        )


@holdem_app.command("push-fold-chart")
@with_runner
def push_fold_chart(
    max_stack: Annotated[
        float, typer.Option("--max-stack", metavar="BB", help="The chart's largest stack (its 20+).")
    ] = 20.0,
    step: Annotated[float, typer.Option("--step", metavar="BB", help="The grid's step in big blinds.")] = 0.1,
    ante: Ante = 0.0,
    chart: Annotated[
        Path | None,
        typer.Option("--chart", metavar="FILE", help="Draw the pusher's 13x13 chart to FILE (.png)."),
    ] = None,
    force: ForceChart = False,
    as_json: Json = False,
    show_progress: ShowProgress = None,
    *,
    runner: Runner,
) -> None:
    """The heads-up push/fold chart: per class, the largest stack at which the small blind pushes
    it and the big blind calls, solved at every stack of the grid, with the classes whose
    pushing stacks have gaps."""
    with reported_errors():
        checked_stack(max_stack, "--max-stack", ante)
        if not 0 < step <= max_stack - 1 - ante:
            raise typer.BadParameter(f"--step {step:g}: must be more than 0 and fit below --max-stack")
        from analyzer.api import holdem

        chart_file = checked_output(chart, CHART_SUFFIXES, "--chart", force)
        with progress_bar("push/fold chart", show_progress) as progress:
            result = holdem.push_fold_chart(
                max_stack=max_stack, step=step, ante=ante, runner=runner.reporting(progress)
            )
        if as_json:
            print(json.dumps(result.to_dict()))
        else:
            data = result.to_dict()
            print(f"{'class':6} {'push':>6} {'call':>6}  pushing stacks with gaps")
            for name in data["push"]:
                gaps = ", ".join(
                    f"{result.stack_text(lo)}-{result.stack_text(hi)}" for lo, hi in result.gaps.get(name, [])
                )
                print(f"{name:6} {data['push'][name]:>6} {data['call'][name]:>6}  {gaps}".rstrip())
            print(f"largest exploitability {result.exploitability:.1e} bb per hand")
        save_chart(result, chart_file, as_json)


@holdem_app.command("icm")
def icm(
    stacks: Annotated[
        list[str], typer.Option("--stacks", metavar="CHIPS", help='Each player\'s chips: "5000 3000 2000".')
    ],
    payouts: Annotated[
        list[str], typer.Option("--payouts", metavar="PRIZE", help='The prizes of 1st, 2nd ...: "65 35".')
    ],
    as_json: Json = False,
) -> None:
    """Tournament equity of each stack under the payouts (Malmuth-Harville ICM, exact): --stacks
    "5000 3000 2000" --payouts "65 35" (numbers separated by spaces or commas, or the option
    given once per number)."""
    with reported_errors():
        from analyzer.api import holdem

        result = holdem.icm(_numbers(stacks, "--stacks"), _numbers(payouts, "--payouts"))
        if as_json:
            print(json.dumps(result.to_dict()))
            return
        print("ICM (Malmuth-Harville, exact)")
        for i, (chips, equity, share) in enumerate(zip(result.stacks, result.equities, result.shares)):
            print(f"  player {i + 1}  stack {chips:g}  equity {equity:.4f}  ({100 * share:.2f}% of the prize pool)")


@holdem_app.command("icm-push-fold")
def icm_push_fold(
    stacks: Annotated[
        list[str],
        typer.Option(
            "--stacks", metavar="BB", help='Button, small blind and big blind stacks in big blinds: "10 8 12".'
        ),
    ],
    payouts: Annotated[
        list[str], typer.Option("--payouts", metavar="PRIZE", help='The prizes of 1st, 2nd, 3rd: "50 30 20".')
    ],
    ante: Ante = 0.0,
    deals: Annotated[
        int,
        typer.Option(
            "--deals", min=1_000, max=20_000_000, metavar="N", help="Monte Carlo deals the game is played on."
        ),
    ] = 2_000_000,
    seed: Annotated[int, typer.Option("--seed", callback=check_seed, metavar="SEED", help="Seed of the deals.")] = 2026,
    as_json: Json = False,
) -> None:
    """Three-handed push/fold Nash under ICM (button, small blind, big blind; push or fold, then
    call or fold, over-calls included): each decision's range, the players' tournament equities
    and the exploitability in prize-pool percent: --stacks "10 10 10" --payouts "50 30 20" (numbers
    separated by spaces or commas, or the option given once per number)."""
    with reported_errors():
        stack_bb, prizes = _numbers(stacks, "--stacks"), _numbers(payouts, "--payouts")
        if len(stack_bb) != 3:
            raise typer.BadParameter(f"--stacks: {len(stack_bb)} given; give the button's, small blind's, big blind's")
        for value in stack_bb:
            checked_stack(value, "--stacks", ante)
        from analyzer.api import holdem

        result = holdem.icm_push_fold(stack_bb, prizes, ante=ante, deals=deals, seed=seed)
        if as_json:
            print(json.dumps(result.to_dict()))
            return
        game = ", ".join(f"{name} {value:g}" for name, value in zip(("BTN", "SB", "BB"), stack_bb))
        print(f"Three-handed push/fold Nash under ICM: {game} bb" + (f", ante {ante:g}" if ante else ""))
        print(f"  payouts {', '.join(f'{p:g}' for p in result.payouts)}; {result.deals:,} deals, seed {result.seed}")
        for name, hand_range in result.ranges.items():
            text = hand_range.canonical() if hand_range is not None else "none"
            share = 100 * hand_range.share if hand_range is not None else 0.0
            print(f"  {name} ({share:.1f}%): {text}")
        for who, equity, error in zip(("BTN", "SB", "BB"), result.equities, result.standard_errors):
            print(f"  {who} equity {100 * equity:.3f}% ± {100 * error:.3f}% of the prize pool")
        print(
            f"  exploitability {100 * result.exploitability:.4f}% of the prize pool in the game on these deals "
            f"({result.iterations} CFR+ iterations)"
        )


def checked_files(out: Path | None, chart: Path | None, force: bool) -> tuple[OutputFile | None, OutputFile | None]:
    """``--out`` and ``--chart``, checked before the run (:func:`analyzer.cli.output_files.checked_output`)."""
    if out is not None and chart is not None and out.resolve() == chart.resolve():
        raise typer.BadParameter("--out and --chart name the same file")
    return (
        checked_output(out, OUT_SUFFIXES, "--out", force),
        checked_output(chart, CHART_SUFFIXES, "--chart", force),
    )


from analyzer.cli.tables import holdem_heads_up_matrix, holdem_preflop_table  # noqa: E402

if TYPE_CHECKING:
    from analyzer.sim.runner import Runner

holdem_app.command("preflop-table")(holdem_preflop_table)
holdem_app.command("heads-up-matrix")(holdem_heads_up_matrix)


def _numbers(texts: list[str], option: str) -> list[float]:
    """The numbers an option lists: each value given may hold several, separated by spaces or
    commas (``--stacks "10 8 12"``, ``--stacks 10,8,12`` or ``--stacks 10 --stacks 8 ...``)."""
    numbers = []
    for word in (word for text in texts for word in text.replace(",", " ").split()):
        try:
            numbers.append(float(word))
        except ValueError:
            raise typer.BadParameter(f"{option}: {word!r} is not a number") from None
    if not numbers:
        raise typer.BadParameter(f"{option}: no numbers given")
    return numbers
