"""Honest scores: a hint taken is remembered after leaving the lesson; reopening a finished lesson
asks whether to start again or look through it, where the page keys never type into an answer
and the practice shows with its answer."""

from __future__ import annotations

import pytest

from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.tui.lesson_apps import lesson_screen
from tests.tui.screen_text import screen_lines, stacked, wait_for
from tests.tui.test_lessons_keyboard import answer_keys, tutor_at
from tests.unit.lessons.test_look_through import finished
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.restart_question import AGAIN, REVIEW, RestartQuestion
from tui.widgets.quiz_answer import AnswerField


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
        screen = await lesson_screen(pilot)
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


async def test_n_turns_the_pages_of_a_finished_lesson_and_types_nothing() -> None:
    finished("naive-search")  # lesson 3: a practice on its page 1
    app = tutor_at("naive-search")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        await pilot.press("2")  # look through it; the score stays
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        assert run.page_index == 0 and run.asked is None
        field = screen.query_one(AnswerField)
        for _ in range(10):  # the page's text read to its practice, shown with its answer
            if run.answered:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert run.answered and run.finished_question is not None and run.asked is None
        text = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "Answered before; the score stays." in text, text
        assert not field.display  # nothing to type into
        pages = {run.page_index}
        for _ in range(12):
            await pilot.press("n")
            await pilot.pause()
            assert run.asked is None and "n" not in field.text
            pages.add(run.page_index)
        assert len(pages) > 2  # the pages turned
        assert not any("nn" in line for line in screen_lines(app))
