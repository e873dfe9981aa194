"""An answer's feedback stays within the lesson pane: a tall question (lesson 6 p3's three
choices beside the 6 x 6 board at 80x24, in Polish) and a feedback box given 45 % of the
screen ran past the pane's foot, the feedback's last words cut off and no key reaching them
(student walk 14, pl 1). Then it yields the pane (the text comes back with PgUp) or is cut
to the rows left, its end read with Enter."""

from __future__ import annotations

from tests.tui.screen_text import screen_lines
from tests.tui.test_lesson_layout import builtin, open_page
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import FeedbackBox


async def test_a_wrong_answers_feedback_beside_a_tall_question_stays_in_the_pane() -> None:
    app = builtin(6, 3, (80, 24), "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 6, 3)
        run = screen.lesson_run
        assert run.asked is not None and run.asked.posed.choices
        right = run.asked.posed.choice_label(int(run.asked.posed.expected))
        wrong = next(key for key in "123" if key != right)
        await pilot.press(wrong, "enter")
        for _ in range(3):
            await pilot.pause()
        inside = screen.query_one(LessonPane).content_region
        for widget in (screen.query_one(FeedbackBox), screen.query_one("#quiz-next")):
            region = widget.region
            if region.height:
                assert inside.intersection(region) == region, "\n".join(screen_lines(app))
        text = "\n".join(screen_lines(app))
        assert screen.query_one(FeedbackBox).region.height > 0, text
        assert not run.answered and run.asked is not None, text  # wrong: the question waits
