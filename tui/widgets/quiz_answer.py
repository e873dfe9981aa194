"""A typed answer: any printable character, backspace, Enter (the answer read as a whole)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Offset, Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from lessons.answers.reading import MAX_ANSWER
from lessons.i18n import N_, _
from tui.top_screen import on_top


@dataclass(eq=False)
class TextMessage(Message):
    """A message with what the student typed (or chose): ``text``."""

    text: str


class AnswerField(Widget, can_focus=True):
    """A one-line answer box: every printable key is part of the answer (no letter is a screen
    key while it has the focus); backspace deletes, enter checks."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("backspace", "delete", "Delete", show=False),
        Binding("enter", "submit", N_("Check"), tooltip=N_("Check the answer")),
    ]

    takes_text: ClassVar[bool] = True
    """Printable keys go into the answer while it has the focus."""

    text: reactive[str] = reactive("")
    """What has been typed."""
    hint = ""
    """Said after the cursor while nothing is typed (empty: "(type, then Enter)")."""
    short_hint = ""
    """``hint`` where the field is too narrow for it (empty: ``hint`` cropped)."""
    echo = False
    """The field shows what is typed on a question's choices, with its cursor, as if focused."""

    class Submitted(TextMessage):
        """Enter was pressed (with what was typed, perhaps nothing)."""

    def on_key(self, event: events.Key) -> None:
        if self.take_key(event):
            event.stop()
            event.prevent_default()

    def take_key(self, event: events.Key) -> bool:
        """Type ``event``'s key if it is part of an answer (a printable one, or backspace, here
        in the order the keys came); whether it was."""
        character = event.character
        if character is not None and character.isprintable() and event.is_printable:
            if len(self.text) < MAX_ANSWER + 1:  # one more: "longer than MAX_ANSWER" is said
                self.text += character
        elif event.key == "backspace":
            self.action_delete()
        else:
            return False
        return True

    def on_paste(self, event: events.Paste) -> None:
        """A paste is text typed at once (its first line, printable characters only)."""
        event.stop()
        line = event.text.splitlines()[0] if event.text else ""
        self.text = (self.text + "".join(c for c in line if c.isprintable()))[: MAX_ANSWER + 1]

    def action_delete(self) -> None:
        self.text = self.text[:-1]

    def action_submit(self) -> None:
        self.post_message(self.Submitted(self.text))

    def on_focus(self) -> None:
        self._place_cursor()

    def watch_text(self) -> None:
        self._place_cursor()

    def cursor_offset(self) -> Offset:
        """Where the terminal cursor goes while a question waits: on the ``_`` after the text."""
        region = self.content_region
        return Offset(region.x + cell_len(_("Answer:") + " " + self.text), region.y)

    def _place_cursor(self) -> None:
        if self.has_focus and on_top(self.screen):
            self.app.cursor_position = self.cursor_offset()

    def render_lines(self, crop: Region) -> list[Strip]:
        strips = super().render_lines(crop)
        self._place_cursor()
        return strips

    def render(self) -> Text:
        cursor = "_" if self.has_focus or self.echo else ""
        label = _("Answer:") + " "
        hint = "" if self.text else "  " + (self.hint or _("(type, then Enter)"))
        room = self.content_region.width
        if hint and self.short_hint and cell_len(label + cursor + hint) > room > 0:
            hint = "  " + self.short_hint
        return Text.assemble((label, "bold"), self.text + cursor, (hint, "dim"))
