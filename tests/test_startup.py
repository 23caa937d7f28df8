"""Start-up: what a query imports, and a JIT cache that stays warm from the second process on.

No timing is asserted here (bench/startup.py measures it); these tests pin the causes of a slow
start: heavy libraries imported on the query paths, and kernels recompiled in a later process.
"""

from __future__ import annotations

import json
import os
import pickle
import re
import subprocess
import sys
from pathlib import Path

import pytest

from analyzer.api.warmup import WARMUP_GAMES
from analyzer.jit.kernel_cache import seal, unseal
from conftest import speed_layer
from tests.cli_process import imported_modules, imported_packages, run_cli, run_python
from tests.positions import PLACE, SAINT

EVAL = ["eval", "As Ks Qs Js Ts 2c 3d"]
QUERIES = {
    "eval": EVAL,
    "holdem equity": ["holdem", "equity", "AsKs", "QdQc"],
    "holdem flops": ["holdem", "flops", "AsKs", "QdQc"],
    "holdem hits": ["holdem", "hits", "QQ+, AKs", "--board", "Kh 7d 2c"],
    "paigow houseway": ["paigow", "houseway", "Tc Td 6h 6s Ac 3d 2h"],
    "draw odds": ["draw", "odds", "Jc Jd 8h 5s 2c", "--discard", "8h 5s 2c"],
    "h2h place": ["h2h", "place", "{place}", "--seed", "1", "-n", "200"],
    "saint decide": ["saint", "decide", "{saint}", "--trials", "200", "--seed", "1"],
    "help": ["--help"],
}


@pytest.mark.whole_process
@speed_layer
@pytest.mark.parametrize("name", QUERIES)
def test_a_query_imports_only_what_it_runs(name, tmp_path):
    """A warm query imports no analysis library it does not run, and none of the modules only
    Numba's compiling or numpy's masked arrays need (the second run: the first may compile)."""
    files = {"place": PLACE, "saint": SAINT}
    for stem, position in files.items():
        (tmp_path / f"{stem}.json").write_text(json.dumps(position))
    args = [arg.format(**{stem: tmp_path / f"{stem}.json" for stem in files}) for arg in QUERIES[name]]
    run_cli(args)  # compiles what the cache lacks (compiling imports Numba's whole compiler)
    run = run_cli(args)
    imported = imported_packages(run)
    assert not imported & {"pandas", "matplotlib", "dask", "distributed", "scipy"}
    # numpy.ma (30 ms: np.unique, np.setdiff1d, Numba typing an array) and the Numba modules a
    # cached kernel's environments name (40 ms): see analyzer.jit.fast_start
    assert not imported_modules(run) & {"numpy.ma", "numba.np.arrayobj", "numba.cpython.unicode"}


def _cache_files(folder: Path) -> set[str]:
    return {p.name for p in folder.rglob("*.nb[ic]")}


def test_eval_runs_no_kernel(tmp_path):
    run = run_cli(EVAL, {"NUMBA_CACHE_DIR": str(tmp_path)})
    assert "numba" not in imported_packages(run)  # one hand: a numpy lookup
    assert not _cache_files(tmp_path)


@pytest.mark.whole_process
def test_the_second_process_finds_every_kernel_the_first_compiled(tmp_path):
    """Before the tables shipped as data, the process after a cold one recompiled the evaluator's
    and the draw kernels (new ``.2.nbc`` files); only the third was warm."""
    env = {"NUMBA_CACHE_DIR": str(tmp_path)}
    run_cli(QUERIES["draw odds"], env)  # cold: compiles and fills the empty cache
    filled = _cache_files(tmp_path)
    assert any(name.endswith(".nbc") for name in filled)
    run_cli(QUERIES["draw odds"], env)
    assert _cache_files(tmp_path) == filled  # nothing recompiled, nothing added


_RUN_THEN_COMPILE = """
import json, sys
import analyzer.jit
analyzer.jit.enable_fast_start()  # as the console script does
from analyzer.cli.main import main
sys.argv = ["poker-analyzer", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit as stop:
    assert not stop.code, stop.code
compiler = "numba.np.arraymath" in sys.modules  # one of the modules Numba's compiler registers
arrays = "numba.np.arrayobj" in sys.modules  # whose environment an allocating kernel carries
from numba import njit
import numpy as np
allocating = njit(lambda n: np.arange(n).sum())  # compiled after the stub environments were made
print(json.dumps([compiler, arrays, int(allocating(10)), "numba.np.arraymath" in sys.modules]), file=sys.stderr)
"""


@pytest.mark.whole_process
@speed_layer
def test_a_warm_process_loads_kernels_without_setting_up_the_compiler(tmp_path):
    """Cached kernels load with the code generator and the runtime only (analyzer.jit.fast_start),
    importing none of the Numba modules their environments name; the figures are the cold
    process's, and a kernel compiled afterwards still compiles and runs."""
    runs = [run_python(_RUN_THEN_COMPILE, json.dumps(QUERIES["draw odds"]), cache=tmp_path) for _ in range(2)]
    cold, warm = (json.loads(run.stderr.strip().splitlines()[-1]) for run in runs)
    assert cold == [True, True, 45, True]  # compiling set the compiler up
    assert warm == [False, False, 45, True]  # loading did not; compiling afterwards did
    assert runs[1].stdout == runs[0].stdout


_RUN_COUNTING_RUNTIME_BUILDS = """
import json, sys
import numpy as np
from numba.core import codegen
from numba.core.runtime import nrtdynmod
import llvmlite.binding
built, compiled, parsed = [], [], []
parse_bitcode = llvmlite.binding.parse_bitcode  # how Numba reads a cached kernel's bitcode
llvmlite.binding.parse_bitcode = lambda bitcode: parsed.append(1) or parse_bitcode(bitcode)
create = nrtdynmod.create_nrt_module
nrtdynmod.create_nrt_module = lambda ctx: built.append(1) or create(ctx)
library = codegen.CPUCodeLibrary
notify = library._object_compiled_hook.__func__  # called when LLVM's back end compiled a module
library._object_compiled_hook = classmethod(lambda cls, module, code: compiled.append(1) or notify(cls, module, code))
import analyzer.jit
analyzer.jit.enable_fast_start()  # as the console script does
from analyzer.cli.main import main
sys.argv = ["poker-analyzer", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit as stop:
    assert not stop.code, stop.code
during_query = [len(built), bool(compiled), bool(parsed)]
from numba import njit
allocating = njit(lambda n: np.arange(n).sum() + np.ones((n, 2)).sum())  # the runtime allocates and frees
print(json.dumps([*during_query, int(allocating(10))]), file=sys.stderr)
"""


@pytest.mark.whole_process
@speed_layer
def test_the_runtime_compiles_once_and_later_processes_load_it(tmp_path):
    """Numba compiles its runtime's helpers and its code generator's empty module in every
    process (about 30 MB of LLVM's back end); analyzer.jit.fast_start compiles them once into the
    cache folder. A later process loads them and runs a query without LLVM compiling anything or
    parsing any cached kernel's bitcode (analyzer.jit.lazy_linking), and a kernel it compiles
    afterwards links against them; an unreadable file is rebuilt."""

    def run() -> tuple[list, str]:
        done = run_python(_RUN_COUNTING_RUNTIME_BUILDS, json.dumps(QUERIES["holdem equity"]), cache=tmp_path)
        return json.loads(done.stderr.strip().splitlines()[-1]), done.stdout.split("\n", 1)[1]  # below the timed title

    first, output = run()
    (runtime,) = tmp_path.rglob("numba-runtime-*.nbo")
    assert first[:2] + first[3:] == [1, True, 45 + 20]  # compiled once (and the kernels), written
    assert run() == ([0, False, False, 45 + 20], output)  # loaded: LLVM compiled and parsed nothing
    runtime.write_bytes(b"not a pickle")  # nor sealed with its checksum
    assert run()[0][:2] == [1, True]  # a miss: compiled again and rewritten
    assert run()[0] == [0, False, False, 45 + 20]
    library, own_module = pickle.loads(unseal(runtime.read_bytes(), str(runtime)))
    runtime.write_bytes(seal(pickle.dumps((library, b""))))  # as written when the own module compiled first
    assert run()[0][:3] == [0, True, False]  # the runtime loads; the own module compiles, is kept
    assert pickle.loads(unseal(runtime.read_bytes(), str(runtime)))[1] == own_module
    assert run()[0] == [0, False, False, 45 + 20]


_CALL_A_CACHED_KERNEL = """
import sys
sys.path.insert(0, sys.argv[1])
import analyzer.jit
analyzer.jit.enable_fast_start()
from numba import njit
from cached_kernel import table_sum
caller = njit(lambda n: table_sum(n) * 2)  # compiled here: links the cached kernel's bitcode in
values = table_sum(5), caller(5)
print(*values, type(table_sum.overloads[table_sum.signatures[0]].library).__name__)
"""


@pytest.mark.whole_process
@speed_layer
def test_a_kernel_compiled_in_a_warm_process_links_a_cached_one(tmp_path):
    """A cached kernel's bitcode (a kernel made by the project's decorator, in a process with the
    fast start), left unparsed on load, is parsed when a kernel compiled later calls it: the
    caller runs and gives the cached kernel's figures."""
    (tmp_path / "cached_kernel.py").write_text(
        "import numpy as np\nfrom analyzer.jit import kernel\n\nTABLE = np.arange(100, dtype=np.int64) ** 2\n\n"
        "@kernel\ndef table_sum(n):\n    return TABLE[:n].sum()\n"
    )
    runs = [run_python(_CALL_A_CACHED_KERNEL, str(tmp_path), cache=tmp_path / "cache").stdout.split() for _ in range(2)]
    assert [run[:2] for run in runs] == [["30", "60"]] * 2  # 0 + 1 + 4 + 9 + 16, cold then warm
    if sys.platform.startswith("linux"):  # ELF machine code: loaded lazily, then parsed to link
        assert runs[1][2] == "LazyLinkingLibrary"


@pytest.mark.whole_process
def test_machine_code_defines_the_symbols_its_bitcode_defines():
    """analyzer.jit.lazy_linking reads a kernel's defined symbols from its ELF machine code instead
    of its bitcode: the two name the same functions and data (Numba's own set, from the bitcode)."""
    import numpy as np
    from llvmlite import binding
    from numba import njit

    from analyzer.jit.lazy_linking import defined_symbols

    kernel = njit(lambda values: np.sort(values).sum())  # calls helpers, allocates, has constants
    kernel(np.arange(5.0))
    _, kind, (machine_code, bitcode) = kernel.overloads[kernel.signatures[0]].library.serialize_using_object_code()
    module = binding.parse_bitcode(bitcode)
    values = [*module.functions, *module.global_variables]
    defined = {value.name for value in values if not value.is_declaration}
    assert kind == "object" and len(defined) > 10
    if sys.platform.startswith("linux"):
        assert defined_symbols(machine_code) == defined
    assert defined_symbols(machine_code[:100]) is None  # cut short: not read


_HASH_A_STRING = """
import sys
sys.path.insert(0, sys.argv[1])
import analyzer.jit
analyzer.jit.enable_fast_start()
from hashing_kernel import h
print(h("poker"))
"""


@pytest.mark.whole_process
def test_a_cached_kernel_that_hashes_a_string_loads_in_a_warm_process(tmp_path):
    """A stub environment must not skip an import compiled code needs: numba.cpython.hashing
    gives LLVM the hash secret's symbols when imported, and with its environment stubbed the warm
    process crashed (a segfault)."""
    (tmp_path / "hashing_kernel.py").write_text(
        "from analyzer.jit import kernel\n\n@kernel\ndef h(s):\n    return hash(s)\n"
    )
    seeded = {"PYTHONHASHSEED": "0"}  # the same string hash in both processes
    runs = [
        run_python(_HASH_A_STRING, str(tmp_path), cache=tmp_path / "cache", check=False, env=seeded) for _ in range(2)
    ]
    assert [run.returncode for run in runs] == [0, 0], runs[1].stderr[-500:]
    assert runs[0].stdout == runs[1].stdout


_DRAW_ODDS_BY_PROFILE = """
import json, sys
import analyzer as pa
odds = {p: pa.draw.odds("Jc Jd 8h 5s 2c", discard="8h 5s 2c", bug=p == "bug").p_improve for p in sys.argv[1:]}
print(json.dumps(odds))
"""


_FIRST_UNIQUE_ID = """
import analyzer.jit, numba
analyzer.jit.enable_fast_start()
from numba.core.bytecode import FunctionIdentity
print(next(FunctionIdentity._unique_ids))
"""


@speed_layer
def test_two_processes_number_their_kernels_from_different_starts(tmp_path):
    """With the fast start, Numba's per-process count of kernel ids starts at a random number in
    every process, not at 1, so two processes' kernel names do not meet (the symbol linking
    adds objects several processes compiled to one engine)."""
    starts = [int(run_python(_FIRST_UNIQUE_ID, cache=tmp_path).stdout) for _ in range(2)]
    assert min(starts) > 1 and starts[0] != starts[1]


@pytest.mark.slow
def test_kernels_compiled_first_in_two_processes_load_together(tmp_path):
    """Numba numbers the closures it compiles from 1 in every process, and the number is in their
    symbols and environments' names: a standard and a Bug draw kernel each compiled first in its
    own process shared one environment when a third loaded both (a ``'descr' is NULL`` error;
    Numba issue 10486). analyzer.jit.stable_kernel gives each profile's closure a name of its own."""

    def run(*profiles: str) -> dict:
        return json.loads(run_python(_DRAW_ODDS_BY_PROFILE, *profiles, cache=tmp_path).stdout)

    expected = run("standard", "bug")  # compiles everything in one process
    for stale in tmp_path.rglob("*draw_category_counts*"):
        stale.unlink()  # as after an edit of that kernel alone: the next processes compile it first
    run("standard")  # compiles the standard counter first
    run("standard", "bug")  # loads it, and compiles the Bug counter first
    assert run("standard", "bug") == run("bug", "standard") == expected  # loads both


def _warmup(games: list[str], env: dict) -> dict[str, int]:
    """``poker-analyzer warmup GAMES``: the kernels each game says it compiled."""
    run = subprocess.run(
        [sys.executable, "-m", "analyzer.cli.main", "warmup", *games],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **env},
    )
    return {
        game: int(count)
        for game, count in re.findall(r"^([\w-]+): [\d.]+ s, (\d+) kernels? compiled$", run.stdout, re.M)
    }


def _compiles_nothing(commands: list[list[str]], cache: Path) -> None:
    for args in commands:
        before = _cache_files(cache)
        run_cli(args, {"NUMBA_CACHE_DIR": str(cache)})
        added = _cache_files(cache) - before
        assert not added, f"{' '.join(args)} compiled {added}"


@pytest.mark.slow
def test_games_of_base_players_compile_no_lookahead(tmp_path):
    """A game of greedy and tuned players, with threshold betting, compiles neither the rollout
    and search placement (``_lookahead_move``) nor the rollout bettor (``_rollout_choice``): the
    kernels drop them when no seat plays them (``head_to_head.rollout.lookahead_flag``), about
    half of such a command's cold compile time. A rollout player compiles them."""
    game = ["h2h", "play", "--first", "tuned", "--second", "greedy", "--games", "20", "--seed", "1"]
    commands = [[*game, "--betting"], ["h2h", "tournament", "greedy", "tuned", "--deals", "4", "--seed", "1"]]
    for args in commands:
        run_cli(args, {"NUMBA_CACHE_DIR": str(tmp_path)})
    lookahead = {"_lookahead_move", "_rollout_choice"}
    assert not {name for name in _cache_files(tmp_path) if name.split("-")[0].split(".")[-1] in lookahead}
    run_cli(["h2h", "play", "--first", "rollout:1", "--games", "1", "--seed", "1"], {"NUMBA_CACHE_DIR": str(tmp_path)})
    assert any("._lookahead_move-" in name for name in _cache_files(tmp_path))


_CLOSURE_DIGESTS = """
import gc, hashlib, json
from numba.core.registry import CPUDispatcher
from numba.core.serialize import dumps
from analyzer.eval import PROFILES, make_kernels
from analyzer.eval.enumeration import _make_enumerator
from analyzer.games.draw.engine import draw_kernels
from analyzer.games.draw.odds import draw_counter
for rules in PROFILES.values():
    make_kernels(rules).batch_kernels()  # the batch kernels are made on first use
    for tally in (False, True):
        _make_enumerator(rules, tally)
for bug in (False, True):
    draw_kernels(bug)
    draw_counter(PROFILES["bug" if bug else "standard"])
made = [
    d for d in gc.get_objects()
    if isinstance(d, CPUDispatcher) and d.py_func.__closure__ and d.py_func.__module__.startswith("analyzer.")
]
print(json.dumps({
    d._uuid: hashlib.sha256(dumps(tuple(c.cell_contents for c in d.py_func.__closure__))).hexdigest()
    for d in made
}))
"""


@pytest.mark.whole_process
def test_every_factory_kernel_has_the_same_cache_key_in_every_process():
    """Numba's cache index key of a kernel made in a factory holds a hash of its pickled
    closure; the kernels in it pickle with their Python globals, so one that calls a
    module-level kernel (whose identity is a fresh uuid per process) changes the key in every
    process, and each recompiles (the draw advisor did, in every process). Two processes
    building every factory's kernels must hash every closure alike."""
    first, second = (
        json.loads(
            subprocess.run([sys.executable, "-c", _CLOSURE_DIGESTS], capture_output=True, text=True, check=True).stdout
        )
        for _ in range(2)
    )
    assert len(first) > 20 and all(name.startswith("poker-analyzer:") for name in first)
    assert not [name for name in first if first[name] != second.get(name)]


def test_one_list_names_the_games_warmup_compiles_and_every_group_that_runs_kernels():
    """``analyzer.api.warmup.WARMUPS`` is the one list: the ``warmup`` choices and the compile
    estimates are made from it. It names the evaluator and every game namespace, and as command
    names every command group but ``range`` (plain Python: it imports no Numba), with ``eval``;
    the docs list the same games."""
    import re

    import analyzer
    from analyzer.api.warmup import WARMUP_GAMES, WARMUPS
    from analyzer.cli.compile_notice import COMPILE_SECONDS
    from analyzer.cli.main import COMMANDS, GROUPS
    from analyzer.cli.warmup import WarmupGame

    assert ("eval", *analyzer.GAMES) == WARMUP_GAMES
    names = [game.value for game in WarmupGame]
    assert [game.name for game in WarmupGame] == list(WARMUP_GAMES)
    assert "eval" in COMMANDS and set(names) == set(GROUPS) - {"range"} | {"eval"}
    assert {name: warmup.compile_seconds for name, warmup in zip(names, WARMUPS.values())} == COMPILE_SECONDS
    assert all(seconds > 0 for seconds in COMPILE_SECONDS.values())
    docs = (Path(__file__).parents[1] / "docs/cli/index.md").read_text()
    listed = re.search(r"all of them by default: ([^)]*)\)", docs)
    assert listed is not None and re.findall(r"`([\w-]+)`", listed.group(1)) == names
    assert "numba" not in imported_packages(run_cli(["range", "show", "QQ+"]))


@pytest.mark.slow
def test_after_warming_up_the_evaluator_no_eval_compiles(tmp_path):
    _warmup(["eval"], {"NUMBA_CACHE_DIR": str(tmp_path)})
    assert _cache_files(tmp_path)  # the batch kernels and the Pai Gow two-card hand
    _compiles_nothing([EVAL, ["eval", "Ac Ad Ah As Jk", "-r", "bug"], ["eval", "Jk 2c", "--rules", "paigow"]], tmp_path)


@pytest.mark.slow
def test_after_warming_up_every_game_no_command_and_no_second_warmup_compiles(tmp_path):
    """A second warmup only loads the cache: every game says it compiled no kernel, and the cache
    is as the first left it."""
    place, saint = tmp_path / "place.json", tmp_path / "saint.json"
    place.write_text(json.dumps(PLACE))
    saint.write_text(json.dumps(SAINT))
    cache = tmp_path / "cache"
    first = _warmup([], {"NUMBA_CACHE_DIR": str(cache)})
    assert len(first) == len(WARMUP_GAMES) and all(first.values())
    filled = {p: p.stat().st_mtime_ns for p in cache.rglob("*.nb[ic]")}
    assert _warmup([], {"NUMBA_CACHE_DIR": str(cache)}) == dict.fromkeys(first, 0)
    assert {p: p.stat().st_mtime_ns for p in cache.rglob("*.nb[ic]")} == filled
    commands = [args for name, args in QUERIES.items() if name not in ("h2h place", "saint decide")] + [
        ["h2h", "place", str(place), "--seed", "1", "-n", "200"],
        ["saint", "decide", str(saint), "--trials", "200", "--seed", "1"],
        ["holdem", "equity", "QQ+, AKs", "22+, A2s+, KTo+", "random", "--board", "Kh 7d 2c", "-n", "2000"],
        ["stud", "equity", "AsAh", "KsKh7d", "--dead", "Qc 5h", "--seed", "1"],
        ["draw", "advise", "Ah Kh 9h 7h 2c", "--opponents", "2", "--trials", "1000", "--seed", "1"],
        ["paigow", "split", "Tc Td 6h 6s Ac 3d 2h", "--trials", "1000", "--seed", "1"],
        ["paigow", "edge", "--trials", "1000", "--seed", "1"],
        ["h2h", "play", "--first", "greedy", "--second", "random", "--games", "100", "--seed", "1"],
        ["h2h", "play", "--betting", "--first", "greedy", "--second", "greedy", "--games", "20", "--seed", "1"],
        ["h2h", "play", "--first", "rollout:1", "--second", "greedy", "--games", "1", "--seed", "1"],
        ["h2h", "tournament", "greedy", "tuned", "--deals", "4", "--seed", "1"],
        ["saint", "play", "--players", "4", "--policies", "greedy,save,random,greedy", "--games", "20", "--seed", "1"],
        ["whist", "bid", "As Ks 7s 4s Kh Th 6h 2h Qd 8d 3d Jc 5c", "--trials", "500", "--seed", "3"],
        ["mousel", "advise", "Kh Qh 9c 4d", "--trump", "7h", "--players", "4", "--trials", "500", "--seed", "1"],
    ]
    _compiles_nothing(commands, cache)


@pytest.mark.parametrize("args", [["holdem", "equity", "AsKs", "QdQc"], ["--debug", "h2h", "place"], ["eval", "As"]])
def test_a_command_line_builds_only_the_command_it_runs(args):
    from analyzer.cli.commands import invoked_name
    from analyzer.cli.main import make_app

    app = make_app(invoked_name(args))
    names = [group.name for group in app.registered_groups] + [c.name for c in app.registered_commands]
    assert names == [args[1] if args[0] == "--debug" else args[0]]


@pytest.mark.parametrize("args", [[], ["--help"], ["holdm", "equity"], ["--version"]])
def test_help_completion_and_unknown_names_see_every_command(args):
    from analyzer.cli.commands import invoked_name
    from analyzer.cli.main import make_app

    app = make_app(invoked_name(args))
    names = {group.name for group in app.registered_groups} | {c.name for c in app.registered_commands}
    assert {"holdem", "h2h", "saint", "eval", "warmup", "schema"} <= names


def test_the_projects_kernels_compile_no_c_wrapper():
    """A kernel of this project is compiled without the C-signature wrapper that only ``@cfunc``
    and first-class function values call (the public ``no_cfunc_wrapper`` option of
    analyzer.jit.kernel); anybody else's keeps Numba's two wrappers."""
    from numba import njit

    from analyzer.jit import kernel

    def wrappers(made) -> tuple[bool, bool]:
        assert made(1) == 2
        (compiled,) = made.overloads.values()
        defined = {f.name for f in compiled.library._final_module.functions if not f.is_declaration}
        return compiled.fndesc.llvm_cpython_wrapper_name in defined, compiled.fndesc.llvm_cfunc_wrapper_name in defined

    assert wrappers(kernel(lambda x: x + 1, cache=False)) == (True, False)
    assert wrappers(njit(lambda x: x + 1)) == (True, True)
