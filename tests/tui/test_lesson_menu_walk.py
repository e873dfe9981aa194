"""The lesson menu at 80x24 as a teacher walked it (teacher walk 1, item 16): a built-in lesson in
an overdue assignment has a line too long for 80 columns; its second line is indented under
the title, not at the left edge."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path

from textual.widgets import OptionList

from tests.tui.screen_text import wait_for
from tests.tui.test_lesson_menu_course import stamp
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen


async def test_an_overdue_line_wraps_under_its_title(tmp_path: Path) -> None:
    due = (datetime.now() - timedelta(days=5)).astimezone().replace(microsecond=0)
    (tmp_path / "course.toml").write_text(
        f'[[assignment]]\nid = "week1"\nlessons = [4]\ndue = "{stamp(due)}"\n', encoding="utf-8"
    )
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(tmp_path)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one(OptionList)
        await wait_for(pilot, lambda: menu.option_count > 4)
        prompt = str(menu.get_option_at_index(4).prompt)
        assert "overdue since" in prompt
        lines = prompt.splitlines()
        assert len(lines) > 1 and all(line.startswith("    ") for line in lines[1:]), lines
        assert all(len(line) <= menu.scrollable_content_region.width for line in lines)


async def test_start_again_is_offered_only_on_a_started_lesson(tmp_path: Path) -> None:
    from tui.widgets.key_bar import KeyBar

    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(tmp_path)]))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        menu = app.screen.query_one(OptionList)
        await wait_for(pilot, lambda: menu.option_count > 2)
        menu.highlighted = 2  # lesson 2, never opened
        await pilot.pause()
        assert "Start again" not in str(app.screen.query_one(KeyBar).text)
        await pilot.press("enter")  # opened: a record now
        await wait_for(pilot, lambda: not isinstance(app.screen, LessonMenuScreen))
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        app.screen.query_one(OptionList).highlighted = 2
        await wait_for(pilot, lambda: "Start again" in str(app.screen.query_one(KeyBar).text))
