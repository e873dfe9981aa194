"""Writing a file under a name not yet taken (``NAME-2.json``, ``NAME-3.json``...): what a
student downloads never overwrites a file already there."""

from __future__ import annotations

import errno
import os
from pathlib import Path

from lessons.progress.safe_file import fill_new

MAX_NUMBER = 1000
"""The most numbered names tried before giving up (``NAME-2`` to ``NAME-1000``)."""


def numbered(name: str, number: int) -> str:
    """``name`` with ``-number`` before its extension (``progress.json`` → ``progress-2.json``);
    ``name`` itself for 1."""
    if number == 1:
        return name
    stem, dot, suffix = name.rpartition(".")
    if not dot or not stem:
        return f"{name}-{number}"
    return f"{stem}-{number}.{suffix}"


def write_new(folder: Path, name: str, data: bytes) -> Path:
    """Write ``data`` to ``folder/name``, or to the first numbered name not taken, created
    exclusively; the path written. A failed write removes what it began and raises."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
    for number in range(1, MAX_NUMBER + 1):
        path = folder / numbered(name, number)
        try:
            handle = os.open(path, flags, 0o644)
        except FileExistsError:
            continue
        fill_new(handle, path, data)
        return path
    raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(folder / name))
