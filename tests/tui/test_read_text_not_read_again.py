"""Text read down to its end before a question is answered does not come back as unread once the
feedback's box takes its rows."""

from __future__ import annotations

import pytest

from lessons import i18n
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import lines
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import QuizPanel


@pytest.mark.parametrize(
    ("lesson", "language", "wrong", "right"),
    sweep(
        [("diagonals", "it", "2", "1"), ("cost", "pl", "31", "32")],
        everyday=[("cost", "pl", "31", "32")],
        several=True,
    ),
)
async def test_text_read_before_the_answer_is_not_read_again(
    lesson: str, language: str, wrong: str, right: str
) -> None:
    app = tutor_on_builtin(lesson, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await open_page(pilot, screen, 0)
        assert run.asked is not None
        text = screen.query_one(LessonPane).page
        quiz = screen.query_one(QuizPanel)
        for _ in range(20):  # the student reads the page down to its end
            if not text.more_below:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert not text.more_below
        for answer in (wrong, right):
            await pilot.press(*answer)
            if len(answer) > 1:  # a number is typed, then Enter; a choice's digit answers
                await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            if run.asked is not None:  # the wrong answer's feedback took the text's rows
                assert text.more_below  # cut, but read: no cue over the question
                assert str(quiz.border_title or "") == ""
        assert run.answered
        await pilot.pause()
        next_line = " ".join(" ".join(lines(screen.query_one("#quiz-next"))).split())
        assert next_line != i18n._("More below. Enter: read on."), next_line
