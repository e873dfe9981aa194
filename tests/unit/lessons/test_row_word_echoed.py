"""A row typed as a number word is said as read in the right answer's feedback, as a number is."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.model import Question
from lessons.parsing.parser import parse
from lessons.quiz.pose import pose
from lessons.stage import Stage

LESSON = """@lesson t
@title T
@lang {lang}
@page P
@board n=4
@step 1 iterations
@question next-choice
@end
"""


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(
    ("lang", "word", "said"),
    [
        ("en", "two", "Right: two = 2, row 2. "),
        ("it", "due", "Giusto: due = 2, riga 2. "),
        ("pl", "dwa", "Dobrze: dwa = 2, wiersz 2. "),
    ],
)
def test_a_row_typed_as_a_word_is_echoed(lang: str, word: str, said: str) -> None:
    i18n.set_language(lang)
    lesson = parse(LESSON.format(lang=lang), "t.md").lesson
    assert lesson is not None
    stage = Stage()
    for block in lesson.pages[0].blocks:
        if isinstance(block, Question):
            posed = pose(block, stage.session)
            assert posed.expected == "2"
            assert posed.check(word).message.startswith(said), posed.check(word).message
            # typed in digits, the row alone, as before
            assert " = " not in posed.check("2").message.split(".")[0]
            return
        stage.apply(block)  # type: ignore[arg-type]
    raise AssertionError("no question")
