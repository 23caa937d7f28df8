"""The rules pages under docs/rules/: every rule id the package cites has a label there.

The sources in ``analyzer/`` (the command line's ``analyzer/cli/`` included) cite rules by section
("rules §6.4", ranges such as "§2.2-2.6" and "§2.9.1-5"), by letter id ("W-2", "H-B2", runs such
as "M-1..M-10" and "H-B1 to H-B9", the groups "H-B" and "H-G") and by test vector ("test vector
A.4"). A *label* is the visible id at the start of a heading with an explicit anchor (``## §2.7
The betting game {#s2-7}``) or in bold right after an HTML anchor
(``<a id="w-2"></a>**W-2**``). Its anchor is the label in lower case with "§" as "s" and dots as
hyphens, so every id can be linked.
"""

import re
import unicodedata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "docs" / "rules"
PAGES = ("index", "conventions", "holdem", "stud", "draw", "paigow", "head_to_head", "saint_poker", "whist", "mousel")
SOURCES = ("analyzer",)  # the command line included (analyzer/cli/)
MIN_WORDS = 300

SECTION = re.compile(r"§\s?(\d+(?:\.\d+)*)(?:\s?-\s?§?(\d+(?:\.\d+)*))?")
LETTER = re.compile(r"(?<![\w-])(H-[BG]\d*|(?:HE|St|PG|[KDSWM])-\d+)(?![\w-])")
LETTER_RUN = re.compile(r"(?<![\w-])(H-[BG]|HE-|St-|PG-|[KDSWM]-)(\d+)\s*(?:\.\.|to)\s*\1(\d+)(?![\w-])")
VECTOR = re.compile(r"\bvectors?\s+(A\.\d+b?)")

ID = r"§\d+(?:\.\d+)*|H-[BG]\d*|(?:HE|St|PG|[KDSWM])-\d+|A\.\d+b?"
HEADING_LABEL = re.compile(rf"^#{{1,6}}\s+({ID})[\s:].*?\{{#([\w-]+)\}}\s*$", re.MULTILINE)
ANCHOR_LABEL = re.compile(rf'<a id="([\w-]+)"></a>\*\*({ID})(?:[\s.:][^*]*)?\*\*')
EXPLICIT_ID = re.compile(r'\{#([\w-]+)\}|<a id="([\w-]+)">')
HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*$", re.MULTILINE)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def anchor_of(label: str) -> str:
    """The anchor of a label: "§2.9.8" -> "s2-9-8", "H-B2" -> "h-b2", "A.3b" -> "a-3b"."""
    return label.lower().replace("§", "s").replace(".", "-")


def expand_sections(start: str, end: str | None) -> list[str]:
    """The sections of a citation: "2.2", "2.6" -> 2.2 .. 2.6; "2.9.1", "5" -> 2.9.1 .. 2.9.5
    (a shorter end replaces the last numbers of the start)."""
    first = [int(x) for x in start.split(".")]
    if end is None:
        return [start]
    last = [int(x) for x in end.split(".")]
    last = first[: len(first) - len(last)] + last
    if len(last) != len(first) or last[:-1] != first[:-1] or last[-1] < first[-1]:
        return [start, ".".join(map(str, last))]
    return [".".join(map(str, first[:-1] + [k])) for k in range(first[-1], last[-1] + 1)]


def cited_ids(text: str) -> set[str]:
    """Every rule id a source text cites, with ranges and runs expanded."""
    ids: set[str] = set()
    for start, end in SECTION.findall(text):
        ids.update("§" + s for s in expand_sections(start, end or None))
    ids.update(LETTER.findall(text))
    for prefix, first, last in LETTER_RUN.findall(text):
        ids.update(f"{prefix}{k}" for k in range(int(first), int(last) + 1))
    ids.update(VECTOR.findall(text))
    return ids


def page_text(name: str) -> str:
    return (RULES / f"{name}.md").read_text(encoding="utf-8")


def labels(text: str) -> list[tuple[str, str]]:
    """(label, anchor) pairs of a page, in order."""
    return HEADING_LABEL.findall(text) + [(label, anchor) for anchor, label in ANCHOR_LABEL.findall(text)]


def heading_slug(text: str) -> str:
    """The anchor MkDocs' toc extension gives a heading without an explicit id."""
    text = re.sub(r"[`*]", "", text)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def anchors(text: str) -> set[str]:
    """Every link target on a page: explicit ids and the toc's heading ids."""
    found = {a or b for a, b in EXPLICIT_ID.findall(text)}
    for heading in HEADING.findall(text):
        if "{#" not in heading:
            found.add(heading_slug(heading))
    return found


def all_labels() -> dict[str, list[str]]:
    """label -> the pages that carry it."""
    where: dict[str, list[str]] = {}
    for name in PAGES:
        for label, _ in labels(page_text(name)):
            where.setdefault(label, []).append(name)
    return where


@pytest.mark.parametrize("name", PAGES)
def test_each_page_exists_with_a_title_and_real_content(name):
    path = RULES / f"{name}.md"
    assert path.is_file(), f"missing {path.relative_to(ROOT)}"
    text = page_text(name)
    assert text.startswith("# "), f"{name}.md must start with its title"
    words = len(re.findall(r"[A-Za-z]{2,}", text))
    assert words >= MIN_WORDS, f"{name}.md has only {words} words"


@pytest.mark.parametrize("name", PAGES)
def test_labels_carry_their_own_anchor_once(name):
    text = page_text(name)
    pairs = labels(text)
    assert pairs, f"{name}.md labels no rule"
    for label, anchor in pairs:
        assert anchor == anchor_of(label), f"{name}.md: label {label!r} has anchor {anchor!r}"
    explicit = [a or b for a, b in EXPLICIT_ID.findall(text)]
    assert len(explicit) == len(set(explicit)), f"{name}.md repeats an anchor"


def test_citation_parsing():
    text = "rules §2.2-2.6, §2.9.1-5, §5.2-§5.3 and §6.4; W-1..W-8, H-B1 to H-B9 (H-B), S-10, A-2-3-4-5, K-Q-J"
    ids = cited_ids(text + "; test vector A.4")
    sections = {"§2.2", "§2.3", "§2.4", "§2.5", "§2.6", "§2.9.1", "§2.9.5", "§5.2", "§5.3", "§6.4"}
    assert sections <= ids and "§2.9.6" not in ids
    assert {f"W-{k}" for k in range(1, 9)} | {f"H-B{k}" for k in range(1, 10)} | {"H-B", "S-10", "A.4"} <= ids
    assert not {i for i in ids if i.startswith(("A-", "K-"))}


def test_every_rule_id_the_sources_cite_has_a_label():
    cited: dict[str, set[str]] = {}
    for folder in SOURCES:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for rule_id in cited_ids(path.read_text(encoding="utf-8")):
                cited.setdefault(rule_id, set()).add(str(path.relative_to(ROOT)))
    assert {"§2.7", "§6.4", "W-2", "S-5", "M-1", "H-B2"} <= cited.keys(), "the citation patterns found too little"
    labelled = all_labels()
    missing = {rule_id: sorted(files) for rule_id, files in cited.items() if rule_id not in labelled}
    assert not missing, f"rule ids cited without a label in docs/rules/: {missing}"


def test_every_letter_id_run_on_the_pages_is_complete():
    """Each family of letter ids is labelled without gaps (W-1 to W-8, not W-1, W-3, ...)."""
    families: dict[str, list[int]] = {}
    for label in all_labels():
        m = re.fullmatch(r"(H-[BG]|HE-|St-|PG-|[KDSWM]-)(\d+)", label)
        if m:
            families.setdefault(m.group(1), []).append(int(m.group(2)))
    assert set(families) == {"H-B", "H-G", "HE-", "St-", "PG-", "K-", "D-", "S-", "W-", "M-"}
    for prefix, numbers in families.items():
        assert sorted(numbers) == list(range(1, max(numbers) + 1)), f"{prefix} ids have a gap: {sorted(numbers)}"


@pytest.mark.parametrize("name", PAGES)
def test_links_resolve_inside_the_docs(name):
    """Relative links point at an existing page of docs/ and an anchor on it; anything else
    is a public web address."""
    text = page_text(name)
    for target in LINK.findall(text):
        if target.startswith(("https://", "http://")):
            continue
        path, _, anchor = target.partition("#")
        page = (RULES / path).resolve() if path else RULES / f"{name}.md"
        assert page.is_relative_to(ROOT / "docs") and page.is_file(), f"{name}.md links to {target!r}"
        if anchor:
            assert anchor in anchors(page.read_text(encoding="utf-8")), f"{name}.md: no anchor for {target!r}"


def test_the_overview_links_every_page():
    links = {target.partition("#")[0] for target in LINK.findall(page_text("index"))}
    assert {f"{name}.md" for name in PAGES if name != "index"} <= links
