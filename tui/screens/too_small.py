"""Shown instead of the tutor when the terminal is smaller than the layout needs."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from lessons.i18n import N_, _


class TooSmallScreen(Screen[None]):
    """ "terminal too small: need at least WxH"; the app removes it when the terminal grows."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "app.quit", N_("Quit"))]

    def __init__(self, width: int, height: int) -> None:
        super().__init__()
        self.need = (width, height)

    def compose(self) -> ComposeResult:
        width, height = self.need
        yield Static(
            _(
                "terminal too small: need at least {width}x{height}. Make the window larger, "
                "or start the tutor with --plain: one line at a time, in any terminal."
            ).format(width=width, height=height),
            id="too-small",
        )
