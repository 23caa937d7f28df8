"""The docs cannot drift: their examples run and print what they show, and their links resolve.

Examples are read from README.md and every page under docs/; links from every Markdown file of
the repository.

* Console examples. In a ```console block every line ``$ poker-analyzer ARGS`` starts a command
  and the lines up to the next ``$`` line are its output (trailing blank lines dropped). A
  command shown with output is run in-process through ``analyzer.cli.main.main``, as the console script
  runs it, and must print that output (stdout, then stderr): the same words in the same order,
  so every number exactly. Only elapsed times (``0.002 s``, ``"elapsed_seconds": 1.2``) and the
  folder the command runs in are normalised, and line breaks, since a table title wraps with
  the width of its timing. An output line ``...`` stands for any number of lines, and
  ``; echo $?`` after a command adds its exit code to the output. A command shown without
  output (a long run, a cluster) is run with ``--help`` appended, which fails on an unknown
  command or option without running anything.
* Files. A code block titled with a file name (```json title="position.json") is that file:
  every command after it on the page runs in a fresh folder holding the page's titled blocks
  (the latest of each name). A title that names a file of the repository must match that file.
* Python examples. Every ```pycon block runs as a doctest (ELLIPSIS on), the blocks of a file
  in order in one namespace; a ``>>>`` prompt in any other block is an error.
* The API overview (docs/api/index.md) lists every public function of every game namespace.
* Links. Every relative link target resolves to a file or folder inside the repository, and
  none is an absolute path or a ``file:`` URL; links to web sites are not followed.

``python tests/test_docs.py`` rewrites the output of every console example that no longer
matches with what the command prints now (keeping as many lines before and after a ``...``
line; from the second of two runs, so that timings are those of compiled kernels), the way to
regenerate them when an output changes on purpose.
"""

from __future__ import annotations

import contextlib
import doctest
import importlib
import inspect
import io
import os
import re
import shlex
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

import pytest

import analyzer

ROOT = Path(__file__).resolve().parent.parent
SKIPPED_FOLDERS = {"site", "build", "dist", "node_modules", "__pycache__"}  # and every hidden one
CLEAN_ENV = ("FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE", "COLUMNS", "LINES", "DASK_SCHEDULER_ADDRESS")
"""Variables that would change what a command prints or where it runs."""

FENCE = re.compile(r"^(?P<indent> *)(?P<fence>`{3,}|~{3,})(?P<info>.*)$")
TITLE = re.compile(r'title="([^"]+)"')
ECHO_CODE = re.compile(r";\s*echo \$\?\s*$")
ELLIPSIS_LINE = "..."
ELAPSED = (
    (re.compile(r"\b\d+\.\d+ s\b"), "<t> s"),
    (re.compile(r"\b\d+(\.\d+)? ms\b"), "<t> ms"),
    (re.compile(r'"elapsed(_seconds)?": [-+0-9.eE]+'), r'"elapsed\1": <t>'),
)
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
WEB = ("http:", "https:", "mailto:")
INLINE_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)")
REFERENCE_LINK = re.compile(r"^ {0,3}\[[^\]\n]+\]:\s*<?([^\s>]+)", re.MULTILINE)
HTML_LINK = re.compile(r"""\b(?:href|src)\s*=\s*["']([^"']+)["']""")
INLINE_CODE = re.compile(r"(`+).+?\1", re.DOTALL)


def markdown_files() -> list[Path]:
    """Every Markdown file of the repository, outside hidden and generated folders."""
    found = []
    for folder, subfolders, files in os.walk(ROOT):
        subfolders[:] = sorted(d for d in subfolders if not d.startswith(".") and d not in SKIPPED_FOLDERS)
        found += [Path(folder, name) for name in sorted(files) if name.endswith(".md")]
    return found


EXAMPLE_FILES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


@dataclass(frozen=True)
class Block:
    """A fenced code block: its language, title, and body lines from file line ``start`` (0-based)."""

    path: Path
    start: int
    language: str
    title: str | None
    indent: str
    lines: tuple[str, ...]


def blocks(path: Path) -> Iterator[Block]:
    """The fenced code blocks of a Markdown file, in order."""
    lines = path.read_text(encoding="utf-8").splitlines()
    i = 0
    while i < len(lines):
        opening = FENCE.match(lines[i])
        if not opening:
            i += 1
            continue
        indent, fence, info = opening["indent"], opening["fence"], opening["info"]
        end = i + 1
        while end < len(lines) and not re.fullmatch(rf" *{re.escape(fence[0])}{{{len(fence)},}}\s*", lines[end]):
            end += 1
        title = TITLE.search(info)
        body = tuple(line.removeprefix(indent) for line in lines[i + 1 : end])
        yield Block(path, i + 1, (info.split() or [""])[0], title and title[1], indent, body)
        i = end + 1


@dataclass(frozen=True)
class Command:
    """A ``$ poker-analyzer ...`` line of a console block, the output shown under it (file lines
    ``start`` to ``end``, 0-based, end excluded), and the page's titled files before it."""

    path: Path
    line: int
    text: str
    start: int
    end: int
    output: tuple[str, ...]
    indent: str
    files: dict[str, str] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"

    def args(self) -> tuple[list[str], bool]:
        """The arguments after ``poker-analyzer``, and whether the exit code is echoed."""
        echo = bool(ECHO_CODE.search(self.text))
        words = shlex.split(ECHO_CODE.sub("", self.text), comments=True)
        return words[1:], echo


def commands(path: Path) -> list[Command]:
    """The commands of the console blocks of a page, each with the titled files before it."""
    found: list[Command] = []
    files: dict[str, str] = {}
    for block in blocks(path):
        if block.title:
            files[block.title] = "\n".join(block.lines) + "\n"
        if block.language != "console":
            continue
        starts = [k for k, line in enumerate(block.lines) if line.startswith("$ ")]
        for n, k in enumerate(starts):
            stop = starts[n + 1] if n + 1 < len(starts) else len(block.lines)
            while stop > k + 1 and not block.lines[stop - 1].strip():
                stop -= 1
            text = block.lines[k][2:]
            found.append(
                Command(
                    path, block.start + k + 1, text, block.start + k + 1, block.start + stop,
                    block.lines[k + 1 : stop], block.indent, dict(files),
                )
            )  # fmt: skip
    return found


COMMANDS = [command for path in EXAMPLE_FILES for command in commands(path)]


@contextlib.contextmanager
def clean_environment() -> Iterator[None]:
    """Run without the variables of ``CLEAN_ENV`` or the CLI's debug switch, then restore them."""
    from analyzer.cli.errors import DEBUG_ENV

    saved = {name: os.environ.pop(name) for name in (*CLEAN_ENV, DEBUG_ENV) if name in os.environ}
    try:
        yield
    finally:
        os.environ.pop(DEBUG_ENV, None)
        os.environ.update(saved)


def run(command: Command, extra: tuple[str, ...] = ()) -> tuple[int, str]:
    """Run a documented command in-process in a fresh folder holding its page's titled files:
    the exit code and what it printed (stdout, then stderr), the folder's path removed."""
    from analyzer.cli.main import main

    args, _ = command.args()
    out, err = io.StringIO(), io.StringIO()
    with tempfile.TemporaryDirectory() as folder, clean_environment(), contextlib.chdir(folder):
        for name, text in command.files.items():
            Path(name).parent.mkdir(parents=True, exist_ok=True)
            Path(name).write_text(text, encoding="utf-8")
        saved_argv, sys.argv = sys.argv, ["poker-analyzer", *args, *extra]
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                main()
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else int(stop.code is not None)
        finally:
            sys.argv = saved_argv
        printed = (out.getvalue() + err.getvalue()).replace(folder + os.sep, "").replace(folder, ".")
    return code, printed


def printed(command: Command) -> str:
    """What the command prints now, as the docs would show it (the exit code last if echoed)."""
    code, text = run(command)
    lines = [line.rstrip() for line in text.splitlines()]
    if command.args()[1]:
        lines.append(str(code))
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines)


def words(text: str) -> list[str]:
    """The words of an output, elapsed times normalised."""
    text = " ".join(text.split())
    for pattern, replacement in ELAPSED:
        text = pattern.sub(replacement, text)
    return text.split()


def matches(shown: tuple[str, ...], actual: str) -> bool:
    """Whether the shown output lines match the actual output, word for word, a ``...`` line
    standing for any number of lines."""
    pieces: list[list[str]] = [[]]
    for line in shown:
        if line.strip() == ELLIPSIS_LINE:
            pieces.append([])
        else:
            pieces[-1].append(line)
    segments = [words("\n".join(piece)) for piece in pieces]
    got = words(actual)
    if len(segments) == 1:
        return got == segments[0]
    first, *middle, last = segments
    if len(got) < len(first) + len(last) or got[: len(first)] != first or got[len(got) - len(last) :] != last:
        return False
    position, stop = len(first), len(got) - len(last)
    for segment in middle:
        found = next(
            (i for i in range(position, stop - len(segment) + 1) if got[i : i + len(segment)] == segment), None
        )
        if found is None:
            return False
        position = found + len(segment)
    return True


@pytest.mark.parametrize("command", [c for c in COMMANDS if c.output], ids=lambda c: c.name)
def test_console_example_prints_what_it_shows(command):
    actual = printed(command)
    assert matches(command.output, actual), (
        f"{command.name}: $ {command.text}\n--- shown:\n" + "\n".join(command.output) + f"\n--- printed:\n{actual}"
    )


@pytest.mark.parametrize("command", [c for c in COMMANDS if not c.output], ids=lambda c: c.name)
def test_console_command_without_output_exists(command):
    code, text = run(command, ("--help",))
    assert code == 0, f"{command.name}: $ {command.text}\n{text}"


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_console_blocks_hold_only_poker_analyzer_commands(path):
    for block in blocks(path):
        if block.language == "console":
            first = next((line for line in block.lines if line.strip()), "")
            assert first.startswith("$ "), f"{path}:{block.start + 1}: a console block starts with a '$ ' command"
    for command in commands(path):
        assert command.text.startswith("poker-analyzer "), f"{command.name}: only poker-analyzer commands run"


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_titled_blocks_naming_repository_files_match_them(path):
    for block in blocks(path):
        if block.title and (ROOT / block.title).is_file():
            shown = "\n".join(block.lines).strip()
            assert shown == (ROOT / block.title).read_text(encoding="utf-8").strip(), f"{path}: {block.title}"


@pytest.mark.parametrize("path", EXAMPLE_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_python_examples_run(path):
    parser = doctest.DocTestParser()
    examples = []
    for block in blocks(path):
        if block.language == "pycon":
            for example in parser.get_examples("\n".join(block.lines) + "\n"):
                example.lineno += block.start + 1
                examples.append(example)
        else:
            assert not any(line.lstrip().startswith(">>> ") for line in block.lines), (
                f"{path}:{block.start + 1}: a '>>>' example outside a pycon block would not run"
            )
    if not examples:
        return
    test = doctest.DocTest(examples, {"__name__": "docs"}, str(path.relative_to(ROOT)), str(path), 0, None)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    report = io.StringIO()
    runner.run(test, out=report.write)
    assert runner.failures == 0, report.getvalue()


def test_api_overview_lists_every_function_of_every_namespace():
    rows = re.findall(r"^\| \[`pa\.(\w+)`\]\([^)]*\) \| ([^|]+) \|", (ROOT / "docs/api/index.md").read_text(), re.M)
    listed = {name: set(re.findall(r"`(\w+)`", cell)) for name, cell in rows}
    assert set(analyzer.GAMES) <= set(listed), "a game namespace is missing from docs/api/index.md"
    for name, functions in listed.items():
        module = importlib.import_module(f"analyzer.api.{name}" if name in analyzer.GAMES else f"analyzer.{name}")
        if name in analyzer.GAMES:
            verbs = {verb for verb in module.__all__ if inspect.isfunction(getattr(module, verb))}
            assert functions == verbs, f"pa.{name}"
        else:
            assert all(callable(getattr(module, f, None)) for f in functions), f"pa.{name}"


def link_targets(path: Path) -> list[str]:
    """The link targets of a Markdown file outside code: inline, reference and HTML links."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for block in blocks(path):  # blank the fences and the code between them
        lines[block.start - 1 : block.start + len(block.lines) + 1] = [""] * (len(block.lines) + 2)
    prose = INLINE_CODE.sub("", "\n".join(lines))
    return [m[1] for pattern in (INLINE_LINK, REFERENCE_LINK, HTML_LINK) for m in pattern.finditer(prose)]


@pytest.mark.parametrize("path", markdown_files(), ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve_inside_the_repository(path):
    bad = []
    for target in link_targets(path):
        if target.startswith(WEB) or target.startswith("#"):
            continue
        if SCHEME.match(target) or target.startswith("/"):
            bad.append(f"{target} (only relative links and web links)")
            continue
        resolved = (path.parent / unquote(target.split("#")[0])).resolve()
        if not resolved.is_relative_to(ROOT):
            bad.append(f"{target} (outside the repository)")
        elif not resolved.exists():
            bad.append(f"{target} (no such file)")
    assert not bad, f"{path.relative_to(ROOT)}: " + "; ".join(bad)


def update() -> None:
    """Rewrite every shown console output with what its command prints now."""
    for path in EXAMPLE_FILES:
        lines = path.read_text(encoding="utf-8").splitlines()
        for command in reversed(commands(path)):
            if not command.output:
                continue
            printed(command)  # a warm-up, so that the timings shown are those of compiled kernels
            text = printed(command)
            if matches(command.output, text):
                continue  # unchanged but for timings: keep the lines as they are
            now = text.splitlines()
            cuts = [k for k, line in enumerate(command.output) if line.strip() == ELLIPSIS_LINE]
            if cuts:
                head, tail = cuts[0], len(command.output) - cuts[-1] - 1
                now = now[:head] + [ELLIPSIS_LINE] + (now[len(now) - tail :] if tail else [])
            lines[command.start : command.end] = [command.indent + line if line else line for line in now]
            print(f"{command.name}: {len(now)} lines")
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    update()
