"""Feedback that nudges: a wrong line, a slip or a rule of another queen is named and the step
left to the student, one verdict wording, a point earned said; a lesson's text agrees with the
search it speaks of."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from lessons import i18n
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.model import Question, Text
from lessons.quiz.compare import examined
from lessons.quiz.diagonals import Line, shared
from lessons.quiz.pose import pose
from solver.events import Try
from solver.methods.iterative.engine import IterativeEngine
from solver.session.board import BoardSession
from solver.stepping import Mode
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import quiz_run, waiting

LANGUAGES = ("en", "it", "pl")
ROOT = Path(__file__).resolve().parents[3]

# The nudge each wrong line gets, by the question's choices: the same whatever the answer among
# the other choices, and never leading to a third, wrong choice.
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
    found = [tuple(map(int, m)) for m in re.findall(r"column (\d+), row (\d+)", posed.prompt)]
    return found[0], found[1]  # type: ignore[return-value]


def _ids_in(reason: str, first: tuple[int, int], second: tuple[int, int]) -> set[str]:
    """The message ids whose text, filled with the two squares' numbers, is in ``reason``."""
    (c1, r1), (c2, r2) = first, second
    sums, diffs = {"sum1": c1 + r1, "sum2": c2 + r2}, {"diff1": r1 - c1, "diff2": r2 - c2}
    numbers = {**sums, **diffs, "sum": c1 + r1, "diff": r1 - c1, "row1": r1, "row2": r2}
    return {key for key in set(NUDGES.values()) if say(key, **numbers) in reason}


# Students 1, 2 and 7 between them meet every nudge; the walk over 40 is the thorough tier's.
@pytest.mark.parametrize(
    "seeds",
    sweep([(1, 2, 7), tuple(range(1, 41))], everyday=[(1, 2, 7)]),
    ids=lambda seeds: f"{len(seeds)}-students",
)
def test_every_drawn_wrong_line_gets_one_nudge_whatever_the_answer(
    tmp_path: Path, seeds: tuple[int, ...]
) -> None:
    """In every drawn case of lesson 4's quiz, each wrong choice's nudge is its question's own,
    met with more than one answer, and names no right choice."""
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
                    reason = posed.wrong[str(index)]
                    assert reason in posed.check(str(index + 1)).message
                    assert _ids_in(reason, first, second) == {NUDGES[(line, kind)]}, reason
                    assert right_words not in reason, reason
                    answers.setdefault((line, kind), set()).add(right)
            run.reveal()
    assert set(answers) == set(NUDGES), answers  # every nudge was met
    # a wrong diagonal's nudge was met with both other answers: the same words for either
    for line in (Line.SUM, Line.DIFF):
        for kind in CHOICE_LINES:
            assert len(answers[(line, kind)]) == 2, (line, kind, answers[(line, kind)])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_neither_question_is_never_asked_which_number_stays(language: str) -> None:
    i18n.set_language(language)
    question = Question(kind="same-diagonal", params={"square": "6,2", "other": "7,7"}, line=1)
    posed = pose(question, None)
    assert say("mistake.diff_not_equal_none", diff1=-4, diff2=0) in posed.check("2").message
    assert say("mistake.sum_not_equal_none", sum1=8, sum2=14) in posed.check("1").message


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_rule_of_the_other_attacker_is_named_as_that_queens(language: str) -> None:
    """The square (3, 0) attacked by (0, 0) on b = [0, 3, 1], the sum picked: the queen at
    (2, 1)'s rule is said, then why it is not this queen's."""
    i18n.set_language(language)
    engine = IterativeEngine(4, Mode.FIRST)
    while (event := engine.step()) is not None:
        if isinstance(event, Try) and (event.col, event.row) == (3, 0) and event.attackers:
            break
    assert event is not None and len(event.attackers) == 2
    question = Question(kind="attack-rule", params={"col": "0"}, line=1)
    posed = pose(question, BoardSession(engine=engine))
    said = posed.check("2").message
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
def test_a_slip_is_named_and_the_step_left_to_the_student(language: str) -> None:
    i18n.set_language(language)
    for message in ("squares_for_moves", "work_solution_tick", "construct_from_one"):
        said = say(f"mistake.{message}").casefold()
        assert not [words for words in STEP_DONE[language] if words in said], said
    assert "Q(n)" not in say("mistake.tries_columns")  # no page names Q(n)


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_7_q2_feedback_leaves_the_orbit_count_to_the_student(language: str) -> None:
    """5 or 7 for 7 x 7's unique solutions: each reason uses the question's own numbers only."""
    i18n.set_language(language)
    lesson = load_catalog(language).find("symmetry")
    assert lesson is not None
    quiz = next(page for page in lesson.pages if page.scored)
    question = next(q for q in quiz.questions if "40" in q.prompt and q.answer == "6")
    wrong = dict(question.wrong)
    for typed in ("5", "7"):
        found = {int(number) for number in re.findall(r"\d+", wrong[typed])}
        assert found <= {40, 8, 5, 4, int(typed)}, wrong[typed]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_quiz_point_earned_is_said(language: str, tmp_path: Path) -> None:
    """Right at the first attempt says the point in one short sentence; after a hint, none."""
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
    ("wrong", {"given": "13"}),
    ("wrong_row", {"row": 3}),
    ("wrong_column", {"column": 3}),
    ("wrong_backtrack", {}),
    ("wrong_yes", {}),
    ("wrong_no", {}),
    ("wrong_choice", {"given": "choice 3"}),
]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_wrong_answer_has_one_verdict_wording(language: str) -> None:
    """The verdict without a reason is the verdict with one, its reason left out."""
    i18n.set_language(language)
    for key, params in PLAIN_AND_REASONED:
        said = say(f"answer.{key}_plain", **params)
        assert say(f"answer.{key}", **params, why="WHY") == f"{said} WHY"


def test_italian_says_nella_colonna() -> None:
    i18n.set_language("it")
    said = say("mistake.attacker_not", col=3, row=3, sum1=6, sum2=4, diff1=0, diff2=2)
    assert "nella colonna 3" in said and " in colonna" not in said, said
    with open(ROOT / "lessons/locale/it/LC_MESSAGES/queens_tutor.po", "rb") as file:
        catalog = read_po(file)
    found = [m.string for m in catalog if isinstance(m.string, str) and " in colonna {" in m.string]
    assert found == []


@pytest.mark.parametrize(
    ("language", "lesson_id", "unclear"),
    [
        ("en", "recipe", "trace its `solve`"),
        ("en", "cost", "four costs per test"),
        ("it", "cost", "quattro costi per prova"),
        ("pl", "cost", "cztery koszty jednego testu"),
    ],
)
def test_unclear_wording_is_gone(language: str, lesson_id: str, unclear: str) -> None:
    found = [
        path
        for path in (ROOT / "lessons" / "builtin" / language).glob("*.md")
        if f"@lesson {lesson_id}\n" in path.read_text(encoding="utf-8")
    ]
    assert len(found) == 1
    assert unclear not in " ".join(found[0].read_text(encoding="utf-8").split())


SAID = {
    "en": r"place the (\d+) queens \((\d+) of the squares tried are attacked",
    "it": r"piazzano le (\d+) regine \((\d+) delle caselle provate sono attaccate",
    "pl": r"ustawiają (\d+) hetmanów \((\d+) ze sprawdzonych pól jest atakowanych",
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_lesson_1_says_how_many_of_the_15_ticks_place_a_queen(language: str) -> None:
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
    posed = pose(Question(1, "examined", {"method": method, "n": "10"}), None)
    backtracker = f"{examined('iterative', 10):,}"
    assert backtracker in posed.choices  # still a choice to tell apart
    assert backtracker not in posed.explanation, posed.explanation


def test_lesson_2_names_each_corner_start_by_its_corner() -> None:
    lesson = load_catalog("en").find("small-boards")
    assert lesson is not None
    said = " ".join(
        " ".join([q.prompt, q.explain, *(c.text + " " + c.why for c in q.choices)])
        for page in lesson.pages
        for q in page.questions
    )
    assert "corner start" in said
    assert not re.search(r"\bthe corner start", said), said
