"""Read and check a course's calendar: ``course.toml`` and ``extensions.toml`` in a folder of
lessons (docs/lesson-format.md, "A course's calendar").

Every problem of both files is a :class:`~lessons.model.LessonError` (``FILE:LINE: message``),
said at once, each once. What has a problem is left out (but for a title or a name holding a
control character, shown with symbols); the rest is used.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, tzinfo
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.course.fields import (
    MAX_TEXT,
    CourseFile,
    load,
    text_of,
    time_of,
    unknown_keys,
    zone_of,
)
from lessons.course.model import Assignment, Course, Extension, LatePolicy, same_name
from lessons.i18n import _
from lessons.model import LessonError, in_file_order
from lessons.shown_time import with_zone

if TYPE_CHECKING:
    from lessons.catalog import Failed
    from lessons.model import Lesson

Find = Callable[[str], "Lesson | None"]
"""Looks a lesson up by id or number (``Catalog.find``)."""
FindFailed = Callable[[str], "Failed | None"]
"""Looks up, by id or number, a lesson file that fails its check (``Catalog.find_failed``)."""

COURSE_FILE = "course.toml"
EXTENSIONS_FILE = "extensions.toml"
MAX_ITEMS = 10_000
"""The most assignments, or extensions, read from one file."""
_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
_LOGIN = re.compile(r"[\w.@+-]+")
"""What a login can be (a Unix account's name, a served user's, an e-mail address)."""
COURSE_KEYS = frozenset({"timezone", "assignment"})
ASSIGNMENT_KEYS = frozenset({"id", "title", "lessons", "opens", "due", "late_credit", "late_until"})
EXTENSION_KEYS = frozenset({"student", "assignment", "due", "site"})


@dataclass(frozen=True, slots=True)
class _Draft:
    """An assignment as the file gives it (None when it has a problem), its lesson references
    as written with their lines, not yet looked up, and its due date when that reads."""

    id: str
    line: int
    assignment: Assignment | None
    refs: tuple[tuple[str, int], ...]
    due: datetime | None = None


def _assignment(file: CourseFile, index: int, fields: Any, zone: tzinfo | None) -> _Draft | None:
    line, where = file.lines.table("assignment", index)
    if not isinstance(fields, dict):
        file.error(line, _("an assignment must be a table ([[assignment]])"))
        return None
    before = file.dropping
    unknown_keys(file, fields, ASSIGNMENT_KEYS, where, line)
    key = fields.get("id")
    if not isinstance(key, str) or not _ID.fullmatch(key):
        file.error(
            where.get("id", line),
            _("id must be a short name of letters, digits, -, _ and ., such as week1"),
        )
    title = fields.get("title", key)
    if "title" in fields:
        title = text_of(file, fields, "title", where.get("title", line))
    refs = _lesson_refs(file, fields.get("lessons"), where.get("lessons", line))
    if "due" not in fields:
        file.error(line, _("an assignment needs a due date (due = ...)"))
    due = time_of(file, fields, "due", where.get("due", line), zone, end=True)
    opens = time_of(file, fields, "opens", where.get("opens", line), zone, end=False)
    until = time_of(file, fields, "late_until", where.get("late_until", line), zone, end=True)
    credit = fields.get("late_credit", 1.0)
    if isinstance(credit, bool) or not isinstance(credit, int | float) or not 0 <= credit <= 1:
        file.error(
            where.get("late_credit", line),
            _("late_credit must be a number from 0 to 1 (what a late point is worth)"),
        )
        credit = 1.0
    if due is not None and opens is not None and opens >= due:
        file.error(where.get("due", line), _("the due date must come after the opening (opens)"))
    if due is not None and until is not None and until < due:
        file.error(where.get("late_until", line), _("late_until must come after the due date"))
    name = key if isinstance(key, str) else ""
    if file.dropping > before or due is None or not name or title is None:
        return _Draft(name, line, None, refs, due)
    late = LatePolicy(float(credit), until)
    return _Draft(name, line, Assignment(name, str(title), (), due, opens, late, line), refs, due)


def _lesson_refs(file: CourseFile, value: Any, line: int) -> tuple[tuple[str, int], ...]:
    if not isinstance(value, list) or not value:
        file.error(
            line,
            _(
                "lessons must list the assignment's lessons: their ids or numbers, such as "
                '["problem", 2]'
            ),
        )
        return ()
    refs = []
    for item in value[:MAX_ITEMS]:
        if isinstance(item, int) and not isinstance(item, bool) and 0 <= item < 10**6:
            refs.append((str(item), line))
        elif isinstance(item, str) and 0 < len(item) <= MAX_TEXT:
            refs.append((item, line))
        else:
            file.error(line, _("lessons must list lesson ids (text) or numbers"))
    return tuple(refs)


def _twice(file: CourseFile, line: int, lesson: str, assignment: str, told: set[str]) -> None:
    """A lesson an assignment lists more than once: it counts once, said once (``told``)."""
    if lesson in told:
        return
    told.add(lesson)
    file.error(
        line,
        _("lesson {lesson} is listed more than once in assignment {id}; it counts once").format(
            lesson=repr(lesson), id=repr(assignment)
        ),
    )


def _no_lesson(file: CourseFile, ref: str, line: int, assignment: str) -> None:
    file.error(
        line,
        _(
            "there is no lesson {ref} (an id, or the number of its file): "
            "assignment {id} is used without it"
        ).format(ref=repr(ref[:40]), id=repr(assignment)),
    )


def _resolve(
    file: CourseFile, drafts: Sequence[_Draft], find: Find, failed: FindFailed | None
) -> list[Assignment]:
    """The assignments with their lessons' ids. An unknown lesson, one listed twice, or one
    already in another assignment is an error and left out of this one, which keeps its
    other lessons (one with none left is left out). A lesson whose file fails its check
    (``failed``) is an error, and its assignment keeps it."""
    taken: dict[str, str] = {}
    seen_ids: set[str] = set()
    found: list[Assignment] = []
    for draft in drafts:
        if draft.id and draft.id in seen_ids:
            file.error(
                draft.line,
                _("assignment {id} is already in this course").format(id=repr(draft.id)),
            )
            for ref, line in draft.refs:
                if find(ref) is None and (failed is None or failed(ref) is None):
                    _no_lesson(file, ref, line, draft.id)
            continue
        seen_ids.add(draft.id)
        ids: list[str] = []
        twice: set[str] = set()
        for ref, line in draft.refs:
            lesson = find(ref)
            broken = failed(ref) if failed is not None and lesson is None else None
            if broken is not None:
                key = broken.id or ref
                if key in ids:
                    _twice(file, line, key, draft.id, twice)
                    continue
                file.error(
                    line,
                    _(
                        "lesson {ref} does not pass its check ({problem}): students cannot "
                        "open it until its file is fixed; the assignment keeps it"
                    ).format(ref=repr(ref[:40]), problem=broken.problem),
                )
                ids.append(key)
                continue
            if lesson is None:
                _no_lesson(file, ref, line, draft.id)
                continue
            other = taken.get(lesson.id)
            if other is not None and other != draft.id:
                file.error(
                    line,
                    _(
                        "lesson {lesson} is already in assignment {other}: a lesson has one "
                        "due date; assignment {id} is used without it"
                    ).format(lesson=repr(lesson.id), other=repr(other), id=repr(draft.id)),
                )
                continue
            if lesson.id in ids:
                _twice(file, line, lesson.id, draft.id, twice)
                continue
            taken[lesson.id] = draft.id
            ids.append(lesson.id)
        if ids and draft.assignment is not None:
            found.append(replace(draft.assignment, lessons=tuple(ids)))
    return found


def _extensions(
    file: CourseFile,
    data: Mapping[str, Any],
    zone: tzinfo | None,
    assignments: Sequence[Assignment],
    written: Mapping[str, datetime | None] | None = None,
) -> list[Extension]:
    """The extensions of ``file`` whose assignment is one of ``assignments``, each checked
    against ``written`` (every assignment id course.toml gives, with its due date)."""
    unknown_keys(file, data, frozenset({"extension"}), file.lines.top, 0)
    listed = data.get("extension", [])
    if not isinstance(listed, list):
        file.error(file.lines.top.get("extension", 0), _("extensions are [[extension]] tables"))
        return []
    known = {assignment.id: assignment for assignment in assignments}
    dues: dict[str, datetime | None] = dict(written or {})
    dues.update({assignment.id: assignment.due for assignment in assignments})
    ids = ", ".join(key for key in dues if key)
    seen: list[Extension] = []  # every extension without a problem, applying or waiting
    for index, fields in enumerate(listed[:MAX_ITEMS]):
        line, where = file.lines.table("extension", index)
        if not isinstance(fields, dict):
            file.error(line, _("an extension must be a table ([[extension]])"))
            continue
        before = file.dropping
        unknown_keys(file, fields, EXTENSION_KEYS, where, line)
        if "student" not in fields:
            file.error(line, _("an extension needs the student's login or name (student = ...)"))
            student = None
        else:
            student = text_of(file, fields, "student", where.get("student", line))
        site = text_of(file, fields, "site", where.get("site", line)) if "site" in fields else ""
        key = fields.get("assignment")
        named = key if isinstance(key, str) and key in dues else None
        if "assignment" not in fields:
            file.error(
                line,
                _(
                    "an extension needs its assignment's id (assignment = ...): one of {known}"
                ).format(known=ids)
                if ids
                else _(
                    "an extension needs its assignment's id (assignment = ...); course.toml "
                    "gives no assignment id yet"
                ),
            )
        elif named is None:
            file.error(
                where.get("assignment", line),
                _("assignment must name one of the course's: {known}").format(known=ids)
                if ids
                else _(
                    "assignment {id} is not in the course: course.toml gives no assignment id yet"
                ).format(id=repr(str(key)[:40])),
            )
        if "due" not in fields:
            file.error(line, _("an extension needs its new due date (due = ...)"))
        due = time_of(file, fields, "due", where.get("due", line), zone, end=True)
        own_due = dues.get(named) if named is not None else None
        if due is not None and own_due is not None and due <= own_due:
            file.error(
                where.get("due", line),
                _("an extension's due date must come after the assignment's ({due})").format(
                    due=with_zone(own_due)
                ),
            )
        if file.dropping > before or student is None or named is None or due is None:
            continue
        given = next(
            (
                e
                for e in seen
                if (e.assignment, e.site) == (named, site) and same_name(e.student, student)
            ),
            None,
        )
        if given is not None:
            file.error(
                where.get("student", line),
                _(
                    "student {student} already has an extension of assignment {id} (line "
                    "{line}); this one is left out: keep one extension per student and assignment"
                ).format(student=repr(student), id=repr(named), line=given.line),
            )
            continue
        seen.append(Extension(student, named, due, line, str(file.path), site or ""))
    return [extension for extension in seen if extension.assignment in known]


def _is_file(path: Path) -> bool:
    """``path`` is a file (a folder that cannot be searched has none)."""
    try:
        return path.is_file()
    except OSError:
        return False


def read_course(
    folder: Path, find: Find, failed: FindFailed | None = None
) -> tuple[Course, list[LessonError]]:
    """The calendar of the lessons in ``folder`` (empty without ``course.toml``) and every
    problem of its files. ``find`` looks a lesson reference (an id or a number) up among the
    lessons offered, ``failed`` among the lesson files that fail their check."""
    errors: list[LessonError] = []
    loaded = load(folder / COURSE_FILE, errors)
    if loaded is None:
        if _is_file(folder / EXTENSIONS_FILE) and not _is_file(folder / COURSE_FILE):
            errors.append(
                LessonError(
                    str(folder / EXTENSIONS_FILE),
                    0,
                    _("there is no course.toml beside it: its extensions apply to nothing"),
                )
            )
        return Course(), errors
    data, lines = loaded
    file = CourseFile(folder / COURSE_FILE, lines, errors)
    unknown_keys(file, data, COURSE_KEYS, lines.top, 0)
    zone = zone_of(file, data)
    listed = data.get("assignment", [])
    if not isinstance(listed, list):
        file.error(lines.top.get("assignment", 0), _("assignments are [[assignment]] tables"))
        listed = []
    drafts = [
        draft
        for index, fields in enumerate(listed[:MAX_ITEMS])
        if (draft := _assignment(file, index, fields, zone)) is not None
    ]
    assignments = _resolve(file, drafts, find, failed)
    extensions: list[Extension] = []
    more = load(folder / EXTENSIONS_FILE, errors)
    if more is not None:
        extra, extra_lines = more
        extensions = _extensions(
            CourseFile(folder / EXTENSIONS_FILE, extra_lines, errors),
            extra,
            zone,
            assignments,
            {draft.id: draft.due for draft in drafts if draft.id},
        )
    return Course(tuple(assignments), tuple(extensions)), in_file_order(
        errors
    )  # course.toml's, then extensions.toml's


def read_courses(
    folders: Iterable[Path], find: Find, failed: FindFailed | None = None
) -> tuple[Course, list[LessonError]]:
    """The calendars of several folders as one course (an assignment id twice is an error)."""
    assignments: list[Assignment] = []
    extensions: list[Extension] = []
    errors: list[LessonError] = []
    for folder in folders:
        course, problems = read_course(folder, find, failed)
        errors += problems
        for assignment in course.assignments:
            if any(other.id == assignment.id for other in assignments):
                errors.append(
                    LessonError(
                        str(folder / COURSE_FILE),
                        assignment.line,
                        _("assignment {id} is already in another folder's course").format(
                            id=repr(assignment.id)
                        ),
                    )
                )
                continue
            assignments.append(assignment)
        extensions += course.extensions
    return Course(tuple(assignments), tuple(extensions)), errors


def names_not_logins(folder: Path, course: Course) -> list[LessonError]:
    """A warning for each extension in ``folder``'s ``extensions.toml`` whose ``student`` cannot
    be a login (her own tutor knows her by her login unless she gives that name)."""
    path = str(folder / EXTENSIONS_FILE)
    written: list[tuple[str, int]] = [(e.student, e.line) for e in course.extensions]
    more = load(folder / EXTENSIONS_FILE, [])  # its problems: read_course said them
    listed = more[0].get("extension", []) if more is not None else []
    if more is not None and isinstance(listed, list):
        for index, fields in enumerate(listed[:MAX_ITEMS]):
            student = fields.get("student") if isinstance(fields, dict) else None
            line = more[1].table("extension", index)[0]
            if isinstance(student, str) and all(line != seen for _name, seen in written):
                written.append((student, line))
    return [
        LessonError(
            path,
            line,
            _(
                "student {student} is a name, not a login: the gradebook of the files "
                "exported under that name honours this extension, but the student's own "
                "tutor in a terminal (which knows her login, $USER) does only once she gives "
                "that name there (queens-tutor progress --name), and the server only for a "
                "user it knows by that name; write the login to reach them too"
            ).format(student=repr(student)),
            warning=True,
        )
        for student, line in sorted(written, key=lambda found: found[1])
        if student.strip() and not _LOGIN.fullmatch(student.strip())
    ]


def dropped_assignments(folders: Iterable[Path], course: Course) -> str:
    """The first course.toml of ``folders`` when their ``[[assignment]]`` tables outnumber the
    assignments ``course`` kept ("" when none was left out)."""
    first = ""
    tables = 0
    for folder in folders:
        path = folder / COURSE_FILE
        try:
            with path.open("rb") as handle:
                listed = tomllib.load(handle).get("assignment", [])
        except (OSError, ValueError):
            continue  # its own problem, said by read_course
        if isinstance(listed, list) and listed:
            tables += len(listed)
            first = first or str(path)
    return first if tables > len(course.assignments) else ""
