"""A typical wrong answer is told what it confused (en, it, pl), the rule the student broke,
never only "is not the answer" and never pointing at the answer; expected values are worked out
from the notes' formulas."""

from __future__ import annotations

import math
import re

import pytest

from lessons import i18n
from lessons.answers.feedback import MESSAGES, say
from lessons.answers.reading import ANSWER_WORDS, yes_key
from lessons.catalog import load_catalog
from lessons.model import Lesson, Text
from lessons.quiz import solver_facts
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.methods.iterative.engine import IterativeEngine, Mode
from solver.session.board import BoardSession
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import q

LANGUAGES = ["en", "it", "pl"]


def lesson(language: str, number: int) -> Lesson:
    i18n.set_language(language)
    return load_catalog(language).lessons[number - 1]


def asked_on(language: str, number: int, page: int, skip: int = 0) -> LessonRun:
    """Built-in lesson ``number`` at ``page`` (from 1), ``skip`` questions shown."""
    run = LessonRun(lesson(language, number), None, page=page - 1)
    for _ in range(skip):
        run.reveal()
        run.go_on()
    assert run.asked is not None
    return run


def wrong(run: LessonRun, answer: str, language: str) -> str:
    """The feedback of a wrong answer, which says more than the plain verdict."""
    verdict = run.answer(answer)
    assert not verdict.correct, answer
    i18n.set_language(language)
    said = i18n._(MESSAGES["answer.wrong_plain"]).format(given=answer)
    ends = (i18n._(MESSAGES[again]) for again in ("answer.try_again", "answer.try_again_hinted"))
    assert verdict.message not in {f"{said} {end}" for end in ends}, verdict.message
    return verdict.message


def numbers_in(text: str) -> set[int]:
    return {int(found) for found in re.findall(r"(?<![\w.,])\d+(?![\w.,]\d)", text)}


CONFUSED = [  # (lesson, page, questions shown, the answer, typed, said, never said)
    (3, 2, 0, "256", "16", ["n^2 = 16", "n^n"], []),  # n^2 for one queen per column's 4^4
    (3, 1, 0, "53130", "25", ["n^2 = 25", "C(n^2, n)"], []),  # n^2 for brute force's C(25, 5)
    (4, 6, 0, "10", "9", ["4", "6"], ["10"]),  # Pascal's a[4+6] counted from 1
    (9, 8, 0, None, "28", ["7"], []),  # 4 x 7 jobs
    # b[4] = 4 on 8 x 8 six ticks ahead: every tick a b[4]++, n (no row n: a backtrack), past n
    (5, 10, 1, "7", "10", ["b[4]", "6", "8 x 8"], ["7"]),
    (5, 10, 1, "7", "8", ["b[4]", "n = 8"], ["7"]),
    *[(5, 10, 1, "7", past, ["b[4]", "n-1"], []) for past in ("9", "12", "100")],
]  # fmt: skip


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
@pytest.mark.parametrize(
    ("lesson_id", "page", "skip", "answer", "typed", "says", "never"), CONFUSED
)
def test_a_number_confused_for_another_is_told_what_it_is(
    language: str,
    lesson_id: int,
    page: int,
    skip: int,
    answer: str | None,
    typed: str,
    says: list[str],
    never: list[str],
) -> None:
    run = asked_on(language, lesson_id, page, skip)
    assert answer in (None, run.asked.posed.expected)  # type: ignore[union-attr]
    said = wrong(run, typed, language)
    assert [words for words in says if words not in said] == [], said
    assert [words for words in never if words in re.sub(r"b\[\d\]", "", said)] == [], said


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


@pytest.mark.parametrize("language", LANGUAGES)
def test_n_factorial_over_another_boards_count_names_that_board(language: str) -> None:
    """7!/10 = 504 on 7 x 7 is named as the 5 x 5 count; 7! alone without the count."""
    i18n.set_language(language)
    for n in (6, 7):  # the sizes lesson 3's quiz draws
        posed = pose(q("random-tries", n=str(n)), None)
        for m in (4, 5, 6, 7, 8):
            quotient = round(math.factorial(n) / solver_facts.count_solutions(m))
            if m == n or quotient < 2:
                continue  # the size itself, or a number any guess gives
            verdict = posed.check(str(quotient))
            assert not verdict.correct
            assert f"{m} x {m}" in verdict.message, (n, m, verdict.message)
    seven = pose(q("random-tries", n="7"), None)  # 5,040 / 40 = 126
    said = seven.check("504").message
    assert "5 x 5" in said and "10" in said and "40" not in said, said
    factorial = re.sub(r"5\W?040", "", seven.check("5040").message)  # the answer echoed
    assert "40" not in factorial, factorial


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


@pytest.mark.parametrize("typed", ["", "   "])
def test_an_empty_answer_is_named_and_not_counted(typed: str) -> None:
    empty = pose(q("solutions", n="6"), None).check(typed)
    assert not empty.correct and not empty.counted and empty.message == say("answer.empty")


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_number_for_which_column_attacks_is_read_as_a_column(language: str) -> None:
    """Never read as "the row of an attacking queen" (b[] on screen would then give it)."""
    i18n.set_language(language)
    row_reading = i18n._(MESSAGES["mistake.attacker_row"]).split("{given}")[-1].strip()
    for n in (4, 5, 6):
        engine = IterativeEngine(n, Mode.FIRST)
        while engine.step() is not None and engine.tick <= 120:
            if not getattr(engine.last_event, "attackers", ()):
                continue
            posed = pose(q("attacker"), BoardSession(engine=engine))
            for number in range(n):
                verdict = posed.check(str(number))
                if not verdict.correct:
                    assert row_reading not in verdict.message, (n, engine.tick, verdict.message)
    said = asked_on(language, 4, 4).answer("2").message  # b[1] = 2 attacks (column 2, row 1)
    assert row_reading not in said, said


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hint_or_a_reason_leaves_the_sum_to_the_student(language: str) -> None:
    """Lesson 3's random-tries hint hands over neither number of its computation; lesson 9's
    6 + 5 + 5 + 5 = 21: a reason for 20 or 24 that gave the corner's 6 or the others' 5 (or
    what they attack, 2 and 3) beside the count assumed would leave only the sum."""
    quiz = next(page for page in lesson(language, 3).pages if page.scored)
    question = next(q for q in quiz.questions if q.kind == "random-tries")
    for n in (int(size) for size in question.params["pool"].split(",")):
        told = numbers_in(question.hint.replace("{n}", str(n)))
        assert solver_facts.count_solutions(n) not in told, (n, question.hint)
        assert math.factorial(n) not in told, (n, question.hint)
    question = next(q for q in lesson(language, 9).pages[7].questions if q.kind == "number")
    for typed in ("20", "24"):
        reason = dict(question.wrong)[typed]
        assert numbers_in(reason) <= {int(typed) // 4, 0, 1, 4}, reason  # columns 0, 1; 4 rows


LOWER_ROW = {"en": ("a row below", "from 1"), "it": ("riga più in basso", "da 1")}
LOWER_ROW["pl"] = ("niższy wiersz", "od 1")


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_row_above_the_answer_is_told_to_count_from_zero(language: str) -> None:
    run = asked_on(language, 5, 3)  # 4 x 4, column 1: row 2 is the answer
    said = run.answer(str(int(run.asked.posed.expected) + 1)).message  # type: ignore[union-attr]
    lower_row_free, counted_from_one = LOWER_ROW[language]
    assert lower_row_free not in said and counted_from_one in said, said


STRETCH_REMINDERS = (
    "Back at the question's tick: an empty line starts again, s shows the answer.",
    "“{typed}” answers nothing: the stretch is over. An empty line starts it again from the "
    "question's tick, s shows the answer.",
)
REMOVED_QUEENS_COLUMN = {
    "en": "the column of the queen just removed",
    "it": "la colonna della regina appena rimossa",
    "pl": "numer kolumny właśnie usuniętego hetmana",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_words_around_a_question_leave_no_slip_to_make(language: str) -> None:
    """Lesson 6 p3: no wrong choice's reason gives the right choice's numbers ("it stops" told
    without the loop that goes on); lesson 6 p2 says in words what the table's `(2)` is, and
    that it is not the loop variable j; the attacker question says one attacker is enough; the
    stretch's reminder names no key for yes or no (Italian s is sì) as the one that shows the
    answer."""
    recursive = lesson(language, 6)
    question = recursive.pages[2].questions[0]
    right = next(choice for choice in question.choices if choice.correct)
    for choice in question.choices:
        if not choice.correct:
            assert not numbers_in(choice.why) & numbers_in(right.text), choice.why
    page = recursive.pages[1]
    text = " ".join(" ".join(b.markdown.split()) for b in page.blocks if isinstance(b, Text))
    assert REMOVED_QUEENS_COLUMN[language] in text, text
    assert "`j`" in text.split("`(2)`", 1)[1][:120], text
    prompt = asked_on(language, 4, 4).asked.posed.prompt  # type: ignore[union-attr]
    enough = i18n._("If several attack it, one is enough.")
    assert enough in prompt and (
        language == "en" or enough != "If several attack it, one is enough."
    )
    keys = {yes_key(language), ANSWER_WORDS[language][1][0]}
    for message in STRETCH_REMINDERS:
        said = i18n._(message)
        assert said != message or language == "en"  # translated
        assert not keys & set(re.findall(r"\w+", said.lower())), said
