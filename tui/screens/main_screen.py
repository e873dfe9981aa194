"""The tutor's main screen: one board session's board, state table, code, narration and status,
stepped from the keys; its own keys (placing queens, the search tree, help, quit) and palette
commands."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, ClassVar

from textual import events
from textual.app import ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.notifications import SeverityLevel

from lessons.i18n import N_, _
from solver.guess.stage import Stage
from solver.messages import render
from solver.registry import METHODS, steppable_methods
from solver.session.board import BoardSession, Goal, Told
from solver.sources import SOURCES
from solver.stepping import Mode
from tui.bindings import hidden, key
from tui.glyphs import UNICODE, Glyphs
from tui.screens.board_screen import RESIZE_BINDINGS, STEP_BINDINGS, WHOLE_TREE, BoardScreen
from tui.widgets.guess_pane import AnswerKeys
from tui.widgets.kept_lines import KeptLines
from tui.widgets.key_bar import KeyBar
from tui.widgets.session_panes import SessionPanes
from tui.widgets.session_view import SessionView
from tui.widgets.session_view.right_column import RightColumn

if TYPE_CHECKING:
    from solver.tree.view import TreeFollower
    from tui.widgets.tree_pane import TreePane

ITERATION = key("enter,i", "iteration", N_("Iter"), N_("Up to the next queen placed or backtrack"))
"""The main screen's enter plays an iteration too (a lesson's goes on with the lesson)."""

_STEPS = {b.action: b for b in STEP_BINDINGS if isinstance(b, Binding)}

MAIN_BINDINGS: list[BindingType] = [
    _STEPS["tick"],
    _STEPS["back"],
    ITERATION,
    _STEPS["run('solution')"],
    _STEPS["run('backtrack')"],
    # the first binding of a key that acts is the one shown and run
    Binding("p", "pause", N_("Pause"), tooltip=N_("Pause autoplay")),
    Binding("p", "play", N_("Play"), tooltip=N_("Play / pause autoplay; also stops a run")),
    Binding("escape", "cancel", N_("Stop"), tooltip=N_("Stop the run")),
    hidden("plus,equals_sign", "speed(1)", N_("Faster"), N_("Autoplay faster")),
    Binding("minus", "speed(-1)", N_("Slower"), show=False, tooltip=N_("Autoplay slower")),
    hidden("r", "reset", N_("Reset"), N_("Reset: every queen under the board")),
    hidden("a", "toggle_all", N_("All"), N_("First solution only / all solutions")),
    *RESIZE_BINDINGS,
    Binding("m", "method", N_("Method"), tooltip=N_("The next method of the notes (resets)")),
    hidden("d", "overlay", N_("Diagonals"), N_("Overlay: off, col+row, row-col")),
    Binding("g", "guess", N_("Guess"), tooltip=N_("Guess mode: predict each step before it plays")),
    Binding("o", "place", N_("Place"), show=False, tooltip=N_("Place your own queens; you drive")),
    hidden("t", "tree", N_("Tree"), N_("The search tree in place of the code (n <= 6)")),
    WHOLE_TREE,
    Binding("question_mark,f1", "help", N_("Help"), tooltip=N_("Every key")),
    Binding("q", "quit", N_("Quit"), tooltip=N_("Quit the tutor")),
    # last in the help's table, whose first screen shows ?, f1 and q
    hidden(
        "pagedown", "narration(1)", N_("Narration: more"), N_("The next lines of a long narration")
    ),
    hidden(
        "pageup",
        "narration(-1)",
        N_("Narration: back"),
        N_("The previous lines of a long narration"),
    ),
]
"""The main screen's keys (the help lists them)."""


class MainScreen(KeptLines, BoardScreen):
    """Board, b[] table, code, narration and status, stepped by :data:`MAIN_BINDINGS`."""

    BINDINGS: ClassVar[list[BindingType]] = MAIN_BINDINGS

    AUTO_FOCUS = ""
    """Nothing has the focus at start: the screen takes the keys."""

    def __init__(self, session: BoardSession, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self._session = session
        self.glyphs = glyphs
        self.panes = SessionPanes()
        self._tree: TreeFollower | None = None
        self._tree_pane: TreePane | None = None
        """The search tree's pane, mounted in the code's place when ``t`` first shows it."""

    @property
    def session(self) -> BoardSession:
        return self._session

    def compose(self) -> ComposeResult:
        right = RightColumn()
        self.panes.view = SessionView(self.glyphs, id="view", right=right)
        yield self.panes.view
        yield right
        yield KeyBar(id="keys")

    @property
    def answers(self) -> AnswerKeys | None:
        """The widget that takes guess mode's answers."""
        return self.panes.view or self.panes.narration

    def on_mount(self) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        """Draw every word again in the language now in use."""
        panes = self.panes
        if panes.view is not None:
            panes.view.set_titles(_("board"), _("what happened"))
        if panes.board is not None:
            panes.board.border_title = _("board")
        if panes.narration is not None:
            panes.narration.border_title = _("what happened")
        if panes.status is not None:
            panes.status.refresh_words()
        self.refresh_bindings()
        self.show()

    # -- attributes down -----------------------------------------------------------------

    def show(self) -> None:
        """Draw the session's frame in the panes."""
        self.panes.draw(self.session)
        if self._tree is not None:
            self._show_tree()

    def question_opened(self) -> None:
        if self.answers is not None:
            self.answers.focus()

    def say(self, notice: str, severity: SeverityLevel = "information") -> None:
        """Show ``notice`` in the status lines until the next key (a notification where hidden)."""
        view = self.panes.view
        if view is None:
            super().say(notice)
            return
        view.notice = notice
        view.notice_error = severity == "error"

    def on_screen_resume(self) -> None:
        """A notice shown over the screen just closed comes to the status lines."""
        notice_for_main = getattr(self.app, "notice_for_main", None)
        later = notice_for_main() if notice_for_main is not None else None
        if later is not None and self.panes.view is not None:
            self.app.clear_notifications()
            self.say(*later)

    def on_key(self, event: events.Key) -> None:
        """Notices go at the next key (not while a guess question waits); the rest of a yes or
        no whose first letter answered is part of the answer."""
        game = self.session.game
        if game is None or game.question is None:
            view = self.panes.view
            if view is not None and view.notice:
                view.notice = ""
            elif view is None:  # clear notices only where one is shown (else it refreshes a layer)
                racks = self.query_children("ToastRack")
                if racks and racks.first().children:
                    self.app.clear_notifications()
        answers = self.answers
        if answers is not None and answers.goes_on_word(event):
            event.stop()
            event.prevent_default()

    # -- the main screen's own keys ------------------------------------------------------------

    def action_place(
        self, drive: bool = False, then: Callable[[object], None] | None = None
    ) -> None:
        """Open the board to place queens by hand (n up to 10), or to drive the loop; ``then``
        is called with its outcome when the learner leaves it."""
        from solver.placement import MAX_N as PLACE_MAX_N
        from tui.found_store import store_of
        from tui.screens.place_screen import PlaceScreen

        found = store_of(self.app)
        session = self.session
        n = min(session.n, PLACE_MAX_N) if session.kit.queens else 4
        self.app.push_screen(PlaceScreen(n, self.glyphs, found, drive), then)
        for warning in found.warnings:
            self.notify(render(warning), markup=False)
        found.warnings.clear()

    @property
    def tree_follower(self) -> TreeFollower | None:
        """The search tree beside the board, following the search; None until t opens it."""
        return self._tree

    def action_tree(self) -> None:
        """Show the search tree in place of the code, or the code again."""
        from solver.tree.view import TreeFollower, refusal
        from tui.widgets.tree_pane import TreePane, tree_chars

        if self._tree is None:
            why = refusal(self.session.kit, self.session.snapshot)
            if why is not None:
                self.say(render(why))
                return
            self._tree = TreeFollower(tree_chars(self.glyphs))
        else:
            self._tree = None
        view, code = self.panes.view, self.panes.code
        if view is not None and self._tree is None:
            view.show_tree(None)
        if code is not None:  # the projector layout: the tree is a pane of its own
            if self._tree is not None and self._tree_pane is None:
                self._tree_pane = TreePane(self.glyphs, id="tree")
                self.mount(self._tree_pane, after=code)
            code.display = self._tree is None
            if self._tree_pane is not None:
                self._tree_pane.display = self._tree is not None
        if self._tree is not None:
            self._show_tree()

    def _show_tree(self) -> None:
        """The tree at the session's tick; the code back where the tree does not apply."""
        assert self._tree is not None
        frame = self._tree.frame(self.session.kit, self.session.snapshot)
        if frame is None:
            self.action_tree()
            return
        subtitle = _("T: tree screen")
        if self.panes.view is not None:
            self.panes.view.show_tree(frame, subtitle)
        if self._tree_pane is not None:
            self._tree_pane.border_title = frame.title
            self._tree_pane.border_subtitle = subtitle
            self._tree_pane.frame = frame

    def action_narration(self, pages: int) -> None:
        if self.panes.view is not None:
            self.panes.view.scroll_narration(pages)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "pause":  # p while autoplay plays
            session = self.session
            return self.running and session is not None and session.running is Goal.AUTOPLAY
        return super().check_action(action, parameters)

    def key_bar_shows(self, binding: Binding) -> bool:
        """No p Play while a run plays; no step forward while a guess question waits for y or n."""
        if binding.action == "play":
            return not self.running
        if binding.action in ("tick", "iteration"):
            session = self.session
            question = session.game.question if session is not None else None
            return question is None or question.stage is not Stage.FREE  # space skips a rule
        return True

    def key_bar_adds(self, binding: Binding) -> bool:
        """Once the search is over the key bar offers r, and a in first-solution mode."""
        if not self.over:
            return False
        if binding.action == "reset":
            return True
        return binding.action == "toggle_all" and self.session.snapshot.mode is Mode.FIRST

    def tell(self, told: Told) -> None:
        """As every board screen; the step that ends the search says what goes on from there."""
        over = self.session.over
        if told.played and told.notice is None and over is not None and not self.running:
            told = replace(told, notice=over)
        super().tell(told)

    def action_pause(self) -> None:
        self.action_cancel()

    def action_help(self) -> None:
        """Every key that acts now, each once, and the keys that answer a guess question."""
        from tui.screens.help_screen import HelpScreen, each_key_once

        keys = each_key_once(self, self.BINDINGS)
        answers = self.answers.help_rows() if self.answers is not None else []
        self.app.push_screen(HelpScreen([*keys, *self.app.BINDINGS], answers))

    def action_quit(self) -> None:
        self.app.exit()


def main_commands(screen: MainScreen) -> Iterator[SystemCommand]:
    """The main screen's palette commands: one per method, and one per key binding but quit."""
    for name in steppable_methods():
        info = METHODS[name]
        source = SOURCES[info.source].short_name
        yield SystemCommand(
            f"Method: {name}",
            _("{method} ({source})").format(method=_(info.title), source=_(source)),
            # through run_action: check_action refuses it while a run plays
            partial(screen.run_action, f"method({name!r})"),
        )
    for binding in screen.BINDINGS:
        assert isinstance(binding, Binding)
        if binding.action == "quit":
            continue
        yield SystemCommand(
            binding.description, _(binding.tooltip), partial(screen.run_action, binding.action)
        )
