"""Fuzzing every command in-process: whatever the command line and the files it names, the run
ends with exit code 0, 1 or 2, no exception but ``SystemExit`` escapes, nothing prints a
traceback, and a failure is exactly one line ``error: ...`` of at most a few hundred characters.

Each example picks a command of the walked command tree (every command, none left out) and builds
its command line from hypothesis strategies: each argument and option is left out, given a small
valid value, or given a hostile one (zero, negative, huge, ``nan``, ``inf``, ``1e400``, empty,
unicode, a lone surrogate as a non-UTF-8 argument decodes to, 5,000 characters, a wrong type);
flags are on or off; options are sometimes repeated, and an unknown option is sometimes added.
Position files (``head-to-head place|bet``, ``saint-poker decide``) and batch specs are written
from a valid base with fields replaced by any JSON/TOML value (deeply nested ones included),
removed or added, or replaced whole (text that is no JSON/TOML, bytes that are no UTF-8, a
100,000-deep array).

What keeps the runs fast, and what it leaves to other tests:

* valid counts are small (``--trials 20`` ...), ``--no-progress`` is passed where it is taken, and
  the working folder is a temporary one, so ``--out`` and its default ``results`` are there;
* ``--yes`` is never passed and ``--scheduler`` gets only hostile values: a forced exact run of
  any size, or a Dask cluster, is no fuzz case (their guards are tested in ``test_run_bounds.py``
  and ``test_dask.py``);
* the tables commands and ``batch`` run everything up to the study itself (option checks,
  ``--out``, the spec models, the registry binding the study's parameters); the study function
  is replaced by a stub of its signature that returns no results, since a committed table
  takes minutes (the studies' own plan checks are tested in ``test_input_models.py``);
* ``warmup`` parses its games and options, but compiles nothing (its worker pool is stubbed;
  ``test_startup.py`` runs it for real);
* ``ui`` parses its options and binds its port, but serves nothing and opens no browser (its
  serving loop and the browser are stubbed; ``test_ui_http.py`` runs it for real);
* ``paigow exact-edge`` parses and checks its options, but counts nothing: the count over every
  deal (a 616 MB table and minutes), with either strategy, is a stub that checks the way and the
  threads as the real one does and returns made-up counts (``test_paigow_exact.py`` runs the
  House Way's for real, and the best split's on reduced decks).
"""

from __future__ import annotations

import functools
import io
import json
import math
import re
import sys
import time
import webbrowser
from pathlib import Path

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import analyzer.cli.warmup
import analyzer.games.paigow.exact_edge
import analyzer.games.paigow.optimal_edge
import analyzer.ui.server
from analyzer.cli.main import app
from analyzer.games.paigow.exact_edge import ExactEdgeResult
from analyzer.games.paigow.houseway import way_number
from analyzer.games.paigow.optimal_edge import OptimalEdgeResult
from analyzer.sim.facts import RunFacts
from analyzer.studies.registry import Study
from conftest import run_main
from positions import LAST_BET, PLACE, SAINT

MAX_LINE = 410  # "error: " and a message of at most analyzer.cli.errors.MAX_MESSAGE characters


def command_paths(command, path=()):
    """Every leaf command under ``command`` with its path (the hidden short aliases are the same)."""
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        if not sub.hidden:
            if hasattr(sub, "commands"):
                yield from command_paths(sub, (*path, name))
            else:
                yield (*path, name), sub


COMMANDS = dict(command_paths(typer.main.get_command(app)))

# --- values

HOSTILE = st.sampled_from(
    [
        "0",
        "-1",
        "-0",
        "1.5",
        "100.5",
        "nan",
        "-nan",
        "inf",
        "-inf",
        "1e400",
        "1e30",
        "99999999999999999999",
        "-99999999999999999999",
        "0x10",
        "",
        " ",
        "x",
        "true",
        "[]",
        "{}",
        "null",
        "Jk",
        "AsAs",
        "QQ+,",
        "ÀÉ✓🂡",
        "\udcff",  # a byte that is no UTF-8, as Python decodes it from the command line
        "-",
        "--",
        "A" * 5000,
        "1" * 400,
        "/dev/null",
        "/proc/x",
        "tcp://",
    ]
)

# Small valid values by option (or argument) name; a name missing here is only left out (its
# default) or hostile. Per-command names win over the shared ones.
VALID = {
    "--trials": ["20", "50"],
    "--seed": ["1", "7", "2026"],
    "--threads": ["1", "2"],
    "--target-se": ["0.05", "0.2"],
    "--time-limit": ["0.2", "1"],
    "--chunk-size": ["100", "1000"],
    "--games": ["2", "4"],
    "--rollout-games": ["2"],
    "--rounds": ["2"],
    "--positions": ["1", "2"],
    "--samples": ["2"],
    "--strong-rounds": ["2"],
    "--strong-policy": ["search:2", "tuned"],
    "--deals": ["2", "5"],
    "--sessions": ["1", "2"],
    "--session-deals": ["2"],
    "--players": ["3", "4"],
    "--opponents": ["1", "2"],
    "--dead": ["2c", "7d 8h"],
    "--board": ["Ah Kh Qh", "2c 3d 4h 5s"],
    "--commission": ["0.05", "0"],
    "--inner-trials": ["2"],
    "--strategy-trials": ["20"],
    "--deal-trials": ["20"],
    "--hands": ["2"],
    "--dealer-hands": ["20"],
    "--edge-trials": ["20"],
    "--optimal-trials": ["20"],
    "--out": ["out", "out/deeper"],
    "--rules": ["standard", "bug", "PAIGOW"],
    "--policy": ["random", "greedy"],
    "--opponent-policy": ["random", "greedy"],
    "--bet-policy": ["never", "threshold"],
    "--opponent-bet-policy": ["never", "threshold"],
    "--first": ["random", "greedy", "rollout:2"],
    "--second": ["random", "greedy"],
    "--first-bets": ["never", "threshold"],
    "--second-bets": ["never", "rollout:2"],
    "--tiebreak": ["standard", "literal"],
    "--batch-starter": ["alternate", "strict"],
    "--bet-window": ["turn", "receiver"],
    "--type": ["draw1", "share2", "hold3"],
    "--way": ["foxwoods", "trump-plaza", "improved"],
    "--strategy": ["houseway", "optimal"],
    "--called-ace-rule": ["when_led", "lead_only"],
    "--pass-ace": ["high", "low"],
    "--final-tie": ["shared", "round8"],
    "--policies": ["random,greedy", "save"],
    "--fail-mode": ["payout", "keep"],
    "--single": ["void", "takes_pot"],
    "--play": ["heuristic", "random"],
    "--deck": ["52", "32"],
    "--max-draw": ["3", "5"],
    "--study": ["round_types", "tournament", "response_model", "fresh_card"],
    "--top": ["1", "3"],
    "--pot": ["0", "3"],
    "--stake": ["1"],
    "--seat": ["0", "1"],
    "--trump": ["s", "h"],
    "cards": ["As Ks Qs Js Ts", "2c 3d 4h 5s 7c"],
    "ranges": ["AsKs", "QQ+", "random", "AKs, A5s-A2s", "AhAd:0.5"],
    "hands": ["As Ks", "Qd Qc", "2c 3c 4c"],
    "text": ["QQ+", "AKs, A5s-A2s, KTo+", "AsKd:0.5"],
    "kind": ["h2h-position", "h2h-bet-position", "saint-position", "batch-spec"],
    "--port": ["0"],
    "--host": ["127.0.0.1", "localhost"],
}
VALID_BY_COMMAND = {
    ("eval",): {"cards": ["As Ks Qs Js Ts", "2c 3d 4h 5s 7c 8c 9d"]},
    ("paigow", "houseway"): {"cards": ["As Ks Qs Js Ts 9s 8s", "2c 3d 4h 5s 7c 8c 9d"]},
    ("paigow", "split"): {"cards": ["As Ks Qs Js Ts 9s 8s", "2c 3d 4h 5s 7c 8c 9d"], "--trials": ["20"]},
    ("mousel", "advise"): {"hand": ["As Ks Qs Js", "2c 3d 4h 5s"], "--players": ["3", "5"]},
    ("whist", "bid"): {"hand": ["As Ks Qs Js Ts 9s 8s 7s 6s 5s 4s 3s 2s", "Ah Kd Qc Js Th 9d 8c 7s 6h 5d 4c 3s 2h"]},
    ("whist", "play"): {"--deals": ["2"], "--table-deals": ["1000"]},
    ("head-to-head", "place"): {"--type": [], "--dead": []},  # a valid place has its position file
    ("draw", "advise"): {"--policy": ["standard", "pat"]},
    ("head-to-head", "play"): {"--games": ["2"], "--min-bet": ["10"]},
    ("head-to-head", "tournament"): {"players": ["greedy", "random", "tuned"], "--deals": ["2"], "--chart": ["r.png"]},
    ("saint-poker", "round-robin"): {"players": ["greedy", "random", "save"], "--deals": ["2", "5"]},
    ("draw", "odds"): {"--discard": ["2d", ""]},
    ("saint-poker", "decide"): {"--policy": ["random", "greedy", "save"]},
    ("head-to-head", "tables"): {"--rounds": ["10"], "--games": ["10"], "--positions": ["8"]},
    ("head-to-head", "betting-tables"): {"--games": ["10"], "--study": ["response_model", "fresh_card"]},
    ("saint-poker", "tables"): {
        "--games": ["10"],
        "--positions": ["4"],
        "--regret-positions": ["2"],
        "--study": ["policy_regret", "spend_or_save"],
    },
    ("mousel", "tables"): {"--deals": ["100"], "--sessions": ["10"], "--play": ["heuristic"]},
    ("whist", "tables"): {"--deals": ["100"], "--game-deals": ["2"]},
    ("draw", "tables"): {"--strategy-trials": ["100"], "--deal-trials": ["100"]},
    ("paigow", "tables"): {"--hands": ["10"], "--dealer-hands": ["100"], "--edge-trials": ["100"]},
    ("holdem", "flops"): {
        "hands": ["AsKs", "QdQc", "7h7c"],
        "--out": ["flops.csv", "flops.json"],
        "--chart": ["f.png"],
    },
    ("holdem", "hits"): {
        "hand_range": ["QQ+, AKs", "AhAd:0.5", "76s"],
        "--board": ["Kh 7d 2c", "Ah Kh Qh Jd"],
        "--chart": ["h.png"],
    },
    ("holdem", "turns"): {
        "hands": ["AsKs", "QdQc", "7h7c"],
        "--board": ["Kh 7d 2c", "Ah Kh Qh"],
        "--out": ["turns.csv", "turns.json"],
        "--chart": ["t.png"],
    },
}

# Counts given whenever they are valid, so that no valid run takes a default's minutes.
COUNTS = {"--trials", "--games", "--deals", "--sessions", "--rollout-games", "--table-deals", "--inner-trials"}

# --- input files

SPECS = [
    {"analysis": "holdem.preflop_table", "params": {"trials": 100, "opponents": [1, 3]}},
    {"analysis": "head_to_head.tables", "params": {"studies": ["round_types"], "rounds": 2, "seed": 5}},
    {"analysis": "whist.tables", "params": {"deals": 100}},
    {"analysis": "mousel.tables", "params": {"pots": [1, 2]}},
    {"analysis": "stud.starts_table", "params": {"trials": 100}},
]
POSITION_BASES = {"place": PLACE, "bet": LAST_BET, "decide": SAINT}

SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=20)
    | st.sampled_from(["", "false", "0", "Ah", "7s Kd 2h", "standard", "crazy", "A" * 3000])
)
JSON_VALUES = st.recursive(
    SCALARS, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
)
DEEP = "[" * 100_000 + "]" * 100_000


def toml_value(value) -> str:
    """``value`` as a TOML value (what JSON values TOML has no form for, None, become a string)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(key)} = {toml_value(item)}" for key, item in value.items()) + "}"
    return json.dumps("null" if value is None else value)


def toml_text(spec: dict) -> str:
    """A spec dictionary as TOML text: its top-level keys, then each table."""
    lines = [f"{json.dumps(key)} = {toml_value(value)}" for key, value in spec.items() if not isinstance(value, dict)]
    for key, value in spec.items():
        if isinstance(value, dict):
            lines.append(f"[{json.dumps(key)}]")
            lines += [f"{json.dumps(name)} = {toml_value(item)}" for name, item in value.items()]
    return "\n".join(lines) + "\n"


@st.composite
def mutated(draw, base: dict, nested: str | None = None) -> dict:
    """``base`` with a few fields (of its table ``nested`` too) replaced, removed or added."""
    data = json.loads(json.dumps(base))
    for _ in range(draw(st.integers(0, 3))):
        target = (
            data[nested]
            if nested and nested in data and isinstance(data[nested], dict) and draw(st.booleans())
            else data
        )
        action = draw(st.sampled_from(["replace", "replace", "remove", "add"]))
        keys = sorted(target)
        if action == "add" or not keys:
            target[draw(st.text(max_size=8) | st.sampled_from(sorted(base)))] = draw(JSON_VALUES)
        elif action == "remove":
            del target[draw(st.sampled_from(keys))]
        else:
            target[draw(st.sampled_from(keys))] = draw(JSON_VALUES)
    return data


@st.composite
def input_file(draw, kind: str, hostile: bool) -> bytes:
    """The bytes of a position file (``kind`` is the command) or a batch spec: the valid base, or
    if ``hostile`` mostly a mutated one and sometimes something else entirely."""
    if kind == "batch":
        base = draw(st.sampled_from(SPECS))
        if not hostile:
            return toml_text(base).encode()
    else:
        base = POSITION_BASES[kind]
        if not hostile:
            return json.dumps(base).encode()
    whole = draw(st.integers(0, 9))
    if whole == 0:
        return draw(st.sampled_from([b"", b"\xff\xfe not utf-8", DEEP.encode(), b"{", b"[1, 2", b"a = ", b"\x00"]))
    if whole == 1:
        value = draw(JSON_VALUES)
        return (toml_text({"analysis": value}) if kind == "batch" else json.dumps(value)).encode()
    if kind == "batch":
        return toml_text(draw(mutated(base, nested="params"))).encode()
    return json.dumps(draw(mutated(base))).encode()


# --- command lines


def positional(param) -> bool:
    return not param.opts[0].startswith("-")


@st.composite
def command_line(draw, folder: Path) -> list[str]:
    """A command of the tree and its arguments, files written under ``folder``. A third of the
    command lines are valid (no ``--exact`` or ``--monte-carlo``: a forced method is no small
    run), a third have one hostile value (or file), a third any number."""
    path = draw(st.sampled_from(sorted(COMMANDS)))
    valid = {**VALID, **VALID_BY_COMMAND.get(path, {})}
    params = [param for param in COMMANDS[path].params if param.opts[0] != "--yes"]
    mode = draw(st.sampled_from(["valid", "one", "any"]))
    bad = draw(st.integers(0, len(params) - 1)) if mode == "one" else -1
    kind = "batch" if path == ("batch",) else path[-1]
    args: list[str] = list(path)
    files = iter(range(1000))

    def value(name: str, hostile: bool) -> str:
        if name in ("position", "specs") and (not hostile or draw(st.integers(0, 4))):
            file = folder / f"input{next(files)}{'.toml' if kind == 'batch' else '.json'}"
            file.write_bytes(draw(input_file(kind, hostile)))
            return str(file)
        choices = [] if name == "--scheduler" else valid.get(name, [])
        return draw(st.sampled_from(choices)) if choices and not hostile else draw(HOSTILE)

    for index, param in enumerate(params):
        name = param.name if positional(param) else param.opts[0]
        hostile = index == bad or (mode == "any" and draw(st.integers(0, 2)) == 0)
        if getattr(param, "is_flag", False):
            if name == "--progress" and not hostile:
                args.append("--no-progress")
            elif hostile or (name not in ("--exact", "--monte-carlo") and draw(st.integers(0, 3)) == 0):
                args += draw(st.lists(st.sampled_from(param.opts + param.secondary_opts), min_size=1, max_size=2))
            continue
        usable = hostile or bool(valid.get(name)) or name in ("position", "specs")
        if positional(param):
            if param.nargs == -1 and not hostile and name in valid:  # distinct valid hands or ranges: no card twice
                args += draw(st.lists(st.sampled_from(valid[name]), min_size=1, max_size=3, unique=True))
            elif param.required or (usable and (mode == "valid" or draw(st.booleans()))):
                args += [value(name, hostile) for _ in range(draw(st.integers(1, 3)) if param.nargs == -1 else 1)]
            continue
        if param.required or hostile or (usable and (name in COUNTS or draw(st.integers(0, 2)) == 0)):
            for _ in range(2 if hostile and draw(st.integers(0, 5)) == 0 else 1):
                args += [draw(st.sampled_from(param.opts)), value(name, hostile)]
    if mode != "valid" and draw(st.integers(0, 15)) == 0:
        args.insert(len(path), draw(st.sampled_from(["--bogus", "--trials=", "-z", "--help-me"])))
    return args


def _stub_exact_edge(*, way, rules, cache, runner):
    """``exact_house_edge`` without the count: the same check of the way (the runner checked the threads)."""
    way_number(way)
    counts = (3, 5, 4)  # made up: wins, pushes, losses (and then copies)
    return ExactEdgeResult(way, *counts, 2, 1, rules, RunFacts.enumerated(sum(counts), since=time.perf_counter()))


def _stub_optimal_edge(*, way, commission, cache, runner):
    """``optimal_house_edge`` without the count: the same check of the way (the runner checked the threads)."""
    way_number(way)
    counts = (3, 5, 4)  # made up: wins, pushes, losses
    return OptimalEdgeResult(way, commission, counts, counts, 0, 1, RunFacts.enumerated(12, since=time.perf_counter()))


@pytest.fixture
def run(monkeypatch, capsys, tmp_path):
    """Run the console script's entry point in-process in ``tmp_path``: ``run(argv)`` is the exit
    code and what was printed to stderr. Each study is a stub of the same signature: the
    registry binds the parameters as for the real study, and the stub returns no results."""

    real_load = Study.load

    def stubbed_load(study: Study):
        """The study's function in signature (so its parameters bind as before), writing nothing."""
        return functools.wraps(real_load(study))(lambda **_: [])

    monkeypatch.setattr(Study, "load", stubbed_load)
    # warmup compiles every game in other processes (minutes): the fuzz checks its command line only
    monkeypatch.setattr(analyzer.cli.warmup, "compile_games", lambda games, workers: ((game, 0.0, 0) for game in games))
    # ui serves until Ctrl-C and opens a browser: the fuzz checks its command line and the bind only
    monkeypatch.setattr(analyzer.ui.server.UiServer, "serve_forever", lambda self, poll_interval=0.5: None)
    monkeypatch.setattr(webbrowser, "open", lambda url: True)
    # play --human reads moves from stdin: an empty one ends the game as end of input does
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    monkeypatch.setattr(analyzer.games.paigow.exact_edge, "exact_house_edge", _stub_exact_edge)
    monkeypatch.setattr(analyzer.games.paigow.optimal_edge, "optimal_house_edge", _stub_optimal_edge)
    monkeypatch.chdir(tmp_path)

    def invoke(argv: list[str]) -> tuple[int, str]:
        code, _, err = run_main(monkeypatch, capsys, argv)
        return code, err

    return invoke


def check(run, argv: list[str]) -> None:
    code, err = run(argv)
    shown = f"poker-analyzer {' '.join(argv)[:500]!r}: exit {code}, stderr {err[:1000]!r}"
    assert code in (0, 1, 2), shown
    assert "Traceback" not in err, shown
    if code == 0:
        assert "Warning" not in err, shown
    else:
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: ") and len(lines[0]) > len("error: "), shown
        assert len(lines[0]) <= MAX_LINE, shown


FUZZ = settings(
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture, HealthCheck.data_too_large],
)


def test_the_fuzz_reaches_every_command_and_stubs_only_the_studies(run, tmp_path):
    assert len(COMMANDS) == 43
    assert {("holdem", "flops"), ("paigow", "exact-edge"), ("head-to-head", "place"), ("warmup",)} <= set(COMMANDS)
    assert run(["ui", "--port", "0"])[0] == 0  # binds, serves nothing (the stub), opens no browser
    assert run(["paigow", "exact-edge", "--way", "improved", "--no-progress"])[0] == 0  # the stub, in seconds
    assert run(["paigow", "exact-edge", "--strategy", "optimal", "--no-progress"])[0] == 0
    code, err = run(["paigow", "exact-edge", "--strategy", "optimal", "--player-banks"])
    assert code == 2 and "--player-banks" in err
    code, err = run(["warmup", "eval", "holdem"])  # a long run: its start and end lines
    assert code == 0 and re.fullmatch(r"warmup: started\nwarmup: done in \d+\.\d s\n", err)
    assert run(["holdem", "preflop-table", "--trials", "5", "--out", "out"]) == (0, "")
    assert not (tmp_path / "out").exists()
    assert run(["holdem", "preflop-table", "--trials", "5", "--out", "/dev/null"])[0] == 1
    code, err = run(["whist", "tables", "--deals", "100.5"])
    assert code == 2 and "--deals" in err


@settings(FUZZ, max_examples=60)
@given(data=st.data())
def test_every_command_line_ends_in_one_clean_line(run, tmp_path, data):
    check(run, data.draw(command_line(tmp_path)))


@pytest.mark.slow
@settings(FUZZ, max_examples=2000)
@given(data=st.data())
def test_every_command_line_ends_in_one_clean_line_thoroughly(run, tmp_path, data):
    check(run, data.draw(command_line(tmp_path)))


def test_bytes_that_are_not_utf8_in_an_echoed_argument_stay_one_clean_line(run):
    """Found by the fuzz: a scheduler address of a non-UTF-8 byte (a lone surrogate in argv)
    made the error line itself fail to print."""
    code, err = run(["holdem", "equity", "AsKs", "QdQc", "--scheduler", "\udcff", "--no-progress"])
    assert code == 1 and err.startswith("error: ") and "\\udcff" in err and len(err.splitlines()) == 1


def test_a_forced_progress_bar_leaves_no_empty_line_off_a_terminal(run, tmp_path):
    """Found by the fuzz: ``--progress`` with stderr no terminal printed an empty line before the
    error line (rich's transient bar cannot be erased there)."""
    assert run(["draw", "advise", "x", "--progress"]) == (2, run(["draw", "advise", "x", "--no-progress"])[1])
    assert run(["draw", "advise", "x", "--progress"])[1].startswith("error: bad card 'x'")
