"""A board with what would answer a prediction question taken off (headless).

While a lesson asks where the next queen goes (or who attacks a square), the board must not
show the answer: the squares the queens attack, the lines from an attacker to the square being
tried, or the attacker itself. The queens stay, drawn as plain queens.
"""

from __future__ import annotations

from dataclasses import replace

from solver.views.frame import BoardFrame, Mark

HIDDEN = {
    Mark.ATTACKED: Mark.FREE,
    Mark.ATTACKER: Mark.QUEEN,
    Mark.LINE_ROW: Mark.FREE,
    Mark.LINE_COL: Mark.FREE,
    Mark.LINE_SUM: Mark.FREE,
    Mark.LINE_DIFF: Mark.FREE,
    Mark.CANDIDATE: Mark.TRYING,
}
"""Each mark that gives an answer away, and what is drawn instead."""


def without_answers(board: BoardFrame) -> BoardFrame:
    """``board`` with every mark of :data:`HIDDEN` replaced by its plain stand-in."""
    squares = tuple(tuple(HIDDEN.get(mark, mark) for mark in line) for line in board.squares)
    return board if squares == board.squares else replace(board, squares=squares)


def with_asked(board: BoardFrame, squares: tuple[tuple[int, int], ...]) -> BoardFrame:
    """``board`` with the squares a question is about (column, row as the notes number it)
    drawn as squares under consideration (:attr:`Mark.TRYING`, its own glyph); a square off the
    board is left out."""
    lines = [list(line) for line in board.squares]
    for x, y in squares:
        label = str(y)
        if label in board.row_labels and 0 <= x < len(lines[0]):
            lines[board.row_labels.index(label)][x] = Mark.TRYING
    marked = tuple(tuple(line) for line in lines)
    return board if marked == board.squares else replace(board, squares=marked)


def given_placement(b: tuple[int, ...]) -> BoardFrame:
    """The board of the placement ``b`` a question is about: its queens alone, drawn as the
    Wrocław lecture draws its b[] (row 0 at the bottom), nothing attacked shown."""
    from solver.methods.iterative.engine import Snapshot
    from solver.methods.iterative.view import IterativeView
    from solver.stepping import Mode

    n = len(b)
    snapshot = Snapshot(
        n=n,
        k=n,
        b=b,
        tick=0,
        mode=Mode.FIRST,
        last_event=None,
        last_kind=None,
        solutions=(),
        finished=False,
        examined=0,
    )
    return without_answers(IterativeView().frame(snapshot, "off").board)


def given_maze(rows: tuple[str, ...]) -> BoardFrame:
    """The board of the maze a question is about, before its search starts."""
    from solver.methods.maze.maze import Maze
    from solver.methods.maze.mazes import MazeEngine
    from solver.methods.maze.view import MazeView

    return MazeView().frame(MazeEngine(Maze.parse(rows)).snapshot(), "off").board
