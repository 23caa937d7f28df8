"""Results on disk: layout, manifest, atomic replacement."""

import json
import re
import shutil
import subprocess
from pathlib import Path

import pandas as pd
import pytest
from matplotlib.figure import Figure

import analyzer
from analyzer.report import ResultSet, ResultSpec, git_revision, manifest_for, revision_of, write_results

REVISION = re.compile(r"[0-9a-f]{40}(-dirty)?")


def _result(value: float) -> ResultSet:
    figure = Figure()
    figure.subplots().plot([0, 1], [0, value])
    manifest = manifest_for(
        ResultSpec("demo", "run", inputs={"x": 1}, method="monte-carlo", seed=3, trials=10, chunk_size=5),
        elapsed=0.5,
        standard_errors={"max": 0.1},
        command="test",
    )
    return ResultSet("demo", "run", {"table": pd.DataFrame({"a": [value]})}, {"chart": figure}, manifest)


def test_layout_and_manifest(tmp_path):
    folder = write_results(_result(1.0), tmp_path)
    assert folder == tmp_path / "demo" / "run"
    assert sorted(p.name for p in folder.iterdir()) == ["chart.png", "manifest.json", "table.csv"]
    manifest = json.loads((folder / "manifest.json").read_text())
    for key in (
        "inputs",
        "seed",
        "chunk_size",
        "trials",
        "method",
        "standard_errors",
        "elapsed_seconds",
        "package_version",
        "git_revision",
        "files",
    ):
        assert key in manifest
    assert manifest["files"] == ["chart.png", "table.csv"]
    assert (folder / "chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_rewrite_replaces_and_leaves_no_temporary_folders(tmp_path):
    write_results(_result(1.0), tmp_path)
    folder = write_results(_result(2.0), tmp_path)
    assert pd.read_csv(folder / "table.csv").a.tolist() == [2.0]
    assert [p.name for p in (tmp_path / "demo").iterdir()] == ["run"]


def test_a_failed_write_keeps_the_previous_result_whole(tmp_path):
    write_results(_result(1.0), tmp_path)
    broken = _result(3.0)
    broken.manifest["inputs"] = {"bad": object()}  # not JSON: fails after the tables were written
    with pytest.raises(TypeError):
        write_results(broken, tmp_path)
    assert pd.read_csv(tmp_path / "demo" / "run" / "table.csv").a.tolist() == [1.0]
    assert [p.name for p in (tmp_path / "demo").iterdir()] == ["run"]


def test_results_folders_are_not_private(tmp_path):
    folder = write_results(_result(1.0), tmp_path)
    assert folder.stat().st_mode & 0o055  # readable by others, unlike mkdtemp's 0700


def test_a_failed_swap_puts_the_previous_result_back(tmp_path, monkeypatch):
    import os

    import analyzer.report as report

    write_results(_result(1.0), tmp_path)
    real_replace = os.replace

    def failing_replace(src, dst):
        if ".run." in str(src) and not str(src).startswith(str(tmp_path / "demo" / ".run.old")):
            raise OSError("disk full")
        return real_replace(src, dst)

    monkeypatch.setattr(report.os, "replace", failing_replace)
    with pytest.raises(OSError, match="disk full"):
        write_results(_result(2.0), tmp_path)
    monkeypatch.setattr(report.os, "replace", real_replace)
    assert pd.read_csv(tmp_path / "demo" / "run" / "table.csv").a.tolist() == [1.0]
    assert [p.name for p in (tmp_path / "demo").iterdir()] == ["run"]


def test_the_revision_of_this_checkout():
    package = Path(analyzer.__file__).resolve().parent
    if shutil.which("git") is None or not (package.parent / ".git").exists():
        pytest.skip("not running from a git checkout")
    assert REVISION.fullmatch(revision_of(package))
    assert git_revision() == revision_of(package) and git_revision.cache_info().currsize == 1


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_revision_is_the_commit_dirty_when_tracked_files_changed_and_unknown_elsewhere(tmp_path):
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()

    assert revision_of(tmp_path) == "unknown"  # not a checkout
    git("init", "-q")
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "mod.py").write_text("x = 1\n")
    git("add", "pkg")
    git("commit", "-q", "-m", "one")
    head = git("rev-parse", "HEAD")
    assert revision_of(package) == head and REVISION.fullmatch(head)
    (package / "new.py").write_text("")  # untracked files do not count
    assert revision_of(package) == head
    (package / "mod.py").write_text("x = 2\n")
    assert revision_of(package) == f"{head}-dirty"
    git("add", "pkg/mod.py")  # nor does staging hide a change
    assert revision_of(package) == f"{head}-dirty"
    (tmp_path / "other").mkdir()
    assert revision_of(tmp_path / "other") == "unknown"  # a folder git does not track
