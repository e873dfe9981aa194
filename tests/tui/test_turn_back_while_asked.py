"""While a question waits, p is a letter of the answer and F4 turns back; the key bars name
their keys whole, in the student's language."""

from __future__ import annotations

import pytest

from lessons import i18n
from tests.tiers import sweep
from tests.tui.screen_text import main_screen, press_for, pressed, tutor_run, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.key_bar import KeyBar


def _bar(screen: LessonScreen) -> str:
    return screen.query_one(KeyBar).text.plain


@pytest.mark.parametrize(
    ("lang", "words", "previous"),
    sweep(
        [
            ("it", ("g Prevedi", "l Lezioni"), "Pagina precedente"),
            ("pl", ("g Przewiduj", "l Lekcje"), "Poprzednia strona"),
        ],
        everyday=[("pl", ("g Przewiduj", "l Lekcje"), "Poprzednia strona")],
        several=True,
    ),
)
async def test_the_main_and_lesson_bars_name_their_keys_whole(
    lang: str, words: tuple[str, ...], previous: str
) -> None:
    """At 80x24 the main bar names guess mode and the lesson menu in whole words, the menu's
    own (the quit key gives up its place first); a lesson's bar names the previous page whole
    beside every key of a waiting question."""
    with i18n.speaking(lang):
        lesson = LessonContext.load(lang=lang).catalog.lessons[1]
        async with tutor_run(8, size=(80, 24)) as (app, pilot):
            await pilot.pause()
            text = main_screen(app).query_one(KeyBar).text.plain
            assert all(word in text for word in words), text
            assert text.endswith(words[-1]) and len(text) <= 80
            assert i18n._("Lessons") == i18n._("Lesson menu")  # the menu's heading
            screen = LessonScreen(lesson, None)
            await app.push_screen(screen)
            await pilot.press("enter")
            await wait_for(pilot, lambda: screen.lesson_run.asked is not None)
            await wait_for(pilot, lambda: f"f4 {previous}" in _bar(screen))
            text = _bar(screen)
            assert all(key in text for key in ("f2 ", "f3 ", "esc ")), text
            assert len(text) <= 80


async def test_skipped_lesson_notices_are_listed_in_the_menu_not_over_the_question(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The notices of lesson files skipped are listed in the menu (the first, and how many
    more), never notified over a lesson."""
    from tui.screens.lesson_menu import LessonMenuScreen

    context = LessonContext.load(lang="en")
    context.notices = [f"Lesson skipped: /x/9{i}-bad.md:1: missing @lesson" for i in range(3)]
    app = QueensTutorApp(8)
    toasts: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: toasts.append(str(message)))
    async with app.run_test(size=(80, 24)) as pilot:
        menu = LessonMenuScreen(context)
        await app.push_screen(menu)
        await pilot.pause()
        shown = str(menu.query_one("#menu-notices").render())
        assert "! Lesson skipped: /x/90-bad.md:1: missing @lesson" in shown
        assert "and 2 more" in shown and "91-bad" not in shown
        assert not toasts


async def test_the_bar_names_one_key_for_the_previous_page_asked_or_answered() -> None:
    """While a question waits p is a letter of the answer and F4 turns back; once answered p
    turns back too; the bar names F4 in both (and nothing on the first page), and the help
    lists both keys on one line."""
    from tui.screens.help_screen import HelpScreen

    lesson = LessonContext.load(lang="en").catalog.lessons[0]
    async with tutor_run(8, size=(80, 24)) as (app, pilot):
        screen = LessonScreen(lesson, None)
        run = screen.lesson_run
        await app.push_screen(screen)
        await pilot.pause()
        assert "Prev page" not in _bar(screen)  # the first page has none before it
        await pilot.press("enter")  # page 2: its question waits
        await wait_for(pilot, lambda: run.asked is not None)
        await wait_for(pilot, lambda: "f4 Prev page" in _bar(screen))
        assert "p Prev page" not in _bar(screen)
        await pressed(pilot, "p")  # a letter of the answer: the page stays
        assert run.page_index == 1
        await pilot.press("f4")  # asked: back
        await wait_for(pilot, lambda: run.page_index == 0)
        await wait_for(pilot, lambda: "Prev page" not in _bar(screen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.page_index == 1 and run.asked is not None)
        await pilot.press("f3")  # the answer shown: the question answered
        await wait_for(pilot, lambda: run.asked is None)
        await pilot.pause()
        assert "f4 Prev page" in _bar(screen), _bar(screen)
        assert "p Prev page" not in _bar(screen), _bar(screen)
        help_screen = await press_for(pilot, HelpScreen, "question_mark")
        turning = [b.key for b in help_screen.key_bindings if b.description == "Prev page"]
        assert turning == ["f4,p"], turning
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("f4")  # answered: back
        await wait_for(pilot, lambda: run.page_index == 0)
        await pilot.press("enter")
        await wait_for(pilot, lambda: run.page_index == 1 and run.asked is None)
        await pilot.press("p")  # answered: p turns back too
        await wait_for(pilot, lambda: run.page_index == 0)
