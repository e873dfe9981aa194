"""The help lists each key once, with what it does now, and only keys that act; a screen under it
that closes itself closes itself, not the help."""

from __future__ import annotations

from collections import Counter

from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, stacked, wait_for
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.main_screen import MainScreen
from tui.screens.place_screen import PlaceScreen


def _keys(app: QueensTutorApp) -> Counter[str]:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return Counter(key for b in screen.key_bindings for key in b.key.split(","))


def _what(app: QueensTutorApp, key: str) -> list[str]:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return [str(b.tooltip) for b in screen.key_bindings if key in b.key.split(",")]


async def test_the_main_screen_help_names_p_once_as_it_acts() -> None:
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert max(_keys(app).values()) == 1, _keys(app)
        assert _what(app, "p") == ["Play / pause autoplay; also stops a run"]
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("p")  # autoplay plays
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert _what(app, "p") == ["Pause autoplay"]
        assert max(_keys(app).values()) == 1, _keys(app)


async def test_the_place_board_help_names_each_key_once() -> None:
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.press("o")
        await wait_for(pilot, lambda: isinstance(app.screen, PlaceScreen))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert max(_keys(app).values()) == 1, _keys(app)
        assert _what(app, "y") == ["You drive the Wrocław loop"]


LESSON = """\
@lesson last-page
@title Last page

@page The only page
One page to read.
"""


async def test_the_help_leaves_out_next_page_once_the_lesson_is_finished() -> None:
    app = tutor_on(LESSON, "pl")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        assert screen.check_action("next_page", ()) is True  # n finishes the lesson here
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert "Następna strona" in " ".join(screen_lines(app))
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("n")
        await wait_for(pilot, lambda: run.finished)
        assert screen.check_action("next_page", ()) is False
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        assert "Następna strona" not in " ".join(screen_lines(app))


async def test_a_screen_under_a_modal_does_not_close_the_modal() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        lesson = app.screen
        assert isinstance(lesson, LessonScreen)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert lesson.is_current  # shown under the modal
        lesson.action_menu()  # the lesson closing itself while the help is on top
        await pilot.pause()
        assert stacked(app)[-2:] == ["LessonScreen", "HelpScreen"], stacked(app)
        await pilot.press("escape")  # the help closes; the lesson is on top again
        await wait_for(pilot, lambda: app.screen is lesson)
        lesson.action_menu()
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        assert "LessonScreen" not in stacked(app)
