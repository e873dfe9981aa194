"""An extension given while the student's lesson is open: the open page's
status line and the lesson's end read the course's calendar as the menu does (its files are
read again when they change), in the full-screen tutor and the plain one."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import OptionList

from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext, account_name
from tui.screens import lesson_screen
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen

LESSON = "@lesson alpha\n@title Lesson alpha\n\n@page One\nText of alpha.\n"


def late_course(folder: Path) -> datetime:
    """A course of one lesson (20, alpha) due three days ago, late work counting half: its
    due date."""
    (folder / "20-alpha.md").write_text(LESSON, encoding="utf-8")
    due = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=3)
    (folder / "course.toml").write_text(
        f'[[assignment]]\nid = "wk1"\nlessons = ["alpha"]\ndue = "{due.isoformat()}"\n'
        "late_credit = 0.5\n",
        encoding="utf-8",
    )
    return due


def extend(folder: Path) -> datetime:
    """The teacher gives this student (the account's login) two more days: the new date."""
    later = datetime.now().astimezone().replace(microsecond=0) + timedelta(days=2)
    (folder / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "{account_name()}"\nassignment = "wk1"\n'
        f'due = "{later.isoformat()}"\n',
        encoding="utf-8",
    )
    return later


def status(app: QueensTutorApp) -> str:
    return " ".join(str(app.screen.query_one("#lesson-status").render()).split())


async def test_an_extension_given_while_the_lesson_is_open_reaches_its_status_and_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(lesson_screen.screen, "DATES_SECONDS", 0.1)
    late_course(tmp_path)
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(tmp_path)], only_course=True))
    async with app.run_test(size=(120, 30)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonScreen))
        await wait_for(pilot, lambda: "kept and counts 50%, marked late" in status(app))
        extend(tmp_path)
        # The late word goes as the calendar changes, without a key.
        await wait_for(pilot, lambda: "marked late" not in status(app))
        screen = app.screen
        assert isinstance(screen, LessonScreen)
        await pilot.press("enter")
        await wait_for(pilot, lambda: screen.lesson_run.finished)
        said = screen.finished_text()
        assert said.startswith("Lesson complete!"), said  # not "handed in late ... 50%"
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        detail = " ".join(str(app.screen.query_one("#menu-detail").render()).split())
        assert "(your extension)" in detail, detail
        options = app.screen.query_one(OptionList)
        lines = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert any("handed in on time" in line for line in lines), lines


def test_the_plain_lesson_s_end_reads_an_extension_given_while_it_is_open(
    tmp_path: Path,
) -> None:
    from solver.session.board import BoardSession
    from tui.plain.board_words import PlainBoard
    from tui.plain.output import Out
    from tui.plain.tutor import PlainTutor

    late_course(tmp_path)
    context = LessonContext.load("en", [str(tmp_path)], True)
    stream = io.StringIO()
    out = Out(stream)
    tutor = PlainTutor(out, PlainBoard(out, BoardSession(n=4)), lambda: context)
    assert tutor.handle("lesson 20")
    assert "kept and counts 50%, marked late" in " ".join(stream.getvalue().split())
    extend(tmp_path)
    for line in ("enter", "enter", "lessons"):
        assert tutor.handle(line)
    said = " ".join(stream.getvalue().split())
    assert "handed in late" not in said, said
    assert "Lesson complete!" in said
    assert "handed in on time" in said, said
