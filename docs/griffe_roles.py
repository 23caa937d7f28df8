"""A griffe extension for the API pages: the Sphinx roles of the docstrings become cross-references.

The docstrings refer to other objects the Sphinx way, :func:`analyzer.ranges.parse` or
:class:`~analyzer.ranges.Range` (a tilde shows only the last name). mkdocstrings renders
docstrings as Markdown, where a role would show as text, so each becomes an optional
cross-reference: a link where the target is documented on the site, else its name in code. A
name without a dot is looked up in the docstring's own module.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:py:)?(?:func|class|meth|mod|attr|data|exc|obj|const):`(~?)([\w.]+)`")


def cross_reference(match: re.Match[str], module: str) -> str:
    """The optional cross-reference (mkdocs-autorefs) for one role."""
    tilde, target = match.groups()
    identifier = target if "." in target else f"{module}.{target}"
    title = target.rsplit(".", 1)[-1] if tilde else target
    return f'<autoref identifier="{identifier}" optional><code>{title}</code></autoref>'


class SphinxRoles(griffe.Extension):
    """Rewrite the roles of every docstring once the object tree is loaded."""

    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None:
            module = obj.module.path
            obj.docstring.value = ROLE.sub(lambda match: cross_reference(match, module), obj.docstring.value)
