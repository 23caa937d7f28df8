"""Batch runs never destroy or misuse work: an interrupted run's checkpoints survive a rerun
(which is refused unless told --resume or --restart), the interruption says what it kept and
the command that goes on, a lock keeps a second run of a spec off its --out (a dead holder's
lock is taken over), and a damaged checkpoint -- flipped bytes, cut short, garbage, another
run's, altered values that still unpickle -- is reported, set aside and computed again, so
the tables equal an uninterrupted run's."""

from __future__ import annotations

import hashlib
import logging
import os
import pickle
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from analyzer.batch import checkpoint_folder, read_spec, run_spec
from analyzer.sim.checkpoint import DAMAGED, MAGIC, CheckpointStore, checkpointing, count, lock_path, run_lock
from analyzer.sim.runner import Runner
from tests.cli_process import ctrl_c_as_in_a_terminal

ROOT = Path(__file__).resolve().parent.parent
SPEC = 'analysis = "head_to_head.tables"\n\n[params]\nstudies = ["round_types"]\nrounds = {rounds}\nseed = 7\n'


def _tables(out: Path) -> dict[str, str]:
    folder = out / "head_to_head" / "round_types"
    return {p.name: p.read_text() for p in sorted(folder.glob("*.csv"))}


def _interrupted(spec_file: Path, out: Path, after: int = 3) -> Path:
    """Run the spec until its progress reports ``after`` steps, then stop it as Ctrl-C does;
    its checkpoint folder, holding some chunks."""
    spec = read_spec(spec_file)

    def stop(done: int, total: int | None) -> None:
        if done == after:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_spec(spec, out, runner=Runner(progress=stop))
    folder = checkpoint_folder(spec, out)
    assert count(folder) > 0 and not (out / "head_to_head").exists()
    return folder


def _write_spec(folder: Path) -> Path:
    path = folder / "round_types.toml"
    path.write_text(SPEC.format(rounds=40))
    return path


@pytest.fixture
def spec_file(tmp_path) -> Path:
    return _write_spec(tmp_path)


@pytest.fixture(scope="module")
def whole(tmp_path_factory) -> dict[str, str]:
    """The tables of an uninterrupted run of the spec of ``spec_file`` (run once, read-only)."""
    folder = tmp_path_factory.mktemp("whole")
    run_spec(read_spec(_write_spec(folder)), folder / "out")
    return _tables(folder / "out")


# --- a rerun never destroys work


def _stopped_batch(tmp_path, *options: str, stop: int) -> tuple[Path, subprocess.Popen, str]:
    """A batch of a 4,000-round spec in a process of its own, sent ``stop`` once it has three
    checkpoints: its checkpoint folder, the ended process and its stderr."""
    (tmp_path / "spec.toml").write_text(SPEC.format(rounds=4000))
    folder = checkpoint_folder(read_spec(tmp_path / "spec.toml"), tmp_path / "out")
    process = subprocess.Popen(
        [sys.executable, "-m", "analyzer.cli.main", "batch", "spec.toml", "--out", "out", *options],
        cwd=tmp_path,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_in_a_terminal,
    )
    deadline = time.monotonic() + 300
    while count(folder) < 3 and process.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    process.send_signal(stop)
    _, err = process.communicate(timeout=300)
    return folder, process, err


@pytest.mark.slow
def test_a_ctrl_c_says_what_it_kept_and_a_rerun_without_resume_keeps_it(tmp_path, main_run):
    """The test of issue 45: a batch in a process of its own gets SIGINT once it has checkpoints."""
    out = tmp_path / "out"
    folder, process, err = _stopped_batch(tmp_path, "--threads", "2", stop=signal.SIGINT)
    kept = count(folder)
    assert process.returncode == 130 and 0 < kept < 180, err
    (line,) = err.splitlines()[-1:]
    go_on = "poker-analyzer batch spec.toml --out out --resume --threads 2"
    assert (
        line == f"error: interrupted; kept {kept} checkpoint files in {folder.relative_to(tmp_path)}; to go on: {go_on}"
    )

    code, _, err = main_run("batch", "spec.toml", "--out", "out")
    assert code == 1 and err.count("\n") == 1 and "--resume" in err and "--restart" in err, err
    assert f"holds {kept} checkpoint files of an interrupted run" in err
    assert count(folder) == kept  # nothing was deleted
    code, _, err = main_run(*shlex.split(go_on)[1:])  # the command the interruption gave
    assert code == 0, err
    assert f"resuming: {kept} chunks done (checkpoints in {folder.relative_to(tmp_path)})" in err.splitlines()
    assert not (out / ".checkpoints").exists()


def test_sigterm_ends_a_batch_as_ctrl_c_does(tmp_path):
    folder, process, err = _stopped_batch(tmp_path, "--no-progress", stop=signal.SIGTERM)
    assert process.returncode == 130 and err.splitlines()[-1].startswith("error: interrupted; kept "), err
    assert err.splitlines()[-1].endswith("to go on: poker-analyzer batch spec.toml --out out --resume --no-progress")
    assert not lock_path(folder).exists()


def test_the_go_on_command_names_only_the_specs_not_yet_written(tmp_path, main_run, monkeypatch):
    import analyzer.batch

    for name in ("a", "b", "c"):
        (tmp_path / f"{name}.toml").write_text(SPEC.format(rounds=40 + len(name)))
    real_run_study = analyzer.batch.run_study
    runs = []

    def second_one_interrupted(*args, **kwargs):
        runs.append(args)
        if len(runs) == 2:
            raise KeyboardInterrupt
        return real_run_study(*args, **kwargs)

    monkeypatch.setattr(analyzer.batch, "run_study", second_one_interrupted)
    code, _, err = main_run("batch", "a.toml", "b.toml", "c.toml", "--out", "out", "--force")
    assert code == 130 and err.endswith("to go on: poker-analyzer batch b.toml c.toml --out out --resume --force\n")


def test_restart_discards_the_checkpoints_and_starts_over(tmp_path, spec_file, whole, caplog):
    out = tmp_path / "out"
    folder = _interrupted(spec_file, out)
    (folder / ("0" * 40 + ".pkl")).write_bytes(b"not a chunk")  # were it read, it would be reported
    with caplog.at_level(logging.INFO, logger="analyzer"):
        run_spec(read_spec(spec_file), out, restart=True)
    assert caplog.messages == []  # neither resumed nor read a damaged file
    assert _tables(out) == whole and not folder.exists()


def test_resume_says_what_it_resumes_and_equals_an_uninterrupted_run(tmp_path, spec_file, whole, caplog):
    out = tmp_path / "out"
    folder = _interrupted(spec_file, out)
    kept = count(folder)
    with caplog.at_level(logging.INFO, logger="analyzer"):
        run_spec(read_spec(spec_file), out, resume=True)
    assert caplog.messages == [f"resuming: {kept} chunks done (checkpoints in {folder})"]
    assert _tables(out) == whole


def test_resume_with_nothing_to_resume_says_so_and_runs(tmp_path, spec_file, whole, main_run):
    code, _, err = main_run("batch", str(spec_file), "--out", "out", "--resume", "--no-progress")
    folder = checkpoint_folder(read_spec(spec_file), "out")
    assert code == 0 and f"nothing to resume in {folder}: starting" in err.splitlines(), err
    assert _tables(tmp_path / "out") == whole


def test_resume_and_restart_together_are_a_usage_error(tmp_path, spec_file, main_run):
    code, _, err = main_run("batch", str(spec_file), "--out", "out", "--resume", "--restart")
    assert code == 2 and "give --resume or --restart, not both" in err and err.count("\n") == 1


def test_a_batch_of_several_specs_refuses_before_running_any(tmp_path, spec_file, main_run):
    first = tmp_path / "first.toml"
    first.write_text(SPEC.format(rounds=50))
    _interrupted(spec_file, tmp_path / "out")
    code, _, err = main_run("batch", "first.toml", str(spec_file), "--out", "out")
    assert code == 1 and "--resume" in err and err.count("\n") == 1
    assert not (tmp_path / "out" / "head_to_head").exists()  # first.toml did not run


# --- one run at a time


def test_a_second_run_of_a_spec_on_one_out_is_refused_naming_the_first(tmp_path, spec_file, main_run):
    folder = checkpoint_folder(read_spec(spec_file), "out")
    with run_lock(folder):  # another run holds it (a lock conflicts with itself across opens)
        code, _, err = main_run("batch", str(spec_file), "--out", "out")
    assert code == 1 and err.count("\n") == 1, err
    assert f"spec {spec_file}: already running: process {os.getpid()} on " in err
    assert ", started 20" in err and str(lock_path(folder)) in err
    assert not (tmp_path / "out" / "head_to_head").exists()


def test_the_lock_of_a_killed_run_is_taken_over(tmp_path, spec_file, whole):
    folder = checkpoint_folder(read_spec(spec_file), tmp_path / "out")
    hold = f"with run_lock({str(folder)!r}):\n    print('locked', flush=True)\n    time.sleep(300)\n"
    code = f"import time\nfrom analyzer.sim.checkpoint import run_lock\n{hold}"
    holder = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    assert holder.stdout.readline() == "locked\n"
    with pytest.raises(ValueError, match=rf"already running: process {holder.pid} on "):
        run_spec(read_spec(spec_file), tmp_path / "out")
    holder.kill()
    holder.wait()
    assert str(holder.pid) in lock_path(folder).read_text()  # the dead run's lock file stays
    run_spec(read_spec(spec_file), tmp_path / "out")
    assert _tables(tmp_path / "out") == whole
    assert not lock_path(folder).exists()


# --- checkpoints verified


def _flip(data: bytes) -> bytes:
    return data[:-3] + bytes([data[-3] ^ 0xFF]) + data[-2:]


def _altered_values(data: bytes) -> bytes:
    """The payload of an array checkpoint with one value changed: it still unpickles."""
    head, payload = data[: data.index(b"\n", len(MAGIC)) + 1], data[data.index(b"\n", len(MAGIC)) + 1 :]
    value = pickle.loads(payload)
    altered = pickle.dumps(value + 1, protocol=4)
    assert len(altered) == len(payload) and not np.array_equal(pickle.loads(altered), value)
    return head + altered


DAMAGES = {
    "bad checksum": _flip,
    "truncated": lambda data: data[: len(data) // 2],
    "not a checkpoint file": lambda data: b"\x80\x04garbage that is no pickle \xff\xfe",
    "bad checksum ": _altered_values,  # the same reason: altered values are caught by the checksum
    "truncated ": lambda data: b"",
    "unreadable header": lambda data: MAGIC + b"{not json\n" + data[-10:],
}


@pytest.mark.parametrize("reason", DAMAGES)
def test_a_damaged_checkpoint_is_reported_set_aside_and_never_used(tmp_path, reason, caplog):
    store = CheckpointStore(tmp_path, run="spec digest")
    store.save("k", np.arange(4, dtype=np.int64))
    path = tmp_path / "k.pkl"
    path.write_bytes(DAMAGES[reason](path.read_bytes()))
    with caplog.at_level(logging.WARNING, logger="analyzer"):
        assert store.load("k", "chunk 3") is None
    (message,) = caplog.messages
    assert message.startswith(f"checkpoint {path} (chunk 3) is damaged ({reason.strip()}")
    assert message.endswith(f"): set aside as k.pkl{DAMAGED}, recomputing")
    assert not path.exists() and (tmp_path / f"k.pkl{DAMAGED}").exists()
    store.save("k", np.arange(4, dtype=np.int64))  # computed again
    assert store.load("k", "chunk 3").tolist() == [0, 1, 2, 3] and count(tmp_path) == 1


def test_a_checkpoint_of_another_run_or_key_is_damaged(tmp_path, caplog):
    CheckpointStore(tmp_path, run="other spec").save("k", [1])
    store = CheckpointStore(tmp_path, run="this spec")
    store.save("j", [2])
    os.replace(tmp_path / "j.pkl", tmp_path / "i.pkl")  # a file under another chunk's name
    with caplog.at_level(logging.WARNING, logger="analyzer"):
        assert store.load("k", "task 0") is None and store.load("i", "task 1") is None
    assert len(caplog.messages) == 2
    assert all("is damaged (another run's chunk: wrong key)" in message for message in caplog.messages)
    assert store.load("missing", "task 2") is None and len(caplog.messages) == 2  # a missing one is no damage


def test_a_checkpoint_that_does_not_unpickle_despite_its_checksum_is_damaged(tmp_path, caplog):
    store = CheckpointStore(tmp_path)
    store.save("k", [1])
    data = (tmp_path / "k.pkl").read_bytes()
    header, payload = data[len(MAGIC) :].split(b"\n", 1)
    garbage = b"\xff" * len(payload)
    fixed = header.replace(hashlib.sha256(payload).hexdigest().encode(), hashlib.sha256(garbage).hexdigest().encode())
    (tmp_path / "k.pkl").write_bytes(MAGIC + fixed + b"\n" + garbage)
    with caplog.at_level(logging.WARNING, logger="analyzer"):
        assert store.load("k", "task 0") is None
    assert "(cannot be unpickled: UnpicklingError)" in caplog.text


def test_damaged_checkpoints_of_a_batch_are_recomputed_to_the_same_tables(tmp_path, spec_file, whole, main_run):
    """Before checksums, garbage was reported as a bad spec (``'utf-8' codec can't decode``: a
    UnicodeDecodeError of the unpickler is a ValueError) and altered values were used."""
    folder = _interrupted(spec_file, tmp_path / "out", after=5)
    files = sorted(folder.glob("*.pkl"))
    for path, damage in zip(files, (_flip, lambda data: data[:40], DAMAGES["not a checkpoint file"])):
        path.write_bytes(damage(path.read_bytes()))
    files[3].write_bytes(files[4].read_bytes())  # another chunk's values, which unpickle well
    code, _, err = main_run("batch", str(spec_file), "--out", "out", "--resume", "--no-progress")
    assert code == 0, err
    damaged = [line for line in err.splitlines() if " is damaged (" in line]
    assert len(damaged) == 4 and all(line.startswith(f"checkpoint {folder.relative_to(tmp_path)}/") for line in damaged)
    assert all("(chunk " in line or "(task " in line for line in damaged)
    assert _tables(tmp_path / "out") == whole


def test_a_resumed_exact_edge_says_how_much_it_loaded(tmp_path, caplog):
    """The store behind ``paigow exact-edge`` names the total when the caller knows it."""
    CheckpointStore(tmp_path, run="r").save("k", [1])
    with caplog.at_level(logging.INFO, logger="analyzer"), checkpointing(tmp_path, run="r", total=40, unit="task"):
        pass
    assert caplog.messages == [f"resuming: 1 of 40 tasks done (checkpoints in {tmp_path})"]


def test_a_job_holding_a_module_kernel_has_the_same_key_in_every_process():
    """Numba pickles a kernel with an identity drawn afresh in every process, so a job holding
    one (the Whist and Mousel studies' KernelJobs) had another key when resumed and found none of
    its checkpoints. The same kernel with another identity (a second dispatcher of the same
    function, as another process makes) now gives the same key; another kernel another key."""
    import numba

    from analyzer.games.mousel.play import _play_sessions
    from analyzer.games.whist.play import _play_bid_deals
    from analyzer.sim.engine import KernelJob

    if not hasattr(_play_bid_deals, "py_func"):
        pytest.skip("kernels run as Python (NUMBA_DISABLE_JIT): pickled by name already")
    args = ((np.arange(3.0), 2), (), 5)
    again = numba.njit(_play_bid_deals.py_func)  # the same function, a fresh identity
    assert pickle.dumps(again) != pickle.dumps(_play_bid_deals)  # Numba's own pickles differ
    key = CheckpointStore.key(KernelJob(_play_bid_deals, *args), 7, 4096)
    assert CheckpointStore.key(KernelJob(again, *args), 7, 4096) == key
    assert CheckpointStore.key(KernelJob(_play_sessions, *args), 7, 4096) != key
