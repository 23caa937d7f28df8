"""Positions the tests share (tests only).

``PLACE``: the first placement of a Draw 1 round (no card placed yet; you hold the Ah).
``SAINT``: a 3-player Saint Poker round 1 river decision.
``LAST_BET``: the last placement of a Draw 1 round, the betting example of the command-line
docs (docs/cli/head-to-head.md, without its rules): the opponent, on turn and holding his drawn
card, has bet $100 on row 3, the only open row; one space is left, on his side.
"""

LAST_BET = {
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

PLACE = {"round": 1, "type": "draw1", "common": "7s Kd 2h", "cards": "Ah"}

SAINT = {
    "players": 3,
    "round": 1,
    "phase": "river",
    "hand": "As Kd 9h 9c 7s 5d 4c 3h 2s Qc",
    "river": "Jc 8d",
    "future": "Qd 2c",
}
