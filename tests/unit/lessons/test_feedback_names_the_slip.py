"""A wrong answer's feedback names the slip, the rule the student broke, without pointing at the
answer, in English, Italian and Polish:

- n! divided by another board's count of solutions (7!/10 = 504, the 5 x 5 board's) is named as
  that board's count, and the hint of lesson 3's random-tries quiz question hands over neither
  number of the computation;
- on the Wrocław loop's board, a number given for "which column attacks?" is read as the column
  it names, never as "the row of an attacking queen" (b[] on screen would then give the column);
- a first queen's free squares counted alike for every row (lesson 9) is told so, not with the
  counts that add up to the answer; the row above the answer (lesson 5) is told to count from 0,
  not that a lower row is free; the all-solutions placeQueens's "it stops" (lesson 6) is told
  that nothing stops, not which loop goes on;
- the attacker question says that one attacker is enough where several attack;
- the plain tutor's reminder after a guess stretch never names the language's key for yes as the
  key that shows the answer (Italian s is sì);
- lesson 6 says in words what the table's left-over q[i] in parentheses is.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterator

import pytest

from lessons import i18n
from lessons.answers.feedback import MESSAGES
from lessons.answers.reading import ANSWER_WORDS, yes_key
from lessons.catalog import load_catalog
from lessons.model import Lesson, Question, Text
from lessons.quiz import solver_facts
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.session.board import BoardSession

LANGUAGES = ["en", "it", "pl"]


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language("en")


def lesson(language: str, number: int) -> Lesson:
    i18n.set_language(language)
    return load_catalog(language).lessons[number - 1]


def asked_on(language: str, number: int, page: int) -> LessonRun:
    """Built-in lesson ``number`` of ``language`` at its ``page`` (from 1), first question."""
    run = LessonRun(lesson(language, number), None, page=page - 1)
    assert run.asked is not None
    return run


def numbers_in(text: str) -> set[int]:
    return {int(found) for found in re.findall(r"(?<![\w.,])\d+(?![\w.,]\d)", text)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_n_factorial_over_another_boards_count_names_that_board(language: str) -> None:
    """504 = 7!/10 on 7 x 7 (the 5 x 5 count of lesson 3's practice) was "not right" alone."""
    i18n.set_language(language)
    for n in (6, 7):  # the sizes lesson 3's quiz draws
        posed = pose(Question(1, "random-tries", {"n": str(n)}), None)
        for m in (4, 5, 6, 7, 8):
            quotient = round(math.factorial(n) / solver_facts.count_solutions(m))
            if m == n or quotient < 2:
                continue  # the size itself, or a number any guess gives
            verdict = posed.check(str(quotient))
            assert not verdict.correct
            assert f"{m} x {m}" in verdict.message, (n, m, verdict.message)
    said = pose(Question(1, "random-tries", {"n": "7"}), None).check("504").message
    assert "5 x 5" in said and "10" in said and "40" not in said, said


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_3_random_tries_hint_hands_over_neither_number(language: str) -> None:
    quiz = next(page for page in lesson(language, 3).pages if page.scored)
    question = next(q for q in quiz.questions if q.kind == "random-tries")
    sizes = [int(size) for size in question.params["pool"].split(",")]
    for n in sizes:
        hint = question.hint.replace("{n}", str(n))
        told = numbers_in(hint)
        assert solver_facts.count_solutions(n) not in told, (n, hint)
        assert math.factorial(n) not in told, (n, hint)


def attacked_tries(n: int, ticks: int = 120) -> Iterator[IterativeEngine]:
    """The loop's board on n x n at each attacked try of its first ``ticks`` ticks."""
    for tick in range(1, ticks + 1):
        engine = IterativeEngine(n, Mode.FIRST)
        for _ in range(tick):
            engine.step()
        if getattr(engine.last_event, "attackers", ()):
            yield engine


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_number_for_which_column_attacks_is_read_as_a_column(language: str) -> None:
    i18n.set_language(language)
    row_reading = i18n._(MESSAGES["mistake.attacker_row"]).split("{given}")[-1].strip()
    for n in (4, 5, 6):
        for engine in attacked_tries(n):
            posed = pose(Question(1, "attacker", {}), BoardSession(engine=engine))
            for number in range(n):
                verdict = posed.check(str(number))
                if not verdict.correct:
                    assert row_reading not in verdict.message, (n, engine.tick, verdict.message)
    said = asked_on(language, 4, 4).answer("2").message  # b[1] = 2 attacks (column 2, row 1)
    assert row_reading not in said, said


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("typed", ["20", "24"])
def test_free_squares_counted_alike_are_told_without_the_counts(language: str, typed: str) -> None:
    """6 + 5 + 5 + 5 = 21: a reason that gives the corner's 6 or the others' 5 (or what they
    attack, 2 and 3) beside the count the student assumed leaves only the sum."""
    question = next(q for q in lesson(language, 9).pages[7].questions if q.kind == "number")
    reason = dict(question.wrong)[typed]
    assumed = int(typed) // 4  # free squares a first queen leaves, as the student counted
    assert numbers_in(reason) <= {assumed, 0, 1, 4}, reason  # columns 0 and 1, 4 rows


LOWER_ROW_FREE = {"en": "a row below", "it": "riga più in basso", "pl": "niższy wiersz"}
COUNTED_FROM_ONE = {"en": "from 1", "it": "da 1", "pl": "od 1"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_row_above_the_answer_is_told_to_count_from_zero(language: str) -> None:
    run = asked_on(language, 5, 3)  # 4 x 4, column 1: row 2 is the answer
    said = run.answer(str(int(run.asked.posed.expected) + 1)).message  # type: ignore[union-attr]
    assert LOWER_ROW_FREE[language] not in said, said
    assert COUNTED_FROM_ONE[language] in said, said


@pytest.mark.parametrize("language", LANGUAGES)
def test_it_stops_is_told_without_the_loop_that_goes_on(language: str) -> None:
    """Lesson 6 p3: the reason for "it stops" named placeQueens(5)'s for loop going on, which
    is the right choice (row 5's queen taken back, column 5 tried)."""
    question = lesson(language, 6).pages[2].questions[0]
    right = next(choice for choice in question.choices if choice.correct)
    for choice in question.choices:
        if not choice.correct:
            assert not numbers_in(choice.why) & numbers_in(right.text), choice.why


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_attacker_question_says_one_attacker_is_enough(language: str) -> None:
    prompt = asked_on(language, 4, 4).asked.posed.prompt  # type: ignore[union-attr]
    enough = i18n._("If several attack it, one is enough.")
    assert enough in prompt, prompt
    assert language == "en" or enough != "If several attack it, one is enough."


STRETCH_REMINDERS = (
    "Back at the question's tick: an empty line starts again, s shows the answer.",
    "“{typed}” answers nothing: the stretch is over. An empty line starts it again from the "
    "question's tick, s shows the answer.",
)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_stretch_reminder_shows_the_answer_by_no_key_for_yes_or_no(language: str) -> None:
    i18n.set_language(language)
    keys = {yes_key(language), ANSWER_WORDS[language][1][0]}
    for message in STRETCH_REMINDERS:
        said = i18n._(message)
        assert said != message or language == "en"  # translated
        assert not keys & set(re.findall(r"\w+", said.lower())), said


REMOVED_QUEENS_COLUMN = {
    "en": "the column of the queen just removed",
    "it": "la colonna della regina appena rimossa",
    "pl": "numer kolumny właśnie usuniętego hetmana",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_6_says_what_the_left_over_in_parentheses_is(language: str) -> None:
    """The table's `(2)` (a drawn quiz shows `(3)`) read like the loop variable j or a call."""
    page = lesson(language, 6).pages[1]
    text = " ".join(" ".join(b.markdown.split()) for b in page.blocks if isinstance(b, Text))
    after = text.split("`(2)`", 1)[1][:120]
    assert REMOVED_QUEENS_COLUMN[language] in text, text
    assert "`j`" in after, after  # and says that it is not the loop variable
