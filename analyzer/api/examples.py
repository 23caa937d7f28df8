"""Example positions, as the position files hold them: small, legal, and used wherever one is
needed (``poker-analyzer warmup`` runs them, the benchmarks time them, the tests share them).

* :data:`PLACE`: the first placement of a Head to Head Draw 1 round (no card placed yet; you
  hold the Ah), for ``head-to-head place``.
* :data:`LAST_BET`: the last placement of a Draw 1 round, the betting example of the command-line
  docs (docs/cli/head-to-head.md, without its rules): the opponent, on turn and holding his drawn
  card, has bet $100 on row 3, the only open row; one space is left, on his side. For
  ``head-to-head bet``.
* :data:`SAINT`: a 3-player Saint Poker round-1 river decision, for ``saint-poker decide``.

>>> import analyzer as pa
>>> len(pa.head_to_head.place(PLACE, trials=100, seed=1).moves) > 0
True
"""

from __future__ import annotations

from typing import Any

PLACE: dict[str, Any] = {"round": 1, "type": "draw1", "common": "7s Kd 2h", "cards": "Ah"}

LAST_BET: dict[str, Any] = {
    "round": 1,
    "type": "draw1",
    "common": "7s Kd 2h",
    "you": ["7h 7d 3c 4c", "Ks Kc 5d 4d", "2s 2c 9d Jh"],
    "opponent": ["As Ad 6h 6d", "Qs Qd Jc 8d", "3d 3h 4h"],
    "cards": [],
    "committed": {"you": [0, 0, 0], "opponent": [0, 0, 100]},
    "base": [0, 0, 100],
    "stacks": [800, 700],
}

SAINT: dict[str, Any] = {
    "players": 3,
    "round": 1,
    "phase": "river",
    "hand": "As Kd 9h 9c 7s 5d 4c 3h 2s Qc",
    "river": "Jc 8d",
    "future": "Qd 2c",
}

__all__ = ["LAST_BET", "PLACE", "SAINT"]
