"""Numbers a student types and reads: separators only between groups of three, grouped as the
language groups them (the other grouping read too), echoed as typed with the word read (tre =
3), a row word echoed, a quotient said whole where it is."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.answers.reading import other_grouping, read_number
from lessons.i18n import speaking
from lessons.model import Question
from lessons.parsing.parser import parse
from lessons.quiz.pose import pose
from lessons.stage import Stage


@pytest.mark.parametrize(
    ("typed", "language", "value"),
    [
        ("387 420 489", "en", 387_420_489),
        ("1 947 792", "en", 1_947_792),
        ("40 320", "pl", 40320),
        ("40\u00a0320", "pl", 40320),
        ("4\u202f426\u202f165\u202f368", "it", 4_426_165_368),
        ("1 234,5", "pl", 12345 / 10),
        ("1_000_000", "en", 1_000_000),
        ("8 ^ 8", "en", 8**8),
        ("- 3", "en", -3),
        ("-1_000", "en", -1000),
        ("+4'200", "en", 4200),
    ],
)
def test_spaces_that_group_thousands_are_read(typed: str, language: str, value: float) -> None:
    assert read_number(typed, language) == value


NO_THOUSANDS = ["1 3", "3874 20 489", "12 34", "1 0000", "1.000 000", "13 ,5", "'5", "+4'2", "5_"]
SEPARATORS_ALONE = ["'", "_", "''", "_'_", "\u00a0_"]


@pytest.mark.parametrize("typed", NO_THOUSANDS + SEPARATORS_ALONE)
def test_separators_that_group_no_thousands_are_not_read(typed: str) -> None:
    for language in ("en", "it", "pl"):
        assert read_number(typed, language) is None, (typed, language)


@pytest.mark.parametrize(
    ("language", "grouped"), [("en", "40,320"), ("it", "40.320"), ("pl", "40\u00a0320")]
)
def test_a_misgrouped_number_costs_nothing_and_is_told_how_to_group(
    language: str, grouped: str
) -> None:
    i18n.set_language(language)
    posed = Posed("number", "How many?", AnswerType.NUMBER, "13", ".")
    for typed in ("1 3", "3874 20 489", "3874,20,489"):
        verdict = posed.check(typed)
        said = verdict.message
        assert not verdict.correct and not verdict.counted, (typed, said)
        assert f"“{typed}”" in said or f"«{typed}»" in said or f"„{typed}”" in said
        assert grouped in said and "40320" in said, said
    assert posed.check("13").correct


SEVEN_TO_THE_SEVEN = Posed(
    kind="number",
    prompt="How many placements n^n for n = 7?",
    answer_type=AnswerType.NUMBER,
    expected="823543",
    explanation="7^7 = 823,543.",
)


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("it", "823,543", "in italiano la virgola (,) separa i decimali"),
        ("pl", "823,543", "po polsku przecinek (,) oddziela część dziesiętną"),
        ("en", "823.543", "in English the point (.) is the decimal mark"),
    ],
)
def test_the_right_number_in_the_other_notation_costs_nothing(
    language: str, typed: str, said: str
) -> None:
    with speaking(language):
        verdict = SEVEN_TO_THE_SEVEN.check(typed)
    assert not verdict.correct and not verdict.counted
    assert said in verdict.message
    assert "823543" in verdict.message and typed in verdict.message


@pytest.mark.parametrize(
    ("language", "grouped"), [("it", "823.543"), ("pl", "823\u00a0543"), ("en", "823,543")]
)
def test_it_says_how_the_language_writes_the_number(language: str, grouped: str) -> None:
    typed = "823.543" if language == "en" else "823,543"
    with speaking(language):
        assert grouped in SEVEN_TO_THE_SEVEN.check(typed).message


def test_a_wrong_number_so_written_is_told_the_same_and_gives_nothing_away() -> None:
    with speaking("it"):
        right = SEVEN_TO_THE_SEVEN.check("823,543")
        wrong = SEVEN_TO_THE_SEVEN.check("823,542")
    assert not wrong.counted
    assert wrong.message == right.message.replace("543", "542")


@pytest.mark.parametrize(
    ("language", "typed"),
    [("it", "823.543"), ("it", "823543"), ("pl", "823 543"), ("en", "823,543")],
)
def test_the_languages_own_notation_is_right(language: str, typed: str) -> None:
    with speaking(language):
        verdict = SEVEN_TO_THE_SEVEN.check(typed)
    assert verdict.correct and verdict.counted


@pytest.mark.parametrize(
    ("language", "typed"),
    [("it", "438,26"), ("it", "0,123"), ("it", "1.234,5"), ("en", "4,426,165,368"), ("en", "8")],
)
def test_text_that_reads_the_same_in_both_or_groups_nothing_is_not_taken(
    language: str, typed: str
) -> None:
    assert other_grouping(typed, language) is None


@pytest.mark.parametrize(
    ("language", "typed", "grouped"),
    [
        ("en", "823543", "823,543"),
        ("en", "823 543", "823,543"),
        ("it", "823543", "823.543"),
        ("pl", "823543", "823\u00a0543"),
    ],
)
def test_a_typed_number_is_echoed_as_the_explanation_writes_it(
    language: str, typed: str, grouped: str
) -> None:
    i18n.set_language(language)
    posed = pose(Question(1, "search-space", {"method": "columns", "n": "7"}), None)
    right = posed.check(typed).message
    assert "823543" not in right, right
    assert right.count(grouped) == 2, right  # the echo and the explanation: one form
    wrong = posed.check("1947792").message
    assert "1947792" not in wrong and i18n.number(1947792) in wrong, wrong


def test_a_four_digit_number_is_grouped_and_a_written_out_one_keeps_its_formula() -> None:
    posed = pose(Question(1, "search-space", {"method": "columns", "n": "5"}), None)
    assert posed.check("3125").message.startswith("Right: 3,125. "), posed.check("3125").message
    assert posed.answer_text == "3,125"
    assert posed.check("5^5").message.startswith("Right: 5^5 = 3,125. ")


def test_a_quotient_not_whole_is_about() -> None:
    rounded = pose(Question(1, "random-tries", {"n": "8"}), None).explanation
    assert "40,320/92 = 438.26, about 438 tries" in rounded, rounded


LESSON = """@lesson t
@title T
@lang {lang}
@page P
@board n=4
@step 1 iterations
@question next-choice
@end
"""


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
