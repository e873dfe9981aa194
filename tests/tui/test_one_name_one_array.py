"""One name, one array on a screen: a question about the Turin notes' b[] never stands beside the
Wrocław board and its table titled b[], and says whose b[] it is and what it holds."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tests.tui.test_lessons_keyboard import answer_keys
from tui.screens.lesson_screen import LessonScreen

QUIZ = """@lesson arrays
@title Arrays
@page Quiz
The Turin notes' arrays.
@board n=8
@question array-index array=b row=7 col=0 n=8
@end
@question same-diagonal square=2,5 other=5,2
@end
"""


def _left_shown(screen: LessonScreen) -> bool:
    return bool(screen.query_one("#lesson-left").display)


async def test_the_turin_b_is_never_beside_the_wroclaw_b() -> None:
    app = tutor_on(QUIZ)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await wait_for(pilot, lambda: run.asked is not None)
        assert run.asked is not None and run.asked.posed.kind == "array-index"
        text = "\n".join(screen_lines(app))
        assert "Turin notes' b[]" in " ".join(text.replace("│", " ").split())  # wrapped in its box
        assert not _left_shown(screen)  # no board, no state table titled b[]
        assert "b[i]" not in text
        await pilot.press(*answer_keys(screen))
        await wait_for(pilot, lambda: run.asked is None)
        assert not _left_shown(screen)  # nor beside its feedback
        await pilot.press("enter")  # the next question is about the page's board
        await wait_for(pilot, lambda: run.asked is not None)
        assert run.asked is not None and run.asked.posed.kind == "same-diagonal"
        assert _left_shown(screen)


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_the_builtin_quiz_names_the_turin_array(language: str) -> None:
    """Lesson 4's quiz in every language: each array-index question names the Turin notes'
    array as the lesson's pages name the notes, and hides the page's board."""
    names = {"en": "Turin notes'", "it": "dispense di Torino", "pl": "notatek z Turynu"}
    i18n.set_language(language)
    try:
        lesson = load_catalog(language).lessons[3]
        quiz = next(p for p, page in enumerate(lesson.pages) if page.scored)
        run = LessonRun(lesson, None, page=quiz)
        seen = 0
        while run.asked is not None:
            posed = run.asked.posed
            if posed.kind == "array-index":
                seen += 1
                assert names[language] in posed.prompt, posed.prompt
                assert posed.off_board
            else:
                assert not posed.off_board
            run.reveal()
            run.go_on()
        assert seen == 3
    finally:
        i18n.set_language("en")
