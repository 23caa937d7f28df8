"""Results on disk: layout, manifest, atomic replacement."""

import json

import pandas as pd
import pytest
from matplotlib.figure import Figure

from analyzer.report import ResultSet, manifest_for, write_results


def _result(value: float) -> ResultSet:
    figure = Figure()
    figure.subplots().plot([0, 1], [0, value])
    manifest = manifest_for(inputs={"x": 1}, method="monte-carlo", seed=3, trials=10, chunk_size=5, elapsed=0.5,
                            standard_errors={"max": 0.1}, command="test")
    return ResultSet("demo", "run", {"table": pd.DataFrame({"a": [value]})}, {"chart": figure}, manifest)


def test_layout_and_manifest(tmp_path):
    folder = write_results(_result(1.0), tmp_path)
    assert folder == tmp_path / "demo" / "run"
    assert sorted(p.name for p in folder.iterdir()) == ["chart.png", "manifest.json", "table.csv"]
    manifest = json.loads((folder / "manifest.json").read_text())
    for key in ("inputs", "seed", "chunk_size", "trials", "method", "standard_errors", "elapsed_seconds",
                "package_version", "files"):
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
