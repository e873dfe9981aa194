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
import fcntl
import json
import os
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from platformdirs import user_data_path

from lessons.records import LessonRecord, RecordError, merge

SCHEMA = 1
"""The version of the progress file's layout; a newer file is never overwritten."""
APP_DIR = "queens-tutor"
FILE_NAME = "progress.json"

before_replace: Callable[[Path], None] | None = None
"""Called with the fsynced temporary file just before it replaces the progress file.

A seam for tests that kill a tutor in the middle of a save; None in normal use.
"""


def data_dir() -> Path:
    """The tutor's data directory: ``$XDG_DATA_HOME/queens-tutor`` or ``~/.local/share/...``
    (platformdirs' user data directory)."""
    return user_data_path(APP_DIR, appauthor=False)


def default_path() -> Path:
    return data_dir() / FILE_NAME


class _Unreadable(ValueError):
    """The file on disk cannot be used; the message says why."""


class _TooNew(ValueError):
    """The file was written by a newer tutor (a higher schema)."""


def _decode(raw: bytes) -> dict[str, LessonRecord]:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise _Unreadable(f"not valid JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("schema"), int):
        raise _Unreadable("no schema version")
    if data["schema"] > SCHEMA:
        raise _TooNew(f"written by a newer queens-tutor (schema {data['schema']})")
    lessons = data.get("lessons")
    if not isinstance(lessons, dict):
        raise _Unreadable("no lessons object")
    try:
        return {str(key): LessonRecord.from_json(value) for key, value in lessons.items()}
    except RecordError as error:
        raise _Unreadable(str(error)) from None


def _encode(records: dict[str, LessonRecord]) -> bytes:
    data: dict[str, Any] = {
        "schema": SCHEMA,
        "app": "queens-tutor",
        "lessons": {key: records[key].to_json() for key in sorted(records)},
    }
    return (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8")


class ProgressStore:
    """The progress of one student, loaded once and saved after every change.

    ``warnings`` collects what the student should be told (file set aside, nothing will be
    saved, a save failed); ``can_save`` is False when saving is impossible. With
    ``create=False`` (a command that only reads) a missing data directory is not created.
    """

    def __init__(self, path: Path | None = None, create: bool = True) -> None:
        self.path = path if path is not None else default_path()
        self.records: dict[str, LessonRecord] = {}
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

    # -- loading ---------------------------------------------------------------------------

    def _warn(self, message: str) -> None:
        self.warnings.append(message)

    def _load(self) -> None:
        folder = self.path.parent
        if not self._create and not folder.is_dir():
            return  # only reading: nothing saved yet, and nothing to create
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            self._no_saving(f"cannot create {folder} ({error.strerror})")
            return
        if not os.access(folder, os.W_OK | os.X_OK):
            self._no_saving(f"{folder} is not writable")
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return
        except OSError as error:
            self._set_aside(f"cannot be read ({error.strerror})")
            return
        try:
            self.records = _decode(raw)
        except _TooNew as error:
            self._no_saving(f"{self.path} was {error}")
        except _Unreadable as error:
            self._set_aside(str(error))

    def _no_saving(self, reason: str) -> None:
        if self.can_save:
            self._warn(f"{reason}: your progress will not be saved")
        self.can_save = False

    def _set_aside(self, reason: str) -> None:
        """Rename an unusable progress file out of the way (never delete it)."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        number = 1
        while target.exists():
            number += 1
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{number}")
        try:
            os.replace(self.path, target)
        except OSError as error:
            self._no_saving(f"{self.path} {reason} and cannot be set aside ({error.strerror})")
            return
        self.records = {}
        self._warn(f"{self.path} {reason}; it was kept as {target.name} and you start afresh")

    # -- saving ----------------------------------------------------------------------------

    @contextlib.contextmanager
    def _locked(self) -> Iterator[None]:
        fd = os.open(self.lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)

    def save(self, lesson_id: str, record: LessonRecord) -> bool:
        """Merge one lesson's record into the file on disk; False (and a warning) on failure."""
        record.updated = time.time()
        self.records[lesson_id] = record
        return self._write(lambda disk: {**disk, lesson_id: merge(record, disk.get(lesson_id))})

    def reset(self) -> bool:
        """Forget every lesson's progress."""
        self.records = {}
        return self._write(lambda disk: {})

    def _write(self, change: Callable[[dict[str, LessonRecord]], dict[str, LessonRecord]]) -> bool:
        if not self.can_save:
            return False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._locked():
                self._remove_stale_temps()
                records = change(self._read_for_merge())
                self._replace(_encode(records))
                self.records = records
        except OSError as error:
            self._warn(f"could not save your progress to {self.path} ({error.strerror})")
            return False
        return True

    def _read_for_merge(self) -> dict[str, LessonRecord]:
        try:
            raw = self.path.read_bytes()
        except FileNotFoundError:
            return {}
        try:
            return _decode(raw)
        except _TooNew as error:
            self._no_saving(f"{self.path} was {error}")
            raise OSError(0, "a newer queens-tutor owns the file") from None
        except _Unreadable as error:
            self._set_aside(str(error))
            return {}

    def _remove_stale_temps(self) -> None:
        # Temporary files are only written under the lock: any left now belong to a
        # tutor that was killed mid-save.
        for stale in self.path.parent.glob(f".{self.path.name}.*.tmp"):
            with contextlib.suppress(FileNotFoundError):
                stale.unlink()

    def _replace(self, content: bytes) -> None:
        folder = self.path.parent
        fd, name = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp", dir=folder)
        temp = Path(name)
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(content)
                handle.flush()
                os.fsync(handle.fileno())
            if before_replace is not None:
                before_replace(temp)
            os.replace(temp, self.path)
        except BaseException:
            with contextlib.suppress(FileNotFoundError):
                temp.unlink()
            raise
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
