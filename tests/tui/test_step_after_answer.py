"""Stepping the page's board after a question's answer: the tick's narration takes the place of
the answer's feedback, the box does not overflow, and one Enter goes on."""

from __future__ import annotations

from lessons import i18n
from lessons.answers.checking import BACKTRACK
from tests.tui.lesson_apps import open_page
from tests.tui.screen_text import lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.quiz_panel import QuizPanel


async def test_a_tick_after_the_answer_replaces_its_feedback() -> None:
    i18n.set_language("en")
    context = LessonContext.load(lang="en")
    context.start = context.catalog.find("small-boards")
    app = QueensTutorApp(lessons=context)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run = screen.lesson_run
        assert run.lesson.pages[3].title == "n = 3"
        await open_page(pilot, screen, 3)  # to the question of page 4, "n = 3"
        assert run.asked is not None and run.asked.posed.expected == BACKTRACK
        await pilot.press("b", "enter")  # the right answer
        await wait_for(pilot, lambda: run.answered)
        panel = screen.query_one(QuizPanel)
        feedback = " ".join(lines(screen.query_one("#quiz-feedback")))
        assert feedback.split()[0] == "Right:", feedback
        await pilot.press("i")  # the key bar's "i Iter"
        await wait_for(pilot, lambda: run.explored)
        await pilot.pause()
        shown = " ".join(" ".join(lines(screen.query_one("#quiz-feedback"))).split())
        assert "Right:" not in shown, shown
        assert "column" in shown, shown  # the tick's narration
        assert not panel.feedback_box.more_below, shown
        assert " ".join(lines(screen.query_one("#quiz-next"))).strip() == "Enter: go on."
        page, answered_key = run.page_index, run.finished_question
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.finished_question is not answered_key)
        assert not run.answered
        assert run.page_index >= page
