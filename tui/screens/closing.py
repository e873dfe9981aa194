"""Closing a screen once, and only from the top (``Screen.dismiss`` pops whatever screen is on
top, and keys typed ahead may ask twice)."""

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
