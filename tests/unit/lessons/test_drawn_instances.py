"""Issue 22, part 4: the quiz questions about squares and diagonals, array indices, orbits,
reading b[] and the construction draw their numbers per student: reproducible from the
student's seed, recorded with the answer, different between students, never a practice
question of the lesson, and every instance answerable."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.instances import VARIED, draw, instance_text, pool, practice_of
from lessons.model import Lesson, Question
from lessons.progress import ProgressStore
from lessons.quiz import pose
from lessons.runner import LessonRun

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
                if question.kind in VARIED:
                    found.append((lesson, f"{index}.{number}", question))
    return found


QUIZ = _quiz_questions()


def test_the_built_in_quizzes_draw_their_numbers() -> None:
    kinds = {question.kind for _lesson, _key, question in QUIZ}
    assert kinds == VARIED  # every varied kind is asked in some quiz


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, other=SEEDS)
def test_drawn_instances_are_answerable_reproducible_and_new(seed: int, other: int) -> None:
    differ = 0
    for lesson, key, question in QUIZ:
        mine = draw(question, seed, key, lesson, 8)
        assert mine == draw(question, seed, key, lesson, 8)  # the same student: the same
        assert mine.params in pool(question, 8)
        assert not any(
            {k: v.replace(" ", "") for k, v in p.items()} == mine.params
            for p in practice_of(lesson, question.kind)
        )
        pose(mine, None)  # answerable
        differ += draw(question, other, key, lesson, 8) != mine
    if seed != other:
        assert differ > 0  # two students get different numbers somewhere


def test_two_students_rarely_share_a_quiz() -> None:
    lesson = max(
        {id(q[0]): q[0] for q in QUIZ}.values(), key=lambda one: sum(q[0] is one for q in QUIZ)
    )
    quizzes = {
        tuple(instance_text(draw(q, seed, key, lesson, 8)) for _l, key, q in QUIZ if _l is lesson)
        for seed in range(1, 51)
    }
    assert len(quizzes) >= 45  # 50 students: almost all different


def test_the_seed_is_kept_and_the_instance_recorded(tmp_path: Path) -> None:
    i18n.set_language("en")
    lesson = load_catalog("en").find("diagonals")
    assert lesson is not None
    store = ProgressStore(tmp_path / "progress.json")
    quiz = next(i for i, page in enumerate(lesson.pages) if page.scored)
    run = LessonRun(lesson, store, page=quiz)
    asked = run.asked
    assert asked is not None and asked.question.kind == "same-diagonal"
    seed = run.record.seed
    assert seed != 0
    run.answer(str(int(asked.posed.expected) + 1))
    recorded = run.record.answers[asked.key].instance
    assert recorded == instance_text(asked.question) and "square=" in recorded
    again = LessonRun(lesson, ProgressStore(tmp_path / "progress.json"), page=quiz)
    assert again.record.seed == seed
    assert again.asked is not None and again.asked.question == asked.question
