"""Which screen is on top (gets the keys and the cursor). ``Screen.is_current`` is also true
of a screen under a modal."""

from __future__ import annotations

from typing import Any

from textual.app import ScreenStackError
from textual.screen import Screen


def on_top(screen: Screen[Any]) -> bool:
    """Whether ``screen`` is the top of its app's screen stack (False while the app closes)."""
    try:
        return screen.app.screen is screen
    except ScreenStackError:
        return False
