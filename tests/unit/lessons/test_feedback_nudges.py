"""Feedback that nudges: a wrong line, a slip or a rule of another queen is named and the step left
to the student, one verdict wording, a point earned said; and a lesson's text agrees with the
search it speaks of."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.model import Text
from lessons.quiz.diagonals import Line, shared
from solver.events import Try
from solver.methods.iterative.engine import IterativeEngine
from solver.stepping import Mode
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import quiz_run, waiting

LANGUAGES = ("en", "it", "pl")


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


# The nudge each wrong line gets, by the question's choices: the same whatever the answer
# among the other choices, and
# never leading to a third, wrong choice.
NUDGES = {
    (Line.SUM, "same-diagonal"): "mistake.sum_not_equal_none",
    (Line.DIFF, "same-diagonal"): "mistake.diff_not_equal_none",
    (Line.NONE, "same-diagonal"): "mistake.missed_diagonal",
    (Line.SUM, "attack-rule"): "mistake.sum_not_equal_row",
    (Line.DIFF, "attack-rule"): "mistake.diff_not_equal_row",
    (Line.ROW, "attack-rule"): "mistake.rows_differ",
}


CHOICE_LINES = {
    "same-diagonal": (Line.SUM, Line.DIFF, Line.NONE),
    "attack-rule": (Line.ROW, Line.SUM, Line.DIFF),
}


def _squares(asked: object) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two squares of a drawn question, the first as its reasons name it first."""
    posed = asked.posed  # type: ignore[attr-defined]
    if posed.kind == "same-diagonal":
        first, second = posed.squares
        return first, second
    import re

    found = [tuple(map(int, m)) for m in re.findall(r"column (\d+), row (\d+)", posed.prompt)]
    return found[0], found[1]  # type: ignore[return-value]


# Students 1, 2 and 7 between them meet every nudge; the walk over 40 is the thorough tier's.
@pytest.mark.parametrize(
    "seeds",
    sweep([(1, 2, 7), tuple(range(1, 41))], everyday=[(1, 2, 7)]),
    ids=lambda seeds: f"{len(seeds)}-students",
)
def test_every_drawn_wrong_line_gets_one_nudge_whatever_the_answer(
    tmp_path: Path, seeds: tuple[int, ...]
) -> None:
    """Q3's "neither" question answered
    "the difference" was asked "which number can stay the same?" (none does), and Q7's "same
    row" answered "the sum" was told to work out row-col, a third wrong choice; it
    3.1: Q1's "the sum" answered "the difference" was asked "which number can stay the same?",
    leaving one choice. For every drawn case of lesson 4's quiz, each wrong choice's nudge is
    its question's own, met with more than one answer, and no wrong choice's feedback names the
    right choice."""
    lesson = load_catalog("en").find("diagonals")
    assert lesson is not None
    answers: dict[tuple[Line, str], set[Line]] = {}
    for seed in seeds:
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        for asked in waiting(run):
            kind = asked.question.kind
            if kind in CHOICE_LINES:
                first, second = _squares(asked)
                right = shared(first, second)
                posed = asked.posed
                right_words = posed.choices[int(posed.expected)]
                for index, line in enumerate(CHOICE_LINES[kind]):
                    if line is right:
                        continue
                    said = posed.check(str(index + 1)).message
                    reason = posed.wrong[str(index)]
                    assert reason in said
                    assert _ids_in(reason, first, second) == {NUDGES[(line, kind)]}, (
                        line,
                        right,
                        reason,
                    )
                    assert right_words not in reason, reason
                    answers.setdefault((line, kind), set()).add(right)
            run.reveal()
    assert set(answers) == set(NUDGES), answers  # every nudge was met
    # a wrong diagonal's nudge was met with both other answers: the same words for either
    for line in (Line.SUM, Line.DIFF):
        for kind in CHOICE_LINES:
            assert len(answers[(line, kind)]) == 2, (line, kind, answers[(line, kind)])


def _ids_in(reason: str, first: tuple[int, int], second: tuple[int, int]) -> set[str]:
    """The message ids whose text, filled with the two squares' numbers, is in ``reason``."""
    (c1, r1), (c2, r2) = first, second
    numbers = {
        "sum1": c1 + r1,
        "sum2": c2 + r2,
        "diff1": r1 - c1,
        "diff2": r2 - c2,
        "sum": c1 + r1,
        "diff": r1 - c1,
        "row1": r1,
        "row2": r2,
    }
    return {key for key in set(NUDGES.values()) if say(key, **numbers) in reason}


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_neither_question_is_never_asked_which_number_stays(language: str) -> None:
    """The difference picked where no number is the same (Q3 "column 6, row 2 and
    column 7, row 7") was asked which number can stay the same; the sum picked was told to work
    out row-col, as if it were the same (it 22)."""
    from lessons.model import Question
    from lessons.quiz.pose import pose

    i18n.set_language(language)
    posed = pose(
        Question(kind="same-diagonal", params={"square": "6,2", "other": "7,7"}, line=1), None
    )
    said_diff = posed.check("2").message
    said_sum = posed.check("1").message
    assert say("mistake.diff_not_equal_none", diff1=-4, diff2=0) in said_diff
    assert say("mistake.sum_not_equal_none", sum1=8, sum2=14) in said_sum


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rule_of_the_other_attacker_is_named_as_that_queens(language: str) -> None:
    """At Q7 (the square column 3, row 0 attacked by the queen at column 0, row 0 on
    b = [0, 3, 1]) the sum is picked because the queen at column 2, row 1 attacks the square
    along col+row: the feedback says so, then why it is not this queen's rule."""
    from lessons.model import Question
    from lessons.quiz.pose import pose
    from solver.events import Try
    from solver.methods.iterative.engine import IterativeEngine, Mode
    from solver.session.board import BoardSession

    i18n.set_language(language)
    engine = IterativeEngine(4, Mode.FIRST)
    while (event := engine.step()) is not None:
        if isinstance(event, Try) and (event.col, event.row) == (3, 0) and event.attackers:
            break
    assert event is not None and len(event.attackers) == 2
    posed = pose(
        Question(kind="attack-rule", params={"col": "0"}, line=1), BoardSession(engine=engine)
    )
    said = posed.check("2").message  # the sum: the queen at column 2, row 1's rule
    why = say("mistake.sum_not_equal_row", sum1=3, sum2=0)
    assert why in said
    other = posed.wrong["1"].split(why)[0]
    assert other, said  # a sentence before the reason: whose rule the sum is
    assert "2" in other and "1" in other and "0" in other, other
    # the difference is no queen's rule here: its reason is the plain one
    assert posed.wrong["2"] == say("mistake.diff_not_equal_row", diff1=-3, diff2=0)


# Words that do the last step of the arithmetic for the student, in each language.
STEP_DONE = {
    "en": ("fewer", "subtract", "take it away", "one too many", "minus"),
    "it": ("in meno", "togli", "di troppo", "meno 1"),
    "pl": ("mniej", "odejmij", "za dużo", "minus"),
}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    "message",
    ["mistake.squares_for_moves", "mistake.work_solution_tick", "mistake.construct_from_one"],
)
def test_a_slip_is_named_and_the_step_left_to_the_student(language: str, message: str) -> None:
    """ "The question asks for its moves: one fewer than its squares" (9 typed,
    so 8); en 22, it 20: "One too many: ... take it away too" (26 typed, so 25) and "subtract
    1" (the recipe's row, so one less). The feedback names the slip and leaves the step."""
    i18n.set_language(language)
    said = say(message).casefold()
    assert not [words for words in STEP_DONE[language] if words in said], said


def _numbers(text: str) -> set[int]:
    import re

    return {int(found) for found in re.findall(r"\d+", text)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_7_q2_feedback_leaves_the_orbit_count_to_the_student(language: str) -> None:
    """5 typed for the 7 x 7 board's unique solutions (40 solutions, two orbits of 4)
    was told "those 8 solutions make 2 unique solutions, not 1" (so 6), and 7 was told to take
    them out and share the other 32 into orbits of 8. Each reason names the slip with the
    question's own numbers only."""
    i18n.set_language(language)
    lesson = load_catalog(language).find("symmetry")
    assert lesson is not None
    quiz = next(page for page in lesson.pages if page.scored)
    question = next(q for q in quiz.questions if "40" in q.prompt and q.answer == "6")
    wrong = dict(question.wrong)
    assert _numbers(wrong["5"]) <= {40, 8, 5, 4}, wrong["5"]
    assert _numbers(wrong["7"]) <= {7, 4, 40, 8, 5}, wrong["7"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_quiz_point_earned_is_said(language: str, tmp_path: Path) -> None:
    """ "Dobrze: nr 2, ..." and nothing else at a quiz question right at the first
    attempt, while every answer that scores nothing said so. The point is said in one short
    sentence; a hint taken first, then the right answer, says no point."""
    i18n.set_language(language)
    point, no_point = say("answer.point"), say("answer.no_point")
    lesson = load_catalog(language).find("problem")
    assert lesson is not None
    run = quiz_run(lesson, 3, tmp_path / "progress.json")
    said = []
    for number, asked in enumerate(waiting(run)):
        if number == 1:
            run.hint()
        posed = asked.posed
        typed = posed.choice_label(int(posed.expected)) if posed.choices else posed.expected
        verdict = run.answer(typed)
        assert verdict.correct, verdict.message
        said.append(verdict.message)
    assert said[0].endswith(point) and no_point not in said[0]
    assert said[1].endswith(no_point) and point not in said[1]
    assert all(message.endswith(point) for message in said[2:]), said
    assert run.score == len(said) - 1
    assert len(point.split(". ")) == 1  # one short sentence


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_3_search_space_feedbacks_repeat_no_sentence(language: str) -> None:
    """ "Until its first solution it checks fewer: queens-tutor compare counts those."
    closed all six search-space feedbacks of lesson 3 (pages 1-3 and quiz Q1-Q3), and each
    began "Its candidates are" with no subject."""
    from lessons.quiz.pose import pose

    i18n.set_language(language)
    lesson = load_catalog(language).find("naive-search")
    assert lesson is not None
    seen: dict[str, int] = {}
    explained = 0
    for page in lesson.pages:
        for question in page.questions:
            if question.kind == "search-space":
                explained += 1
                for sentence in pose(question, None).explanation.split(". "):
                    text = sentence.strip(" .")
                    if not any(ch.isdigit() for ch in text):
                        seen[text] = seen.get(text, 0) + 1
    assert explained == 6
    assert [text for text, count in seen.items() if count > 1] == []


PLAIN_AND_REASONED = [
    ("answer.wrong_plain", "answer.wrong", {"given": "13"}),
    ("answer.wrong_row_plain", "answer.wrong_row", {"row": 3}),
    ("answer.wrong_column_plain", "answer.wrong_column", {"column": 3}),
    ("answer.wrong_backtrack_plain", "answer.wrong_backtrack", {}),
    ("answer.wrong_yes_plain", "answer.wrong_yes", {}),
    ("answer.wrong_no_plain", "answer.wrong_no", {}),
    ("answer.wrong_choice_plain", "answer.wrong_choice", {"given": "choice 3"}),
]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("plain", "reasoned", "params"), PLAIN_AND_REASONED)
def test_a_wrong_answer_has_one_verdict_wording(
    language: str, plain: str, reasoned: str, params: dict[str, object]
) -> None:
    """Lesson 8 Q3's choice with no reason said "Not the answer: choice 3, ...", every
    other "Not right: ..."; Q4's "13 is not the answer." The same event, one wording: the
    verdict without a reason is the verdict with one, its reason left out."""
    i18n.set_language(language)
    said = say(plain, **params)
    assert say(reasoned, **params, why="WHY") == f"{said} WHY"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_random_tries_slip_says_the_number_of_solutions(language: str) -> None:
    """ "n!/Q(n)" in lesson 3 Q4's feedback; no page names Q(n)."""
    i18n.set_language(language)
    assert "Q(n)" not in say("mistake.tries_columns")


def test_italian_says_nella_colonna() -> None:
    """ "La regina in colonna 3, riga 3 non attacca..." (and the narration's "attaccata
    dalla regina in colonna 0, riga 0"): Italian says "nella colonna"."""
    i18n.set_language("it")
    said = say("mistake.attacker_not", col=3, row=3, sum1=6, sum2=4, diff1=0, diff2=2)
    assert "nella colonna 3" in said and " in colonna" not in said, said
    from babel.messages.pofile import read_po

    root = Path(__file__).resolve().parents[3]
    with open(root / "lessons/locale/it/LC_MESSAGES/queens_tutor.po", "rb") as file:
        catalog = read_po(file)
    found = [m.string for m in catalog if isinstance(m.string, str) and " in colonna {" in m.string]
    assert found == []


@pytest.mark.parametrize(
    ("language", "lesson_id", "unclear"),
    [
        ("en", "recipe", "trace its `solve`"),  # en 7: "its" had no referent
        ("en", "cost", "four costs per test"),  # en 22
        ("it", "cost", "quattro costi per prova"),
        ("pl", "cost", "cztery koszty jednego testu"),
    ],
)
def test_unclear_wording_is_gone(language: str, lesson_id: str, unclear: str) -> None:
    i18n.set_language(language)
    lesson = load_catalog(language).find(lesson_id)
    assert lesson is not None
    root = Path(__file__).resolve().parents[3]
    found = [
        path
        for path in (root / "lessons" / "builtin" / language).glob("*.md")
        if f"@lesson {lesson_id}\n" in path.read_text(encoding="utf-8")
    ]
    assert len(found) == 1
    text = " ".join(found[0].read_text(encoding="utf-8").split())
    assert unclear not in text


SAID = {
    "en": r"place the (\d+) queens \((\d+) of the squares tried are attacked",
    "it": r"piazzano le (\d+) regine \((\d+) delle caselle provate sono attaccate",
    "pl": r"ustawiają (\d+) hetmanów \((\d+) ze sprawdzonych pól jest atakowanych",
}


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_lesson_1_says_how_many_of_the_15_ticks_place_a_queen(language: str) -> None:
    """Lesson 1 p3 said ticks 1 to 15 "place the queens": 5 of them do, 10 try an attacked
    square (pl 2)."""
    engine = IterativeEngine(5, Mode.FIRST)
    placed = attacked = 0
    for _ in range(15):
        event = engine.step()
        if isinstance(event, Try):
            placed += event.placed
            attacked += not event.placed
    lesson = load_catalog(language).find("problem")
    assert lesson is not None
    text = " ".join(
        " ".join(block.markdown.replace("\u00a0", " ").split())
        for page in lesson.pages
        for block in page.blocks
        if isinstance(block, Text)
    )
    said = re.search(SAID[language], text)
    assert said is not None, text
    assert (int(said.group(1)), int(said.group(2))) == (placed, attacked)


@pytest.mark.parametrize("method", ["bruteforce", "permutations"])
def test_a_naive_compare_answer_does_not_tell_the_backtrackers_count(method: str) -> None:
    """Lesson 3 p6's first compare 10 question explained '975 is what the backtracker tests':
    975 was a choice of the page's next question and the answer of lesson 9 p7's, both then
    answered from it."""
    from lessons import i18n
    from lessons.model import Question
    from lessons.quiz.compare import examined
    from lessons.quiz.pose import pose

    i18n.set_language("en")
    posed = pose(Question(1, "examined", {"method": method, "n": "10"}), None)
    backtracker = f"{examined('iterative', 10):,}"
    assert backtracker in posed.choices  # still a choice to tell apart
    assert backtracker not in posed.explanation, posed.explanation


def test_lesson_2_names_each_corner_start_by_its_corner() -> None:
    """Lesson 2's quiz called the bottom-left start 'the corner start' beside a start in
    column 0, row 2 of a 3 x 3 board, itself a corner, and the feedback then said 'the
    top-corner start': each start is named by its corner."""
    lesson = load_catalog("en").find("small-boards")
    assert lesson is not None
    said = " ".join(
        " ".join([q.prompt, q.explain, *(c.text + " " + c.why for c in q.choices)])
        for page in lesson.pages
        for q in page.questions
    )
    assert "corner start" in said
    assert not re.search(r"\bthe corner start", said), said
