"""Docs/extending.md is true and complete: every path and module it names exists, and it names
every file the throwaway kits (tests/throwaway/, the recipe tried) needed, inside its folder and
out."""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

from solver.sources import SOURCES

ROOT = Path(__file__).resolve().parents[2]
GUIDE = ROOT / "docs" / "extending.md"
FOLDERS = tuple(ROOT / "tests" / "throwaway" / name for name in ("richards", "algx"))
TOPS = ("solver", "lessons", "tui", "tests", "docs", "benchmarks")

PATH = re.compile(
    r"(?<![\w./-])((?:" + "|".join(TOPS) + r")/[\w./{},<>*-]*|[\w-]+\.(?:md|toml|py)|\.ci/run)"
)
"""A path the guide names: ``solver/methods/``, ``lessons/builtin/{en,it,pl}/``, ``README.md``."""
DOTTED = re.compile(r"(?<![\w./-])((?:solver|lessons|tui|tests)(?:\.\w+)+)")
"""A module or an object the guide names by its dotted name: ``solver.stepping.Engine``."""
PLACEHOLDER = re.compile(r"<\w+>|yourname|NN")


def _guide() -> str:
    return GUIDE.read_text(encoding="utf-8")


def _expanded(path: str) -> Iterator[str]:
    """``a/{x,y}/b`` as ``a/x/b`` and ``a/y/b``."""
    found = re.search(r"\{([^}]*)\}", path)
    if found is None:
        yield path
        return
    for choice in found.group(1).split(","):
        yield from _expanded(path[: found.start()] + choice + path[found.end() :])


def named_paths() -> set[str]:
    """Every path the guide names, its braces expanded, trailing punctuation off."""
    return {
        one.rstrip(".,;:") for match in PATH.finditer(_guide()) for one in _expanded(match.group(1))
    }


def named_modules() -> set[str]:
    return {match.group(1).rstrip(".") for match in DOTTED.finditer(_guide())}


def _exists(path: str) -> bool:
    """The path, or for a pattern (``<name>``, ``yourname``, ``*``) the folder it stands in."""
    if PLACEHOLDER.search(path) or "*" in path:
        head = PLACEHOLDER.split(path)[0].split("*")[0]
        folder = ROOT / head.rsplit("/", 1)[0]
        return folder.is_dir() and ("*" not in path or any(folder.glob(Path(path).name)))
    if "/" not in path:  # a file by its name: a document at the top or in docs/, a module
        if path.endswith(".py"):
            return any(next((ROOT / top).rglob(path), None) for top in TOPS)
        return (ROOT / path).exists() or (ROOT / "docs" / path).exists()
    return (ROOT / path).exists()


def _resolves(dotted: str) -> bool:
    """A module, or an attribute of one (``solver.stepping.Engine``, ``solver.registry.kit``)."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def test_every_path_and_module_the_guide_names_exists() -> None:
    """None of an older layout (``solver/methods/yourname.py``, ``iterative_view.py``) either."""
    assert "solver/methods/yourname.py" not in _guide() and "iterative_view.py" not in _guide()
    paths = named_paths()
    assert [path for path in sorted(paths) if not _exists(path)] == []
    assert "solver/methods/" in paths and "tests/throwaway/richards/" in paths
    modules = named_modules()
    assert "solver.stepping.Engine" in modules
    assert [name for name in sorted(modules) if not _resolves(name)] == []


def layout() -> set[str]:
    """The files of a method's folder, as the guide's layout block lists them."""
    block = re.search(r"```\nsolver/methods/yourname/\n(.*?)```", _guide(), re.S)
    assert block is not None, "the guide shows a method's folder"
    return {line.split()[0] for line in block.group(1).splitlines() if line.strip()}


def _named(path: Path) -> bool:
    """The guide names the file by its path or, for a module, by its dotted name."""
    relative = path.relative_to(ROOT).as_posix()
    module = relative.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
    dotted = named_modules()
    return relative in named_paths() or any(
        m == module or m.startswith(module + ".") for m in dotted
    )


def _imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return found


def _file_of(module: str) -> Path:
    base = ROOT / Path(*module.split("."))
    return base.with_suffix(".py") if base.with_suffix(".py").exists() else base / "__init__.py"


def test_the_guide_names_every_file_the_throwaway_kits_needed_in_their_folders_and_out() -> None:
    """Each folder holds the layout's modules (as its model folder does) and a lesson page; what
    they import and every test file that knows of them are named; the notes come first."""
    guide = _guide()
    assert guide.index("solver/sources.py") < guide.index("**The engine**")
    assert layout() <= {path.name for path in (ROOT / "solver/methods/iterative").glob("*.py")}
    needed: set[Path] = set()
    for folder in FOLDERS:
        assert {path.name for path in folder.glob("*.py")} == layout()
        assert (folder / "lesson.md").is_file()
        for path in folder.glob("*.py"):
            for module in _imported_modules(path):
                if module.split(".")[0] in ("solver", "lessons", "tui"):
                    needed.add(_file_of(module))
    assert "tests/throwaway/richards/lesson.md" in named_paths()
    for path in (ROOT / "tests").rglob("*.py"):
        if FOLDERS[0].parent in path.parents or path == Path(__file__):
            continue
        if "throwaway" not in path.read_text(encoding="utf-8"):
            continue  # cannot import it
        if any(m.startswith("tests.throwaway") for m in _imported_modules(path)):
            needed.add(path)
    assert needed, "the kit imports the tutor's base classes"
    assert sorted(p.relative_to(ROOT).as_posix() for p in needed if not _named(p)) == []


def test_every_source_a_kit_may_name_is_a_row_of_sources_md() -> None:
    """Step 0: the notes are a line of solver/sources.py's table and a row of docs/sources.md."""
    text = (ROOT / "docs" / "sources.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| **")]
    named = [s.key for s in SOURCES.values() if any(s.name.split(" (")[0] in r for r in rows)]
    assert named == list(SOURCES) and len(rows) == len(SOURCES)
