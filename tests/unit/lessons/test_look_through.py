"""Looking through a finished lesson: every answered question shows read-only with its answer and
its board; none is asked again and nothing is recorded."""

from __future__ import annotations

import copy

import pytest

from lessons import i18n
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.tiers import sweep
from tests.unit.lessons.answers_on_screen import asked_in
from tui.lesson_context import LessonContext


def finished(lesson_id: str, lang: str = "en") -> LessonRun:
    """The lesson worked to its end (each answer shown), opened again: looked through."""
    lesson = LessonContext.load(lang=i18n.set_language(lang)).catalog.find(lesson_id)
    assert lesson is not None
    store = ProgressStore()
    assert all(run.asked for run in asked_in(LessonRun(lesson, store)))
    return LessonRun(lesson, store)


@pytest.mark.parametrize(  # diagonals in Italian: the choices the tutor computes, in its words
    "lesson_id",
    sweep(
        ["small-boards", "naive-search", "symmetry", "cost", "diagonals"],
        everyday=["naive-search", "diagonals"],
    ),
)
def test_every_question_shows_read_only_and_nothing_is_recorded(lesson_id: str) -> None:
    run = finished(lesson_id, "it" if lesson_id == "diagonals" else "en")
    assert run.looking_through and run.page_index == 0
    answers = copy.deepcopy(run.record.answers)
    keys = []
    while not run.finished:
        assert run.asked is None, f"asked again: {run.asked.key}"  # nothing to type into
        if run.answered:
            feedback = run.feedback
            asked = run.finished_question
            assert feedback is not None and asked is not None
            assert asked.posed.prompt[:30] in feedback.message  # each front end's own words
            assert asked.posed.plain_prompt[:30] in (feedback.plain_message or feedback.message)
            assert i18n._("Answered before; the score stays.") in feedback.message
            shown = i18n._("The answer: {answer}. {explanation}").split("{")[0]
            assert f"{shown}{asked.posed.answer_text}." in feedback.message
            for index, choice in enumerate(asked.posed.choices):  # the choices it names
                assert f"{asked.posed.choice_label(index)}. {i18n._(choice)}" in feedback.message
            keys.append(asked.key)
            run.go_on()
        else:
            assert run.page_done
            run.next_page()
    assert keys == sorted(answers, key=lambda k: tuple(map(int, k.split("."))))
    assert run.record.answers == answers


def test_a_question_with_its_own_board_shows_it_as_the_text_speaks_of_it() -> None:
    """A question's own board (lesson 7 pages 2 and 3) shows as the text speaks of it."""
    run = finished("symmetry")
    assert run.page_done  # page 1: no question
    run.next_page()
    assert run.answered and run.finished_question is not None
    assert run.finished_question.posed.placement == (3, 6, 2, 7, 1, 4, 0, 5)
    run.go_on()
    run.next_page()
    placements = []
    while run.page_index == 2 and not run.page_done:
        assert run.finished_question is not None
        placements.append(run.finished_question.posed.placement)
        run.go_on()
    assert placements == [(0, 4, 7, 5, 2, 6, 1, 3), (2, 4, 1, 7, 0, 6, 3, 5)]
    assert run.kept_board is not None
    assert run.kept_board.posed.placement == (2, 4, 1, 7, 0, 6, 3, 5)  # "It gives back only two"


def test_starting_again_asks_every_question() -> None:
    run = finished("naive-search")
    run.restart()
    assert not run.looking_through and run.asked is not None
