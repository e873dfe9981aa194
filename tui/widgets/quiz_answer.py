"""A typed answer: digits (and ``-``, and ``b`` for backtrack where a row is asked), Enter."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

from lessons.i18n import N_, _

DIGITS = "0123456789-"


class AnswerField(Widget, can_focus=True):
    """A one-line answer box that takes only the characters an answer can have.

    Other keys (h for a hint, s to show the answer, ...) go on to the screen.

    | Key | Action |
    | --- | --- |
    | digits, `-` (and `b` for a row question) | type |
    | backspace | delete the last character |
    | enter | check the answer |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("backspace", "delete", "Delete", show=False),
        Binding("enter", "submit", N_("Check"), tooltip=N_("Check the answer")),
    ]

    text: reactive[str] = reactive("")
    """What has been typed."""
    allowed: reactive[str] = reactive(DIGITS)
    """The characters this answer may contain."""

    class Submitted(Message):
        """Enter was pressed (with what was typed, perhaps nothing)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def on_key(self, event: events.Key) -> None:
        if event.character is not None and event.character in self.allowed:
            event.stop()
            self.text += event.character

    def action_delete(self) -> None:
        self.text = self.text[:-1]

    def action_submit(self) -> None:
        # An empty answer is submitted too: the lesson asks for one (and does not count it).
        self.post_message(self.Submitted(self.text))

    def render(self) -> Text:
        cursor = "_" if self.has_focus else ""
        hint = "" if self.text else "  " + _("(type, then Enter)")
        return Text.assemble((_("Answer:") + " ", "bold"), self.text + cursor, (hint, "dim"))
