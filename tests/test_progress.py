"""What runs say on stderr, on a terminal and in a log (``analyzer/cli/progress.py``): plain
progress lines off a terminal, the start and end lines of long runs, silence for queries, and
the library's notices (the Pai Gow setting table's build)."""

from __future__ import annotations

import logging
import re
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from analyzer.cli import progress as progress_module
from analyzer.cli.progress import progress_bar
from analyzer.games.paigow import settings_table

ROOT = Path(__file__).resolve().parent.parent
SPEC = 'analysis = "stud.starts_table"\n\n[params]\nopponents = [1, 2]\ntrials = 200\nseed = 1\n'
HAND = "Ac Kd 9h 7s 5c 3d 2h"
DONE = re.compile(r"^(.+): done in \d+\.\d s$")


def test_progress_off_a_terminal_writes_throttled_plain_lines(capsys):
    with progress_bar("cells", True) as progress:
        assert progress is not None
        for done in range(1, 4):  # within LINE_EVERY of the first: only the first is written
            progress(done, 10)
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "cells: started"
    assert re.fullmatch(r"cells: 1 of 10 \(10%\), \d+\.\d s elapsed", lines[1])
    assert len(lines) == 3 and DONE.match(lines[2]).group(1) == "cells"


def test_every_plain_line_has_the_rate_and_the_time_left(capsys, monkeypatch):
    monkeypatch.setattr(progress_module, "LINE_EVERY", 0.0)
    clock = iter([0.0, 1.0, 3.0, 5.0, 6.0])  # the start, three reports, the end
    monkeypatch.setattr(progress_module, "time", SimpleNamespace(perf_counter=lambda: next(clock)))
    with progress_bar("cells", True) as progress:
        assert progress is not None
        for done in (1, 3, 5):
            progress(done, 9)
    assert capsys.readouterr().err.splitlines() == [
        "cells: started",
        "cells: 1 of 9 (11%), 1.0 s elapsed",
        "cells: 3 of 9 (33%), 1 a second, 3.0 s elapsed, about 6.0 s left",
        "cells: 5 of 9 (55%), 1 a second, 5.0 s elapsed, about 4.0 s left",
        "cells: done in 6.0 s",
    ]


def test_a_long_run_says_when_it_starts_and_ends_even_without_progress(capsys):
    with progress_bar("tables", False, long_run=True) as progress:
        assert progress is not None and capsys.readouterr().err == ""  # nothing before its first step
        progress(1, None)
        assert capsys.readouterr().err == "tables: started\n"
    assert DONE.match(capsys.readouterr().err).group(1) == "tables"


def test_a_run_refused_before_its_first_step_prints_nothing_and_a_failed_one_no_end(capsys):
    with pytest.raises(ValueError), progress_bar("tables", False, long_run=True):
        raise ValueError("refused")
    assert capsys.readouterr().err == ""
    with pytest.raises(ValueError), progress_bar("tables", True, long_run=True) as progress:
        assert progress is not None
        progress(1, 2)
        raise ValueError("failed")
    assert "done" not in capsys.readouterr().err


def test_a_query_without_progress_gets_no_callback_and_says_nothing(capsys):
    with progress_bar("hold'em equity", False) as progress:
        assert progress is None
    assert capsys.readouterr().err == ""


def test_a_long_run_on_a_terminal_draws_the_bar_between_its_start_and_end_lines(capsys, monkeypatch):
    monkeypatch.setenv("FORCE_TERMINAL", "1")
    with progress_bar("tables", True, long_run=True) as progress:
        assert progress is not None
        progress(1, 2)
        logging.getLogger("analyzer.games").info("a notice")
    err = capsys.readouterr().err
    assert err.index("tables: started") < err.index("a notice") < err.index("tables: done in")


def test_the_library_notices_are_written_while_a_run_goes(capsys):
    logger = logging.getLogger("analyzer.games.paigow.split")
    level = logging.getLogger("analyzer").level
    with progress_bar("pai gow splits", False):
        logger.info("a notice")
        logger.debug("a detail")
    logger.info("after the run")
    assert capsys.readouterr().err == "a notice\n"
    assert logging.getLogger("analyzer").level == level


def test_batch_progress_in_a_log(tmp_path):
    """``batch ... --progress 2> log``: the start line, progress lines, the end line; without
    ``--progress``, the start and end lines only."""
    spec = tmp_path / "starts.toml"
    spec.write_text(SPEC)
    for flag, out in (("--progress", "a"), ("--no-progress", "b")):
        with open(tmp_path / f"{out}.log", "w") as log:
            run = subprocess.run(
                [sys.executable, "-m", "analyzer.cli.main", "batch", str(spec), "--out", str(tmp_path / out), flag],
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                cwd=ROOT,
                timeout=600,
            )
        assert run.returncode == 0 and run.stdout.startswith("wrote ")
        lines = (tmp_path / f"{out}.log").read_text().splitlines()
        assert lines[0] == "starts: started" and DONE.match(lines[-1]).group(1) == "starts"
        steps = [line for line in lines[1:-1] if re.match(r"starts: \d+ of 169 \(\d+%\)", line)]
        assert steps == lines[1:-1] and bool(steps) == (flag == "--progress")


def test_an_exact_split_says_nothing_on_stderr(main_run):
    for run in (["--exact"], ["--monte-carlo", "--trials", "1000"]):
        code, _, err = main_run("paigow", "split", HAND, *run, "--no-progress")
        assert (code, err) == (0, "")


def test_a_setting_table_build_says_where_it_writes_and_how_much(monkeypatch, tmp_path, caplog):
    monkeypatch.setattr(settings_table, "build_table", lambda *_args, **_kwargs: np.zeros(3, np.uint32))
    with caplog.at_level(logging.INFO, logger="analyzer"):
        settings_table.full_table("improved", tmp_path)
    path = settings_table.table_path("improved", tmp_path)
    building, wrote = (record.getMessage() for record in caplog.records)
    assert building.startswith("building the House Way's setting table (improved) of all 154,143,080 hands")
    assert f"616 MB to {path}, about {settings_table.BUILD_SECONDS} s on 2 cores" in building
    assert re.fullmatch(rf"wrote {re.escape(str(path))} \(0 MB\) in \d+\.\d s", wrote)  # the made-up table's size
