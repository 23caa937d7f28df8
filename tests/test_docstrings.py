"""Every public definition of the ``analyzer`` package (``analyzer.cli`` included) has a docstring.

Public: every module, and in it each module-level function and class and each method (property,
classmethod and staticmethod included) of a public class whose name does not start with ``_``.
Read from the source, not imported, so it is fast and sees what the author wrote: a Numba kernel
counts by its Python function's docstring, methods a decorator generates (a dataclass's
``__init__``, ``__eq__``) are not there to count, and a dataclass's generated signature
docstring is not mistaken for one. A property's setter shares the property's docstring.
"""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted((ROOT / "analyzer").rglob("*.py"))  # the command line is analyzer.cli
Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def public(node: ast.stmt) -> bool:
    return isinstance(node, Definition) and not node.name.startswith("_")


def is_accessor(node: ast.stmt) -> bool:
    """A property's ``@x.setter`` or ``@x.deleter``: documented by the property itself."""
    return any(
        isinstance(d, ast.Attribute) and d.attr in ("setter", "deleter") for d in getattr(node, "decorator_list", ())
    )


def undocumented(source: str) -> list[str]:
    """The public definitions in ``source`` without a docstring, by qualified name (``<module>`` for the module)."""
    tree = ast.parse(source)
    missing = [] if ast.get_docstring(tree) else ["<module>"]
    for node in filter(public, tree.body):
        if not ast.get_docstring(node):
            missing.append(node.name)
        if isinstance(node, ast.ClassDef):
            for member in node.body:
                if public(member) and not is_accessor(member) and not ast.get_docstring(member):
                    missing.append(f"{node.name}.{member.name}")
    return missing


def test_the_rule_reads_what_it_should():
    source = '''"""A module."""
import numba
from dataclasses import dataclass

@numba.njit(cache=True)
def kernel(x):
    """Twice x."""
    return 2 * x

def _private(): pass

@dataclass(frozen=True)
class Result:
    value: int
    def to_dict(self): return {}
    @property
    def double(self):
        """Twice the value."""
        return 2 * self.value
    @double.setter
    def double(self, v): pass
    def _helper(self): pass

class _Hidden:
    def method(self): pass

def bare(): pass
'''
    assert undocumented(source) == ["Result", "Result.to_dict", "bare"]
    assert undocumented("x = 1") == ["<module>"]


@pytest.mark.parametrize("path", MODULES, ids=[str(p.relative_to(ROOT)) for p in MODULES])
def test_public_definitions_have_docstrings(path):
    assert undocumented(path.read_text(encoding="utf-8")) == []
