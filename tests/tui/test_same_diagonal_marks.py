"""A same-diagonal question marks the two squares it asks about on the page's board, in the
notes' numbering, while it waits and while its feedback shows (panes show what the
text says; the marks went as the answer came)."""

from __future__ import annotations

from solver.views.frame import BoardFrame, Mark
from tests.tui.lesson_apps import tutor_on
from tests.tui.screen_text import wait_for
from tests.tui.test_lessons_keyboard import answer_keys
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board

LESSON = """@lesson marks
@title Marks
@page Two squares
Are they on one diagonal?
@board n=8
@overlay sum
@question same-diagonal square=1,2 other=3,0
@end
@page After
Done.
"""


def _mark(board: BoardFrame, col: int, row: int) -> Mark:
    return board.squares[board.row_labels.index(str(row))][col]


def _tried(board: BoardFrame, shown: Mark = Mark.TRYING) -> set[tuple[int, int]]:
    """The squares (column, row as the notes number it) drawn with ``shown``."""
    return {
        (col, int(label))
        for line, label in zip(board.squares, board.row_labels, strict=True)
        for col, mark in enumerate(line)
        if mark is shown
    }


async def test_the_two_squares_are_marked_while_the_question_waits() -> None:
    app = tutor_on(LESSON)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await wait_for(pilot, lambda: screen.lesson_run.asked is not None)
        board = screen.query_one(Board).frame
        assert board is not None
        assert _tried(board) == {(1, 2), (3, 0)}
        assert _mark(board, 1, 2) is Mark.TRYING and _mark(board, 3, 0) is Mark.TRYING
        await pilot.press(*answer_keys(screen))
        await wait_for(pilot, lambda: screen.lesson_run.asked is None)
        # While its feedback speaks of them, the two squares stay marked (they
        # went as the answer came, on lesson 4's pages 1 and 2)
        answered = screen.query_one(Board).frame
        assert answered is not None and _tried(answered) == {(1, 2), (3, 0)}
        assert screen.lesson_run.finished_question is not None
        await pilot.press("space")  # the student steps the board: its own state, no marks
        await pilot.pause()
        stepped = screen.query_one(Board).frame
        assert stepped is not None and _tried(stepped) <= {(0, 0)}
        await pilot.press("enter")  # the next page: gone
        await wait_for(pilot, lambda: screen.lesson_run.page_index == 1)
        after = screen.query_one(Board).frame
        assert after is None or _tried(after) <= {(0, 0)}


ORBIT = """@lesson given
@title Given
@page Another board first
@board n=8
@step 40
@question next-choice
@end
@page The placement asked about
How many boards do its symmetries give?
@question orbit b=[1,3,0,2]
@end
"""


async def test_a_question_about_a_given_placement_shows_that_placement() -> None:
    """Not the board an earlier page left (a question about [1,3,0,2] over an 8x8)."""
    app = tutor_on(ORBIT)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run = screen.lesson_run
        while run.asked is None or run.asked.posed.kind != "orbit":
            if run.asked is not None:
                await pilot.press("f3")
            await pilot.press("enter")
        board = screen.query_one(Board).frame
        assert board is not None
        assert _tried(board, Mark.QUEEN) == {(0, 1), (1, 3), (2, 0), (3, 2)}
        assert len(board.row_labels) == 4


MAZE = """@lesson small
@title Small
@page A big maze first
@board algorithm=maze maze=rooms
@run solution
@page Your turn
@question maze
maze: #######
maze: #S....#
maze: #.###.#
maze: #.#E..#
maze: #######
@end
"""


async def test_a_maze_question_shows_its_own_maze_not_the_one_before() -> None:
    app = tutor_on(MAZE)
    async with app.run_test(size=(100, 32)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run = screen.lesson_run
        while run.asked is None:
            await pilot.press("enter")
        board = screen.query_one(Board).frame
        assert board is not None and not board.checkered
        assert len(board.squares) == 5 and len(board.squares[0]) == 7  # the question's maze
        marks = {mark for line in board.squares for mark in line}
        assert Mark.START in marks and Mark.EXIT in marks and Mark.PATH not in marks
