"""Exported progress: one student's lesson records in a file to hand to a teacher, keep or load
back. The file is a JSON object (:data:`FORMAT`) with a SHA-256 checksum of the rest, which
detects an edited or damaged file (it is no signature)."""

from __future__ import annotations

import hashlib
import json
import math
import re
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from itertools import accumulate
from typing import TYPE_CHECKING, Any

from lessons.i18n import _
from lessons.progress.records import (
    MAX_LOADED,
    MAX_LOADED_TEXT,
    LessonRecord,
    Loaded,
    RecordError,
    records_from_json,
)
from lessons.progress.reviews import ReviewHistory
from lessons.progress.values import is_whole, local_moment, short

if TYPE_CHECKING:
    from lessons.model import Lesson
    from lessons.progress.store import ProgressStore

FORMAT = "queens-tutor-progress-export"
VERSION = 1
MAX_BYTES = 4_000_000
"""A larger file is refused before it is parsed."""
MAX_DEPTH = 16
"""Objects and lists nested deeper are refused before parsing."""
MAX_DIGITS = 20
"""A number written with more characters is refused."""

_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_SURROGATES = re.compile("[\ud800-\udfff]")


class ExportError(ValueError):
    """A file that is not a readable progress export; the message says why, in one line."""


@dataclass(frozen=True, slots=True)
class LessonInfo:
    """What the exporting tutor knew of a lesson, so that a report needs no lesson files;
    ``page_keys`` (not exported) are the digests the records are laid out on."""

    title: str
    pages: int
    max_score: int
    page_keys: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Export:
    """A parsed export. ``intact`` is False when the checksum does not match the content.
    ``login`` is the exporting account's ("" when not known); ``also_named`` the other names
    its student gave on that account (lessons/course/whose.py)."""

    student: str
    exported: str
    records: dict[str, LessonRecord]
    info: dict[str, LessonInfo]
    intact: bool
    review: ReviewHistory = field(default_factory=ReviewHistory)
    login: str = ""
    also_named: tuple[str, ...] = ()


def lesson_info(lessons: Iterable[Lesson]) -> dict[str, LessonInfo]:
    """What an export says about each lesson the tutor offers."""
    from lessons.progress.moved_pages import lesson_digests

    return {
        lesson.id: LessonInfo(
            lesson.title, len(lesson.pages), lesson.max_score, tuple(lesson_digests(lesson))
        )
        for lesson in lessons
    }


def _current(record: LessonRecord, info: LessonInfo | None) -> LessonRecord:
    """``record`` laid out on the lesson's pages as they are now."""
    if info is None or not info.page_keys:
        return record
    from lessons.progress.moved_pages import follow_pages

    return follow_pages(record, info.page_keys)


def canonical(data: Mapping[str, Any]) -> bytes:
    """The bytes the checksum covers: ``data`` without its ``checksum`` key, canonical JSON."""
    body = {key: value for key, value in data.items() if key != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode("utf-8")


def checksum(data: Mapping[str, Any]) -> str:
    return "sha256:" + hashlib.sha256(canonical(data)).hexdigest()


def export_data(
    records: Mapping[str, LessonRecord],
    info: Mapping[str, LessonInfo],
    student: str = "",
    now: float | None = None,
    review: ReviewHistory | None = None,
    login: str = "",
    also_named: Iterable[str] = (),
) -> dict[str, Any]:
    """The export of ``records`` (each laid out on its lesson's pages as they are now) and of
    ``review`` as a JSON-ready object, checksum included."""
    stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() if now is None else now))
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "student": student,
        **({"login": login[:MAX_LOADED_TEXT]} if login else {}),
        **({"also_named": others} if (others := _names(also_named)) else {}),
        "exported": stamp,
        "lessons": {
            key: _current(records[key], info.get(key)).to_json() for key in sorted(records)
        },
        "lesson_info": {
            key: {"title": value.title, "pages": value.pages, "max_score": value.max_score}
            for key, value in sorted(info.items())
        },
    }
    if review:
        data["review"] = review.to_json()
    data["checksum"] = checksum(data)
    return data


def export_text(*args: Any, **kwargs: Any) -> str:
    """The file's text of :func:`export_data` with these arguments."""
    return json.dumps(export_data(*args, **kwargs), indent=1, sort_keys=True) + "\n"


def parse_export(text: str | bytes) -> Export:
    """Read an export; ExportError for anything that is not one. A file whose checksum does
    not match is still read, with ``intact`` False."""
    if len(text) > MAX_BYTES:
        raise ExportError(
            _("too large for a progress export ({size} bytes)").format(size=len(text))
        )
    try:
        raw = text.decode("utf-8") if isinstance(text, bytes) else text
    except UnicodeDecodeError:
        raise ExportError(_("not valid JSON ({error})").format(error=_("not UTF-8 text"))) from None
    data = _bounded_json(raw)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ExportError(_("not a queens-tutor progress export"))
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version > VERSION:
        raise ExportError(
            _("export version {version} is not one this tutor reads").format(version=repr(version))
        )
    lessons = data.get("lessons")
    if not isinstance(lessons, dict):
        raise ExportError(_("no lessons object"))
    try:
        records = records_from_json(lessons)
    except RecordError as error:
        raise ExportError(_("a lesson record is damaged ({error})").format(error=error)) from None
    try:
        review = ReviewHistory.from_json(data.get("review"))
    except RecordError as error:
        damaged = _("the review's record is damaged ({error})").format(error=error)
        raise ExportError(damaged) from None
    student = data.get("student", "")
    exported = data.get("exported", "")
    login = data.get("login", "")
    return Export(
        student=short(student) if isinstance(student, str) else "",
        exported=short(exported) if isinstance(exported, str) else "",
        records=records,
        info=_info(data.get("lesson_info")),
        intact=data.get("checksum") == checksum(data),
        review=review,
        login=login[:MAX_LOADED_TEXT] if isinstance(login, str) else "",
        also_named=tuple(_names(data.get("also_named"))),
    )


def _names(raw: object) -> list[str]:
    """The names of an export's ``also_named`` (anything but a list of texts: none), at most 8."""
    if not isinstance(raw, (list, tuple)):
        return []
    return [
        short(item.strip())[:MAX_LOADED_TEXT]
        for item in raw
        if isinstance(item, str) and item.strip()
    ][:8]


def nesting(text: str) -> int:
    """How deep the objects and lists of JSON ``text`` nest (brackets in strings not counted)."""
    skeleton = _STRINGS.sub("", text)
    steps = (1 if char in "[{" else -1 for char in skeleton if char in "[]{}")
    return max(accumulate(steps), default=0)


def _number(digits: str) -> int | float:
    """A JSON number, refused when longer than MAX_DIGITS characters or not finite."""
    if len(digits) > MAX_DIGITS:
        raise ExportError(
            _("a number has more than {count} digits ({start}…)").format(
                count=MAX_DIGITS, start=digits[:MAX_DIGITS]
            )
        )
    value = float(digits) if any(char in digits for char in ".eE") else int(digits)
    return value if math.isfinite(value) else _not_finite(digits)


def _not_finite(word: str) -> float:
    raise ExportError(_("a number is not finite ({number})").format(number=word))


def _bounded_json(text: str) -> Any:
    """``json.loads(text)`` within MAX_DEPTH, MAX_DIGITS and finite numbers, its strings
    whole Unicode (no lone surrogate from a ``\\ud800`` escape); else ExportError."""
    depth = nesting(text)
    if depth > MAX_DEPTH:
        raise ExportError(
            _("nested {depth} levels deep, more than {most}").format(depth=depth, most=MAX_DEPTH)
        )
    try:
        data = json.loads(text, parse_int=_number, parse_float=_number, parse_constant=_not_finite)
    except json.JSONDecodeError as error:
        raise ExportError(
            _("not valid JSON (line {line}, column {column})").format(
                line=error.lineno, column=error.colno
            )
        ) from None
    if _SURROGATES.search(json.dumps(data, ensure_ascii=False)):
        raise ExportError(_("its text is not valid Unicode (a lone surrogate)"))
    return data


def _info(raw: Any) -> dict[str, LessonInfo]:
    found: dict[str, LessonInfo] = {}
    if not isinstance(raw, dict):
        return found
    for key, value in raw.items():
        if not isinstance(value, dict):
            continue
        title, pages, most = value.get("title"), value.get("pages"), value.get("max_score")
        if isinstance(title, str) and is_whole(pages) and is_whole(most):
            found[short(str(key))] = LessonInfo(short(title), pages, most)
    return found


def load_into(store: ProgressStore, export: Export) -> int:
    """Merge an intact export's lessons (each noting the load) and its review's outcomes into
    ``store``; the number of lessons saved. ExportError for an edited export or a store that
    cannot save."""
    if not export.intact:
        raise ExportError(
            _(
                "this file was changed after it was exported (its checksum does not match), "
                "so it was not loaded"
            )
        )
    now = time.time()
    cut = MAX_LOADED_TEXT
    came = Loaded(export.student[:cut], export.exported[:cut], now, export.login[:cut])
    saved = all(
        store.save(key, replace(record, loaded=[*record.loaded, came][-MAX_LOADED:]))
        for key, record in sorted(export.records.items())
    )
    if not saved or (export.review and not store.merge_review(export.review)):
        raise ExportError(
            _("could not save the progress ({warnings})").format(warnings="; ".join(store.warnings))
        )
    return len(export.records)


@dataclass(frozen=True, slots=True)
class ReportRow:
    """One student's work on one lesson. ``first_activity`` and ``last_activity`` are local
    ISO 8601 times ("" if unknown); ``again_page`` the page (from 1) of a run of a done lesson
    started again and not finished (0: none), whose score and completion are the best run's."""

    student: str
    login: str
    source: str
    lesson: str
    title: str
    pages_done: int
    pages: int
    completed: bool
    score: int
    max_score: int
    hints: int
    shown: int
    intact: bool
    first_activity: str
    last_activity: str
    again_page: int = 0

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


FIELDS = ReportRow.__slots__
"""The report's columns, in order (csv header, json keys)."""


def lesson_counts(record: LessonRecord) -> tuple[int, int]:
    """Questions answered with a hint, and questions whose answer was shown, in the current
    run or an earlier one, each question once."""
    hints = {key for key, a in [*record.answers.items(), *record.earlier.items()] if a.hint}
    shown = {key for key, a in [*record.answers.items(), *record.earlier.items()] if a.revealed}
    return len(hints), len(shown)


def activity(record: LessonRecord) -> tuple[float, float]:
    """When the student first and last worked on the lesson (seconds since the epoch; 0:
    unknown), from its outcomes, completed runs and last save (unless a load)."""
    times = [outcome.at for outcome in record.outcomes() if outcome.at > 0]
    times += [run.at for run in record.completions if run.at > 0]
    saved = [record.updated] if record.updated > 0 else []
    if any(abs(record.updated - load.at) <= LOAD_SAVE for load in record.loaded):
        saved = []
    return min(times, default=saved[0] if saved else 0.0), max([*times, *saved], default=0.0)


LOAD_SAVE = 5.0
"""Seconds within which a record saved after a load was saved by that load."""


def report_rows(source: str, export: Export) -> list[ReportRow]:
    """The rows of one student's export, one per lesson they started, in lesson-id order."""
    student = export.student or source
    rows = []
    for key in sorted(export.records):
        record = export.records[key]
        info = export.info.get(key)
        if info is None:  # not described: a finished run ended on its last page
            info = LessonInfo(key, record.page + 1 if record.completed else 0, record.max_score)
        pages = info.pages
        done = pages if record.completed and pages else record.page
        hints, shown = lesson_counts(record)
        first, last = activity(record)
        rows.append(
            ReportRow(
                student=student,
                login=export.login,
                source=source,
                lesson=key,
                title=info.title,
                pages_done=done,
                pages=pages,
                completed=record.completed,
                score=record.best_score if record.completed else record.score,
                max_score=info.max_score or record.max_score,
                hints=hints,
                shown=shown,
                intact=export.intact,
                first_activity=local_moment(first),
                last_activity=local_moment(last),
                again_page=record.page + 1 if record.completed and record.again else 0,
            )
        )
    return rows


def class_report(exports: Iterable[tuple[str, Export]]) -> list[ReportRow]:
    """Every student's rows, sorted by lesson, then student (a class table per lesson)."""
    rows = [row for source, export in exports for row in report_rows(source, export)]
    return sorted(rows, key=lambda row: (row.lesson, row.student.casefold(), row.source))
