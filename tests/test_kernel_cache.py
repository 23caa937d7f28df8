"""The project's kernel cache (analyzer/jit/kernel_cache.py, analyzer/jit/sources.py): a folder it
chooses and checks, entries that never outlive their sources, damaged files healed with one line,
and no failure when nothing can be written.

The cases marked ``speed_layer`` need the project's cache, which the speed layer's switch turns
off with the rest of analyzer/jit (Numba's own cache then runs, and would fail them). Most cases
run a small package of two kernels made with the project's decorator in a fresh
process (a caller in one module, its callee in another), so each costs a second or two; the last
ones run the command line on the real package."""

from __future__ import annotations

import os
import resource
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from analyzer.jit import sources
from conftest import speed_layer
from tests.cli_process import run_cli

ROOT = Path(__file__).resolve().parents[1]

CALLER = """\
from analyzer.jit import kernel
from kcpkg.weights import tie_weight


@kernel
def share(ties):
    return ties * tie_weight()
"""
CALLEE = """\
from analyzer.jit import kernel


@kernel
def tie_weight():
    return 0.5
"""
SCRIPT = "from kcpkg.caller import share; print(share(4.0))"


@pytest.fixture
def package(tmp_path: Path) -> Path:
    """A package ``kcpkg`` with ``caller.share`` (ties * ``weights.tie_weight()``, 2.0 for 4 ties)
    and an unrelated module; returns the folder holding it."""
    folder = tmp_path / "src"
    (folder / "kcpkg").mkdir(parents=True)
    (folder / "kcpkg" / "__init__.py").write_text("")
    (folder / "kcpkg" / "caller.py").write_text(CALLER)
    (folder / "kcpkg" / "weights.py").write_text(CALLEE)
    (folder / "kcpkg" / "unrelated.py").write_text("X = 1\n")
    return folder


def run_package(folder: Path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run :data:`SCRIPT` in a fresh interpreter with ``folder`` first on the path and ``env``
    (no ``NUMBA_CACHE_DIR`` unless given)."""
    environment = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    environment["PYTHONPATH"] = os.pathsep.join([str(folder), str(ROOT)])
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=environment, timeout=300, check=False
    )


def cache_files(folder: Path) -> list[Path]:
    return sorted(path for path in folder.rglob("*") if path.suffix in (".nbi", ".nbc"))


# --- the sources an entry is stamped with ---------------------------------------------------------


def test_a_module_depends_on_what_it_imports_of_its_package_and_their_data(package):
    (package / "kcpkg" / "tables.json").write_text("[1, 2]")
    (package / "kcpkg" / "deep").mkdir()
    (package / "kcpkg" / "deep" / "__init__.py").write_text("")
    (package / "kcpkg" / "deep" / "inner.py").write_text("Y = 2\n")
    (package / "kcpkg" / "weights.py").write_text(
        "import os\nfrom kcpkg.deep import (\n    inner,\n)\n" + CALLEE  # a parenthesised list, a subpackage
    )
    found = {path.relative_to(package).as_posix() for path in sources.dependencies(package / "kcpkg" / "caller.py")}
    assert found == {
        "kcpkg/__init__.py",
        "kcpkg/caller.py",
        "kcpkg/weights.py",
        "kcpkg/tables.json",
        "kcpkg/deep/__init__.py",
        "kcpkg/deep/inner.py",
    }


def test_the_stamp_follows_a_callee_edit_and_ignores_an_unrelated_one(package):
    caller = str(package / "kcpkg" / "caller.py")
    first = sources.stamp.__wrapped__(caller)
    (package / "kcpkg" / "unrelated.py").write_text("X = 2\n")
    sources._imports.cache_clear()
    assert sources.stamp.__wrapped__(caller) == first
    (package / "kcpkg" / "weights.py").write_text(CALLEE.replace("0.5", "0.0"))
    assert sources.stamp.__wrapped__(caller) != first


def test_a_file_in_no_package_depends_on_itself(tmp_path):
    script = tmp_path / "script.py"
    script.write_text("from kcpkg import x\n")
    assert sources.dependencies(script) == {script.resolve()}


# --- the cache at work, in fresh processes --------------------------------------------------------


@pytest.mark.whole_process
@speed_layer
def test_an_edited_callee_is_compiled_again_not_loaded(package):
    """Numba keys the caller by its own file alone: after the callee's edit it loads the old
    machine code (2.0). The project's entry is stamped with the callee's source too."""
    assert run_package(package).stdout.split() == ["2.0"]
    (package / "kcpkg" / "weights.py").write_text(CALLEE.replace("0.5", "0.25"))
    run = run_package(package)
    assert run.stdout.split() == ["1.0"], run.stderr
    assert run.stderr == ""


@pytest.mark.whole_process
@speed_layer
def test_entries_go_beside_the_source_and_the_second_process_compiles_nothing(package):
    assert run_package(package).returncode == 0
    files = cache_files(package / "kcpkg" / "__pycache__")
    assert {path.name.split(".py3")[0] for path in files} == {"caller.share-5", "weights.tie_weight-4"}
    stamps = {path: path.stat().st_mtime_ns for path in files}
    assert run_package(package).stdout.split() == ["2.0"]
    assert {path: path.stat().st_mtime_ns for path in cache_files(package / "kcpkg" / "__pycache__")} == stamps


DAMAGE = {
    "an empty index": (".nbi", lambda data: b""),
    "a truncated index": (".nbi", lambda data: data[: len(data) // 2]),
    "a truncated data file": (".nbc", lambda data: data[:1000]),
    "garbage in place of the data": (".nbc", lambda data: os.urandom(len(data))),
    "one flipped byte of the data": (".nbc", lambda data: data[:-5] + bytes([data[-5] ^ 1]) + data[-4:]),
}


@pytest.mark.whole_process
@speed_layer
@pytest.mark.parametrize("damage", list(DAMAGE))
def test_a_damaged_entry_is_removed_with_one_line_and_compiled_again(package, damage):
    suffix, spoil = DAMAGE[damage]
    assert run_package(package).returncode == 0
    target = next(
        p for p in cache_files(package / "kcpkg" / "__pycache__") if "caller" in p.name and p.suffix == suffix
    )
    target.write_bytes(spoil(target.read_bytes()))
    run = run_package(package)
    assert (run.returncode, run.stdout.split()) == (0, ["2.0"])
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and "removed a damaged kernel cache entry for share" in lines[0], run.stderr
    healed = run_package(package)
    assert (healed.stdout.split(), healed.stderr) == (["2.0"], "")


@pytest.mark.whole_process
@speed_layer
def test_a_read_only_tree_caches_in_the_user_cache_folder(package, tmp_path):
    (package / "kcpkg" / "__pycache__").write_text("")  # a file: no folder can be made there, even by root
    user = tmp_path / "user-cache"
    assert run_package(package, XDG_CACHE_HOME=str(user)).stderr == ""
    files = cache_files(user / "poker-analyzer" / "kernels")
    assert len(files) == 4
    second = run_package(package, XDG_CACHE_HOME=str(user))
    assert (second.stdout.split(), second.stderr) == (["2.0"], "")
    assert cache_files(user / "poker-analyzer" / "kernels") == files


def test_nothing_writable_compiles_in_memory_with_one_line(package, tmp_path):
    (package / "kcpkg" / "__pycache__").write_text("")
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    run = run_package(package, XDG_CACHE_HOME=str(blocked / "cache"))
    assert (run.returncode, run.stdout.split()) == (0, ["2.0"])
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and "no writable folder for the kernel cache" in lines[0], run.stderr


def _small_files_only() -> None:
    """In the child: files of at most 64 bytes, as on a full disk (writes fail with EFBIG rather
    than the signal that would end the process)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (64, 64))


@speed_layer
def test_a_disk_that_refuses_the_save_means_no_caching_not_a_failure(package):
    environment = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    environment["PYTHONPATH"] = os.pathsep.join([str(package), str(ROOT)])
    environment["PYTHONDONTWRITEBYTECODE"] = "1"
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT],
        capture_output=True,
        text=True,
        env=environment,
        timeout=300,
        check=False,
        preexec_fn=_small_files_only,
    )
    assert (run.returncode, run.stdout.split()) == (0, ["2.0"])
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and "kernel cache not written" in lines[0] and "running without it" in lines[0]


# --- the command line on the real package ---------------------------------------------------------

QUERY = ["holdem", "equity", "AsKs", "QdQc"]


@pytest.mark.whole_process
@speed_layer
def test_an_empty_cache_file_heals_under_the_command_line(tmp_path):
    first = run_cli(QUERY, {"NUMBA_CACHE_DIR": str(tmp_path)})
    index = next(
        path
        for path in cache_files(tmp_path)
        if path.name.startswith("engine.exact_showdowns-") and path.suffix == ".nbi"
    )
    index.write_bytes(b"")
    run = run_cli(QUERY, {"NUMBA_CACHE_DIR": str(tmp_path)})
    assert run.stdout.split("\n", 1)[1] == first.stdout.split("\n", 1)[1]  # the table, below the timed title
    notices = run.stderr.splitlines()[:-1]  # the last line is run_cli's list of imported modules
    assert len(notices) == 1 and "removed a damaged kernel cache entry" in notices[0]


@pytest.mark.whole_process
@speed_layer  # Numba's own cache looks beside the source next, and finds it writable here
def test_an_unwritable_cache_folder_runs_the_command_in_memory(tmp_path):
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    run = run_cli(QUERY, {"NUMBA_CACHE_DIR": str(blocked / "cache")})
    assert "46.214%" in run.stdout
    notices = run.stderr.splitlines()[:-1]
    assert len(notices) == 1 and "kernels compile in memory" in notices[0]
