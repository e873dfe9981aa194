"""What a teacher's report checks across students' files: copies and mixed lesson versions.

**Copies.** A student may hand in a classmate's work: load the classmate's export in a browser
tab, then download it under their own name, or just rename the file. Each lesson record a
student answered something in has a fingerprint (:func:`fingerprint`): its outcomes with the
time each was recorded (``QuestionRecord.at``, to the millisecond), which no two students'
runs share; records written before outcomes had times are compared whole (``updated``
included). Two files holding a record with the same fingerprint for the same lesson are
flagged (:func:`find_copies`), and the later one is left out of the question statistics.

**Versions.** A record keeps the digests of the pages of the lesson it was saved against
(``page_keys``, :mod:`lessons.progress.moved_pages`); their hash is the record's lesson version
(:func:`version_of`). Records of one lesson made against different versions number their
pages differently, so :func:`mixed_versions` names them and the statistics are given per
version. A record without digests (written before they existed) has the unknown version ``""``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lessons.progress.records import LessonRecord

if TYPE_CHECKING:
    from lessons.progress.export import Export

VERSION_LENGTH = 8


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
        data = record.to_json()
        body: object = {"answers": data["answers"], "open": data["open"]}
    else:  # no times: only the whole record (its time of saving too) tells runs apart
        body = record.to_json()
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Copy:
    """``source`` (by ``student``) holds the same records of ``lessons`` as ``original``."""

    source: str
    student: str
    original: str
    original_student: str
    lessons: tuple[str, ...]


def find_copies(exports: Sequence[tuple[str, Export]]) -> list[Copy]:
    """Each file holding a lesson record already seen in an earlier file (in the order given),
    with the earlier file and the lessons they share."""
    first: dict[tuple[str, str], int] = {}
    shared: dict[tuple[int, int], list[str]] = {}
    for index, (_source, export) in enumerate(exports):
        for lesson in sorted(export.records):
            mark = fingerprint(export.records[lesson])
            if mark is None:
                continue
            earlier = first.setdefault((lesson, mark), index)
            if earlier != index:
                shared.setdefault((index, earlier), []).append(lesson)
    found = []
    for (index, earlier), lessons in sorted(shared.items()):
        source, export = exports[index]
        original, theirs = exports[earlier]
        found.append(Copy(source, export.student, original, theirs.student, tuple(lessons)))
    return found


def copied_records(copies: Sequence[Copy]) -> set[tuple[str, str]]:
    """(source, lesson) of every record that repeats an earlier file's: counted once."""
    return {(copy.source, lesson) for copy in copies for lesson in copy.lessons}


@dataclass(frozen=True, slots=True)
class Mixed:
    """A lesson whose records were made against several versions: version -> sources."""

    lesson: str
    versions: dict[str, tuple[str, ...]]


def mixed_versions(exports: Sequence[tuple[str, Export]]) -> list[Mixed]:
    """The lessons whose records (in the files given) were made against more than one version
    of the lesson, in lesson-id order; each version's files in the order given."""
    seen: dict[str, dict[str, list[str]]] = {}
    for source, export in exports:
        for lesson, record in export.records.items():
            seen.setdefault(lesson, {}).setdefault(version_of(record), []).append(source)
    return [
        Mixed(lesson, {version: tuple(files) for version, files in sorted(versions.items())})
        for lesson, versions in sorted(seen.items())
        if len(versions) > 1
    ]
