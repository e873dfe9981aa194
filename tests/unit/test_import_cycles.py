"""No import cycle among the project's modules (module-level imports; an import inside a
function is a deliberate lazy import and is left out), and none at all, lazy imports
counted, within the packages that are free of them (:data:`NO_LAZY_CYCLES`)."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("solver", "lessons", "tui")
NO_LAZY_CYCLES = ("lessons/progress",)
"""Packages whose modules import one another in one direction only, lazily or not."""


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _graph(packages: tuple[str, ...] = PACKAGES, lazy: bool = False) -> dict[str, set[str]]:
    """Who imports whom among the modules of ``packages``; ``lazy``: imports inside functions
    too."""
    modules = {_module(p): p for pkg in packages for p in (ROOT / pkg).rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree) if lazy else tree.body:
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
            graph[name].update(t for t in targets if t in modules and t != name)
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_no_import_cycle() -> None:
    graph = _graph()
    assert graph.get("tui.app")
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_check_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]


def test_no_import_cycle_at_all_where_there_is_none() -> None:
    """Lazy imports counted."""
    graph = _graph(NO_LAZY_CYCLES, lazy=True)
    assert graph.get("lessons.progress.settings")
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])
