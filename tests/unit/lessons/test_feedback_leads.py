"""Feedback to a wrong answer may lead, never give the answer away: lesson 5's "what will k be after
the next iteration?" answered 4 was told "k-- takes it back to column 2", the answer, before the
student asked to see it. The loop's feedback to a wrong k, b[k] or next row names what the student
got wrong and asks the question that leads to the answer, on every state of the loop; the answer
itself is the reveal's and the explanation's, after it."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import Question
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.session.board import BoardSession


def _numbers(text: str) -> set[str]:
    """The numbers ``text`` says, an array's index (b[0], b[i-j+n-1]) left out."""
    return set(re.findall(r"-?\d+", re.sub(r"\w+\[[^\]]*\]", "", text)))


@pytest.fixture(autouse=True)
def _english() -> None:
    i18n.set_language("en")


def test_lesson_5_page_9_wrong_k_does_not_say_the_k() -> None:
    lesson = load_catalog("en").lessons[4]
    page = next(i for i, p in enumerate(lesson.pages) if p.title == "Predict on 6 x 6")
    run = LessonRun(lesson, None, page=page)
    while run.asked is not None and run.asked.question.kind != "next-state":
        run.reveal()
        run.go_on()
    assert run.asked is not None
    posed = run.asked.posed
    assert posed.values.get("k") == "3" or "k = 3" in posed.prompt, posed.prompt
    verdict = run.answer("4")  # the student's answer: k++ after a backtrack
    assert not verdict.correct
    assert "k++ is for a free square" in verdict.message  # the mistake is named
    said = verdict.message.removeprefix("4 is not right.")
    assert posed.expected not in _numbers(said), verdict.message


@pytest.mark.parametrize("after", ["tick", "iteration"])
@pytest.mark.parametrize("of", ["k", "b[k]"])
def test_no_wrong_state_feedback_holds_the_answer(of: str, after: str) -> None:
    engine = IterativeEngine(6, Mode.FIRST)
    checked = 0
    while not engine.finished and 0 <= engine.k < engine.n:
        posed = pose(
            Question(line=1, kind="next-state", params={"of": of, "after": after}),
            BoardSession(engine=engine),
        )
        for wrong, why in posed.wrong.items():
            checked += 1
            said = (engine.tick, wrong, why)
            if of == "k":  # the columns it names are k's now, never the one it goes to
                assert posed.expected not in _numbers(why), said
            else:  # a row it names is the one typed or an attacker's, never the answer
                assert f"row {posed.expected}" not in why.lower(), said
                assert posed.expected != "-1" or "-1" not in why, said
            assert "k--" not in why or "k-- is only" in why, why
        engine.step()
    assert checked > 50


def test_row_n_at_a_backtrack_does_not_say_backtrack() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    found = 0
    while not engine.finished:
        if not 0 <= engine.k < engine.n:
            engine.step()
            continue
        posed = pose(Question(line=1, kind="next-choice", params={}), BoardSession(engine=engine))
        if posed.expected == "backtrack":
            found += 1
            message = posed.check("4").message
            assert "There is no row 4" in message
            assert "backtrack" not in message.lower(), message
        engine.step()
    assert found > 0
