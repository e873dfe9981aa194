"""Looking through a finished lesson: its practice shows read-only with its answer, and the keys
that turn the pages turn them, never typing into an answer ("Answer: nnnnnn")."""

from __future__ import annotations

from tests.tui.screen_text import screen_lines, wait_for
from tests.tui.test_lessons_keyboard import tutor_at
from tests.unit.lessons.test_look_through import finished
from tui.screens.lesson_screen import LessonScreen
from tui.screens.restart_question import RestartQuestion
from tui.widgets.quiz_answer import AnswerField


async def test_n_turns_the_pages_of_a_finished_lesson_and_types_nothing() -> None:
    finished("naive-search")  # lesson 3: a practice on its page 1
    app = tutor_at("naive-search")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        await pilot.press("2")  # look through it; the score stays
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run = screen.lesson_run
        assert run.page_index == 0 and run.asked is None
        field = screen.query_one(AnswerField)
        for _ in range(10):  # the page's text read to its practice, shown with its answer
            if run.answered:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert run.answered and run.finished_question is not None and run.asked is None
        text = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "Answered before; the score stays." in text, text
        assert not field.display  # nothing to type into
        pages = {run.page_index}
        for _ in range(12):
            await pilot.press("n")
            await pilot.pause()
            assert run.asked is None and "n" not in field.text
            pages.add(run.page_index)
        assert len(pages) > 2  # the pages turned
        assert not any("nn" in line for line in screen_lines(app))
