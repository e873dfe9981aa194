"""Lesson 5 ends with the student predicting the 6 x 6 search to its first solution, in short
stretches a student does in one sitting."""

from __future__ import annotations

import pytest

from lessons.catalog import BUILTIN_DIR
from lessons.model import Question, StepOp, StepUnit
from lessons.parsing.parser import parse
from lessons.quiz.guess import MAX_PREDICTIONS
from solver.registry import make_engine, stepped
from solver.stepping import Mode, Stop


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_lesson_5_ends_predicting_the_6_x_6_search_to_its_first_solution(language: str) -> None:
    """The whole search in a few short guess questions (each of at most MAX_PREDICTIONS ticks
    that ask), the last one ending at the first solution; what lies between them is stepped."""
    engine = make_engine("iterative", 6, Mode.FIRST, None)
    first = engine.run(Stop.SOLUTION).ticks
    lesson = parse((BUILTIN_DIR / language / "05-iterative.md").read_text(), "05.md").lesson
    assert lesson is not None
    last = lesson.pages[-1]
    assert last.scored  # the quiz's last questions: every built-in lesson ends on its quiz
    blocks = last.blocks[next(i for i, b in enumerate(last.blocks) if is_guess(b)) :]
    guesses = [b for b in blocks if is_guess(b)]
    assert len(guesses) >= 3 and last.questions[-1] is guesses[-1]
    counted = make_engine("iterative", 6, Mode.FIRST, None)
    played = 0
    for block in blocks:
        if isinstance(block, StepOp):
            assert block.unit is StepUnit.TICK
            played += block.count
            counted.run(Stop.END, max_ticks=block.count)
        elif is_guess(block):
            ticks = int(block.params["ticks"])
            asked = 0
            for _ in range(ticks):
                asked += stepped("iterative").next_test(counted) is not None
                counted.run(Stop.TICK, max_ticks=1)
            assert 0 < int(block.params["goal"]) <= asked <= MAX_PREDICTIONS
            played += ticks
    assert played == first  # from a fresh board to the first solution


def is_guess(block: object) -> bool:
    return isinstance(block, Question) and block.kind == "guess"
