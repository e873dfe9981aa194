"""A course's calendar as its files say now: read again whenever ``course.toml`` or
``extensions.toml`` changes, so that a teacher gives a student more time (or moves a due date)
by editing a file, without restarting a tutor or a server.

Each look costs a ``stat`` of each file (size, modification time, inode): the tutor looks when
its lesson menu is drawn, the server's teacher page at each load, ``report`` once.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from lessons.course.model import Course
from lessons.course.reading import COURSE_FILE, EXTENSIONS_FILE, Find, read_courses
from lessons.model import LessonError

_Stamp = tuple[tuple[int, int, int] | None, ...]


class CourseFiles:
    """The calendar of the lessons in ``folders``, read again when its files change."""

    def __init__(self, folders: Sequence[Path], find: Find) -> None:
        self.folders = tuple(folders)
        self.find = find
        self._stamp: _Stamp | None = None
        self._course = Course()
        self._errors: list[LessonError] = []

    def _files(self) -> list[Path]:
        return [folder / name for folder in self.folders for name in (COURSE_FILE, EXTENSIONS_FILE)]

    def _stamps(self) -> _Stamp:
        found: list[tuple[int, int, int] | None] = []
        for path in self._files():
            try:
                status = os.stat(path)
            except OSError:
                found.append(None)
                continue
            found.append((status.st_mtime_ns, status.st_size, status.st_ino))
        return tuple(found)

    def _fresh(self) -> None:
        stamp = self._stamps()
        if stamp != self._stamp:
            self._course, self._errors = read_courses(self.folders, self.find)
            self._stamp = stamp

    @property
    def course(self) -> Course:
        """The calendar now (read again if a file changed since the last look)."""
        self._fresh()
        return self._course

    @property
    def errors(self) -> list[LessonError]:
        """The problems of the files as they are now."""
        self._fresh()
        return list(self._errors)
