"""A typical wrong answer is told what it confused (en, it, pl), not only "is not the answer";
expected values are worked out from the notes' formulas."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from lessons.answers.feedback import MESSAGES, say
from lessons.catalog import load_catalog
from lessons.model import Question
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.session.board import BoardSession
from tests.tiers import sweep

LANGUAGES = ["en", "it", "pl"]


def asked_on(language: str, number: int, page: int, skip: int = 0) -> LessonRun:
    """Built-in lesson ``number`` at ``page`` (from 1), ``skip`` questions shown."""
    i18n.set_language(language)
    run = LessonRun(load_catalog(language).lessons[number - 1], None, page=page - 1)
    for _ in range(skip):
        run.reveal()
        run.go_on()
    assert run.asked is not None
    return run


def plain(language: str, given: str) -> set[str]:
    """The feedback that only names the answer, in ``language``, with either ending."""
    i18n.set_language(language)
    said = i18n._(MESSAGES["answer.wrong_plain"]).format(given=given)
    return {
        f"{said} {i18n._(MESSAGES[again])}"
        for again in ("answer.try_again", "answer.try_again_hinted")
    }


def wrong(run: LessonRun, answer: str, language: str) -> str:
    verdict = run.answer(answer)
    assert not verdict.correct, answer
    assert verdict.message not in plain(language, answer), verdict.message
    return verdict.message


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_the_squares_of_the_board_given_for_a_search_space(language: str) -> None:
    columns = asked_on(language, 3, 2)  # one queen per column, n = 4: 4^4
    said = wrong(columns, "16", language)
    assert "n^2 = 16" in said and "n^n" in said, said
    brute = asked_on(language, 3, 1)  # brute force, n = 5: C(25, 5)
    said = wrong(brute, "25", language)
    assert "n^2 = 25" in said and "C(n^2, n)" in said, said


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_rows_past_the_board_for_b_several_ticks_ahead(language: str) -> None:
    run = asked_on(language, 5, 10, skip=1)  # b[4] = 4 on 8 x 8, six ticks ahead: 7
    posed = run.asked.posed  # type: ignore[union-attr]
    assert posed.expected == "7" and posed.values["n"] == "8"
    every_tick = wrong(run, "10", language)  # 4 + 6: every tick taken for a b[4]++
    assert "b[4]" in every_tick and "6" in every_tick and "8 x 8" in every_tick, every_tick
    row_n = wrong(run, "8", language)  # n: no row n, the loop backtracks instead
    assert "b[4]" in row_n and "n = 8" in row_n, row_n
    for past in ("9", "12", "100"):
        said = wrong(run, past, language)
        assert "b[4]" in said and "n-1" in said, said
    for said in (every_tick, row_n):
        assert "7" not in said.replace("b[4]", ""), said  # the answer is never said


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_the_left_over_column_given_after_placequeens_removed_its_queen(language: str) -> None:
    run = asked_on(language, 6, 2)  # q[1] = 2 removed: the queen of row 1 goes to column 3
    assert run.asked.posed.expected == "3"  # type: ignore[union-attr]
    undone = wrong(run, "2", language)
    earlier = wrong(run, "0", language)
    assert undone != earlier.replace("0", "2"), (undone, earlier)
    english = asked_on("en", 6, 2)
    said = wrong(english, "2", "en")
    assert "The queen stood on row 1, column 2 until the search came back to it" in said, said
    assert "iteration" not in said and "iteration" not in wrong(english, "0", "en")


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["en"]))
def test_the_value_now_is_told_as_the_step_asked(language: str) -> None:
    run = asked_on(language, 5, 5)  # b[1] after the next iteration, on 4 x 4
    said = wrong(run, run.asked.posed.values.get("b[1]", "2"), language)  # type: ignore[union-attr]
    if language == "en":
        assert "before the iteration asked about" in said, said
    assert wrong(asked_on(language, 5, 5), "4", language)  # n: no row 4


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_one_index_base_and_four_times_seven(language: str) -> None:
    """Pascal's a[4+6] counted from 1, and 4 x 7 jobs."""
    pascal = asked_on(language, 4, 6)  # a[] in Pascal: i = 4, j = 6
    assert pascal.asked.posed.expected == "10"  # type: ignore[union-attr]
    said = wrong(pascal, "9", language)
    assert "4" in said and "6" in said and "10" not in said, said
    jobs = asked_on(language, 9, 8)
    said = wrong(jobs, "28", language)
    assert "7" in said, said


@pytest.mark.parametrize("language", LANGUAGES)
def test_n_factorial_for_the_tries_is_named_without_the_count(language: str) -> None:
    """7! alone is named without the answer (7!/92: the table of what a question says)."""
    i18n.set_language(language)
    posed = pose(Question(1, "random-tries", {"n": "7"}), None)  # 5,040 / 40 = 126
    factorial = re.sub(r"5\W?040", "", posed.check("5040").message)  # the answer echoed
    assert "40" not in factorial, factorial  # the solutions' count is not told with it


def q(kind: str, **params: str) -> Question:
    return Question(line=1, kind=kind, params=params)


def test_every_message_is_a_whole_sentence_with_named_parameters() -> None:
    for message_id, template in MESSAGES.items():
        assert template.strip()[-1] in ".?!}", message_id
        assert "{}" not in template, message_id  # parameters are named


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


@pytest.mark.parametrize("typed", ["", "   "])
def test_an_empty_answer_is_named_and_not_counted(typed: str) -> None:
    empty = pose(q("solutions", n="6"), None).check(typed)
    assert not empty.correct and not empty.counted and empty.message == say("answer.empty")
