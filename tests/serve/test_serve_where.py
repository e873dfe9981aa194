"""where.json (tui/serve/where.py): the screen's name, and a file written only on a change."""

from __future__ import annotations

import json
from pathlib import Path

from textual.screen import Screen

from tui.serve.where import Where, WhereFile, screen_name, where_in


class LessonMenuScreen(Screen[None]):
    pass


class QuitServedScreen(Screen[None]):
    pass


def test_a_screen_is_named_by_its_class_without_screen() -> None:
    assert screen_name(LessonMenuScreen()) == "lesson-menu"
    assert screen_name(QuitServedScreen()) == "quit-served"
    assert screen_name(Screen()) == "screen"


def test_no_lesson_open_is_null_lesson_and_page() -> None:
    assert where_in([LessonMenuScreen()]) == Where("lesson-menu", None, None)


async def test_where_json_is_written_when_where_changes(tmp_path: Path) -> None:
    path = tmp_path / "state" / "queens-tutor" / "where.json"
    where = WhereFile(path)
    where.look([LessonMenuScreen()])
    assert where.writing is not None
    await where.writing
    record = json.loads(path.read_text())
    assert record["schema"] == 1 and record["screen"] == "lesson-menu"
    assert record["lesson"] is None and record["page"] is None and record["updated"]
    path.unlink()
    where.look([LessonMenuScreen()])  # the same place: nothing written
    assert where.writing.done() and not path.exists()
    where.look([LessonMenuScreen(), QuitServedScreen()])
    await where.writing
    assert json.loads(path.read_text())["screen"] == "quit-served"
