"""MkDocs hooks: the site serves the repository files its pages link to.

Every page is written to read correctly where it lies in the repository, in a clone or on a
forge: ``docs/results.md`` shows a chart as ``../results/holdem/.../equity_vs_1.png``, and
CHANGELOG.md at the root links ``docs/architecture.md``. MkDocs serves only ``docs/``, so

* ``on_files`` adds every file of the trees in ``MIRRORED`` to the site at its repository path
  (``results/holdem/...`` beside the pages; their Markdown files become pages, except where a
  page of ``docs/`` already has that address, as ``docs/results.md`` has ``results/README.md``'s),
  and publishes each file of ``ROOT_PAGES`` as a page;
* ``on_page_markdown`` rewrites each relative link of a page from its place in the repository to
  its place in the site: the target is resolved against the page's repository path, mapped to
  the site (``docs/X`` to ``X``, a mirrored file to itself, a root page to its page) and made
  relative to the page's site path. Other targets are left as written, so that MkDocs reports
  them in strict mode (the docs may link only what the site holds).
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.structure.files import File, Files
from mkdocs.structure.pages import Page

ROOT = Path(__file__).resolve().parent.parent
MIRRORED = ("results", "notebooks")
"""Repository folders served as they are, beside the pages."""
ROOT_PAGES = {"CHANGELOG.md": "changelog.md"}
"""Repository files outside ``docs/`` published as pages: repository path -> page path."""

_repo_path_of_page: dict[str, str] = {}  # a page's site path -> its repository path
_LINK = re.compile(r"(\]\(<?|^\[[^\]\n]+\]:[ \t]*)([^\s)>]+)", re.MULTILINE)  # inline links, references
_NOT_RELATIVE = re.compile(r"^(?:[A-Za-z][A-Za-z0-9+.-]*:|/|#)")  # a scheme, an absolute path, an anchor


def on_files(files: Files, config: MkDocsConfig) -> Files:
    """Add the mirrored trees and the root pages to the site's files."""
    _repo_path_of_page.clear()
    for file in files.documentation_pages():
        _repo_path_of_page[file.src_uri] = f"docs/{file.src_uri}"
    taken = {file.dest_uri for file in files}
    for folder in MIRRORED:
        for path in sorted((ROOT / folder).rglob("*")):
            relative = path.relative_to(ROOT)
            if not path.is_file() or any(part.startswith((".", "__")) for part in relative.parts):
                continue
            file = File.generated(config, relative.as_posix(), abs_src_path=str(path))
            if file.dest_uri in taken:
                continue
            taken.add(file.dest_uri)
            files.append(file)
            _repo_path_of_page[file.src_uri] = file.src_uri
    for repo_path, page_path in ROOT_PAGES.items():
        files.append(File.generated(config, page_path, abs_src_path=str(ROOT / repo_path)))
        _repo_path_of_page[page_path] = repo_path
    return files


def site_path(repo_path: str) -> str | None:
    """Where the site serves the repository file ``repo_path``, or None if it does not."""
    if repo_path.startswith("docs/"):
        return repo_path.removeprefix("docs/")
    if repo_path.split("/")[0] in MIRRORED:
        return repo_path
    return ROOT_PAGES.get(repo_path)


def site_link(page_site_path: str, target: str) -> str:
    """A link ``target`` as written in the page's repository file, rewritten for the site."""
    if _NOT_RELATIVE.match(target):
        return target
    path, hash_sign, anchor = target.partition("#")
    page_repo_path = _repo_path_of_page.get(page_site_path, f"docs/{page_site_path}")
    resolved = posixpath.normpath(posixpath.join(posixpath.dirname(page_repo_path), path)) if path else ""
    site = site_path(resolved) if path else None
    if site is None:
        return target
    relative = posixpath.relpath(site, posixpath.dirname(page_site_path) or ".")
    if path.endswith("/"):
        relative += "/"
    return relative + hash_sign + anchor


def on_page_markdown(markdown: str, page: Page, **kwargs: Any) -> str:
    """Rewrite the page's relative links from repository paths to site paths."""
    return _LINK.sub(lambda m: m.group(1) + site_link(page.file.src_uri, m.group(2)), markdown)
