"""A lesson left unfinished is offered at start: a notice names it and its page, and the
lesson menu opens with its cursor on it; Enter then goes on at the question left open."""

from __future__ import annotations

from typing import Any

import pytest

from lessons import i18n
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.tui.screen_text import lines, pane, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen


def leave_lesson_at_page_3(lesson_id: str) -> int:
    """Work a lesson up to its page 3 (answers shown), as a student who then quits."""
    context = LessonContext.load(lang="en")
    lesson = context.catalog.find(lesson_id)
    run = LessonRun(lesson, ProgressStore())
    while run.page_index < 2:
        if run.asked is not None:
            run.reveal()
        run.go_on()
        run.next_page()
    return context.catalog.lessons.index(lesson)


def told(app: QueensTutorApp) -> list[str]:
    """Every notice the app gives, as it gives it."""
    said: list[str] = []
    notify = app.notify

    def spy(message: str, *args: Any, **kwargs: Any) -> None:
        said.append(message)
        notify(message, *args, **kwargs)

    app.notify = spy  # type: ignore[method-assign]
    return said


async def test_the_unfinished_lesson_is_offered_and_highlighted() -> None:
    index = leave_lesson_at_page_3("iterative")
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: any("Lesson in progress:" in m for m in said))
        assert "The iterative backtracker, step by step, page 3 of 11" in said[-1]
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one("#menu-list")
        assert menu.highlighted == index + 1  # type: ignore[attr-defined]  # under the review
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert app.screen.lesson_run.page_index == 2  # type: ignore[attr-defined]


async def test_nothing_is_offered_without_an_unfinished_lesson() -> None:
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause(1.5)  # past the moment the offer would come
        assert not any("Lesson in progress:" in m for m in said)
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one("#menu-list")
        assert menu.highlighted == 1  # type: ignore[attr-defined]  # the first lesson


@pytest.mark.parametrize("language", ["en", "it", "pl"])
async def test_the_offer_is_whole_in_the_status_lines_at_80x24(language: str) -> None:
    """Student walk 4, F19: at 80x24 the Polish notice stopped at "w którym została" (the
    status lines cut it): the whole sentence is read there, in every language (the lesson's
    number in place of its title when the title leaves no room)."""
    i18n.set_language(language)
    leave_lesson_at_page_3("diagonals")
    app = QueensTutorApp()
    said = told(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: bool(said))
        await pilot.pause()
        notice = said[-1].split()
        shown = " ".join(lines(pane(app, "status"))).split()
        start = shown.index(notice[0]) if notice[0] in shown else -1
        assert shown[start : start + len(notice)] == notice, (notice, shown)
