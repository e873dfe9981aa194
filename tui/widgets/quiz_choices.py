"""A choice answer that never guesses: nothing chosen until the student chooses, by its number
(at once), by the arrows and Enter, or by typing it and Enter (one answer, read as a whole).
Choices that are numbers are lettered a, b, c: a letter chooses, digits are typed."""

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
from tui.widgets.quiz_answer import TextMessage
from tui.widgets.word_wrapped import code_styled


class Choice:
    """A numbered choice as its option draws it (a Rich renderable): wrapped by
    :func:`~tui.widgets.no_break.wrap_words`, its lines indented under its first word."""

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
            yield from code_styled(line).render(console)
            yield Segment.line()

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        whole = cell_len(self.number + self.text)
        return Measurement(min(whole, cell_len(self.number) + 1), whole)


class QuizChoices(PageSafeOptionList):
    """The choices of a question: 1 to 9 (or a letter) choose, up and down highlight, enter
    chooses or answers what was typed (:class:`TypedAnswer`), else posts
    :class:`NothingChosen`."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(str(number), f"pick({number})", show=False) for number in range(1, 10)),
        Binding("enter", "check", N_("Check"), tooltip=N_("Check the answer")),
    ]

    takes_text: ClassVar[bool] = True
    """Printable keys are typed into the answer while it has the focus."""

    class Typed(TextMessage):
        """What has been typed so far changed (shown under the choices)."""

    class TypedAnswer(TextMessage):
        """Enter ended a typed answer (read as a whole by the question)."""

    class NothingChosen(Message):
        """Enter with no choice highlighted and nothing typed: not an answer."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.typed = ""
        """What the student has typed since the question (or its last feedback) appeared."""
        self._number_picks: Callable[[str, str], bool] = lambda typed, digit: False
        """Whether a digit typed after words is a choice's number (the question says)."""
        self._moved_from: int | None = None
        """The choice last chosen: the first Up or Down after its feedback moves from it."""
        self.labels: tuple[str, ...] = ()
        """The choices' letters when they are numbers (empty: numbered, 1 to 9 choose)."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Every choice's lines wrapped at the width drawn (a scrollbar gutter is no room)."""
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
            self._answer_typed()
        elif self.highlighted is not None:
            self.action_select()

    def _answer_typed(self) -> None:
        typed = self.typed
        self._set_typed("")
        self.post_message(self.TypedAnswer(typed))

    def on_key(self, event: events.Key) -> None:
        if self.take_key(event):
            event.stop()
            event.prevent_default()

    def take_key(self, event: events.Key) -> bool:
        """Act on ``event``'s key if it is the choices' own (typed text, a letter, Enter on
        what is typed or on nothing chosen); whether it was (the rest are bindings)."""
        character = event.character
        if event.key == "enter":
            if self.typed:
                self._answer_typed()
            elif self.highlighted is None:
                self.post_message(self.NothingChosen())
            else:
                return False  # the list's own Enter chooses the highlighted choice
        elif event.key == "backspace":
            if not self.typed:
                return False
            self._set_typed(self.typed[:-1])
        elif character is None or not event.is_printable or not character.isprintable():
            return False  # arrows and the rest are the list's own keys
        elif not self.typed and self.labels and character.lower() in self.labels:
            self.action_pick(self.labels.index(character.lower()) + 1)  # a letter: at once
        elif not self.typed and (character == " " or self._picks(character)):
            return False  # a digit is a binding; a space before anything is typed is not text
        elif self._picks(character) and self._number_picks(self.typed, character):
            return False  # after words that begin several choices, a choice's number chooses
        elif len(self.typed) <= MAX_ANSWER:  # one more: "longer than MAX_ANSWER" is said
            self._set_typed(self.typed + character)
        return True

    def _picks(self, character: str) -> bool:
        """Whether ``character`` is the number of a choice (never where they are lettered)."""
        if self.labels or not character.isdecimal():
            return False
        return 1 <= int(character) <= min(self.option_count, 9)

    def set_choices(
        self,
        choices: tuple[str, ...],
        number_picks: Callable[[str, str], bool] | None = None,
        labels: tuple[str, ...] = (),
    ) -> None:
        """New choices, none highlighted; ``number_picks(typed, digit)``: whether a digit after
        the words typed is a choice's number; ``labels``: the choices' letters (empty:
        numbered)."""
        self._number_picks = number_picks or (lambda typed, digit: False)
        self.labels = labels
        self._moved_from = None
        self.clear_options()
        self.add_options([Choice(self.label(index), _(text)) for index, text in enumerate(choices)])
        self.start_over()

    def start_over(self, typed: str = "") -> None:
        """Nothing chosen (a new question, or after a feedback); ``typed``: what stays typed."""
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
            if self.typed:
                self._set_typed("")
            self.highlighted = number - 1
            self.action_select()
