"""The student's progress file: saved atomically, never lost, safe with two tutors at once.

The file is ``$XDG_DATA_HOME/queens-tutor/progress.json`` (``~/.local/share/queens-tutor``
when XDG_DATA_HOME is unset), a JSON object with a schema version. Every save takes an
exclusive lock (``progress.json.lock``, :func:`fcntl.flock`), reads what is on disk, merges
this tutor's changed lessons into it, writes a temporary file in the same directory,
fsyncs it and renames it over the old one: a crash or kill at any moment leaves either the
old file or the new one, whole. A file that cannot be read or parsed is renamed aside
(kept) and the tutor starts fresh; a directory that cannot be written means a warning and
no saving, never a crash.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import _
from lessons.progress.folders import APP_DIR as APP_DIR  # still importable from here
from lessons.progress.folders import PROGRESS_FILE, folder_problem, make_folder, progress_path
from lessons.progress.folders import data_dir as data_dir  # still importable from here
from lessons.progress.folders import unsafe_store as unsafe_store  # likewise
from lessons.progress.records import LessonRecord, RecordError, merge, records_from_json
from lessons.progress.reviews import ReviewHistory, ReviewOutcome, merged
from lessons.progress.safe_file import (
    Unreadable,
    locked,
    read_regular,
    remove_stale_temps,
    set_aside,
    write_atomically,
)
from lessons.safe_text import visible

if TYPE_CHECKING:
    from lessons.model import Lesson

SCHEMA = 3
"""The newest layout of the progress file this tutor reads; a newer file is never overwritten.

Layout 2 adds the lesson records' ``retired`` outcomes (:mod:`lessons.progress.moved_pages`);
layout 3 the review's outcomes beside the lesson records (``review``:
:mod:`lessons.progress.reviews`). A file is written as layout 1 unless a record holds retired
outcomes or the review has outcomes (or a record keeps an earlier run's misses, ``earlier``,
which the review asks): a tutor that reads only layout 1 ignores the fields it does
not know (``page_keys``, harmlessly: the record is then taken as it is) but would drop retired
outcomes and the review when it saves, so a file holding retired outcomes is marked 2 and one
holding review outcomes 3, which such a tutor reads (2) or refuses (3) and never overwrites."""
FIRST_SCHEMA = 1
"""The layout written when no record holds retired outcomes and nothing was reviewed."""
RETIRED_SCHEMA = 2
"""The layout written when a record holds retired outcomes and nothing was reviewed."""
FILE_NAME = PROGRESS_FILE

before_replace: Callable[[Path], None] | None = None
"""Called with the fsynced temporary file just before it replaces the progress file.

A seam for tests that kill a tutor in the middle of a save; None in normal use.
"""


def default_path() -> Path:
    return progress_path()


class _TooNew(ValueError):
    """The file was written by a newer tutor (a higher schema)."""


MAX_BYTES = 16 * 1024 * 1024
"""The largest progress file read (a student's file is a few KiB)."""
_MISSING: Any = object()


def _why(error: Exception) -> str:
    """Why a file's bytes are no JSON, in words of the catalogs."""
    if isinstance(error, json.JSONDecodeError):
        return _("line {line}, column {column}").format(line=error.lineno, column=error.colno)
    if isinstance(error, UnicodeDecodeError):
        return _("not UTF-8 text")
    if isinstance(error, RecursionError):
        return _("nested too deep")
    return _("a number with too many digits")


def _decode_all(raw: bytes) -> tuple[dict[str, LessonRecord], ReviewHistory]:
    """The lesson records and the review's history of a progress file's bytes."""
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as error:
        # JSONDecodeError, bad UTF-8, an integer of more than 4,300 digits, deep nesting: said
        # in the learner's language, never Python's English message (language review 3)
        raise Unreadable(_("it is not valid JSON ({reason})").format(reason=_why(error))) from None
    if not isinstance(data, dict) or not isinstance(data.get("schema"), int):
        raise Unreadable(_("it has no schema version"))
    if data["schema"] > SCHEMA:
        raise _TooNew(str(data["schema"]))
    lessons = data.get("lessons")
    if not isinstance(lessons, dict):
        raise Unreadable(_("it has no lessons object"))
    try:
        records = records_from_json(lessons)
    except (RecordError, ValueError, TypeError, OverflowError) as error:
        raise Unreadable(_("it has a bad lesson record ({error})").format(error=error)) from None
    try:
        review = ReviewHistory.from_json(data.get("review"))
    except (RecordError, ValueError, TypeError, OverflowError) as error:
        raise Unreadable(_("it has a bad review record ({error})").format(error=error)) from None
    return records, review


def read_records(path: Path) -> dict[str, LessonRecord]:
    """The lesson records of the progress file ``path``, only read: nothing is created, locked
    or set aside (a teacher's report reads the files of a server's users). Raises
    FileNotFoundError, or :class:`Unreadable` saying why the file cannot be used."""
    return read_progress(path)[0]


def read_progress(path: Path) -> tuple[dict[str, LessonRecord], ReviewHistory]:
    """The lesson records and the review's history of the progress file ``path``, only read
    (as :func:`read_records`). Raises FileNotFoundError or :class:`Unreadable`."""
    return decode_progress(read_regular(path, MAX_BYTES))


def decode_progress(raw: bytes) -> tuple[dict[str, LessonRecord], ReviewHistory]:
    """:func:`read_progress` of a progress file's bytes."""
    try:
        return _decode_all(raw)
    except _TooNew as error:
        raise Unreadable(
            _("it was written by a newer queens-tutor (schema {schema})").format(schema=error)
        ) from None


def _copy(record: LessonRecord) -> LessonRecord:
    return LessonRecord.from_json(record.to_json())


def _three_way(base: Any, ours: Any, theirs: Any) -> Any:
    """Merge two changed copies of the same JSON object key by key, given the copy both began
    from: a key this tutor changed (or added, or removed) since ``base`` takes this tutor's
    value, any other key keeps the value on disk. Objects (the answers) merge key by key."""
    if not (isinstance(ours, dict) and isinstance(theirs, dict)):
        return ours if ours != base else theirs
    base = base if isinstance(base, dict) else {}
    merged: dict[str, Any] = {}
    for key in [*ours, *(k for k in theirs if k not in ours)]:
        mine = ours.get(key, _MISSING)
        was = base.get(key, _MISSING)
        disk = theirs.get(key, _MISSING)
        if mine is not _MISSING and disk is not _MISSING and isinstance(mine, dict):
            value = _three_way(was, mine, disk)
        else:
            value = mine if mine != was else disk
        if value is not _MISSING:
            merged[key] = value
    return merged


def _laid_out(base: dict[str, Any], keys: list[str]) -> dict[str, Any]:
    from lessons.progress.moved_pages import follow_pages

    try:
        return follow_pages(LessonRecord.from_json(base), keys).to_json()
    except RecordError:
        return base


def _encode(records: dict[str, LessonRecord], review: ReviewHistory | None = None) -> bytes:
    retired = any(record.retired for record in records.values())
    earlier = any(record.earlier or record.again for record in records.values())
    schema = RETIRED_SCHEMA if retired else FIRST_SCHEMA
    data: dict[str, Any] = {
        "schema": SCHEMA if review or earlier else schema,
        "app": "queens-tutor",
        "lessons": {key: records[key].to_json() for key in sorted(records)},
    }
    if review is not None and (review or review.seed):
        data["review"] = review.to_json()
    return (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8")


class ProgressStore:
    """The progress of one student, loaded once and saved after every change.

    ``warnings`` collects what the student should be told (file set aside, nothing will be
    saved, a save failed); ``can_save`` is False when saving is impossible. With
    ``create=False`` (a command that only reads) a missing data directory is not created and
    an unusable file is not set aside (only told about; a save sets it aside).
    """

    clock: Callable[[], float] = time.time
    """The moment now, in seconds since the epoch: what every answer, completion and save of
    the progress is dated by (a test sets a clock of its own)."""

    def __init__(self, path: Path | None = None, create: bool = True) -> None:
        self.path = path if path is not None else default_path()
        self.records: dict[str, LessonRecord] = {}
        self.review = ReviewHistory()
        """The review's outcomes (:mod:`lessons.progress.reviews`), as last read or written,
        with those this tutor added since."""
        self._review_pending = False
        """Review outcomes added and not saved yet (saved by :meth:`retry`)."""
        self._base: dict[str, dict[str, Any]] = {}
        """Each lesson's record as this tutor last read or wrote it: what a save merges from."""
        self.pending: dict[str, LessonRecord] = {}
        """Records whose save failed, saved again by :meth:`retry` (and by the next save)."""
        self.failure = ""
        """Why the last save failed; empty once a save went through."""
        self.warnings: list[str] = []
        self.can_save = True
        self._create = create
        self._load()

    @property
    def lock_path(self) -> Path:
        return self.path.with_name(self.path.name + ".lock")

    def lesson(self, lesson_id: str) -> LessonRecord:
        """A copy of the record of one lesson (a fresh one if never started)."""
        found = self.records.get(lesson_id)
        return LessonRecord.from_json(found.to_json()) if found else LessonRecord()

    def record_for(self, lesson: Lesson) -> LessonRecord | None:
        """A copy of ``lesson``'s record laid out on its pages as they are now (the lesson
        file may have gained, lost or moved pages since it was saved:
        lessons/progress/moved_pages.py);
        None if it was never started. What every screen and command showing progress reads."""
        found = self.records.get(lesson.id)
        if found is None:
            return None
        from lessons.progress.moved_pages import on_current_pages  # not needed at start-up

        return on_current_pages(found, lesson)

    def in_progress(self, lessons: Sequence[Lesson]) -> Lesson | None:
        """The lesson the student worked on last and has not completed (started: a page
        turned or a question answered), or None."""
        started = [
            (record.updated, lesson)
            for lesson in lessons
            if (record := self.records.get(lesson.id)) is not None
            and not record.run_finished
            and (record.page > 0 or record.answers or record.open)
        ]
        return max(started, key=lambda pair: pair[0])[1] if started else None

    # -- loading ---------------------------------------------------------------------------

    def _warn(self, message: str) -> None:
        self.warnings.append(visible(message))  # a path may hold any character

    def _load(self) -> None:
        folder = self.path.parent
        if not self._create and not folder.is_dir():
            return  # only reading: nothing saved yet, and nothing to create
        try:
            make_folder(folder)
        except OSError as error:
            self._no_saving(
                _("cannot create {folder} ({error}): your progress will not be saved").format(
                    folder=folder, error=error.strerror
                )
            )
            return
        if not os.access(folder, os.W_OK | os.X_OK):
            self._no_saving(
                _("{folder} is not writable: your progress will not be saved").format(folder=folder)
            )
        if self._create and self.lock_path.is_symlink() and folder_problem(folder) is None:
            with contextlib.suppress(OSError):  # cannot be moved: saving says why, each time
                self._lock_moved(set_aside(self.lock_path))  # told at start, as the file is
        try:
            self.records, self.review = _decode_all(read_regular(self.path, MAX_BYTES))
        except FileNotFoundError:
            return
        except _TooNew as error:
            self._newer(error)
        except Unreadable as error:
            if self._create:
                self._set_aside(str(error))
            else:  # only reading: the file is told about and left where it is
                self._warn(
                    _("{path}: {reason}; it is left as it is until progress is next saved").format(
                        path=self.path, reason=error
                    )
                )
        self._base = {key: record.to_json() for key, record in self.records.items()}

    def _newer(self, schema: object) -> None:
        self._no_saving(
            _(
                "{path} was written by a newer queens-tutor (schema {schema}): your progress "
                "will not be saved"
            ).format(path=self.path, schema=schema)
        )

    def _no_saving(self, warning: str) -> None:
        if self.can_save:
            self._warn(warning)
        self.can_save = False

    def _set_aside(self, reason: str) -> None:
        """Rename an unusable progress file out of the way (never delete it)."""
        try:
            target = set_aside(self.path)
        except OSError as error:
            self._no_saving(
                _(
                    "{path}: {reason}; it cannot be set aside ({error}), so your progress will "
                    "not be saved"
                ).format(path=self.path, reason=reason, error=error.strerror)
            )
            return
        self.records = {}
        self._warn(
            _("{path}: {reason}; it was kept as {kept} and you start afresh").format(
                path=self.path, reason=reason, kept=target.name
            )
        )

    # -- saving ----------------------------------------------------------------------------

    def save(self, lesson_id: str, record: LessonRecord) -> bool:
        """Merge one lesson's record into the file on disk; False (and a warning) on failure.

        The merge is per field and per question (:func:`_three_way`): what this tutor changed
        since it last read the file wins, what another tutor saved meanwhile is kept, and
        ``record`` is updated in place to the merged record. A record that could not be saved
        stays pending and is saved with the next save or :meth:`retry`.
        """
        record.updated = self.clock()
        self.pending[lesson_id] = record
        return self.retry()

    def keep_in_memory(self) -> None:
        """Save nothing from now on: every change is kept in memory only (a try of another
        day, ``--today``). The file is left as it is."""
        self.can_save = False

    def review_seed(self) -> int:
        """The student's seed for the review's instances: the history's, else a new one, kept
        (and saved with the first outcome)."""
        if not self.review.seed:
            from lessons.quiz.draw import new_seed  # not needed at start-up

            self.review = ReviewHistory(self.review.outcomes, new_seed())
        return self.review.seed

    def add_review(self, outcome: ReviewOutcome, seed: int = 0) -> bool:
        """Add one review outcome (and the student's review ``seed``, when the history has
        none yet) and save it with any pending record; False (and a warning) on failure: it
        stays pending, saved by the next save or :meth:`retry`."""
        history = ReviewHistory((outcome,), seed)
        self.review = merged(self.review, history)
        self._review_pending = True
        return self.retry()

    def merge_review(self, history: ReviewHistory) -> bool:
        """Merge another history (an export loaded) into this one and save it."""
        self.review = merged(self.review, history)
        self._review_pending = True
        return self.retry()

    def retry(self) -> bool:
        """Save the pending records and review outcomes; True when nothing is left to save."""
        if not self.pending and not self._review_pending:
            return True
        pending = dict(self.pending)
        snapshot = {key: _copy(record) for key, record in pending.items()}

        def change(disk: dict[str, LessonRecord]) -> dict[str, LessonRecord]:
            merged = dict(disk)
            for key, record in snapshot.items():
                merged[key] = self._merged(key, record, disk.get(key))
            return merged

        if not self._write(change):
            self.records.update(snapshot)
            return False
        self._review_pending = False
        for key, live in pending.items():
            for name in (f.name for f in fields(LessonRecord)):
                setattr(live, name, getattr(_copy(self.records[key]), name))
            if self.pending.get(key) is live:
                del self.pending[key]
        return True

    def _merged(self, key: str, ours: LessonRecord, theirs: LessonRecord | None) -> LessonRecord:
        if theirs is None:
            return ours
        base = self._base.get(key)
        if ours.page_keys:
            # Another tutor may have saved against other pages of the lesson (an older or
            # newer lesson file): lay its record, and the one we began from, out on ours,
            # so that our page digests win and every index in the merge means one page.
            from lessons.progress.moved_pages import follow_pages  # not needed at start-up

            theirs = follow_pages(theirs, ours.page_keys)
            if base is not None:
                base = _laid_out(base, ours.page_keys)
        combined_json = _three_way(base, ours.to_json(), theirs.to_json())
        try:
            combined = LessonRecord.from_json(combined_json)
        except RecordError:
            combined = ours
        return merge(combined, theirs)

    def reset(self) -> bool:
        """Forget every lesson's progress, and the review's outcomes."""
        self.records = {}
        self.pending = {}
        self.review = ReviewHistory()
        self._review_pending = False
        return self._write(lambda disk: {}, keep_review=False)

    def _write(
        self,
        change: Callable[[dict[str, LessonRecord]], dict[str, LessonRecord]],
        keep_review: bool = True,
    ) -> bool:
        """Write the records ``change`` makes of those on disk, under the lock; the review's
        outcomes on disk and this tutor's are merged (``keep_review`` False: only this
        tutor's, after a reset)."""
        if not self.can_save:
            return False
        unsafe = folder_problem(self.path.parent)  # as at start: every writer checks it
        if unsafe is not None:
            if unsafe != self.failure:
                self._warn(unsafe)
            self.failure = unsafe
            return False
        try:
            make_folder(self.path.parent)
            with locked(self.lock_path, self._lock_moved):
                remove_stale_temps(self.path)
                disk, disk_review = self._read_for_merge()
                records = change(disk)
                review = merged(disk_review, self.review) if keep_review else self.review
                write_atomically(self.path, _encode(records, review), before_replace)
                self.records = records
                self.review = review
                self._base = {key: record.to_json() for key, record in records.items()}
        except OSError as error:
            failure = _("could not save your progress to {path} ({error})").format(
                path=self.path, error=error.strerror
            )
            if failure != self.failure:
                self._warn(failure)
            self.failure = failure
            return False
        self.failure = ""
        return True

    def _lock_moved(self, kept: Path) -> None:
        self._warn(
            _(
                "{path} was a symbolic link, which the tutor never follows; it was moved aside "
                "as {kept} (a lock holds nothing to lose)"
            ).format(path=self.lock_path, kept=kept.name)
        )

    def _read_for_merge(self) -> tuple[dict[str, LessonRecord], ReviewHistory]:
        try:
            return _decode_all(read_regular(self.path, MAX_BYTES))
        except FileNotFoundError:
            return {}, ReviewHistory()
        except _TooNew as error:
            self._newer(error)
            raise OSError(0, "a newer queens-tutor owns the file") from None
        except Unreadable as error:
            self._set_aside(str(error))
            return {}, ReviewHistory()
