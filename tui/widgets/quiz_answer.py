"""A typed answer: any printable character (the answer is read as a whole on Enter, and what
cannot be read is refused naming it: nothing typed is dropped), backspace, Enter."""

from __future__ import annotations

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


class AnswerField(Widget, can_focus=True):
    """A one-line answer box: every printable key is part of the answer (letters too: "b" for
    backtrack, "sì", a decimal comma), so no letter is a screen key while it has the focus.

    | Key | Action |
    | --- | --- |
    | any printable key | type (up to MAX_ANSWER characters) |
    | backspace | delete the last character |
    | enter | check the answer |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("backspace", "delete", "Delete", show=False),
        Binding("enter", "submit", N_("Check"), tooltip=N_("Check the answer")),
    ]

    takes_text: ClassVar[bool] = True
    """Printable keys are typed into the answer while it has the focus: no key bar or help
    offers another widget's printable key then (tui/widgets/key_bar.py ``taken_as_text``)."""

    text: reactive[str] = reactive("")
    """What has been typed."""
    hint = ""
    """Said after the cursor while nothing is typed (empty: "(type, then Enter)")."""
    short_hint = ""
    """``hint`` where the field is too narrow for it (empty: ``hint`` cropped)."""
    echo = False
    """The field shows what is typed on a question's choices (which keep the focus): drawn
    with its cursor, as if it had the focus."""

    class Submitted(Message):
        """Enter was pressed (with what was typed, perhaps nothing)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if character is not None and character.isprintable() and event.is_printable:
            event.stop()
            if len(self.text) < MAX_ANSWER + 1:  # one more: "longer than MAX_ANSWER" is said
                self.text += character
        elif event.key == "backspace":
            # Here, in the order the keys came, not as the binding's action: that ran after
            # the keys behind it, and backspace, 1, Enter in one read (a fast typist, a paste
            # of keys) deleted the 1 and answered nothing (student walk 21, en 2).
            event.stop()
            event.prevent_default()
            self.action_delete()

    def on_paste(self, event: events.Paste) -> None:
        """A paste is text typed at once (its first line, printable characters only)."""
        event.stop()
        line = event.text.splitlines()[0] if event.text else ""
        self.text = (self.text + "".join(c for c in line if c.isprintable()))[: MAX_ANSWER + 1]

    def action_delete(self) -> None:
        self.text = self.text[:-1]

    def action_submit(self) -> None:
        # An empty answer is submitted too: the lesson asks for one (and does not count it).
        self.post_message(self.Submitted(self.text))

    def on_focus(self) -> None:
        self._place_cursor()

    def watch_text(self) -> None:
        self._place_cursor()

    def cursor_offset(self) -> Offset:
        """Where the terminal cursor goes while a question waits: after what has been typed, on
        the ``_`` drawn there (magnifiers and braille displays follow it to the answer)."""
        region = self.content_region
        return Offset(region.x + cell_len(_("Answer:") + " " + self.text), region.y)

    def _place_cursor(self) -> None:
        if self.has_focus and on_top(self.screen):
            self.app.cursor_position = self.cursor_offset()

    def render_lines(self, crop: Region) -> list[Strip]:
        # Drawn: the field's place on the screen is final (it may have moved since the focus).
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
