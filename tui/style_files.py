"""Where the tutor's Textual stylesheets are (tui/styles/), by one absolute path each.

The app and the screens name a sheet by the same path, so that Textual knows a sheet the app
has read already when a screen asks for it (``Stylesheet.has_source``) and does not parse the
whole stylesheet again as that screen is first shown: a screen with a sheet of its own that
the app has not read costs a parse of every sheet and every widget's ``DEFAULT_CSS``.
"""

from __future__ import annotations

from pathlib import Path

STYLES = Path(__file__).parent / "styles"
"""The folder of the ``.tcss`` files."""
MAIN = STYLES / "main.tcss"
WIDGETS = STYLES / "widgets.tcss"
LESSONS = STYLES / "lessons.tcss"
"""The lesson menu's and the lesson screen's sheet: read with the app's own when the tutor
starts on the lessons (``--lesson``, ``review``, ``--lessons-dir``), else when the menu is
first shown."""
