"""Answers read as a student types them: numbers in the language's notation (the other grouping
told), echoed as typed, yes and no in every language, a choice by words one choice alone holds."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.answers.reading import (
    MAX_ANSWER,
    YesNoTyping,
    as_text,
    other_grouping,
    read_number,
    yes_no,
)
from lessons.i18n import speaking
from lessons.model import Question
from lessons.parsing.parser import parse
from lessons.quiz.pose import pose
from lessons.quiz.static import DIAGONAL_CHOICES
from lessons.stage import Stage

READ = [  # (typed, language, value): the language's notation; spaces between groups of three
    ("438.3", "en", Fraction(4383, 10)), ("438,26", "it", Fraction(43826, 100)),  # not 43826
    ("438,26", "pl", Fraction(43826, 100)), ("438,26", "en", Fraction(43826, 100)),
    ("438.26", "it", Fraction(43826, 100)), ("40,320", "en", 40320), ("40.320", "it", 40320),
    ("40 320", "pl", 40320), ("40\u00a0320", "pl", 40320), ("4.426.165.368", "en", 4_426_165_368),
    ("4,426,165,368", "it", 4_426_165_368), ("1,234.5", "en", Fraction(12345, 10)),
    ("1.234,5", "it", Fraction(12345, 10)), ("8^8", "en", 8**8), ("8**8", "pl", 8**8),
    ("8!", "it", math.factorial(8)), ("-3", "en", -3), ("+7", "en", 7),
    ("387 420 489", "en", 387_420_489), ("1 947 792", "en", 1_947_792),
    ("4\u202f426\u202f165\u202f368", "it", 4_426_165_368), ("1 234,5", "pl", Fraction(12345, 10)),
    ("1_000_000", "en", 1_000_000), ("8 ^ 8", "en", 8**8), ("- 3", "en", -3),
    ("-1_000", "en", -1000), ("+4'200", "en", 4200),
]  # fmt: skip
NOT_READ = ["8^", "4,42,6", "1.2.3,4,5", "abc", "12a", "9" * 41, "2^101", "101!", "x" * 200]
NOT_READ += ["1 3", "3874 20 489", "12 34", "1 0000", "1.000 000", "13 ,5", "'5", "+4'2", "5_"]
NOT_READ += ["'", "_", "''", "_'_", "\u00a0_"]  # separators alone or grouping no thousands


@pytest.mark.parametrize(("typed", "language", "value"), READ)
def test_numbers_read_in_the_language_notation(typed: str, language: str, value: object) -> None:
    assert read_number(typed, language) == value


@pytest.mark.parametrize("typed", NOT_READ)
def test_what_is_not_a_number_is_not_read(typed: str) -> None:
    for language in ("en", "it", "pl"):
        assert read_number(typed, language) is None, (typed, language)


@given(st.integers(min_value=-(10**15), max_value=10**15), st.sampled_from(["en", "it", "pl"]))
def test_every_whole_number_the_tutor_prints_reads_back(value: int, language: str) -> None:
    i18n.set_language(language)
    assert read_number(i18n.number(value), language) == value
    assert read_number(str(value), language) == value


@given(st.integers(min_value=0, max_value=10**9), st.integers(1, 99), st.sampled_from(["it", "pl"]))
def test_decimals_with_the_language_comma_read_back(whole: int, cents: int, language: str) -> None:
    typed = f"{whole},{cents:02d}"
    assert read_number(typed, language) == Fraction(whole * 100 + cents, 100)
    assert as_text(Fraction(whole * 100 + cents, 100)) == f"{whole}.{cents:02d}".rstrip("0")


def number_question(expected: int, tolerance: int = 0) -> Posed:
    return Posed(
        "number", "How many?", AnswerType.NUMBER, str(expected), "Because.", tolerance=tolerance
    )


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_decimals_are_compared_as_numbers_and_quoted_as_typed(language: str) -> None:
    i18n.set_language(language)
    mark = "." if language == "en" else ","
    posed = number_question(438, tolerance=1)
    assert posed.check(f"438{mark}26").correct and posed.check(f"437{mark}5").correct
    exact = number_question(438)
    wrong = exact.check(f"438{mark}5")
    assert wrong.counted and not wrong.correct
    assert f"438{mark}5" in wrong.message  # as typed, not 4385
    assert exact.check(f"438{mark}0").correct


def test_a_power_is_read_and_said_with_its_value() -> None:
    posed = number_question(8**8)
    assert posed.check("8^8").correct
    wrong = number_question(8**7).check("8^8")
    assert "8^8 = 16,777,216" in wrong.message


def test_what_cannot_be_read_is_refused_naming_it_and_not_counted() -> None:
    posed = number_question(92)
    refused = posed.check("ninety-two")
    assert not refused.counted and "“ninety-two” is not a number" in refused.message
    long = posed.check("9" * (MAX_ANSWER + 1))
    assert not long.counted and f"longer than {MAX_ANSWER} characters" in long.message
    row = Posed("next-choice", "Where?", AnswerType.ROW, "2", "Free.")
    assert "“x” is not a row" in row.check("x").message
    assert row.check("b").counted  # backtrack is a row answer


YES_NO = [  # (language, typed, yes_no's reading, the index a yes/no question reads)
    *[(code, typed, "yes", "0") for code, typed in (
        ("it", "s"), ("it", "sì"), ("it", "si"), ("pl", "t"), ("pl", "tak"), ("pl", "T"),
        ("en", "y"), ("en", "Y"), ("en", "yes"))],
    *[(code, typed, "no", "1") for code, typed in (
        ("it", "n"), ("it", "no"), ("pl", "n"), ("pl", "nie"), ("en", "N"))],
    ("en", "x", None, None), ("pl", "maybe", None, None),
]  # fmt: skip


@pytest.mark.parametrize(("language", "typed", "word", "index"), YES_NO)
def test_a_yes_or_no_typed_whole_or_by_its_first_letter_is_one_answer(
    language: str, typed: str, word: str | None, index: str | None
) -> None:
    i18n.set_language(language)
    posed = Posed("exists", "Is there one?", AnswerType.CHOICE, "0", "Yes.", choices=("yes", "no"))
    assert posed.read(typed) == index and yes_no(typed) == word


def test_a_yes_or_no_goes_on_being_typed_after_its_first_letter() -> None:
    typing = YesNoTyping()
    typing.start("t")
    assert typing.goes_on("a", "a") and typing.goes_on("k", "k")  # t, a, k: tak
    assert typing.goes_on("enter", "\r")  # the Enter that ends a word of 3 letters
    assert not typing.goes_on("a", "a")  # the word is over: a is the screen's again
    typing.start("n")
    assert not typing.goes_on("enter", "\r")  # n then Enter: a one-letter word goes on
    typing.start("s")
    assert typing.goes_on("ì", "ì") and not typing.goes_on("s", "s")  # sì, then a new key
    typing.start("y")
    assert not typing.goes_on("x", "x") and not typing.goes_on("e", "e")  # x ends the word


WHY = (
    "because b[] is sorted from the first column to the last",
    "because two queens in one row would attack each other",
    "because -1 marks an empty column and is used only once",
)
SAME = ("same row", "same col+row (sum)", "neither")
WORDED = ("yes, they attack", "no: one row apart", "only on a 4 x 4 board")
POLISH = ("w pętli for", "wywołanie hetmany(6, 2, a) w pętli", "perché è più veloce")
ZNOW = (
    "znów hetmany(6, 3, a), która sprawdza kolumnę 3 od nowa od wiersza 0",
    "wywołanie hetmany(6, 2, a) w swojej pętli for: próbuje hetmana z kolumny 2",
    "powrót do hetmany(6, 1, a), która zaczyna od nowa",
)
POW = ("powrót do kolumny 2", "powtórka od zera")
CHOICES_READ = [  # (language, choices, {typed: the choice read, None where none is})
    # its first words; two choices begin with "same": never one of them by chance; whole words
    ("en", SAME, {"Neither": 2, "same  col+row": 1, "same row.": 0, "same": None, "ne": None,
                  "t": None}),
    # a word one choice alone holds names it; words shared, not held or cut name none
    ("en", WHY, {"two": 1, "attack": 1, "queens attack": 1, "sorted": 0, "empty column": 2,
                 "column": None, "because": None, "two sorted": None, "tw": None, "no": None}),
    # a sign is a word of its own, never glossed over
    ("it", DIAGONAL_CHOICES, {"stessa riga": 1, "stessa riga-col": 1, "stessa col+riga": 0,
                              "stessa": None}),
    ("en", DIAGONAL_CHOICES, {"same row-col": 1, "same col+row": 0, "same col-row": None,
                              "same row+col": None}),
    # a no picks "neither" in every language; a yes, which two choices could mean, none
    *[(code, DIAGONAL_CHOICES, {**{word: 2 for word in typed}, "yes": None, "tak": None})
      for code, typed in (("en", ("no", "nie", "No.")), ("it", ("no",)), ("pl", ("nie",)))],
    ("en", WORDED, {"sì": 0, "tak": 0, "nie": 1}),
    # without its diacritics
    ("pl", POLISH, {"wywołanie": 1, "wywolanie": 1, "WYWOLANIE hetmany": 1, "perche": 2,
                    "piu veloce": 2}),
    # the start of one choice's word, 3 letters at least, after whole words; never two choices'
    ("pl", ZNOW, {"wyw": 1, "wywol": 1, "WYWO": 1, "znow het": 0, "wy": None, "het": None,
                  "xyz": None}),
    ("pl", POW, {"pow": None, "powr": 0}),
    # an opening bracket or quote before a choice's first word, and brackets said as no word
    ("it", ("(colonna 1, riga 0) e altre", "(colonna 0, riga 1) e altre"), {"colonna 0": 1}),
    ("pl", ("(kolumna 0, wiersz 1) i (kolumna 1, wiersz 3)",
            "(kolumna 0, wiersz 1), (kolumna 1, wiersz 3) i inne"),
     {"kolumna 0, wiersz 1 i kolumna 1, wiersz 3": 0, "kolumna 0, wiersz 1, kolumna 1": 1}),
]  # fmt: skip


def choice(choices: tuple[str, ...], expected: str = "0") -> Posed:
    return Posed("choice", "Which?", AnswerType.CHOICE, expected, ".", choices=choices)


@pytest.mark.parametrize(("language", "choices", "read"), CHOICES_READ)
def test_a_choice_is_read_from_words_one_choice_alone_holds(
    language: str, choices: tuple[str, ...], read: dict[str, int | None]
) -> None:
    i18n.set_language(language)
    for typed, index in read.items():
        posed = choice(choices, str(index or 0))
        assert posed.read(typed) == (None if index is None else str(index)), typed
        verdict = posed.check(typed)
        assert verdict.correct if index is not None else not verdict.counted, verdict.message


def test_a_choice_not_read_says_why() -> None:
    posed = choice(SAME)
    assert "begins more than one choice" in posed.check("same").message
    assert "is not one of the choices" in posed.check("ne").message
    # a yes two choices could mean: the refusal says it picks none
    said = choice(DIAGONAL_CHOICES).check("tak").message
    assert said.startswith("“tak” does not say which choice it means: press 1 to 3"), said


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
    "number", "How many placements n^n for n = 7?", AnswerType.NUMBER, "823543", "7^7 = 823,543."
)


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("it", "823,543", ["in italiano la virgola (,) separa i decimali", "823.543"]),
        ("pl", "823,543", ["po polsku przecinek (,) oddziela część dziesiętną", "823\u00a0543"]),
        ("en", "823.543", ["in English the point (.) is the decimal mark", "823,543"]),
        *[(language, typed, []) for language, typed in
          (("it", "823.543"), ("it", "823543"), ("pl", "823 543"), ("en", "823,543"))],
    ],
)  # fmt: skip
def test_the_right_number_in_the_other_notation_costs_nothing_and_is_told_how_to_write(
    language: str, typed: str, said: list[str]
) -> None:
    """In the language's own notation it is right; in the other, told how to write it."""
    with speaking(language):
        verdict = SEVEN_TO_THE_SEVEN.check(typed)
    assert verdict.correct == verdict.counted == (not said), verdict.message
    for words in [*said, "823543", typed] if said else []:
        assert words in verdict.message, verdict.message


def test_a_wrong_number_so_written_is_told_the_same_and_gives_nothing_away() -> None:
    with speaking("it"):
        right = SEVEN_TO_THE_SEVEN.check("823,543")
        wrong = SEVEN_TO_THE_SEVEN.check("823,542")
    assert not wrong.counted
    assert wrong.message == right.message.replace("543", "542")


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
    [("en", "823543", "823,543"), ("en", "823 543", "823,543"), ("it", "823543", "823.543"),
     ("pl", "823543.", "823\u00a0543")],  # the full stop ends the student's sentence
)  # fmt: skip
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


LESSON = "@lesson t\n@title T\n@lang {lang}\n@page P\n@board n=4\n@step 1 iterations\n"
LESSON += "@question next-choice\n@end\n"


@pytest.mark.parametrize(
    ("lang", "word", "said"),
    [("en", "two", "Right: two = 2, row 2. "), ("it", "due", "Giusto: due = 2, riga 2. "),
     ("pl", "dwa", "Dobrze: dwa = 2, wiersz 2. ")],
)  # fmt: skip
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
            # typed in digits, or with the line's word ("riga 2"), the row alone
            line = said.split(" = 2, ")[1].rstrip(". ")
            for typed in ("2", line):
                assert posed.check(typed).message.startswith(said.split(" ")[0] + f" {line}.")
            return
        stage.apply(block)  # type: ignore[arg-type]
    raise AssertionError("no question")
