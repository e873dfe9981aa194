"""The projector layout (issue 24, item 3): the board on the whole screen in large squares, the
narration in a line under it, the state table and the code on demand (``c``).

It is the main screen with another layout: the same keys, the same engine and the same frames
(the method's view makes them; :class:`~tui.widgets.big_board.BigBoard` draws the board). It
opens over the main screen, takes its search over, and hands it back when it closes (escape
with no run going, or the palette's "Projector layout" again), so the main screen goes on from
the tick the projector reached.
"""

from __future__ import annotations

from functools import partial
from typing import ClassVar

from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical

from lessons.i18n import N_, _
from tui.screens.closing import dismiss_once
from tui.screens.main_bindings import MAIN_BINDINGS
from tui.screens.main_screen import MainScreen
from tui.widgets.big_board import BigBoard
from tui.widgets.code_pane import CodePane
from tui.widgets.guess_pane import GuessPane
from tui.widgets.key_bar import KeyBar
from tui.widgets.run_status import RunStatus
from tui.widgets.state_table import StateTable

_HANDED_OVER = (
    "n",
    "maze",
    "method",
    "overlay",
    "guessing",
    "game",
    "engine",
    "view",
    "snapshot",
    "found_solutions",
)
"""What the main screen and the projector hand each other: the search and how it is shown."""

PROJECTOR_BINDINGS: list[BindingType] = [
    *(b for b in MAIN_BINDINGS if not (isinstance(b, Binding) and b.key == "escape")),
    Binding(
        "escape",
        "cancel",
        N_("Main layout"),
        tooltip=N_("Stop the run; with none running, back to the main layout"),
    ),
    Binding("c", "more", N_("More"), tooltip=N_("The state table and the code, shown or hidden")),
]


class ProjectorScreen(MainScreen):
    """The board in large squares over a one-line narration; ``c`` shows the rest.

    | Key | Action |
    | --- | --- |
    | the main screen's keys | as on the main screen |
    | c | the state table, the code and the status, shown or hidden |
    | escape | stop the run; with none running, back to the main layout |
    """

    BINDINGS: ClassVar[list[BindingType]] = PROJECTOR_BINDINGS
    CSS_PATH = "../styles/projector.tcss"

    def __init__(self, main: MainScreen) -> None:
        super().__init__(
            main.n, main.engine.mode, main.glyphs, main.method, main.maze, guess=main.guessing
        )
        self._main = main
        for name in _HANDED_OVER:
            setattr(self, name, getattr(main, name))
        self._leave_when_stopped = False

    def compose(self) -> ComposeResult:
        board = BigBoard(self.glyphs, id="board")
        status = RunStatus(self.glyphs, id="status")
        table = StateTable(self.glyphs, id="table")
        code = CodePane(self.glyphs, id="code")
        narration = GuessPane(id="narration")
        self._board, self._table, self._code = board, table, code
        self._narration, self._status = narration, status
        self._table_title = ""
        with Horizontal(id="projector-stage"):
            yield board
            with Vertical(id="projector-more"):
                yield status.data_bind(MainScreen.speed)
                yield table
                yield code
        yield narration
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        self.speed = self._main.speed  # before the main screen's on_mount draws the frame

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "cancel":
            return True  # escape stops a run, or goes back to the main layout
        return super().check_action(action, parameters)

    def action_more(self) -> None:
        """Show or hide the state table, the code and the status."""
        more = self.query_one("#projector-more")
        more.display = not more.display

    def action_cancel(self) -> None:
        if self.running:
            super().action_cancel()
        else:
            self.leave()

    def leave(self) -> None:
        """Back to the main layout, which goes on from here; a run is stopped first."""
        if self.running:
            self._leave_when_stopped = True
            super().action_cancel()
            return
        main = self._main
        for name in _HANDED_OVER:
            setattr(main, name, getattr(self, name))
        main.speed = self.speed
        dismiss_once(self)
        main.retranslate()  # the search as the projector left it, in the language in use

    def on_main_screen_run_ended(self, message: MainScreen.RunEnded) -> None:
        if self._leave_when_stopped:
            self._leave_when_stopped = False
            self.call_later(self.leave)  # after the main screen's handler has shown the end


def toggle_projector(screen: MainScreen) -> None:
    """The projector layout over ``screen``, or back to the main layout from it."""
    if isinstance(screen, ProjectorScreen):
        screen.leave()
    elif screen.running:
        screen.notify(_("Stop the run first (escape), then choose the projector layout."))
    else:
        screen.app.push_screen(ProjectorScreen(screen))


def projector_command(screen: MainScreen) -> SystemCommand:
    """The palette's "Projector layout" (its name the same in every language)."""
    return SystemCommand(
        "Projector layout",
        _("The board on the whole screen, for a hall; again to go back"),
        partial(toggle_projector, screen),
    )
