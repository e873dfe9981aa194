"""No rule of the tutor's style sheets with an order pseudo-class (``:last-child``,
``:first-of-type`` ...) applies to ``*``: Textual marks every widget such a rule may match as
styled by its order, and styles each of them again, with everything inside it, whenever a
widget is mounted in its parent. ``#lesson-text > *:last-child`` made that every widget of
every screen: opening a lesson styled its widgets twice as many times as it does now, 0.145
CPU-seconds of the 0.33 it took."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.css.stylesheet import Stylesheet

from tui import style_files
from tui.app import QueensTutorApp

ORDER = frozenset({"first-of-type", "last-of-type", "first-child", "last-child", "empty"})
"""The pseudo-classes Textual styles a widget again for when its siblings change
(``Stylesheet.apply``: ``_has_order_style``)."""
SHEETS = sorted(style_files.STYLES.glob("*.tcss"))


def test_the_sheets_are_found() -> None:
    assert style_files.LESSONS in SHEETS and style_files.MAIN in SHEETS


@pytest.mark.parametrize("sheet", SHEETS, ids=lambda sheet: sheet.name)
def test_no_order_rule_applies_to_every_widget(sheet: Path) -> None:
    stylesheet = Stylesheet(variables=QueensTutorApp().get_css_variables())
    stylesheet.add_source(sheet.read_text(encoding="utf-8"), str(sheet))
    stylesheet.parse()
    universal = [
        ", ".join(str(selectors) for selectors in rule.selector_set)
        for rule in stylesheet.rules
        if "*" in rule.selector_names and rule.pseudo_classes & ORDER
    ]
    assert not universal, universal
