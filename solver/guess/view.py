"""A frame as guess mode shows it: nothing on screen answers the open question."""

from __future__ import annotations

from dataclasses import replace

from solver.geometry import Rule
from solver.guess.game import GuessGame
from solver.guess.question import Verdict
from solver.guess.stage import Stage
from solver.peek import Along
from solver.stepping import SearchSnapshot
from solver.views.frame import BoardFrame, Frame, Mark
from solver.views.hidden import HIDDEN, QUIET, hide_cells
from solver.views.squares import Layout, attack_marks
from solver.views.views import View

_QUESTION_HIDES = {**HIDDEN, Mark.CANDIDATE: Mark.FREE, Mark.TRYING: Mark.FREE}
_ALWAYS_HIDES = {Mark.ATTACKED: Mark.FREE}


def guess_frame(view: View, snapshot: SearchSnapshot, overlay: str, game: GuessGame) -> Frame:
    """The frame of ``snapshot`` with what would answer ``game``'s question hidden."""
    question = game.question
    if question is None:
        frame = view.frame(snapshot, overlay)
        board = _remap(frame.board, _ALWAYS_HIDES)
        narration = frame.narration
        if game.verdict is not None:
            board = _explain(board, game.verdict, view.layout)
            verdict = game.verdict
            narration = verdict.messages if verdict.whole else verdict.messages + narration
        return replace(frame, board=board, narration=narration)
    frame = view.frame(question.kit.before_answer(snapshot), overlay)
    board = frame.board
    if board.checkered:
        board = _remap(board, _QUESTION_HIDES)
    test = question.test
    # the cells that give the answer away shown as ``?`` (those the test reads, or the kit's
    # land_hides rows); the last tick's marks dropped from the others
    hidden: dict[str, frozenset[int] | None] = {}
    if test is None:
        hidden = dict.fromkeys(question.kit.land_hides)
    else:
        if board.checkered:  # the maze keeps what the square is: reading it is the answer
            marks = {test.square: Mark.TRYING}
            if test.against is not None:
                marks[test.against] = Mark.ATTACKER  # the queen being compared with it
            board = _draw(board, marks)
        line = _line(board, test.square[1])
        board = replace(board, focus=(test.square[0], line) if line is not None else board.focus)
        for name, index in test.reads:
            hidden[name] = (hidden.get(name) or frozenset()) | {index}
    narration = question.prompt + ((game.notice,) if game.notice is not None else ())
    code = replace(frame.code, ran=()) if question.stage is Stage.RULE else frame.code  # its line
    tables = hide_cells(frame.tables, hidden, QUIET) if hidden else frame.tables
    return replace(frame, board=board, tables=tables, code=code, narration=narration)


def _remap(board: BoardFrame, marks: dict[Mark, Mark]) -> BoardFrame:
    squares = tuple(tuple(marks.get(m, m) for m in line) for line in board.squares)
    return replace(board, squares=squares)


def _line(board: BoardFrame, y: int) -> int | None:
    """The drawn line of the notes' row ``y``."""
    label = str(y)
    return board.row_labels.index(label) if label in board.row_labels else None


def _draw(board: BoardFrame, marks: dict[tuple[int, int], Mark]) -> BoardFrame:
    lines = [list(line) for line in board.squares]
    for (x, y), mark in marks.items():
        line = _line(board, y)
        if line is not None and 0 <= x < len(lines[line]):
            lines[line][x] = mark
    return replace(board, squares=tuple(tuple(line) for line in lines))


def _explain(board: BoardFrame, verdict: Verdict, layout: Layout) -> BoardFrame:
    """A wrong guess's square with the queens that attack it and their lines."""
    if verdict.square is None or verdict.right or not board.checkered:
        return board
    straight = Mark.LINE_COL if verdict.row_wise else Mark.LINE_ROW
    line = layout.line
    lines = {Along.LINE: straight, Along.SUM: line(Rule.SUM), Along.DIFF: line(Rule.DIFF)}
    attackers = [(threat.square, lines[threat.along]) for threat in verdict.threats]
    return _draw(board, attack_marks(verdict.square, attackers, found=bool(attackers)))
