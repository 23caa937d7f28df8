"""Batch runs from spec files: a run killed at a random point and resumed equals an
uninterrupted one, a changed spec is refused on resume, results appear only when
complete, and every committed spec names an existing analysis."""

from __future__ import annotations

import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from analyzer.batch import checkpoint_folder, read_spec
from analyzer.sim.checkpoint import checkpointing, count
from analyzer.studies import STUDIES

ROOT = Path(__file__).resolve().parent.parent
SPEC = 'analysis = "head_to_head.tables"\n\n[params]\nstudies = ["round_types"]\nrounds = 4000\nseed = {seed}\n'


def _batch(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "analyzer.cli.main", "batch", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=900,
    )


def _tables(out: Path) -> dict[str, str]:
    folder = out / "head_to_head" / "round_types"
    return {p.name: p.read_text() for p in sorted(folder.glob("*.csv"))}


@pytest.mark.slow
def test_a_killed_run_resumes_to_the_same_tables(tmp_path):
    spec = tmp_path / "round_types.toml"
    spec.write_text(SPEC.format(seed=11))
    whole = _batch(str(spec), "--out", str(tmp_path / "whole"))
    assert whole.returncode == 0, whole.stderr
    out = tmp_path / "cut"
    checkpoints = checkpoint_folder(read_spec(spec), out)
    process = subprocess.Popen(
        [sys.executable, "-m", "analyzer.cli.main", "batch", str(spec), "--out", str(out)],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wanted = random.Random(5).randint(10, 60)  # chunks finished before the kill (of 180)
    deadline = time.monotonic() + 300
    while len(list(checkpoints.glob("*.pkl"))) < wanted and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    process.send_signal(signal.SIGKILL)
    process.wait()
    saved = len(list(checkpoints.glob("*.pkl")))
    assert 0 < saved < 180, "the kill should land in the middle of the run"
    assert not (out / "head_to_head" / "round_types").exists()  # no partial result where one belongs
    resumed = _batch(str(spec), "--out", str(out), "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert _tables(out) == _tables(tmp_path / "whole")
    assert not (out / ".checkpoints").exists()  # cleaned up once the results are written


def test_a_changed_spec_is_refused_on_resume(tmp_path, main_run):
    spec = tmp_path / "round_types.toml"
    spec.write_text(SPEC.format(seed=12))
    checkpoints = checkpoint_folder(read_spec(spec), tmp_path)
    with checkpointing(checkpoints, run=read_spec(spec).digest) as store:
        store.save("0" * 40, [1])  # a chunk of the spec as it was
    (checkpoints / "spec.sha256").write_text(read_spec(spec).digest)
    spec.write_text(SPEC.format(seed=13))
    code, _, err = main_run("batch", str(spec), "--out", str(tmp_path), "--resume")
    assert code == 1 and err.count("\n") == 1
    assert "changed since its checkpoint" in err and "--restart" in err
    assert count(checkpoints) == 1


@pytest.mark.parametrize(
    "text, message",
    [
        ('analysis = "chess"\n', "analysis: expected one of"),
        ('analysis = "head_to_head.tables"\nbogus = 1\n', "bogus: unknown key"),
        ('analysis = "head_to_head.tables"\n[params]\nrounds = \n', "not valid TOML"),
        ('analysis = "head_to_head.tables"\n[params]\nrondas = 5\n', "unknown parameter 'rondas'"),
    ],
)
def test_bad_specs_are_one_line_errors(tmp_path, text, message, main_run):
    spec = tmp_path / "bad.toml"
    spec.write_text(text)
    code, _, err = main_run("batch", str(spec), "--out", str(tmp_path))
    assert code == 1 and message in err and err.count("\n") == 1


def test_two_specs_writing_one_folder_are_refused_before_either_runs(tmp_path, main_run):
    """A batch of two specs of one result folder (different seeds) is refused before the first
    runs: nothing is written under --out, and the error names both files and the folder."""
    first, second = tmp_path / "a.toml", tmp_path / "b.toml"
    first.write_text(SPEC.format(seed=1))
    second.write_text(SPEC.format(seed=3))
    out = tmp_path / "out"
    code, _, err = main_run("batch", str(first), str(second), "--out", str(out))
    assert code == 1 and err.count("\n") == 1
    assert f"specs {first} and {second} both write head_to_head/round_types" in err
    assert not (out / "head_to_head").exists()
    code, _, err = main_run("batch", str(first), str(first), "--out", str(out))
    assert code == 1 and f"spec {first} is given twice" in err and err.count("\n") == 1


def test_every_committed_result_has_a_spec_naming_an_existing_analysis():
    specs = sorted((ROOT / "results").rglob("*.toml"))
    assert {read_spec(path).analysis for path in specs} == set(STUDIES)
    for path in specs:
        assert read_spec(path).analysis in STUDIES
