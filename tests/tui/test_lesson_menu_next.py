"""The lesson menu opens on the lesson to do next; a finished lesson started again says its page
and its best score."""

from __future__ import annotations

import pytest
from textual.widgets import OptionList

from lessons import i18n
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen


def finish(lesson_id: str) -> LessonRun:
    """Work a lesson through to its end (answers shown), as a student would."""
    context = LessonContext.load(lang="en")
    return work_through(LessonRun(context.catalog.find(lesson_id), ProgressStore()))


def work_through(run: LessonRun) -> LessonRun:
    """``run`` worked through to its end (answers shown), as a student would."""
    for _ in range(1000):
        if run.finished:
            break
        if run.asked is not None:
            run.reveal()
        if run.answered or (run.asked is None and not run.next_page()):
            run.go_on()
    assert run.finished and run.record.completed
    return run


async def test_the_menu_opens_on_the_lesson_to_do_next() -> None:
    i18n.set_language("en")
    lessons = LessonContext.load(lang="en").catalog.lessons
    for lesson in lessons[:2]:
        finish(lesson.id)
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one("#menu-list", OptionList)
        assert menu.highlighted == 3  # lesson 3 (the review's line is 0)
        await pilot.press("enter")  # goes on with the course: no "start it again?"
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        assert app.screen.lesson.id == lessons[2].id  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_a_lesson_started_again_says_its_page_and_best(language: str) -> None:
    i18n.set_language("en")
    run = finish("diagonals")
    best, pages = run.record.best_score, len(run.lesson.pages)
    run.restart()
    while run.page_index < 3:
        if run.asked is not None:
            run.reveal()
        if run.answered:
            run.go_on()
        elif run.asked is None:
            run.next_page()
    i18n.set_language(language)
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one("#menu-list", OptionList)
        index = menu.highlighted
        assert index is not None
        line = str(menu.get_option_at_index(index).prompt)
        said = i18n._("done; again at page {page}/{pages}, best {score}/{max}").format(
            page=4, pages=pages, score=best, max=run.lesson.max_score
        )
        assert said in " ".join(line.split()), line
        done = i18n._("done, best {score}/{max}").format(score=best, max=run.lesson.max_score)
        assert done not in line
        if language != "en":
            english = f"done; again at page 4/{pages}, best {best}/{run.lesson.max_score}"
            assert said != english  # translated
