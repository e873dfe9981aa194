"""Progress that changes under the student: an answer that predates a change of its question is
told once; progress loaded while a lesson is open closes it, to go on from what was loaded."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import TextArea

from lessons.catalog import load_catalog
from lessons.parsing.parser import parse
from lessons.progress.export import export_text, lesson_info
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.cli.test_report_gradebook import LESSON
from tests.tui.lesson_apps import lesson_screen, tutor_on
from tests.tui.screen_text import region_lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.progress_transfer import LoadProgressScreen
from tui.screens.restart_question import RestartQuestion
from tui.widgets.lesson_pane import LessonPane

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
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        # The changed page is gone as it was: the student resumes on the page before it.
        assert screen.lesson_run.page_index == 0
        await pilot.press("n")
        await pilot.pause()
        assert screen.lesson_run.page_index == 1
        text = " ".join(region_lines(app, screen.query_one(LessonPane)))
        assert "The question on this page has changed since you answered it" in text, text
        assert "kept aside in your progress file" in text
        await pilot.press("f4")  # the page before, and back: told once
        assert screen.lesson_run.page_index == 0
        await pilot.press("n")
        await pilot.pause()
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


def toasts(app: QueensTutorApp) -> str:
    return " ".join(" ".join(str(toast.render()).split()) for toast in app.screen.query("Toast"))


async def test_a_load_closes_the_stale_lesson_and_keeps_the_loaded_answers(
    tmp_path: Path,
) -> None:
    course = tmp_path / "course"
    course.mkdir()
    (course / "20-alpha.md").write_text(LESSON.format(id="alpha"), encoding="utf-8")
    text = laptop_export(course)
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(course)], only_course=True))
    async with app.run_test(size=(100, 32), notifications=True) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
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
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, RestartQuestion))
