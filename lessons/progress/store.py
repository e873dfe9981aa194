"""The student's progress file (``progress.json`` in the data folder): every save locks it,
merges this tutor's changes into what is on disk and replaces it atomically; a file that
cannot be used is set aside, never overwritten."""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lessons.i18n import _
from lessons.progress.folders import APP_DIR as APP_DIR
from lessons.progress.folders import PROGRESS_FILE, folder_problem, make_folder, progress_path
from lessons.progress.folders import data_dir as data_dir
from lessons.progress.folders import unsafe_store as unsafe_store
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
"""The newest layout this tutor reads (3: with the review's outcomes, or a record's earlier
misses); a newer file is never overwritten. Each file is written in the oldest layout that
holds what it keeps, so that an older tutor refuses what it would drop."""
FIRST_SCHEMA = 1
"""The layout of a file with no retired outcomes and nothing reviewed."""
RETIRED_SCHEMA = 2
"""The layout of a file with retired outcomes and nothing reviewed."""
FILE_NAME = PROGRESS_FILE

before_replace: Callable[[Path], None] | None = None
"""Called with the written temporary file just before it replaces the progress file (a seam
for tests that kill a tutor mid-save)."""


default_path = progress_path


class _TooNew(ValueError):
    """The file was written by a newer tutor (a higher schema)."""


MAX_BYTES = 16 * 1024 * 1024
"""The largest progress file read."""
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
    except (ValueError, RecursionError) as error:  # said in the learner's language
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


def decode_progress(raw: bytes) -> tuple[dict[str, LessonRecord], ReviewHistory]:
    """The lesson records and the review's history of a progress file's bytes, only read:
    nothing is created, locked or set aside. Raises :class:`Unreadable` saying why."""
    try:
        return _decode_all(raw)
    except _TooNew as error:
        raise Unreadable(
            _("it was written by a newer queens-tutor (schema {schema})").format(schema=error)
        ) from None


def _copy(record: LessonRecord) -> LessonRecord:
    return LessonRecord.from_json(record.to_json())


def _three_way(base: Any, ours: Any, theirs: Any) -> Any:
    """Merge two changed copies of a JSON object key by key, nested objects too: a key this
    tutor changed since ``base`` takes this tutor's value, any other the value on disk."""
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

    ``warnings`` collects what the student should be told; ``can_save`` is False when saving
    is impossible; ``pending`` holds the records whose save failed (saved again by
    :meth:`retry`) and ``failure`` why. With ``create=False`` (a command that only reads) a
    missing folder is not created and an unusable file is only told about.
    """

    clock: Callable[[], float] = time.time
    """What every answer, completion and save is dated by (seconds since the epoch)."""

    def __init__(self, path: Path | None = None, create: bool = True) -> None:
        self.path = path if path is not None else default_path()
        self.records: dict[str, LessonRecord] = {}
        self.review = ReviewHistory()
        self._review_pending = False
        self._base: dict[str, dict[str, Any]] = {}
        """Each lesson's record as this tutor last read or wrote it: what a save merges from."""
        self.pending: dict[str, LessonRecord] = {}
        self.failure = ""
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
        return _copy(found) if found else LessonRecord()

    def record_for(self, lesson: Lesson) -> LessonRecord | None:
        """A copy of ``lesson``'s record laid out on its pages as they are now; None if it was
        never started."""
        found = self.records.get(lesson.id)
        if found is None:
            return None
        from lessons.progress.moved_pages import on_current_pages  # not needed at start-up

        return on_current_pages(found, lesson)

    def in_progress(self, lessons: Sequence[Lesson]) -> Lesson | None:
        """The lesson the student worked on last, started and not completed, or None."""
        started = [
            (record.updated, lesson)
            for lesson in lessons
            if (record := self.records.get(lesson.id)) is not None
            and not record.run_finished
            and (record.page > 0 or record.answers or record.open)
        ]
        return max(started, key=lambda pair: pair[0])[1] if started else None

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

    def save(self, lesson_id: str, record: LessonRecord) -> bool:
        """Merge one lesson's record into the file on disk, ``record`` updated in place to the
        merged one; False (and a warning, the record pending) on failure."""
        record.updated = self.clock()
        self.pending[lesson_id] = record
        return self.retry()

    def keep_in_memory(self) -> None:
        """Save nothing from now on: every change is kept in memory only (a try of another
        day, ``--today``). The file is left as it is."""
        self.can_save = False

    def review_seed(self) -> int:
        """The student's seed for the review's instances (a new one is kept when it has none)."""
        if not self.review.seed:
            from lessons.quiz.draw import new_seed  # not needed at start-up

            self.review = ReviewHistory(self.review.outcomes, new_seed())
        return self.review.seed

    def add_review(self, outcome: ReviewOutcome, seed: int = 0) -> bool:
        """Add one review outcome (and ``seed``, when the history has none) and save it; False
        (and a warning) on failure, the outcome then pending."""
        self.review = merged(self.review, ReviewHistory((outcome,), seed))
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

        if not self._write(change, wrote=snapshot.keys()):
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
        if ours.page_keys:  # every index in the merge must mean one page: ours
            from lessons.progress.moved_pages import follow_pages  # not needed at start-up

            theirs = follow_pages(theirs, ours.page_keys)
            if base is not None:
                with contextlib.suppress(RecordError):
                    base = follow_pages(LessonRecord.from_json(base), ours.page_keys).to_json()
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
        wrote: Collection[str] | None = None,
    ) -> bool:
        """Write the records ``change`` makes of those on disk, under the lock, with the
        review's outcomes merged (``keep_review`` False: only this tutor's). The merge base
        moves for the lessons in ``wrote`` only (None: all): another lesson's copy held by a
        lesson still open was not merged, and its next save must not undo the others' work."""
        if not self.can_save:
            return False
        failure = folder_problem(self.path.parent)  # as at start: every writer checks it
        if failure is None:
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
                    moved = records.keys() if wrote is None else records.keys() & set(wrote)
                    kept = {} if wrote is None else self._base
                    self._base = kept | {key: records[key].to_json() for key in moved}
            except OSError as error:
                failure = _("could not save your progress to {path} ({error})").format(
                    path=self.path, error=error.strerror
                )
            else:
                self.failure = ""
                return True
        if failure != self.failure:  # said once while it lasts
            self._warn(failure)
        self.failure = failure
        return False

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
