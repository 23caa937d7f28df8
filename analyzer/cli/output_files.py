"""Files a query command writes beside what it prints (``--out FILE``, ``--chart FILE``).

Both are checked before anything runs: the suffix must name a format the option writes (else a
usage error), and an existing file is replaced only with ``--force`` (else a one-line error, exit
1), as result folders are. A file is written to a temporary sibling and renamed over the target,
so a failed or interrupted write never leaves half a file.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from analyzer.files import write_atomically

CHART_SUFFIXES = (".png",)  # what --chart writes (save_chart)


def checked_output(path: Path | None, suffixes: tuple[str, ...], option: str, force: bool) -> Path | None:
    """``path`` if the option ``option`` may write it: its suffix one of ``suffixes`` (any case),
    its folder existing, and no file there unless ``force``. ``None`` stays ``None``."""
    if path is None:
        return None
    if path.suffix.lower() not in suffixes:
        raise typer.BadParameter(f"{option} takes a {' or '.join(suffixes)} file, got {str(path)!r:.100}")
    if path.is_dir():
        raise ValueError(f"{path}: is a folder, not a file")
    if not path.parent.is_dir():
        raise ValueError(f"{path}: the folder {path.parent} does not exist")
    if path.exists() and not force:
        raise ValueError(f"{path}: exists: give --force to replace it")
    return path


def save_chart(result, chart: Path | None, as_json: bool) -> None:
    """Draw ``result.plot()`` to ``chart`` (PNG, checked by :func:`checked_output`) through a
    temporary file, and say so (on stderr under ``--json``, whose stdout is one JSON object)."""
    if chart is None:
        return
    from analyzer.report import save_figure

    figure = result.plot()
    write_atomically(chart, lambda path: save_figure(figure, path))
    print(f"wrote {chart}", file=sys.stderr if as_json else sys.stdout)
