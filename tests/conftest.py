import subprocess
import sys

import numpy as np
import pytest
from hypothesis import settings

# Tests assert no timings (bench/ measures speed), and Hypothesis' per-example deadline is one:
# on a loaded 2-core machine a cold example overran it (916 ms against 200) with nothing wrong.
settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")


def _speed_layer_on() -> bool:
    from analyzer.jit import window

    return window.active()


speed_layer = pytest.mark.skipif(
    not _speed_layer_on(), reason="the speed layer is off (POKER_ANALYZER_SPEED_LAYER, untested Numba, or no JIT)"
)
"""For tests of the speed layer itself (analyzer.jit's fast start, symbol linking, scalar loops)."""


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


@pytest.fixture
def cli():
    """Run the console script in a subprocess: ``cli("h2h", "play", "--json")``."""

    def run(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "analyzer.cli.main", *args], capture_output=True, text=True)

    return run


@pytest.fixture
def main_run(monkeypatch, capsys, tmp_path):
    """Run the command line in this process, in ``tmp_path``: ``main_run(*argv)`` gives
    (exit code, stdout, stderr)."""
    from analyzer.cli.main import main

    monkeypatch.chdir(tmp_path)

    def invoke(*argv: str) -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "argv", ["poker-analyzer", *argv])
        capsys.readouterr()
        with pytest.raises(SystemExit) as stop:
            main()
        out, err = capsys.readouterr()
        return stop.value.code, out, err

    return invoke
