"""Progress loaded while a lesson is open closes the lesson to the menu with a notice; opened
again it goes on from the loaded progress."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.widgets import TextArea

from lessons.catalog import load_catalog
from lessons.progress.export import export_text, lesson_info
from lessons.progress.store import ProgressStore
from lessons.runner import LessonRun
from tests.cli.test_report_gradebook import LESSON  # two number questions: 2, 10
from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.progress_transfer import LoadProgressScreen
from tui.screens.restart_question import RestartQuestion


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
