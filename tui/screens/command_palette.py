"""Textual's command palette, closed at most once (keys typed ahead must not close it twice).

Textual 8.2's ``CommandPalette`` can act on a second ``Input.Submitted`` (or a second
selection) that was already queued when the first one closed it: it then dismisses itself
again, which pops the screen under it (``ScreenStackError: Can't pop screen``), and runs the
command a second time. This subclass, with public API only, remembers that it has been
dismissed and from then on ignores further dismissals and prevents Textual's own handling
of those late messages (``Message.prevent_default`` stops the base class's handlers). A late
``Input.Changed`` would start a new search whose worker then fills a command list that is no
longer there (NoMatches in the worker): it is stopped too, and the running search is
cancelled on dismissal. Its command list is never narrower than Textual's OptionList can lay
out (tui/widgets/page_safe_option_list.py). Its search takes at most :data:`MAX_QUERY`
characters: Textual's Input measures its whole value on every key, so a query typed on and on
(100,000 random bytes) took the tutor minutes of CPU and gigabytes of queued keys.
"""

from __future__ import annotations

from textual import on
from textual.await_complete import AwaitComplete
from textual.command import CommandInput, CommandPalette
from textual.widgets import Button, Input, OptionList

from tui.widgets.page_safe_option_list import MIN_WIDTH

MAX_QUERY = 100
"""Characters the palette's search takes at most (a key past it rings the bell, as Textual's
Input does at its max_length): more than any command's name, as shown in any language, so a
longer query finds nothing and loses nothing. Textual's Input measures its whole value on
every key typed (docs/textual-upstream.md), so an unbounded query makes each key slower."""


async def _nothing() -> None:
    return None


class OnceCommandPalette(CommandPalette):
    """A command palette that is dismissed, and runs its command, at most once."""

    DEFAULT_CSS = f"""
    OnceCommandPalette OptionList {{
        min-width: {MIN_WIDTH};  /* narrower, Textual's OptionList fails: see MIN_WIDTH */
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
        self.workers.cancel_node(self)  # its search: it would fill a list no longer there
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
