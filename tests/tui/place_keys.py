"""A student who knows how answers a ``place`` question by keyboard: o opens the place board,
the cursor keys and space put the queens down, escape comes back to the lesson. What to place
comes from the solver (a solution) or from every permutation (a board with no solution)."""

from __future__ import annotations

from itertools import permutations

from textual.pilot import Pilot

from lessons.quiz.solver_facts import first_solution
from solver.placement.driving import Answer
from tests.tui.screen_text import press_for, wait_for
from tui.screens.lesson_screen import LessonScreen
from tui.screens.place_screen import PlaceScreen


async def put_queens(pilot: Pilot[None], board: PlaceScreen, b: tuple[int, ...]) -> None:
    """Queens at b[col] of every column, moved to with the cursor keys."""
    for col, row in enumerate(b):
        x, y = board.cursor
        keys = ["l" if col > x else "h"] * abs(col - x) + ["k" if row > y else "j"] * abs(row - y)
        await pilot.press(*keys, "space")


async def open_board(pilot: Pilot[None], screen: LessonScreen) -> PlaceScreen:
    board = await press_for(pilot, PlaceScreen, "o")
    return board


async def place_answer(pilot: Pilot[None], screen: LessonScreen, goal: str, n: int) -> None:
    """Open the board, do what the goal asks (``solution``, ``exhaust`` or ``drive``), and come
    back."""
    board = await open_board(pilot, screen)
    if goal == "drive":
        await drive_loop(pilot, board)
    elif goal == "solution":
        solution = first_solution(n)
        assert solution is not None
        await put_queens(pilot, board, tuple(solution))
    else:
        for b in permutations(range(n)):
            await pilot.press("c")
            await put_queens(pilot, board, b)
    await pilot.press("escape")
    await wait_for(pilot, lambda: pilot.app.screen is screen)
    await pilot.pause()


def loop_answers(n: int) -> list[Answer]:
    """The right answer to each step of a drive on ``n`` x ``n``, read from an engine of its
    own: its ticks after the lecture's ``b[0]=0; k=1`` (the drive plays that line before the
    loop), up to the first solution (or the end)."""
    from solver.events import Backtrack, Try
    from solver.methods.iterative.engine import IterativeEngine
    from solver.placement.driving import SETUP_TICKS, expected_answer
    from solver.stepping import Mode

    events = list(IterativeEngine(n, Mode.FIRST).events())[SETUP_TICKS:]
    return [expected_answer(e) for e in events if isinstance(e, Try | Backtrack)]


async def drive_loop(pilot: Pilot[None], board: PlaceScreen, wrong: int = 0) -> None:
    """You drive: answer the first ``wrong`` steps wrongly (a backtrack where the loop does not
    backtrack, or the other verdict), then every step as the loop plays it, up to its first
    solution. The right answers come from the engine itself."""
    from solver.placement.driving import Act

    answers = loop_answers(board.flow.n)
    for number, answer in enumerate(answers):
        if answer.act is Act.BACKTRACK:
            await pilot.press("space" if number < wrong else "b")
            continue
        assert answer.square is not None
        board.cursor = answer.square
        if number < wrong:
            await pilot.press("b")
        else:
            await pilot.press("space" if answer.act is Act.TRY else "enter")
    await wait_for(pilot, lambda: board.session.engine.solutions_found == 1)
