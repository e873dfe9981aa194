"""A backtrack's story says what the board then shows."""

from __future__ import annotations

import re

from lessons import i18n
from lessons.answers.checking import BACKTRACK
from lessons.model import Question
from lessons.quiz.pose import QuizError, pose
from solver.methods.recursive.engine import RecursiveEngine
from solver.session.board import BoardSession

UNDONE = re.compile(r"takes its queen off row (\d+), column (\d+) \(c\[(\d+)\]")


def test_a_recursive_backtrack_names_the_queen_the_board_then_lacks() -> None:
    i18n.set_language("en")
    engine = RecursiveEngine(6)
    told = 0
    while not engine.finished:
        try:
            posed = pose(
                Question(kind="next-choice", params={}, line=1), BoardSession(engine=engine)
            )
        except QuizError:
            engine.step()
            continue
        if posed.expected == BACKTRACK and engine.snapshot().depth > 1:
            found = UNDONE.search(posed.explanation)
            assert found, posed.explanation
            row, col, array = map(int, found.groups())
            before = engine.snapshot()
            assert (row, col) in before.placed and array == col  # the queen the reasons see
            for _ in range(posed.play):  # the answer plays these ticks: the board's state
                engine.step()
            after = engine.snapshot()
            assert (row, col) not in after.placed and after.c[col], posed.explanation
            for _ in range(posed.play):
                engine.back()
            told += 1
        engine.step()
    assert told > 10  # the 6 x 6 search backtracks often; each was checked
