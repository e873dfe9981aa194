"""A course's calendar as its files say now: read again whenever ``course.toml`` or
``extensions.toml`` changes (a ``stat`` of each file a look), without a restart."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lessons.course.model import Course
from lessons.course.reading import COURSE_FILE, EXTENSIONS_FILE, Find, FindFailed, read_courses
from lessons.model import LessonError
from lessons.progress.safe_file import file_stamp

_Stamp = tuple[tuple[int, int, int] | None, ...]


class CourseFiles:
    """The calendar of the lessons in ``folders``, read again when its files change."""

    def __init__(
        self, folders: Sequence[Path], find: Find, failed: FindFailed | None = None
    ) -> None:
        self.folders = tuple(folders)
        self.find = find
        self.failed = failed
        self._stamp: _Stamp | None = None
        self._course = Course()
        self._errors: list[LessonError] = []
        self._told: list[str] | None = None

    def _fresh(self) -> None:
        names = (COURSE_FILE, EXTENSIONS_FILE)
        stamp = tuple(file_stamp(folder / name) for folder in self.folders for name in names)
        if stamp != self._stamp:
            self._course, self._errors = read_courses(self.folders, self.find, self.failed)
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

    def untold(self) -> list[str] | None:
        """The problems of the files as they are now when they changed since the last call (an
        empty list: they are fixed), else None; the first call takes them as told already."""
        now = [str(error) for error in self.errors]
        if self._told is None or now == self._told:
            self._told = now
            return None
        self._told = now
        return now
