"""A wrong answer is named in a whole sentence of its own kind (a yes/no never as a row or a
choice's number; a column, backtrack, row as such), in every language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from lessons import i18n
from lessons.answers.checking import Posed
from lessons.catalog import load_catalog
from lessons.model import Question
from lessons.quiz.pose import pose
from lessons.runner import LessonRun


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def _exists(n: int) -> Posed:
    return pose(Question(kind="exists", params={"n": str(n)}, line=1), None)


def _asked(lesson_id: str, page: int) -> Posed:
    lesson = next(x for x in load_catalog("en").lessons if x.id == lesson_id)
    run = LessonRun(lesson, None, page=page - 1)
    assert run.asked is not None
    return run.asked.posed


def _wrong(posed: Posed, typed: str) -> str:
    verdict = posed.check(typed)
    assert verdict.counted and not verdict.correct, (typed, verdict.message)
    return verdict.message


@pytest.mark.parametrize(
    ("lang", "yes_sentence", "no_sentence", "row_words"),
    [
        (
            "en",
            "You answered yes: that is not right.",
            "You answered no: that is not right.",
            "Row",
        ),
        (
            "it",
            "Hai risposto sì: risposta sbagliata.",
            "Hai risposto no: risposta sbagliata.",
            "Riga",
        ),
        ("pl", "Odpowiedź „tak” nie jest dobra.", "Odpowiedź „nie” nie jest dobra.", "Wiersz"),
    ],
)
def test_a_yes_or_a_no_is_named_as_a_yes_or_a_no(
    lang: str, yes_sentence: str, no_sentence: str, row_words: str
) -> None:
    i18n.set_language(lang)
    for typed in ("yes", "y", "1", i18n._("yes")):
        said = _wrong(_exists(2), typed)  # n = 2: no solution
        assert said.startswith(yes_sentence), said
        assert row_words not in said and "1." not in said, said
    for typed in ("no", "n", "2", i18n._("no")):
        said = _wrong(_exists(5), typed)  # n = 5: b = [0, 2, 4, 1, 3]
        assert said.startswith(no_sentence), said
        assert row_words not in said and "2." not in said, said


def test_a_row_a_column_and_a_backtrack_each_have_their_sentence() -> None:
    i18n.set_language("en")
    row = _asked("iterative", 3)  # column 1: row 2 is where the queen goes
    assert _wrong(row, "0").startswith("Row 0 is not right.")
    assert _wrong(row, "b").startswith("A backtrack is not right here.")
    column = _asked("recursive", 2)  # the Turin notes ask for a column
    assert column.values or column.prompt
    said = _wrong(column, "2" if column.expected != "2" else "3")
    assert said.startswith("Column "), said
    assert "Row" not in said.split(".")[0], said
