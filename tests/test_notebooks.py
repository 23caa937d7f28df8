"""Every notebook source runs from the repository root (charts on the Agg backend)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.py"))


def test_there_is_a_notebook_per_game_family():
    assert {p.stem for p in NOTEBOOKS} == {
        "holdem_stud",
        "draw",
        "paigow",
        "head_to_head",
        "saint_poker",
        "whist_mousel",
    }


@pytest.mark.slow
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_runs(notebook):
    run = subprocess.run(
        [sys.executable, str(notebook)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "MPLBACKEND": "Agg"},
        timeout=600,
    )
    assert run.returncode == 0, run.stderr[-2000:]
