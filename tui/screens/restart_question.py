"""Opening a lesson that is already finished: start it again, or look through it?"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from lessons.i18n import N_, _
from lessons.model import Lesson
from lessons.progress.records import LessonRecord
from lessons.progress.words import RESTART_CHOICES, RESTART_YES, restart_words
from lessons.safe_text import visible
from tui.screens.closing import dismiss_once
from tui.widgets.key_bar import KeyBar
from tui.widgets.page_safe_option_list import PageSafeOptionList

T = TypeVar("T")

AGAIN = "again"
"""Start again from page 1 with a fresh score (the best score is kept)."""
REVIEW = "review"
"""Look through the lesson from page 1; the answers and the score stay as they are."""


class LessonChoice(ModalScreen[T]):
    """What the two lesson-menu questions share: a sentence and numbered choices in a box, the
    choices focused on mount; an option chosen is dismissed through :meth:`answer_for`."""

    DEFAULT_CSS = """
    LessonChoice { align: center middle; }
    LessonChoice > Vertical {
        width: 64; height: auto; border: round $warning; padding: 0 1; background: $surface;
    }
    LessonChoice OptionList { height: auto; border: none; }
    LessonChoice #restart-keys { color: $text-muted; }
    """

    first_highlighted = 0
    """The choice the cursor starts on (Enter at once picks it)."""
    keys = ""
    """The line under the choices that says which keys answer (an ``N_`` sentence)."""

    def dialog(self, text: str, *choices: Option) -> ComposeResult:
        with Vertical():
            yield Static(Text(visible(text, keep_newlines=True)), id="restart-text")
            yield PageSafeOptionList(*choices, id="restart-choices")
            yield Static(Text(_(self.keys)), id="restart-keys")
        yield KeyBar()

    def on_mount(self) -> None:
        choices = self.query_one(OptionList)
        choices.highlighted = self.first_highlighted
        choices.focus()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        dismiss_once(self, self.answer_for(event.option.id))

    def answer_for(self, option_id: str | None) -> T:
        raise NotImplementedError


class RestartQuestion(LessonChoice[str | None]):
    """What to do with a finished lesson: :data:`AGAIN`, :data:`REVIEW` or None (escape)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "cancel", N_("Back"), tooltip=N_("Back to the list of lessons")),
        Binding("1", "choose('again')", show=False),
        Binding("2", "choose('review')", show=False),
    ]
    keys = N_("Press 1 or 2, or the arrows and Enter; Esc: back to the lessons.")
    first_highlighted = 1
    """Enter at once looks through the lesson: a fresh score is chosen, never fallen into."""

    def __init__(self, title: str, score: int, best: int, most: int, note: str = "") -> None:
        """``note``: what the course says of the lesson's dates now."""
        super().__init__()
        self.note = note
        self.lesson_title = title
        self.score = score
        self.best = best
        self.most = most

    def compose(self) -> ComposeResult:
        yield from self.dialog(
            _(
                "You have finished “{title}” (quiz score {score}/{most}, best "
                "{best}/{most}). Start it again?"
            ).format(title=self.lesson_title, score=self.score, best=self.best, most=self.most)
            + (f"\n{self.note}" if self.note else ""),
            Option(Text(_("1. Start again from page 1, with a fresh score")), id=AGAIN),
            Option(Text(_("2. Look through it from page 1; the score stays")), id=REVIEW),
        )

    def answer_for(self, option_id: str | None) -> str | None:
        return option_id

    def action_choose(self, choice: str) -> None:
        dismiss_once(self, choice)

    def action_cancel(self) -> None:
        dismiss_once(self, None)


YES = "yes"
"""Start the lesson again (:class:`RestartConfirm`)."""
NO = "no"
"""Keep the lesson where it is (:class:`RestartConfirm`)."""


class RestartConfirm(LessonChoice[bool]):
    """``R`` in the lesson menu: start the chosen lesson again (saying what that clears and
    keeps)? Dismissed with True (start again) or False (keep it)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "answer(False)", N_("Back"), tooltip=N_("Keep the lesson as it is")),
        # every language's yes key answers yes
        Binding(",".join(RESTART_YES), "answer(True)", show=False),
        Binding("2,n", "answer(False)", show=False),
    ]
    first_highlighted = 1
    """Enter at once keeps the lesson: nothing is lost by mistake."""
    keys = N_("Press 1 (y) or 2 (n), or the arrows and Enter; Esc keeps the lesson as it is.")

    def __init__(self, record: LessonRecord, lesson: Lesson, note: str = "") -> None:
        """``record``: where the student is in ``lesson``; ``note``: what the course says of
        the lesson's dates now."""
        super().__init__()
        self.note = note
        self.asked, self.kept = restart_words(record, lesson)

    def compose(self) -> ComposeResult:
        asked, kept = self.asked, self.kept
        yield from self.dialog(
            f"{asked}\n{kept}" + (f"\n{self.note}" if self.note else ""),
            Option(Text(_(RESTART_CHOICES[0])), id=YES),
            Option(Text(_(RESTART_CHOICES[1])), id=NO),
        )

    def answer_for(self, option_id: str | None) -> bool:
        return option_id == YES

    def action_answer(self, yes: bool) -> None:
        dismiss_once(self, yes)
