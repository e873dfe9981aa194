"""A name given with ``progress --name`` while the tutor runs: the tutor reads the student's
settings again when they change, and its lesson menu names her and her extension's date."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import OptionList

from lessons.shown_time import with_zone
from tests.cli.clirun import run_main
from tests.tui.screen_text import wait_for
from tui import app as app_module
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen

LESSON = "@lesson alpha\n@title Lesson alpha\n\n@page One\nText of alpha.\n"
NOW = datetime.now().astimezone().replace(microsecond=0)
DUE = NOW - timedelta(days=3)
EXTENDED = NOW + timedelta(days=2)


@pytest.fixture
def course(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Lesson 20 (alpha) due three days ago; fay extended to two days from now; the tutor runs
    on her laptop's account, fhopper."""
    monkeypatch.setenv("USER", "fhopper")
    monkeypatch.setenv("LOGNAME", "fhopper")
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "20-alpha.md").write_text(LESSON, encoding="utf-8")
    (folder / "course.toml").write_text(
        f'[[assignment]]\nid = "wk1"\nlessons = ["alpha"]\ndue = "{DUE.isoformat()}"\n',
        encoding="utf-8",
    )
    (folder / "extensions.toml").write_text(
        f'[[extension]]\nstudent = "fay"\nassignment = "wk1"\ndue = "{EXTENDED.isoformat()}"\n',
        encoding="utf-8",
    )
    return folder


def alpha_line(app: QueensTutorApp) -> str:
    options = app.screen.query_one(OptionList)
    lines = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
    return " ".join(next(line for line in lines if "Lesson alpha" in line).split())


async def test_the_menu_on_show_reads_a_name_given_in_another_terminal(
    course: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(app_module, "SAVE_RETRY_SECONDS", 0.1)
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(course)], only_course=True))
    async with app.run_test(size=(140, 30)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        assert "overdue since " + with_zone(DUE) in alpha_line(app), alpha_line(app)
        named = run_main("progress", "--name", "fay")  # in another terminal
        assert named.status == 0, named.err
        # without a key: her extension's date, as the gradebook reads it for fay
        await wait_for(pilot, lambda: "due " + with_zone(EXTENDED) in alpha_line(app))
        assert "overdue" not in alpha_line(app)


def test_the_plain_tutor_reads_a_name_given_in_another_terminal(course: Path) -> None:
    from solver.session.board import BoardSession
    from tui.plain.board_words import PlainBoard
    from tui.plain.output import Out
    from tui.plain.tutor import PlainTutor

    context = LessonContext.load("en", [str(course)], True)
    stream = io.StringIO()
    out = Out(stream)
    tutor = PlainTutor(out, PlainBoard(out, BoardSession(n=4)), lambda: context)
    assert tutor.handle("lessons")
    before = stream.getvalue()
    assert "overdue since " + with_zone(DUE) in " ".join(before.split())
    assert run_main("progress", "--name", "fay").status == 0
    assert tutor.handle("lessons")
    after = " ".join(stream.getvalue()[len(before) :].split())
    assert "Due dates for fay" in after and "due " + with_zone(EXTENDED) in after, after
