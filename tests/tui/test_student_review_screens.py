"""Issue 39, item 7: items of the student and language reviews seen on screens. The palette lists
its commands in the language in use before anything is typed; the "terminal too small" screen
names --plain; back from a lesson just finished, the menu's cursor is on the next lesson; a
lesson opens with no earlier notice over its page."""

from __future__ import annotations

from textual.command import CommandPalette
from textual.widgets import OptionList

from lessons import i18n
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.too_small import TooSmallScreen

SIZE = (80, 24)


def _listed(app: QueensTutorApp) -> list[str]:
    palette = app.screen
    assert isinstance(palette, CommandPalette)
    found = palette.query_one(OptionList)
    prompts = [found.get_option_at_index(i).prompt for i in range(found.option_count)]
    return [getattr(prompt, "plain", str(prompt)).split("\n")[0] for prompt in prompts]


async def test_the_palette_lists_its_commands_in_the_language_in_use() -> None:
    i18n.set_language("it")
    try:
        app = QueensTutorApp(4)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.press("ctrl+p")
            await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
            await wait_for(pilot, lambda: len(_listed(app)) > 3)
            listed = _listed(app)
            assert "Carica l'avanzamento (Load progress)" in listed, listed
    finally:
        i18n.set_language("en")


async def test_the_too_small_screen_names_plain_mode() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.resize_terminal(60, 20)
        await wait_for(pilot, lambda: isinstance(app.screen, TooSmallScreen))
        await pilot.pause()
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert "--plain" in shown


async def test_after_a_lesson_is_finished_the_menu_offers_the_next(tmp_path: object) -> None:
    i18n.set_language("en")
    context = LessonContext.load(lang="en")
    app = QueensTutorApp(4, lessons=context)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen
        assert isinstance(menu, LessonMenuScreen)
        first = context.catalog.lessons[0]
        menu.query_one(OptionList).highlighted = 1  # the first lesson (the review's line is 0)
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        lesson = app.screen
        assert isinstance(lesson, LessonScreen)
        run = lesson.lesson_run
        run.goto(len(run.lesson.pages) - 1)
        while run.asked is not None:  # every quiz answer shown, then the lesson's end
            run.reveal()
            run.go_on()
        lesson.show()
        await pilot.press("enter")  # finish it
        await wait_for(pilot, lambda: run.finished)
        await pilot.press("enter")  # back to the lessons
        await wait_for(pilot, lambda: app.screen is menu)
        await pilot.pause()
        assert run.lesson is first
        assert menu.query_one(OptionList).highlighted == 2  # the second lesson


async def test_a_lesson_opens_with_no_notice_over_its_page() -> None:
    i18n.set_language("en")
    context = LessonContext.load(lang="en")
    context.start = context.catalog.lessons[0]
    app = QueensTutorApp(4, lessons=context)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        app.notify("an earlier notice", timeout=30)
        await wait_for(pilot, lambda: bool(app.screen.query("Toast")))
        assert app.screen.query("Toast")  # shown, on the screen it was given on
        screen = LessonScreen(context.catalog.lessons[1], None)
        await app.push_screen(screen)
        await pilot.pause()
        assert not app.screen.query("Toast")  # by its type's name: textual's own module
