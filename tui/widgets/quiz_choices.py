"""A choice answer: the choices numbered, picked with the arrows and Enter, by their digit, or
(for a yes or no) by the first letter of the word in any of the tutor's languages."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message

from lessons.answers.reading import YesNoTyping
from lessons.i18n import _
from tui.widgets.page_safe_option_list import PageSafeOptionList


class QuizChoices(PageSafeOptionList):
    """The choices of a question; selecting one (Enter) posts ``OptionList.OptionSelected``.

    | Key | Action |
    | --- | --- |
    | up / down | move between choices |
    | enter | choose the highlighted choice |
    | 1 ... 9 | choose that choice |
    | y, s, t / n | yes (yes, sì, tak) / no, where the choices are yes and no |
    | the rest of that word, enter | part of the word (enter ends it: not a second pick) |
    | any other printable key | refused, naming it (never a screen key while a choice waits) |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(str(number), f"pick({number})", show=False) for number in range(1, 10)
    ]

    class Refused(Message):
        """A printable key that picks no choice (posted so that the student is told)."""

        def __init__(self, key: str) -> None:
            super().__init__()
            self.key = key

    _by_key: Callable[[str], int | None] | None = None
    """The choice (from 0) a letter picks, if any
    (lessons.answers.checking.Posed.choice_for_key)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._typing = YesNoTyping()
        """The yes or no being typed (``t``, ``ta``): its first letter picked a choice."""

    def goes_on_word(self, event: events.Key) -> bool:
        """``event`` is the next letter of the yes or no whose first letter picked a choice, or
        the Enter that ends it: part of the answer already given, never a screen key nor a
        second pick (``tak`` Enter answers once and shows its feedback)."""
        return self._typing.goes_on(event.key, event.character)

    def on_key(self, event: events.Key) -> None:
        if self.goes_on_word(event):
            event.stop()
            event.prevent_default()
            return
        character = event.character
        if character is None or not event.is_printable or character.isdigit() or character == " ":
            return  # digits are bindings; space and the rest are the list's own keys
        event.stop()
        event.prevent_default()
        index = self._by_key(character) if self._by_key is not None else None
        if index is None:
            self.post_message(self.Refused(character))
        else:
            self._typing.start(character)
            self.action_pick(index + 1)

    def set_choices(
        self, choices: tuple[str, ...], by_key: Callable[[str], int | None] | None = None
    ) -> None:
        self._by_key = by_key
        self._typing.start("")
        self.clear_options()
        self.add_options(
            [Text(f"{number}. {_(text)}") for number, text in enumerate(choices, start=1)]
        )
        self.highlighted = 0 if choices else None

    def action_pick(self, number: int) -> None:
        """Choose choice ``number`` (from 1)."""
        if 1 <= number <= self.option_count:
            self.highlighted = number - 1
            self.action_select()
