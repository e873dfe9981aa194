"""The quiz questions computed from a board size or a drawn board (squares, diagonals, array
indices, orbits, b[], counts) draw their numbers per student: reproducible from the seed,
recorded, different between students, never a practice question's, never twice on a quiz page,
and answerable. (The live board's: test_drawn_live.py.)"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.checking.validate import check_text
from lessons.model import Lesson, Question
from lessons.progress.store import ProgressStore
from lessons.quiz.draw import draw, drawable, pool
from lessons.quiz.drawers.base import instance_text, normal
from lessons.quiz.kinds import KINDS, LIVE, VARIED
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from tests.tiers import examples, sweep
from tests.unit.lessons.quiz_runs import lesson_in, quiz_page, quiz_run, waiting

SIZED = {name for name, kind in KINDS.items() if kind.drawer.counted}


def practice_of(lesson: Lesson, kind: str) -> list[dict[str, str]]:
    """The parameters of the lesson's practice questions of ``kind``."""
    practice = [q for page in lesson.pages if not page.scored for q in page.questions]
    return [dict(q.params) for q in practice if q.kind == kind]


SEEDS = st.integers(min_value=1, max_value=2**31 - 1)


def _quiz_questions() -> list[tuple[Lesson, str, Question]]:
    i18n.set_language("en")
    found = []
    for lesson in load_catalog("en").lessons:
        for index, page in enumerate(lesson.pages):
            if not page.scored:
                continue
            questions = [b for b in page.blocks if isinstance(b, Question)]
            for number, question in enumerate(questions):
                if question.kind in VARIED - LIVE:
                    found.append((lesson, f"{index}.{number}", question))
    return found


QUIZ = _quiz_questions()


NOT_IN_A_QUIZ = {"examined", "rotations", "exists"}  # varied kinds no built-in quiz asks
# Lesson 7 asks Q'(6) = 1 as written: its page lists the four solutions (docs/lesson-format.md).
AS_WRITTEN = {("symmetry", "solutions")}


def test_the_built_in_quizzes_draw_their_numbers() -> None:
    kinds = {question.kind for _lesson, _key, question in QUIZ}
    assert kinds == VARIED - LIVE - NOT_IN_A_QUIZ  # every other varied kind is asked in a quiz
    for lesson, key, question in QUIZ:
        if question.kind in SIZED and (lesson.id, question.kind) not in AS_WRITTEN:
            assert len(drawable(question, lesson)) >= 2, (lesson.id, key)  # its pool= of sizes


@settings(max_examples=examples(40), deadline=None)
@given(seed=SEEDS, other=SEEDS)
def test_drawn_instances_are_answerable_reproducible_and_new(seed: int, other: int) -> None:
    differ = 0
    for lesson, key, question in QUIZ:
        mine = draw(question, seed, key, lesson, 8)
        assert mine == draw(question, seed, key, lesson, 8)  # the same student: the same
        assert mine.params in pool(question, 8)
        assert not any(normal(p) == normal(mine.params) for p in practice_of(lesson, question.kind))
        pose(mine, None)  # answerable
        differ += draw(question, other, key, lesson, 8) != mine
    if seed != other:
        assert differ > 0  # two students get different numbers somewhere


def test_two_students_rarely_share_a_quiz() -> None:
    lesson = max(
        {id(q[0]): q[0] for q in QUIZ}.values(), key=lambda one: sum(q[0] is one for q in QUIZ)
    )
    quizzes = {
        tuple(
            instance_text(draw(q, seed, key, lesson, 8).params)
            for _l, key, q in QUIZ
            if _l is lesson
        )
        for seed in range(1, 51)
    }
    assert len(quizzes) >= 45  # 50 students: almost all different


def test_the_seed_is_kept_and_the_instance_recorded(tmp_path: Path) -> None:
    lesson = lesson_in("en", "diagonals")
    store = ProgressStore(tmp_path / "progress.json")
    quiz = quiz_page(lesson)
    run = LessonRun(lesson, store, page=quiz)
    asked = run.asked
    assert asked is not None and asked.question.kind == "same-diagonal"
    seed = run.record.seed
    assert seed != 0
    run.answer(asked.posed.choice_label(int(asked.posed.expected)))
    recorded = run.record.answers[asked.key].instance
    assert recorded == instance_text(asked.question.params) and "square=" in recorded
    again = LessonRun(lesson, ProgressStore(tmp_path / "progress.json"), page=quiz)
    assert again.record.seed == seed
    assert again.asked is not None and again.asked.question == asked.question


def _quiz_instances(lesson: Lesson, seed: int, tmp_path: Path) -> list[tuple[str, str, str]]:
    """(key, kind, instance) of every question of the lesson's quiz for the student with
    ``seed``, each answered with its computed answer (graded right)."""
    run = quiz_run(lesson, seed, tmp_path / f"{lesson.id}-{seed}.json")
    found = []
    for asked in waiting(run):
        if asked.question.kind in SIZED:
            found.append((asked.key, asked.question.kind, asked.instance))
        run.reveal()
    return found


def _asks_each_instance_once(seed: int, tmp_path: Path) -> None:
    i18n.set_language("en")
    for lesson_id in ("naive-search", "cost"):
        lesson = lesson_in("en", lesson_id)
        asked = _quiz_instances(lesson, seed, tmp_path)
        assert asked
        by_kind = [(kind, instance) for _key, kind, instance in asked]
        assert len(set(by_kind)) == len(by_kind), lesson_id  # two of one kind: two sizes
        assert asked == _quiz_instances(lesson, seed, tmp_path)  # reproducible


def test_a_quiz_page_never_asks_one_instance_twice_for_a_student(tmp_path: Path) -> None:
    """One student in the everyday run; the property below draws them."""
    _asks_each_instance_once(1, tmp_path)


@pytest.mark.thorough
@pytest.mark.slow(6)
@settings(max_examples=examples(10), deadline=None)
@given(seed=SEEDS)
def test_a_quiz_page_never_asks_one_instance_twice(
    seed: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _asks_each_instance_once(seed, tmp_path_factory.mktemp("quiz"))


@pytest.mark.parametrize("seeds", sweep([range(1, 10), range(1, 30)], everyday=[range(1, 10)]))
def test_the_drawn_size_is_the_one_asked_and_graded(tmp_path: Path, seeds: range) -> None:
    lesson = lesson_in("en", "naive-search")
    seen = set()
    for seed in seeds:
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        asked = run.asked
        assert asked is not None and asked.question.kind == "search-space"
        n = int(asked.question.params["n"])
        assert n != 5  # the practice question's size
        assert f"n = {n}" in asked.posed.prompt  # the computed prompt names it
        assert "C(16" not in asked.posed.hint or n == 4  # the hint follows it
        squares = n * n
        answer = 1
        for chosen in range(n):  # C(n^2, n), worked out here
            answer = answer * (squares - chosen) // (chosen + 1)
        assert run.answer(str(answer)).correct
        assert run.record.answers[asked.key].instance == f"method=bruteforce n={n}"
        seen.add(n)
    assert seen == {6, 7}  # pool=5..7 without the practice question's 5 (1820: printed)


def test_examined_and_rotations_draw_too() -> None:
    lesson = lesson_in("en", "symmetry")
    examined = Question(1, "examined", {"method": "iterative", "n": "8", "pool": "5..8"})
    sizes = {draw(examined, seed, "9.0", lesson).params["n"] for seed in range(1, 40)}
    assert sizes == {"5", "6", "7", "8"}
    for n in sizes:
        posed = pose(Question(1, "examined", {"method": "iterative", "n": n}), None)
        assert f"compare {n}" in posed.prompt
    turned = Question(1, "rotations", {"b": "[0,4,7,5,2,6,1,3]"})
    practice = {instance_text(p) for p in practice_of(lesson, "rotations")}
    boards = {draw(turned, seed, "9.1", lesson).params["b"] for seed in range(1, 40)}
    assert len(boards) > 20 and not {f"b={b}" for b in boards} & practice
    for b in boards:
        assert pose(Question(1, "rotations", {"b": b}), None).expected in ("1", "2", "4")


def test_a_bad_pool_is_an_error_at_its_line() -> None:
    head = "@lesson p\n@title P\n@page One\nText.\n@quiz\n"
    errors = check_text(head + "@question solutions n=4 pool=4..x\n@end\n", "p.md")
    assert [e.line for e in errors] == [6] and "pool must list board sizes" in errors[0].message
    errors = check_text(head + "@question solutions n=4 pool=4..12\n@end\n", "p.md")
    assert errors and errors[0].line == 6  # n=11 and 12 take too long to count: refused
    assert check_text(head + "@question solutions n=4 pool=4..8\n@end\n", "p.md") == []
