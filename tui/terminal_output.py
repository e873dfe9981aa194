"""Whether the terminal is behind what the tutor wrote (a run's frames wait while it is): a
pipe counts its unread bytes, a socket its unsent ones; a pseudo-terminal whose reader stopped
is no longer writable. Where it cannot be told, it is not behind."""

from __future__ import annotations

import array
import fcntl
import os
import select
import stat
import sys
import termios

BEHIND = 16_384
"""Bytes not yet read at which the terminal counts as behind (more than a full 80x24 redraw)."""


def _output() -> int | None:
    stream = sys.__stdout__
    if stream is None:
        return None
    try:
        return stream.fileno()
    except (OSError, ValueError):
        return None


def unread_output(fd: int | None = None) -> int:
    """Bytes written to ``fd`` (the standard output) that the other end has not read yet, as
    far as the kernel counts them (0 for a pseudo-terminal)."""
    fd = _output() if fd is None else fd
    if fd is None:
        return 0
    try:
        mode = os.fstat(fd).st_mode
        if not (stat.S_ISFIFO(mode) or stat.S_ISSOCK(mode) or stat.S_ISCHR(mode)):
            return 0
        request = termios.FIONREAD if stat.S_ISFIFO(mode) else termios.TIOCOUTQ
        count = array.array("i", [0])
        fcntl.ioctl(fd, request, count)
    except OSError:
        return 0
    return max(count[0], 0)


def writable(fd: int) -> bool:
    """Whether a write to ``fd`` would not wait (its other end has room for more)."""
    try:
        _, ready, _ = select.select([], [fd], [], 0)
    except (OSError, ValueError):
        return True
    return bool(ready)


def behind(fd: int | None = None) -> bool:
    """Whether the terminal is so far behind that the next frame should wait."""
    fd = _output() if fd is None else fd
    if fd is None:
        return False
    return unread_output(fd) >= BEHIND or not writable(fd)
