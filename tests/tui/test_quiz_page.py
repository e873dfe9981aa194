"""A quiz page at 80x24: each question's place said, a late right answer scores nothing, the
question stays above its feedback; a tick stepped after an answer replaces its feedback."""

from __future__ import annotations

from textual.pilot import Pilot

from lessons.answers.checking import BACKTRACK
from tests.tui.lesson_apps import open_page, open_quiz, run_opened, tutor_on, tutor_on_builtin
from tests.tui.screen_text import lines, press_for, pressed, region_lines, screen_lines, wait_for
from tests.tui.test_feedback_read_once import answer_right, opened_at
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import QuizPanel
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
    async with opened_at(app, 2) as (pilot, screen):
        await answer_right(pilot, screen)
        pane = screen.query_one(LessonPane)
        assert pane.has_class("-yield")  # the feedback has the pane
        await pressed(pilot, "pageup")
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
        await pressed(pilot, "enter")  # question 1 answered: the quiz goes on
        await pilot.press("escape")  # the lesson menu, then the lesson again
        await wait_for(pilot, lambda: not isinstance(app.screen, LessonScreen))
        again = await press_for(pilot, LessonScreen, "enter")
        await answered_stays_above_its_feedback(pilot, again)


QUIZ = """\
@lesson two-questions
@title Two questions

@quiz Quiz
@question choice
prompt: Which is a queen's column in b[i]?
- [x] i
- [ ] b[i]
@end
@question choice
prompt: Which is a queen's row in b[i]?
- [ ] i
- [x] b[i]
@end
"""


async def test_the_quiz_page_says_the_questions_place_and_a_late_right_scores_nothing() -> None:
    app = tutor_on(QUIZ)
    async with run_opened(app) as (pilot, _screen, run):

        def text() -> str:
            return " ".join(" ".join(screen_lines(app)).replace("│", " ").split())

        assert "Quiz question 1 of 2:" in text(), text()
        await pilot.press("1")
        await wait_for(pilot, lambda: run.answered)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.asked is not None and run.asked.key.endswith(".1"))
        await pilot.pause()
        assert "Quiz question 2 of 2:" in text(), text()
        await pilot.press("1")  # wrong
        await wait_for(pilot, lambda: run.asked is not None and run.asked.attempts == 1)
        await pilot.press("2")
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        assert "No point for it: a quiz question scores only when it is right at the first" in (
            text()
        ), text()
        assert run.score == 1


async def test_a_tick_after_the_answer_replaces_its_feedback() -> None:
    app = tutor_on_builtin("small-boards")
    async with run_opened(app) as (pilot, screen, run):
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
