"""Options shared by several commands."""

from __future__ import annotations

from enum import Enum
from typing import Annotated

import typer


class RulesName(str, Enum):
    """The evaluator's rule profiles by name (:data:`analyzer.eval.profiles.PROFILES`), as ``--rules`` takes them."""

    standard = "standard"
    bug = "bug"
    paigow = "paigow"
    paigow_double_ace = "paigow-double-ace"


RulesOption = Annotated[
    RulesName,
    typer.Option(
        "--rules",
        "-r",
        help="Rule profile: 52 cards, Bug joker, or Pai Gow (joker, wheel second).",
        case_sensitive=False,
    ),
]
