"""Closing a screen once: keys typed ahead (``escape escape`` in one read) reach a screen again
before its dismissal has taken it off the stack, and a second dismissal would pop the screen
under it (or fail on the last one)."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen

_CLOSING = "queens_tutor_closing"


def dismiss_once(screen: Screen[Any], result: Any = None) -> None:
    """Dismiss ``screen`` unless it is already being dismissed."""
    if getattr(screen, _CLOSING, False) or not screen.is_current:
        return
    setattr(screen, _CLOSING, True)
    screen.dismiss(result)
