"""Where a served tutor is, for ``report --live`` and the teacher's page:
``$XDG_STATE_HOME/queens-tutor/where.json`` and its tab's ``where/SESSION.json``, written
atomically when the screen, lesson or page changes::

    {"schema": 1, "screen": "lesson", "lesson": "recursion", "page": 3,
     "updated": "2025-03-04T10:15:02+01:00"}"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from platformdirs import user_state_path

from lessons.progress.folders import make_folder
from lessons.progress.safe_file import write_atomically
from tui.serve.tab import now_iso

if TYPE_CHECKING:
    from collections.abc import Sequence

    from textual.screen import Screen

SCHEMA = 1
LOOK_SECONDS = 1.0
FILE_NAME = "where.json"


def where_path() -> Path:
    """``$XDG_STATE_HOME/queens-tutor/where.json`` (platformdirs' user state path)."""
    state = os.environ.get("XDG_STATE_HOME")
    return (Path(state) / "queens-tutor" if state else user_state_path("queens-tutor")) / FILE_NAME


@dataclass(frozen=True)
class Where:
    screen: str
    lesson: str | None
    page: int | None
    title: str | None = None
    """The lesson's title as this tutor shows it (``report --live`` names the lesson by it)."""

    def to_json(self) -> bytes:
        record = {
            "schema": SCHEMA,
            "screen": self.screen,
            "lesson": self.lesson,
            "page": self.page,
            "updated": now_iso(),
        }
        if self.title is not None:
            record["title"] = self.title
        return (json.dumps(record) + "\n").encode("utf-8")


def where_in(stack: Sequence[Screen[Any]]) -> Where:
    """Where a tutor with the screens ``stack`` (bottom first) is."""
    lessons = sys.modules.get("tui.screens.lesson_screen")  # not imported: no lesson is open
    lesson: str | None = None
    page: int | None = None
    title: str | None = None
    for screen in reversed(stack):
        if lessons is not None and isinstance(screen, lessons.LessonScreen):
            lesson, page = screen.lesson.id, screen.lesson_run.page_index + 1
            title = screen.lesson.title
            break
    return Where(screen_name(stack[-1]) if stack else "", lesson, page, title)


def screen_name(screen: Screen[Any]) -> str:
    """``LessonMenuScreen``: ``lesson-menu``."""
    name = type(screen).__name__.removesuffix("Screen") or "screen"
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "-", name).lower()


def tab_where_path(session: str) -> Path:
    """Where session ``session`` (its folder's name) writes where it is:
    ``where/SESSION.json`` beside where.json."""
    return where_path().with_name("where") / f"{session}.json"


class WhereFile:
    """Writes where.json (and the tab's own, ``also``) when it changes, off the event loop."""

    def __init__(self, path: Path, also: Path | None = None) -> None:
        self.path = path
        self.also = also
        self.written: Where | None = None
        self.error: str | None = None
        """Why the last write failed (tried again at the next change), or None."""
        self.writing: asyncio.Task[None] | None = None
        """The write under way (or the last one)."""

    def look(self, stack: Sequence[Screen[Any]]) -> None:
        """Write where.json if ``stack`` is somewhere else than last written (and no write
        is under way: the next look writes the newest)."""
        if not stack or (self.writing is not None and not self.writing.done()):
            return
        where = where_in(stack)
        if where != self.written:
            self.written = where
            self.writing = asyncio.create_task(self._write(where))

    async def _write(self, where: Where) -> None:
        try:
            await asyncio.to_thread(self._write_now, where.to_json())
        except OSError as error:
            self.error = f"{self.path}: {error.strerror}"
            self.written = None  # tried again at the next look
        else:
            self.error = None

    def _write_now(self, content: bytes) -> None:
        for path in (self.path, self.also):
            if path is not None:
                make_folder(path.parent)
                write_atomically(path, content)
