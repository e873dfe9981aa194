"""The line under the feedback says "More below" whenever any of the page's text is below the
fold: when a page opens, after a resize and after scrolling."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from lessons import i18n
from tests.tiers import sweep
from tests.tui.screen_text import lines, screen_lines
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_panel import QuizPanel


def check_label(screen: LessonScreen, where: str) -> None:
    """The next-step line on screen says "More below" exactly when the text or the feedback
    goes on below the fold."""
    page = screen.query_one(LessonPane).page
    box = screen.query_one(QuizPanel).feedback_box
    below = page.scroll_y < page.max_scroll_y or box.more_below
    more = i18n._("More below. Enter: read on.")
    label = " ".join(" ".join(lines(screen.query_one("#quiz-next"))).split())
    text = "\n".join(screen_lines(screen.app))
    if screen.lesson_run.asked is None and not screen.lesson_run.answered:
        assert label, f"{where}: no next-step line\n{text}"
        assert (label == more) == below, f"{where}: below the fold: {below}, {label!r}\n{text}"


async def settle(pilot: Pilot[None]) -> None:
    """The screen laid out again after a key: the app idle, its refresh handled, idle again."""
    for _ in range(3):
        await pilot.pause()


@pytest.mark.slow(7)
@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
@pytest.mark.parametrize("number", sweep([4, 5], everyday=[5]))
async def test_more_below_while_text_is_below_the_fold(language: str, number: int) -> None:
    i18n.set_language(language)
    context = LessonContext.load(lang=language)
    lesson = context.catalog.lessons[number - 1]
    context.start = lesson
    app = QueensTutorApp(lessons=context)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run = screen.lesson_run
        checked: set[int] = set()
        for _ in range(300):
            if run.finished or run.page_index >= 3:
                break
            if run.asked is not None:
                await pilot.press("f3")  # the answer shown: the page goes on
                await settle(pilot)
                continue
            where = f"{language} lesson {number} page {run.page_index + 1}"
            check_label(screen, where)
            if run.page_index not in checked and not run.answered:
                checked.add(run.page_index)
                await pilot.resize_terminal(80, 40)
                await settle(pilot)
                check_label(screen, where + " at 80x40")
                await pilot.resize_terminal(80, 24)
                await settle(pilot)
                check_label(screen, where + " back at 80x24")
            await pilot.press("enter")
            await settle(pilot)
        # Lesson 4's pages 1 and 2 end with their question: one Enter after it turns the page,
        # so no page of theirs is read with no question (the answer's feedback is checked).
        assert ({2} if number == 4 else {1, 2}) <= checked, checked


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["en"]))
async def test_lesson_5_page_2_opens_with_more_below(language: str) -> None:
    """Lesson 5, n to page 2: its last paragraph is below the fold at 80x24 in English, and the
    label says so in every language where it is."""
    i18n.set_language(language)
    context = LessonContext.load(lang=language)
    context.start = context.catalog.lessons[4]
    app = QueensTutorApp(lessons=context)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("n")
        await settle(pilot)
        assert screen.lesson_run.page_index == 1
        page = screen.query_one(LessonPane).page
        if language == "en":
            assert page.max_scroll_y > 0  # text below the fold
        check_label(screen, f"{language} lesson 5 page 2")
