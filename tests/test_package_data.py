"""Package data is read-only at run time: studies write under their output folder only, and the
shipped tuned vectors are refreshed by an explicit developer command that checks its input and
writes atomically (:mod:`analyzer.studies.refresh_tuned`)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

import analyzer
from analyzer.batch import read_spec, run_spec
from analyzer.sim.runner import Runner
from analyzer.studies.refresh_tuned import SHIPPED, refresh
from analyzer.studies.refresh_tuned import main as refresh_main

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = Path(analyzer.__file__).parent
TUNING = {  # the committed tuning specs, with tiny parameters
    "head_to_head/tuning": "tuning_deals = 20\nsweeps = 1\nvalidation_deals = 10\nseed = 3\n",
    "saint_poker/tuning": "tuning_deals = 3\nsweeps = 1\nvalidation_deals = 3\nseed = 3\n",
}


def _package_files() -> dict[str, str]:
    """Every file of the package (compiled-code caches aside) by path: its SHA-256."""
    return {
        str(path.relative_to(PACKAGE)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(PACKAGE.rglob("*"))
        if path.is_file() and "__pycache__" not in path.parts
    }


@pytest.mark.parametrize("key", list(TUNING))
def test_a_tuning_spec_writes_its_vectors_under_out_and_leaves_the_package_alone(tmp_path, key):
    """The committed spec, with tiny parameters, run into a scratch folder: every package file is
    byte-identical afterwards, and the tuned vectors are the result's document, in the form the
    package file has and at full precision (the vector table's 10 digits aside)."""
    committed = (ROOT / "results" / f"{key}.toml").read_text()
    spec_path = tmp_path / "tuning.toml"
    spec_path.write_text(committed.split("[params]")[0] + "[params]\n" + TUNING[key])
    before = _package_files()
    (folder,) = run_spec(read_spec(spec_path), tmp_path / "out", runner=Runner(threads=1))
    assert _package_files() == before
    shipped, check = SHIPPED[key]
    document = json.loads((folder / shipped.name).read_text())
    assert shipped.name in json.loads((folder / "manifest.json").read_text())["files"]
    read = check(document, "document")  # as the tuned players read it
    vectors = read if isinstance(read, dict) else {"tuned": read}
    table = pd.read_csv(folder / "vector.csv")
    for name, vector in vectors.items():
        assert vector.tolist() == pytest.approx(table[name.replace("-", "_")].tolist(), rel=1e-9, abs=1e-12)


@pytest.mark.parametrize("key", list(SHIPPED))
def test_the_shipped_files_are_the_committed_results_documents(key):
    """What the package ships is, byte for byte, the document of the committed tuning result."""
    shipped, _ = SHIPPED[key]
    assert shipped.read_bytes() == (ROOT / "results" / key / shipped.name).read_bytes()


@pytest.mark.parametrize("key", list(SHIPPED))
def test_refresh_copies_a_checked_document_atomically(tmp_path, key, monkeypatch):
    """The copy is the document's bytes, written to a temporary file in the target's folder and
    renamed into place: the target never holds a partial file, and nothing else is left."""
    shipped, _ = SHIPPED[key]
    target = tmp_path / shipped.name
    target.write_text("old")
    renames = []
    real_replace = os.replace

    def replace(source, destination):
        renames.append((Path(source), Path(destination), target.read_text()))
        real_replace(source, destination)

    monkeypatch.setattr(os, "replace", replace)
    assert refresh(ROOT / "results" / key, target) == target
    assert target.read_bytes() == shipped.read_bytes()
    ((source, destination, held),) = renames
    assert source.parent == tmp_path and destination == target and held == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == [shipped.name]


def _result(folder: Path, key: str, document: object) -> Path:
    """A result folder of ``key`` holding ``document`` as its tuned-vector file."""
    analysis, name = key.split("/")
    folder.mkdir()
    (folder / "manifest.json").write_text(json.dumps({"analysis": analysis, "name": name}))
    (folder / SHIPPED[key][0].name).write_text(document if isinstance(document, str) else json.dumps(document))
    return folder


def _good(key: str) -> dict:
    return json.loads(SHIPPED[key][0].read_text())


BAD = [
    ("head_to_head/tuning", lambda d: {**d, "version": 9}, "is version 9"),
    ("head_to_head/tuning", lambda d: {**d, "params": {"made_pair": 1.0}}, "expected the entries"),
    ("head_to_head/tuning", lambda d: {**d, "params": {**d["params"], "flush_1": "x"}}, "must be a number"),
    ("head_to_head/tuning", lambda d: {**d, "params": {**d["params"], "contest_scale": 0}}, "contest_scale"),
    ("head_to_head/tuning", lambda d: [d], "expected a JSON object"),
    ("head_to_head/tuning", lambda d: "{not json", "not valid JSON"),
    ("saint_poker/tuning", lambda d: {k: v for k, v in d.items() if k != "tuned-save"}, "tuned-save: expected"),
    ("saint_poker/tuning", lambda d: {**d, "tuned": {**d["tuned"], "rank": None}}, "finite"),
]


@pytest.mark.parametrize(("key", "spoil", "message"), BAD)
def test_refresh_refuses_a_bad_document_in_one_line_and_writes_nothing(tmp_path, capsys, key, spoil, message):
    folder = _result(tmp_path / "result", key, spoil(_good(key)))
    target = tmp_path / "target.json"
    target.write_text("old")
    with pytest.raises(SystemExit) as stop:
        refresh_main([str(folder), "--to", str(target)])
    out, err = capsys.readouterr()
    assert stop.value.code == 1 and out == ""
    assert err.startswith("error: ") and err.count("\n") == 1 and message in err, err
    assert str(folder) in err  # names the file
    assert target.read_text() == "old" and sorted(p.name for p in tmp_path.iterdir()) == ["result", "target.json"]


def test_refresh_refuses_a_folder_that_is_not_a_tuning_result(tmp_path):
    with pytest.raises(ValueError, match=r"holds the result holdem/preflop_vs_random, not a tuning result"):
        refresh(ROOT / "results" / "holdem" / "preflop_vs_random", tmp_path / "x.json")
    with pytest.raises(ValueError, match=r"cannot read .*manifest\.json"):
        refresh(tmp_path, tmp_path / "x.json")
    assert list(tmp_path.iterdir()) == []


def test_refresh_usage_errors_are_one_line(tmp_path):
    run = subprocess.run(
        [sys.executable, "-m", "analyzer.studies.refresh_tuned"], capture_output=True, text=True, cwd=tmp_path
    )
    assert run.returncode == 2 and run.stderr.startswith("error: ") and run.stderr.count("\n") == 1, run.stderr
