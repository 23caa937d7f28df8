"""A guest in the user's interpreter: importing and using the package changes nothing of Numba's,
its caches' or the interpreter's, and the command line's fast start (analyzer.jit) acts on the
package's own kernels and cache entries only.

The scenario is a user's notebook beside the package: a module of the user's own
``@njit(cache=True)`` kernels (a large one, one calling it twice, one calling that) run in
processes with and without the package, the fast start switched on and off, all sharing one
Numba cache folder. Every process must get the same values, with no error.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from analyzer.jit import window
from conftest import speed_layer
from tests.cli_process import run_python

pytestmark = pytest.mark.whole_process  # every test here runs processes with a Numba cache of their own

_STEPS = "\n".join(
    f"        x = (x * np.uint64({6364136223846793005 + 2 * i}) + np.uint64({i + 1})) ^ (x >> np.uint64({7 + i % 23}))"
    for i in range(120)
)
USER_MODULE = f"""
import numpy as np
from numba import njit


@njit(cache=True)
def large(seed):
    total = np.uint64(0)
    for start in range(4):
        x = np.uint64(seed + start)
{_STEPS}
        total ^= x
    return total


@njit(cache=True)
def twice(seed):
    return large(seed) ^ large(seed + 1)


@njit(cache=True)
def outer(seed):
    return twice(seed) + np.uint64(3)
"""

_USER_RUN = """
import json, sys
sys.path.insert(0, sys.argv[1])
mode = sys.argv[2]
answer = {}
if mode != "alone":
    import analyzer as pa
    if mode == "fast start":
        import analyzer.jit
        answer["fast start"] = analyzer.jit.enable_fast_start()
    equity = pa.holdem.equity(["AsKs", "QdQc"], board="Kh 7d 2c 5s")
    answer["equity"] = [equity.players[0].win, equity.players[0].tie, equity.run.trials]
import user_kernels
answer["user"] = [str(user_kernels.outer(seed)) for seed in (1, 2, 3)]
answer["large"] = str(user_kernels.large(5))
print(json.dumps(answer))
"""


def test_a_users_cached_kernels_work_with_without_and_again_with_the_package(tmp_path):
    """The issue's scenario: the user's kernels and the package's, one cache folder, processes in
    turn with the package, without it, with its fast start, without again and with it again:
    the same values everywhere and no error (the old fast start, on at ``import analyzer``,
    wrote its own payload into the user's cache entries, and the next process without the
    package died unpacking them)."""
    code = tmp_path / "code"
    code.mkdir()
    (code / "user_kernels.py").write_text(USER_MODULE)
    cache = tmp_path / "cache"
    answers = []
    for mode in ("package", "alone", "fast start", "alone", "package", "fast start"):
        run = run_python(_USER_RUN, str(code), mode, cache=cache, check=False)
        assert run.returncode == 0, f"{mode}: {run.stderr[-2000:]}"
        answers.append((mode, json.loads(run.stdout.strip().splitlines()[-1])))
    users = {json.dumps([answer["user"], answer["large"]]) for _, answer in answers}
    assert len(users) == 1, answers
    equities = {json.dumps(answer["equity"]) for mode, answer in answers if mode != "alone"}
    assert len(equities) == 1, answers
    switched = [answer["fast start"] for mode, answer in answers if mode == "fast start"]
    assert switched == [window.active()] * 2


_GLOBAL_STATE = """
import atexit, json, sys
import numpy as np
import numba
from numba.core import bytecode, caching, codegen, environment
from numba.core.typing import typeof


def state():
    library = codegen.CPUCodeLibrary
    return {
        "load_overload": id(caching.Cache.load_overload),
        "function cache": id(caching.FunctionCache.load_overload),
        "unserialize": id(library.__dict__["_unserialize"].__func__),
        "module for linking": id(library._get_module_for_linking),
        "serialize": id(library.serialize_using_object_code),
        "rebuild env": id(environment._rebuild_env),
        "unique ids": id(bytecode.FunctionIdentity._unique_ids),
        "typeof ndarray": id(typeof.typeof_impl.dispatch(np.ndarray)),
        "meta path": [type(finder).__name__ for finder in sys.meta_path],
        "loop vectorize": numba.core.config.LOOP_VECTORIZE,
        "exit": id(sys.exit),
    }


before = state()
import analyzer as pa
pa.holdem.equity(["AsKs", "QdQc"])
pa.holdem.equity(["AsKs", "QdQc"], board="Kh 7d 2c")
pa.paigow.house_way("Tc Td 6h 6s Ac 3d 2h")
pa.draw.odds("Jc Jd 8h 5s 2c", discard="8h 5s 2c")
print(json.dumps([before, state()]))
"""


@pytest.mark.parametrize("warm", [False, True], ids=["cold", "warm"])
def test_importing_and_using_the_package_changes_nothing_global(tmp_path, warm):
    """``import analyzer`` and the API's calls, compiling (cold) or loading from the cache (warm),
    leave Numba's loaders, library hooks, environment rebuild, function ids, typing, config,
    the import system and the interpreter's exit as they found them."""
    if warm:
        run_python(_GLOBAL_STATE, cache=tmp_path)
    run = run_python(_GLOBAL_STATE, cache=tmp_path)
    before, after = json.loads(run.stdout.strip().splitlines()[-1])
    assert after == before


_DISABLED = """
import json
import analyzer as pa
equity = pa.holdem.equity(["AsKs", "QdQc"], board="Kh 7d 2c 5s")
print(json.dumps([equity.players[0].equity, equity.players[0].win, equity.run.trials, equity.run.method]))
"""


def test_without_the_jit_the_package_gives_the_compiled_figures(tmp_path):
    """``NUMBA_DISABLE_JIT=1``: every kernel runs as Python (intrinsics through their twins),
    with the compiled run's figures."""
    compiled = run_python(_DISABLED, cache=tmp_path)
    plain = run_python(_DISABLED, cache=tmp_path, env={"NUMBA_DISABLE_JIT": "1"})
    assert json.loads(plain.stdout) == json.loads(compiled.stdout)


@speed_layer
def test_the_apis_page_switches_the_fast_start_on_as_it_says(tmp_path):
    """docs/api/index.md's ``python`` block (how a script asks for the fast start), run as the
    first lines of a fresh process: the switch is on and a query runs."""
    page = (Path(__file__).resolve().parent.parent / "docs" / "api" / "index.md").read_text()
    (block,) = re.findall(r"```python\n(.*?)```", page.split("## A guest in your interpreter", 1)[1], re.S)
    script = (
        block
        + _DISABLED.replace("import json\n", "import json\nimport analyzer.jit\n")
        + ("print(analyzer.jit.fast_start_enabled())\n")
    )
    run = run_python(script, cache=tmp_path)
    assert run.stdout.split()[-1] == "True"


_USER_CALLS_THE_EVALUATOR = """
import json, sys
sys.path.insert(0, sys.argv[1])
if sys.argv[2] == "fast start":
    import analyzer.jit
    analyzer.jit.enable_fast_start()
import numpy as np
import user_evaluator
first = sys.argv[3]
hands = [np.array(hand, np.uint8) for hand in ([0, 5, 10, 15, 20, 25, 30], [48, 49, 50, 51, 44, 1, 2])]
if first == "project":
    from analyzer.eval import STANDARD, make_kernels
    own = [int(make_kernels(STANDARD).evaluate_cards(hand)) for hand in hands]
print(json.dumps([int(user_evaluator.mine(hand)) for hand in hands]))
"""

USER_EVALUATOR = """
from numba import njit

from analyzer.eval import STANDARD, make_kernels

evaluate_cards = make_kernels(STANDARD).evaluate_cards


@njit(cache=True)
def mine(cards):
    return evaluate_cards(cards) + 1
"""


def test_a_users_cached_kernel_calling_the_evaluator_survives_the_fast_start(tmp_path):
    """The documented use of the evaluator's kernels inside one's own ``@njit`` code: the user's
    kernel is compiled and cached in a process with the fast start (which links the project's
    large kernels by symbol for the project's own callers), then loaded by processes without it
    and with it, the project's kernels loaded first or not: a complete, stock cache entry,
    the same values everywhere (it crashed a later process when it held declarations)."""
    code = tmp_path / "code"
    code.mkdir()
    (code / "user_evaluator.py").write_text(USER_EVALUATOR)
    cache = tmp_path / "cache"
    answers = set()
    for mode, first in [("fast start", "project"), ("plain", "user"), ("fast start", "user"), ("plain", "project")]:
        run = run_python(_USER_CALLS_THE_EVALUATOR, str(code), mode, first, cache=cache, check=False)
        assert run.returncode == 0, f"{mode}, {first} first: {run.returncode} {run.stderr[-2000:]}"
        answers.add(run.stdout.strip().splitlines()[-1])
    assert len(answers) == 1
