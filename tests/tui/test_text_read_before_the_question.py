"""A question docked under a page's text that cut the text says so on its border (PgDn reads on),
and after an answer Enter reads the page's text on before the next question."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from lessons import i18n
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import lines, screen_lines
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import QuizPanel

CUT = "More text above the question: PgDn reads on."


async def _to_question(pilot: Pilot[None], screen: LessonScreen, page: int) -> None:
    """Open ``page`` (:func:`open_page`) and walk it (Enter, F3 for the questions before) to
    its first question."""
    run = screen.lesson_run
    await open_page(pilot, screen, page)
    for _ in range(300):
        if run.page_index == page and run.asked is not None:
            await pilot.pause()
            return
        await pilot.press("f3" if run.asked is not None else "enter")
    raise AssertionError(f"no question reached on page {page + 1}")


def _next_line(screen: LessonScreen) -> str:
    return " ".join(" ".join(lines(screen.query_one("#quiz-next"))).split())


def _cue(screen: LessonScreen) -> str:
    return str(screen.query_one(QuizPanel).border_title or "")


@pytest.mark.parametrize(
    ("lesson", "page", "language"),
    sweep(
        [
            ("naive-search", 2, "en"),  # 3 p3: "And on the 5 x 5 board?" under the question
            ("naive-search", 2, "it"),
            ("naive-search", 2, "pl"),
            ("naive-search", 5, "en"),  # 3 p6
            ("cost", 5, "en"),  # 9 p6: "Now work it out for n = 7."
            ("cost", 6, "en"),  # 9 p7
        ],
        everyday=[("naive-search", 2, "pl"), ("cost", 6, "en")],
        several=True,
    ),
)
async def test_a_question_over_cut_text_says_the_text_goes_on(
    lesson: str, page: int, language: str
) -> None:
    app = tutor_on_builtin(lesson, language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await _to_question(pilot, screen, page)
        text = screen.query_one(LessonPane).page
        assert text.more_below  # the question cuts the page's text at 80x24
        said = i18n._(CUT)
        assert language == "en" or said != CUT  # translated
        assert _cue(screen) == said
        assert said in "\n".join(screen_lines(app))
        for _ in range(20):  # PgDn reads on while the question waits
            if not text.more_below:
                break
            await pilot.press("pagedown")
            await pilot.pause()
        assert screen.lesson_run.asked is not None
        assert _cue(screen) == ""  # the text's end in view: no cue


async def test_enter_reads_the_text_before_the_second_question() -> None:
    app = tutor_on_builtin("naive-search")
    more, go_on = i18n._("More below. Enter: read on."), i18n._("Enter: go on.")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await _to_question(pilot, screen, 5)
        first = run.asked
        await pilot.press("f3")  # the first question's answer
        await pilot.pause()
        assert run.answered
        assert _next_line(screen) == more, _next_line(screen)
        for _ in range(10):
            if _next_line(screen) != more:
                break
            await pilot.press("enter")
            await pilot.pause()
            assert run.asked is None  # the text first, not the next question
        assert _next_line(screen) == go_on, _next_line(screen)
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert "from the search space and from the squares tested" in shown
        await pilot.press("enter")
        await pilot.pause()
        assert run.asked is not None and run.asked is not first
        assert run.page_index == 5
