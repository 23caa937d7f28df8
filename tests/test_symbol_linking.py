"""Large callees called by symbol (analyzer.jit.symbol_linking): the same figures, cold and warm,
however the kernels of a chain load, with each callee's machine code compiled once. The chains
are this test's own kernels, counted as the project's (``scope.OWN_PACKAGES``) in processes that
switch the fast start on."""

from __future__ import annotations

import json
import sys

import pytest

from analyzer.jit.symbol_linking import LARGEST_INLINED, declare_large
from conftest import speed_layer
from tests.cli_process import run_python

pytestmark = [pytest.mark.skipif(not sys.platform.startswith("linux"), reason="ELF machine code only"), speed_layer]

_STEPS = 120  # statements in the large kernel's loop: well over LARGEST_INLINED lines of IR


def _chain_module() -> str:
    """A module of three cached kernels: ``mix``, large (a loop of _STEPS dependent steps, which
    LLVM cannot fold), ``twice`` calling it, and ``outer`` calling ``twice``."""
    steps = "\n".join(f"        h = (h ^ (x + {k})) * {2 * k + 3} % 1000003" for k in range(_STEPS))
    return (
        "import numpy as np\nfrom analyzer.jit import kernel\n\n"
        f"@kernel\ndef mix(values):\n    h = 1\n    for x in values:\n{steps}\n    return h\n\n"
        "@kernel\ndef twice(values):\n    return mix(values) + mix(values[::-1])\n\n"
        "@kernel\ndef outer(n):\n    return twice(np.arange(n)) + 1\n"
    )


_RUN_CHAIN = """
import json, sys
sys.path.insert(0, sys.argv[1])
import analyzer.jit
from analyzer.jit import scope
analyzer.jit.enable_fast_start()  # the loader and the symbol linking, for the package's kernels
scope.OWN_PACKAGES.append("chain")  # and for this test's
import numpy as np
from numba import njit
from analyzer.jit import lazy_linking, symbol_linking
import chain

def library(kernel):
    return kernel.overloads[kernel.signatures[0]].library if kernel.signatures else None

order = sys.argv[2].split(",")
values = {}
for name in order:
    if name == "mix":
        values[name] = int(chain.mix(np.arange(50)))
    elif name == "outer":
        values[name] = int(chain.outer(50))
    else:  # a kernel compiled in this process, calling the cached chain
        values[name] = int(njit(lambda n: chain.outer(n) * 2)(50))
report = {
    "values": values,
    "compiled": sorted(n for n in order if n != "new" and not sum(getattr(chain, n).stats.cache_hits.values())),
    "mix by symbol": getattr(library(chain.mix), "_called_by_symbol", False),
    "outer needs": len(symbol_linking.needed_objects(library(chain.outer))) if chain.outer.signatures else None,
    "objects loaded": len(symbol_linking._LOADED),
}
print(json.dumps(report))
"""


def _expected(n: int = 50) -> int:
    """``outer(n)`` and ``mix(arange(n))`` in plain Python."""

    def mix(values):
        h = 1
        for x in values:
            for k in range(_STEPS):
                h = (h ^ (x + k)) * (2 * k + 3) % 1000003
        return h

    values = list(range(n))
    return mix(values), mix(values) + mix(values[::-1]) + 1


@pytest.mark.whole_process
def test_a_chain_calls_its_large_kernel_by_symbol_cold_and_warm(tmp_path):
    """The large kernel is linked into its callers as a declaration: ``outer``'s cached machine
    code needs the objects of ``mix`` and ``twice``, and loads them itself in a later process,
    whichever kernel that process calls first, each object once; a kernel compiled in a warm
    process calls the cached ones. Every value is the plain-Python one."""
    (tmp_path / "chain.py").write_text(_chain_module())
    mix, outer = _expected()

    def run(order: str) -> dict:
        done = run_python(_RUN_CHAIN, str(tmp_path), order, cache=tmp_path / "cache", check=False)
        assert done.returncode == 0, done.stderr[-2000:]
        return json.loads(done.stdout.strip().splitlines()[-1])

    cold = run("mix,outer")
    assert cold["values"] == {"mix": mix, "outer": outer}
    assert cold["compiled"] == ["mix", "outer"]
    assert cold["mix by symbol"] is True  # mix is large: its callers call its symbol
    assert cold["outer needs"] == 2  # the objects of mix and of twice (large too: it slices)

    warm_outer_first = run("outer,mix")
    assert warm_outer_first["values"] == {"outer": outer, "mix": mix}
    assert warm_outer_first["compiled"] == []
    # the runtime's, then mix's and twice's from outer's cached state, and outer's; mix's own
    # cache entry reuses the object already loaded, not a copy
    assert warm_outer_first["objects loaded"] == 4

    warm_mix_first = run("mix,outer")
    assert warm_mix_first["values"] == {"mix": mix, "outer": outer}
    assert warm_mix_first["objects loaded"] == 4

    assert run("outer,new")["values"] == {"outer": outer, "new": 2 * outer}
    assert run("new")["values"] == {"new": 2 * outer}  # outer loaded only through the new kernel


def test_only_large_functions_not_marked_alwaysinline_are_declared():
    """declare_large keeps a function that is small, marked alwaysinline (in its attribute group),
    or not among the names given, and declares the rest with its header."""
    body = "\n".join(f"  %v{k} = add i64 %x, {k}" for k in range(LARGEST_INLINED)) + "\n  ret i64 %x"
    ir = "\n".join(
        [
            f"define linkonce_odr i64 @big(i64 %x) #0 {{\nentry:\n{body}\n}}",
            f"define linkonce_odr i64 @inlined(i64 %x) #1 {{\nentry:\n{body}\n}}",
            f'define linkonce_odr i64 @"other.name"(i64 %x) #0 {{\nentry:\n{body}\n}}',
            "define linkonce_odr i64 @small(i64 %x) #0 {\nentry:\n  ret i64 %x\n}",
            "attributes #0 = { nounwind }",
            "attributes #1 = { alwaysinline nounwind }",
        ]
    )
    text, declared = declare_large(ir, ["big", "inlined", "small"])
    assert declared == 1
    assert "declare i64 @big(i64 %x) #0" in text.splitlines()
    assert all(f"define linkonce_odr i64 @{name}" in text for name in ("inlined", '"other.name"', "small"))


_BIG_TABLE_CHAIN = """
import numpy as np
from analyzer.jit import kernel

TABLE = np.arange(200_000, dtype=np.int64)  # 1.6 MB: Numba compiles in its address, not its bytes

@kernel(cache=False)
def reads_table(values):
    h = 1
    for x in values:
{steps}
        h += TABLE[x % TABLE.size]
    return h

@kernel
def caller(n):
    return reads_table(np.arange(n)) + 1
"""

_RUN_BIG_TABLE_CHAIN = """
import sys
sys.path.insert(0, sys.argv[1])
import analyzer.jit
from analyzer.jit import scope
analyzer.jit.enable_fast_start()  # the loader and the symbol linking, for the package's kernels
scope.OWN_PACKAGES.append("big_table")  # and for this test's
import big_table
print(big_table.caller(50))
"""


@pytest.mark.whole_process
def test_a_callee_holding_this_processs_addresses_is_linked_in(tmp_path):
    """A large callee whose code holds an address of its process (a global array over 1 MB, a
    Numba dynamic global) is linked into its caller, not called by symbol: the caller is then
    not cached (as Numba does for such code), and a later process runs it (it crashed with a
    segmentation fault when the callee's object was carried in the caller's cached state)."""
    steps = "\n".join(f"        h = (h ^ (x + {k})) * {2 * k + 3} % 1000003" for k in range(_STEPS))
    (tmp_path / "big_table.py").write_text(_BIG_TABLE_CHAIN.replace("{steps}", steps))
    runs = [run_python(_RUN_BIG_TABLE_CHAIN, str(tmp_path), cache=tmp_path / "cache", check=False) for _ in range(2)]
    assert [run.returncode for run in runs] == [0, 0], runs[-1].stderr[-1000:]
    assert runs[0].stdout == runs[1].stdout and int(runs[0].stdout) > 1
