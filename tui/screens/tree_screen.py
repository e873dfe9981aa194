"""The search tree on a screen of its own (``T``), the board and b[] beside it, stepping the
board session of the screen it opens over (which goes on from the tick reached here)."""

from __future__ import annotations

from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical

from lessons.i18n import N_, _
from solver.messages import render
from solver.session.board import BoardSession
from solver.tree.view import TreeFollower, refusal
from tui.bindings import key
from tui.glyphs import Glyphs
from tui.screens.board_screen import STEP_BINDINGS, BoardScreen, OverBoard
from tui.widgets.board import Board
from tui.widgets.guess_pane import GuessPane
from tui.widgets.key_bar import KeyBar
from tui.widgets.session_panes import SessionPanes
from tui.widgets.state_table import StateTable
from tui.widgets.tree_pane import TreePane, tree_chars

TREE_BINDINGS: list[BindingType] = [
    *(b for b in STEP_BINDINGS if not (isinstance(b, Binding) and b.key == "escape")),
    key(
        "escape,T",
        "cancel",
        N_("Close tree"),
        N_("Stop the run; with none running, close the tree"),
    ),
    Binding("pageup", "page(-1)", N_("Page up"), tooltip=N_("The tree one page up")),
    Binding("pagedown", "page(1)", N_("Page down"), tooltip=N_("The tree one page down")),
    Binding("home", "tree_end(False)", N_("Top"), show=False, tooltip=N_("The tree's first line")),
    Binding("end", "tree_end(True)", N_("Bottom"), show=False, tooltip=N_("The tree's last line")),
    Binding("question_mark,f1", "help", N_("Help"), show=False, tooltip=N_("Every key")),
]
"""The tree screen's keys: the arrows step the search, the page keys page the tree."""


class TreeScreen(OverBoard):
    """The whole search tree at the session's tick, with the board and b[] beside it."""

    BINDINGS: ClassVar[list[BindingType]] = TREE_BINDINGS
    CSS_PATH = "../styles/tree.tcss"
    AUTO_FOCUS = ""
    """The screen takes the keys; the narration takes them only while a guess question waits."""

    def __init__(self, owner: BoardScreen, session: BoardSession, glyphs: Glyphs) -> None:
        super().__init__()
        self._owner = owner
        self._session = session
        self.glyphs = glyphs
        self.panes = SessionPanes()
        self._follower = TreeFollower(tree_chars(glyphs))

    @property
    def session(self) -> BoardSession:
        return self._session

    def board_action_allowed(self, action: str) -> bool:
        """What the screen underneath allows."""
        return self._owner.board_action_allowed(action)

    def compose(self) -> ComposeResult:
        panes = self.panes
        panes.board = Board(self.glyphs, id="tree-board")
        panes.table = StateTable(self.glyphs, id="tree-table")
        panes.narration = GuessPane(id="tree-narration")
        with Horizontal(id="tree-stage"):
            yield TreePane(self.glyphs, id="tree-whole")
            with Vertical(id="tree-side"):
                yield panes.board
                yield panes.table
                yield panes.narration
        yield KeyBar(id="keys")

    def on_mount(self) -> None:
        assert self.panes.board is not None and self.panes.narration is not None
        self.panes.board.border_title = _("board")
        self.panes.narration.border_title = _("what happened")
        self.show()

    def show(self) -> None:
        """The session's board, b[] and narration, and the tree at its tick."""
        session = self.session
        self.panes.draw(session)
        frame = self._follower.frame(session.kit, session.snapshot)
        pane = self.query_one("#tree-whole", TreePane)
        if frame is None:  # no longer a tree
            why = refusal(session.kit, session.snapshot)
            if why is not None:
                self.notify(render(why), markup=False)
            self.call_later(self.leave)
            return
        pane.border_title = frame.title
        pane.frame = frame
        self.call_after_refresh(self._note_pages)

    _pages: bool | None = None
    """Whether the tree was longer than its pane when the bindings were last refreshed."""

    def _note_pages(self) -> None:
        """Refresh the bindings when whether the tree is longer than its pane changed."""
        pages = self._tree_pages()
        if pages != self._pages:
            self._pages = pages
            self.refresh_bindings()

    def _tree_pages(self) -> bool:
        panes = self.query("#tree-whole")
        return bool(panes) and panes.first(TreePane).max_scroll_y > 0

    def on_resize(self) -> None:
        self.call_after_refresh(self._note_pages)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("page", "tree_end"):
            return self._tree_pages()
        return super().check_action(action, parameters)

    def question_opened(self) -> None:
        if self.panes.narration is not None:
            self.panes.narration.focus()

    def on_key(self, event: events.Key) -> None:
        """The rest of a yes or no whose first letter answered is part of it."""
        narration = self.panes.narration
        if narration is not None and narration.goes_on_word(event):
            event.stop()
            event.prevent_default()

    # -- the tree's own keys -------------------------------------------------------------------

    def action_page(self, pages: int) -> None:
        pane = self.query_one("#tree-whole", TreePane)
        (pane.scroll_page_up if pages < 0 else pane.scroll_page_down)(animate=False)

    def action_tree_end(self, end: bool) -> None:
        pane = self.query_one("#tree-whole", TreePane)
        (pane.scroll_end if end else pane.scroll_home)(animate=False)

    def back(self) -> None:
        self._owner.show()

    def action_help(self) -> None:
        from tui.screens.help_screen import HelpScreen, each_key_once

        keys = each_key_once(self, self.BINDINGS)
        answers = self.panes.narration
        self.app.push_screen(HelpScreen(keys, answers.help_rows() if answers is not None else []))


def open_tree(screen: BoardScreen, session: BoardSession | None, glyphs: Glyphs) -> None:
    """The whole tree over ``screen`` (its session), or a notice saying why it cannot be drawn.
    A screen no longer on top (closed, or covered, since it asked) gets nothing."""
    if session is None or screen is not screen.app.screen:
        return
    why = refusal(session.kit, session.snapshot)
    if why is not None:
        screen.app.clear_notifications()
        screen.notify(render(why), markup=False)
        return
    if screen.running:
        screen.notify(_("Stop the run first (escape), then open the tree."), markup=False)
        return
    screen.app.push_screen(TreeScreen(screen, session, glyphs))
