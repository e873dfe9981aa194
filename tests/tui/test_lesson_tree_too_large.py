"""T on a lesson page whose board is larger than the tree is drawn for
(lesson 4's 8 x 8) answers at once in the page's status line, in the lesson's terms (the page
has its board's size: no ``[``), never as a notice over the next page's text; the help offers T
only where the tree can be drawn."""

from __future__ import annotations

import pytest

from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.tree_screen import TreeScreen

LESSON = """\
@lesson big-board
@title Big board

@page Eight
@board n=8
The eight queens on their board.

@page Four
@board n=4
A small board.
"""


def _help_keys(app: QueensTutorApp) -> set[str]:
    screen = app.screen
    assert isinstance(screen, HelpScreen)
    return {key for b in screen.key_bindings for key in b.key.split(",")}


async def test_t_on_an_8x8_page_says_why_in_the_status_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = tutor_on(LESSON)
    notices: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: notices.append(str(message)))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await pilot.press("T")
        assert app.screen is screen
        status = str(screen.query_one("#lesson-status").render())
        assert "up to 6 x 6" in status and "8 x 8" in status, status
        assert "[" not in status, status
        assert notices == []
        await pilot.press("n")  # the next page: nothing over its text
        assert notices == []


async def test_the_help_offers_t_only_where_the_tree_is_drawn() -> None:
    app = tutor_on(LESSON)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "T" not in _help_keys(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("n")  # 4 x 4: the tree is drawn
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert "T" in _help_keys(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.press("T")
        await wait_for(pilot, lambda: isinstance(app.screen, TreeScreen))
