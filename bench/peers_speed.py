"""The project side by side with OMPEval, the C++ speed anchor, interleaved in one run: hand
evaluation, enumeration of every hand, exact and Monte Carlo Hold'em equity, as speed ratios.

    python bench/peers_speed.py [--peer-dir DIR] [--build-dir DIR] [--hands N] [--rounds N]
                                [--quick] [--only NAME ...] [--json]

**The peer.** OMPEval (C++, ISC licence: github.com/zekyll/OMPEval at commit 4aec210, with two
small fixes gcc 12 needs), two benchmark drivers and a build script, in the folder given with
``--peer-dir``; what it holds and how to get and build it: docs/speed.md, "Getting OMPEval". It
is a benchmark peer only, never a dependency. When that folder and g++ are there, its
``build.sh`` builds the drivers into a temporary folder (or ``--build-dir``); otherwise the
script says on stderr why the peer is skipped and times the project alone.

**The workloads** (``--only`` takes their names), the same inputs on both sides:

* ``eval-1t``, ``eval-2t``: the same ``--hands`` random 7-card hands (10 million, seed 2026),
  written to a file for the peer: ``eval_bench r`` (1 thread) and ``eval_bench R ... 2`` (2
  threads) against the public, validating ``analyzer.eval.evaluate_batch(hands, out=...)`` on 1
  and 2 Numba threads (eight rows at a time in AVX-512 registers where the CPU has them:
  ``analyzer.eval.row_blocks``), and against the project's scalar loop, one hand at a time and
  unchecked, as the peer's driver runs (``make_kernels(STANDARD).evaluate_rows``, 1 thread;
  ``.evaluate_batch``, 2 threads), both writing into a preallocated array. The peer's driver
  builds each hand from its 7 cards too.
* ``all7-checksum``, ``all7-tallies``: every one of the C(52,7) hands, each valued, 1 thread:
  ``analyzer.eval.enumeration.value_checksum`` and ``enumerate_categories`` (subsets of low and
  high ranks joined) against ``eval_bench c`` and ``a`` (incremental, in lexicographic order).
* ``exact-preflop``, ``exact-flop``, ``exact-turn``, ``exact-ranges-flop``: exact equity, 1
  thread, ``pa.holdem.equity(hands, board, exact=True, threads=1)`` (parsing, checks and result
  included) against ``eq_bench enum 1`` (its ranges parsed before its clock starts): AsKs v
  QdQc preflop, on Kh7d2c, on Kh7d2c5s, and AKs v QQ on Kh7d2c. A time per call.
* ``mc-hu-1t`` ... ``mc-ranges-2t``: Monte Carlo, ``pa.holdem.equity(hands, exact=False,
  trials=N, threads=T)`` against ``eq_bench mc T``: AsKs v QdQc (20 million deals), six random
  hands (5 million), QQ+,AKs v 22+,A2s+,KTo+ (10 million), on 1 and 2 threads. Deals per second
  (the peer stops a little past its deal limit; its own count is used).

**Clocks.** One-thread figures are CPU time, as the peer reports it: for the evaluations and
enumerations the project's ``time.thread_time`` (the calling thread does the work, Numba's
parallel kernels too when set to 1 thread) against the peer's thread CPU time (``eval_bench r``,
``a``, ``c``); for equity the project's ``time.process_time`` (the engine runs its chunks on a
pool thread even for 1 thread) against the peer's process CPU time (``eq_bench``, whose main
thread waits for its worker). Two-thread figures are wall time, ``time.perf_counter`` against
the peer's wall clock (``eval_bench R``, ``eq_bench``): what a second thread buys is elapsed time.
The peer prints its seconds to 10 or 100 µs and its rates to 0.01 M/s: a repetition's seconds
come from the finer of the two readings (for an exact flop, its deal count over its rate).

**Rounds.** Every timed call is warm: each project call runs once untimed first (compilation,
caches), and the first repetition printed by every peer process is dropped (page faults, first
allocations). Then, ``--rounds`` times (default 5), every workload runs the project's calls and
then the peer's process, one workload after another, so both sides meet the same load on a
shared machine. A round's figure is the median of its calls (the peer: of its repetitions). The
table gives the median of the rounds' figures on each side and the speed ratio of every round,
min / median / max. **Speed ratio = project speed ÷ peer speed**: rates project / peer, times
peer / project; above 1 the project is faster.

**Checks**, every round, before a figure counts; a failed check stops the run: the two project
paths of an evaluation give the same values and the peer counts as many hands; the category
counts of every 7-card hand equal test vector A.3 of the rules and the peer's; exact equities
agree with the peer's to its printed precision (6 decimals, so to 5e-7: the driver prints no
more), over the same number of deals; Monte Carlo equities agree within 5 standard errors (the
peer's taken as ours scaled by the square root of the deal counts' ratio).

``--quick`` shrinks every count (100,000 hands, Monte Carlo deals a hundredth, fewer calls, 2
rounds; the peer's enumerations cannot shrink) for a smoke run; ``--json`` prints the table as
JSON.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import analyzer as pa
from analyzer.eval import STANDARD, Category, evaluate_batch, make_kernels
from analyzer.eval.enumeration import enumerate_categories, value_checksum
from analyzer.sim.executors import local_workers
from timing import random_hands, spread, with_threads

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PEER_DIR = ROOT.parent / "shared" / "peers" / "ompeval"
SEED = 2026
ALL_SEVEN = math.comb(52, 7)
A3_SEVEN_CARD = (23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848, 41_584)
"""Test vector A.3 of the rules: the best-hand categories of every 7-card hand, high card first."""
EXACT_TOLERANCE = 5e-7 + 1e-12  # the peer prints equities with 6 decimals
MC_SIGMAS = 5
SPEED_RATIO = (
    "speed ratio = project speed ÷ peer speed (rates project/peer, times peer/project): > 1, the project is faster"
)
CHECKED = (
    "Checked every round: evaluations equal on both project paths, category counts equal to A.3 (and the peer's), "
    "exact equities equal to the peer's to its 6 printed decimals, Monte Carlo ones within 5 s.e."
)
FIELD = re.compile(r"(\w+)=([0-9.]+)")
LIST = re.compile(r"(cats|eq):((?: [0-9.]+)+)")


@dataclass(frozen=True)
class Workload:
    """One peer command and the project calls timed against it.

    ``unit``: of its figures. ``threads``: 1 (figures on CPU time) or 2 (wall time). ``calls``:
    timed calls per round, each side. ``project``: label -> one call (its result is checked).
    ``peer``: the driver and its arguments for a number of repetitions. ``count``: the work of one
    call for a rate (hands, deals), from the project's result and from a peer's line; ``None``
    times a call. ``check``: given the workload, the project's results and the peer's lines
    (``None`` without the peer), raises :class:`SystemExit` unless they agree. ``cpu_clock``: the
    project's one-thread clock, ``time.thread_time`` when the calling thread does the work, else
    ``time.process_time``.
    """

    name: str
    label: str
    unit: str
    threads: int
    calls: int
    project: dict[str, Callable[[], object]]
    peer: Callable[[int], list[str]]
    count: tuple[Callable[[object], int], Callable[[dict], int]] | None
    check: Callable[[Workload, dict[str, object], list[dict] | None], None]
    cpu_clock: Callable[[], float] = time.thread_time

    @property
    def clock(self) -> str:
        """The project's clock: the CPU clock on 1 thread, else wall time."""
        if self.threads > 1:
            return "wall"
        return "thread CPU" if self.cpu_clock is time.thread_time else "process CPU"


def peer_line(line: str) -> dict:
    """A driver's output line as a dict: its ``key=number`` fields as floats (and under ``steps``
    the last printed digit's value of each: 0.0001 for ``0.0450``), its ``cats:`` and ``eq:``
    lists as lists of floats."""
    fields: dict = {key: float(value) for key, value in FIELD.findall(line)}
    fields["steps"] = {key: 10.0 ** -len(value.partition(".")[2]) for key, value in FIELD.findall(line)}
    fields.update({key: [float(x) for x in values.split()] for key, values in LIST.findall(line)})
    return fields


def fail(workload: Workload, message: str) -> None:
    """Stop the run: a check of ``workload`` failed."""
    raise SystemExit(f"{workload.name}: {message}")


def equities(result) -> list[float]:
    """Every player's equity in an equity result, in the players' order."""
    return [player.equity for player in result.players]


def equity_call(
    players: tuple[str, ...], board: str | None, threads: int, deals: int | None = None
) -> Callable[[], object]:
    """``pa.holdem.equity`` of some hands on a board: exact, or Monte Carlo over ``deals`` deals
    (seed :data:`SEED`)."""
    if deals is None:
        return lambda: pa.holdem.equity(list(players), board, exact=True, threads=threads)
    return lambda: pa.holdem.equity(list(players), board, exact=False, trials=deals, threads=threads, seed=SEED)


def eq_bench(
    mode: str, threads: int, players: tuple[str, ...], board: str | None, deals: int = 0
) -> Callable[[int], list[str]]:
    """The peer's equity driver on the same question, for a number of repetitions."""
    return lambda reps: ["eq_bench", mode, str(threads), str(reps), board or "-", "-", str(deals), *players]


def workloads(hands: np.ndarray, hands_file: Path, quick: bool) -> list[Workload]:
    """Every workload, sized for a full or a ``--quick`` run."""
    kernels = make_kernels(STANDARD)
    out = np.empty(len(hands), np.int32)
    public_out = np.empty(len(hands), np.int32)  # reused, as the peer's driver reuses its array

    def kernel(run: Callable[[np.ndarray, np.ndarray], None]) -> Callable[[], np.ndarray]:
        def call() -> np.ndarray:
            run(hands, out)
            return out

        return call

    def same_values(w: Workload, project: dict, peer: list[dict] | None) -> None:
        api, raw = project.values()
        if not np.array_equal(api, raw):
            fail(w, "evaluate_batch() and the scalar loop disagree")
        if peer is not None and any(line["n"] != len(hands) for line in peer):
            fail(w, f"the peer evaluated {peer[0]['n']:.0f} hands, not {len(hands)}")

    def categories(w: Workload, project: dict, peer: list[dict] | None) -> None:
        (result,) = project.values()
        counts = tuple(result.category_counts[Category(c)] for c in range(1, 10))
        if counts != A3_SEVEN_CARD or result.category_counts[Category.FIVE_ACES]:
            fail(w, f"category counts {counts} are not test vector A.3 {A3_SEVEN_CARD}")
        if peer is not None and any(tuple(line["cats"]) != counts for line in peer):
            fail(w, f"the peer's category counts {peer[0]['cats']} are not ours {counts}")

    def exact(w: Workload, project: dict, peer: list[dict] | None) -> None:
        (result,) = project.values()
        for line in peer or ():
            gap = max(abs(a - b) for a, b in zip(equities(result), line["eq"]))
            if gap > EXACT_TOLERANCE or line["hands"] != result.run.trials:
                fail(
                    w,
                    f"exact equities {equities(result)} over {result.run.trials} deals, the peer's "
                    f"{line['eq']} over {line['hands']:.0f}",
                )

    def sampled(w: Workload, project: dict, peer: list[dict] | None) -> None:
        (result,) = project.values()
        for line in peer or ():
            scale = math.sqrt(1 + result.run.trials / line["hands"])  # ours and the peer's s.e. combined
            for player, theirs in zip(result.players, line["eq"]):
                if abs(player.equity - theirs) > MC_SIGMAS * scale * player.stderr:
                    fail(w, f"Monte Carlo equities {equities(result)}, the peer's {line['eq']}: over {MC_SIGMAS} s.e.")

    def no_check(w: Workload, project: dict, peer: list[dict] | None) -> None:
        """The checksums are sums over two different value scales: nothing to compare."""

    hands_count = (lambda values: len(values), lambda line: int(line["n"]))
    deals_count = (lambda result: result.run.trials, lambda line: int(line["hands"]))
    found = [
        Workload(
            "eval-1t",
            f"random 7-card ({len(hands):,}), 1 thread",
            "M hands/s",
            1,
            3,
            {
                "evaluate_batch()": with_threads(1, lambda: evaluate_batch(hands, out=public_out)),
                "scalar loop evaluate_rows": kernel(kernels.evaluate_rows),
            },
            lambda reps: ["eval_bench", "r", str(hands_file), str(reps)],
            hands_count,
            same_values,
        ),
        Workload(
            "eval-2t",
            f"random 7-card ({len(hands):,}), 2 threads",
            "M hands/s",
            2,
            3,
            {
                "evaluate_batch()": with_threads(2, lambda: evaluate_batch(hands, out=public_out)),
                "scalar loop evaluate_batch": with_threads(2, kernel(kernels.evaluate_batch)),
            },
            lambda reps: ["eval_bench", "R", str(hands_file), str(reps), "2"],
            hands_count,
            same_values,
        ),
        Workload(
            "all7-checksum",
            "all C(52,7), checksum, 1 thread",
            "M hands/s",
            1,
            1,
            {"value_checksum()": with_threads(1, lambda: value_checksum(STANDARD, 7))},
            lambda reps: ["eval_bench", "c", str(reps)],
            (lambda _: ALL_SEVEN, lambda line: int(line["n"])),
            no_check,
        ),
        Workload(
            "all7-tallies",
            "all C(52,7), category tallies, 1 thread",
            "M hands/s",
            1,
            1,
            {"enumerate_categories()": with_threads(1, lambda: enumerate_categories(STANDARD, 7))},
            lambda reps: ["eval_bench", "a", str(reps)],
            (lambda result: result.total, lambda line: int(line["n"])),
            categories,
        ),
    ]
    for name, players, board, calls in (
        ("exact-preflop", ("AsKs", "QdQc"), None, 10),
        ("exact-flop", ("AsKs", "QdQc"), "Kh7d2c", 50),
        ("exact-turn", ("AsKs", "QdQc"), "Kh7d2c5s", 50),
        ("exact-ranges-flop", ("AKs", "QQ"), "Kh7d2c", 50),
    ):
        found.append(
            Workload(
                name,
                f"exact {' v '.join(players)}{f' on {board}' if board else ' preflop'}, 1 thread",
                "ms per call",
                1,
                3 if quick else calls,
                {"holdem.equity()": equity_call(players, board, threads=1)},
                eq_bench("enum", 1, players, board),
                None,
                exact,
                cpu_clock=time.process_time,
            )
        )
    for name, players, deals in (
        ("mc-hu", ("AsKs", "QdQc"), 20_000_000),
        ("mc-6way", ("random",) * 6, 5_000_000),
        ("mc-ranges", ("QQ+,AKs", "22+,A2s+,KTo+"), 10_000_000),
    ):
        deals //= 100 if quick else 1
        label = "six random hands" if len(players) == 6 else " v ".join(players)
        for threads in (1, 2):
            found.append(
                Workload(
                    f"{name}-{threads}t",
                    f"Monte Carlo {label}, {deals:,} deals, {threads} thread{'s' * (threads > 1)}",
                    "M deals/s",
                    threads,
                    1,
                    {"holdem.equity()": equity_call(players, None, threads, deals)},
                    eq_bench("mc", threads, players, None, deals),
                    deals_count,
                    sampled,
                    cpu_clock=time.process_time,
                )
            )
    return found


def build_peer(peer_dir: Path, build_dir: Path) -> tuple[Path | None, str]:
    """Build the peer's drivers into ``build_dir`` with its ``build.sh``: the folder holding them,
    or ``None`` and why not."""
    script = peer_dir / "build.sh"
    if not script.is_file():
        return None, f"no build script {script} (see --peer-dir)"
    if shutil.which("g++") is None:
        return None, "g++ is not installed"
    done = subprocess.run(["bash", str(script), str(build_dir)], capture_output=True, text=True)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        return None, f"its build failed: {lines[-1] if lines else f'exit {done.returncode}'}"
    return build_dir, f"built from {peer_dir}"


def run_peer(binaries: Path, workload: Workload) -> list[dict]:
    """The peer's repetitions of a workload, one process: ``calls + 1`` repetitions, the first
    dropped (warm-up), the others as :func:`peer_line` dicts."""
    argv = workload.peer(workload.calls + 1)
    done = subprocess.run([str(binaries / argv[0]), *argv[1:]], capture_output=True, text=True)
    lines = [peer_line(line) for line in done.stdout.splitlines() if line.startswith("omp ")]
    if done.returncode != 0 or len(lines) != workload.calls + 1:
        sys.exit(
            f"{workload.name}: the peer's {shlex.join(argv)} failed (exit {done.returncode}): {done.stderr.strip()}"
        )
    return lines[1:]


def project_round(workload: Workload) -> tuple[dict[str, float], dict[str, object]]:
    """Each project call of a workload timed ``calls`` times: the median figure (M per second, or
    ms per call) and the last result, per label."""
    clock = workload.cpu_clock if workload.threads == 1 else time.perf_counter
    figures, results = {}, {}
    for label, call in workload.project.items():
        seconds = []
        for _ in range(workload.calls):
            start = clock()
            result = call()
            seconds.append(clock() - start)
            results[label] = result
        figures[label] = figure(
            workload, workload.count[0](result) if workload.count else 0, statistics.median(seconds)
        )
    return figures, results


def peer_seconds(line: dict, clock: str) -> float:
    """The seconds of one peer repetition on a clock (``cpu`` or ``wall``): the seconds it prints
    (to 10 or 100 µs), or its hand or deal count over the rate it prints for that clock (to
    0.01 M/s) where that has the smaller relative rounding error."""
    seconds, steps = line[clock], line["steps"]
    for key in (f"rate_{clock}", f"{clock}_rate"):
        rate = line.get(key)
        if rate and steps[key] / rate < steps[clock] / max(seconds, steps[clock]):
            return line.get("hands", line.get("n", 0)) / (rate * 1e6)
    return seconds


def peer_figure(workload: Workload, lines: list[dict]) -> float:
    """The median figure of the peer's repetitions, on the workload's clock."""
    clock = "cpu" if workload.threads == 1 else "wall"
    count = workload.count[1] if workload.count else lambda line: 0
    return statistics.median(figure(workload, count(line), peer_seconds(line, clock)) for line in lines)


def figure(workload: Workload, count: int, seconds: float) -> float:
    """Millions of hands or deals per second for a rate, else milliseconds per call."""
    return seconds * 1e3 if workload.count is None else count / seconds / 1e6


def speed_ratio(workload: Workload, project: float, peer: float) -> float:
    """Project speed ÷ peer speed: rates project / peer, times peer / project."""
    return peer / project if workload.count is None else project / peer


def measure(chosen: list[Workload], rounds: int, binaries: Path | None) -> list[dict]:
    """Every workload warmed up, then ``rounds`` rounds of project calls and peer process in
    turn, checked every round: one row per project call."""
    for workload in chosen:
        for call in workload.project.values():
            call()
    project: dict[tuple[str, str], list[float]] = {}
    peer: dict[str, list[float]] = {}
    for _ in range(rounds):
        for workload in chosen:
            figures, results = project_round(workload)
            lines = run_peer(binaries, workload) if binaries else None
            workload.check(workload, results, lines)
            for label, value in figures.items():
                project.setdefault((workload.name, label), []).append(value)
            if lines is not None:
                peer.setdefault(workload.name, []).append(peer_figure(workload, lines))
    rows = []
    for workload in chosen:
        for label in workload.project:
            ours, theirs = project[workload.name, label], peer.get(workload.name)
            rows.append(
                {
                    "workload": workload.name,
                    "label": f"{workload.label}: {label}",
                    "unit": workload.unit,
                    "clock": workload.clock,
                    "project": spread(ours),
                    "peer": spread(theirs) if theirs else None,
                    "speed_ratio": spread([speed_ratio(workload, a, b) for a, b in zip(ours, theirs)])
                    if theirs
                    else None,
                }
            )
    return rows


def print_table(rows: list[dict], rounds: int, peer: str) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"The project against OMPEval (C++), {rounds} rounds interleaved, medians; {SPEED_RATIO}")
    for column in ("workload", "project", "C++ peer", "unit", "clock", "speed ratio", "min-max"):
        table.add_column(column, justify="left" if column == "workload" else "right")
    for row in rows:
        cells = [row["label"], f"{row['project']['median']:,.3f}"]
        if row["peer"] is None:
            cells += ["skipped", row["unit"], row["clock"], "", ""]
        else:
            ratio = row["speed_ratio"]
            cells += [
                f"{row['peer']['median']:,.3f}",
                row["unit"],
                row["clock"],
                f"{ratio['median']:.3g}",
                f"{ratio['min']:.3g}-{ratio['max']:.3g}",
            ]
        table.add_row(*cells)
    table.caption = f"C++ peer: {peer}. {CHECKED}"
    Console(width=170).print(table)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peer-dir", type=Path, default=DEFAULT_PEER_DIR, help="OMPEval's folder (docs/speed.md)")
    parser.add_argument("--build-dir", type=Path, help="build the peer here (default: a temporary folder)")
    parser.add_argument("--hands", type=int, help="random 7-card hands (default 10M, --quick 100,000)")
    parser.add_argument("--rounds", type=int, help="interleaved rounds (default 5, --quick 2)")
    parser.add_argument("--quick", action="store_true", help="every count shrunk: a smoke run of a few seconds")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="only these workloads (named in the description)")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args()
    rounds = args.rounds or (2 if args.quick else 5)
    n = args.hands or (100_000 if args.quick else 10_000_000)
    if rounds < 1 or n < 1:
        parser.error("--rounds and --hands must be at least 1")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as scratch:
        hands = random_hands(n, 7, 52, SEED)
        hands_file = Path(scratch, "hands.u8")
        every = workloads(hands, hands_file, args.quick)
        unknown = set(args.only or ()) - {w.name for w in every}
        if unknown:
            parser.error(f"unknown workloads {sorted(unknown)}; the workloads: {', '.join(w.name for w in every)}")
        chosen = [w for w in every if args.only is None or w.name in args.only]
        binaries, peer = build_peer(args.peer_dir.resolve(), args.build_dir or Path(scratch))
        if binaries is None:
            print(f"C++ peer skipped: {peer}; timing the project alone", file=sys.stderr)
            peer = f"skipped ({peer})"
        hands.astype(np.uint8).tofile(hands_file)
        if local_workers() < 2:
            print("fewer than 2 threads: the 2-thread workloads are left out", file=sys.stderr)
            chosen = [w for w in chosen if w.threads == 1]
        rows = measure(chosen, rounds, binaries)
    wall = time.perf_counter() - start
    if args.json:
        print(json.dumps({"peer": peer, "rounds": rounds, "hands": n, "rows": rows, "wall_seconds": wall}, indent=2))
    else:
        print_table(rows, rounds, peer)
        print(f"{wall:.0f} s wall in all")


if __name__ == "__main__":
    main()
