"""The tutor's Textual stylesheets, one absolute path each: the app and the screens name a
sheet by the same path, so Textual parses it once."""

from __future__ import annotations

from pathlib import Path

STYLES = Path(__file__).parent / "styles"
MAIN = STYLES / "main.tcss"
WIDGETS = STYLES / "widgets.tcss"
LESSONS = STYLES / "lessons.tcss"
"""The lesson menu's and lesson screen's sheet: read at start when the tutor starts on the
lessons, else when the menu is first shown."""
