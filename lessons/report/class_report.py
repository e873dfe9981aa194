"""A class as every view of a teacher's report sees it, gathered once (:func:`gather`): its
students, what the checks found, each lesson's rows, what counts of them with a course, the
question statistics, the roster's lines; and the class table."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import TYPE_CHECKING, Any

from lessons.course.words import points
from lessons.i18n import _, ngettext, pgettext
from lessons.progress.export import FIELDS, ReportRow, activity, class_report, lesson_info
from lessons.report import checks
from lessons.report import roster as rosters
from lessons.report.gradebook import GradebookRow, as_login, grade_words, gradebook
from lessons.report.identity import Roll, identify, line_login
from lessons.report.stats import QuestionStats, question_stats, runs_not_kept
from lessons.report.table import Column, Row, Section, Table, machine

if TYPE_CHECKING:
    from lessons.catalog import Catalog
    from lessons.course.grading import Grade
    from lessons.course.model import Course
    from lessons.model import Lesson
    from lessons.progress.export import Export

COUNTED_FIELDS = ("assignment", "counted", "counted_status", "counted_at")
"""The class table's columns with a course, after its others."""


def lesson_order(
    lessons: Sequence[Lesson], exports: Sequence[tuple[str, Export]]
) -> dict[str, int]:
    """Each lesson's place in every view: the order of ``lessons``, then a lesson not loaded
    here in the order the class first worked in them, then by id."""
    order = {lesson.id: index for index, lesson in enumerate(lessons)}
    first: dict[str, float] = {}
    for _source, export in exports:
        for key, record in export.records.items():
            if key not in order:
                began = activity(record)[0] or float("inf")  # 0: not known, last
                first[key] = min(first.get(key, began), began)
    for key in sorted(first, key=lambda key: (first[key], key)):
        order[key] = len(order)
    return order


def with_lesson_info(
    exports: Sequence[tuple[str, Export]], lessons: Sequence[Lesson]
) -> list[tuple[str, Export]]:
    """The files, each knowing the title, pages and points of the lessons loaded here."""
    known = lesson_info(lessons)
    found = []
    for source, export in exports:
        missing = {
            key: known[key] for key in export.records if key in known and key not in export.info
        }
        found.append(
            (source, replace(export, info={**export.info, **missing}) if missing else export)
        )
    return found


def max_scores(lessons: Sequence[Lesson], exports: Sequence[tuple[str, Export]]) -> dict[str, int]:
    """Each lesson's quiz points: as loaded here, else as a file says."""
    found: dict[str, int] = {}
    for _source, export in exports:
        for key, info in export.info.items():
            found.setdefault(key, info.max_score)
    found.update({lesson.id: lesson.max_score for lesson in lessons})
    return found


def unknown_lessons(exports: Sequence[tuple[str, Export]], lessons: Sequence[Lesson]) -> list[str]:
    """One problem naming the lessons the files hold that are neither loaded here nor
    described in the file, and the files."""
    known = {lesson.id for lesson in lessons}
    found: dict[str, None] = {}
    sources: dict[str, None] = {}
    for source, export in exports:
        for key in export.records:
            if key not in known and key not in export.info:
                found.setdefault(key, None)
                sources.setdefault(source, None)
    if not found:
        return []
    names = ", ".join(repr(key) for key in sorted(found))
    if len(sources) == 1:
        said = _(
            "{path}: lessons not loaded here that the file does not describe ({lessons}): "
            "their titles are not known, their pages only where a run was finished (it ended "
            "on the last), their order only as the class first worked in them; give their "
            "folder with --lessons-dir"
        )
        return [said.format(path=next(iter(sources)), lessons=names)]
    said = ngettext(
        "{count} file holds lessons not loaded here that it does not describe ({lessons}): "
        "their titles are not known, their pages only where a run was finished (it ended "
        "on the last), their order only as the class first worked in them; give their "
        "folder with --lessons-dir",
        "{count} files hold lessons not loaded here that they do not describe ({lessons}): "
        "their titles are not known, their pages only where a run was finished (it ended "
        "on the last), their order only as the class first worked in them; give their "
        "folder with --lessons-dir",
        len(sources),
    )
    return [said.format(count=len(sources), lessons=names)]


@dataclass
class ClassReport:
    """What every view of a report reads (:func:`gather`)."""

    exports: list[tuple[str, Export]]
    lessons: Sequence[Lesson]
    roster: list[str] | None
    course: Course | None
    roll: Roll
    problems: list[str]
    """What makes the report's exit status 1."""
    warnings: list[str]
    titles: dict[str, str]
    order: dict[str, int]
    scores: dict[str, int]
    book: list[GradebookRow] = field(default_factory=list)
    counts: dict[tuple[str, str], Grade] | None = None
    """With a course, each student's (source) lesson's grade alone."""
    duplicates: checks.Duplicates = field(default_factory=lambda: checks.Duplicates([], set()))
    loads: list[checks.Borrowed] = field(default_factory=list)
    mixed: list[checks.Mixed] = field(default_factory=list)
    unmatched: list[str] = field(default_factory=list)
    slips: list[str] = field(default_factory=list)
    """The roster's lines that name no student while a part of them does (among problems)."""

    @property
    def students(self) -> list[tuple[str, Export]]:
        """One merged export per student."""
        return self.roll.exports()

    @property
    def earned(self) -> dict[tuple[str, str], float]:
        """When the points that count of each (source, lesson) were earned."""
        counts = self.counts or {}
        return {key: g.earned_at.timestamp() for key, g in counts.items() if g.earned_at}

    def in_order(self, rows: Sequence[Any]) -> list[Any]:
        """``rows`` (anything with a ``lesson``) lesson by lesson in the report's order."""
        order = self.order
        return sorted(rows, key=lambda row: (order.get(row.lesson, len(order)), row.lesson))

    def rows(self) -> list[ReportRow]:
        """The class table's rows: one per student and lesson."""
        titles = self.titles
        found = [
            replace(row, title=titles.get(row.lesson, row.title))
            for row in class_report(self.students)
        ]
        return self.in_order(found)

    def stats(self) -> tuple[list[QuestionStats], list[tuple[str, str]]]:
        """The question statistics, and whose run that counts could not be counted."""
        once = checks.counted_once(self.students)
        found = question_stats(self.students, self.lessons, once, self.earned)
        return self.in_order(found), runs_not_kept(self.students, self.earned, once)

    def absent(self) -> list[str]:
        return rosters.absent(self.roster or (), self.roll)

    def not_on_roster(self) -> list[str]:
        return rosters.not_on_roster(self.roster or (), self.roll)

    def same_as(self, row: ReportRow) -> list[str]:
        """The other files holding the same records as the row's student's files."""
        sources = {student.source: student.sources for student in self.roll.students}
        mine = sources.get(row.source, [row.source])
        found = [other for source in mine for other in self.duplicates.same_as(source, row.lesson)]
        return list(dict.fromkeys(other for other in found if other not in mine))

    def logins(self) -> dict[str, str]:
        return {source: export.login for source, export in self.students}


def gather(
    exports: Sequence[tuple[str, Export]],
    lessons: Sequence[Lesson],
    roster: list[str] | None = None,
    course: Course | None = None,
    now: datetime | None = None,
    whole_class: bool = False,
    warnings: Sequence[str] = (),
) -> ClassReport:
    """The class of ``exports``, its lessons named by ``lessons``; with a ``course``, its
    gradebook; ``whole_class``: the files are the whole class (an extension naming nobody is
    said)."""
    exports = with_lesson_info(exports, lessons)
    problems = unknown_lessons(exports, lessons)
    roll = identify(exports, roster or ())
    titles: dict[str, str] = {}
    for _source, export in exports:
        for key, info in export.info.items():
            titles.setdefault(key, info.title)
    titles.update({lesson.id: lesson.title for lesson in lessons})
    scores = max_scores(lessons, exports)
    found = ClassReport(
        list(exports),
        lessons,
        roster,
        course,
        roll,
        problems,
        list(warnings),
        titles,
        lesson_order(lessons, exports),
        scores,
    )
    found.duplicates = checks.find_same(exports, roll)
    found.mixed = checks.mixed_versions(exports)
    found.loads = checks.borrowed(exports, roll)
    problems += roll.problems
    if course and (whole_class or roster):
        from lessons.report.gradebook import unmatched_extensions

        found.unmatched = unmatched_extensions(course, roll, roster or ())
    problems += found.unmatched if roster else []
    problems += [checks.same_warning(group) for group in found.duplicates.groups]
    problems += [checks.borrowed_warning(load) for load in found.loads]
    problems += [checks.mixed_warning(lesson) for lesson in found.mixed]
    found.slips = rosters.roster_slips(roster or (), roll)
    problems += found.slips
    found.warnings += rosters.repeated_lines(roster or (), roll)
    if course is not None:
        moment = now or datetime.now().astimezone()
        found.book = gradebook(course, exports, scores, moment, roster or (), roll)
    if course:
        found.counts = {
            (row.source, lesson): grade
            for row in found.book
            if row.source
            for lesson, grade in row.lessons.items()
        }
    return found


def _student(row: ReportRow, whose: Mapping[str, set[str]]) -> str:
    """The row's student, with her login when another student has her name."""
    if len(whose[row.student.casefold()]) > 1:
        return f"{row.student} ({row.login or row.source})"
    return row.student


def class_table(report: ClassReport) -> Table:
    """Per lesson and student: the pages done, the score, the hints and shown answers, when
    last active, with a course what counts; flagged done, started again, EDITED, SAME."""
    rows = report.rows()
    counts = report.counts or {}
    course = report.counts is not None
    shown_counts = course and any((row.source, row.lesson) in counts for row in rows)
    whose: dict[str, set[str]] = {}
    for row in rows:
        whose.setdefault(row.student.casefold(), set()).add(row.source)
    body = Section()
    for at, row in enumerate(rows):
        if not at or rows[at - 1].lesson != row.lesson:
            body.parts.append(Section(("", f"{row.title} ({row.lesson})")))
        same = report.same_as(row)
        grade = counts.get((row.source, row.lesson))
        values: dict[str, Any] = {**row.to_json(), "same_as": same}
        if course:
            values.update(dict.fromkeys(COUNTED_FIELDS))
        if grade is not None:
            moment = grade.handed_in
            values.update(
                assignment=grade.assignment.id,
                counted=grade.score,
                counted_status=str(grade.status),
                counted_at=machine(moment),
            )
        flags = [pgettext("report", "done")] if row.completed else []
        if row.again_page:
            flags.append(_("started again, on page {page}").format(page=row.again_page))
        flags += [] if row.intact else [pgettext("report", "EDITED")]
        flags += [pgettext("report", "SAME")] if same else []
        cells = [
            _student(row, whose),
            f"{row.pages_done}/{row.pages}" if row.pages else str(row.pages_done),
            f"{row.score}/{row.max_score}",
            str(row.hints),
            str(row.shown),
            row.last_activity[:16].replace("T", " ") or "-",
            "  ".join(flags),
        ]
        if shown_counts:
            cells.insert(3, grade_words(grade) if grade is not None else "-")
        body.parts[-1].rows.append(Row(values, cells))
    columns = [
        Column(pgettext("report", "Student")),
        Column(pgettext("report", "Pages"), least=6),
        Column(pgettext("report", "Score"), right=True, least=5),
        Column(pgettext("report", "Hints"), right=True, least=5),
        Column(pgettext("report", "Shown"), right=True, least=5),
        Column(pgettext("report", "Last active"), least=16),
        Column(""),
    ]
    if shown_counts:
        columns.insert(3, Column(pgettext("report", "Counts")))
    fields = (*FIELDS, "same_as", *(COUNTED_FIELDS if course else ()))
    csv = {"same_as": " ".join, "counted": lambda value: "" if value is None else points(value)}
    return Table("rows", fields, columns, body, fields, csv, header=1)


def absent_table(names: Sequence[str], fields: Sequence[str]) -> Table:
    """A row with only her name and login for each roster student with no progress."""
    rows = [
        Row({"student": str(name), "login": line_login(name) or as_login(name)}) for name in names
    ]
    return Table("absent", fields, body=Section(rows=rows))


def naming_lessons(catalog: Catalog) -> tuple[Lesson, ...]:
    """The lessons that name what the files hold: those offered here, those whose files fail
    only their check, and with ``--only-course`` the built-in ones too."""
    offered = {lesson.id for lesson in catalog.lessons}
    failing = tuple(lesson for lesson in catalog.failed_lessons if lesson.id not in offered)
    if not catalog.only_course:
        return catalog.lessons + failing
    from lessons.catalog import load_catalog

    builtin = load_catalog(catalog.lang).lessons
    known = offered | {lesson.id for lesson in failing}
    return catalog.lessons + failing + tuple(one for one in builtin if one.id not in known)


def lessons_in(catalog: Catalog, lang: str) -> tuple[Lesson, ...]:
    """:func:`naming_lessons` in language ``lang`` (a review's prompt as the student saw it)."""
    return naming_lessons(catalog.in_language(lang))
