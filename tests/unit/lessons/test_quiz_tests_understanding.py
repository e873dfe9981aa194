"""Quiz questions test understanding: ``lessons check`` warns where a page prints a quiz answer,
no quiz question is answered before it is asked (as drawn for many students), a restarted quiz
draws every question anew, orbit questions draw orbits."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import AnswerType, Posed
from lessons.catalog import load_catalog
from lessons.checking.given_away import Met, numbers_in, told_on_page
from lessons.checking.validate import check_file, check_text
from lessons.model import Lesson, Question
from lessons.quiz.draw import draw, played, pool
from lessons.quiz.drawers.live import OnBoard, landing, placed
from lessons.quiz.drawers.pooled import orbit_size
from lessons.quiz.kinds import KINDS, LIVE
from lessons.quiz.pose import pose
from lessons.runner import LessonRun
from solver.stepping import back_to
from tests.cli.clirun import run_main
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import lesson_in, quiz_page, quiz_run, waiting

GIVEN_AWAY = """@lesson given
@title Given away
@summary S

@page Columns
One queen per column: for n = 8 that is 8^8 = 16,777,216 placements.

@quiz
@question search-space method=columns n=8
@end
"""


def test_numbers_are_read_with_any_thousands_separator() -> None:
    found = list(numbers_in("8^8 = 16,777,216 and 16.777.216 and 16 777 216, or 1820."))
    assert found == [8, 8, 16777216, 16777216, 16777216, 1820]


def test_an_answer_printed_before_the_quiz_is_a_warning_at_its_line() -> None:
    found = check_text(GIVEN_AWAY, "given.md", warnings=True)
    assert [str(error) for error in found] == [
        "given.md:6: warning: 16777216 here is the answer to the quiz question at line 9 "
        "(@question search-space method=columns n=8): a student who remembers it is right "
        "without understanding; ask about another instance, or leave the number out of this "
        "page"
    ]
    assert check_text(GIVEN_AWAY, "given.md") == []  # not an error: the lesson works


def test_every_instance_a_student_may_draw_is_looked_for(tmp_path: Path) -> None:
    # Drawn from 4..8: n = 4 is printed (256) though the lesson's own n = 6 is not.
    text = (
        GIVEN_AWAY.replace("16,777,216", "many")
        .replace("n=8\n@end", "n=6 pool=4..8\n@end")
        .replace("placements.", "placements; 256 on 4 x 4.")
    )
    path = tmp_path / "given.md"
    path.write_text(text, encoding="utf-8")
    found = [str(e) for e in check_file(path, warnings=True)]
    assert len(found) == 1 and found[0].startswith(f"{path}:6: warning: 256 here")
    assert "n=4" in found[0]


def test_lessons_check_prints_the_warning_and_exits_0(tmp_path: Path) -> None:
    path = tmp_path / "given.md"
    path.write_text(GIVEN_AWAY, encoding="utf-8")
    result = run_main("lessons", "check", str(path))
    assert result.status == 0
    assert f"{path}:6: warning: 16777216 here" in result.out
    assert result.out.splitlines()[-1].endswith(
        "no errors, 1 warning (the lessons work; a teacher should look)"
    )
    assert result.err == ""  # one summary line on one stream


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_no_built_in_quiz_answer_is_printed_before_its_quiz(lang: str) -> None:
    i18n.set_language("en")
    for lesson in load_catalog(lang).lessons:
        warned = [e for e in check_file(lesson.path, warnings=True) if e.warning]
        assert warned == [], [str(e) for e in warned]


def _orbit_questions() -> list[tuple[object, str, Question]]:
    i18n.set_language("en")
    lesson = next(le for le in load_catalog("en").lessons if le.id == "symmetry")
    index = next(i for i, page in enumerate(lesson.pages) if page.scored)
    questions = [b for b in lesson.pages[index].blocks if isinstance(b, Question)]
    return [
        (lesson, f"{index}.{number}", q) for number, q in enumerate(questions) if q.kind == "orbit"
    ]


@pytest.mark.parametrize("seeds", sweep([range(1, 60), range(1, 200)], everyday=[range(1, 60)]))
def test_orbit_questions_draw_orbits_of_4_and_8_from_several_sizes(seeds: range) -> None:
    """Sixty students in the everyday run, two hundred in the thorough tier."""
    (lesson, key, question), (_, key2, question2) = _orbit_questions()
    sizes: Counter[int] = Counter()
    boards: set[int] = set()
    for seed in seeds:
        mine = draw(question, seed, key, lesson)  # type: ignore[arg-type]
        assert mine == draw(question, seed, key, lesson)  # type: ignore[arg-type]
        posed = pose(mine, None)
        assert posed.expected == str(orbit_size(mine.params))
        sizes[orbit_size(mine.params)] += 1
        boards.add(len(posed.placement))
        # The page's second orbit question: an orbit of another size than the first's.
        other = draw(question2, seed, key2, lesson, taken=[mine.params])  # type: ignore[arg-type]
        assert orbit_size(other.params) != orbit_size(mine.params)
    # The pool (n from 4 to 8) has orbits of 2 too, the practice 4 x 4 one and 5 x 5's
    # [1, 4, 2, 0, 3]: never drawn (a 5 x 5 orbit would tell part of Q4's count of the 5 x 5
    # board's unique solutions); nor a 1 x 1 board, which teaches nothing of orbits.
    assert set(sizes) == {4, 8}
    assert min(sizes.values()) > len(seeds) // 8  # each a fair share of the students
    assert len(boards) >= 2 and min(boards) >= 4  # 6 x 6 is Q1's, 4 x 4 the practice's


@pytest.mark.parametrize("seeds", sweep([range(1, 25), range(25, 100)], everyday=[range(1, 25)]))
def test_a_practice_orbit_is_never_drawn(seeds: range) -> None:
    (lesson, key, question), _ = _orbit_questions()
    practice = {(1, 3, 0, 2), (2, 0, 3, 1)}  # lesson 7's 4 x 4 orbit
    for seed in seeds:
        mine = draw(question, seed, key, lesson)  # type: ignore[arg-type]
        b = tuple(int(v) for v in mine.params["b"].strip("[]").split(","))
        assert b not in practice


def test_an_orbit_pool_is_checked() -> None:
    lesson = GIVEN_AWAY.split("@quiz")[0] + "@quiz\n@question orbit b=[1,3,0,2] pool=x\n@end\n"
    assert any("pool" in str(e) for e in check_text(lesson, "o.md"))
    good = dataclasses.replace(Question(1, "orbit", {"b": "[1,3,0,2]", "pool": "1,4"}), prompt="")
    assert pose(good, None).expected == "2"


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_no_quiz_keeps_its_right_choices_in_one_place(language: str) -> None:
    """No three choice questions in a row of a quiz have the right choice at the same place."""
    for lesson in load_catalog(language).lessons:
        places = [
            [index for index, choice in enumerate(question.choices) if choice.correct]
            for page in lesson.pages
            if page.scored
            for question in page.questions
            if question.kind == "choice"
        ]
        for first, second, third in zip(places, places[1:], places[2:], strict=False):
            assert not first == second == third, (lesson.id, places)


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
