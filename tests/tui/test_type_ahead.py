"""Keys that arrive together (type-ahead over a slow link): never a crash, never two screens
where one was asked for, and ``l`` opens the menu only when no lesson or menu is open."""

from __future__ import annotations

import pytest
from textual import events

from tests.tui.lesson_apps import lesson_menu, run_opened, tutor_on
from tests.tui.screen_text import main_screen, palette_found, press_for, stacked, wait_for
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.main_screen import MainScreen

SIZE = (80, 24)


def _burst(app: QueensTutorApp, *keys: str) -> None:
    """Post keys without waiting between them, as one read from the terminal delivers them."""
    chars = {"space": " ", "enter": "\r", "escape": "\x1b", "question_mark": "?"}
    for key in keys:
        app.post_message(events.Key(key, chars.get(key, key if len(key) == 1 else None)))


async def test_keys_of_one_read_act_once_and_q_then_l_quits_cleanly() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        await press_for(pilot, HelpScreen, "question_mark")
        _burst(app, "escape", "escape", "escape")  # two escapes close one screen
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.pause()  # every key of the burst is handled
        assert app.screen is main_screen(app) and app.is_running
        await pilot.press("ctrl+p", *"Reset")
        await wait_for(pilot, lambda: palette_found(app, "Reset"))
        _burst(app, "enter", "enter", "enter")  # the palette runs one command
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await pilot.pause()
        assert app.screen is main_screen(app) and app.is_running
        await pilot.press("ctrl+p")
        _burst(app, "x", "pagedown", "pageup", "escape")
        await wait_for(pilot, lambda: isinstance(app.screen, MainScreen))
        await lesson_menu(pilot)
        _burst(app, "pagedown", "pageup", "pagedown")
        await pilot.pause()
        assert app.is_running and isinstance(app.screen, LessonMenuScreen)
        app.action_lessons()  # l again (over the menu), as the app's binding does
        await pilot.pause()
        assert stacked(app).count("LessonMenuScreen") == 1, stacked(app)
        _burst(app, "enter", "enter", "enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.pause()  # the other enters handled
        assert stacked(app).count("LessonScreen") == 1, stacked(app)
        app.action_lessons()  # the app's l under a lesson whose own l is off (a run)
        await pilot.pause()
        assert isinstance(app.screen, LessonScreen), stacked(app)
        await press_for(pilot, LessonMenuScreen, "escape")
        await pilot.press("escape")
        await wait_for(pilot, lambda: stacked(app) == ["MainScreen"])
        _burst(app, "q", "l", "question_mark")
        await wait_for(pilot, lambda: app.exiting)
    assert app.return_code == 0


@pytest.mark.thorough
async def test_keys_still_queued_when_the_app_shuts_down_are_dropped() -> None:
    """run_test's teardown shuts the app down without App.exit (as a hang-up can): keys queued
    before it reach an app with no screen left and raise nothing. A "no exception" check."""
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE):
        _burst(app, *["g", "question_mark", "space", "l"] * 50)
    assert app.return_code in (0, None)


TYPED_AHEAD = (
    "@lesson b\n@title B\n@page P\nText.\n"
    "@question choice\nprompt: First?\n- [x] red\n- [ ] blue\n@end\n"
    "@question choice\nprompt: Second?\n- [ ] red\n- [x] blue\n@end\n"
    "@question number\nprompt: How many?\nanswer: 24\n@end\n"
)


async def test_an_answer_typed_with_the_enter_that_asks_its_question_answers_it() -> None:
    """The Enter that goes on from a feedback and the answer's keys in one read (a fast typist,
    a slow link): the keys reach the question it asks, none is lost."""
    async with run_opened(tutor_on(TYPED_AHEAD)) as (pilot, _screen, run):
        await pilot.press("1")
        await wait_for(pilot, lambda: run.answered)
        _burst(pilot.app, "enter", "2")  # the second question's right choice
        await wait_for(pilot, lambda: len(run.record.answers) == 2)
        _burst(pilot.app, "enter", "2", "4", "enter")
        await wait_for(pilot, lambda: len(run.record.answers) == 3)
        assert all(answer.right for answer in run.record.answers.values()), run.record.answers
