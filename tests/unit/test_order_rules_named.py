"""No rule of the tutor's style sheets with an order pseudo-class (``:last-child`` ...) applies
to ``*``: Textual restyles every widget such a rule may match whenever one is mounted."""

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
