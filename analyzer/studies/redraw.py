"""Redraw the committed charts from the committed tables: ``python -m analyzer.studies.redraw``.

Every PNG under ``results/`` is a pure function of the CSV tables and the manifest beside it
(:func:`analyzer.studies.registry.redraw`), so after a change to the chart code the charts are
brought up to date in seconds, without recomputing any study, and the tables and manifests stay
byte for byte as they were::

    python -m analyzer.studies.redraw                      # every result folder under results/
    python -m analyzer.studies.redraw results/whist/bidding results/mousel
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from pathlib import Path

from analyzer.report import RESULTS_ROOT
from analyzer.studies.registry import redraw


def result_folders(paths: Sequence[Path | str]) -> list[Path]:
    """The result folders (those holding a ``manifest.json``) at or under ``paths``, sorted."""
    folders: set[Path] = set()
    for path in map(Path, paths):
        if not path.is_dir():
            raise FileNotFoundError(f"no such folder: {path}")
        folders.update(manifest.parent for manifest in path.rglob("manifest.json"))
    return sorted(folders)


def main(argv: Sequence[str] | None = None) -> int:
    """Redraw the charts of the result folders named (default ``results/``) and list the files."""
    parser = argparse.ArgumentParser(prog="python -m analyzer.studies.redraw", description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", default=[str(RESULTS_ROOT)], help="result folders or trees of them")
    args = parser.parse_args(argv)
    for folder in result_folders(args.paths):
        for path in redraw(folder):
            print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
