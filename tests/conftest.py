import io
import os
import subprocess
import sys

import numpy as np
import pytest
from hypothesis import settings

# Tests assert no timings (bench/ measures speed), and Hypothesis' per-example deadline is one:
# on a loaded 2-core machine a cold example overran it (916 ms against 200) with nothing wrong.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")


JITLESS_MODULES = ("test_cards.py", "test_kernels.py", "test_ranges.py", "test_draw_odds.py", "test_sim_kernels.py")
"""Whole test modules that run with every kernel as Python in seconds (besides the tests marked
``jitless`` one by one): the evaluator on every profile, ranges, exact draw odds, the run
engine's kernels."""


STOCK_PATH_MODULES = (
    "test_cli.py",
    "test_cli_coercion.py",
    "test_compile_notice.py",
    "test_guest.py",
    "test_kernel_cache.py",
    "test_kernels.py",
    "test_row_blocks.py",
    "test_startup.py",
    "test_symbol_linking.py",
)
"""Whole test modules marked ``stock_path``: the speed machinery's own tests (marked
:data:`speed_layer`; with the layer off they skip and their neighbours check the stock path),
the evaluator's compiled loops, and the console script started in processes. CI runs them,
with the ``jitless`` set (the evaluator, the run engine and every game's engine), compiled with
the speed layer off."""


def pytest_collection_modifyitems(items):
    for item in items:
        if item.get_closest_marker("whole_process"):
            item.add_marker(pytest.mark.slow)  # out of the fast tier, as the marker says
        if item.path.name in JITLESS_MODULES:
            item.add_marker(pytest.mark.jitless)
        if item.path.name in STOCK_PATH_MODULES:
            item.add_marker(pytest.mark.stock_path)


def _speed_layer_on() -> bool:
    from analyzer.jit import window

    return window.active()


speed_layer = pytest.mark.skipif(
    not _speed_layer_on(), reason="the speed layer is off (POKER_ANALYZER_SPEED_LAYER, untested Numba, or no JIT)"
)
"""For tests of the speed layer itself (analyzer.jit's fast start, symbol linking, scalar loops)."""


def pytest_configure(config):
    """With every kernel as Python (``NUMBA_DISABLE_JIT=1``, the ``jitless`` tests), an integer
    overflow numpy warns of is an error: Numba widens small integers (a ``uint8`` card code) to
    64 bits before any arithmetic, numpy keeps their type, so a sum or difference that overflows
    in plain Python is one the compiled kernel does not make. The random generator's ``uint64``
    arithmetic wraps by design (:mod:`analyzer.sim.rng`) and is left alone. (A shift warns of
    nothing: ``1 << code`` must be written ``np.int64(1) << code``.)"""
    if not os.environ.get("NUMBA_DISABLE_JIT"):  # not set: no need to import Numba to know
        return
    from numba import config as numba_config

    if numba_config.DISABLE_JIT:
        overflow = "overflow encountered in scalar"  # analyzer.sim.rng.OVERFLOW_WARNING
        config.addinivalue_line("filterwarnings", f"error:{overflow}:RuntimeWarning")
        config.addinivalue_line("filterwarnings", rf"ignore:{overflow}:RuntimeWarning:analyzer\.sim\.rng")


@pytest.fixture
def rng():
    return np.random.default_rng(20261129)


def random_hands(rng, n: int, k: int, deck_size: int = 52) -> np.ndarray:
    """``n`` hands of ``k`` distinct cards from a deck of ``deck_size`` codes."""
    return np.argsort(rng.random((n, deck_size)), axis=1)[:, :k].astype(np.uint8)


def assert_same_order(ours, theirs) -> None:
    """The two value sequences rank the hands identically: same order, same ties."""
    ours = np.asarray(ours)
    theirs = np.asarray(theirs)
    order = np.lexsort((theirs, ours))
    a, b = ours[order], theirs[order]
    assert (np.diff(b) >= 0).all(), "a hand we rank higher is ranked lower by the oracle"
    assert ((np.diff(a) == 0) == (np.diff(b) == 0)).all(), "ties disagree with the oracle"


def assert_one_line_error(run: subprocess.CompletedProcess, code: int, words: str) -> None:
    """The command of ``run`` (a :func:`cli` process) failed with exit ``code``, printed nothing,
    and said why in one line on stderr: ``error: ...`` with ``words`` in it."""
    assert run.returncode == code and run.stdout == ""
    lines = run.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0]


class CtrlCInput(io.StringIO):
    """Standard input at which the person presses Ctrl-C: every read raises ``KeyboardInterrupt``."""

    def readline(self, *args):
        raise KeyboardInterrupt


def assert_game_abandoned(code: int, out: str, err: str, opening: str, shown: list[str]) -> None:
    """A terminal game (``play --human``, run by :func:`main_run`) ended cleanly when its input
    did: exit 0, nothing on stderr, no traceback, ``opening`` shown before the first prompt, the
    last line ``game abandoned``, and every one of ``shown`` (the answers to bad input) printed."""
    assert code == 0 and err == "" and "Traceback" not in out
    assert opening in out and out.rstrip().endswith("game abandoned")
    for words in shown:
        assert words in out


def run_main(monkeypatch, capsys, argv) -> tuple[int, str, str]:
    """The command line's ``main`` run in this process on ``argv``: (exit code, stdout, stderr)."""
    from analyzer.cli.main import main

    monkeypatch.setattr(sys, "argv", ["poker-analyzer", *argv])
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        main()
    out, err = capsys.readouterr()
    return stop.value.code, out, err


@pytest.fixture
def cli(monkeypatch, capsys):
    """Run the command line in this process, in the current folder: ``cli("h2h", "play",
    "--json")`` gives its exit code, stdout and stderr as a :class:`subprocess.CompletedProcess`.
    (The console script's own processes are tested in test_cli.py and test_startup.py.)"""

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.CompletedProcess(["poker-analyzer", *args], *run_main(monkeypatch, capsys, args))

    return run


@pytest.fixture
def main_run(monkeypatch, capsys, tmp_path):
    """Run the command line in this process, in ``tmp_path``: ``main_run(*argv)`` gives
    (exit code, stdout, stderr)."""
    monkeypatch.chdir(tmp_path)

    def invoke(*argv: str) -> tuple[int, str, str]:
        return run_main(monkeypatch, capsys, argv)

    return invoke
