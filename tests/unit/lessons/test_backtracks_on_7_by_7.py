"""Lesson 9's quiz draws "how many backtracks until the first
solution" for n = 4, 5 or 7, and nothing in the lesson showed the 7 x 7 board: the student could
only guess. A page before the quiz now sets the 7 x 7 board at its start for the student to
step to its first solution (what the quiz asks is counted on the way, never printed), the
quiz's hint points to it, and the typical guess 0 (the first solution looks regular: rows 0, 2,
4, 6, 1, 3, 5) is told why it is wrong, without the answer."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.checking.validate import check_file
from lessons.model import BoardOp, Lesson, Question, Text
from lessons.quiz import solver_facts as facts
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.stepping import Kind, Stop
from tests.tiers import sweep

LANGUAGES = ("en", "it", "pl")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


def _cost(language: str) -> Lesson:
    i18n.set_language(language)
    return next(each for each in load_catalog(language).lessons if each.id == "cost")


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_a_page_before_the_quiz_lets_the_student_step_the_7_by_7_board(language: str) -> None:
    lesson = _cost(language)
    quiz = next(index for index, page in enumerate(lesson.pages) if page.scored)
    page = lesson.pages[quiz - 1]
    boards = [block for block in page.blocks if isinstance(block, BoardOp)]
    assert [board.n for board in boards] == [7], boards
    run = LessonRun(lesson, None, page=quiz - 1)
    assert run.asked is None and run.can_explore
    engine = run.stage.engine
    assert engine is not None and engine.n == 7 and engine.tick == 0  # at its start
    backtracks = 0
    while not engine.finished and engine.run(Stop.BACKTRACK).reached:
        if engine.last_kind is Kind.BACKTRACK:
            backtracks += 1
        if engine.last_kind is Kind.SOLUTION:
            break
    assert backtracks == facts.work(7).backtracks == 2  # what the student counts
    # the quiz still asks about 7 x 7, and no page prints its answer
    asked = [b for b in lesson.pages[quiz].blocks if isinstance(b, Question) and b.kind == "work"]
    assert asked and all("7" in b.params["pool"].split(",") for b in asked)
    # the hint names this page by its number (the page before the quiz: page `quiz`, from 1)
    assert all(str(quiz) in question.hint for question in asked), [q.hint for q in asked]
    assert not [e for e in check_file(lesson.path, warnings=True) if e.warning]
    text = " ".join(b.markdown for b in page.blocks if isinstance(b, Text))
    assert "7 x 7" in text and "<kbd>b</kbd>" in text


@pytest.mark.parametrize("language", LANGUAGES)
def test_zero_backtracks_on_7_by_7_is_told_why_without_the_answer(language: str) -> None:
    i18n.set_language(language)
    posed = pose(Question(1, "work", {"n": "7", "of": "backtracks"}), None)
    assert posed.expected == "2"
    said = posed.check("0").message
    assert not posed.check("0").correct
    assert "0" in posed.wrong and posed.wrong["0"] in said, said  # its own reason, not generic
    assert "3" in said and "1" in said  # column 3's queen first in row 1
    assert "2" not in said, said  # never the answer
    five = pose(Question(1, "work", {"n": "5", "of": "backtracks"}), None)
    assert five.check("0").correct  # 5 x 5 has none: 0 is its answer
