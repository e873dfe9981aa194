"""Reading a lesson file: only a regular file of at most :data:`MAX_BYTES`, opened without
blocking; a file that cannot be read is one error with its reason."""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from lessons.i18n import _, ngettext, number
from lessons.model import LessonError

MAX_BYTES = 256 * 1024

__all__ = ["MAX_BYTES", "os_reason", "read_lesson_text"]


def read_lesson_text(path: Path) -> str | LessonError:
    """The text of a lesson file, a regular file of at most MAX_BYTES (checked on the open
    file); else why it is refused, as one error."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as error:
        return LessonError(name, 1, _unreadable(error))
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            kind = (
                _("cannot read the file: it is a directory")
                if stat.S_ISDIR(info.st_mode)
                else _("cannot read the file: not a regular file")
            )
            return LessonError(name, 1, kind)
        if info.st_size > MAX_BYTES:
            too_large = ngettext(
                "too large: {size} byte (a lesson is at most {max})",
                "too large: {size} bytes (a lesson is at most {max})",
                info.st_size,
            )
            size = too_large.format(size=number(info.st_size), max=number(MAX_BYTES))
            return LessonError(name, 1, size)
        chunks: list[bytes] = []
        total = 0
        while total <= MAX_BYTES:
            chunk = os.read(fd, MAX_BYTES + 1 - total)
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
    except OSError as error:
        return LessonError(name, 1, _unreadable(error))
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_BYTES:
        more = ngettext(
            "too large: more than {max} byte", "too large: more than {max} bytes", MAX_BYTES
        )
        return LessonError(name, 1, more.format(max=number(MAX_BYTES)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        return LessonError(name, line, _("cannot read the file: not UTF-8 text"))


def _unreadable(error: OSError) -> str:
    return _("cannot read the file: {reason}").format(reason=os_reason(error))


def os_reason(error: OSError) -> str:
    """Why the system refused, in the language in use for the usual reasons, else in the C
    library's words."""
    reasons = {
        errno.ENOENT: _("No such file or directory"),
        errno.EACCES: _("Permission denied"),
        errno.EPERM: _("Operation not permitted"),
        errno.ELOOP: _("Too many levels of symbolic links"),
        errno.ENAMETOOLONG: _("File name too long"),
    }
    return reasons.get(error.errno or 0) or error.strerror or str(error)
