"""How the tutor uses Textual: tui/ and its tests use only its public API (no private module,
name or attribute, no override of the line filters); no style rule with an order pseudo-class
(``:last-child`` ...) applies to ``*`` (Textual restyles every widget it may match at each
mount); no binding is a key a web browser keeps for itself (ctrl+w, ctrl+t, ctrl+n ...)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.app import App
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.screen import ModalScreen, Screen
from textual.scroll_view import ScrollView
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static

import tui
from tui import style_files
from tui.app import QueensTutorApp

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


ORDER = frozenset({"first-of-type", "last-of-type", "first-child", "last-child", "empty"})
"""The pseudo-classes Textual styles a widget again for when its siblings change
(``Stylesheet.apply``: ``_has_order_style``)."""
SHEETS = sorted(style_files.STYLES.glob("*.tcss"))


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda sheet: sheet.name)
def test_no_order_rule_applies_to_every_widget(sheet: Path) -> None:
    assert style_files.LESSONS in SHEETS and style_files.MAIN in SHEETS
    stylesheet = Stylesheet(variables=QueensTutorApp().get_css_variables())
    stylesheet.add_source(sheet.read_text(encoding="utf-8"), str(sheet))
    stylesheet.parse()
    universal = [
        ", ".join(str(selectors) for selectors in rule.selector_set)
        for rule in stylesheet.rules
        if "*" in rule.selector_names and rule.pseudo_classes & ORDER
    ]
    assert not universal, universal


RESERVED = frozenset(
    {
        *(f"ctrl+{key}" for key in "wtn"),
        *(f"ctrl+shift+{key}" for key in "wtnq"),
        *(f"ctrl+{digit}" for digit in "123456789"),
        "ctrl+tab",
        "ctrl+shift+tab",
        "ctrl+pageup",
        "ctrl+pagedown",
        "ctrl+q",  # Firefox on Linux quits
        "alt+f4",
        "f11",
    }
)
"""Keys browsers handle before a page can see them (Chromium and Firefox, on Linux)."""


def tutor_classes() -> Iterator[type[DOMNode]]:
    """Every app, screen and widget class defined in tui/."""
    seen: set[type] = set()
    for info in pkgutil.walk_packages(tui.__path__, "tui."):
        if info.name in ("tui.__main__", "tui.serve.session"):
            continue  # runs the command when imported
        module = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(module, inspect.isclass):
            if issubclass(cls, DOMNode) and cls.__module__.startswith("tui") and cls not in seen:
                seen.add(cls)
                yield cls


def own_keys(cls: type[DOMNode]) -> Iterator[str]:
    for item in vars(cls).get("BINDINGS", []):
        bindings = [item] if isinstance(item, Binding) else Binding.make_bindings([item])
        for binding in bindings:
            yield from (key.strip() for key in binding.key.split(","))


def test_no_binding_is_a_key_the_browser_keeps() -> None:
    bound = [
        (f"{cls.__module__}.{cls.__name__}", key)
        for cls in tutor_classes()
        for key in own_keys(cls)
    ]
    assert {"space", "q", "question_mark", "enter"} <= {key for _, key in bound}  # seen

    class Bad(DOMNode):
        BINDINGS = [Binding("ctrl+w", "close", "Close")]  # noqa: RUF012

    assert set(own_keys(Bad)) & RESERVED == {"ctrl+w"}  # the check would catch one
    assert [f"{where}: {key}" for where, key in bound if key in RESERVED] == []
