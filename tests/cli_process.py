"""The command line run in a fresh process, reporting what that process imported.

Shared by the start-up tests (no table, chart or cluster library on a query's path) and the
value-conversion tests (no pydantic for values off the command line); and a Python script run
the same way, with its own Numba cache."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

_RUN_AND_LIST_MODULES = """
import json, sys
import analyzer.jit
analyzer.jit.enable_fast_start()  # as the console script does
from analyzer.cli.main import main
sys.argv = ["poker-analyzer", *json.loads(sys.argv[1])]
try:
    main()
except SystemExit as stop:
    assert not stop.code, stop.code
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def run_cli(args: list[str], env: dict | None = None) -> subprocess.CompletedProcess:
    """``poker-analyzer ARGS`` in a new Python process (which must succeed); the last line of its
    stderr lists the modules it imported (:func:`imported_modules`, :func:`imported_packages`)."""
    return subprocess.run(
        [sys.executable, "-c", _RUN_AND_LIST_MODULES, json.dumps(args)],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, **(env or {})},
    )


def imported_modules(run: subprocess.CompletedProcess) -> set[str]:
    """Every module a :func:`run_cli` process imported, by its full name."""
    return set(json.loads(run.stderr.strip().splitlines()[-1]))


def imported_packages(run: subprocess.CompletedProcess) -> set[str]:
    """The top-level packages a :func:`run_cli` process imported."""
    return {name.split(".")[0] for name in imported_modules(run)}


def run_python(
    script: str, *args: str, cache: Path, check: bool = True, env: dict | None = None
) -> subprocess.CompletedProcess:
    """``python -c script args...`` in a new process whose Numba cache is ``cache`` (and with the
    extra environment variables ``env``)."""
    return subprocess.run(
        [sys.executable, "-c", script, *args],
        capture_output=True,
        text=True,
        check=check,
        env={**os.environ, "NUMBA_CACHE_DIR": str(cache), **(env or {})},
    )


def ctrl_c_as_in_a_terminal() -> None:
    """A ``preexec_fn`` for a process a test sends SIGINT: Ctrl-C's default action restored. A test
    run started in the background of a shell without job control inherits SIGINT ignored, and
    Python then installs no Ctrl-C handler in the processes it starts."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
