"""Lesson 7 p3 leaves the second question's own placement on the board: the text after the
question says what r ("Lesson's board") brings back, and r brings back exactly that board."""

from __future__ import annotations

from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import region_lines, wait_for
from tests.tui.test_feedback_read_once import answer_right
from tui.widgets.key_bar import KeyBar
from tui.widgets.lesson_pane import LessonPane


async def test_the_text_says_which_board_r_brings_back() -> None:
    app = tutor_on_builtin("7")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await lesson_screen(pilot)
        await open_page(pilot, screen, 2)
        run = screen.lesson_run
        for _ in range(2):  # the page's two rotations questions
            await answer_right(pilot, screen)
            await pilot.press("enter")
            await wait_for(pilot, lambda: not run.answered)
        assert run.asked is None
        await wait_for(pilot, lambda: "r Lesson's board" in screen.query_one(KeyBar).text.plain)
        await pilot.press("r")
        await pilot.pause()
        session = screen.session
        assert session is not None
        page_board = list(session.snapshot.b)
        text = region_lines(app, screen.query_one(LessonPane))
        shown = " ".join(" ".join(line.strip("│ ") for line in text).split())
        named = "b = [" + ", ".join(map(str, page_board)) + "]"
        assert page_board == [0, 4, 7, 5, 2, 6, 1, 3]
        assert f"[r] brings back the loop's first solution, {named}" in shown, shown
