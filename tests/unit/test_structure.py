"""The house's rules. Its shape: no import circle, no import up inside a top folder, no module over
600 lines (its physical lines), and solver/ and lessons/ never import the UI. A module imports
every product module its ``import`` statements name, anywhere in it; ``from P import x`` names
``P.x`` if it is a module, else ``P``; the rooms of a top folder (its sub-packages and own
modules) stand in floors: the graph of rooms has no cycle. The lecture notes are named as their
readers know them, never by internal file numbers; every benchmark points the home into a
temporary folder of its own before it starts a tutor."""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PRODUCT = ("solver", "lessons", "tui", "benchmarks")
"""The top folders whose modules are the product."""
LAYERED = ("solver", "lessons", "tui")
"""The top folders whose rooms stand in floors (benchmarks/ has no sub-packages)."""
MAX_LINES = 600


def _name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    """Every product module by its dotted name (a package by its own name)."""
    return {_name(p): p for top in PRODUCT for p in sorted((ROOT / top).rglob("*.py"))}


def _absolute(name: str, node: ast.ImportFrom) -> str | None:
    """The module an ``ImportFrom`` in module ``name`` reads from (relative ones resolved)."""
    if not node.level:
        return node.module
    is_package = modules()[name].name == "__init__.py"
    base = name.split(".")[: len(name.split(".")) - node.level + (1 if is_package else 0)]
    return ".".join([*base, *([node.module] if node.module else [])]) or None


def imported(name: str, tree: ast.AST) -> set[str]:
    """The product modules the module ``name`` (parsed as ``tree``) imports, anywhere."""
    known = modules()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                parts = alias.name.split(".")
                # import a.b.c names a.b.c (and runs a and a.b, which are its faces)
                target = next(
                    (
                        ".".join(parts[:i])
                        for i in range(len(parts), 0, -1)
                        if ".".join(parts[:i]) in known
                    ),
                    None,
                )
                if target is not None:
                    found.add(target)
        elif isinstance(node, ast.ImportFrom):
            source = _absolute(name, node)
            if source is None:
                continue
            for alias in node.names:
                if f"{source}.{alias.name}" in known:
                    found.add(f"{source}.{alias.name}")
                elif source in known:
                    found.add(source)
    found.discard(name)
    return found


@cache
def graph() -> dict[str, frozenset[str]]:
    """Every product module and the product modules it imports."""
    return {
        name: frozenset(imported(name, ast.parse(path.read_text(encoding="utf-8"))))
        for name, path in modules().items()
    }


def components(edges: Mapping[str, Iterable[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node, each sorted: once the nodes no
    cycle passes through are peeled off, each node with the nodes it reaches that reach it."""
    alive = set(edges)
    while True:  # peel off the nodes with no edge in or no edge out among those left
        entered = {child for node in alive for child in edges[node] if child in alive}
        left = {node for node in alive & entered if any(c in alive for c in edges[node])}
        if left == alive:
            break
        alive = left

    def reach(start: str) -> set[str]:
        seen: set[str] = set()
        todo = [start]
        while todo:
            for child in edges[todo.pop()]:
                if child in alive and child not in seen:
                    seen.add(child)
                    todo.append(child)
        return seen

    reached = {node: reach(node) for node in alive}
    found = {
        tuple(sorted({node} | {other for other in reached[node] if node in reached[other]}))
        for node in alive
        if node in reached[node]
    }
    return sorted(list(component) for component in found if len(component) > 1)


def room(top: str, module: str) -> str | None:
    """The room of ``top`` that ``module`` stands in: its sub-package or its own name."""
    parts = module.split(".")
    if parts[0] != top or len(parts) == 1:
        return None  # another top folder, or the top folder's own __init__
    return parts[1]


def room_cycles() -> dict[str, list[str]]:
    """Each cycle of rooms inside a top folder (``TOP: rooms``), with the imports that tie it
    (``module -> module``)."""
    found: dict[str, list[str]] = {}
    for top in LAYERED:
        rooms: dict[str, set[str]] = {}
        for module, targets in graph().items():
            here = room(top, module)
            if here is None:
                continue
            rooms.setdefault(here, set())
            for target in targets:
                there = room(top, target)
                if there is not None and there != here:
                    rooms[here].add(there)
        for cycle in components(rooms):
            ties = sorted(
                f"{module} -> {target}"
                for module, targets in graph().items()
                for target in targets
                if room(top, module) in cycle
                and room(top, target) in cycle
                and room(top, module) != room(top, target)
            )
            found[f"{top}: {', '.join(cycle)}"] = ties
    return found


def lines(name: str) -> int:
    return len(modules()[name].read_bytes().splitlines())


def long_modules() -> dict[str, int]:
    """Each module over :data:`MAX_LINES`, by its path, with its lines."""
    return {
        modules()[name].relative_to(ROOT).as_posix(): lines(name)
        for name in modules()
        if lines(name) > MAX_LINES
    }


# -- the rules ------------------------------------------------------------------------------


def test_no_import_circle_no_import_up_inside_a_top_folder_and_no_module_over_600_lines() -> None:
    circles = [
        ", ".join(m)
        + ": "
        + "; ".join(f"{a} -> {b}" for a in m for b in sorted(graph()[a]) if b in m)
        for m in components(dict(graph()))
    ]
    assert circles == []
    assert room_cycles() == {}
    assert long_modules() == {}


def test_the_rules_read_every_kind_of_import_and_find_a_circle_and_a_room_cycle() -> None:
    """Top-level, TYPE_CHECKING, lazy and relative imports all count."""
    assert any(target.startswith("solver") for target in graph()["tui.app"])
    source = (
        "from __future__ import annotations\n"
        "from typing import TYPE_CHECKING\n"
        "import solver.stepping\n"
        "from solver import messages\n"
        "from . import peek\n"
        "if TYPE_CHECKING:\n"
        "    from solver.kit import SteppableKit\n"
        "def f():\n"
        "    from solver.views.frame import Frame\n"
    )
    found = imported("solver.registry", ast.parse(source))
    expected = {"stepping", "messages", "peek", "kit", "views.frame"}
    assert found == {f"solver.{name}" for name in expected}
    assert components({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert components({"a": {"b"}, "b": set()}) == []
    assert room("solver", "solver.methods.iterative.engine") == "methods"
    assert room("solver", "solver.registry") == "registry"
    assert room("solver", "solver") is None and room("solver", "tui.app") is None


CHECK = """
import importlib, pkgutil, sys
for package, forbidden in (("solver", ("textual", "rich", "tui", "lessons")),
                           ("lessons", ("textual", "rich", "tui"))):
    for info in pkgutil.walk_packages(importlib.import_module(package).__path__, package + "."):
        importlib.import_module(info.name)
    print(package, sorted(m for m in sys.modules if m.split(".")[0] in forbidden))
"""


def test_solver_and_lessons_and_all_their_modules_import_without_the_ui() -> None:
    """solver/ imports neither the UI nor the lessons; lessons/ (solver/ loaded) not the UI."""
    proc = subprocess.run([sys.executable, "-c", CHECK], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.splitlines() == ["solver []", "lessons []"]


def test_the_tutors_start_and_its_command_line_import_no_lesson_machinery() -> None:
    """The app module leaves the lessons to when they are first opened, and no subcommand's
    parser (all are built at start) imports what its command computes: start-up budgets."""
    code = (
        "import sys, tui.app, tui.screens.main_screen\n"
        "from tui.cli.main import build_parser\n"
        "build_parser()\n"
        "heavy = ('lessons.catalog', 'lessons.parsing.parser', 'tui.lesson_context',"
        " 'tui.screens.progress_transfer', 'lessons.review.session', 'lessons.review.boxes',"
        " 'lessons.course.reading', 'lessons.progress.store')\n"
        "print(sorted(m for m in heavy if m in sys.modules))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "[]"


FILE_NUMBER = re.compile("se" + r"eds?[ _-]?0\d\d", re.IGNORECASE)
"""The words for an internal file number (spelled in two parts so this file does not match)."""


def _tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False
    ).stdout.split(b"\0")
    files = [ROOT / name.decode() for name in listed if name]
    if not files:  # not a git checkout (an sdist): every file under the packages
        files = [p for d in ("solver", "tui", "lessons", "docs") for p in (ROOT / d).rglob("*")]
    return [p for p in files if p.is_file()]


def test_no_file_names_the_notes_by_number() -> None:
    assert FILE_NUMBER.search("as the " + "se" + "ed 002 says")
    assert FILE_NUMBER.search("test_" + "se" + "ed_001_order")
    assert not FILE_NUMBER.search("seeded random mazes, --maze random:7")
    found = []
    for path in _tracked_files():
        text = path.read_bytes().decode("utf-8", errors="ignore")
        found += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in FILE_NUMBER.finditer(text)]
    assert not found


BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _main_block(tree: ast.Module) -> ast.If | None:
    for node in tree.body:
        if (
            isinstance(node, ast.If)
            and isinstance(node.test, ast.Compare)
            and isinstance(node.test.left, ast.Name)
            and node.test.left.id == "__name__"
        ):
            return node
    return None


@pytest.mark.parametrize("path", sorted(BENCHMARKS.glob("bench_*.py")), ids=lambda p: p.stem)
def test_a_benchmark_leaves_the_home_before_anything_else(path: Path) -> None:
    block = _main_block(ast.parse(path.read_text(encoding="utf-8")))
    assert block is not None, f"{path.name}: no __main__ block"
    first = block.body[0]
    assert (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Call)
        and isinstance(first.value.func, ast.Name)
        and first.value.func.id in {"leave_home_alone", "run_main"}
    ), f"{path.name}: its __main__ block does not start with leave_home_alone() or run_main()"


def test_the_benchmarks_home_is_temporary_and_kept_once_made(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from benchmarks import home

    monkeypatch.delenv(home.MARK, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    for variable in home.FOLDERS:
        monkeypatch.delenv(variable, raising=False)
    made = home.leave_home_alone()
    try:
        assert made != tmp_path and made.is_dir()
        assert os.environ["HOME"] == str(made)
        assert os.environ["XDG_DATA_HOME"] == str(made / ".local/share")
        assert home.leave_home_alone() == made  # a second call keeps it
        monkeypatch.delenv(home.MARK)
        monkeypatch.setattr(sys, "argv", ["bench", "--x"])
        with pytest.raises(SystemExit) as exited:  # run_main leaves the home before main
            home.run_main(lambda argv: len(argv) if os.environ[home.MARK] != str(made) else 9)
        assert exited.value.code == 1
    finally:
        import shutil

        shutil.rmtree(made, ignore_errors=True)
