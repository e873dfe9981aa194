"""What the tutor says at start depends on: a first start, or a lesson left unfinished, found
without loading the progress store where there is no progress file."""

from __future__ import annotations

import os

from lessons.progress.folders import progress_path


def progress_at_start() -> str:
    """``"unfinished"`` when the progress file holds a lesson started and not completed,
    ``"none"`` when it holds no lesson at all (a first start), else ``""``."""
    if not os.path.lexists(progress_path()):
        return "none"  # without loading the store
    from lessons.progress.store import ProgressStore

    records = ProgressStore(create=False).records.values()
    if any(
        not record.run_finished and (record.page > 0 or record.answers or record.open)
        for record in records
    ):
        return "unfinished"
    return "" if records else "none"
