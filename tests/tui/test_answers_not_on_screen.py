"""The app's lesson screen gives no answer the headless walk (tests/unit/lessons/
answers_on_screen.py) does not, and shows the question it read; the walk's reading can fail."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from lessons import i18n
from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.tui.lesson_apps import tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tests.unit.lessons.answers_on_screen import Waiting, on_screen, tells
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen

SIZE = (100, 40)


def _screen_text(app: QueensTutorApp) -> str:
    return " ".join(screen_lines(app))


def _waiting(run: LessonRun, text: str) -> Waiting:
    asked = run.asked
    assert asked is not None
    return Waiting(
        "", run.page_index, run.page.title, asked.question.kind, asked.posed, text, frozenset()
    )


async def _lesson_screen(pilot: Pilot[None]) -> LessonScreen:
    await wait_for(pilot, lambda: isinstance(pilot.app.screen, LessonScreen))
    screen = pilot.app.screen
    assert isinstance(screen, LessonScreen)
    return screen


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_screen_gives_no_answer_the_walk_does_not(lang: str) -> None:
    i18n.set_language(lang)
    lesson = LessonContext.load(lang=lang).catalog.find("naive-search")
    assert lesson is not None
    app = tutor_on(lesson.path.read_text(encoding="utf-8"), lang)
    compared = 0
    async with app.run_test(size=SIZE) as pilot:
        screen = await _lesson_screen(pilot)
        run = screen.lesson_run
        while not run.finished and compared < 12:
            if run.asked is None:
                await pilot.press("enter")
                await pilot.pause()
                continue
            await pilot.pause()
            shown = _screen_text(app)
            headless, _marks = on_screen(run)
            on_app = set(tells(_waiting(run, shown)))
            assert on_app <= set(tells(_waiting(run, headless)))
            assert on_app == set()
            prompt = " ".join(run.asked.posed.prompt.split()[:4])
            assert prompt in " ".join(shown.split()), prompt
            compared += 1
            await pilot.press("f3")  # show the answer: the next question
            await pilot.pause()
    assert compared >= 8


COUNTED = """@lesson counted
@title Counted
@page Five
@board n=5 mode=all
@run end
@question solutions n=5
@end
"""


async def test_the_walk_reads_a_count_on_the_screen() -> None:
    app = tutor_on(COUNTED, "en")
    async with app.run_test(size=SIZE) as pilot:
        screen = await _lesson_screen(pilot)
        run = screen.lesson_run
        await pilot.pause()
        waiting = _waiting(run, _screen_text(app))
        assert tells(waiting) == []  # the box of solutions found is hidden while it waits
        await pilot.press("f3")
        await pilot.pause()
        assert "solutions found: 10" in _screen_text(app)
        assert tells(Waiting("", 0, "", "solutions", waiting.posed, _screen_text(app), frozenset()))
