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


def test_forgetting_the_n_minus_1_shift() -> None:
    posed = pose(q("array-index", array="b", row="2", col="5", n="8"), None)
    assert posed.expected == str(2 - 5 + 8 - 1)
    verdict = posed.check(str(2 - 5))
    assert not verdict.correct and verdict.counted
    assert "shifted by n-1," in verdict.message and "= 7" not in verdict.message
    assert verdict.message.startswith("-3 is not right.")


def test_adding_the_shift_in_pascal() -> None:
    posed = pose(q("array-index", array="b", row="3", col="6", n="8", base="pascal"), None)
    assert posed.expected == str(3 - 6)
    assert "plain i-j, with no shift" in posed.check(str(3 - 6 + 8 - 1)).message


def test_row_and_column_swapped() -> None:
    posed = pose(q("array-index", array="c", row="2", col="5", n="8"), None)
    assert posed.expected == "5"
    assert "row and column swapped" in posed.check("2").message


def test_counting_from_1_in_cpp() -> None:
    posed = pose(q("array-index", array="a", row="2", col="5", n="8"), None)
    assert posed.expected == "7"
    assert "counted from 1" in posed.check(str(3 + 6)).message


def test_counting_from_0_in_pascal() -> None:
    posed = pose(q("array-index", array="a", row="4", col="6", n="8", base="pascal"), None)
    assert posed.expected == "10"
    assert "counted from 0" in posed.check(str(3 + 5)).message


def test_a_tick_taken_for_an_iteration() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    engine.step()  # b[0] = 0, k = 1: column 1 tries rows 0 and 1 (attacked), then row 2
    posed = pose(q("next-state", of="b[k]", after="iteration"), BoardSession(engine=engine))
    assert posed.expected == "2"
    verdict = posed.check("0")  # b[1] after one tick: -1 + 1
    assert "after one tick" in verdict.message and "iteration" in verdict.message


def test_an_iteration_taken_for_a_tick() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    engine.step()
    posed = pose(q("next-state", of="b[k]", after="tick"), BoardSession(engine=engine))
    assert posed.expected == "0"
    assert "after a whole iteration" in posed.check("2").message


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
    assert f"column {row}" in posed.check(str(row)).message.lower()  # read as a column


def test_a_wrong_answer_without_a_known_mistake_still_names_it() -> None:
    posed = pose(q("solutions", n="6"), None)
    verdict = posed.check("5")
    assert not verdict.correct and verdict.counted
    assert verdict.message.startswith("5 is not right.")
    assert verdict.message != "Not right."


@pytest.mark.parametrize("typed", ["", "   "])
def test_an_empty_answer_asks_for_one_and_does_not_count(typed: str) -> None:
    posed = pose(q("solutions", n="6"), None)
    verdict = posed.check(typed)
    assert not verdict.correct and not verdict.counted
    assert verdict.message == say("answer.empty")


def test_a_right_answer_says_so() -> None:
    posed = pose(q("solutions", n="6"), None)
    verdict = posed.check("4")
    assert verdict.correct and verdict.message.startswith("Right: 4.")
