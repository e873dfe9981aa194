"""Place your own queens, and "you drive" the Wrocław lecture's loop: the place board's flow
(:class:`solver.placement.flow.PlaceFlow`) drawn, with a cursor. ``PlaceScreen`` dismisses
with a :class:`PlaceOutcome`; ``found`` is shared between visits (the main screen's
:class:`tui.found_store.FoundStore`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen

from lessons.i18n import N_, _
from solver.messages import Joined, Message, register, render
from solver.placement import view as place_view
from solver.placement.board import (
    Exhaustion,
    FoundSolutions,
    PlacementState,
    solution_count,
)
from solver.placement.driving import Act, DriveSession
from solver.placement.flow import PlaceFlow, PlaceOutcome
from solver.views.frame import Mark
from solver.views.widths import board_whole, titled
from tui.bindings import hidden, key
from tui.found_store import RETRY_SECONDS, saving_news
from tui.glyphs import UNICODE, Glyphs
from tui.screens.board_screen import RESIZE_BINDINGS
from tui.screens.closing import dismiss_once
from tui.screens.help_screen import HelpScreen, each_key_once
from tui.widgets.board import Board
from tui.widgets.key_bar import KeyBar
from tui.widgets.lines_view import say_where_it_scrolls
from tui.widgets.no_break import HOLD
from tui.widgets.word_wrapped import WordWrapped

INFO_WIDTH = 46
"""The side pane's width at least (its words wrap at whole words in it)."""
LIST_MAX_N = 3
"""Up to this size the pane lists each placement with one queen per row and column (6 for n = 3);
for n = 4 it gives their count."""

register(
    {
        "place.legend": "{queen} queen, {attacker} queen in an attacking pair, {lines} the "
        "line between them, {attacked} attacked (x: hints), {cursor} the cursor.",
        "place.title": "your queens: n = {n}",
        "drive.title": "you drive the loop: n = {n}",
        "place.pane": "attacks",
        "drive.pane": "the loop",
        "drive.wrong_square": "{mark} column {col}, row {row}: the square of your last step, "
        "graded wrong.",
        "place.question_met": "That answers the lesson's question: escape takes it back.",
    }
)

__all__ = ["PlaceOutcome", "PlaceScreen"]


class PlaceScreen(Screen[PlaceOutcome]):
    """The learner's own board, or the loop driven by hand ("you drive").

    | Key | Action |
    | --- | --- |
    | arrows, h j k l | move the cursor |
    | space, enter | put a queen down / take it up |
    | space / enter | you drive: the loop tries here and finds it attacked / free |
    | b | you drive: the loop backtracks |
    | u, backspace | undo |
    | c | clear the board; you drive: start the loop again |
    | x | show the squares the queens attack (hints) |
    | y | you drive the Wrocław loop / back to placing freely |
    | ] / [ | board one larger / smaller |
    | pageup / pagedown | the pane beside the board one page up / down |
    | escape | back to the main screen (started as `queens-tutor place`: out of the tutor) |
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up,k", "move(0, 1)", N_("Up"), show=False, tooltip=N_("Cursor up")),
        Binding("down,j", "move(0, -1)", N_("Down"), show=False, tooltip=N_("Cursor down")),
        Binding("left,h", "move(-1, 0)", N_("Left"), show=False, tooltip=N_("Cursor left")),
        Binding("right,l", "move(1, 0)", N_("Right"), show=False, tooltip=N_("Cursor right")),
        Binding("space,enter", "queen", N_("Queen"), tooltip=N_("Put a queen down or take it up")),
        key(
            "space",
            "answer('try')",
            N_("Attacked"),
            N_("You drive: the loop tries the square under the cursor; it is attacked"),
        ),
        Binding(
            "enter",
            "answer('place')",
            N_("Free"),
            tooltip=N_(
                "You drive: the loop tries the square under the cursor; it is free and "
                "the queen stays"
            ),
        ),
        key("b", "answer('backtrack')", N_("Backtrack"), N_("You drive: the loop backtracks")),
        key("u,backspace", "undo", N_("Undo"), N_("Undo the last move (the score stays)")),
        Binding("c", "clear", N_("Clear"), tooltip=N_("Clear the board")),
        Binding("c", "restart", N_("Again"), tooltip=N_("You drive: start the loop again")),
        Binding("x", "hints", N_("Hints"), tooltip=N_("Show the squares the queens attack")),
        hidden("x", "drive_hints", N_("Hints"), N_("You drive: the squares attacked")),
        Binding("y", "drive(True)", N_("Drive"), tooltip=N_("You drive the Wrocław loop")),
        Binding("y", "drive(False)", N_("Place"), tooltip=N_("Back to placing queens freely")),
        *RESIZE_BINDINGS,
        Binding("escape", "leave", N_("Back"), tooltip=N_("Back to the main screen")),
        key("escape", "leave_question", N_("Back"), N_("Back to the lesson's question")),
        # The pane beside the board, longer than it at 80x24 (3 x 3's six placements).
        hidden(
            "pageup", "scroll_info(-1)", N_("Page up"), N_("The pane beside the board one page up")
        ),
        hidden(
            "pagedown",
            "scroll_info(1)",
            N_("Page down"),
            N_("The pane beside the board one page down"),
        ),
        Binding("question_mark,f1", "help", N_("Help"), tooltip=N_("Every key")),
        Binding("q", "quit", N_("Quit"), show=False, tooltip=N_("Quit the tutor")),
    ]

    _DRIVING = frozenset({"answer", "restart", "drive_hints"})
    """Actions of "you drive" only; ``queen``, ``clear`` and ``hints`` are of placing only
    (the key bar shows each mode's own keys in 80 columns)."""

    CSS_PATH = "../styles/place.tcss"

    def __init__(
        self,
        n: int = 4,
        glyphs: Glyphs = UNICODE,
        found: FoundSolutions | None = None,
        drive: bool = False,
        queens: Iterable[tuple[int, int]] = (),
        cursor: tuple[int, int] = (0, 0),
        meets: Callable[[PlaceOutcome], bool] | None = None,
        tried: Exhaustion | None = None,
        driving: DriveSession | None = None,
    ) -> None:
        """``meets``: for a lesson's question answered here, whether the board answers it (None
        on the main screen); the board then has the question's size and mode."""
        super().__init__()
        self.meets = meets
        self.for_question = meets is not None
        self._met = False
        self.glyphs = glyphs
        self.view = place_view.PlaceView()
        self.flow = PlaceFlow(n, found, drive, queens, tried, driving, self.for_question)
        """The board's flow: the queens, the loop driven, what is found."""
        col, row = cursor
        self.cursor = (min(max(col, 0), self.flow.n - 1), min(max(row, 0), self.flow.n - 1))
        self.feedback: Message = self.flow.hello(question=self.for_question)

    _columns = ""
    """The grid's columns as last set (see :meth:`_fit_columns`)."""

    @property
    def session(self) -> DriveSession:
        return self.flow.session

    def compose(self) -> ComposeResult:
        self._board = Board(self.glyphs, id="place-board")
        # wrapped by the tutor, never inside a board's size nor a number's no-break spaces
        self._text = WordWrapped(id="place-text")
        self._feedback = WordWrapped(id="place-feedback")
        yield self._board
        info = VerticalScroll(id="place-info")
        info.can_focus = False  # the arrows move the cursor, never scroll the pane
        with info:
            yield self._text
        yield self._feedback
        yield KeyBar(id="place-keys")

    def on_mount(self) -> None:
        say_where_it_scrolls(self.query_one("#place-info"))
        self.retranslate()
        self.set_interval(RETRY_SECONDS, lambda: self._tell_saving(retry=True))

    def _tell_saving(self, retry: bool = False) -> None:
        """Say once why a solution could not be saved (it is kept, and retried on a timer)."""
        for news in saving_news(self.flow.found, retry):
            self.notify(render(news), severity="warning", timeout=20, markup=False)

    def retranslate(self) -> None:
        """Redraw the words in the language now in use."""
        self._feedback.border_title = _("what happened")
        self._changed()

    # -- drawing ------------------------------------------------------------------------

    def _changed(self) -> None:
        """Draw the board, the side pane and the feedback from the flow."""
        flow = self.flow
        title = "drive.title" if self.flow.drive else "place.title"
        self._board.border_title = render(Message.of(title, n=self.flow.n))
        pane = "drive.pane" if self.flow.drive else "place.pane"
        self.query_one("#place-info").border_title = render(Message.of(pane))
        if self.flow.drive:
            session = flow.session
            frame = self.view.drive_board(session, self.cursor, flow.hints)
            flag = None
            if session.wrong is not None:  # the loop's queen stands on a wrong step's square
                col, row = session.wrong
                line = self.flow.n - 1 - row
                if frame.squares[line][col] in (Mark.QUEEN, Mark.ATTACKER):
                    flag = (col, line)
            self._board.set_flag(flag)
            self._board.frame = frame
            lines = [render(m) for m in place_view.drive_lines(session)]
            if session.wrong is not None:
                col, row = session.wrong
                mark = Message.of("drive.wrong_square", mark=self.glyphs.wrong, col=col, row=row)
                lines.append(render(mark))
        else:
            state = flow.state
            self._board.set_flag(None)
            self._board.frame = self.view.board(state, self.cursor, flow.hints)
            lines = self._place_lines(state)
        self._text.show_text("\n".join(lines))
        self._feedback.show_text(render(self.feedback))
        self._fit_columns()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_columns()

    def _fit_columns(self) -> None:
        """The board's pane as wide as its board (and its title) needs, the side pane the rest,
        :data:`INFO_WIDTH` at least. A board wider than the room left follows its cursor."""
        frame = self._board.frame
        if frame is None:
            return
        need = titled(board_whole(frame), str(self._board.border_title or ""))
        width = self.size.width or self.app.size.width
        columns = f"{max(min(need, width - INFO_WIDTH), 1)} 1fr"
        if self._columns != columns:
            self._columns = columns
            self.styles.grid_columns = columns

    def _place_lines(self, state: PlacementState) -> list[str]:
        flow = self.flow
        summary = place_view.summary(state, flow.found, flow.new_solution)
        lines = [render(m) for m in summary]
        lines += [f"- {render(m)}" for m in place_view.pair_lines(state)]
        more = place_view.more_pairs_line(state)
        if more is not None:
            lines.append(render(more))
        found = place_view.found_line(self.flow.n, flow.found, solution_count(self.flow.n))
        if found is not None:
            lines.append(render(found))
        glyphs = self.glyphs
        if flow.exhaustion is not None:
            head, candidates = place_view.exhaustion_lines(
                flow.exhaustion, (glyphs.queen, glyphs.candidate, glyphs.free)
            )
            lines.append(render(head))
            if self.flow.n <= LIST_MAX_N:
                lines += [render(c.message) for c in candidates]
        legend = Message.of(
            "place.legend",
            queen=glyphs.queen,
            attacker=glyphs.attacker,
            lines=glyphs.line_row + glyphs.line_col + glyphs.line_falling + glyphs.line_rising,
            attacked=glyphs.attacked,
            # the cursor's two halves held together ("[" at a line's end and "] the cursor."
            # on the next read as two glyphs)
            cursor=f"{glyphs.cursor[0]}{HOLD}{glyphs.cursor[1]}",
        )
        lines.append(render(legend))
        return lines

    # -- keys ---------------------------------------------------------------------------

    def _said(self, said: tuple[Message, ...]) -> None:
        """What happened (the last of ``said``), and the board drawn again."""
        self.feedback = said[-1]
        self._tell_saving()
        # a lesson's question the board now answers: said once, with how to go back
        met = self.meets is not None and self.meets(self.flow.outcome(self.cursor))
        if met and not self._met:
            met_said = Message.of("place.question_met")
            self.feedback = Message.of("idle", text=Joined((self.feedback, met_said)))
        self._met = met
        self._changed()
        self.refresh_bindings()  # the answer keys go once the loop is over, and come back

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Each mode's keys only (the key bar shows the ones of the mode in use)."""
        if action == "answer":  # not once the loop is over: c starts it again
            return self.flow.drive and not self.session.over
        if action in self._DRIVING:
            return self.flow.drive
        if action in ("queen", "clear", "hints"):
            return not self.flow.drive
        if action == "drive":
            return parameters[0] != self.flow.drive and not self.for_question
        if action == "resize":  # a lesson's task board keeps its size (] wiped its queens)
            return not self.for_question
        if action in ("leave", "leave_question"):
            return self.for_question == (action == "leave_question")
        return True

    def action_move(self, dx: int, dy: int) -> None:
        col, row = self.cursor
        self.cursor = (
            min(max(col + dx, 0), self.flow.n - 1),
            min(max(row + dy, 0), self.flow.n - 1),
        )
        self._changed()

    def action_queen(self) -> None:
        self._said(self.flow.toggle(self.cursor))

    def action_answer(self, act: str) -> None:
        self._said(self.flow.answer(Act(act), self.cursor))

    def on_board_square_clicked(self, message: Board.SquareClicked) -> None:
        self.cursor = (message.col, self.flow.n - 1 - message.line)
        if self.flow.drive:
            self._changed()
        else:
            self.action_queen()

    def action_undo(self) -> None:
        self._said(self.flow.undo())

    def action_clear(self) -> None:
        self._said(self.flow.clear())

    action_restart = action_clear

    def action_scroll_info(self, pages: int) -> None:
        info = self.query_one("#place-info", VerticalScroll)
        (info.scroll_page_up if pages < 0 else info.scroll_page_down)(animate=False)

    def action_hints(self) -> None:
        self.flow.hints = not self.flow.hints
        self._changed()

    action_drive_hints = action_hints

    def action_drive(self, drive: bool) -> None:
        self.feedback = self.flow.set_drive(drive)[-1]
        self._changed()
        self.refresh_bindings()

    def action_resize(self, delta: int) -> None:
        n = self.flow.n
        self.feedback = self.flow.resize(delta)[-1]
        if self.flow.n != n:
            self.cursor = (0, 0)
        self._changed()

    def action_leave(self) -> None:
        if len(self.app.screen_stack) > 1:
            dismiss_once(self, self.flow.outcome(self.cursor))

    action_leave_question = action_leave

    def action_help(self) -> None:
        """The keys that act now, in this mode."""
        self.app.push_screen(HelpScreen(each_key_once(self, self.BINDINGS)))

    def action_quit(self) -> None:
        self.app.exit()
