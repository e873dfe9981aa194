"""Honest scores and progress: a hint taken is remembered; reopening a finished lesson asks whether
to start again or look through it (its keys never type into an answer); an answer predating a
change of its question is told once; progress loaded over an open lesson closes it."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual import events
from textual.widgets import TextArea

from lessons.catalog import load_catalog
from lessons.parsing.parser import parse
from lessons.progress.export import export_text, lesson_info
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.cli.test_report_gradebook import LESSON
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_opened, lesson_screen, menu_opened, toasts, tutor_on
from tests.tui.screen_text import press_for, pressed, region_lines, screen_lines, stacked, wait_for
from tests.tui.test_lessons_keyboard import answer_keys, tutor_at
from tests.unit.lessons.test_look_through import finished
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.progress_transfer import LoadProgressScreen
from tui.screens.restart_question import AGAIN, REVIEW, RestartQuestion
from tui.widgets.lesson_pane import LessonPane
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
    async with lesson_opened(app) as (pilot, screen):
        run0 = screen.lesson_run
        # The first quiz question with a hint (one with none costs nothing: nothing to remember).
        while run0.asked is None or not run0.page.scored or not run0.asked.posed.hint:
            if run0.asked is not None:
                await pilot.press("f3")
            await pilot.press("enter")
        key = run0.asked.key
        await pilot.press("f2", "escape")
        assert isinstance(app.screen, LessonMenuScreen)
        again = await press_for(pilot, LessonScreen, "enter")  # open it again
        run = again.lesson_run
        assert run.asked is not None and run.asked.key == key and run.asked.hint_shown
        await pilot.press(*answer_keys(again))
        assert run.record.answers[key].hint and run.record.answers[key].points == 0


@pytest.mark.parametrize(
    ("key", "score"), sweep([("1", 0), ("2", None)], everyday=[("1", 0)], several=True)
)
async def test_reopening_a_finished_lesson_asks_whether_to_start_again_escape_leaves_it(
    key: str, score: int | None
) -> None:
    best = finish("problem")
    assert best > 0
    app = tutor_at("problem")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
        await press_for(pilot, LessonMenuScreen, "escape")  # left alone
        assert ProgressStore().records["problem"].completed
        await press_for(pilot, RestartQuestion, "enter")  # asked again
        await pilot.press(key)
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        assert run.page_index == 0 and run.record.best_score == best
        assert run.score == (best if score is None else score)


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
        assert run.score == run.record.best_score  # looked through: the score stays
        field = screen.query_one(AnswerField)
        for _ in range(10):  # the page's text read to its practice, shown with its answer
            if run.answered:
                break
            await pressed(pilot, "enter")
        assert run.answered and run.finished_question is not None and run.asked is None
        text = " ".join(" ".join(screen_lines(app)).replace("│", " ").split())
        assert "Answered before; the score stays." in text, text
        assert not field.display  # nothing to type into
        pages = {run.page_index}
        for _ in range(12):
            await pressed(pilot, "n")
            assert run.asked is None and "n" not in field.text
            pages.add(run.page_index)
        assert len(pages) > 2  # the pages turned
        assert not any("nn" in line for line in screen_lines(app))


HEAD = "@lesson changed\n@title Changed\n\n@page Intro\nA page of text.\n\n"
END = "\n@page End\nThe end.\n"
OLD = HEAD + "@page Ask\nA question follows.\n@question exists n=3\n@end\n" + END
NEW = HEAD + "@page Ask\nA question follows.\n@question exists n=5\n@end\n" + END


async def test_the_changed_page_says_so_once() -> None:
    old = parse(OLD, "changed.md").lesson
    assert old is not None
    run = LessonRun(old, ProgressStore())
    run.goto(1)
    run.answer("2")  # "no": right
    assert run.record.answers
    app = tutor_on(NEW)
    async with lesson_opened(app) as (pilot, screen):
        # The changed page is gone as it was: the student resumes on the page before it.
        assert screen.lesson_run.page_index == 0
        await pressed(pilot, "n")
        assert screen.lesson_run.page_index == 1
        text = " ".join(region_lines(app, screen.query_one(LessonPane)))
        assert "The question on this page has changed since you answered it" in text, text
        assert "kept aside in your progress file" in text
        await pilot.press("f4")  # the page before, and back: told once
        assert screen.lesson_run.page_index == 0
        await pressed(pilot, "n")
        assert screen.lesson_run.page_index == 1
        text = " ".join(region_lines(app, screen.query_one(LessonPane)))
        assert "has changed since you answered it" not in text, text
    assert ProgressStore().records["changed"].retired  # the old answer is still there


def laptop_export(folder: Path) -> str:
    """Lesson alpha done on the laptop, both questions right at the first attempt: its
    export's text."""
    (lesson,) = load_catalog(None, [folder], only_course=True).lessons
    laptop = ProgressStore(folder / "laptop.json")
    run = LessonRun(lesson, laptop)
    for answer in ("2", "10"):
        assert run.answer(answer).correct
        run.go_on()
    assert run.completed
    return export_text(laptop.records, lesson_info([lesson]), student="nia", login="nialap")


async def test_a_load_closes_the_stale_lesson_and_keeps_the_loaded_answers(
    tmp_path: Path,
) -> None:
    course = tmp_path / "course"
    course.mkdir()
    (course / "20-alpha.md").write_text(LESSON.format(id="alpha"), encoding="utf-8")
    text = laptop_export(course)
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(course)], only_course=True))
    async with menu_opened(app, (100, 32), notifications=True) as pilot:
        menu = app.screen
        await press_for(pilot, LessonScreen, "enter")
        lesson = app.screen
        assert isinstance(lesson, LessonScreen) and lesson.lesson_run.asked is not None
        app.push_screen(LoadProgressScreen(app.lessons))
        await wait_for(pilot, lambda: bool(app.screen.query(TextArea)))
        app.screen.query_one(TextArea).focus()
        app.post_message(events.Paste(text))
        await pilot.pause()
        await pilot.click("#load-go")
        await wait_for(pilot, lambda: app.screen is menu)
        assert lesson not in app.screen_stack
        # the notices are shown as toasts, mounted once the menu is back: wait for them
        await wait_for(pilot, lambda: "Progress of 1 lesson loaded." in toasts(app))
        said = toasts(app)
        assert "Progress of 1 lesson loaded." in said and "was closed" in said, said
        record = app.lessons.store.records["alpha"]
        assert record.completed and record.score == 2
        assert all(answer.attempts == 1 for answer in record.answers.values())
        # Opened again, the lesson is the loaded one: done, so it asks whether to start
        # again or look through it, and poses no question the load answered.
        await press_for(pilot, RestartQuestion, "enter")
