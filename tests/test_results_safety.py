"""Nothing lost, nothing stale: output folders are checked before anything runs, a killed
writer's leftovers are cleaned up by the next write, a result is replaced only by one of the
same spec unless forced, batch checkpoints are kept per spec file (not per file name) and
removed after success, and error lines are one short line."""

from __future__ import annotations

import fcntl
import json
import os
import re
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pandas as pd
import pytest

import analyzer.batch
import analyzer.studies
from analyzer.batch import checkpoint_folder, read_spec, run_spec
from analyzer.cli.errors import MAX_MESSAGE
from analyzer.report import (
    ResultSet,
    ResultSpec,
    check_replaceable,
    check_writable,
    manifest_for,
    write_result_sets,
    write_results,
)
from analyzer.sim.checkpoint import CheckpointStore
from conftest import run_main

ROOT = Path(__file__).resolve().parent.parent
SPEC = 'analysis = "head_to_head.tables"\n\n[params]\nstudies = ["round_types"]\nrounds = {rounds}\nseed = 5\n'


def _spec(trials: int = 10, seed: int = 3, name: str = "run") -> ResultSpec:
    return ResultSpec(
        "demo", name, inputs={"x": 1, "players": (3, 4)}, method="monte-carlo", seed=seed, trials=trials, chunk_size=5
    )


def _result(trials: int = 10, seed: int = 3, value: float = 1.0, name: str = "run") -> ResultSet:
    manifest = manifest_for(_spec(trials, seed, name), elapsed=0.1)
    return ResultSet("demo", name, {"table": pd.DataFrame({"a": [value]})}, {}, manifest)


def _table(folder: Path) -> list[float]:
    return pd.read_csv(folder / "table.csv").a.tolist()


@pytest.fixture
def command(monkeypatch, capsys):
    """Run the console script's entry point in-process: ``command("batch", ...)`` is its exit
    code and what it printed to stderr."""

    def run(*args: str) -> tuple[int, str]:
        code, _, err = run_main(monkeypatch, capsys, args)
        return code, err

    return run


# --- output folders are checked before anything runs


@pytest.mark.parametrize("bad", ["/dev/null", "/dev/null/x", "/proc/x"])
def test_an_output_root_that_cannot_hold_folders_is_refused(bad):
    with pytest.raises(ValueError, match=f"cannot write results to {bad}: "):
        check_writable(bad)


def test_an_existing_file_is_refused_and_a_new_nested_folder_is_accepted_without_creating_it(tmp_path):
    file = tmp_path / "file.txt"
    file.write_text("x")
    with pytest.raises(ValueError, match="not a folder"):
        check_writable(file)
    with pytest.raises(ValueError, match=rf"\({file} is not a folder\)"):
        check_writable(file / "below")
    check_writable(tmp_path / "new" / "deeper")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file.txt"]  # the probe left nothing


@pytest.mark.parametrize(
    "args",
    [
        ["holdem", "preflop-table", "-n", "10"],
        ["mousel", "tables", "-n", "100"],
        ["whist", "tables"],
        ["batch", str(ROOT / "results" / "holdem" / "preflop_table.toml")],
    ],
)
@pytest.mark.parametrize("bad", ["/dev/null", "/proc/x"])
def test_tables_and_batch_refuse_a_bad_out_at_once(args, bad, monkeypatch, command):
    def no_study(*_, **__):
        raise AssertionError("the study ran before --out was checked")

    monkeypatch.setattr(analyzer.studies, "run_study", no_study)
    monkeypatch.setattr(analyzer.batch, "run_study", no_study)
    code, err = command(*args, "--out", bad)
    assert code == 1 and err.startswith(f"error: cannot write results to {bad}: ") and err.count("\n") == 1


@pytest.mark.parametrize("force", [[], ["--force"]])
def test_a_file_where_a_games_folder_belongs_is_refused_before_the_study_runs(tmp_path, monkeypatch, command, force):
    """``OUT/<analysis>`` a file (not the root): refused before the study runs, forced or not,
    where it was found only when the computed results were written."""

    def no_study(*_, **__):
        raise AssertionError("the study ran before OUT/holdem was checked")

    monkeypatch.setattr(analyzer.studies, "run_study", no_study)
    monkeypatch.setattr(analyzer.batch, "run_study", no_study)
    (tmp_path / "holdem").write_text("not a folder")
    for args in (["holdem", "preflop-table"], ["batch", str(ROOT / "results" / "holdem" / "preflop_table.toml")]):
        code, err = command(*args, "--out", str(tmp_path), *force)
        assert (
            code == 1
            and err == f"error: {_spec_prefix(args)}cannot write results to {tmp_path / 'holdem'}: not a folder\n"
        )


def _spec_prefix(args: list[str]) -> str:
    """What a batch's error line says before the reason: the spec file it refuses."""
    return f"spec {args[1]}: " if args[0] == "batch" else ""


def test_a_bad_out_fails_in_a_fresh_process_quickly():
    start = time.monotonic()
    run = subprocess.run(
        [sys.executable, "-m", "analyzer.cli.main", "holdem", "preflop-table", "--out", "/dev/null"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert run.returncode == 1 and run.stderr == "error: cannot write results to /dev/null: not a folder\n"
    assert time.monotonic() - start < 10  # about half a second on an idle machine; shared CI is slower


# --- a killed writer's leftovers


def test_a_killed_writers_staging_folders_are_removed_by_the_next_write(tmp_path):
    write_results(_result(), tmp_path)
    demo = tmp_path / "demo"
    leftovers = [demo / ".run.staging-k2j4h5g6", demo / ".run.old-1764590000000000000"]
    for folder in leftovers:  # as a writer killed mid-write leaves them (a replaced result whole)
        folder.mkdir()
        (folder / "table.csv").write_text("a\n9\n")
    (leftovers[1] / "manifest.json").write_text("{}")
    unrelated = [demo / ".other.staging-k2j4h5g6", demo / ".run.notes", demo / ".run.staging-file"]
    unrelated[0].mkdir()
    unrelated[1].mkdir()
    unrelated[2].write_text("a file, not a staging folder")
    # a user's own copies beside the result, named like a writer's folders but not as one names them
    for name in (".run.original", ".run.20261205", ".run.backup_1", ".run.old-1", ".run.staging-mine"):
        unrelated.append(demo / name)
        unrelated[-1].mkdir()
        (unrelated[-1] / "manifest.json").write_text("{}")
    write_results(_result(value=2.0), tmp_path)
    assert _table(demo / "run") == [2.0]
    assert sorted(p.name for p in demo.iterdir()) == sorted(["run", *(p.name for p in unrelated)])
    (demo / "run").rename(demo / ".run.moved")  # no result in place: none of the user's is put there
    write_results(_result(value=3.0), tmp_path)
    assert _table(demo / "run") == [3.0] and all(p.exists() for p in unrelated)


def test_a_result_moved_aside_by_a_killed_writer_is_put_back(tmp_path):
    folder = write_results(_result(trials=10), tmp_path)
    folder.rename(folder.with_name(".run.old-1764590000000000000"))  # killed between the two renames
    with pytest.raises(ValueError, match="holds a result with trials 10; this run has trials 20"):
        write_results(_result(trials=20), tmp_path)
    assert _table(folder) == [1.0] and sorted(p.name for p in folder.parent.iterdir()) == ["run"]


def test_a_live_writers_staging_folder_is_left_alone_until_it_finishes(tmp_path):
    write_results(_result(), tmp_path)
    demo = tmp_path / "demo"
    live = demo / ".run.staging-livewrit"
    live.mkdir()
    handle = os.open(demo, os.O_RDONLY)
    fcntl.flock(handle, fcntl.LOCK_EX)  # another writer of results/demo is at work
    writer = threading.Thread(target=write_results, args=(_result(value=2.0), tmp_path))
    writer.start()
    writer.join(0.5)
    assert writer.is_alive() and live.exists() and _table(demo / "run") == [1.0]  # it waits its turn
    os.close(handle)
    writer.join(30)
    assert not writer.is_alive() and not live.exists() and _table(demo / "run") == [2.0]


# --- no silent overwrite


def test_the_same_spec_replaces_its_result(tmp_path):
    write_results(_result(value=1.0), tmp_path)
    assert _table(write_results(_result(value=2.0), tmp_path)) == [2.0]


def test_a_different_spec_is_refused_saying_what_differs_unless_forced(tmp_path):
    folder = write_results(_result(trials=200000, seed=7), tmp_path)
    message = f"{folder}: holds a result with seed 7, trials 200000; this run has seed 3, trials 2000: give --force"
    with pytest.raises(ValueError, match=message):
        write_results(_result(trials=2000, seed=3, value=2.0), tmp_path)
    assert _table(folder) == [1.0]
    assert _table(write_results(_result(trials=2000, value=2.0), tmp_path, force=True)) == [2.0]


def test_differing_inputs_are_named_by_their_field_path(tmp_path):
    write_results(_result(), tmp_path)
    other = _result()
    other.manifest["inputs"]["players"] = [3, 4, 5]
    with pytest.raises(ValueError, match=r"with inputs.players \[3,4\]; this run has inputs.players \[3,4,5\]"):
        write_results(other, tmp_path)


def test_a_folder_without_a_manifest_is_not_replaced_unless_forced(tmp_path):
    folder = tmp_path / "demo" / "run"
    folder.mkdir(parents=True)
    (folder / "notes.txt").write_text("mine")
    with pytest.raises(ValueError, match="holds no result manifest: give --force"):
        write_results(_result(), tmp_path)
    assert (folder / "notes.txt").exists()


def test_a_refused_result_set_writes_none_of_its_results(tmp_path):
    write_results(_result(name="second", trials=10), tmp_path)
    with pytest.raises(ValueError, match="second: holds a result"):
        write_result_sets([_result(name="first"), _result(name="second", trials=20)], tmp_path)
    assert sorted(p.name for p in (tmp_path / "demo").iterdir()) == ["second"]


def test_results_of_a_different_spec_are_refused_from_their_specs_alone(tmp_path):
    write_results(_result(trials=200000, seed=7), tmp_path)
    check_replaceable(tmp_path, [_spec(trials=200000, seed=7), _spec(name="new")])  # the same spec, or no result
    message = "holds a result with seed 7, trials 200000; this run has seed 3, trials 2000: give --force"
    with pytest.raises(ValueError, match=message):
        check_replaceable(tmp_path, [_spec(name="new"), _spec(trials=2000)])
    check_replaceable(tmp_path / "nowhere", [_spec()])
    assert not (tmp_path / "nowhere").exists()  # the check creates nothing


def without_run_lines(err: str) -> str:
    """``err`` without the start line and the end line every tables command writes (a long run,
    analyzer/cli/progress.py), which must be there when the run went through; what is left is
    the command's own message, if any."""
    lines = err.splitlines(keepends=True)
    assert lines[:1] == ["mousel tables: started\n"], err
    kept = [line for line in lines[1:] if not re.fullmatch(r"mousel tables: done in [^\n]+\n", line)]
    assert len(kept) >= len(lines) - 2, err
    return "".join(kept)


def test_the_tables_command_refuses_a_different_spec_in_one_line(tmp_path, command):
    def mousel_tables(deals: int, *more: str) -> tuple[int, str]:
        small = ["--sessions", "10", "--session-deals", "1", "--no-progress"]
        code, err = command("mousel", "tables", "-n", str(deals), *small, "--out", str(tmp_path), *more)
        return code, err if err.startswith("error:") else without_run_lines(err)

    assert mousel_tables(100) == (0, "")
    manifest = tmp_path / "mousel" / "thresholds" / "manifest.json"
    held = manifest.read_text()
    assert mousel_tables(100) == (0, "")  # the same spec again: replaced
    assert manifest.read_text() != held
    code, err = mousel_tables(200)
    assert code == 1 and err == (
        f"error: {manifest.parent}: holds a result with inputs.deals_per_cell 100, trials 1200; "
        "this run has inputs.deals_per_cell 200, trials 2400: give --force to replace it\n"
    )
    assert json.loads(manifest.read_text())["trials"] == 1200
    assert mousel_tables(200, "--force") == (0, "")
    assert json.loads(manifest.read_text())["trials"] == 2400


# --- batch checkpoints


def test_specs_with_one_file_name_have_their_own_checkpoints(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    for folder in ("a", "b"):
        (tmp_path / folder / "tables.toml").write_text(SPEC.format(rounds=40))
    a, b = read_spec(tmp_path / "a" / "tables.toml"), read_spec(tmp_path / "b" / "tables.toml")
    assert checkpoint_folder(a, tmp_path / "out") != checkpoint_folder(b, tmp_path / "out")
    assert checkpoint_folder(a, tmp_path / "out").name.startswith("tables-")


def test_a_spec_resumes_beside_another_specs_checkpoint_of_the_same_name(tmp_path):
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    (tmp_path / "a" / "tables.toml").write_text(SPEC.format(rounds=40))
    (tmp_path / "b" / "tables.toml").write_text(SPEC.format(rounds=60))
    a, b = read_spec(tmp_path / "a" / "tables.toml"), read_spec(tmp_path / "b" / "tables.toml")
    out = tmp_path / "out"
    interrupted = checkpoint_folder(a, out)  # as a killed run of spec a leaves it
    interrupted.mkdir(parents=True)
    (interrupted / "spec.sha256").write_text(a.digest)
    (written,) = run_spec(b, out, resume=True)
    assert pd.read_csv(written / "round_types.csv").rounds.unique().tolist() == [60]
    assert interrupted.exists() and not checkpoint_folder(b, out).exists()
    run_spec(a, out, resume=True, force=True)
    assert not (out / ".checkpoints").exists()  # no empty folder left after success


def test_a_batch_spec_of_another_result_is_refused_before_it_runs(tmp_path):
    spec_file = tmp_path / "tables.toml"
    spec_file.write_text(SPEC.format(rounds=40))
    out = tmp_path / "out"
    run_spec(read_spec(spec_file), out)
    spec_file.write_text(SPEC.format(rounds=50))
    spec = read_spec(spec_file)
    with pytest.raises(ValueError, match=r"this run has trials 4500: give --force to replace it$"):
        run_spec(spec, out)
    assert not checkpoint_folder(spec, out).exists()  # refused before anything ran


def test_a_batch_result_refused_at_the_write_keeps_its_checkpoints_for_a_forced_resume(tmp_path, monkeypatch):
    spec_file = tmp_path / "tables.toml"
    spec_file.write_text(SPEC.format(rounds=40))
    spec, out = read_spec(spec_file), tmp_path / "out"
    real_run_study = analyzer.batch.run_study

    def run_study_while_another_writes(*args, **kwargs):
        results = real_run_study(*args, **kwargs)
        (out / "head_to_head" / "round_types").mkdir(parents=True)  # another writer's result appears
        (out / "head_to_head" / "round_types" / "manifest.json").write_text('{"trials": 7}')
        return results

    monkeypatch.setattr(analyzer.batch, "run_study", run_study_while_another_writes)
    with pytest.raises(ValueError, match=r"give --force to replace it \(with --resume, from the checkpoints\)$"):
        run_spec(spec, out)
    assert list(checkpoint_folder(spec, out).glob("*.pkl"))  # every chunk is still there
    monkeypatch.setattr(analyzer.batch, "run_study", real_run_study)
    (written,) = run_spec(spec, out, resume=True, force=True)
    assert pd.read_csv(written / "round_types.csv").rounds.unique().tolist() == [40]
    assert not (out / ".checkpoints").exists()


def test_an_unreadable_checkpoint_chunk_runs_again(tmp_path):
    store = CheckpointStore(tmp_path)
    store.save("k", [1, 2])
    assert store.load("k", "chunk 0") == [1, 2]
    (tmp_path / "k.pkl").write_bytes((tmp_path / "k.pkl").read_bytes()[:5])  # cut short
    assert store.load("k", "chunk 0") is None and store.load("missing", "chunk 1") is None


# --- messages


def test_error_lines_are_cut_to_a_few_hundred_characters(command):
    code, err = command("holdem", "equity", "A" * 100_000, "random")
    assert code in (1, 2) and err.count("\n") == 1 and err.startswith("error: bad range term 'AAAA")
    assert len(err) <= len("error: \n") + MAX_MESSAGE


def test_a_usage_error_echoing_a_huge_value_is_one_short_line(command):
    code, err = command("holdem", "preflop-table", "-n", "9" * 100_000 + "x")
    assert code == 2 and err.count("\n") == 1 and len(err) <= len("error: \n") + MAX_MESSAGE


def test_a_file_that_cannot_be_written_is_named_in_one_line(tmp_path, command):
    (tmp_path / "mousel").write_text("a file where the analysis folder belongs")
    small = ["-n", "100", "--sessions", "10", "--session-deals", "1", "--no-progress"]
    code, err = command("mousel", "tables", *small, "--out", str(tmp_path))
    assert (code, err) == (1, f"error: cannot write results to {tmp_path / 'mousel'}: not a folder\n")  # at once


def test_mousel_tables_of_a_small_run_print_no_warning(tmp_path, command):
    """A small run leaves strength bins below MIN_DEALS deals, so some chart panels have nothing
    to draw: the charts say so instead of warning about an empty legend."""
    small = ["-n", "100", "--sessions", "10", "--session-deals", "1", "--no-progress"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        code, err = command("mousel", "tables", *small, "--out", str(tmp_path))
    assert (code, without_run_lines(err)) == (0, "")
    assert (tmp_path / "mousel" / "thresholds" / "going_along.png").is_file()


# --- a query's own files (--out, --chart)


def test_a_file_made_while_a_query_ran_is_not_replaced_without_force(tmp_path, monkeypatch, command):
    """``--out`` is checked before the run and written after it: a file another command wrote
    there meanwhile (the same --out given twice) is refused at the write, not replaced; with
    ``--force`` it is replaced. A dangling symbolic link counts as a file there."""
    import analyzer.cli.output_files as output_files

    out = tmp_path / "race.csv"
    write = output_files.OutputFile.write

    def another_command_first(self, writer):
        out.write_text("the other command's table\n")  # lands between the check and the write
        return write(self, writer)

    monkeypatch.setattr(output_files.OutputFile, "write", another_command_first)
    code, err = command("holdem", "flops", "AsKs", "QdQc", "--out", str(out))
    assert (code, err) == (1, f"error: {out}: exists: give --force to replace it\n")
    assert out.read_text() == "the other command's table\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["race.csv"]  # no temporary file left
    code, err = command("holdem", "flops", "AsKs", "QdQc", "--out", str(out), "--force")
    assert code == 0 and out.read_text().startswith("flop,")
    monkeypatch.undo()
    link = tmp_path / "dangling.csv"
    link.symlink_to(tmp_path / "nowhere.csv")
    code, err = command("holdem", "flops", "AsKs", "QdQc", "--out", str(link))
    assert (code, err) == (1, f"error: {link}: exists: give --force to replace it\n") and link.is_symlink()
