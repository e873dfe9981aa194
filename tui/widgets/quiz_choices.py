"""A choice answer: the choices numbered, picked with the arrows and Enter or by their digit."""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from lessons.i18n import _
from tui.widgets.page_safe_option_list import PageSafeOptionList


class QuizChoices(PageSafeOptionList):
    """The choices of a question; selecting one (Enter) posts ``OptionList.OptionSelected``.

    | Key | Action |
    | --- | --- |
    | up / down | move between choices |
    | enter | choose the highlighted choice |
    | 1 ... 9 | choose that choice |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding(str(number), f"pick({number})", show=False) for number in range(1, 10)
    ]

    def set_choices(self, choices: tuple[str, ...]) -> None:
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
