"""An unexpected error in the tutor: one line on the terminal, the details (what Textual's
error console caught) in a log file under the user's state directory."""

from __future__ import annotations

import io
import time
from pathlib import Path

from platformdirs import user_state_path
from rich.console import Console

from lessons.i18n import _
from lessons.safe_text import visible

EXIT_CRASHED = 1


def error_console() -> tuple[Console, io.StringIO]:
    """A console for Textual's error output, and the buffer it writes to."""
    buffer = io.StringIO()
    return Console(file=buffer, width=100, color_system=None, force_terminal=False), buffer


def write_log(details: str, directory: Path | None = None) -> Path | None:
    """Write ``details`` to a new log file; its path, or None when it cannot be written."""
    from lessons.progress.folders import make_folder
    from lessons.progress.fresh_file import write_new

    folder = directory or user_state_path("queens-tutor", appauthor=False) / "log"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:  # never through a link or over another file
        make_folder(folder)
        return write_new(folder, f"crash-{stamp}.log", details.encode("utf-8"))
    except OSError:
        return None


def summary(details: str) -> str:
    """The last line of a traceback that names the error (``OverflowError: ...``)."""
    for line in reversed(details.strip().splitlines()):
        text = line.strip(" │╰─╯")
        if text and ":" in text and not text.startswith(("File", "/")):
            return text[:160]
    return _("an unexpected error")


def report(details: str) -> str:
    """The one line the command prints for an unexpected error."""
    path = write_log(details)
    if path is None:
        text = _("internal error: {summary} (no log could be written)")
    else:
        text = _("internal error: {summary} (details in {path})")
    return visible("queens-tutor: " + text.format(summary=summary(details), path=path))
