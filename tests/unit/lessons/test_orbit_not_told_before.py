"""Lesson 7's quiz draws its orbit questions per student, never a solution whose orbit an
earlier question of the quiz told (in its words or its feedback): checked over many students,
in the three languages, by reading everything the quiz showed before each orbit question."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons import i18n
from lessons.model import Question
from lessons.quiz.draw import draw
from lessons.quiz.drawers.pooled import stated_orbits
from solver import symmetry
from solver.runs import run_method
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import lesson_in, quiz_page, quiz_run, waiting

_ARRAY = re.compile(r"[\[{]\s*\d+(?:\s*,\s*\d+)+\s*[\]}]")


def _boards(text: str) -> set[tuple[int, ...]]:
    return {tuple(int(v) for v in re.findall(r"\d+", m.group())) for m in _ARRAY.finditer(text)}


def _solutions(n: int) -> set[tuple[int, ...]]:
    return {tuple(b) for b in run_method("iterative", n, every=True).solutions}


def _shown(question: Question, posed_texts: list[str]) -> list[str]:
    """What a question may show: the posed prompt, hint, choices, feedback (right and every
    wrong answer's), and the lesson's own words for it."""
    return [
        *posed_texts,
        question.prompt,
        question.hint,
        question.explain,
        *(words for _value, words in question.wrong),
        *(c.text + " " + c.why for c in question.choices),
    ]


def _one_orbit_sizes() -> set[int]:
    """The sizes whose solutions are all one orbit (a unique count of 1 tells their orbit)."""
    return {n for n in range(1, 9) if len({symmetry.canonical(b) for b in _solutions(n)}) == 1}


@pytest.mark.parametrize(
    ("lang", "seeds"),
    sweep(
        [("pl", range(1, 16)), ("pl", range(16, 61)), ("en", range(1, 61)), ("it", range(1, 61))],
        everyday=[("pl", range(1, 16))],
        several=True,
    ),
)
def test_an_orbit_question_never_asks_what_the_quiz_said_before(
    lang: str, seeds: range, tmp_path: Path
) -> None:
    i18n.set_language(lang)
    lesson = lesson_in(lang, "symmetry")
    i18n.set_language(lang)
    settled = _one_orbit_sizes()
    asked_orbits = 0
    sizes_asked: set[int] = set()
    for seed in seeds:
        run = quiz_run(lesson, seed, tmp_path / f"{seed}.json")
        told: set[tuple[int, ...]] = set()  # boards written out so far
        counted: set[int] = set()  # sizes whose unique count the quiz gave
        for asked in waiting(run):
            posed = asked.posed
            if asked.question.kind == "orbit":
                b = tuple(int(v) for v in asked.question.params["b"].strip("[]").split(","))
                orbit = symmetry.orbit(b)
                assert not orbit & told, (seed, asked.key, b)
                assert len(b) not in counted & settled, (seed, asked.key, b)
                asked_orbits += 1
                sizes_asked.add(len(b))
            if asked.question.kind == "solutions" and asked.question.params.get("unique"):
                counted.add(int(asked.question.params["n"]))
            verdict = run.reveal()
            texts = [posed.prompt, posed.hint, posed.explanation, *posed.choices, verdict.message]
            texts += list(posed.wrong.values())
            for text in _shown(asked.question, texts):
                told |= _boards(text)
    assert asked_orbits == 2 * len(seeds)  # Q3 and Q5
    assert len(sizes_asked) >= 3  # still drawn from several board sizes


@pytest.mark.parametrize("seeds", sweep([range(1, 40), range(40, 200)], everyday=[range(1, 40)]))
def test_the_draw_stays_the_same_for_one_student(seeds: range) -> None:
    lesson = lesson_in("en", "symmetry")
    page = quiz_page(lesson)
    questions = lesson.pages[page].questions
    last = len(questions) - 1
    assert questions[last].kind == "orbit"
    for seed in seeds:
        first = draw(questions[last], seed, f"{page}.{last}", lesson, 8)
        assert first == draw(questions[last], seed, f"{page}.{last}", lesson, 8)


def test_what_the_quiz_said_is_read_from_its_earlier_questions() -> None:
    lesson = lesson_in("en", "symmetry")
    page = quiz_page(lesson)
    orbits, sizes = stated_orbits(lesson, f"{page}.4")
    assert symmetry.orbit((1, 3, 5, 0, 2, 4)) in orbits  # Q1's words
    assert symmetry.orbit((0, 2, 4, 1, 3)) in orbits  # Q4's hint
    assert not sizes  # Q4 asks the 5 x 5 board's orbits: 10 solutions in orbits of 8 and 2
    first, sizes_first = stated_orbits(lesson, f"{page}.0")
    assert not first and not sizes_first  # nothing said before Q1
