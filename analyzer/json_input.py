"""Reading the JSON files users give as input (positions), with one-line errors."""

from __future__ import annotations

import json
from pathlib import Path


def read_json(path: str | Path):
    """The JSON document in ``path``; a missing file or bad JSON is a one-line ``ValueError``."""
    try:
        text = Path(path).read_text()
    except OSError as error:
        raise ValueError(f"cannot read position {path}: {error.strerror}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"position {path} is not valid JSON: {error.msg} at line {error.lineno}") from None
