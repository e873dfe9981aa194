"""Tui/ and its tests use only Textual's public API: no import of a private module or name, no
private attribute of Textual's classes, no override of the line filters."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from textual.app import App
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static

TUI = Path(__file__).resolve().parents[2] / "tui"
SOURCES = sorted(TUI.rglob("*.py"))
TESTS = sorted((TUI.parent / "tests").rglob("*.py"))


def _textual_private_names() -> frozenset[str]:
    """Every ``_name`` Textual's classes (and their instances) define, less dunders."""
    names: set[str] = set()
    classes = (App, Screen, ModalScreen, ScrollView, Widget, Static, Footer, OptionList)
    classes += (Horizontal, Vertical, VerticalScroll)
    for cls in classes:
        for klass in cls.__mro__:
            if klass.__module__.startswith("textual"):
                names.update(vars(klass))
    for instance in (ScrollView(), Static(), Widget(), Screen()):
        names.update(getattr(instance, "__dict__", {}))
    return frozenset(n for n in names if n.startswith("_") and not n.startswith("__"))


PRIVATE = _textual_private_names()
ATTRIBUTE = re.compile(r"\.\s*(?:" + "|".join(map(re.escape, sorted(PRIVATE))) + r")\b")
"""An attribute access to one of them, as the source may write it."""


def _problems(path: Path, root: Path = TUI.parent) -> list[str]:
    text = path.read_text(encoding="utf-8")
    if "textual" not in text and "get_line_filters" not in text and not ATTRIBUTE.search(text):
        return []  # names nothing the check looks for
    tree = ast.parse(text, str(path))
    found = []
    name = path.relative_to(root)
    for node in ast.walk(tree):
        where = f"{name}:{getattr(node, 'lineno', 0)}"
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("textual"):
            if any(part.startswith("_") for part in node.module.split(".")):
                found.append(f"{where}: imports from private module {node.module}")
            found += [
                f"{where}: imports private name {alias.name}"
                for alias in node.names
                if alias.name.startswith("_")
            ]
        elif isinstance(node, ast.Import):
            found += [
                f"{where}: imports private module {alias.name}"
                for alias in node.names
                if alias.name.startswith("textual")
                and any(p.startswith("_") for p in alias.name.split("."))
            ]
        elif isinstance(node, ast.Attribute) and node.attr in PRIVATE:
            found.append(f"{where}: uses Textual's private attribute {node.attr}")
        elif isinstance(node, ast.FunctionDef) and node.name == "get_line_filters":
            found.append(f"{where}: overrides Textual's line filters")
    return found


def test_neither_tui_nor_the_tests_use_private_textual_api(tmp_path: Path) -> None:
    assert len(SOURCES) > 20 and {"_styles_cache", "_compositor"} <= PRIVATE
    bad = tmp_path / "tui" / "bad.py"
    bad.parent.mkdir()
    bad.write_text(
        "from textual._border import get_box\n"
        "import textual._styles_cache\n"
        "class V:\n"
        "    def __init__(self):\n"
        "        self._styles_cache = None\n"
        "    def get_line_filters(self):\n"
        "        return self.styles._cache_key\n"
    )
    assert len(_problems(bad, tmp_path)) >= 4  # the check catches private use
    this = Path(__file__).resolve()
    assert [
        problem for path in SOURCES + TESTS if path != this for problem in _problems(path)
    ] == []
