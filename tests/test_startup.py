"""Start-up: what a query imports, and a JIT cache that stays warm from the second process on.

No timing is asserted here (bench/startup.py measures it); these tests pin the causes of a slow
start: heavy libraries imported on the query paths, and kernels recompiled in a later process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.positions import PLACE, SAINT

EVAL = ["eval", "As Ks Qs Js Ts 2c 3d"]
QUERIES = {
    "eval": EVAL,
    "holdem equity": ["holdem", "equity", "AsKs", "QdQc"],
    "paigow houseway": ["paigow", "houseway", "Tc Td 6h 6s Ac 3d 2h"],
    "draw odds": ["draw", "odds", "Jc Jd 8h 5s 2c", "--discard", "8h 5s 2c"],
    "h2h place": ["h2h", "place", "{place}", "--seed", "1", "-n", "200"],
    "saint decide": ["saint", "decide", "{saint}", "--trials", "200", "--seed", "1"],
    "help": ["--help"],
}

_RUN_AND_LIST_MODULES = """
import json, sys
from cli.main import main
sys.argv = ["poker-analyzer", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit as stop:
    assert not stop.code, stop.code
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})), file=sys.stderr)
"""


def _cli(args: list[str], env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", _RUN_AND_LIST_MODULES, json.dumps(args)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **(env or {})},
    )


@pytest.mark.parametrize("name", QUERIES)
def test_a_query_imports_no_table_chart_or_cluster_library(name, tmp_path):
    files = {"place": PLACE, "saint": SAINT}
    for stem, position in files.items():
        (tmp_path / f"{stem}.json").write_text(json.dumps(position))
    run = _cli([arg.format(**{stem: tmp_path / f"{stem}.json" for stem in files}) for arg in QUERIES[name]])
    imported = set(json.loads(run.stderr.strip().splitlines()[-1]))
    assert not imported & {"pandas", "matplotlib", "dask", "distributed", "scipy"}


def _cache_files(folder: Path) -> set[str]:
    return {p.name for p in folder.rglob("*.nb[ic]")}


def test_the_second_process_finds_every_kernel_the_first_compiled(tmp_path):
    env = {"NUMBA_CACHE_DIR": str(tmp_path)}
    _cli(EVAL, env)  # cold: compiles and fills the empty cache
    filled = _cache_files(tmp_path)
    assert any(name.endswith(".nbc") for name in filled)
    _cli(EVAL, env)
    assert _cache_files(tmp_path) == filled  # nothing recompiled, nothing added
