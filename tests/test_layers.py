"""The import graph has no cycle and no floor imports one above it (beyond what import-linter's
layer contracts in pyproject.toml check: cycles inside one floor, and the root package, which
is no floor). Every import statement counts, those inside functions and under TYPE_CHECKING
too: an import moved into a function to dodge a cycle still makes one."""

from __future__ import annotations

import functools

import pytest

grimp = pytest.importorskip("grimp")  # import-linter's graph builder


@functools.cache
def graph():
    return grimp.build_graph("analyzer")


def test_no_module_imports_one_that_imports_it_back():
    modules = graph()
    cycles = sorted(
        (importer, imported)
        for importer in modules.modules
        for imported in modules.find_modules_directly_imported_by(importer)
        if modules.chain_exists(importer=imported, imported=importer)
    )
    assert cycles == []


def test_only_the_front_doors_import_the_root_package():
    """The root package is the Python user's door (``import analyzer as pa``), above every floor:
    the engines, the studies and the API's own modules import what they use directly; only the
    command line and the web page, users of that door, import it."""
    importers = graph().find_modules_that_directly_import("analyzer")
    doors = ("analyzer.cli", "analyzer.ui")
    assert {module for module in importers if not module.startswith(doors)} == set()
