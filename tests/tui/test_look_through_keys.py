"""Looking through a finished lesson: the keys that turn the pages turn them, and never type
into an answer (lesson 3's page 1 asked its practice again, and six
n pressed to turn the page gave "Answer: nnnnnn"). The practice shows read-only with its
answer instead, and n goes on past it to the next page."""

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
        pages = {run.page_index}
        for _ in range(12):
            await pilot.press("n")
            await pilot.pause()
            assert run.asked is None and "n" not in field.text
            pages.add(run.page_index)
        assert len(pages) > 2  # the pages turned
        assert not any("nn" in line for line in screen_lines(app))


async def test_a_practice_answered_before_shows_with_its_answer() -> None:
    finished("naive-search")
    app = tutor_at("naive-search")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        await pilot.press("2")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run = screen.lesson_run
        for _ in range(10):  # the page's text read to its question
            if run.answered:
                break
            await pilot.press("enter")
            await pilot.pause()
        asked = run.finished_question
        assert run.answered and asked is not None and run.asked is None
        text = " ".join(screen_lines(app))
        assert "Answered before; the score stays." in text
        assert not screen.query_one(AnswerField).display  # nothing to type into
