"""A page's board steps from what is on screen: after a drive the driven solution is the page's
board, with its tick; while a question's own placement shows, the step keys are not offered
and r brings the page's board back first."""

from __future__ import annotations

import re

import pytest
from textual.pilot import Pilot

from solver.views.frame import BoardFrame, Mark
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.place_keys import drive_loop, open_board
from tests.tui.screen_text import screen_lines, wait_for
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board

SIZES = [(80, 24), (120, 40)]
STEPS = ("tick", "back", "iteration", "run")
QUEENS = {Mark.QUEEN, Mark.ATTACKER}


def queens(board: BoardFrame | None) -> set[tuple[int, int]]:
    """The squares drawn with a queen, as (column, line)."""
    if board is None:
        return set()
    return {
        (col, line)
        for line, marks in enumerate(board.squares)
        for col, mark in enumerate(marks)
        if mark in QUEENS
    }


def status(app: object) -> str:
    return screen_lines(app)[-2]  # type: ignore[arg-type]


def tick_shown(app: object) -> int | None:
    found = re.search(r"tick (\d+)", status(app))
    return int(found.group(1)) if found else None


def steps_offered(screen: LessonScreen) -> list[str]:
    return [action for action in STEPS if screen.check_action(action, ()) is True]


def assert_keys_step_what_shows(screen: LessonScreen) -> None:
    """A step key is offered only while the board on screen is the page's board itself, its
    tick in the status line."""
    if not steps_offered(screen):
        return
    session = screen.lesson_run.session
    assert session is not None
    drawn = screen.query_one("#lesson-board", Board).frame
    assert queens(drawn) == queens(session.frame().board), (steps_offered(screen), drawn)
    assert tick_shown(screen.app) == session.tick, status(screen.app)


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
async def test_the_driven_loop_is_the_pages_board_and_steps_from_there(
    size: tuple[int, int],
) -> None:
    app = tutor_on_builtin("2", "en")
    async with app.run_test(size=size) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        run.goto(7)
        screen.show(ask=True)
        await settle(pilot)
        asked = run.asked
        assert asked is not None and asked.posed.values.get("goal") == "drive"
        board = await open_board(pilot, screen)
        await drive_loop(pilot, board)
        driven = board.session.engine.tick
        await pilot.press("escape")
        await wait_for(pilot, lambda: run.answered)
        await settle(pilot)
        session = run.session
        assert session is not None and session.tick == driven
        # The solution the student drove to, as the page's board, with its tick and b[].
        assert tick_shown(app) == driven, status(app)
        assert len(queens(screen.query_one("#lesson-board", Board).frame)) == 4
        assert screen.query_one("#lesson-table").display
        assert_keys_step_what_shows(screen)
        assert "back" in steps_offered(screen)
        await pilot.press("left")
        await settle(pilot)
        assert tick_shown(app) == driven - 1, status(app)  # one tick back, not the empty board
        assert_keys_step_what_shows(screen)
        await pilot.press("space")
        await settle(pilot)
        assert tick_shown(app) == driven, status(app)
        assert len(queens(screen.query_one("#lesson-board", Board).frame)) == 4


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
async def test_a_questions_own_placement_offers_the_pages_board_before_any_step(
    size: tuple[int, int],
) -> None:
    app = tutor_on_builtin("7", "en")
    async with app.run_test(size=size) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        run.goto(2)
        screen.show(ask=True)
        await settle(pilot)
        for _ in range(2):  # both questions of the page, shown and gone on from
            assert run.asked is not None
            await pilot.press("f3")
            await settle(pilot)
            assert_keys_step_what_shows(screen)
            await pilot.press("enter")
            await settle(pilot)
        own = {(col, 7 - row) for col, row in enumerate((2, 4, 1, 7, 0, 6, 3, 5))}
        shown = screen.query_one("#lesson-board", Board)
        assert queens(shown.frame) == own  # the second question's placement stays
        assert not steps_offered(screen), steps_offered(screen)
        assert "r Lesson's board" in screen_lines(app)[-1], screen_lines(app)[-1]
        assert_keys_step_what_shows(screen)
        await pilot.press("left")  # not offered: nothing moves
        await settle(pilot)
        assert queens(shown.frame) == own
        await pilot.press("r")
        await settle(pilot)
        session = run.session
        assert session is not None
        page = {(col, 7 - row) for col, row in enumerate((0, 4, 7, 5, 2, 6, 1, 3))}
        assert queens(shown.frame) == page  # the page's board, as the lesson left it
        assert tick_shown(app) == session.tick, status(app)
        assert_keys_step_what_shows(screen)
        tick = session.tick
        await pilot.press("left")
        await settle(pilot)
        assert tick_shown(app) == tick - 1, status(app)
        assert_keys_step_what_shows(screen)
