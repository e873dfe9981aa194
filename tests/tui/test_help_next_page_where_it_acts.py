"""Once the lesson is finished, n (next page) does nothing on its last page, so the ? help no longer
lists it: the help lists only keys that act on the page (in Polish at 80x24, lesson 1's end listed
"n Następna strona")."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import screen_lines, wait_for
from tui.screens.help_screen import HelpScreen

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
