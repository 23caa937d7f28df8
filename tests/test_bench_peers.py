"""bench/peers_speed.py cannot rot: without the C++ peer it says why and still times every
project workload; with the peer (g++ and its folder present; slow tier) every row has a peer
figure and a speed ratio, the checks against the peer having passed. No timing is asserted."""

from __future__ import annotations

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
"""One row per project call: the evaluations through the public function and the raw kernel."""


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
        assert unit in ("M hands/s", "ms per call", "M deals/s") and clock in ("CPU", "wall")
    assert "C++ peer: skipped (no build script" in done.stdout


def test_json_gives_the_rows_and_why_the_peer_is_missing(tmp_path):
    report = json.loads(quick_run(tmp_path, "--peer-dir", str(tmp_path), "--only", "exact-turn", "--json").stdout)
    assert report["peer"].startswith("skipped (no build script") and report["rounds"] == 2
    (row,) = report["rows"]
    assert (
        row["workload"] == "exact-turn" and row["label"] == "exact AsKs v QdQc on Kh7d2c5s, 1 thread: holdem.equity()"
    )
    assert (row["unit"], row["clock"], row["peer"], row["speed_ratio"]) == ("ms per call", "CPU", None, None)
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
