"""The student's settings (for now: the tutor's language, picked in the palette or given with
``--lang`` when the tutor starts), in the configuration folder.

``settings.json`` in platformdirs' user configuration folder (``$XDG_CONFIG_HOME/queens-tutor``,
``~/.config/queens-tutor`` by default), apart from ``progress.json`` so that a settings change
never rewrites the progress. Written atomically (lessons/progress/safe_file.py); a file that
cannot be read (or is no regular file: a link is never followed) counts as no settings and is
left as it is until the next change, which keeps it aside (``settings.json.corrupt-DATE``, a
link as the link) and says so before the new settings are written.

Earlier tutors kept the file in the data folder, beside the progress. The first time the
settings are read, such a file is moved to the configuration folder (:func:`move_old`): linked
under its new name, which never replaces a file there, then unlinked from the old one; across
file systems, copied whole under a temporary name first. At no moment is it in neither place,
and a settings file already in the configuration folder wins (the old one is then left as it
is).
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable
from pathlib import Path

from lessons.progress.folders import config_dir, data_dir, folder_problem, make_folder
from lessons.progress.safe_file import Unreadable, read_regular, write_atomically

FILE_NAME = "settings.json"
MAX_BYTES = 64 * 1024
"""The largest settings file read (it holds a few words)."""


def default_path() -> Path:
    return config_dir() / FILE_NAME


def old_path() -> Path:
    """Where tutors before the configuration folder kept the settings: the data folder."""
    return data_dir() / FILE_NAME


def move_old(old: Path | None = None, new: Path | None = None) -> bool:
    """Move an old settings file (:func:`old_path`) to the configuration folder, when there is
    one and no settings file is there yet; whether it was moved. Never loses it: it is linked
    under the new name (which fails on an existing name) before its old name goes; across file
    systems it is copied (written whole, then linked) first. A link or anything but a regular
    file in its place is left alone, and so is everything when a step fails (OSError)."""
    from lessons.progress.safe_file import NotWritten, write_new_file

    old = old or old_path()
    new = new or default_path()
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
    _flush(old.parent)
    return True


def _flush(folder: Path) -> None:
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def load(path: Path | None = None) -> dict[str, object]:
    """The saved settings; empty when there are none or the file cannot be read. Without a
    ``path``, an old settings file is moved to the configuration folder first."""
    if path is None:
        try:
            move_old()
        except OSError:
            return _read(old_path())  # cannot be moved now: read where it is
    try:
        content = read_regular(path or default_path(), MAX_BYTES)
    except (OSError, Unreadable):
        return {}
    return _parsed(content)


def stamp() -> tuple[tuple[int, int, int] | None, ...]:
    """What the settings files are now (modification time, size and inode of each of
    :func:`default_path` and :func:`old_path`, None where there is none): a running tutor
    compares it with the one it read to see that another command changed them (``progress
    --name`` in another terminal). A ``stat`` each, nothing read."""
    found: list[tuple[int, int, int] | None] = []
    for path in (default_path(), old_path()):
        try:
            status = os.stat(path, follow_symlinks=False)
        except OSError:
            found.append(None)
            continue
        found.append((status.st_mtime_ns, status.st_size, status.st_ino))
    return tuple(found)


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
    """Keep the language a tutor was started in with ``--lang`` (``code``, a short code) as
    the palette keeps one picked there, so that the next start without ``--lang`` speaks it
    too; written (atomically, by :func:`save`) only when it is one of ``supported`` and not
    the one saved already. What to tell the student: a file kept aside, or why nothing could
    be saved (the tutor goes on in that language all the same)."""
    if code is None or code not in supported or saved_language() == code:
        return []
    from lessons.i18n import _

    notes: list[str] = []
    problem = save({"language": code}, notes=notes)
    if problem is not None:
        notes.append(_("The language could not be saved: {reason}").format(reason=problem))
    return notes


def save(
    changes: dict[str, object], path: Path | None = None, notes: list[str] | None = None
) -> str | None:
    """Merge ``changes`` into the settings file atomically; returns a warning if it could not
    be written (the tutor goes on), else None. A file in the way that cannot be used (a link,
    a folder, not JSON) is kept aside first, never replaced: a line in ``notes`` says so."""
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
    """Why the file at ``path`` holds no settings the tutor can use; None when it does or
    there is none."""
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
