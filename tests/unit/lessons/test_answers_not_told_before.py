"""No question of a built-in lesson is answered on a page before it, in the ways a small
answer was given away (``lessons check`` warns of answers of two digits or more): a board state
an earlier page's feedback narrated, ``b[i] = v`` said before, the overlay's numbers under a
same-diagonal question, a rotations question after its solution's orbit was counted."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from lessons.answers.checking import AnswerType, Posed
from lessons.catalog import load_catalog
from lessons.model import Lesson, Overlay, Text
from lessons.runner import LessonRun
from solver.symmetry import orbit
from tests.tiers import sweep

LANGUAGES = ("en", "it", "pl")

pytestmark = pytest.mark.xdist_group("answers-told-before")  # one worker walks each language once


@dataclass(frozen=True)
class Asked:
    page: int
    """The page's index (0-based)."""
    kind: str
    params: dict[str, str]
    posed: Posed
    board: tuple[str, int, str] | None
    """The board's method, size and mode, when the page has one."""
    ticks: tuple[int, int]
    """The board's tick when asked and after the answer's ticks were played."""
    overlay: Overlay
    shown_before: str
    """The page text shown up to the question."""
    feedback: str
    """What the student reads after a right answer."""


def _right(posed: Posed) -> str:
    if posed.answer_type is AnswerType.CHOICE:
        return posed.choice_label(int(posed.expected))
    if posed.answer_type is AnswerType.ROW and posed.expected == "backtrack":
        return "b"
    return posed.expected


def _walk(lesson: Lesson) -> Iterator[Asked]:
    run = LessonRun(lesson)
    for index in range(len(lesson.pages)):
        run.goto(index)
        while run.asked is not None:
            engine = run.stage.engine
            board = None
            before = 0
            if engine is not None:
                board = (engine.method, engine.n, str(engine.mode))
                before = engine.tick
            shown = "\n".join(block.markdown for block in run.shown if isinstance(block, Text))
            asked = run.asked
            overlay = run.stage.overlay
            if asked.posed.answer_type is AnswerType.PLACE or asked.posed.kind == "guess":
                feedback = ""
            else:
                verdict = asked.posed.check(_right(asked.posed))
                assert verdict.correct, (lesson.id, index, asked.posed.prompt)
                feedback = verdict.message
            run.reveal()  # plays the question's ticks, as a right answer does
            after = engine.tick if engine is not None else 0
            yield Asked(
                index,
                asked.question.kind,
                dict(asked.question.params),
                asked.posed,
                board,
                (before, after),
                overlay,
                shown,
                feedback,
            )
            run.go_on()


def _lessons(language: str) -> list[Lesson]:
    return [lesson for lesson in load_catalog(language).lessons if lesson.id]


@functools.cache
def _walked(language: str) -> tuple[tuple[Lesson, tuple[Asked, ...]], ...]:
    """Every built-in lesson of ``language`` with its questions as walked, once a process."""
    return tuple((lesson, tuple(_walk(lesson))) for lesson in _lessons(language))


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_no_board_question_asks_for_a_state_an_earlier_page_narrated(language: str) -> None:
    problems = []
    for lesson, asked in _walked(language):
        walked = [a for a in asked if a.board is not None]
        for later in walked:
            if later.ticks[1] == later.ticks[0]:
                continue  # asks about the board as it stands
            if later.kind == "guess":
                continue  # the whole search tick by tick, each tick's feedback before the next
            for earlier in walked:
                if earlier.page >= later.page or earlier.board != later.board:
                    continue
                start, end = earlier.ticks
                if start < later.ticks[1] <= end:
                    problems.append(
                        f"{language} {lesson.id} page {later.page + 1}: the answer's tick "
                        f"{later.ticks[1]} was narrated on page {earlier.page + 1} "
                        f"(ticks {start}..{end})"
                    )
    assert not problems, "\n".join(problems)


_ENTRY = re.compile(r"b\[(\d+)\]\s*=\s*(-?\d+)")


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_no_question_about_b_i_follows_a_page_that_said_it(language: str) -> None:
    problems = []
    for lesson, walked in _walked(language):
        told: list[tuple[int, str]] = []
        for asked in walked:
            for match in _ENTRY.finditer(asked.posed.prompt):
                entry = f"b[{match.group(1)}] = {match.group(2)}"
                earlier = [page for page, text in told if page < asked.page and entry in text]
                if asked.kind == "choice" and earlier:
                    problems.append(
                        f"{language} {lesson.id} page {asked.page + 1} asks what {entry} "
                        f"says; page {earlier[0] + 1} said it"
                    )
            told.append((asked.page, _normal(asked.shown_before)))
            told.append((asked.page, _normal(asked.feedback)))
    assert not problems, "\n".join(problems)


def _normal(text: str) -> str:
    return re.sub(r"b\[(\d+)\]\s*=\s*(-?\d+)", r"b[\1] = \2", text)


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_no_same_diagonal_question_is_asked_over_the_numbers_that_answer_it(
    language: str,
) -> None:
    problems = [
        f"{language} {lesson.id} page {asked.page + 1}: overlay {asked.overlay.value}"
        for lesson, walked in _walked(language)
        for asked in walked
        if asked.kind in {"same-diagonal", "attack-rule"} and asked.overlay is not Overlay.OFF
    ]
    assert not problems, "\n".join(problems)


def _solution(params: dict[str, str]) -> tuple[int, ...]:
    return tuple(int(v) for v in params["b"].strip("[]").split(","))


@pytest.mark.parametrize("language", sweep(LANGUAGES, everyday=["pl"]))
def test_no_rotations_question_follows_the_orbit_of_its_solution(language: str) -> None:
    problems = []
    for lesson, walked in _walked(language):
        counted: list[tuple[int, frozenset[tuple[int, ...]]]] = []
        for asked in walked:
            b = asked.params.get("b")
            if asked.kind == "rotations":
                solution = _solution(asked.params) if b else None
                if solution is None:  # the board's own solution: read it from the prompt
                    found = re.search(r"\[([\d, ]+)\]", asked.posed.prompt)
                    assert found, asked.posed.prompt
                    solution = tuple(int(v) for v in found.group(1).split(","))
                for page, seen in counted:
                    if page < asked.page and solution in seen:
                        problems.append(
                            f"{language} {lesson.id} page {asked.page + 1}: the orbit of "
                            f"{list(solution)} was counted on page {page + 1}"
                        )
            if asked.kind == "orbit" and b:
                counted.append((asked.page, orbit(_solution(asked.params))))
    assert not problems, "\n".join(problems)
