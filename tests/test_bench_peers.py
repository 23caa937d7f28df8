"""bench/peers_speed.py cannot rot: without the C++ peer it says why and still times every
project workload; with the peer (g++ and its folder present; slow tier) every row has a peer
figure and a speed ratio, the checks against the peer having passed. No timing is asserted."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "bench" / "peers_speed.py"
PEER_DIR = ROOT.parent / "shared" / "peers" / "ompeval"
WORKLOADS = [
    "eval-1t", "eval-1t", "eval-2t", "eval-2t", "all7-checksum", "all7-tallies", "exact-preflop", "exact-flop",
    "exact-turn", "exact-ranges-flop", "mc-hu-1t", "mc-hu-2t", "mc-6way-1t", "mc-6way-2t", "mc-ranges-1t",
    "mc-ranges-2t",
]  # fmt: skip
"""One row per project call: the evaluations through the public function and the scalar loop."""


def quick_run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", *args],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, (str(ROOT), os.environ.get("PYTHONPATH"))))},
        cwd=tmp_path,
    )


def table_rows(stdout: str) -> list[list[str]]:
    """The cells of every row of the printed table."""
    rows = [line.strip()[1:-1].split("│") for line in stdout.splitlines() if line.startswith("│ ")]
    return [[cell.strip() for cell in row] for row in rows]


def test_without_the_peer_the_project_rows_are_printed(tmp_path):
    missing = tmp_path / "no-peer"
    done = quick_run(tmp_path, "--peer-dir", str(missing))
    assert f"C++ peer skipped: no build script {missing / 'build.sh'}" in done.stderr
    rows = table_rows(done.stdout)
    assert len(rows) == len(WORKLOADS)
    for _, project, peer, unit, clock, ratio, spread in rows:
        assert float(project.replace(",", "")) > 0
        assert (peer, ratio, spread) == ("skipped", "", "")
        assert unit in ("M hands/s", "ms per call", "M deals/s") and clock in ("thread CPU", "process CPU", "wall")
    assert "C++ peer: skipped (no build script" in done.stdout


def test_json_gives_the_rows_and_why_the_peer_is_missing(tmp_path):
    report = json.loads(quick_run(tmp_path, "--peer-dir", str(tmp_path), "--only", "exact-turn", "--json").stdout)
    assert report["peer"].startswith("skipped (no build script") and report["rounds"] == 2
    (row,) = report["rows"]
    assert (
        row["workload"] == "exact-turn" and row["label"] == "exact AsKs v QdQc on Kh7d2c5s, 1 thread: holdem.equity()"
    )
    assert (row["unit"], row["clock"], row["peer"], row["speed_ratio"]) == ("ms per call", "process CPU", None, None)
    assert set(row["project"]) == {"min", "median", "max"}
    assert 0 < row["project"]["min"] <= row["project"]["median"] <= row["project"]["max"]


def test_an_unknown_workload_is_refused(tmp_path):
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--quick", "--only", "eval-3t", "--peer-dir", str(tmp_path)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert done.returncode == 2 and "unknown workloads ['eval-3t']" in done.stderr


@pytest.fixture
def bench(monkeypatch):
    """The benchmark script as a module."""
    monkeypatch.syspath_prepend(str(SCRIPT.parent))  # its sibling module timing, as when run as a script
    spec = importlib.util.spec_from_file_location("peers_speed", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "peers_speed", module)  # its dataclass looks its module up
    spec.loader.exec_module(module)
    return module


def test_the_category_check_is_test_vector_a3(bench):
    from analyzer.eval import Category
    from test_enumeration import A3_SEVEN_CARD

    assert tuple(A3_SEVEN_CARD[Category(c)] for c in range(1, 10)) == bench.A3_SEVEN_CARD


def test_peer_lines_are_read_with_their_precision(bench):
    line = bench.peer_line(
        "omp enum thr=1 wall=0.00006 s cpu=0.00001 s hands=990 evals=91 rate_wall=15.97 M/s rate_cpu=65.96 M/s "
        "eq: 0.912121 0.087879"
    )
    assert line["hands"] == 990 and line["eq"] == [0.912121, 0.087879] and line["steps"]["cpu"] == 1e-5
    # 10 µs printed as 0.00001 s: the count over the rate is the finer reading
    assert bench.peer_seconds(line, "cpu") == pytest.approx(990 / 65.96e6)
    assert bench.peer_seconds(line, "wall") == pytest.approx(990 / 15.97e6)
    slow = bench.peer_line("omp enum thr=1 wall=0.00092 s cpu=0.00018 s hands=44 rate_wall=0.05 M/s rate_cpu=0.24 M/s")
    assert bench.peer_seconds(slow, "wall") == 0.00092  # 0.05 M/s is the coarser reading
    tallies = bench.peer_line(
        "omp all7 n=133784560 cpu=0.3000 s wall=0.3010 s cpu_rate=445.95 M/s wall_rate=444.47 M/s cats: "
        "23294460 58627800 31433400 6461620 6180020 4047644 3473184 224848 41584 sum=0"
    )
    assert tuple(tallies["cats"]) == bench.A3_SEVEN_CARD and tallies["sum"] == 0
    threaded = bench.peer_line("omp randomT T=2 n=10000000 cpu=0.0900 s wall=0.0450 s wall_rate=222.15 M/s sum=7")
    assert bench.peer_seconds(threaded, "cpu") == 0.09  # no CPU rate printed


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("g++") is None or not (PEER_DIR / "build.sh").is_file(), reason="no C++ peer here")
def test_with_the_peer_every_row_has_a_speed_ratio(tmp_path):
    done = quick_run(tmp_path, "--build-dir", str(tmp_path / "peer"))
    assert "skipped" not in done.stdout + done.stderr
    rows = table_rows(done.stdout)
    assert len(rows) == len(WORKLOADS)
    for _, project, peer, _, _, ratio, spread in rows:
        low, high = map(float, spread.split("-"))
        assert float(project.replace(",", "")) > 0 and float(peer.replace(",", "")) > 0
        assert 0 < low <= float(ratio) <= high
