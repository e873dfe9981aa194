"""The review on the lesson screen: a page a question, each with its board, answered as in a
lesson (typed, on the place board or in guess mode with ``o``, a hint, the answer shown), as the
review's run (lessons/review/run.py) goes."""

from __future__ import annotations

from rich.cells import cell_len

from lessons.i18n import _
from lessons.review import words
from lessons.review.session import ReviewSession
from tui.glyphs import UNICODE, Glyphs
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.quiz_panel import QuizPanel


class ReviewScreen(LessonScreen):
    """The review: the lesson screen's keys but those its run refuses (``R``, ``p`` and F4)."""

    def __init__(
        self, context: LessonContext, review: ReviewSession, glyphs: Glyphs = UNICODE
    ) -> None:
        run = context.review_run(review)
        super().__init__(review.lesson, None, glyphs, run=run)
        self.review_run = run

    def _page_title(self) -> str:
        """The pane's title, "Review: KIND (3/9)", or "Review (6/10)" where the border has no
        room for the kind, which then leads the text (:meth:`_page_lead`): neither is ever
        cut."""
        run = self.review_run
        if not 0 <= run.page_index < len(run.review.items):
            return super()._page_title()
        whole = _("{title} ({page}/{pages})")
        numbers = {"page": run.page_index + 1, "pages": len(self.lesson.pages)}
        room = self._title_room()
        for title in (run.page.title, self.lesson.title):
            said = whole.format(title=title, **numbers)
            if cell_len(said) <= room:
                return said
        return super()._page_title()

    def _page_lead(self) -> list[str]:
        """The question's kind, whole, in bold, above why it comes back, where the pane's
        title has no room for it: the text wraps it at whole words beside any board."""
        run = self.review_run
        if not 0 <= run.page_index < len(run.review.items):
            return []
        if self._page_title().startswith(run.page.title):  # "Review: KIND (3/9)" names it
            return []
        kind = words.kind_title(run.review.items[run.page_index].kind)
        return [f"**{words.literal(kind[:1].upper() + kind[1:])}**"]

    def on_quiz_panel_answered(self, message: QuizPanel.Answered) -> None:
        # Textual calls a base class's handler of a message too, after this one: the answer
        # is checked here, once (it was counted twice: two attempts for one wrong answer).
        message.prevent_default()
        super().on_quiz_panel_answered(message)
        self.say("")  # the status line counts the answer (a wrong one decides the question)

    def action_hint(self) -> None:
        super().action_hint()
        self.say("")  # a hint decides the question: missed

    def action_go_on(self) -> None:
        if self.lesson_run.answered and not self.running:
            if self.query_one(QuizPanel).feedback_box.read_on():
                return  # the feedback goes on below its box: the next boxful first
            if self._safely("go_on"):
                self.show(ask=True)
            return
        super().action_go_on()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("restart", "restart_at_end", "previous_page", "back_page"):
            return False  # the review's run refuses them
        return super().check_action(action, parameters)
