"""Reading a lesson file: only a regular file of a bounded size, never a hang.

Lesson files come from teachers and from ``--lessons-dir``: they are data, read only when they
are regular files of at most :data:`MAX_BYTES` (documented in docs/lesson-format.md), and a file
that cannot be read is one error with its reason, never an exception.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

from lessons.i18n import _, ngettext, number
from lessons.model import LessonError

MAX_BYTES = 256 * 1024
"""The largest lesson file read (256 KiB; the built-in lessons are under 6 KiB)."""

__all__ = ["MAX_BYTES", "os_reason", "read_lesson_text"]


def read_lesson_text(path: Path) -> str | LessonError:
    """The text of a lesson file, read only if it is a regular file of at most MAX_BYTES;
    else the reason it is refused, as one error.

    The file is opened without blocking (a FIFO never hangs) and checked on the open file, so
    a symlink to a FIFO, a device or a directory is refused too.
    """
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
    """Why the system refused, in the language in use for the usual reasons (a missing file, a
    forbidden one), else in the C library's words (the tutor never calls ``setlocale``)."""
    reasons = {
        errno.ENOENT: _("No such file or directory"),
        errno.EACCES: _("Permission denied"),
        errno.EPERM: _("Operation not permitted"),
        errno.ELOOP: _("Too many levels of symbolic links"),
        errno.ENAMETOOLONG: _("File name too long"),
    }
    return reasons.get(error.errno or 0) or error.strerror or str(error)
