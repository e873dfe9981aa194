"""Quiz questions draw their numbers or live-board situations per student: reproducible (on resume
too), recorded, answerable, different between students, never a practice question's nor twice."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.checking.validate import check_text
from lessons.model import Lesson, Question, Text
from lessons.parsing.parser import parse
from lessons.progress.store import ProgressStore
from lessons.quiz.draw import draw, drawable, pool, practice_situations
from lessons.quiz.drawers.base import instance_text, normal
from lessons.quiz.drawers.live import MAX_AHEAD
from lessons.quiz.drawers.live import spot_of as situation
from lessons.quiz.kinds import KINDS, LIVE, VARIED
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from lessons.stage import Stage
from solver.stepping import Stop
from tests.tiers import examples, sweep
from tests.unit.lessons.quiz_runs import lesson_in, quiz_page, quiz_run, right, waiting

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
    """(key, kind, instance) of the quiz's sized questions for ``seed``, answered right."""
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
        assert run.answer(str(math.comb(n * n, n))).correct  # C(n^2, n)
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


LIVE_QUIZZES = ("diagonals", "iterative", "recipe")  # whose quiz asks about the live board


def _own_ticks(lesson: Lesson) -> tuple[list[int], int]:
    """The lesson's own tick at each live quiz question, and after the quiz's board questions."""
    stage = Stage()
    quiz = quiz_page(lesson)
    ticks: list[int] = []
    for page in lesson.pages[: quiz + 1]:
        for block in page.blocks:
            if isinstance(block, Text):
                continue
            if not isinstance(block, Question):
                stage.apply(block)
                continue
            engine = stage.engine
            posed = pose(block, stage.session)
            if page.scored and block.kind in LIVE and engine is not None:
                ticks.append(engine.tick)
            if engine is not None:
                engine.run(Stop.END, max_ticks=posed.play)
    assert stage.engine is not None
    return ticks, stage.engine.tick


def _walk_quiz(lesson: Lesson, seed: int, path: Path) -> list[tuple[str, int, int]]:
    """(key, drawn tick, own tick) of each live quiz question, answered right and checked."""
    run = quiz_run(lesson, seed, path)
    own, _end = _own_ticks(lesson)
    practice = practice_situations(lesson)
    found: list[tuple[str, int, int]] = []
    for asked in waiting(run):
        engine = run.engine
        if asked.question.kind not in LIVE or engine is None:
            run.reveal()
            continue
        tick = int(asked.instance.removeprefix("tick="))
        assert engine.tick == tick  # the pane shows the drawn situation
        assert situation(engine) not in practice  # never a practice question's situation
        lesson_tick = own[len(found)]
        assert lesson_tick <= tick <= lesson_tick + MAX_AHEAD
        assert run.answer(right(run)).correct  # answerable, graded right
        assert run.record.answers[asked.key].instance == f"tick={tick}"
        found.append((asked.key, tick, lesson_tick))
    return found


def _drawn_for_two_students(
    seed: int, other: int, folder: Path, lesson_ids: tuple[str, ...] = LIVE_QUIZZES
) -> None:
    mine, theirs = [], []
    for lesson_id in lesson_ids:
        lesson = lesson_in("en", lesson_id)
        drawn = _walk_quiz(lesson, seed, folder / f"{lesson_id}-a.json")
        assert drawn  # each of these quizzes asks about the live board
        assert drawn == _walk_quiz(lesson, seed, folder / f"{lesson_id}-b.json")  # the same
        mine += drawn
        theirs += _walk_quiz(lesson, other, folder / f"{lesson_id}-c.json")
    if seed != other:
        assert mine != theirs  # two students are asked about different situations


@pytest.mark.parametrize("lesson_id", sweep(LIVE_QUIZZES, everyday=["iterative"]))
def test_drawn_situations_are_answerable_reproducible_new_and_differ_for_two_students(
    tmp_path: Path, lesson_id: str
) -> None:
    """One pair of students; the property below draws them on every live quiz."""
    _drawn_for_two_students(1, 2, tmp_path, (lesson_id,))


@pytest.mark.thorough
@pytest.mark.slow(10)
@settings(max_examples=examples(8), deadline=None)
@given(seed=SEEDS, other=SEEDS)
def test_drawn_situations_are_answerable_reproducible_new_and_differ(
    seed: int, other: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    _drawn_for_two_students(seed, other, tmp_path_factory.mktemp("live"))


def _first_drawn_tick(lesson: Lesson, seed: int, path: Path) -> int:
    """The tick drawn for the first live question of the lesson's quiz for ``seed``."""
    run = quiz_run(lesson, seed, path)
    for asked in waiting(run):
        if asked.question.kind in LIVE and run.engine is not None:
            return int(asked.instance.removeprefix("tick="))
        run.reveal()
    raise AssertionError(f"no live question in {lesson.id}'s quiz")


@pytest.mark.parametrize("seeds", sweep([(3,), (4, 5)], everyday=[(3,)]))
def test_the_board_is_the_lessons_own_after_the_questions(
    tmp_path: Path, seeds: tuple[int, ...]
) -> None:
    lesson = lesson_in("en", "iterative")
    own, _end = _own_ticks(lesson)
    for seed in seeds:
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        while run.asked is not None and run.asked.question.kind != "reach-n":
            if run.answered:
                run.go_on()
            else:
                run.answer(right(run))
                run.go_on()
        # where the lesson's own attacker question (play 0) left the board: @step 2 held
        assert run.engine is not None and run.engine.tick == own[-1]


def test_students_get_many_situations_and_a_quiz_left_goes_on_with_the_same(tmp_path: Path) -> None:
    """Students get many situations (each student's quiz walked to its first live question);
    the seed is saved as drawn: a quiz left at a live question asks it again at its tick."""
    lesson = lesson_in("en", "iterative")
    first = {_first_drawn_tick(lesson, seed, tmp_path / f"{seed}.json") for seed in range(1, 21)}
    assert len(first) >= 8  # 20 students: the first question at 8 or more different ticks
    path = tmp_path / "progress.json"
    run = LessonRun(lesson, ProgressStore(path))
    run.goto(quiz_page(lesson))
    assert run.asked is not None and run.asked.instance.startswith("tick=")
    whole = _walk_quiz(lesson, run.record.seed, tmp_path / "whole.json")
    for key, tick, _own in whole[:2]:  # left before its answer, then after the one before
        again = LessonRun(lesson, ProgressStore(path))
        assert again.asked is not None and again.asked.key == key
        assert again.asked.instance == f"tick={tick}"
        assert again.engine is not None and again.engine.tick == tick
        assert again.answer(right(again)).correct


RECURSIVE = "@board n=5 algorithm=recursive\n@step 3\n@question next-choice\n@end\n"
OTHER_BOARDS = (
    f"@lesson live\n@title Live boards\n\n@page Practice\n{RECURSIVE}\n@quiz\n{RECURSIVE}"
    "@board n=5 algorithm=general\n@step 9\n@question attacker\n@end\n@question attack-rule\n"
    "@end\n@board n=5 algorithm=scan\n@step 4\n@question next-state of=k ticks=2\n@end\n"
    "@board algorithm=maze maze=rooms\n@step 2\n@question next-choice\n@end\n"
)


@pytest.mark.parametrize("seeds", sweep([range(1, 6), range(6, 16)], everyday=[range(1, 6)]))
def test_every_methods_board_draws(tmp_path: Path, seeds: range) -> None:
    lesson = parse(OTHER_BOARDS, "live.md").lesson
    assert lesson is not None
    assert check_text(OTHER_BOARDS, "live.md") == []
    ticks: dict[str, set[int]] = {}
    for seed in seeds:
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        while not run.page_done:
            if run.answered:
                run.go_on()
                continue
            asked = run.asked
            assert asked is not None and run.engine is not None
            assert run.engine.tick == int(asked.instance.removeprefix("tick="))
            assert run.answer(right(run)).correct, asked.posed.prompt
            method = f"{asked.key} {run.engine.method}"
            ticks.setdefault(method, set()).add(int(asked.instance.removeprefix("tick=")))
    assert len(ticks) == 5
    for method, drawn in ticks.items():
        assert len(drawn) >= 2, method  # students get other situations on every board
    assert 3 not in ticks["1.0 recursive"]  # the practice question's situation
