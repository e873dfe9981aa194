"""On a quiz page (questions only, no text) the question stands at the top of the pane and,
answered, stays above its feedback; a page with text keeps the text's rows instead."""

from __future__ import annotations

from textual.pilot import Pilot

from tests.tui.lesson_apps import open_quiz, tutor_on_builtin
from tests.tui.screen_text import region_lines, wait_for
from tests.tui.test_feedback_read_once import answer_right, open_at
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.word_wrapped import WordWrapped


async def answered_stays_above_its_feedback(pilot: Pilot[None], screen: LessonScreen) -> None:
    """The answer shown (f3) to the quiz's question: the page is questions only, and the
    question stays above its feedback."""
    run = screen.lesson_run
    await wait_for(pilot, lambda: run.asked is not None)
    assert screen.query_one("#lesson-page").has_class("-empty")  # questions only
    asked = run.asked
    assert asked is not None
    await pilot.press("f3")
    await wait_for(pilot, lambda: run.asked is None)
    await pilot.pause()
    prompt = screen.query_one("#quiz-prompt", WordWrapped)
    shown = " ".join(str(prompt.render()).split())
    assert prompt.display and " ".join(asked.posed.prompt.split()) in shown, shown
    feedback = screen.query_one("#quiz-feedback", WordWrapped)
    assert feedback.display and feedback.region.y > prompt.region.y


async def test_a_page_with_text_brings_back_its_text_not_the_question() -> None:
    """Lesson 8 p2's long feedback takes the pane; PgUp brings the page's text back. The
    question answered does not come back above the feedback there: it showed again, its
    prompt left over from before the answer, on a page whose text keeps its rows."""
    app = tutor_on_builtin("8")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_at(pilot, 2)
        await answer_right(pilot, screen)
        pane = screen.query_one(LessonPane)
        assert pane.has_class("-yield")  # the feedback has the pane
        await pilot.press("pageup")
        await pilot.pause()
        await pilot.pause()
        assert not pane.has_class("-yield")  # the text is back
        assert not screen.query_one("#quiz-prompt", WordWrapped).display


async def test_the_quiz_question_stays_above_its_feedback_and_when_reopened() -> None:
    """The same once the lesson, left in its quiz, is opened again from the menu (the page of
    questions only is one on its first drawing too)."""
    app = tutor_on_builtin("1")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_quiz(pilot)
        await pilot.pause()
        await pilot.pause()
        shown = region_lines(app, screen.query_one(LessonPane))
        assert "Quiz question" in shown[2], shown  # at the top: no empty text above it
        await answered_stays_above_its_feedback(pilot, screen)
        await pilot.press("enter")  # question 1 answered: the quiz goes on
        await pilot.pause()
        await pilot.press("escape")  # the lesson menu, then the lesson again
        await wait_for(pilot, lambda: not isinstance(app.screen, LessonScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        again = app.screen
        assert isinstance(again, LessonScreen)
        await answered_stays_above_its_feedback(pilot, again)
