"""Every key the tutor binds works in a web browser (``queens-tutor serve``): none is one that
browsers keep for themselves (a page never receives it), such as ctrl+w, ctrl+t or ctrl+n."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterator

from textual.binding import Binding
from textual.dom import DOMNode

import tui

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
