"""No quiz question is answered before it is asked (:func:`told_on_page` over every built-in
quiz as drawn for many students), and a restarted quiz draws every question anew."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.answers.checking import AnswerType, Posed
from lessons.catalog import load_catalog
from lessons.checking.given_away import Met, told_on_page
from lessons.model import Lesson
from lessons.quiz.draw import played, pool
from lessons.quiz.drawers.live import OnBoard, landing, placed
from lessons.quiz.kinds import KINDS, LIVE
from lessons.runner import LessonRun
from solver.stepping import back_to
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import lesson_in, quiz_page, quiz_run, waiting

LESSONS = tuple(lesson.id for lesson in load_catalog("en").lessons)
"""Every built-in lesson, as the catalog lists them."""


def _met(run: LessonRun) -> tuple[list[Met], int | None]:
    """Each question of the run's quiz page as the student meets it, its answer shown, and
    the size of the board its questions about the live board are asked on."""
    met: list[Met] = []
    n = None
    for asked in waiting(run):
        engine = run.engine
        queens = landed = None
        if asked.question.kind in LIVE and engine is not None:
            queens = placed(engine)
            n = engine.n
            drawer = KINDS[asked.question.kind].drawer
            if isinstance(drawer, OnBoard) and drawer.plays:
                start = engine.tick
                landed = landing(engine)
                back_to(engine, start)
        met.append(Met(asked.question.line, asked.question.kind, asked.posed, queens, landed))
        run.reveal()
    return met, n


def _listed(lesson: Lesson, n: int | None) -> list[tuple[int, ...]]:
    """The solutions the pages before the lesson's quiz listed, of the quiz board's size."""
    quiz = quiz_page(lesson)
    before = next(each.listed for each in played(lesson) if each.key.startswith(f"{quiz}."))
    return [b for b in before if len(b) == n]


@pytest.mark.slow(6)
@pytest.mark.parametrize(
    ("lang", "seeds"),
    sweep(
        [
            (lang, seeds)
            for lang in ("en", "it", "pl")
            for seeds in (range(1, 2), range(2, 6), range(6, 21))
        ],
        everyday=[("en", range(1, 2))],
        several=True,
    ),
)
def test_no_quiz_question_is_answered_before_it_is_asked(
    tmp_path: Path, lang: str, seeds: range
) -> None:
    found: list[tuple[str, int, int, int | None]] = []
    for lesson_id in LESSONS:
        lesson = lesson_in(lang, lesson_id)
        for seed in seeds:
            run = quiz_run(lesson, seed, tmp_path / f"{lesson_id}-{seed}.json")
            met, n = _met(run)
            found += [(lesson_id, seed, *each) for each in told_on_page(met, _listed(lesson, n))]
    assert not found, found


def _posed(expected: str, wrong: dict[str, str] | None = None) -> Posed:
    return Posed(
        kind="next-choice",
        prompt="Where?",
        answer_type=AnswerType.NUMBER,
        expected=expected,
        explanation="",
        wrong=wrong or {},
    )


def test_the_check_finds_an_answer_told_on_the_same_columns_visit() -> None:
    """Lesson 5's quiz as a student met it: Q3's feedback to the slip 5 ("b[3] after a whole
    iteration") was Q4's answer, where column 3 waited with the same queens placed."""
    queens = ((0, 1), (1, 3), (2, 0))
    slip = _posed("3", {"5": "That is b[3] after a whole iteration."})
    told = [Met(177, "next-state", slip, queens), Met(179, "next-choice", _posed("5"), queens)]
    assert told_on_page(told) == [(179, 177)]
    moved = ((0, 1), (1, 3), (2, 0), (3, 5))
    assert told_on_page([told[0], Met(179, "next-choice", _posed("5"), moved)]) == []
    landed = ((0, 1), (1, 3), (2, 0), (3, 2), (4, 4))
    listed = [(1, 3, 0, 2, 4)]
    met = Met(183, "next-choice", _posed("4"), landed[:4], landed)
    assert told_on_page([met], listed) == [(183, None)]
    assert told_on_page([met], [(0, 2, 4, 1, 3)]) == []


@pytest.mark.parametrize("lesson_id", sweep(LESSONS, everyday=["recursive"]))
def test_a_restarted_quiz_asks_each_question_anew(tmp_path: Path, lesson_id: str) -> None:
    """Lesson 6's restart asked Q1 to Q4 word for word: a choice question's choices come in
    another order; every question a kind draws per student, another instance."""
    lesson = lesson_in("en", lesson_id)
    for seed in (1, 2):
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        first = _asked(run)
        run.restart()
        while run.page_index != quiz_page(lesson):
            run.goto(quiz_page(lesson))
        again = _asked(run)
        assert first.keys() == again.keys()
        for key, (kind, words, own) in first.items():
            drawer = KINDS[kind].drawer
            if (drawer.reorders and len(own.choices) > 1) or (drawer.varied and len(pool(own)) > 1):
                assert again[key][1] != words, (lesson_id, seed, key, kind)


def _asked(run: LessonRun) -> dict[str, tuple[str, tuple[str, ...], object]]:
    """Each question of the quiz page: its kind, what the student reads (prompt, choices,
    the board's tick) and the lesson's own question."""
    found: dict[str, tuple[str, tuple[str, ...], object]] = {}
    for asked in waiting(run):
        page = run.lesson.pages[run.page_index]
        own = page.questions[int(asked.key.split(".")[1])]
        tick = str(run.engine.tick) if run.engine is not None else ""
        words = (asked.posed.prompt, *asked.posed.choices, tick)
        found[asked.key] = (asked.question.kind, words, own)
        run.reveal()
    return found
