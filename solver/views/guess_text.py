"""Guess mode's sentences: each question in the words of its method's notes, and the feedback.

Every sentence is one message id with named parameters (solver/messages.py), so a translation
replaces whole sentences. Squares are named as the board draws them: x the board's column, y the
row as the method's notes number it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from solver.messages import Message, register
from solver.views.maze_view import move_name

if TYPE_CHECKING:  # solver.peek is imported by the first question (solver/views/guess.py)
    from solver.peek import Iteration, Test, Threat

ROW_WISE = frozenset({"recursive", "general"})
"""Methods whose notes place one queen per row (their straight line is a column)."""

register(
    {
        # The question for one tick that tests a square.
        "guess.try.iterative": "isfree({col}, {row}): is row {row} of column {col} free?",
        "guess.try.recursive": "Row {row}, column {col}: is the square free, are c[{col}], "
        "a[{sum}] and b[{index}] all true?",
        "guess.try.scan": "sicura({k}, {row}), i = {i}: does the queen of column {i} (T[{i}] = "
        "{xriga}) attack column {k}, row {row}?",
        "guess.try.general": "isAdm(stato, {m}): may the queen of row {R} go in column {m}?",
        "guess.try.maze": "isAdm(stato, {m}): is ({r}, {c}) open and not on the path?",
        "guess.keys.yes_no": "Keys: y yes, n no (esc: no question).",
        # Which rule, after a right "attacked".
        "guess.rule.iterative": "Right, it is attacked. By which rule? 1 same row, 2 same "
        "col+row, 3 same row-col.",
        "guess.rule.recursive": "Right, it is not free. Which array is false? 1 c[{col}] (the "
        "column), 2 a[{sum}] (i+j), 3 b[{index}] (i-j).",
        "guess.rule.scan": "Right, it attacks. Which test is true? 1 xriga == riga, 2 xriga == "
        "riga + (regina - i), 3 xriga == riga - (regina - i).",
        "guess.rule.general": "Right, it is not admissible. Which test of checkQueen is true? "
        "1 samecolumn, 2 sameMinorD (c+r), 3 sameMajorD (c-r).",
        "guess.keys.rule": "Keys: 1, 2 or 3 (space: skip the rule).",
        # The question for one iteration.
        "guess.land.iterative": "Column {k}: on which row does its queen land? Type the row "
        "(0 to {last}), or b if no row is free (a backtrack).",
        "guess.land.recursive": "placeQueens({k}): in which column does the queen of row {k} "
        "go? Type the column (0 to {last}), or b if none is free (a backtrack).",
        "guess.land.scan": "tenta({k}): which row does T[{k}] get? Type the row (0 to {last}), "
        "or b if sicura is false for every row left (tenta returns).",
        "guess.land.general": "Solve in row R = {k}: which move m is admissible next? Type the "
        "column (0 to {last}), or b if none is (Solve returns [False]).",
        "guess.land.maze": "The path stands on ({r}, {c}): which step does it take next? An "
        "arrow key, or b for a dead end (Solve returns [False]).",
        "guess.keys.digits": "Keys: digits or b (esc: no question).",
        "guess.typed": "Typed: {typed} (enter takes it).",
        "guess.no_such": "There is no {value} on this board: type 0 to {last}.",
        # Feedback.
        "guess.right": "Right!",
        "guess.skipped": "The rule was not asked.",
        "guess.square": "column {x}, row {y}",
        "guess.cell": "({r}, {c})",
        "guess.wrong.attacked": "No: {square} is attacked by the queen on {by}: {why}.",
        "guess.wrong.free": "No: no queen attacks {square}, so it is free.",
        "guess.wrong.attacks": "No: the queen on {by} attacks {square}: {why}.",
        "guess.wrong.safe": "No: the queen on {by} does not attack {square}: not the same row, "
        "not the same diagonal.",
        "guess.wrong.rule": "Not that rule: {why}.",
        "guess.wrong.maze.wall": "No: ({r}, {c}) is a wall.",
        "guess.wrong.maze.outside": "No: ({r}, {c}) is outside the maze.",
        "guess.wrong.maze.visited": "No: ({r}, {c}) is already on the path.",
        "guess.wrong.maze.open": "No: ({r}, {c}) is open and not on the path: the step is "
        "admissible.",
        "guess.wrong.not_tried": "No: {guess} is not tried in this iteration; the loop goes on "
        "from {first}.",
        "guess.wrong.none_left": "No: {guess} was tried before, and nothing is left to try.",
        "guess.wrong.missed": "No: {square} is free, and the loop tries it before {guess}.",
        "guess.wrong.not_backtrack": "No backtrack: {square} is free.",
        "guess.wrong.move_missed": "No: the step {move} to ({r}, {c}) comes first and is "
        "admissible.",
        "guess.wrong.move_not_tried": "No: the step {guess} was tried before; the loop goes on "
        "with the step {first}.",
    }
)


def square(method: str, xy: tuple[int, int]) -> Message:
    """A square by its name on the board: ``column 3, row 2``; the maze: ``(row, col)``."""
    x, y = xy
    if method == "maze":
        return Message.of("guess.cell", r=y, c=x)
    return Message.of("guess.square", x=x, y=y)


def why(method: str, target: tuple[int, int], threat: Threat) -> Message:
    """Why ``threat`` attacks ``target``, with the numbers (the narration's own clauses)."""
    from solver.peek import Along

    (x, y), (ax, ay) = target, threat.square
    if threat.along is Along.LINE:
        if method in ROW_WISE:
            return Message.of("why.col", col=x)
        return Message.of("why.row", row=y)
    if threat.along is Along.SUM:
        return Message.of("why.sum", col=x, row=y, value=x + y, a_col=ax, a_row=ay)
    return Message.of("why.diff", col=x, row=y, value=y - x, a_col=ax, a_row=ay)


def try_prompt(method: str, test: Test, n: int) -> Message:
    """The question for the tick that tests ``test.square``."""
    x, y = test.square
    if method == "scan":
        assert test.against is not None
        i, xriga = test.against
        return Message.of("guess.try.scan", k=x, row=y, i=i, xriga=xriga)
    if method == "recursive":
        return Message.of("guess.try.recursive", row=y, col=x, sum=x + y, index=y - x + n - 1)
    if method == "general":
        return Message.of("guess.try.general", R=y, m=x)
    if method == "maze":
        assert test.move is not None
        return Message.of("guess.try.maze", m=move_name(test.move), r=y, c=x)
    return Message.of("guess.try.iterative", col=x, row=y)


def rule_prompt(method: str, test: Test, n: int) -> Message:
    x, y = test.square
    return Message.of(f"guess.rule.{method}", col=x, sum=x + y, index=y - x + n - 1)


def land_prompt(method: str, iteration: Iteration, n: int) -> Message:
    if method == "maze":
        assert iteration.origin is not None
        c, r = iteration.origin
        return Message.of("guess.land.maze", r=r, c=c)
    return Message.of(f"guess.land.{method}", k=iteration.subject, last=n - 1)
