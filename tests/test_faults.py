"""Faults end in one line: Ctrl-C stops a long kernel loop at once, a run that cannot have the
memory it needs is refused up front, and a MemoryError anywhere is one error line. (The Dask
faults are in test_dask.py.)"""

import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import typer

from analyzer.cli.errors import reported_errors
from analyzer.sim import memory
from tests.cli_process import ctrl_c_as_in_a_terminal

SCRIPT = [sys.executable, "-m", "analyzer.cli.main"]


def _run_and_interrupt(args, after=3.0):
    """Start the command, send SIGINT ``after`` seconds in; (exit code, seconds it took to exit, stderr)."""
    process = subprocess.Popen(
        [*SCRIPT, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=ctrl_c_as_in_a_terminal,
    )
    time.sleep(after)
    assert process.poll() is None, process.communicate()[1]  # still computing when interrupted
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    try:
        _, err = process.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        pytest.fail("the run ignored Ctrl-C for 20 s")
    return process.returncode, time.monotonic() - sent, err


@pytest.mark.parametrize("threads", ["1", "2"])  # one thread runs inline, two on a pool
def test_ctrl_c_stops_a_session_of_a_billion_deals_at_once(threads):
    """One Mousel session of a billion deals is one kernel call of hours: the main thread does not
    run it, so Ctrl-C ends the run at once, and the chunk left running does not hold up the exit."""
    code, seconds, err = _run_and_interrupt(["mousel", "play", "--deals", "1000000000", "--threads", threads])
    assert code == 130
    assert seconds < 3
    assert err.strip().splitlines() == ["error: interrupted"]


def _limited(address_space):
    def limit():
        resource.setrlimit(resource.RLIMIT_AS, (address_space, resource.getrlimit(resource.RLIMIT_AS)[1]))

    return limit


def test_the_optimal_split_edge_is_refused_up_front_under_2_gb(tmp_path):
    """It needs about 1.9 GB on one thread: refused in one line before anything is built."""
    began = time.monotonic()
    done = subprocess.run(
        [*SCRIPT, "paigow", "exact-edge", "--strategy", "optimal", "--cache", str(tmp_path)],
        capture_output=True,
        text=True,
        preexec_fn=_limited(2 * 10**9),
        timeout=120,
    )
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == [
        next(line for line in done.stderr.splitlines() if line.startswith("error: out of memory: "))
    ]
    assert "the optimal-split edge on 1 thread needs about 1.9 GB" in done.stderr
    assert "address-space limit (RLIMIT_AS) of 2.0 GB" in done.stderr
    assert time.monotonic() - began < 60
    assert not list(Path(tmp_path).iterdir())  # no table was built


def test_the_setting_table_is_refused_up_front_when_it_cannot_fit():
    """The table is 617 MB: with a limit 300 MB above what the process maps, the build is refused
    before it allocates (or works) anything."""
    code = (
        "import resource\n"
        "from analyzer.sim.memory import _status_bytes\n"
        "from analyzer.games.paigow.settings_table import FULL_DECK, build_table\n"
        "used = _status_bytes('/proc/self/status', 'VmSize')\n"
        "resource.setrlimit(resource.RLIMIT_AS, (used + 300 * 10**6, resource.RLIM_INFINITY))\n"
        "try:\n"
        "    build_table(FULL_DECK, 0)\n"
        "except MemoryError as err:\n"
        "    print(err)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.stdout.startswith("the setting table needs about 617 MB of memory, but the address-space limit")


def test_require_names_the_need_and_the_limit(monkeypatch):
    monkeypatch.setattr(memory, "available", lambda: (2e9, "only 2.0 GB of physical memory is available"))
    memory.require(2 * 10**9, "a run")
    with pytest.raises(MemoryError, match=r"^a run needs about 3\.0 GB of memory, but only 2\.0 GB of physical"):
        memory.require(3 * 10**9, "a run")


def test_available_memory_is_bounded_by_the_address_space_limit():
    code = (
        "import resource\n"
        "from analyzer.sim.memory import available\n"
        "resource.setrlimit(resource.RLIMIT_AS, (4 * 10**9, resource.RLIM_INFINITY))\n"
        "room, limit = available()\n"
        "print(0 < room < 4e9, limit)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.startswith("True the address-space limit (RLIMIT_AS) of 4.0 GB leaves ")


def _numba_parallel_error():
    error = SystemError("CPUDispatcher(<function f>) returned a result with an exception set")
    error.__cause__ = MemoryError("Allocation failed (probably too large).")
    return error


@pytest.mark.parametrize(
    "error, line",
    [
        (
            MemoryError("Unable to allocate 7.45 GiB for an array"),
            "out of memory: Unable to allocate 7.45 GiB for an array",
        ),
        (_numba_parallel_error(), "out of memory: Allocation failed (probably too large)."),
        (MemoryError(), "out of memory"),
    ],
)
def test_a_memory_error_anywhere_is_one_line(error, line, capsys):
    """numpy's MemoryError, and Numba's from a parallel kernel (the cause of a SystemError)."""
    with pytest.raises(typer.Exit) as stop, reported_errors():
        raise error
    assert stop.value.exit_code == 1
    assert capsys.readouterr().err == f"error: {line}\n"


def test_any_other_system_error_keeps_its_traceback():
    with pytest.raises(SystemError, match="bad"), reported_errors():
        raise SystemError("bad")
