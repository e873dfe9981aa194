"""Which screen is on top: the one that gets the keys, owns the terminal cursor, and is the one
Textual's ``Screen.dismiss`` pops.

``Screen.is_current`` is not that: it is also true of a screen shown under a modal (a lesson
under the help), which must neither close itself (its dismissal would pop the modal) nor put
the cursor on its own widgets.
"""

from __future__ import annotations

from typing import Any

from textual.app import ScreenStackError
from textual.screen import Screen


def on_top(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is the top of its app's screen stack."""
    try:
        return screen.app.screen is screen
    except ScreenStackError:  # no screen at all: the app is closing
        return False
