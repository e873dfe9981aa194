"""The projector layout: the main screen's keys and session drawn with the board on the whole
screen in large squares, the narration under it, the state table and the code on demand."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical

from lessons.i18n import N_, _
from tui.bindings import key
from tui.screens.board_screen import OverBoard
from tui.screens.main_screen import MAIN_BINDINGS, MainScreen
from tui.widgets.big_board import BigBoard
from tui.widgets.code_pane import CodePane
from tui.widgets.guess_pane import GuessPane
from tui.widgets.key_bar import KeyBar
from tui.widgets.run_status import RunStatus
from tui.widgets.state_table import StateTable

PROJECTOR_BINDINGS: list[BindingType] = [
    *(b for b in MAIN_BINDINGS if not (isinstance(b, Binding) and b.key == "escape")),
    key(
        "escape",
        "cancel",
        N_("Main layout"),
        N_("Stop the run; with none running, back to the main layout"),
    ),
    Binding("c", "more", N_("More"), tooltip=N_("The state table and the code, shown or hidden")),
]


class ProjectorScreen(OverBoard, MainScreen):
    """The board in large squares over a one-line narration; ``c`` shows the rest, escape goes
    back to the main layout (which goes on from this tick)."""

    BINDINGS: ClassVar[list[BindingType]] = PROJECTOR_BINDINGS
    CSS_PATH = "../styles/projector.tcss"

    def __init__(self, main: MainScreen) -> None:
        super().__init__(main.session, main.glyphs)
        self._main = main

    def compose(self) -> ComposeResult:
        panes = self.panes
        panes.board = BigBoard(self.glyphs, id="board")
        panes.status = RunStatus(self.glyphs, id="status")
        panes.table = StateTable(self.glyphs, id="table")
        panes.code = CodePane(self.glyphs, id="code")
        panes.narration = GuessPane(id="narration")
        with Horizontal(id="projector-stage"):
            yield panes.board
            with Vertical(id="projector-more"):
                yield panes.status
                yield panes.table
                yield panes.code
        yield panes.narration
        yield KeyBar(id="keys")

    def action_more(self) -> None:
        """Show or hide the state table, the code and the status."""
        more = self.query_one("#projector-more")
        more.display = not more.display

    def action_place(
        self, drive: bool = False, then: Callable[[object], None] | None = None
    ) -> None:
        self._main.action_place(drive, then)

    def back(self) -> None:
        self._main.retranslate()


def toggle_projector(screen: MainScreen) -> None:
    """The projector layout over ``screen``, or back to the main layout from it."""
    if isinstance(screen, ProjectorScreen):
        screen.leave()
    elif screen.running:
        screen.notify(_("Stop the run first (escape), then choose the projector layout."))
    else:
        screen.app.push_screen(ProjectorScreen(screen))


def projector_command(screen: MainScreen) -> SystemCommand:
    """The palette's "Projector layout" (found and shown in the learner's language too)."""
    return SystemCommand(
        N_("Projector layout"),
        _("The board on the whole screen, for a hall; again to go back"),
        partial(toggle_projector, screen),
    )
