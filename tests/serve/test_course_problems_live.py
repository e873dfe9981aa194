"""A course file broken while ``serve`` runs: the teacher's page shows
the course's problems first, in their own box, and the server's console is told when the
problems change (and when they are mended); without a server."""

from __future__ import annotations

import asyncio
import logging
import os
import time
from pathlib import Path

import pytest

from lessons.catalog import load_catalog
from lessons.course.files import CourseFiles
from tui.serve import server as served
from tui.serve.teacher_page import teacher_page

GOOD = '[[extension]]\nstudent = "bob"\nassignment = "week1"\ndue = 2026-11-28\n'


def course(tmp_path: Path) -> Path:
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "20-alpha.md").write_text(
        "@lesson alpha\n@title A\n\n@page One\nText.\n", encoding="utf-8"
    )
    (folder / "course.toml").write_text(
        '[[assignment]]\nid = "week1"\nlessons = ["alpha"]\ndue = 2026-11-20\n', encoding="utf-8"
    )
    (folder / "extensions.toml").write_text(GOOD, encoding="utf-8")
    return folder


def edit(path: Path, text: str) -> None:
    before = path.stat().st_mtime_ns
    path.write_text(text, encoding="utf-8")
    os.utime(path, ns=(before + 10**9, before + 10**9))  # a new stamp, however fast the test


def files_of(folder: Path) -> CourseFiles:
    catalog = load_catalog("en", [folder], only_course=True)
    return CourseFiles([folder], catalog.find, catalog.find_failed)


def test_the_teacher_page_shows_the_course_problems_first(tmp_path: Path) -> None:
    folder = course(tmp_path)
    files = files_of(folder)
    root = tmp_path / "served"
    (root / "users").mkdir(parents=True)
    catalog = load_catalog("en", [folder], only_course=True)
    assert "id='course-problems'" not in teacher_page(root, catalog, "prof", files)
    edit(folder / "extensions.toml", GOOD.replace('"week1"', '"wek1"'))
    page = teacher_page(root, catalog, "prof", files)
    box = page.index("id='course-problems'")
    assert box < page.index("id='sessions'")
    assert "extensions.toml:3: assignment must name one of the course" in page[box:]


def test_the_console_is_told_when_the_course_files_change_their_problems(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = course(tmp_path)
    files = files_of(folder)
    monkeypatch.setattr(served, "COURSE_WATCH", 0.01)

    def said_last(words: str) -> bool:
        return bool(caplog.records) and words in caplog.records[-1].getMessage()

    async def until(words: str) -> None:
        """Until the console's last line holds ``words`` (a generous deadline)."""
        deadline = time.monotonic() + 30
        while not said_last(words):
            assert time.monotonic() < deadline, [r.getMessage() for r in caplog.records]
            await asyncio.sleep(0.01)

    async def watch() -> None:
        server = object.__new__(served.TutorServer)
        task = asyncio.create_task(server.watch_course(files))
        await asyncio.sleep(0)  # the watch takes its first look
        edit(folder / "extensions.toml", GOOD.replace('"week1"', '"wek1"'))
        await until("assignment must name one of the course")
        edit(folder / "extensions.toml", GOOD)
        await until("the course's files have no problems now")
        task.cancel()

    with caplog.at_level(logging.INFO):
        asyncio.run(watch())
    said = [record.getMessage() for record in caplog.records]
    broken = [line for line in said if "assignment must name one of the course" in line]
    assert len(broken) == 1 and broken[0].startswith("course: ")
    assert said[-1] == "course: the course's files have no problems now"
