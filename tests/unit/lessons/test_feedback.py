"""Feedback that teaches: each typical mistake gets its own explanation, an empty answer asks
for one and is not counted, a right answer says so. Expected values are worked out here from
the formulas of the notes, not read from the quiz."""

from __future__ import annotations

import pytest

from lessons.answers.feedback import MESSAGES, say
from lessons.model import Question
from lessons.quiz.pose import pose
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.session.board import BoardSession


def q(kind: str, **params: str) -> Question:
    return Question(line=1, kind=kind, params=params)


def test_every_message_is_a_whole_sentence_with_named_parameters() -> None:
    for message_id, template in MESSAGES.items():
        assert template.strip()[-1] in ".?!}", message_id
        assert "{}" not in template, message_id  # parameters are named


@pytest.mark.parametrize(
    ("array", "row", "col", "base", "expected", "typed", "said"),
    [
        ("b", 2, 5, "", 2 - 5 + 8 - 1, 2 - 5, "shifted by n-1,"),  # the shift forgotten
        ("b", 3, 6, "pascal", 3 - 6, 3 - 6 + 8 - 1, "plain i-j, with no shift"),
        ("c", 2, 5, "", 5, 2, "row and column swapped"),
        ("a", 2, 5, "", 7, 3 + 6, "counted from 1"),  # in C++
        ("a", 4, 6, "pascal", 10, 3 + 5, "counted from 0"),
    ],
)
def test_an_array_index_mistake_is_named(
    array: str, row: int, col: int, base: str, expected: int, typed: int, said: str
) -> None:
    params = {"array": array, "row": str(row), "col": str(col), "n": "8"}
    posed = pose(q("array-index", **params, **({"base": base} if base else {})), None)
    assert posed.expected == str(expected)
    verdict = posed.check(str(typed))
    assert not verdict.correct and verdict.counted
    assert said in verdict.message and f"= {expected}" not in verdict.message
    assert verdict.message.startswith(f"{typed} is not right.")


@pytest.mark.parametrize(
    ("after", "expected", "typed", "said"),
    [("iteration", "2", "0", "after one tick"), ("tick", "0", "2", "after a whole iteration")],
)
def test_a_tick_and_an_iteration_taken_for_each_other(
    after: str, expected: str, typed: str, said: str
) -> None:
    """b[0] = 0, k = 1: column 1 tries rows 0 and 1 (attacked), then row 2."""
    engine = IterativeEngine(4, Mode.FIRST)
    engine.step()
    posed = pose(q("next-state", of="b[k]", after=after), BoardSession(engine=engine))
    assert posed.expected == expected
    assert said in posed.check(typed).message


def test_next_choice_counted_from_1() -> None:
    engine = IterativeEngine(5, Mode.FIRST)
    engine.step()  # b[0] = 0; column 1's first free row is 2
    posed = pose(q("next-choice"), BoardSession(engine=engine))
    assert posed.expected == "2"
    assert "did you count from 1?" in posed.check("3").message


def test_the_attacker_s_row_instead_of_its_column() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    for _ in range(3):
        engine.step()  # column 1, row 1 is attacked by the queen at column 0, row 0
    posed = pose(q("attacker"), BoardSession(engine=engine))
    assert posed.expected == "0"
    engine = IterativeEngine(6, Mode.FIRST)
    while True:  # the first attacked try whose attacker's row is not a column that attacks
        engine.step()
        event = engine.last_event
        attackers = getattr(event, "attackers", ())
        if attackers and all(str(a.row) not in {str(b.col) for b in attackers} for a in attackers):
            break
    posed = pose(q("attacker"), BoardSession(engine=engine))
    row = attackers[0].row
    assert "the row of an attacking queen" in posed.check(str(row)).message


@pytest.mark.parametrize("typed", ["", "   "])
def test_an_answer_is_right_wrong_and_named_or_empty_and_not_counted(typed: str) -> None:
    posed = pose(q("solutions", n="6"), None)
    verdict = posed.check("5")  # a wrong answer without a known mistake
    assert not verdict.correct and verdict.counted and verdict.message.startswith("5 is not right.")
    empty = posed.check(typed)
    assert not empty.correct and not empty.counted and empty.message == say("answer.empty")
    right = posed.check("4")
    assert right.correct and right.message.startswith("Right: 4.")
