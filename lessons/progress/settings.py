"""The student's settings (the tutor's language), ``settings.json`` in the configuration
folder: written atomically; a file that cannot be used counts as no settings and is kept aside
at the next change. A settings file in the data folder (where older tutors kept it) is moved
there when first read (:func:`move_old`)."""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable
from pathlib import Path

from lessons.progress.folders import config_dir, data_dir, folder_problem, make_folder
from lessons.progress.safe_file import (
    Unreadable,
    file_stamp,
    flush_folder,
    read_regular,
    write_atomically,
)

FILE_NAME = "settings.json"
MAX_BYTES = 64 * 1024
"""The largest settings file read."""


def default_path() -> Path:
    return config_dir() / FILE_NAME


def old_path() -> Path:
    """Where older tutors kept the settings: the data folder."""
    return data_dir() / FILE_NAME


def move_old() -> bool:
    """Move an old settings file (:func:`old_path`) to the configuration folder when none is
    there yet (linked or copied before the old name goes; only a regular file); whether it was
    moved. Raises OSError when a step fails."""
    from lessons.progress.safe_file import NotWritten, write_new_file

    old, new = old_path(), default_path()
    if folder_problem(new.parent) is not None or folder_problem(old.parent) is not None:
        return False  # not moved into or out of a folder others could have planted a link in
    try:
        content = read_regular(old, MAX_BYTES)
    except (FileNotFoundError, Unreadable):
        return False
    if os.path.lexists(new):
        return False
    make_folder(new.parent)
    try:
        os.link(old, new, follow_symlinks=False)
    except FileExistsError:
        return False  # another tutor moved it, or made new settings, meanwhile
    except OSError as error:
        if error.errno not in (errno.EXDEV, errno.EPERM, errno.EOPNOTSUPP, errno.EMLINK):
            raise
        try:  # another file system (or no hard links): a whole copy under the new name
            write_new_file(new, content)
        except NotWritten:
            return False
    os.unlink(old)
    flush_folder(old.parent)
    return True


def load(path: Path | None = None) -> dict[str, object]:
    """The saved settings; empty when there are none or the file cannot be read. Without a
    ``path``, an old settings file is moved to the configuration folder first."""
    if path is None:
        try:
            move_old()
        except OSError:
            return _read(old_path())  # cannot be moved now: read where it is
    return _read(path or default_path())


def stamp() -> tuple[tuple[int, int, int] | None, ...]:
    """The modification time, size and inode of :func:`default_path` and :func:`old_path`
    (None where there is none): a tutor compares stamps to see another command changed them."""
    return tuple(file_stamp(path, follow=False) for path in (default_path(), old_path()))


def _read(path: Path) -> dict[str, object]:
    try:
        return _parsed(read_regular(path, MAX_BYTES))
    except (OSError, Unreadable):
        return {}


def _parsed(content: bytes) -> dict[str, object]:
    import json  # only when there is a file: a first start has none (start-up time)

    try:
        data = json.loads(content.decode("utf-8"))
    except (ValueError, RecursionError):
        return {}
    return data if isinstance(data, dict) else {}


def saved_language(path: Path | None = None) -> str | None:
    """The language the student last chose in the tutor, if any."""
    value = load(path).get("language")
    return value if isinstance(value, str) else None


def remember_language(code: str | None, supported: Iterable[str]) -> list[str]:
    """Save ``code``, the language given with ``--lang``, when it is ``supported`` and not the
    one saved already; what to tell the student (a file kept aside, why it was not saved)."""
    if code is None or code not in supported or saved_language() == code:
        return []
    return save_language(code)


def save_language(code: str) -> list[str]:
    """Save ``code`` as the language in use; what to tell the student (a file kept aside, why
    it was not saved)."""
    from lessons.i18n import _

    notes: list[str] = []
    problem = save({"language": code}, notes=notes)
    if problem is not None:
        notes.append(_("The language could not be saved: {reason}").format(reason=problem))
    return notes


def save(
    changes: dict[str, object], path: Path | None = None, notes: list[str] | None = None
) -> str | None:
    """Merge ``changes`` into the settings file atomically, a file in the way kept aside first (a
    line in ``notes`` says so); a warning when it could not be written, else None."""
    import json

    from lessons.i18n import _
    from lessons.progress.safe_file import set_aside

    data = load(path)
    target = path or default_path()
    data.update(changes)
    content = json.dumps(data, indent=1, sort_keys=True).encode("utf-8")
    try:
        make_folder(target.parent)
        reason = _unusable(target)
        if reason is not None:
            kept = set_aside(target)
            note = _("{path}: {reason}; it was kept as {kept} and the settings saved afresh")
            if notes is not None:
                notes.append(note.format(path=target, reason=reason, kept=kept.name))
        write_atomically(target, content)
    except OSError as error:
        return str(error)
    return None


def _unusable(path: Path) -> str | None:
    """Why the file at ``path`` holds no usable settings; None when it does or there is none."""
    from lessons.i18n import _

    try:
        content = read_regular(path, MAX_BYTES)
    except FileNotFoundError:
        return None
    except Unreadable as error:
        return str(error)
    if not _parsed(content) and content.strip() not in (b"{}", b""):
        return _("it does not hold settings in the expected form")
    return None
