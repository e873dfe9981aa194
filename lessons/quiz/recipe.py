"""Questions on the Salerno notes' general recipe (``maze``: the moves of the path the recipe
finds, by :func:`solver.methods.maze.maze.solve_maze`) and on the Wrocław lecture's explicit
construction (``construct``: a column's row in
:func:`solver.methods.constructive.construction.construct`)."""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from itertools import pairwise

from lessons.answers.checking import AnswerType, Posed
from lessons.answers.feedback import say
from lessons.i18n import _, ngettext
from lessons.model import Question
from lessons.quiz.board import board_values
from lessons.quiz.params import ParamError, Params
from lessons.stage.expect_names import show as format_b
from solver.messages import Message, render
from solver.methods.constructive.construction import construct
from solver.methods.maze import view as _maze_view  # noqa: F401  (registers maze.move.*)
from solver.methods.maze.maze import STEPS, Maze, solve_maze
from solver.session.board import BoardSession

MAX_CONSTRUCT_N = 1000


def check_maze(question: Question) -> Maze:
    if not question.maze:
        raise ParamError(
            _("@question maze needs its maze as 'maze:' lines (# wall, . floor, S, E)")
        )
    try:
        return Maze.parse(question.maze)
    except ValueError as error:
        raise ParamError(_("@question maze: {error}").format(error=error)) from None


def shortest_moves(maze: Maze) -> int:
    """The moves of the shortest path from S to E (breadth first), which the recipe does not
    look for: a student who counts it has mixed the two up."""
    seen = {maze.start: 0}
    frontier = deque([maze.start])
    while frontier:
        r, c = square = frontier.popleft()
        if square == maze.end:
            return seen[square]
        for step in ((r - 1, c), (r, c + 1), (r + 1, c), (r, c - 1)):
            if step not in seen and maze.is_open(step):
                seen[step] = seen[square] + 1
                frontier.append(step)
    raise ParamError(_("@question maze: the exit cannot be reached from the start"))


def pose_maze(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """How many moves the path found by the recipe takes."""
    maze = check_maze(question)
    path = solve_maze(question.maze)
    if path is None:
        raise ParamError(_("@question maze: the exit cannot be reached from the start"))
    moves = len(path) - 1
    drawing = "\n".join(maze.rows)
    follow = _("Follow the moves in order: up first, and step back when a square has no way on.")
    shortest = shortest_moves(maze)
    wrong = {str(moves + 1): say("mistake.squares_for_moves")}
    if shortest != moves:
        wrong[str(shortest)] = say("mistake.shortest_path", given=shortest)
    # The rows and columns between S and E counted as if no wall stood there.
    straight = abs(maze.end[0] - maze.start[0]) + abs(maze.end[1] - maze.start[1])
    if straight not in (moves, shortest):
        wrong.setdefault(str(straight), say("mistake.maze_through_walls"))
    return Posed(
        kind="maze",
        prompt=_(
            "The recipe (moves tried up, right, down, left; never onto its own path) "
            "searches this maze from S to E:\n{drawing}\n"
            "How many moves does the path it finds take?"
        ).format(drawing=drawing),
        answer_type=AnswerType.NUMBER,
        expected=str(moves),
        wrong=wrong,
        # The path as its moves, one line: the board beside the feedback already draws it.
        explanation=ngettext(
            "The first path the search completes, from S ({count} move): {moves}.",
            "The first path the search completes, from S ({count} moves): {moves}.",
            moves,
        ).format(count=moves, moves=_moves_said(path))
        + " "
        + _shortest_said(moves, shortest),
        hint=follow,
        working=follow,  # a count no slip explains: the way to count it, not a bare "no"
        values=board_values(board) if board is not None else {},
        maze=maze.rows,
        board_prompt=_(
            "The recipe (moves tried up, right, down, left; never onto its own path) "
            "searches the maze drawn beside this question from S to E. How many moves does "
            "the path it finds take?"
        ),
    )


def _moves_said(path: Sequence[tuple[int, int]]) -> str:
    """The moves of ``path`` in order: ``up, right, right, down``."""
    said = []
    for (r0, c0), (r1, c1) in pairwise(path):
        name = next(name for name, step in STEPS.items() if step == (r1 - r0, c1 - c0))
        said.append(render(Message.of(f"maze.move.{name}")))  # the narration's words
    return ", ".join(said)


def _shortest_said(moves: int, shortest: int) -> str:
    """What the path found says of the shortest one: never "not always the shortest" under a
    path no shorter one beats."""
    if shortest == moves:
        return _(
            "Here no shorter path exists, but the recipe does not look for one: it keeps the "
            "first path it completes."
        )
    return ngettext(
        "Backtracking finds a path, not always the shortest one: this maze has one of {count} "
        "move.",
        "Backtracking finds a path, not always the shortest one: this maze has one of {count} "
        "moves.",
        shortest,
    ).format(count=shortest)


def pose_construct(question: Question, params: Params, board: BoardSession | None) -> Posed:
    """The row of column C's queen in the explicit placement for n."""
    n = params.integer("n", 4, MAX_CONSTRUCT_N)
    col = params.integer("col", 0, n - 1)
    b = construct(n)
    shown = format_b(tuple(b)) if n <= 16 else f"[{b[0]}, {b[1]}, ...]"
    return Posed(
        kind="construct",
        prompt=_(
            "The explicit placement for n = {n} (the recipe: the even numbers 2, 4, "
            "..., then the odd ones 1, 3, ..., with the fixes for n mod 6 = 2 or 3, each minus "
            "1): in which row is the queen of column {col}? Columns and rows are counted from "
            "0, as in b[]."
        ).format(n=n, col=col),
        answer_type=AnswerType.NUMBER,
        expected=str(b[col]),
        wrong=_construct_mistakes(n, col, b),
        explanation=_("n mod 6 = {mod}; the placement is b = {b}, so b[{col}] = {row}.").format(
            mod=n % 6, b=shown, col=col, row=b[col]
        ),
        hint=_("Write the rows 1..n as the even ones, then the odd ones; subtract 1."),
        values=board_values(board) if board is not None else {},
    )


def _construct_mistakes(n: int, col: int, b: list[int]) -> dict[str, str]:
    """The rows counted from 1 (the recipe's own numbers), the even rows counted from 0 (0, 2,
    4... first), where n mod 6 is 2 or 3 the placement without its fix, and the list's
    positions counted from 1 (column C given column C-1's row)."""
    right = b[col]
    plain = [*range(2, n + 1, 2), *range(1, n + 1, 2)]  # the recipe's rows, no fix
    found = {str(right + 1): say("mistake.construct_from_one")}
    from_zero = [*range(0, n, 2), *range(1, n, 2)]
    if from_zero[col] != right:
        found.setdefault(str(from_zero[col]), say("mistake.construct_even_from_zero"))
    if n % 6 in (2, 3) and plain[col] - 1 != right:
        found.setdefault(str(plain[col] - 1), say("mistake.construct_no_fix", mod=n % 6))
    if col > 0 and b[col - 1] != right:
        # The list read from position 1: column col takes the number of column col-1.
        found.setdefault(
            str(b[col - 1]), say("mistake.construct_position_from_one", col=col, prev=col - 1)
        )
    return found
