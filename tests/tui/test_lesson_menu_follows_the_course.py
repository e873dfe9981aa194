"""An open lesson menu draws a due date again when the course's files change, without a key."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

import pytest
from textual.widgets import OptionList

from lessons.shown_time import local_minute
from tests.cli.course_kit import stamp
from tests.tui.lesson_apps import menu_opened
from tests.tui.screen_text import wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext, account_name
from tui.screens.lesson_menu import LessonMenuScreen

LESSON = "@lesson alpha\n@title Alpha\n\n@page One\nWords.\n"


async def test_an_extension_written_while_the_menu_is_open_shows_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(LessonMenuScreen, "course_look", 0.05)
    due = (datetime.now() - timedelta(days=1)).astimezone().replace(microsecond=0, second=0)
    later = due + timedelta(days=2)
    (tmp_path / "20-alpha.md").write_text(LESSON, encoding="utf-8")
    (tmp_path / "course.toml").write_text(
        f'[[assignment]]\nid = "w1"\nlessons = ["alpha"]\ndue = "{stamp(due)}"\n', encoding="utf-8"
    )
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(tmp_path)], only_course=True))
    async with menu_opened(app, (120, 30)) as pilot:
        menu = app.screen.query_one(OptionList)

        def alpha() -> str:
            return str(menu.get_option_at_index(1).prompt)

        assert f"overdue since {local_minute(due)}" in alpha()
        (tmp_path / "extensions.toml").write_text(
            f'[[extension]]\nstudent = "{account_name()}"\nassignment = "w1"\n'
            f'due = "{stamp(later)}"\n',
            encoding="utf-8",
        )
        await wait_for(pilot, lambda: f"due {local_minute(later)}" in alpha())
        assert isinstance(app.screen, LessonMenuScreen) and "overdue" not in alpha()

        def detail() -> str:
            return str(app.screen.query_one("#menu-detail").render())

        await wait_for(pilot, lambda: "(your extension)" in detail())  # the cursor's line anew
