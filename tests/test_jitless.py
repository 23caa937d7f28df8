"""The package with every kernel run as Python (``NUMBA_DISABLE_JIT=1``, the "jitless" tests),
against outside truth: counted outcomes, the published House Way, and the compiled engine run
in a separate process (the compiled engines are checked against referees elsewhere).

CI runs ``pytest -m "jitless and not slow"`` with ``NUMBA_DISABLE_JIT=1`` and line coverage; run
normally, these tests check the compiled kernels the same way.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import analyzer as pa
from analyzer.api.examples import PLACE

pytestmark = pytest.mark.jitless


def test_an_exact_holdem_query_counts_the_rivers():
    """AsKs against QdQc on Kh 7d 2c 5s: of the 44 rivers, the two queens win for QdQc."""
    result = pa.holdem.equity(["AsKs", "QdQc"], board="Kh 7d 2c 5s")
    assert result.run.exact and result.run.trials == 44
    assert result.players[0].win == pytest.approx(42 / 44) and result.players[0].tie == 0


def test_the_house_way_sets_two_pair_with_an_ace_as_published():
    """Two pair of sevens to tens with an ace: the ace and the next single in front, both pairs
    behind (rules/pai-gow-poker.md, the Foxwoods House Way)."""
    setting = pa.paigow.house_way("Tc Td 6h 6s Ac 3d 2h").to_dict()
    assert setting["front"] == "Ac 3d"
    assert sorted(setting["back"].split()) == sorted(["Tc", "Td", "6h", "6s", "2h"])


_PLACE_COMPILED = """
import json
import analyzer as pa
from analyzer.api.examples import PLACE
print(json.dumps(pa.head_to_head.place(PLACE, trials=200, seed=1).to_dict()["moves"]))
"""


def test_a_head_to_head_move_is_valued_as_the_compiled_engine_values_it():
    """A Head to Head placement's every move, 200 seeded play-outs each, in this process and in
    a process whose kernels are compiled: the same values to the last digit."""
    here = pa.head_to_head.place(PLACE, trials=200, seed=1).to_dict()["moves"]
    env = {key: value for key, value in os.environ.items() if key != "NUMBA_DISABLE_JIT"}
    compiled = subprocess.run(
        [sys.executable, "-c", _PLACE_COMPILED], capture_output=True, text=True, check=True, env=env
    )
    assert json.loads(compiled.stdout) == json.loads(json.dumps(here))
