"""The charts of the studies: pure functions of the committed tables and manifests, redrawn
without recomputing, and labelled so a reader can use them.

* A study run now and written, then redrawn from the CSV files it wrote, gives byte-identical
  PNGs: what a study draws depends on nothing but its tables and manifest.
* Redrawing committed folders (copies of them) rewrites only the PNGs the manifest lists and
  leaves every CSV and the manifest byte for byte as they were; with the matplotlib version
  that drew the committed PNGs (their "Software" tag) the redrawn PNGs are the committed ones,
  byte for byte. Every committed folder has a chart function (slow tier: drawing all of them
  takes about a minute).
* The heatmaps name every class or cell: the 169 x 169 matrix has all 169 classes on both axes,
  the 13x13 chart ranks A to 2 and a label in every cell.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
import pytest
from matplotlib.colors import Normalize
from PIL import Image

from analyzer.charts import centred_norm, labeled_heatmap, with_error
from analyzer.ranges import HAND_CLASSES
from analyzer.report import write_results
from analyzer.studies.redraw import main, result_folders
from analyzer.studies.registry import STUDIES, draw_result, figure_maker, redraw, run_study

RESULTS = Path(__file__).resolve().parent.parent / "results"
mpl = matplotlib.__version__


def _files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


def test_a_fresh_run_redrawn_from_its_csv_files_gives_the_same_pngs(tmp_path):
    (result,) = run_study("head_to_head.betting_tables", {"studies": ["response_model"]})
    folder = write_results(result, tmp_path)
    written = _files(folder)
    assert sorted(n for n in written if n.endswith(".png")) == ["best_response.png", "bettor.png"]
    paths = redraw(folder)
    assert sorted(p.name for p in paths) == ["best_response.png", "bettor.png"]
    assert _files(folder) == written  # PNGs drawn again from the CSVs, identical; nothing else touched


@pytest.mark.parametrize("key", ["whist/auction", "head_to_head/tournament", "paigow/house_edge"])
def test_redrawing_a_committed_folder_rewrites_only_its_pngs(tmp_path, key):
    folder = shutil.copytree(RESULTS / key, tmp_path / key)
    before = _files(folder)
    manifest = json.loads((folder / "manifest.json").read_text())
    assert main([str(tmp_path)]) == 0
    after = _files(folder)
    assert sorted(after) == sorted(before) == sorted(["manifest.json", *manifest["files"]])
    for name in after:
        if not name.endswith(".png"):
            assert after[name] == before[name], name
        elif Image.open(RESULTS / key / name).text.get("Software", "").startswith(f"Matplotlib version{mpl},"):
            assert after[name] == before[name], f"{name}: redrawn from the committed tables, not the committed chart"
        else:
            assert after[name][:8] == b"\x89PNG\r\n\x1a\n"
    assert not list(folder.glob(".*"))  # no staging file left behind
    assert result_folders([tmp_path]) == [folder]


def test_redraw_refuses_a_folder_whose_charts_the_study_does_not_draw(tmp_path):
    folder = shutil.copytree(RESULTS / "whist" / "auction", tmp_path / "auction")
    manifest = json.loads((folder / "manifest.json").read_text())
    manifest["files"].append("missing_chart.png")
    (folder / "manifest.json").write_text(json.dumps(manifest))
    with pytest.raises(ValueError, match="missing_chart"):
        redraw(folder)
    with pytest.raises(ValueError, match="no study draws"):
        figure_maker("whist/no_such_result")


@pytest.mark.slow
def test_every_committed_result_is_drawn_from_its_tables():
    folders = result_folders([RESULTS])
    assert len(folders) == 37
    for folder in folders:
        manifest = json.loads((folder / "manifest.json").read_text())
        figures = draw_result(folder)
        assert {f"{stem}.png" for stem in figures} == {f for f in manifest["files"] if f.endswith(".png")}, folder
        for figure in figures.values():
            text = " ".join(t.get_text() for t in figure.findobj(lambda a: hasattr(a, "get_text")))
            # a result of one method names it on every chart; one of both (the preflop table: exact
            # against one opponent, Monte Carlo against more) names one of them on each
            names = {"exact": ("Exact",), "monte-carlo": ("Monte Carlo",)}.get(
                manifest["method"], ("Exact", "Monte Carlo")
            )
            assert any(name in text for name in names), (folder, "the chart names its method")


def test_the_heads_up_matrix_names_every_class_on_both_axes():
    classes = np.array(HAND_CLASSES)
    hero, villain = np.repeat(classes, 169), np.tile(classes, 169)
    equity = np.linspace(0.1, 0.9, 169 * 169)
    table = pd.DataFrame({"hero": hero, "villain": villain, "equity": equity})
    manifest = {"inputs": {"matchups": 1_624_350, "suit_classes": 47_008}, "method": "exact"}
    (figure,) = figure_maker("holdem/heads_up_matrix")({"heads_up_matrix": table}, manifest).values()
    axes = figure.axes[0]
    for axis in (axes.xaxis, axes.yaxis):  # named on both sides: bottom and top, left and right
        ticks = axis.get_major_ticks()
        assert [t.label1.get_text() for t in ticks] == [t.label2.get_text() for t in ticks] == HAND_CLASSES
        assert all(t.label1.get_visible() and t.label2.get_visible() for t in ticks)
    image, seven_two = axes.get_images()[0].get_array(), HAND_CLASSES.index("72o")
    assert image[0, seven_two] == pytest.approx(100 * equity[seven_two])  # AA against 72o


def test_the_preflop_chart_labels_every_cell_and_both_axes():
    table = pd.DataFrame(
        {
            "class": HAND_CLASSES,
            "opponents": 1,
            "equity": 0.5,
            "stderr": 0.001,
            "trials": 1000,
        }
    )
    (figure,) = figure_maker("holdem/preflop_vs_random")({"preflop_vs_random": table}, {"seed": 7}).values()
    axes = figure.axes[0]
    cells = [t.get_text() for t in axes.texts]
    assert len(cells) == 169 and {c.split("\n")[0] for c in cells} == set(HAND_CLASSES)
    assert [t.get_text() for t in axes.get_xticklabels()] == list("AKQJT98765432")
    assert [t.get_text() for t in axes.get_yticklabels()] == list("AKQJT98765432")


def test_a_centred_scale_gives_equal_distances_equal_colours():
    norm = centred_norm(np.array([[-1.0, 4.0], [np.nan, 2.0]]))
    assert (norm.vmin, norm.vmax) == (-4.0, 4.0) and norm(0.0) == 0.5
    assert isinstance(centred_norm(np.array([np.nan])), Normalize)  # no values: still a usable scale
    values = np.array([[-3.0, 3.0]])
    figure = labeled_heatmap(
        values,
        np.array([["a", "b"]], dtype=object),
        ["r"],
        ["x", "y"],
        title="t",
        colorbar="c",
        row_label="rows",
        col_label="cols",
        cmap="RdBu",
        centre=0,
        note="Monte Carlo: 10 deals",
    )
    image = figure.axes[0].get_images()[0]
    assert image.norm(-3.0) == pytest.approx(1 - image.norm(3.0))
    assert [t.get_text() for t in figure.axes[0].texts] == ["a", "b"]
    assert figure.get_supxlabel() == "Monte Carlo: 10 deals"


def test_errors_are_shown_to_the_digits_they_support():
    assert with_error(0.2, 0.045) == "0.200 ± 0.045"  # a win rate that "± 0.0" used to hide
    assert with_error(29.25, 4.54) == "29.2 ± 4.5"
    assert with_error(-6.7, 1.6, signed=True) == "-6.7 ± 1.6"
    assert with_error(1234.0, 150.0) == "1234 ± 150"


def test_every_study_module_draws_every_result_it_writes():
    modules = {s.module for s in STUDIES.values()}
    assert len(modules) == 14
    committed = {f"{f.relative_to(RESULTS).as_posix()}" for f in result_folders([RESULTS])}
    for key in committed:
        assert callable(figure_maker(key)), key
