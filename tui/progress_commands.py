"""The command palette's commands for files: download and load the student's progress, and a
screenshot as SVG (a download in a browser, a file in the Downloads folder in a terminal)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from textual.app import App, SystemCommand

from lessons.i18n import N_, _

if TYPE_CHECKING:
    from tui.lesson_context import LessonContext

DOWNLOAD_HELP = N_(
    "Save your lesson progress as a file: to keep it, load it back, or give your teacher"
)
LOAD_HELP = N_("Load progress from a file you downloaded (paste its text)")
SCREENSHOT_HELP = N_("Save the screen as an SVG picture, for slides and hand-outs")


def screenshot(app: App[Any]) -> None:
    """Save the current screen as SVG: a download in a browser, a file in a terminal."""
    if app.is_web:
        app.deliver_screenshot()
        return
    try:
        from tui.screens.progress_transfer import downloads_folder  # heavy: when used

        path = app.save_screenshot(path=str(downloads_folder()))
    except OSError as error:
        app.notify(
            _("The screenshot was not saved: {error}").format(error=error),
            severity="error",
            markup=False,
        )
        return
    app.notify(
        _("Screenshot saved as {path}").format(path=path), title=_("Screenshot"), markup=False
    )


def progress_commands(
    app: App[Any], lessons: Callable[[], LessonContext], login: str | None = None
) -> Iterator[SystemCommand]:
    """Download and load the progress of ``lessons()``, and the screenshot; a download carries
    the server's ``login`` of the student, if any."""

    def export() -> None:
        from tui.screens.progress_transfer import ExportProgressScreen

        app.push_screen(ExportProgressScreen(lessons(), login=login))

    def load() -> None:
        from tui.screens.progress_transfer import LoadProgressScreen

        app.push_screen(LoadProgressScreen(lessons()))

    yield SystemCommand(N_("Download progress"), _(DOWNLOAD_HELP), export)
    yield SystemCommand(N_("Load progress"), _(LOAD_HELP), load)
    yield SystemCommand(
        N_("Screenshot"),
        _(SCREENSHOT_HELP),
        lambda: app.set_timer(0.1, lambda: screenshot(app)),  # once the palette has gone
    )
