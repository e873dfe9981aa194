"""What a served session and its server tell each other besides the terminal: the server's
meta packets (:data:`TAB_META`) on the session's input, and the session's events
(``run-paused``, ``save-failed``) as lines in its folder's ``session-events``."""

from __future__ import annotations

import os
from pathlib import Path

TAB_META = "queens-tutor"
"""The type of the server's packets to a session's tutor: ``{"tab": "away"}``,
``{"tab": "back"}``, ``{"dropped": N}``."""
EVENTS_FILE = "session-events"
RUN_PAUSED = "run-paused"
SAVE_FAILED = "save-failed"
EVENTS = (RUN_PAUSED, SAVE_FAILED)
"""The events a session may tell (a line of anything else is not read)."""
MAX_LINE = 64
"""The longest line read from the file."""


def note_event(session: Path, what: str) -> None:
    """Add ``what`` (one of :data:`EVENTS`) to the session's file; any thread."""
    assert what in EVENTS
    try:
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NOFOLLOW
        fd = os.open(session / EVENTS_FILE, flags, 0o600)
    except OSError:
        return  # the session's folder is gone: the session is ending
    try:
        os.write(fd, what.encode("ascii") + b"\n")
    finally:
        os.close(fd)


def new_events(session: Path, offset: int) -> tuple[list[str], int]:
    """The events written after byte ``offset`` of the session's file, and the new offset
    (a line not finished yet is read next time)."""
    try:
        with open(session / EVENTS_FILE, "rb") as file:
            file.seek(offset)
            data = file.read(64 * MAX_LINE)
    except OSError:
        return [], offset
    whole = data.rpartition(b"\n")[0]
    if not whole:
        return [], offset
    lines = whole.decode("ascii", "replace").split("\n")
    return [line for line in lines if line in EVENTS], offset + len(whole) + 1
