"""The review in the plain tutor, read and answered as a lesson is."""

from __future__ import annotations

from lessons.i18n import _
from lessons.review.session import ReviewSession
from tui.lesson_context import LessonContext
from tui.plain.lesson_walk import LessonWalk
from tui.plain.output import Out


class ReviewWalk(LessonWalk):
    """A review being read."""

    def __init__(self, out: Out, context: LessonContext, review: ReviewSession) -> None:
        self.review_run = context.review_run(review)
        super().__init__(out, review.lesson, None, run=self.review_run)

    def says_board(self) -> bool:
        """Not while a question about two squares waits (the empty state says nothing of it)."""
        asked = self.run.asked
        return asked is None or not asked.posed.squares

    def enter(self) -> None:
        run = self.run
        if not run.answered:
            super().enter()
        elif self._safely("go_on"):
            if run.finished:
                self.say_next_step()
            else:
                self.say_page()

    def restart(self) -> None:
        self.out.line(_("A review is not started again: the next one asks what is due then."))
