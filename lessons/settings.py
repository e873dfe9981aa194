"""The student's settings (for now: the tutor's language), kept next to the progress file.

``settings.json`` in the tutor's data directory (``$XDG_DATA_HOME/queens-tutor``), separate
from ``progress.json`` so that a settings change never rewrites the progress. Written
atomically (a temporary file in the same directory, fsynced, renamed over the old one); a file
that cannot be read counts as no settings and is left as it is until the next change.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

APP_DIR = "queens-tutor"
FILE_NAME = "settings.json"


def default_path() -> Path:
    from platformdirs import user_data_path  # the same directory as the progress file

    return user_data_path(APP_DIR, appauthor=False) / FILE_NAME


def load(path: Path | None = None) -> dict[str, object]:
    """The saved settings; empty when there are none or the file cannot be read."""
    try:
        data = json.loads((path or default_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def saved_language(path: Path | None = None) -> str | None:
    """The language the student last chose in the tutor, if any."""
    value = load(path).get("language")
    return value if isinstance(value, str) else None


def save(changes: dict[str, object], path: Path | None = None) -> str | None:
    """Merge ``changes`` into the settings file atomically; returns a warning if it could not
    be written (the tutor goes on), else None."""
    target = path or default_path()
    data = load(target)
    data.update(changes)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, temporary = tempfile.mkstemp(prefix=".settings-", dir=target.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as file:
                json.dump(data, file, indent=1, sort_keys=True)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, target)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        return str(error)
    return None
