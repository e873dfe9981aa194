"""The command palette's progress commands (tui/screens/progress_transfer.py).

Textual's own palette already has *Screenshot* (an SVG of the current screen, for slides and
hand-outs: downloaded in a browser, saved in the Downloads folder in a terminal).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from textual.app import SystemCommand

if TYPE_CHECKING:
    from tui.app import QueensTutorApp


def progress_commands(app: QueensTutorApp) -> Iterator[SystemCommand]:
    def export() -> None:
        from tui.screens.progress_transfer import ExportProgressScreen

        app.push_screen(ExportProgressScreen(app.lessons))

    def load() -> None:
        from tui.screens.progress_transfer import LoadProgressScreen

        app.push_screen(LoadProgressScreen(app.lessons))

    yield SystemCommand(
        "Download progress",
        "Save your lesson progress as a file: to keep it, load it back, or give your teacher",
        export,
    )
    yield SystemCommand(
        "Load progress", "Load progress from a file you downloaded (paste its text)", load
    )
