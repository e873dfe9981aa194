"""Honest scores in the app: a hint taken by key is remembered after leaving the lesson and
coming back; reopening a finished lesson asks whether to start again."""

from __future__ import annotations

import pytest

from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.tui.screen_text import stacked, wait_for
from tests.tui.test_lessons_keyboard import answer_keys, tutor_at
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.restart_question import AGAIN, REVIEW, RestartQuestion


def finish(lesson_id: str) -> int:
    """Work a lesson to its end with the right answers; its score."""
    lesson = LessonContext.load(lang="en").catalog.find(lesson_id)
    assert lesson is not None
    run = LessonRun(lesson, ProgressStore())
    while not run.finished:
        if run.asked is not None:
            posed = run.asked.posed
            run.answer(posed.choice_label(int(posed.expected)) if posed.choices else posed.expected)
        elif run.answered:
            run.go_on()
        elif run.page_done:
            run.next_page()
    return run.score


async def test_a_hint_is_remembered_after_leaving_the_lesson() -> None:
    app = tutor_at("problem")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run0 = screen.lesson_run
        # The first quiz question with a hint (one with none costs nothing: nothing to remember).
        while run0.asked is None or not run0.page.scored or not run0.asked.posed.hint:
            if run0.asked is not None:
                await pilot.press("f3")
            await pilot.press("enter")
        key = run0.asked.key
        await pilot.press("f2", "escape")
        assert isinstance(app.screen, LessonMenuScreen)
        await pilot.press("enter")  # open it again
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        again = app.screen
        assert isinstance(again, LessonScreen)
        run = again.lesson_run
        assert run.asked is not None and run.asked.key == key and run.asked.hint_shown
        await pilot.press(*answer_keys(again))
        assert run.record.answers[key].hint and run.record.answers[key].points == 0


@pytest.mark.parametrize(("key", "score"), [("1", 0), ("2", None)])
async def test_reopening_a_finished_lesson_asks_whether_to_start_again(
    key: str, score: int | None
) -> None:
    best = finish("problem")
    assert best > 0
    app = tutor_at("problem")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        await pilot.press(key)
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        run = screen.lesson_run
        assert run.page_index == 0 and run.record.best_score == best
        assert run.score == (best if score is None else score)


async def test_escape_leaves_a_finished_lesson_alone() -> None:
    finish("problem")
    app = tutor_at("problem")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
    assert ProgressStore().records["problem"].completed


async def test_two_answers_to_the_restart_question_in_one_read_open_the_lesson_once() -> None:
    # "1" then Enter typed together: both reach the question before its dismissal has taken it
    # off the stack. A second dismissal popped the screen under it (the lesson just opened).
    finish("problem")
    app = tutor_at("problem")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        question = app.screen
        assert isinstance(question, RestartQuestion)
        question.action_choose(AGAIN)
        question.action_choose(REVIEW)
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await pilot.pause()
        names = stacked(app)
        assert names[-2:] == ["LessonMenuScreen", "LessonScreen"], names
        assert names.count("LessonScreen") == 1, names
