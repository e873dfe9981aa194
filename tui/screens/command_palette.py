"""Textual's command palette, dismissed (and running its command) at most once: Textual 8.2's
acts on a second submission already queued, popping the screen under it. Late messages are
stopped, its search cancelled on dismissal, its query bounded by :data:`MAX_QUERY`."""

from __future__ import annotations

from textual import on
from textual.await_complete import AwaitComplete
from textual.command import CommandInput, CommandPalette
from textual.widgets import Button, Input, OptionList

from tui.widgets.page_safe_option_list import MIN_WIDTH

MAX_QUERY = 100
"""Characters the palette's search takes at most (more than any command's name): Textual's
Input measures its whole value at every key."""


async def _nothing() -> None:
    return None


class OnceCommandPalette(CommandPalette):
    """A command palette that is dismissed, and runs its command, at most once."""

    DEFAULT_CSS = f"""
    OnceCommandPalette OptionList {{
        min-width: {MIN_WIDTH};
    }}
    """

    dismissed_once = False
    """True once the palette has been dismissed (it is leaving the screen)."""

    def on_mount(self) -> None:
        self.query_one(CommandInput).max_length = MAX_QUERY

    def dismiss(self, result: None = None) -> AwaitComplete:
        if self.dismissed_once or not self.is_active:
            return AwaitComplete(_nothing())
        self.dismissed_once = True
        self.workers.cancel_node(self)
        return super().dismiss(result)

    @on(Input.Changed)
    @on(Input.Submitted)
    @on(Button.Pressed)
    @on(OptionList.OptionSelected)
    def _late_after_dismissal(
        self, event: Input.Changed | Input.Submitted | Button.Pressed | OptionList.OptionSelected
    ) -> None:
        if self.dismissed_once:
            event.stop()
            event.prevent_default()
