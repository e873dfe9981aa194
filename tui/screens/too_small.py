"""Shown instead of the tutor when the terminal is smaller than the layout needs."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static


class TooSmallScreen(Screen[None]):
    """ "terminal too small: need at least WxH"; the app removes it when the terminal grows.

    | Key | Action |
    | --- | --- |
    | q | quit |
    """

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", "Quit")]

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.need = (width, height)

    def compose(self) -> ComposeResult:
        width, height = self.need
        yield Static(f"terminal too small: need at least {width}x{height}", id="too-small")
