"""A choice answer that never guesses: the choices numbered, nothing chosen until the student
chooses. A choice is made by its number (at once), by the arrows and Enter, or by typing it (a
yes or a no in any of the tutor's languages, its first letter, the choice's own words) and
Enter: what is typed is one answer, read as a whole when Enter ends it.

The choices of a question whose choices are numbers are lettered, a, b, c: a letter chooses at
once, and digits are typed, the number read as a choice's value on Enter (student walk 10,
item 1: 26 typed at "1. 11 / 2. 24 / 3. 26" chose 2. 24 at its first digit)."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, RenderResult
from rich.measure import Measurement
from rich.segment import Segment
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.message import Message

from lessons.answers.reading import MAX_ANSWER
from lessons.i18n import N_, _
from tui.widgets.no_break import wrap_words
from tui.widgets.page_safe_option_list import PageSafeOptionList


class Choice:
    """A numbered choice as its option draws it: wrapped by the tutor's own word wrap (never
    inside a formula, a board size, a list of numbers or at a no-break space: the Polish
    ``433 354 409`` and ``w tym``; Textual's wrap breaks at U+00A0 too), its lines indented
    under its first word. A Rich renderable: the option list hands it its width."""

    def __init__(self, label: int | str, text: str) -> None:
        self.number = f"{label}. "
        self.text = text

    def __str__(self) -> str:
        return self.number + self.text

    def lines(self, width: int) -> list[str]:
        """The choice in lines of at most ``width`` cells (at least one cell of text)."""
        indent = cell_len(self.number)
        body = wrap_words(self.text, max(width - indent, 1), cell_len) or [""]
        return [self.number + body[0], *(" " * indent + line for line in body[1:])]

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in self.lines(options.max_width):
            yield Segment(line)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        whole = cell_len(self.number + self.text)
        return Measurement(min(whole, cell_len(self.number) + 1), whole)


class QuizChoices(PageSafeOptionList):
    """The choices of a question; Enter on the highlighted one posts
    ``OptionList.OptionSelected``.

    | Key | Action |
    | --- | --- |
    | 1 ... 9 | choose that choice (nothing typed yet, or words that begin several choices) |
    | a, b, c ... | choose that choice, where the choices are numbers (lettered) |
    | digits, then enter | where the choices are numbers: the choice of that value |
    | up / down | move between choices (none is highlighted at first) |
    | enter | choose the highlighted choice; with nothing highlighted or typed, say how to choose |
    | letters (y, sì, tak, nie, the choice's words) | typed, shown under the choices |
    | backspace | delete the last character typed |
    | enter after typing | answer with what was typed (one answer, read as a whole) |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(number), f"pick({number})", show=False) for number in range(1, 10)),
        # In the key bar once Enter answers: an answer typed, or a choice highlighted ("7"
        # typed at a choice question left the bar with no Enter: student walk 10, en, #11).
        Binding("enter", "check", N_("Check"), tooltip=N_("Check the answer")),
    ]

    takes_text: ClassVar[bool] = True
    """Printable keys are typed into the answer while it has the focus: no key bar or help
    offers another widget's printable key then (tui/widgets/key_bar.py ``taken_as_text``)."""

    class Typed(Message):
        """What has been typed so far changed (shown under the choices)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class TypedAnswer(Message):
        """Enter ended a typed answer (read as a whole by the question)."""

        def __init__(self, text: str) -> None:
            super().__init__()
            self.text = text

    class NothingChosen(Message):
        """Enter with no choice highlighted and nothing typed: not an answer."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.typed = ""
        """What the student has typed since the question (or its last feedback) appeared."""
        self._number_picks: Callable[[str, str], bool] = lambda typed, digit: False
        """Whether a digit typed after words is a choice's number (the question says)."""
        self._moved_from: int | None = None
        """The choice last chosen, until the next question: the first Up or Down after its
        feedback moves from it (student walk 13, en 19: after 4 chosen, Up only showed the
        cursor, on 4; a second Up reached 3)."""
        self.labels: tuple[str, ...] = ()
        """The choices' letters, a choice question's whose choices are numbers (empty: the
        choices are numbered, 1 to 9 choose)."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Every choice's lines, wrapped at the width they are drawn at: the scrollbar's
        columns are kept whether or not it shows (``scrollbar-gutter: stable``, lessons.tcss),
        and Textual's measure used them as text. Lesson 1 p2's third choice in Italian at
        80x24 took one line more than measured: its end was hidden under a scrollbar, and
        read as the second choice (student walk 21, it)."""
        gutter = (
            self.styles.scrollbar_size_vertical if self.styles.scrollbar_gutter == "stable" else 0
        )
        return super().get_content_height(container, viewport, max(width - gutter, 1))

    def label(self, index: int) -> str:
        """How choice ``index`` (from 0) is named as an answer: its letter, or its number."""
        return self.labels[index] if self.labels else str(index + 1)

    def _set_typed(self, text: str) -> None:
        if bool(text) != bool(self.typed):
            self.refresh_bindings()
        self.typed = text
        self.post_message(self.Typed(text))

    def watch_highlighted(self, highlighted: int | None) -> None:
        super().watch_highlighted(highlighted)
        self.refresh_bindings()  # Enter answers once a choice is highlighted

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Enter is named only once it answers (what is typed, or the highlighted choice)."""
        if action == "check":
            return bool(self.typed) or self.highlighted is not None
        return True

    def action_check(self) -> None:
        """What Enter does once it answers (the key reaches :meth:`on_key` first)."""
        if self.typed:
            typed = self.typed
            self._set_typed("")
            self.post_message(self.TypedAnswer(typed))
        elif self.highlighted is not None:
            self.action_select()

    def on_key(self, event: events.Key) -> None:
        character = event.character
        if event.key == "enter":
            if self.typed:
                typed = self.typed
                self._set_typed("")
                self.post_message(self.TypedAnswer(typed))
            elif self.highlighted is None:
                self.post_message(self.NothingChosen())
            else:
                return  # the list's own Enter chooses the highlighted choice
        elif event.key == "backspace":
            if not self.typed:
                return
            self._set_typed(self.typed[:-1])
        elif character is None or not event.is_printable or not character.isprintable():
            return  # arrows and the rest are the list's own keys
        elif not self.typed and self.labels and character.lower() in self.labels:
            self.action_pick(self.labels.index(character.lower()) + 1)  # a letter: at once
        elif not self.typed and (character == " " or self._picks(character)):
            return  # a digit is a binding; a space before anything is typed is not text
        elif self._picks(character) and self._number_picks(self.typed, character):
            # words that begin several choices, then a choice's number: it chooses, as
            # "type more of it, or press its number" says (issue 39, the student's path, M3)
            return
        elif len(self.typed) <= MAX_ANSWER:  # one more: "longer than MAX_ANSWER" is said
            self._set_typed(self.typed + character)
        event.stop()
        event.prevent_default()

    def _picks(self, character: str) -> bool:
        """``character`` is the number of a choice (it chooses at once; never where the choices
        are lettered: a digit there is part of a number typed)."""
        if self.labels or not character.isdigit():
            return False
        return 1 <= int(character) <= min(self.option_count, 9)

    def set_choices(
        self,
        choices: tuple[str, ...],
        number_picks: Callable[[str, str], bool] | None = None,
        labels: tuple[str, ...] = (),
    ) -> None:
        """New choices, none of them highlighted (Enter alone chooses nothing);
        ``number_picks(typed, digit)``: whether a digit after the words typed is a choice's
        number rather than more of them (None: only before anything is typed); ``labels``:
        the choices' letters where they are numbers (empty: numbered)."""
        self._number_picks = number_picks or (lambda typed, digit: False)
        self.labels = labels
        self._moved_from = None
        self.clear_options()
        self.add_options([Choice(self.label(index), _(text)) for index, text in enumerate(choices)])
        self.start_over()

    def start_over(self, typed: str = "") -> None:
        """Nothing chosen (a new question, or after a feedback: the Enter that follows it never
        answers again by itself); ``typed``: what stays typed, to go on with (what was no
        answer: "begins more than one choice: type more of it", student walk 7, pl F10)."""
        if self.highlighted is not None:
            self._moved_from = self.highlighted
        self.highlighted = None
        if self.typed != typed:
            self._set_typed(typed)

    def action_cursor_up(self) -> None:
        self._from_last_choice()
        super().action_cursor_up()

    def action_cursor_down(self) -> None:
        self._from_last_choice()
        super().action_cursor_down()

    def _from_last_choice(self) -> None:
        """Nothing highlighted after a feedback: the arrows move from the choice last chosen."""
        moved_from = self._moved_from
        if self.highlighted is None and moved_from is not None and moved_from < self.option_count:
            self.highlighted = moved_from

    def action_pick(self, number: int) -> None:
        """Choose choice ``number`` (from 1)."""
        if 1 <= number <= self.option_count:
            if self.typed:  # the words it was chosen after are no longer being typed
                self._set_typed("")
            self.highlighted = number - 1
            self.action_select()
