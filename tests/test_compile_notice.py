"""The compile notice: one line on stderr once a command has compiled for a second, never for
kernels loaded from the cache, and no Numba import of its own."""

from __future__ import annotations

import subprocess
import sys

import pytest
from numba import njit

from analyzer.cli import compile_notice as notice
from analyzer.cli.compile_notice import _CompileWatch, command_group, compile_notice, notice_text


def _fresh_kernel():
    """A kernel no process has compiled: not cached, so its first call compiles."""

    @njit(cache=False)
    def add_one(x):
        return x + 1

    return add_one


def test_a_long_compile_prints_the_notice_once(monkeypatch, capsys):
    monkeypatch.setattr(notice, "NOTICE_AFTER", 0.0)
    with compile_notice(["holdem", "equity", "AsKs", "QdQc"], enabled=True):
        first, second = _fresh_kernel(), _fresh_kernel()
        assert first(1) == 2 and second(2) == 3  # two compilations
    assert capsys.readouterr().err.splitlines() == [notice_text("holdem")]


def test_no_notice_for_a_compiled_kernel_or_a_short_compile(capsys):
    kernel = _fresh_kernel()
    kernel(1)  # compiled before the command starts
    with compile_notice(["h2h", "place", "p.json"], enabled=True):
        assert kernel(2) == 3
        assert _fresh_kernel()(3) == 4  # well under NOTICE_AFTER (a second)
    assert capsys.readouterr().err == ""


def test_not_written_off_a_terminal(monkeypatch, capsys):
    monkeypatch.setattr(notice, "NOTICE_AFTER", 0.0)
    with compile_notice(["holdem", "equity"]):  # pytest's stderr is no terminal
        _fresh_kernel()(1)
    assert capsys.readouterr().err == ""


def test_the_watch_adds_up_top_level_compiles_and_fires_while_one_runs():
    fired = []
    watch = _CompileWatch(after=0.05, report=lambda: fired.append(True))
    watch.on_start(None)
    watch.on_start(None)  # a callee compiled inside its caller
    watch.on_end(None)
    assert watch.depth == 1 and not fired
    import time

    time.sleep(0.2)
    assert fired == [True]
    watch.on_end(None)
    watch.stop()


@pytest.mark.parametrize(
    "args, group",
    [
        (["holdem", "equity", "AsKs"], "holdem"),
        (["--debug", "saint", "decide"], "saint-poker"),
        (["head-to-head", "play"], "head-to-head"),
        (["schema", "batch-spec"], None),
        (["--version"], None),
        ([], None),
    ],
)
def test_the_group_of_a_command_line(args, group):
    assert command_group(args) == group


def test_watching_imports_no_numba():
    code = (
        "import sys\nfrom analyzer.cli.compile_notice import compile_notice\n"
        "with compile_notice(['holdem', 'equity'], enabled=True):\n    pass\n"
        "print('numba' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.whole_process
def test_the_watch_starts_when_the_command_imports_numba():
    code = (
        "import sys\nfrom analyzer.cli import compile_notice as n\nn.NOTICE_AFTER = 0.0\n"
        "with n.compile_notice(['holdem', 'equity'], enabled=True):\n"
        "    from numba import njit\n    njit(lambda x: x + 1)(1)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stderr.splitlines() == [notice_text("holdem")]
