"""The solutions a learner placed by hand, kept in ``found-solutions.json`` as the progress file
is (locked, merged, atomic); one that cannot be saved is kept for :meth:`FoundStore.retry`."""

from __future__ import annotations

import json
import os
from pathlib import Path
from weakref import WeakKeyDictionary

from lessons.answers.whole_numbers import is_digits
from lessons.i18n import _
from lessons.progress.folders import make_folder
from lessons.progress.safe_file import Unreadable, locked, read_regular, set_aside, write_atomically
from lessons.progress.store import data_dir
from solver.checker import is_valid
from solver.messages import Message, register
from solver.placement import MAX_N
from solver.placement.board import FoundSolutions

FILE_NAME = "found-solutions.json"
SCHEMA = 1

register(
    {
        "found.set_aside": "Your saved solutions ({path}) could not be used ({reason}); the file "
        "was kept as {kept} and the solutions you find now are saved afresh.",
        "found.lock_moved": "The lock of your saved solutions ({path}) was a symbolic link, which "
        "the tutor never follows; it was moved aside as {kept} (a lock holds nothing to lose).",
        "found.no_saving": "The solutions you find cannot be saved ({path}: {reason}); they are "
        "remembered until you quit.",
        "found.not_saved": "A solution you found could not be saved ({path}: {reason}); it is "
        "kept, and saved as soon as it can be.",
    }
)
RETRY_SECONDS = 2.0
"""How often the place board tries again to save solutions not yet saved."""
MAX_BYTES = 1024 * 1024
"""The largest file read: every solution of every board up to 10 x 10 is about 30 KiB."""


def _decode(raw: bytes) -> dict[int, list[tuple[int, ...]]]:
    try:
        data = json.loads(raw.decode("utf-8"))
    except (ValueError, RecursionError) as error:  # bad UTF-8 or JSON, huge numbers, deep nesting
        raise Unreadable(str(error)) from None
    if not isinstance(data, dict) or data.get("schema") != SCHEMA:
        raise Unreadable("not a file of this tutor's found solutions")
    found = data.get("found")
    if not isinstance(found, dict):
        raise Unreadable("no 'found' object")
    result: dict[int, list[tuple[int, ...]]] = {}
    for key, solutions in found.items():
        if not (isinstance(key, str) and is_digits(key) and 1 <= int(key) <= MAX_N):
            raise Unreadable(f"board size {key!r}")
        n = int(key)
        if not isinstance(solutions, list):
            raise Unreadable(f"n = {n}: not a list")
        for b in solutions:
            if not (
                isinstance(b, list)
                and len(b) == n
                and all(isinstance(r, int) and not isinstance(r, bool) and 0 <= r < n for r in b)
                and is_valid(b)
            ):
                raise Unreadable(f"n = {n}: {b!r} is not a solution")
            result.setdefault(n, [])
            if tuple(b) not in result[n]:
                result[n].append(tuple(b))
    return result


def _encode(found: dict[int, list[tuple[int, ...]]]) -> bytes:
    data = {"schema": SCHEMA, "found": {str(n): [list(b) for b in found[n]] for n in sorted(found)}}
    return (json.dumps(data, indent=1) + "\n").encode("utf-8")


class FoundStore(FoundSolutions):
    """The found solutions, loaded from the file; each new one is saved at once."""

    def __init__(self, path: Path | None = None) -> None:
        super().__init__()
        self.path = path if path is not None else data_dir() / FILE_NAME
        self.warnings: list[Message] = []
        """What the learner should be told (file set aside, no saving)."""
        self.can_save = True
        """False while the file on disk is unusable and could not be set aside."""
        self.pending = False
        """Solutions are known that are not saved yet."""
        self.failure = ""
        """Why the last save failed ("" when it worked): each new reason is told once."""
        self._load()

    def _no_saving(self, reason: str) -> None:
        if self.can_save and reason != self.failure:
            self.warnings.append(Message.of("found.no_saving", path=str(self.path), reason=reason))
        self.failure = reason
        self.can_save = False

    def _load(self) -> None:
        try:
            make_folder(self.path.parent)
        except OSError as error:
            self._no_saving(str(error.strerror))
            return
        if not os.access(self.path.parent, os.W_OK | os.X_OK):
            self._no_saving(_("not writable"))
        for solutions in self._read().values():
            for b in solutions:
                super().record(b)

    def _read(self) -> dict[int, list[tuple[int, ...]]]:
        try:
            return _decode(read_regular(self.path, MAX_BYTES))
        except FileNotFoundError:
            return {}
        except Unreadable as error:
            self._set_aside(str(error))
            return {}

    def _set_aside(self, reason: str) -> None:
        """Rename an unusable file out of the way (never delete or overwrite it)."""
        try:
            target = set_aside(self.path)
        except OSError as error:
            self._no_saving(str(error.strerror))
            return
        self.warnings.append(
            Message.of("found.set_aside", path=str(self.path), reason=reason, kept=target.name)
        )

    def _lock_moved(self, kept: Path) -> None:
        lock = self.path.with_name(self.path.name + ".lock")
        self.warnings.append(Message.of("found.lock_moved", path=str(lock), kept=kept.name))

    def record(self, b: tuple[int, ...]) -> bool:
        """Remember the solution ``b`` and save it; True when it is new."""
        new = super().record(b)
        if new:
            self.pending = True
            self.retry()
        return new

    def retry(self) -> bool:
        """Save the solutions not saved yet; True when none is left unsaved."""
        if not self.pending:
            return True
        self.can_save = True  # the file set aside last time may be movable now
        try:
            make_folder(self.path.parent)
            with locked(self.path.with_name(self.path.name + ".lock"), self._lock_moved):
                disk = self._read()
                for n in range(1, MAX_N + 1):
                    merged = disk.setdefault(n, [])
                    merged += [known for known in self.of(n) if known not in merged]
                    if not merged:
                        del disk[n]
                if not self.can_save:
                    return False  # an unusable file that could not be set aside (told)
                write_atomically(self.path, _encode(disk))
        except OSError as error:
            reason = str(error.strerror or error)
            if reason != self.failure:
                self.warnings.append(
                    Message.of("found.not_saved", path=str(self.path), reason=reason)
                )
            self.failure = reason
            return False
        self.pending = False
        self.failure = ""
        return True


def saving_news(found: FoundSolutions, retry: bool = False) -> list[Message]:
    """The warnings about saving ``found`` not told yet (after trying again when ``retry``)."""
    if not isinstance(found, FoundStore):
        return []
    if retry:
        found.retry()
    news = list(found.warnings)
    found.warnings.clear()
    return news


_STORES: WeakKeyDictionary[object, FoundStore] = WeakKeyDictionary()


def store_of(app: object) -> FoundStore:
    """``app``'s one store of hand-placed solutions, read when first needed."""
    store = _STORES.get(app)
    if store is None:
        store = _STORES[app] = FoundStore()
    return store
