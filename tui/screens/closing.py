"""Closing a screen once, and only from the top: keys typed ahead (``escape escape`` in one read)
reach a screen again before its dismissal has taken it off the stack, and a second dismissal
would pop the screen under it (or fail on the last one); and Textual's ``Screen.dismiss`` pops
whatever screen is on top, so a screen under another (a lesson under the help, shown through
the modal) that closed itself would close the other one instead."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

from tui.top_screen import on_top

_CLOSING = "queens_tutor_closing"


def dismiss_once(screen: Screen[Any], result: Any = None) -> None:
    """Dismiss ``screen`` unless it is already being dismissed or another screen is on top."""
    if getattr(screen, _CLOSING, False) or not on_top(screen):
        return
    setattr(screen, _CLOSING, True)
    screen.dismiss(result)
