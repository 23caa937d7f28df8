"""``poker-analyzer schema``: the JSON Schema of each kind of input file users write."""

from __future__ import annotations

import json
from enum import Enum
from typing import Annotated

import typer


class InputKind(str, Enum):
    """The input files with a published schema: the position files and the batch spec."""

    h2h_position = "h2h-position"
    h2h_bet_position = "h2h-bet-position"
    saint_position = "saint-position"
    batch_spec = "batch-spec"


def input_schema(kind: InputKind) -> dict:
    """The JSON Schema of the model that reads ``kind``
    (:func:`analyzer.api.schemas.position_schema` and :func:`analyzer.batch.spec_schema`)."""
    if kind is InputKind.batch_spec:
        from analyzer.batch import spec_schema

        return spec_schema()
    from analyzer.api.schemas import position_schema

    return position_schema(kind.value)


def schema_command(
    kind: Annotated[InputKind, typer.Argument(metavar="KIND", case_sensitive=False, help="The input file kind.")],
) -> None:
    """Print the JSON Schema of an input file kind: h2h-position (head-to-head place), h2h-bet-position
    (head-to-head bet), saint-position (saint-poker decide) or batch-spec (batch, a TOML file of the
    same structure). The commands check their files against these schemas."""
    print(json.dumps(input_schema(kind), indent=2))
