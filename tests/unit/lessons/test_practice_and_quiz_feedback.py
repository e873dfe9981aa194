"""Questions that ask for reasoning, not a phrase the page printed; feedback and hints that add a
step without naming the right choice; number words; practice misses named as practice."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.feedback import say
from lessons.catalog import load_catalog
from lessons.checking.given_away import numbers_in
from lessons.i18n import _
from lessons.model import Lesson, Question, Text
from lessons.quiz.pose import pose
from lessons.review.plan import plan_review
from lessons.review.words import left_out
from solver import symmetry
from solver.methods.iterative.engine import IterativeEngine
from solver.registry import DEFAULT_METHOD
from solver.runs import run_method
from solver.stepping import Mode
from solver.tree.tree import NodeState, SearchTree
from tests.unit.lessons.review_progress import at, miss, store_at

LANGUAGES = ("en", "it", "pl")
STUDENTS = Path(__file__).resolve().parents[3] / "docs" / "students.md"


def _lesson(lang: str, lesson_id: str) -> Lesson:
    i18n.set_language(lang)
    found = load_catalog(lang).find(lesson_id)
    assert found is not None
    return found


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text.replace("\u00a0", " ").casefold())


def _runs(text: str, size: int) -> set[tuple[str, ...]]:
    words = _words(text)
    return {tuple(words[i : i + size]) for i in range(len(words) - size + 1)}


def _page_text(lesson: Lesson, index: int, before: int | None = None) -> str:
    return "\n".join(
        block.markdown
        for block in lesson.pages[index].blocks
        if isinstance(block, Text) and (before is None or block.line < before)
    )


def _right_choice(question: Question) -> str:
    return next(choice.text for choice in question.choices if choice.correct)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_1_turin_question_asks_for_a_square_worked_out(lang: str) -> None:
    """Q5's right choice was page 4's phrase "mirror image in the main diagonal": now a square of
    the Turin board, which the student finds by reading {0, 2, 4, 1, 3} row by row."""
    lesson = _lesson(lang, "problem")
    quiz = next(i for i, page in enumerate(lesson.pages) if page.scored)
    question = next(q for q in lesson.pages[quiz].questions if "{0, 2, 4, 1, 3}" in q.prompt)
    earlier = " ".join(_page_text(lesson, i) for i in range(quiz))
    assert not _runs(_right_choice(question), 4) & _runs(earlier, 4)
    turin = {(col, row) for row, col in enumerate((0, 2, 4, 1, 3))}  # q[row] = column
    wroclaw = {(col, row) for col, row in enumerate((0, 2, 4, 1, 3))}  # b[col] = row
    for choice in question.choices:
        values = list(numbers_in(choice.text))
        if len(values) == 2:
            square = (values[0], values[1])  # (column, row), as every choice names it
            assert (square in turin) == choice.correct, choice.text
            assert choice.correct or square in wroclaw  # the wrong one: b[] read the usual way
    assert any(choice.correct for choice in question.choices)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_1_practice_on_b_is_applied_not_read_off_the_text_above(lang: str) -> None:
    lesson = _lesson(lang, "problem")
    question = lesson.pages[1].questions[0]
    above = _page_text(lesson, 1, before=question.line)
    right = _right_choice(question)
    assert not _runs(right, 4) & _runs(above, 4), right
    b = [int(v) for v in re.search(r"b = \[([^\]]*)\]", question.prompt)[1].split(",")]  # type: ignore[index]
    squares = {(col, row) for col, row in enumerate(b) if row >= 0}
    values = list(numbers_in(right))
    assert {(values[i], values[i + 1]) for i in range(0, len(values), 2)} == squares


@pytest.mark.parametrize("lang", LANGUAGES)
def test_lesson_1_q3_reasons_do_not_restate_the_right_choice(lang: str) -> None:
    lesson = _lesson(lang, "problem")
    quiz = next(i for i, page in enumerate(lesson.pages) if page.scored)
    question = lesson.pages[quiz].questions[2]
    right = _runs(_right_choice(question), 4)
    for choice in question.choices:
        if not choice.correct:
            assert choice.why and not right & _runs(choice.why, 4), choice.why
    # the student's sentence: "one number per column is enough only if no column is empty..."
    assert "only if" not in question.choices[0].why


@pytest.mark.parametrize("lang", LANGUAGES)
def test_queen_row_feedback_does_not_hand_over_the_entry(lang: str) -> None:
    """L1 p3: "... so the answer is b[3]" with the table on screen."""
    i18n.set_language(lang)
    for b in run_method(DEFAULT_METHOD, 5, every=True).solutions:
        for col in range(5):
            params = {"b": "[" + ",".join(map(str, b)) + "]", "col": str(col)}
            posed = pose(Question(1, "queen-row", params), None)
            for given, message in posed.wrong.items():
                assert f"b[{col}]" not in message, (b, col, given, message)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_rotations_alone_feedback_does_not_steer_to_8(lang: str) -> None:
    """L7 p2 and Q3: "4 is what the 4 rotations alone give. The question counts all 8
    symmetries" pointed at 8 whatever the orbit."""
    i18n.set_language(lang)
    said = say("mistake.rotations_only", given=2)
    assert 8 not in set(numbers_in(said)), said
    for n in (4, 5, 6, 8):
        for b in run_method(DEFAULT_METHOD, n, every=True).solutions:
            params = {"b": "[" + ",".join(map(str, b)) + "]"}
            posed = pose(Question(1, "orbit", params), None)
            right = len(symmetry.orbit(b))
            turned = len({t.apply(b) for t in symmetry.ROTATIONS})
            if turned != right:
                assert posed.wrong[str(turned)] == say("mistake.rotations_only", given=turned)


_NAMED = re.compile(r"(col\+row|row-col) is -?\d+ for both squares")


def test_diagonal_reasons_never_name_the_right_choice() -> None:
    i18n.set_language("en")
    squares = [(c, r) for c in range(8) for r in range(8)]
    seen, rights = 0, set()
    for a in squares:
        for b in squares:
            if a >= b or a[0] == b[0] or a[1] == b[1]:
                continue
            params = {"square": f"{a[0]},{a[1]}", "other": f"{b[0]},{b[1]}"}
            posed = pose(Question(1, "same-diagonal", params), None)
            rights.add(posed.expected)
            for message in posed.wrong.values():
                assert not _NAMED.search(message), message
                assert "no diagonal joins them" not in message  # "neither" said for them
                assert "neither number" not in message and "the rule is" not in message
                seen += 1
            assert _words(posed.hint)[:1] == ["column"] and str(a[0] + a[1]) in posed.hint
            assert all(posed.hint not in message for message in posed.wrong.values())
    assert seen > 1000 and len(rights) == 3  # each line the right one somewhere
    from lessons.quiz.diagonals import Line, why_not

    for picked in (Line.SUM, Line.DIFF, Line.NONE):  # a shared row: attack-rule's own case
        said = why_not(picked, (0, 2), (3, 2), tuple(Line))
        assert said and not re.search(r"is -?\d+ for both squares", said), said
        assert "neither number" not in said and "the rule is" not in said, said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_place_hints_add_to_the_page(lang: str) -> None:
    lesson = _lesson(lang, "small-boards")
    for page in lesson.pages:
        for question in page.questions:
            if question.kind != "place" or question.params.get("goal") == "drive":
                continue
            posed = pose(question, None)
            n = int(question.params["n"])
            if question.params["goal"] == "exhaust":
                assert f"{n}! = " in posed.hint
            else:  # the row of column 0's queen in the loop's first solution
                first = run_method(DEFAULT_METHOD, n).solutions[0][0]
                assert str(first) in set(map(str, numbers_in(posed.hint)))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_examined_hint_is_not_the_search_space_feedback(lang: str) -> None:
    i18n.set_language(lang)
    posed = pose(Question(1, "examined", {"method": "permutations", "n": "6"}), None)
    hinted = {word for word in _words(posed.hint) if len(word) > 3}
    for message in posed.wrong.values():  # "not the search space: count to the first solution"
        shared = hinted & set(_words(message))
        assert len(shared) < len(hinted) / 2, (posed.hint, message)


@pytest.mark.parametrize(("lang", "three"), [("en", "three"), ("it", "tre"), ("pl", "trzy")])
def test_a_number_word_is_said_to_count(lang: str, three: str) -> None:
    i18n.set_language(lang)
    posed = pose(
        Question(1, "number", prompt="?", answer="4", wrong=(("3", "Not 3."),)),
        None,
    )
    verdict = posed.check(three)
    assert verdict.counted and not verdict.correct
    assert f"{three} = 3" in verdict.message  # what it was read as
    assert three in say("format.number_typed", typed="x", point=".")
    assert _(
        "Type a whole number, in digits or as a word up to twelve (a number word counts as "
        "an answer too)."
    ) == say("format.number")


def test_the_students_page_lists_number_words_among_answers() -> None:
    text = STUDENTS.read_text(encoding="utf-8")
    section = text[text.index("While a question\nwaits") :][:2500]
    assert "`tre`" in section and "`trzy`" in section and "counts as an answer" in section


def test_the_italian_quiz_is_not_named_like_the_check_key() -> None:
    i18n.set_language("it")
    check = _("Check")
    asked = _("Quiz question:")
    for lesson in load_catalog("it").lessons:
        for page in lesson.pages:
            if page.scored:
                assert page.title != check, lesson.id
                assert page.title.casefold() in asked.casefold(), (page.title, asked)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_practice_miss_is_named_as_practice(lang: str, tmp_path: Path) -> None:
    i18n.set_language(lang)
    store = store_at(tmp_path)
    miss(store, "cost", ["7.0", "10.2"], when=at(0))  # page 8's practice, a quiz question
    lessons = load_catalog(lang).lessons
    plan = plan_review(lessons, store, at(1))
    said = " ".join(left_out(plan, lessons))
    assert _("{page} (practice)").format(page=8) in said, said
    assert _("{page} (practice)").format(page=11) not in said and "11" in said


def test_the_tree_marks_the_column_it_goes_back_to_and_its_queen_stays() -> None:
    engine = IterativeEngine(4, Mode.FIRST)
    tree = SearchTree(4)
    for _tick in range(9):
        engine.step()
    tree.follow(engine.snapshot())
    left = [node for node in tree.nodes() if node.state is NodeState.LEFT]
    assert [(node.col, node.row) for node in left] == [(1, 2)]
    assert engine.snapshot().b[1] == 2  # that queen still stands at tick 9
    engine.step()
    assert engine.snapshot().b[1] == 3  # the next tick moves it up
