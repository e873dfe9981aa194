"""The tutor in a browser tab: says where the progress is kept, asks before an anonymous
student's progress is lost, redraws when a tab comes back (SIGUSR1), keeps where.json, pauses
runs while its tab is away, and says when keys were dropped."""

from __future__ import annotations

import asyncio
import os
import signal
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import RenderableType
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import ModalScreen

from lessons.i18n import N_, _, ngettext
from tui.app import QueensTutorApp
from tui.screens.closing import dismiss_once
from tui.serve.where import LOOK_SECONDS, WhereFile, tab_where_path, where_path

if TYPE_CHECKING:
    from textual.driver import Driver
    from textual.screen import Screen

    from tui.serve.tab_driver import TabDriver

SESSION_NOTICE = N_(
    "Your progress in this tab lasts until the tab is closed. To keep it, open the command "
    "palette (ctrl+p) and choose Download progress; Load progress brings it back."
)
NAMED_NOTICE = N_(
    "You are logged in: your progress and settings are kept on this server under your name. "
    "If the tab closes or the connection drops, open the page again to come back here."
)
SITE_NOTICE = N_(
    "You are logged in from your course: your progress and settings are kept on this server "
    "under your name. If the tab closes or the connection drops, open the tutor again from "
    "your course to come back here."
)
DROPPED_NOTICE_SECONDS = 30.0
"""How long the dropped-keys notice shows as a toast, over screens other than the main one
(whose status lines keep it until the next step); a click dismisses it. A busy server may draw
a flooded tab only every few seconds, and a toast whose time runs out before a frame draws it
is never seen."""


class QuitServedScreen(ModalScreen[bool]):
    """Quitting a browser tab's tutor ends its progress: quit anyway, download first, or stay.

    | Key | Action |
    | --- | --- |
    | q | quit anyway |
    | d | download the progress first |
    | escape | stay |
    """

    CSS_PATH = "../styles/transfer.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "answer(True)", N_("Quit anyway")),
        Binding("d", "download", N_("Download first")),
        Binding("escape", "answer(False)", N_("Stay")),
    ]

    def compose(self) -> ComposeResult:
        from tui.screens.progress_transfer import dialog_text

        with Vertical(classes="transfer-body"):
            yield from dialog_text(
                _("Quit the tutor in this tab?"),
                _(
                    "Your progress in this tab ends when the tutor quits. Press d to "
                    "download it first, q to quit anyway, or escape to stay."
                ),
            )

    def action_answer(self, quit_now: bool) -> None:
        dismiss_once(self, quit_now)

    def action_download(self) -> None:
        dismiss_once(self, False)
        self.app.call_later(self.app.run_action, "download_progress")


class ServedTutorApp(QueensTutorApp):
    """The tutor, served to a browser tab."""

    quit_confirmed = False
    """True once the student has said to quit despite unsaved progress."""
    named = False
    """True when the server keeps this student's progress under their login."""
    site = shown = ""
    """The issuer of the course site whose id the login is ("": a lab's tab), and the name
    it shows her (``name.txt``; "": none), which extensions may name too."""
    where: WhereFile | None = None
    session_folder: Path | None = None
    """The session's own folder in the server's, where it tells the console what happened."""
    paused_away = False
    """True once a run was paused because the tab went away (said when it comes back)."""

    def get_driver_class(self) -> type[Driver]:
        """Textual's web driver as :class:`TabDriver`, which reads what the server says."""
        driver = super().get_driver_class()
        from textual.drivers.web_driver import WebDriver

        if driver is WebDriver:
            from tui.serve.tab_driver import TabDriver

            return TabDriver
        return driver

    def on_tab_driver_said(self, message: TabDriver.Said) -> None:
        if message.dropped:
            # A notice raised while the keys the tab's buffer took still wait (a minute of
            # them on a busy server) is never drawn: their steps' own words replace it in the
            # main screen's status lines, or, as a toast elsewhere, its time runs out first.
            self.after_keys_taken(partial(self.say_dropped, message.dropped))
        if message.away:
            self.paused_away = pause_runs(self.screen_stack) or self.paused_away
        elif message.away is False and self.paused_away:
            self.paused_away = False
            self.notify(_("The run was paused while this tab was away."))

    def after_keys_taken(self, callback: Callable[[], object]) -> None:
        """Call ``callback`` once the keys already received are taken and drawn. A key goes
        from the app to the focused widget (or the screen) and, unless that widget binds it,
        back up to the app, whose bindings run it: the callback is queued behind the keys at
        each of those steps."""
        (self.focused or self.screen).call_after_refresh(self.call_after_refresh, callback)

    def say_dropped(self, count: int) -> None:
        """Tell the student that ``count`` keys of this tab were dropped."""
        self.bell()
        self.notify(
            ngettext(
                "{count} key was dropped: this tab sent keys faster than the tutor takes them.",
                "{count} keys were dropped: this tab sent keys faster than the tutor takes them.",
                count,
            ).format(count=count),
            severity="warning",
            timeout=DROPPED_NOTICE_SECONDS,
        )

    def on_mount(self) -> None:
        notice = SITE_NOTICE if self.site else NAMED_NOTICE if self.named else SESSION_NOTICE
        self.notify(_(notice), title=_("queens-tutor in a browser"), timeout=15)
        asyncio.get_running_loop().add_signal_handler(signal.SIGUSR1, self.repaint)
        tab = tab_where_path(self.session_folder.name) if self.session_folder else None
        self.where = WhereFile(where_path(), tab)
        self.set_interval(LOOK_SECONDS, self.look_where)
        self.call_after_refresh(self.look_where)

    def saving_failed(self) -> None:
        """The server's console gets a line: a student's progress is not being saved."""
        from tui.serve.session_events import SAVE_FAILED, note_event

        if self.session_folder is not None:
            note_event(self.session_folder, SAVE_FAILED)

    def for_student(self, text: str) -> str:
        """``text`` without the server's paths: the session's home (its own folder, or the
        user's folder in the server's data) is shown as ``~``."""
        home = os.environ.get("HOME", "")
        return text.replace(home, "~") if len(home) > 1 else text

    def repaint(self) -> None:
        """Draw the whole screen again, for a new terminal (a tab that came back)."""
        self.refresh(layout=True)

    def look_where(self) -> None:
        if self.where is not None:
            self.where.look(self.screen_stack)

    def has_progress(self) -> bool:
        """Whether the tab holds any lesson progress that would end with the session
        (loaded lessons with a record, not kept on the server under a login)."""
        context = self._lessons
        return not self.named and context is not None and bool(context.store.records)

    def exit(
        self, result: None = None, return_code: int = 0, message: RenderableType | None = None
    ) -> None:
        """Quit, but first ask when the tab's progress would be lost."""
        if self.quit_confirmed or self.exiting or not self.has_progress():
            super().exit(result, return_code, message)
            return
        if isinstance(self.screen, QuitServedScreen):
            return

        def answered(quit_now: bool | None) -> None:
            if quit_now:
                self.quit_confirmed = True
                super(ServedTutorApp, self).exit(result, return_code, message)

        self.push_screen(QuitServedScreen(), answered)

    def action_download_progress(self) -> None:
        """Open the progress download (also in the command palette)."""
        from tui.screens.progress_transfer import ExportProgressScreen

        self.push_screen(ExportProgressScreen(self.lessons, login=self.login))


def pause_runs(stack: list[Screen[Any]]) -> bool:
    """Stop every run playing on the screens ``stack``; whether one played."""
    from tui.screens.board_screen import BoardScreen

    paused = False
    for screen in stack:
        if isinstance(screen, BoardScreen) and screen.running:
            screen.action_cancel()
            paused = True
    return paused
