"""What the tutor needs for its lessons: the catalog, the progress store, a lesson to open; built
from the command line before the app starts. Imports no textual."""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date, datetime
from typing import TYPE_CHECKING, NamedTuple

from lessons.answers.whole_numbers import shown
from lessons.catalog import Catalog, load_catalog
from lessons.course.files import CourseFiles
from lessons.i18n import _
from lessons.model import Lesson
from lessons.progress.store import ProgressStore
from tui.options.args import UsageError

if TYPE_CHECKING:
    from lessons.catalog import Failed
    from lessons.course.grading import Grade
    from lessons.course.model import Assignment, Course, LatePolicy
    from lessons.course.whose import CourseIdentity
    from lessons.review.plan import ReviewPlan
    from lessons.review.run import ReviewRun
    from lessons.review.session import ReviewSession


def account_name() -> str | None:
    """The login of the account the tutor runs as, or None when it has none."""
    import getpass

    try:
        return getpass.getuser() or None
    except (KeyError, OSError):
        return None


class LessonDates(NamedTuple):
    """What an open lesson needs of the course's calendar, as its files say now: the student's due
    date, her late policy, and the late word; all None for a lesson in no assignment."""

    due: datetime | None = None
    late: LatePolicy | None = None
    notice: str | None = None


@dataclass
class LessonContext:
    """The lessons on offer, the student's progress, and the lesson to open first (if any)."""

    catalog: Catalog
    store: ProgressStore
    start: Lesson | None = None
    notices: list[str] = field(default_factory=list)
    """Warnings to show once in the app: skipped lesson files, progress-file problems."""
    course: CourseFiles | None = None
    """The course's calendar (``course.toml`` in a ``--lessons-dir``), read again when it
    changes; None without a lessons folder."""
    student: str | None = None
    """Who the course's extensions name this student by (lessons/course/whose.py; the server's login
    in a served tab; None for an anonymous tab)."""
    site: str = ""
    """The issuer of the course site whose id ``student`` is (a course-site tab); "": none."""
    account: str | None = None
    """The account's login (the server's in a served tab), which an export names."""
    whose: CourseIdentity | None = None
    """Whose due dates are read, and what the menu says about it."""
    clock: Callable[[], float] = time.time
    """Seconds since the epoch: what the review is due by and when its outcomes happen."""
    tried: date | None = None
    """``--today DATE``: the day the review and progress are shown as of; nothing is saved then
    (:meth:`try_on`)."""
    settings_seen: tuple[tuple[int, int, int] | None, ...] | None = None
    """The settings files' stamp when ``whose`` was read from them; None when it was not."""

    def refresh_identity(self) -> bool:
        """Read her course identity again when her settings changed; whether it changed."""
        if self.whose is None or self.settings_seen is None:
            return False
        from lessons.progress import settings

        now = settings.stamp()
        if now == self.settings_seen:
            return False
        self.settings_seen = now
        whose = course_identity(self.account, self.store)
        changed = whose != self.whose
        self.whose, self.student = whose, whose.student
        return changed

    def try_on(self, day: date) -> None:
        """The tutor as on ``day`` (``--today``): the review due then, and nothing saved, not
        the review's outcomes nor a lesson opened meanwhile."""
        from lessons.review.boxes import as_of

        self.clock, self.tried = as_of(day), day
        self.store.keep_in_memory()

    def review_plan(self) -> ReviewPlan:
        """What a review asks now (lessons/review/plan.py)."""
        from lessons.review.plan import plan_review

        return plan_review(self.catalog.lessons, self.store, self.clock())

    def review(self, plan: ReviewPlan | None = None) -> ReviewSession | None:
        """The review of what is due now (None: nothing is due, or nothing could be drawn)."""
        from lessons.review.session import compose

        plan = self.review_plan() if plan is None else plan
        if not plan.count:
            return None
        return compose(plan, self.catalog.lessons, self.store.review, self.store.review_seed())

    def review_run(self, review: ReviewSession) -> ReviewRun:
        """The review ``review`` worked by this student (as of ``tried``: not saved)."""
        from lessons.review.run import ReviewRun

        return ReviewRun(review, self.store, self.clock, self.tried)

    def assigned(self) -> list[Lesson]:
        """The lessons of the course's open assignments not handed in, the soonest due first."""
        from lessons.course.grading import Status

        found: list[tuple[datetime, int, Lesson]] = []
        for index, lesson in enumerate(self.catalog.lessons):
            grade = self.course_grade(lesson)
            if grade is not None and grade.status in (Status.OPEN, Status.MISSING):
                found.append((grade.due, index, lesson))
        return [lesson for _due, _index, lesson in sorted(found, key=lambda f: (f[0], f[1]))]

    def course_grade(self, lesson: Lesson, now: datetime | None = None) -> Grade | None:
        """The student's grade on the assignment of ``lesson`` as the files say now, or None."""
        if self.course is None or not self.course.course:
            return None
        from lessons.course.grading import grade

        assignment = self.course.course.assignment_of(lesson.id)
        if assignment is None:
            return None
        known = {item.id: item for item in self.catalog.lessons}
        records = {
            key: record
            for key in assignment.lessons
            if key in known and (record := self.store.record_for(known[key])) is not None
        }
        scores = {key: item.max_score for key, item in known.items()}
        book, whom = self._reading(assignment)
        return grade(book, assignment, whom, records, scores, now or datetime.now().astimezone())

    def _reading(self, assignment: Assignment) -> tuple[Course, str | None]:
        """The calendar and the name ``assignment`` is read for her (``Course.reading``)."""
        assert self.course is not None
        self.refresh_identity()
        whom = self.whose.whom if self.whose is not None else ()
        course = replace(self.course.course, site=self.site)
        book, name = course.reading(assignment, whom or [self.student or ""], self.student or "")
        return book, name or self.student

    def being_fixed(self) -> list[tuple[Lesson, Grade]]:
        """The lessons whose files fail their check, each with the student's grade on it."""
        offered = {lesson.id for lesson in self.catalog.lessons}
        found = []
        for lesson in self.catalog.failed_lessons:
            if lesson.id not in offered and (grade := self.course_grade(lesson)) is not None:
                found.append((lesson, grade))
        return found

    def late_for(self, grade: Grade) -> LatePolicy:
        """How late work counts on ``grade``'s assignment for this student."""
        book, whom = self._reading(grade.assignment)
        return book.late_for(grade.assignment, whom)

    def dates_of(self, lesson: Lesson) -> LessonDates:
        """``lesson``'s dates for this student as the course's files say now."""
        grade = self.course_grade(lesson)
        if grade is None:
            return LessonDates()
        from lessons.course.words import opening

        late = self.late_for(grade)
        return LessonDates(grade.due, late, opening(grade, late)[1])

    @classmethod
    def load(
        cls,
        lang: str | None = None,
        dirs: list[str] | None = None,
        only_course: bool = False,
        create: bool = True,
    ) -> LessonContext:
        """The lessons and the student's progress; ``create=False`` (a command that may only
        read) makes no data folder where there is none yet (:class:`ProgressStore`)."""
        from pathlib import Path

        from lessons import i18n

        if lang is None and i18n.current() != i18n.DEFAULT:
            lang = i18n.current()  # the tutor's language (else the locale's, for any language)
        catalog = load_catalog(lang, [Path(d) for d in dirs or []], only_course)
        store = ProgressStore(create=create)
        folders = [Path(d) for d in dirs or []]
        course = CourseFiles(folders, catalog.find, catalog.find_failed) if folders else None
        held = _held_broken(catalog, course)
        notices = [
            _("Lesson skipped: {error}").format(error=error)
            for error in catalog.errors
            if error.file not in {failed.source for failed in held}
        ]
        notices += [_("Progress: {warning}").format(warning=warning) for warning in store.warnings]
        if course is not None:
            notices += [
                _("Course: {error}").format(error=error)
                for error in course.errors
                if not any(str(failed.problem) in error.message for failed in held)
            ]
        from lessons.progress import settings

        account = account_name()
        seen = settings.stamp() if course is not None else None  # before it is read
        whose = course_identity(account, store) if course is not None else None
        student = whose.student if whose is not None else account
        return cls(
            catalog,
            store,
            None,
            notices,
            course=course,
            student=student,
            account=account,
            whose=whose,
            settings_seen=seen,
        )

    def calendar_line(self) -> str | None:
        """Whose due dates the menu shows, when the course has a calendar and it is worth
        saying (lessons/course/whose.py); else None."""
        self.refresh_identity()
        if self.whose is None or self.course is None or not self.course.course:
            return None
        return self.whose.line()

    @classmethod
    def from_args(cls, args: argparse.Namespace, create: bool = True) -> LessonContext:
        """The context for the tutor's command line (``create``: as :meth:`load`)."""
        from tui.options.lesson_options import only_course

        dirs = [str(d) for d in getattr(args, "lessons_dirs", None) or []]
        context = cls.load(getattr(args, "lang", None), dirs, only_course(args), create)
        wanted = getattr(args, "lesson", None)
        if wanted:
            context.start = context.catalog.find(wanted)
            if context.start is None:
                known = context.catalog.listing()  # numbers as the menus give them
                raise UsageError(
                    _("--lesson: no lesson {wanted}; the lessons are: {known}").format(
                        wanted=shown(wanted), known=known
                    )
                )
        return context


def course_identity(account: str | None, store: ProgressStore) -> CourseIdentity:
    """The student's course identity on this account (lessons/course/whose.py)."""
    from lessons.course.whose import owned, remembered, resolve
    from lessons.progress import settings

    data = settings.load()
    return resolve(account, remembered(data), store.records, owned(data))


def _held_broken(catalog: Catalog, course: CourseFiles | None) -> list[Failed]:
    """The teacher's lesson files that fail their check and that an assignment holds: the menu says
    each is being fixed, so their problems are not among a student's notices."""
    if course is None or not course.course:
        return []
    held = {lesson for assignment in course.course.assignments for lesson in assignment.lessons}
    return [failed for failed in catalog.failed if failed.id is not None and failed.id in held]
