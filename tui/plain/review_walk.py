"""The review (issue 43) in the plain tutor: read and answered as a lesson is
(:class:`tui.plain.lesson_walk.LessonWalk`), each page a question with its board in words; the
end says how it went and when the next review is."""

from __future__ import annotations

from lessons.i18n import _
from lessons.review import words
from lessons.review.run import ReviewRun
from lessons.review.session import ReviewSession
from tui.lesson_context import LessonContext
from tui.plain.lesson_walk import LessonWalk
from tui.plain.output import Out


class ReviewWalk(LessonWalk):
    """A review being read; ``restart`` is refused (the next review is drawn from what is due
    then)."""

    def __init__(self, out: Out, context: LessonContext, review: ReviewSession) -> None:
        self.context = context
        self.review_run = ReviewRun(review, context.store, context.clock)
        super().__init__(out, review.lesson, None, run=self.review_run)

    def says_board(self) -> bool:
        """Not while a question about two squares waits: a review's page has its board only to
        mark them, and its empty state ("n = 8, b = -1, ..., k = 0") says nothing of the
        question, which names its squares (student walk 10, item 12)."""
        asked = self.run.asked
        return asked is None or not asked.posed.squares

    def finished_text(self) -> str:
        run = self.review_run
        context = self.context
        plan = context.review_plan()
        done = words.done(
            run.right, len(run.outcomes), plan, context.catalog.lessons, list(run.outcomes.values())
        )
        return f"{done} " + _("Enter: back to the lessons.")

    def score_text(self) -> str:
        return words.score(len(self.review_run.review.items), self.review_run.right)

    def enter(self) -> None:
        """After a question's feedback, straight on to the next question (or the review's
        end): a review's page has nothing after its question."""
        run = self.run
        if not run.answered:
            super().enter()
        elif self._safely("go_on"):
            if run.page_done:
                self.next_page()
            else:
                self.say_more()

    def restart(self) -> None:
        self.out.line(_("A review is not started again: the next one asks what is due then."))
