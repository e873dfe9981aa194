"""The student's settings (for now: the tutor's language), kept next to the progress file.

``settings.json`` in the tutor's data directory (``$XDG_DATA_HOME/queens-tutor``), separate
from ``progress.json`` so that a settings change never rewrites the progress. Written
atomically (lessons/progress/safe_file.py); a file that cannot be read (or is no regular file)
counts as
no settings and is left as it is until the next change.
"""

from __future__ import annotations

from pathlib import Path

from lessons.progress.safe_file import Unreadable, read_regular, write_atomically

APP_DIR = "queens-tutor"
FILE_NAME = "settings.json"
MAX_BYTES = 64 * 1024
"""The largest settings file read (it holds a few words)."""


def default_path() -> Path:
    from platformdirs import user_data_path  # the same directory as the progress file

    return user_data_path(APP_DIR, appauthor=False) / FILE_NAME


def load(path: Path | None = None) -> dict[str, object]:
    """The saved settings; empty when there are none or the file cannot be read."""
    try:
        content = read_regular(path or default_path(), MAX_BYTES)
    except (OSError, Unreadable):
        return {}
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


def save(changes: dict[str, object], path: Path | None = None) -> str | None:
    """Merge ``changes`` into the settings file atomically; returns a warning if it could not
    be written (the tutor goes on), else None."""
    import json

    target = path or default_path()
    data = load(target)
    data.update(changes)
    content = json.dumps(data, indent=1, sort_keys=True).encode("utf-8")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, content)
    except OSError as error:
        return str(error)
    return None
