"""Start-up: whole-process wall time, CPU time and peak memory of short queries, against the interpreter floor.

Each workload is one whole process: the floor ``python -c "import numba, numpy"``, a second
reference that also creates Numba's CPU target and runtime (what loading the first cached kernel
needs in every process: the least a query that runs a kernel can cost; warm mode only),
``poker-analyzer --help``, ten short queries (``eval``, ``holdem equity``, ``paigow houseway``,
``draw odds``, ``h2h place``, ``h2h bet``, ``saint decide``, ``saint play``, ``whist bid``,
``mousel advise``, each with small trial counts and a seed, as a user would run them) and
``warmup`` (every game compiled, in one process per core). A process's wall time is taken around
its spawn and wait (``time.perf_counter``); its CPU time is its user + system time and its memory
its peak resident set (``ru_maxrss``), both from the rusage ``os.wait4`` returns for it, so they
count the process and any children it waited for (``warmup``'s workers), from interpreter start
to exit. Wall time follows the machine's load: the load average (``os.getloadavg``) is reported
with every mode. The commands run with the Python that runs this script,
through the console script's entry point (``analyzer.cli.main:run``), with this checkout first on
``PYTHONPATH``, so the benchmark measures the code it sits in. Every command must exit 0 (the
benchmark stops with its stderr otherwise); what it prints is captured, never shown. Unix only
(``os.posix_spawn``, ``os.wait4``).

The workloads run round-robin (floor, every command, floor, every command, ...), ``--rounds``
rounds, so every row of a table meets the same load; a row reports the min, median and max
over its rounds and the medians' ratios to the floor's. Modes (``--mode``):

* ``warm``: Numba's cache already filled (the environment's cache, as a user has it): every
  workload first runs untimed until a run compiles nothing (at most 3 runs; the JSON counts
  them). Default 5 rounds.
* ``cold``: an empty Numba cache: every timed run gets a fresh, empty ``NUMBA_CACHE_DIR``, so
  every kernel it needs is compiled (Python's bytecode caches stay). The table counts the cache
  files each run wrote. Default 1 round: a cold query costs from seconds to minutes.
* ``second``: whether the cache stays warm: in a fresh cache every command runs three times;
  the table shows the three processes' CPU time and the kernels whose cache files the second
  and the third process added or rewrote (the JSON lists the files). Any there means a later
  process recompiled a kernel an earlier one had compiled already. Default 1 round.
* ``all``: the three in turn.

The project's targets are shown beside the medians, met or not: warm ``eval``, ``holdem
equity`` and ``paigow houseway`` at most 1.5x the floor's CPU time and 1.3x its memory (issue
18); cold ``eval`` and ``holdem equity`` at most 5 CPU-s, every other cold query at most 30
CPU-s (issue 18), and every cold query at most 8 s wall and a cold ``warmup`` at most 120 s wall
(issue 50, on 2 cores); the second and third processes compile nothing. The cold and second modes also warn (and list in
the JSON) any Numba cache file written into the source tree meanwhile: Numba ignoring
``NUMBA_CACHE_DIR``, or another process compiling in the checkout. The last line gives the
wall time of the whole run and the load average at its start.

    python bench/startup.py [--mode warm|cold|second|all] [--rounds N] [--only NAME ...] [--json]
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shlex
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from analyzer.api.examples import LAST_BET, SAINT  # the positions of h2h-bet and saint-decide
from timing import spread

ROOT = Path(__file__).resolve().parent.parent
ENTRY_POINT = "import sys; from analyzer.cli.main import run; sys.exit(run())"  # what the console script runs
FLOOR = "floor"
JIT_FLOOR = "jit-floor"
"""A second reference: Numba imported and its CPU target and runtime created the project's way
(the console script's fast start, ``analyzer.jit.start``: the runtime's helpers loaded from the
cache), which loading the first cached kernel needs in every process: the floor of a command
that runs a kernel."""
NOTEBOOK = "api-holdem-equity"
"""A notebook's query: ``pa.holdem.equity`` in a plain Python process, without the console
script's fast start (``import analyzer`` switches nothing on)."""
REFERENCES = {
    FLOOR: "import numba, numpy",
    JIT_FLOOR: "import numba, numpy; import analyzer.jit as jit; jit.enable_fast_start(); jit.start()",
    NOTEBOOK: "import analyzer as pa; pa.holdem.equity(['AsKs', 'QdQc'])",
}
POSITION_FILES = {"{position}": ("position.json", SAINT), "{betting}": ("betting.json", LAST_BET)}
"""Placeholders of a command line -> the file that replaces them and what it holds: the Saint
Poker position of ``saint-decide``, the Head to Head betting position of ``h2h-bet``."""
WARMUP = "warmup"
COMMANDS: dict[str, tuple[str, ...]] = {
    "help": ("--help",),
    "eval": ("eval", "As Ks Qs Js Ts 2c 3d"),
    "holdem-equity": ("holdem", "equity", "AsKs", "QdQc"),
    "paigow-houseway": ("paigow", "houseway", "Tc Td 6h 6s Ac 3d 2h"),
    "draw-odds": ("draw", "odds", "Jc Jd 8h 5s 2c", "--discard", "8h 5s 2c"),
    "h2h-place": ("h2h", "place", "--round", "1", "--type", "draw1", "--common", "7s Kd 2h", "--cards", "Ah",
                  "--trials", "1000", "--seed", "1"),
    "h2h-bet": ("h2h", "bet", "{betting}", "--trials", "200", "--seed", "1"),
    "saint-decide": ("saint", "decide", "{position}", "--trials", "200", "--seed", "1"),
    "saint-play": ("saint", "play", "--players", "4", "--policies", "greedy,save,random,greedy", "--games", "100",
                   "--seed", "1"),
    "whist-bid": ("whist", "bid", "As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c", "--trials", "2000", "--seed", "1"),
    "mousel-advise": ("mousel", "advise", "Kh Qh 9c 4d", "--trump", "7h", "--players", "4", "--trials", "2000",
                      "--seed", "1"),
    WARMUP: (WARMUP, "--no-progress"),
}  # fmt: skip
"""The queries by name (``--only``): the arguments after ``poker-analyzer``."""
DEFAULT_ROUNDS = {"warm": 5, "cold": 1, "second": 1}
MODES = tuple(DEFAULT_ROUNDS)
WARM_TARGETS = {"eval", "holdem-equity", "paigow-houseway"}
WARM_CPU_TARGET, WARM_MEMORY_TARGET = 1.5, 1.3  # times the floor's
COLD_TARGETS = {"eval": 5.0, "holdem-equity": 5.0}  # CPU-s
COLD_TARGET = 30.0  # CPU-s, any other query
COLD_WALL_TARGET = 8.0  # s wall, any query (issue 50, 2 cores)
WARMUP_WALL_TARGET = 120.0  # s wall, a cold warmup of every game (issue 50, 2 cores)
WARM_UP_RUNS = 3  # at most, before the timed warm runs
MAXRSS_UNIT = 1 if sys.platform == "darwin" else 1024  # bytes per ru_maxrss unit
CACHE_SUFFIXES = (".nbi", ".nbc")
CACHE_FILE = re.compile(
    r"(?P<folder>.+)/(?P<module>[^/.]+)\.(?:.+\.)?(?P<name>[^.]+)-(?P<line>\d+)\.py\d+(?:\.[a-z-]+)?(?:\.\d+)?\.nb[ic]"
)
HASHED_FOLDER = re.compile(r"_[0-9a-f]{40}(?=[/\\])")  # Numba's folder per source folder: name_sha1


@dataclass(frozen=True)
class Run:
    """One whole process: wall seconds, user + system CPU seconds and peak resident MiB."""

    wall: float
    cpu: float
    mib: float


def write_positions(folder: Path) -> None:
    """Write the position files of the command lines (:data:`POSITION_FILES`) into ``folder``."""
    for file, position in POSITION_FILES.values():
        Path(folder, file).write_text(json.dumps(position), encoding="utf-8")


def command_line(name: str, folder: Path) -> list[str]:
    """The process of a workload: the floor, or a query through the console script's entry
    point, its position files read from ``folder``."""
    if name in REFERENCES:
        return [sys.executable, "-c", REFERENCES[name]]
    args = [str(folder / POSITION_FILES[arg][0]) if arg in POSITION_FILES else arg for arg in COMMANDS[name]]
    return [sys.executable, "-c", ENTRY_POINT, *args]


def shown(name: str) -> str:
    """A workload as a user would type it."""
    if name == FLOOR:
        return 'python -c "import numba, numpy"'
    if name == JIT_FLOOR:
        return "the same, and Numba's CPU target and runtime created"
    if name == NOTEBOOK:
        return "python -c \"import analyzer as pa; pa.holdem.equity(['AsKs', 'QdQc'])\""
    args = [POSITION_FILES[arg][0] if arg in POSITION_FILES else arg for arg in COMMANDS[name]]
    return shlex.join(["poker-analyzer", *args])


def run(name: str, folder: Path, cache: Path | None = None) -> Run:
    """Run a workload to its end, its output captured and its stdin empty, in the environment
    with this checkout first on ``PYTHONPATH``, Python's bytecode cache on (as it is by
    default: the floor's libraries come compiled, and so do ours after their first run), and
    ``NUMBA_CACHE_DIR`` set to ``cache`` if given, its position files read from ``folder``;
    stop with the last line of its stderr unless it exits 0."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH")))))
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # a user's Python caches the bytecode of our modules
    if cache is not None:
        env["NUMBA_CACHE_DIR"] = str(cache)
    argv = command_line(name, folder)
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        redirect = [
            (os.POSIX_SPAWN_OPEN, 0, os.devnull, os.O_RDONLY, 0),
            (os.POSIX_SPAWN_DUP2, out.fileno(), 1),
            (os.POSIX_SPAWN_DUP2, err.fileno(), 2),
        ]
        start = time.perf_counter()
        _, status, usage = os.wait4(os.posix_spawn(argv[0], argv, env, file_actions=redirect), 0)
        wall = time.perf_counter() - start
        code = os.waitstatus_to_exitcode(status)
        if code != 0:
            err.seek(0)
            lines = err.read().decode(errors="replace").strip().splitlines()
            sys.exit(f"{shown(name)} exited with {code}: {lines[-1] if lines else 'nothing on stderr'}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * MAXRSS_UNIT / 2**20)


def cache_files(folder: Path) -> dict[str, tuple[int, int]]:
    """The Numba cache files under ``folder``: path relative to it -> (size, modification time)."""
    found = {}
    for path in folder.rglob("*"):
        if path.suffix in CACHE_SUFFIXES:
            stat = path.stat()
            found[str(path.relative_to(folder))] = (stat.st_size, stat.st_mtime_ns)
    return found


def kernel_file(relative: str) -> str:
    """A cache file's path under ``NUMBA_CACHE_DIR`` without the hash of the source folder's
    path that Numba appends to the folder's name (``eval_3f9c.../x.nbi`` becomes ``eval/x.nbi``)."""
    return HASHED_FOLDER.sub("", relative, count=1)


def kernels(files: list[str]) -> str:
    """The kernels of some cache files, each once, as ``name (folder/module.py:line)``, from
        Numba's file names (``folder/module.qualified.name-line.py311[.tag][.n].nbi|nbc``, the tag that
    of the project's cache, ``analyzer.jit.kernel_cache``); ``none`` if
        there are none."""
    found = []
    for file in files:
        match = CACHE_FILE.fullmatch(file)
        name = f"{match['name']} ({match['folder']}/{match['module']}.py:{match['line']})" if match else file
        if name not in found:
            found.append(name)
    return ", ".join(found) or "none"


def changed(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]]) -> list[str]:
    """The cache files added or rewritten between two listings."""
    return sorted(kernel_file(name) for name, stamp in after.items() if before.get(name) != stamp)


@contextlib.contextmanager
def source_tree_watch() -> Iterator[list[str]]:
    """The cache files written into the source tree while the block runs (a list filled when it
    ends). Any there mean Numba ignored ``NUMBA_CACHE_DIR`` and the runs were not cold, unless
    another process (a test suite, say) compiled in this checkout meanwhile: reported, with a
    warning, rather than judged."""
    before = cache_files(ROOT / "analyzer")
    written: list[str] = []
    yield written
    written += changed(before, cache_files(ROOT / "analyzer"))
    if written:
        print(
            f"warning: {len(written)} cache files were written into the source tree meanwhile ({written[0]}, ...): "
            "Numba ignored NUMBA_CACHE_DIR, or another process compiled in this checkout",
            file=sys.stderr,
        )


def target(
    mode: str, name: str, wall: dict[str, float], cpu: dict[str, float], mib: dict[str, float], floor: Run
) -> tuple[str | None, bool | None]:
    """The issues' target for a workload in a mode, and whether its medians meet it (None, None
    where the issues set none)."""
    if mode == "warm" and name in WARM_TARGETS:
        met = cpu["median"] <= WARM_CPU_TARGET * floor.cpu and mib["median"] <= WARM_MEMORY_TARGET * floor.mib
        return f"≤ {WARM_CPU_TARGET}x CPU, ≤ {WARM_MEMORY_TARGET}x MiB", met
    if mode == "cold" and name == WARMUP:
        return f"≤ {WARMUP_WALL_TARGET:g} s wall", wall["median"] <= WARMUP_WALL_TARGET
    if mode == "cold" and name not in REFERENCES:
        limit = COLD_TARGETS.get(name, COLD_TARGET)
        met = wall["median"] <= COLD_WALL_TARGET and cpu["median"] <= limit
        return f"≤ {COLD_WALL_TARGET:g} s wall, ≤ {limit:g} CPU-s", met
    return None, None


def warm_up(name: str, folder: Path) -> int:
    """Run a workload untimed until a run writes nothing to Numba's cache (the environment's
    ``NUMBA_CACHE_DIR``, else the source tree), at most :data:`WARM_UP_RUNS` times, since a
    second process may still compile; the runs made."""
    cache = Path(os.environ.get("NUMBA_CACHE_DIR") or ROOT / "analyzer")
    for runs in range(1, WARM_UP_RUNS + 1):
        before = cache_files(cache)
        run(name, folder)
        if cache_files(cache) == before:
            return runs
    return WARM_UP_RUNS


def measure(mode: str, names: list[str], rounds: int, folder: Path) -> list[dict]:
    """Warm or cold rows: every workload run ``rounds`` times round-robin (warm after
    :func:`warm_up`, whose runs are counted; cold each time in a fresh, empty cache, whose files
    are counted)."""
    runs: dict[str, list[Run]] = {name: [] for name in names}
    files: dict[str, list[int]] = {name: [] for name in names}
    warm_up_runs = {name: warm_up(name, folder) for name in names} if mode == "warm" else {}
    for _ in range(rounds):
        for name in names:
            if mode == "warm":
                runs[name].append(run(name, folder))
                continue
            with tempfile.TemporaryDirectory() as cache:
                runs[name].append(run(name, folder, Path(cache)))
                files[name].append(len(cache_files(Path(cache))))
    floor = Run(*(statistics.median(getattr(r, field) for r in runs[FLOOR]) for field in ("wall", "cpu", "mib")))
    rows = []
    for name in names:
        wall, cpu, mib = (spread([getattr(r, field) for r in runs[name]]) for field in ("wall", "cpu", "mib"))
        goal, met = target(mode, name, wall, cpu, mib, floor)
        row = {
            "name": name,
            "command": shown(name),
            "wall_s": wall,
            "cpu_s": cpu,
            "mib": mib,
            "cpu_x_floor": cpu["median"] / floor.cpu,
            "mib_x_floor": mib["median"] / floor.mib,
            "target": goal,
            "met": met,
        }
        if mode == "warm":
            row["warm_up_runs"] = warm_up_runs[name]
        else:
            row["cache_files"] = statistics.median(files[name])
        rows.append(row)
    return rows


def second_processes(names: list[str], rounds: int, folder: Path) -> list[dict]:
    """Second-process rows: per round, each command (round-robin) runs three times in one fresh
    cache; the CPU time of each process (medians over the rounds) and the cache files the second
    and the third process added or rewrote (over all rounds)."""
    cpu: dict[str, list[list[float]]] = {name: [[], [], []] for name in names}
    rewritten: dict[str, list[set[str]]] = {name: [set(), set()] for name in names}
    for _ in range(rounds):
        for name in names:
            with tempfile.TemporaryDirectory() as cache:
                listing: dict[str, tuple[int, int]] = {}
                for process in range(3):
                    cpu[name][process].append(run(name, folder, Path(cache)).cpu)
                    now = cache_files(Path(cache))
                    if process:
                        rewritten[name][process - 1] |= set(changed(listing, now))
                    listing = now
    return [
        {
            "name": name,
            "command": shown(name),
            "cpu_s": dict(zip(("first", "second", "third"), map(statistics.median, cpu[name]))),
            "rewritten_by_second": sorted(rewritten[name][0]),
            "rewritten_by_third": sorted(rewritten[name][1]),
            "target": "compiles nothing",
            "met": not any(rewritten[name]),
        }
        for name in names
    ]


def met_text(met: bool | None) -> str:
    return "" if met is None else "yes" if met else "NO"


def load_text(load: list[float]) -> str:
    """The 1, 5 and 15 minute load averages."""
    return ", ".join(f"{value:.2f}" for value in load)


def print_tables(results: dict[str, dict], wall: float, start_load: list[float]) -> None:
    """The results as rich tables, one per mode, and the run's wall time."""
    from rich.console import Console
    from rich.table import Table

    console = Console(width=190)
    for mode, result in results.items():
        rounds_text = f"{result['rounds']} round{'s' * (result['rounds'] != 1)}"
        load = load_text(result["load_average"])
        if mode == "second":
            title = (
                f"Start-up, second process: three processes in one fresh cache ({rounds_text}, medians; "
                f"load average {load} at the end)"
            )
            table = Table(title=title)
            for column in ("command", "1st CPU-s", "2nd CPU-s", "3rd CPU-s", "kernels the 2nd compiled", "the 3rd"):
                table.add_column(column, justify="right" if "CPU" in column else "left")
            table.add_column("met")
            for row in result["rows"]:
                table.add_row(
                    row["command"],
                    *(f"{row['cpu_s'][k]:.2f}" for k in ("first", "second", "third")),
                    kernels(row["rewritten_by_second"]),
                    kernels(row["rewritten_by_third"]),
                    met_text(row["met"]),
                )
            console.print(table)
            continue
        how = "the cache warmed first" if mode == "warm" else "each in an empty Numba cache"
        title = f"Start-up, {mode}: whole processes, {rounds_text} interleaved, {how} (load average {load} at the end)"
        table = Table(title=title)
        columns = ["command", "wall s", "min-max", "CPU-s", "min-max", "x floor", "MiB", "min-max", "x floor"]
        columns += ["cache files"] if mode == "cold" else []
        for column in [*columns, "target", "met"]:
            table.add_column(column, justify="left" if column in ("command", "target", "met") else "right")
        for row in result["rows"]:
            walls = row["wall_s"]
            cells = [row["command"], f"{walls['median']:.2f}", f"{walls['min']:.2f}-{walls['max']:.2f}"]
            for key, ratio in (("cpu_s", "cpu_x_floor"), ("mib", "mib_x_floor")):
                values = row[key]
                cells += [f"{values['median']:.2f}", f"{values['min']:.2f}-{values['max']:.2f}", f"{row[ratio]:.2f}"]
            cells += [f"{row['cache_files']:g}"] if mode == "cold" else []
            table.add_row(*cells, row["target"] or "", met_text(row["met"]))
        console.print(table)
    console.print(f"{wall:.0f} s wall in all; load average at the start {load_text(start_load)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", choices=(*MODES, "all"), default="warm")
    parser.add_argument("--rounds", type=int, help="rounds of every mode (default: warm 5, cold 1, second 1)")
    parser.add_argument(
        "--only", nargs="+", choices=COMMANDS, metavar="NAME", help=f"only these: {', '.join(COMMANDS)}"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of tables")
    args = parser.parse_args()
    if args.rounds is not None and args.rounds < 1:
        parser.error("--rounds must be at least 1")
    commands = list(dict.fromkeys(args.only or COMMANDS))
    start = time.perf_counter()
    start_load = list(os.getloadavg())
    results = {}
    with tempfile.TemporaryDirectory() as folder:
        write_positions(Path(folder))
        for mode in MODES if args.mode == "all" else (args.mode,):
            rounds = args.rounds or DEFAULT_ROUNDS[mode]
            if mode == "warm":
                rows = measure(mode, [FLOOR, JIT_FLOOR, NOTEBOOK, *commands], rounds, Path(folder))
            else:
                with source_tree_watch() as tree_written:
                    rows = (
                        measure(mode, [FLOOR, *commands], rounds, Path(folder))
                        if mode == "cold"
                        else second_processes(commands, rounds, Path(folder))
                    )
            results[mode] = {"rounds": rounds, "rows": rows, "load_average": list(os.getloadavg())}
            if mode != "warm":
                results[mode]["source_tree_written"] = tree_written
    wall = time.perf_counter() - start
    if args.json:
        print(json.dumps({"modes": results, "wall_seconds": wall, "load_average": start_load}, indent=2))
    else:
        print_tables(results, wall, start_load)


if __name__ == "__main__":
    main()
