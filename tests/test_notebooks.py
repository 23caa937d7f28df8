"""The notebooks, executed as real Jupyter notebooks.

Each ``notebooks/*.py`` is a jupytext ``py:percent`` file; the slow tier converts it with jupytext
and runs it with nbclient on a real IPython kernel (ipykernel), from the ``notebooks/`` folder as
a reader would open it. nbclient rather than pytest-nbmake: nbmake runs ``.ipynb`` files, and
what we need to check is the outputs -- every cell tagged ``chart`` must show an ``image/png``
(a matplotlib figure that only printed ``<Figure size ...>`` would fail), no output may show a
numpy scalar repr (``np.float64(0.46)``), and no cell may raise. The fast tier checks the files
themselves: one per game family, all listed in ``notebooks/README.md``, live queries through the
public API (``import analyzer as pa``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.py"))
FAMILIES = {"holdem_stud", "draw", "paigow", "head_to_head", "saint_poker", "whist_mousel"}


def test_there_is_a_notebook_per_game_family_and_the_readme_lists_them_all():
    assert {p.stem for p in NOTEBOOKS} == FAMILIES
    readme = (ROOT / "notebooks" / "README.md").read_text()
    listed = set(re.findall(r"^\| \[`(\w+)\.py`\]", readme, flags=re.M))
    assert listed == FAMILIES


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebooks_use_the_public_api_and_tag_their_charts(notebook):
    text = notebook.read_text()
    assert "import analyzer as pa\n" in text and "pa." in text
    assert "# %matplotlib inline" in text  # jupytext turns it back into the magic: figures show as PNGs
    assert text.count('# %% tags=["chart"]') >= 3


def _outputs(cell) -> list[dict]:
    return [o for o in cell.get("outputs", []) if o["output_type"] in ("execute_result", "display_data")]


@pytest.mark.slow
@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=lambda p: p.stem)
def test_notebook_executes_with_a_chart_in_every_chart_cell(notebook):
    jupytext = pytest.importorskip("jupytext")
    nbclient = pytest.importorskip("nbclient")
    book = jupytext.read(notebook)
    client = nbclient.NotebookClient(
        book, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(notebook.parent)}}
    )
    client.execute()  # raises CellExecutionError, with the cell and its traceback, if a cell fails
    charts = 0
    for cell in book.cells:
        if cell.cell_type != "code":
            continue
        texts = [o["data"].get("text/plain", "") for o in _outputs(cell)]
        texts += [o.get("text", "") for o in cell.get("outputs", []) if o["output_type"] == "stream"]
        for text in texts:
            assert not re.search(r"np\.(float|int)\d+\(", text), (cell.source, text)
        if "chart" in cell.metadata.get("tags", []):
            charts += 1
            assert any("image/png" in o["data"] for o in _outputs(cell)), cell.source
        else:
            assert not any(t.startswith("<Figure size") for t in texts), cell.source
    assert charts >= 3
