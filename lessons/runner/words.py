"""What a lesson run says around its page, the same in every front end (mixed into
:class:`lessons.runner.LessonRun`): the page's heading and notices, the score, what Enter
does next, the lesson's end, and a step that cannot be played."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from lessons.course.model import LatePolicy
from lessons.course.words import handed_in_late
from lessons.fallback import page_notice
from lessons.i18n import _
from lessons.quiz.pose import QuizError
from lessons.stage import StageError

if TYPE_CHECKING:
    from lessons.model import Lesson, Page
    from lessons.progress.records import LessonRecord


class PageWords:
    """The words half of a lesson run."""

    lesson: Lesson
    page_index: int
    record: LessonRecord
    finished: bool

    if TYPE_CHECKING:

        @property
        def page(self) -> Page: ...

        @property
        def changed_notice(self) -> str: ...

        @property
        def answered(self) -> bool: ...

        @property
        def is_last_page(self) -> bool: ...

        def go_on(self) -> None: ...

        def next_page(self) -> bool: ...

        def previous_page(self) -> bool: ...

        def restart(self) -> None: ...

    def heading(self, title: str | None = None) -> str:
        """The page's title (or ``title``, a shortened one) and its number: "Title (3/9)"."""
        pages = len(self.lesson.pages)
        return _("{title} ({page}/{pages})").format(
            title=self.page.title if title is None else title, page=self.page_index + 1, pages=pages
        )

    @property
    def notices(self) -> list[str]:
        """What the page says above its text: that it is shown in English, that its question
        changed since the student answered it."""
        said = (page_notice(self.lesson, self.page), self.changed_notice)
        return [notice for notice in said if notice]

    def score_text(self, title: str | None = None) -> str:
        """How the student is doing: "Title: quiz score 2/5" (``title``: a shortened one)."""
        return _("{lesson}: quiz score {score}/{max}").format(
            lesson=self.lesson.title if title is None else title,
            score=self.record.score,
            max=self.lesson.max_score,
        )

    def end_text(self, due: datetime | None = None, late: LatePolicy | None = None) -> str:
        """What the lesson says once it is finished; ``due`` and ``late``: the student's due
        date of the lesson's assignment and her late policy (it says when it was late)."""
        said = _(
            "Lesson complete! Quiz score {score}/{max} (best {best}). "
            "Enter: back to the lessons; R: start again."
        ).format(score=self.record.score, max=self.lesson.max_score, best=self.record.best_score)
        late_word = handed_in_late(due, self.record, late)
        return f"{late_word} {said}" if late_word else said

    def next_step(self) -> str:
        """What Enter does once the page's text is read (a finished lesson says
        :meth:`end_text`)."""
        if self.answered:
            return _("Enter: go on.")
        if self.is_last_page:
            return _("End of the lesson. Enter: finish it.")
        return _("End of the page. Enter: the next page.")

    def safely(self, step: str) -> str:
        """Play ``step`` (``go_on``, ``next``, ``previous`` or ``restart``); "" when it was
        played, else why the lesson cannot go on."""
        steps = {
            "go_on": self.go_on,
            "next": self.next_page,
            "previous": self.previous_page,
            "restart": self.restart,
        }
        try:
            steps[step]()
        except (QuizError, StageError) as error:
            return _("This lesson cannot go on: {error}").format(error=error)
        return ""
