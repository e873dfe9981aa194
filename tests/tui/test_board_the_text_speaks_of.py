"""After a question that brought its own placement, the board goes on showing it while the page's
text speaks of it (lesson 7 p3), and on a page without a board of its own (p4)."""

from __future__ import annotations

from textual.pilot import Pilot

from solver.views.hidden import given_placement
from tests.tui.test_lesson_layout import builtin, open_page
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board


async def _answer_right(pilot: Pilot[None], screen: LessonScreen) -> None:
    asked = screen.lesson_run.asked
    assert asked is not None
    await pilot.press(
        *(
            asked.posed.choice_label(int(asked.posed.expected))
            if asked.posed.choices
            else asked.posed.expected
        )
    )
    if not asked.posed.choices:
        await pilot.press("enter")
    await pilot.pause()
    assert screen.lesson_run.answered
    await pilot.press("enter")  # on from the feedback
    await pilot.pause()


def _board(screen: LessonScreen) -> object:
    assert screen.query_one("#lesson-left").display, "no board on screen"
    return screen.query_one("#lesson-board", Board).frame


async def test_the_board_stays_on_the_solution_the_text_goes_on_about() -> None:
    app = builtin(7, 3, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 7, 3)
        await _answer_right(pilot, screen)  # the page's own solution: its board, stepped
        assert screen.lesson_run.kept_board is None
        await _answer_right(pilot, screen)  # b=[2,4,1,7,0,6,3,5]
        assert screen.lesson_run.page_done
        assert "half turn is itself" in screen.lesson_run.shown[-1].markdown
        assert _board(screen) == given_placement((2, 4, 1, 7, 0, 6, 3, 5))


async def test_a_page_without_a_board_keeps_its_last_questions_board() -> None:
    app = builtin(7, 4, (80, 24))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_page(pilot, 7, 4)
        await _answer_right(pilot, screen)  # b=[2,4,1,7,0,6,3,5]
        assert _board(screen) == given_placement((1, 3, 0, 2))  # the next one waits
        await _answer_right(pilot, screen)  # b=[1,3,0,2]
        assert screen.lesson_run.page_done
        assert _board(screen) == given_placement((1, 3, 0, 2))
