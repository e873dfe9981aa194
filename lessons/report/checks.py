"""What a teacher's report checks across students' files: copies and mixed lesson versions.

Files of different students holding a record of one lesson with one :func:`fingerprint` (its
outcomes with their moments) form a group (:func:`find_same`), none called the copy; a record
loaded from another student's export is named (:func:`borrowed`); each record counts once in the
statistics (:func:`counted_once`). A record's lesson version hashes the digests of the pages it
was saved against (:func:`version_of`); :func:`mixed_versions` names a lesson with several.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lessons.i18n import _, ngettext
from lessons.progress.records import LessonRecord, Loaded
from lessons.progress.values import minute
from lessons.report.identity import Roll, same_name
from lessons.safe_text import visible
from lessons.shown_time import shown

if TYPE_CHECKING:
    from lessons.progress.export import Export

VERSION_LENGTH = 8
SHOWN_FILES = 3
"""The most files a warning names for one lesson version."""


def version_of(record: LessonRecord) -> str:
    """The lesson version ``record`` was saved against: 8 hex digits, or ``""`` if unknown."""
    return version_of_pages(record.page_keys)


def version_of_pages(keys: Sequence[str]) -> str:
    """The version of a lesson whose pages have the digests ``keys`` (``""`` for none)."""
    if not keys:
        return ""
    return hashlib.sha256("\n".join(keys).encode("utf-8")).hexdigest()[:VERSION_LENGTH]


def fingerprint(record: LessonRecord) -> str | None:
    """What identifies one student's run of a lesson; None when nothing was answered."""
    if not record.answers and not record.open:
        return None
    outcomes = [*record.answers.values(), *record.open.values()]
    if any(outcome.at for outcome in outcomes):
        text = repr((sorted(record.answers.items()), sorted(record.open.items())))
    else:  # no times: only the whole record tells runs apart
        body = {key: value for key, value in record.to_json().items() if key != "loaded"}
        text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Same:
    """Files of different students holding identical records of ``lessons``."""

    lessons: tuple[str, ...]
    members: tuple[tuple[str, str], ...]
    """(source, student) of each file."""

    @property
    def sources(self) -> tuple[str, ...]:
        return tuple(source for source, _student in self.members)


@dataclass(frozen=True, slots=True)
class Duplicates:
    """What :func:`find_same` finds: the groups, and the (source, lesson) of every record equal
    to one in an earlier file (counted once)."""

    groups: list[Same]
    repeats: set[tuple[str, str]]

    def same_as(self, source: str, lesson: str) -> tuple[str, ...]:
        """The other files of ``source``'s group for ``lesson`` (empty when none)."""
        for group in self.groups:
            if lesson in group.lessons and source in group.sources:
                return tuple(other for other in group.sources if other != source)
        return ()


@dataclass(frozen=True, slots=True)
class Borrowed:
    """A record that ``source`` (of ``student``, ``login``) loaded from an export under
    another name and login (the student's own under another account, or a classmate's: the
    files cannot tell)."""

    source: str
    student: str
    lesson: str
    load: Loaded
    login: str = ""


def borrowed(exports: Sequence[tuple[str, Export]], roll: Roll) -> list[Borrowed]:
    """The records loaded from an export under a name and login that are not the file's
    student's (:mod:`lessons.report.identity`), in the order given."""
    found = []
    for index, (source, export) in enumerate(exports):
        for lesson in sorted(export.records):
            for load in export.records[lesson].loaded:
                mine = roll.hers(index, load) or same_name(load.student, export.student)
                if load.login and export.login:  # both know the account: it decides
                    mine = mine or same_name(load.login, export.login)
                if not mine:
                    found.append(Borrowed(source, export.student, lesson, load, export.login))
    return found


def find_same(exports: Sequence[tuple[str, Export]], roll: Roll) -> Duplicates:
    """Groups of files of different students that hold the same records, per set of files
    with the lessons they share; and the records to count once."""
    holders: dict[tuple[str, str], list[int]] = {}
    for index, (_source, export) in enumerate(exports):
        for lesson in sorted(export.records):
            if (index, lesson) in roll.foreign:
                continue
            mark = fingerprint(export.records[lesson])
            if mark is not None:
                holders.setdefault((lesson, mark), []).append(index)
    repeats: set[tuple[str, str]] = set()
    shared: dict[tuple[int, ...], list[str]] = {}
    for (lesson, _mark), indices in holders.items():
        repeats.update((exports[index][0], lesson) for index in indices[1:])
        if len({roll.owner(index, lesson) for index in indices}) > 1:
            shared.setdefault(tuple(indices), []).append(lesson)
    groups = [
        Same(
            tuple(sorted(lessons)),
            tuple((exports[index][0], exports[index][1].student) for index in indices),
        )
        for indices, lessons in sorted(shared.items())
    ]
    return Duplicates(groups, repeats)


def counted_once(exports: Sequence[tuple[str, Export]]) -> set[tuple[str, str]]:
    """(source, lesson) of every record equal to one of an earlier file (``exports``: one per
    student): left out of the question statistics."""
    seen: set[tuple[str, str]] = set()
    repeats: set[tuple[str, str]] = set()
    for source, export in exports:
        for lesson in sorted(export.records):
            mark = fingerprint(export.records[lesson])
            if mark is None:
                continue
            if (lesson, mark) in seen:
                repeats.add((source, lesson))
            seen.add((lesson, mark))
    return repeats


@dataclass(frozen=True, slots=True)
class Mixed:
    """A lesson whose records were made against several versions: version -> sources."""

    lesson: str
    versions: dict[str, tuple[str, ...]]


def mixed_versions(exports: Sequence[tuple[str, Export]]) -> list[Mixed]:
    """The lessons whose records were made against more than one version, by id."""
    seen: dict[str, dict[str, list[str]]] = {}
    for source, export in exports:
        for lesson, record in export.records.items():
            seen.setdefault(lesson, {}).setdefault(version_of(record), []).append(source)
    return [
        Mixed(lesson, {version: tuple(files) for version, files in sorted(versions.items())})
        for lesson, versions in sorted(seen.items())
        if len(versions) > 1
    ]


def same_warning(group: Same) -> str:
    """The warning for files of different students with the same records, none called the
    copy."""
    files = ", ".join(
        _("{source} ({student})").format(source=source, student=visible(student) or "?")
        for source, student in group.members
    )
    return ngettext(
        "identical answer records in lesson {lessons}: {files}; "
        "only one of these students can have made them (ask them); counted once in the "
        "question statistics",
        "identical answer records in lessons {lessons}: {files}; "
        "only one of these students can have made them (ask them); counted once in the "
        "question statistics",
        len(group.lessons),
    ).format(lessons=", ".join(group.lessons), files=files)


def borrowed_warning(found: Borrowed) -> str:
    """The line for a record loaded from an export under another name and login: what the
    files hold, not who answered, and how a student's own export is counted as hers."""
    load = found.load
    other = visible(load.student) or visible(load.login) or "?"
    return _(
        "{source} ({student}): lesson {lesson} holds answers first recorded under {other}, "
        "loaded on {at} from an export made {exported}; nothing in the files says whether "
        "that was the same student: one who carries her own work to another account "
        'exports it under her course login or name (progress --export FILE --name "{name}") '
        "and is then counted as one"
    ).format(
        source=found.source,
        student=_who(found.student, found.login, _("{name}, login {login}")),
        lesson=found.lesson,
        other=_who(load.student, load.login, _("{name} (login {login})")),
        at=minute(load.at) or "?",
        exported=visible(shown(load.exported)) if load.exported else "?",
        name=other,
    )


def _who(name: str, login: str, both: str) -> str:
    """A student as a file names her: the name, with the login (``both``) when it says more."""
    name, login = visible(name), visible(login)
    if login and name and login.strip().casefold() != name.strip().casefold():
        return both.format(name=name, login=login)
    return name or login or "?"


def _files(files: Sequence[str]) -> str:
    named = ", ".join(files[:SHOWN_FILES])
    more = len(files) - SHOWN_FILES
    if more <= 0:
        return named
    return named + " " + ngettext("and {count} more", "and {count} more", more).format(count=more)


def mixed_warning(mixed: Mixed) -> str:
    parts = [
        _("version {version}: {files}").format(version=version, files=_files(files))
        if version
        else _("no version recorded: {files}").format(files=_files(files))
        for version, files in mixed.versions.items()
    ]
    count = len(mixed.versions)
    return ngettext(
        "lesson {lesson}: the records were made against {count} version of the lesson "
        "({versions}); its question statistics are given per version",
        "lesson {lesson}: the records were made against {count} versions of the lesson "
        "({versions}); its question statistics are given per version",
        count,
    ).format(lesson=mixed.lesson, count=count, versions="; ".join(parts))
