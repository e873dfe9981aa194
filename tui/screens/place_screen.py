"""Place your own queens: a cursor on the board, queens put down and taken up, every attacking
pair named with its rule, a solution recognised with its symmetry class; and "you drive", where
the learner carries out the Wrocław lecture's loop step by step and is graded.

The screen draws models it does not own the logic of: :class:`solver.placement.board.Placement`
(the queens, undo), :class:`solver.placement.board.Exhaustion` (the small boards tried by hand),
:class:`solver.placement.driving.DriveSession` (the graded loop); :mod:`solver.placement.view` turns
them into a board frame and sentences.

Reuse: ``PlaceScreen(n, glyphs, found, drive=False, queens=(), cursor=(0, 0))``, pushed with a
callback that receives a :class:`PlaceOutcome` when the learner leaves (escape); ``found`` is a
:class:`solver.placement.board.FoundSolutions` shared between visits (the main screen passes its
:class:`tui.found_store.FoundStore`, which also saves each new solution; None: a fresh one kept
only by this screen). :attr:`PlaceScreen.placement` and :attr:`PlaceScreen.session` are the models.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen

from lessons.i18n import N_, _
from solver.messages import Joined, Message, register, render
from solver.placement import MAX_N
from solver.placement import view as place_view
from solver.placement.board import (
    EXHAUST_MAX_N,
    Exhaustion,
    FoundSolutions,
    Placement,
    PlacementState,
    solution_count,
)
from solver.placement.driving import Act, Answer, DriveSession
from solver.views.frame import Mark
from solver.views.widths import board_whole, titled
from tui.found_store import RETRY_SECONDS, saving_news
from tui.glyphs import UNICODE, Glyphs
from tui.screens.board_screen import RESIZE_BINDINGS
from tui.screens.closing import dismiss_once
from tui.screens.help_screen import HelpScreen, each_key_once
from tui.widgets.board import Board
from tui.widgets.key_bar import KeyBar
from tui.widgets.no_break import HOLD
from tui.widgets.word_wrapped import WordWrapped

INFO_WIDTH = 46
"""The side pane's width at least (its words wrap at whole words in it: place.tcss had it so)."""
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
        "place.hello": "Move with the arrows or h j k l (or click a square); space or enter "
        "puts a queen down or takes it up; u undoes; y: you drive the Wrocław loop.",
        # a lesson's question: its mode is the question's, y does not switch it (student walk
        # 19, 4)
        "place.hello.question": "Move with the arrows or h j k l (or click a square); space or "
        "enter puts a queen down or takes it up; u undoes; escape takes the board back to the "
        "question.",
        "place.sizes": "Boards to place queens on go from 1 to {max} squares a side.",
        "place.new_solution": "A solution you had not found before!",
        "place.question_met": "That answers the lesson's question: escape takes it back.",
        "place.nothing_to_undo": "Nothing to undo.",
        "place.undone": "The last move is undone.",
        "place.put": "A queen in column {col}, row {row}.",
        "place.took": "The queen of column {col}, row {row} is taken away.",
        "place.cleared": "The board is cleared: no queen on it.",
        "place.resized": "A new {n} x {n} board, with no queen on it.",
        "place.exhausted.now": "Every placement has been tried or ruled out: the {n} x {n} "
        "board has no solution.",
    }
)


@dataclass(frozen=True, slots=True)
class PlaceOutcome:
    """What the learner did on the board, given to whoever pushed the screen when it closes
    (``app.push_screen(PlaceScreen(3), callback)``)."""

    n: int
    """The board size when the screen closed."""
    found: tuple[tuple[int, ...], ...]
    """The solutions stood on the board during this visit, in the order found, whether or not
    the learner had found them before (:class:`tui.found_store.FoundStore` says which are
    new)."""
    exhausted: bool
    """The learner tried or ruled out every placement of a board with no solution (n = 2, 3)."""
    right: int
    """You drive: the steps graded right ..."""
    asked: int
    """... of the steps graded."""
    driven: bool = False
    """You drive: the loop reached its first solution during this visit."""
    queens: tuple[tuple[int, int], ...] = ()
    """The queens on the board when the screen closed, (column, row) in order: whoever pushed
    the screen keeps them to open the board again as it was left (you drive: the loop's)."""
    missed: tuple[Answer, ...] = ()
    """You drive: what the loop did at each step graded wrong."""
    ticks: int = 0
    """You drive: the ticks the loop had played when the screen closed."""
    cursor: tuple[int, int] = (0, 0)
    """The cursor's square (column, row) when the screen closed: the board opened again for
    the same question puts it back there (student walk 13, pl 11)."""
    driving: DriveSession | None = field(default=None, compare=False)
    """You drive: the loop as the screen closed, to go on from (``PlaceScreen(..., driving=)``);
    not compared, as ``tried``."""
    tried: Exhaustion | None = field(default=None, compare=False)
    """The placements tried or ruled out so far (boards up to EXHAUST_MAX_N): the board opened
    again for the same question goes on from them (``PlaceScreen(..., tried=)``). A handle to
    go on with, not part of what the learner did (``exhausted`` says that): not compared."""


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
        Binding(
            "space",
            "answer('try')",
            N_("Attacked"),
            tooltip=N_("You drive: the loop tries the square under the cursor; it is attacked"),
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
        Binding(
            "b",
            "answer('backtrack')",
            N_("Backtrack"),
            tooltip=N_("You drive: the loop backtracks"),
        ),
        Binding(
            "u,backspace", "undo", N_("Undo"), tooltip=N_("Undo the last move (the score stays)")
        ),
        Binding("c", "clear", N_("Clear"), tooltip=N_("Clear the board")),
        Binding("c", "restart", N_("Again"), tooltip=N_("You drive: start the loop again")),
        Binding("x", "hints", N_("Hints"), tooltip=N_("Show the squares the queens attack")),
        Binding(
            "x",
            "drive_hints",
            N_("Hints"),
            show=False,
            tooltip=N_("You drive: the squares attacked"),
        ),
        Binding("y", "drive(True)", N_("Drive"), tooltip=N_("You drive the Wrocław loop")),
        Binding("y", "drive(False)", N_("Place"), tooltip=N_("Back to placing queens freely")),
        *RESIZE_BINDINGS,
        Binding("escape", "leave", N_("Back"), tooltip=N_("Back to the main screen")),
        Binding(
            "escape", "leave_question", N_("Back"), tooltip=N_("Back to the lesson's question")
        ),
        # The pane beside the board: six placements of 3 x 3 listed at 80x24 went below its
        # foot, and no key reached them (student walk 21, pl 17).
        Binding(
            "pageup",
            "scroll_info(-1)",
            N_("Page up"),
            show=False,
            tooltip=N_("The pane beside the board one page up"),
        ),
        Binding(
            "pagedown",
            "scroll_info(1)",
            N_("Page down"),
            show=False,
            tooltip=N_("The pane beside the board one page down"),
        ),
        Binding("question_mark,f1", "help", N_("Help"), tooltip=N_("Every key")),
        Binding("q", "quit", N_("Quit"), show=False, tooltip=N_("Quit the tutor")),
    ]

    _DRIVING = frozenset({"answer", "restart", "drive_hints"})
    """Actions of "you drive" only; ``queen``, ``clear`` and ``hints`` are of placing only
    (the key bar shows each mode's own keys in 80 columns)."""

    CSS_PATH = "../styles/place.tcss"

    drive: reactive[bool] = reactive(False, init=False)
    """True: "you drive" the loop; False: place queens freely."""
    hints: reactive[bool] = reactive(False, init=False)
    """Show the squares attacked by the queens on the board."""

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
        super().__init__()
        self.meets = meets
        """A lesson's question answered on this board: whether the board as it is answers it
        (None on the main screen). Its size and mode are the question's (no resizing, no
        switching between placing and driving), escape goes back to it, and the board says
        when it answers it (student walk 18, en 5: nothing said the task was done)."""
        self.for_question = meets is not None
        self._met = False
        self.glyphs = glyphs
        self.found = found if found is not None else FoundSolutions()
        self.view = place_view.PlaceView()
        self._new(min(max(n, 1), MAX_N))
        if tried is not None and self.exhaustion is not None and tried.n == self.n:
            # an earlier visit's placements tried or ruled out, for the same question: they
            # count on (student walk 19, 4: "tried or ruled out" went back to 0)
            self.exhaustion = tried
        if driving is not None and driving.n == self.n and not driving.over:
            # the loop as an earlier visit left it, for the same question: "Press [o] to go
            # on" goes on (student walk 20, 1: it started again from k = 0); a loop driven to
            # its end starts over ("press [o] and drive it again")
            self.session = driving
        start = tuple(queens)
        if start:
            self.placement.set_queens(start)  # a board to start from (undo takes it away)
            if self.exhaustion is not None:
                self.exhaustion.observe(self.placement.state())
        col, row = cursor
        self.cursor = (min(max(col, 0), self.n - 1), min(max(row, 0), self.n - 1))
        self.set_reactive(PlaceScreen.drive, drive)
        self._found_now: list[tuple[int, ...]] = []
        hello = "place.hello.question" if self.for_question else "place.hello"
        self.feedback: Message = self._drive_hello() if drive else Message.of(hello)

    _columns = ""
    """The grid's columns as last set (see :meth:`_fit_columns`)."""
    exhaustion: Exhaustion | None
    """The placements tried or ruled out (boards up to EXHAUST_MAX_N; None above)."""

    def _new(self, n: int) -> None:
        self.n = n
        self.placement = Placement(n)
        self.session = DriveSession(n)
        self.exhaustion = Exhaustion(n) if n <= EXHAUST_MAX_N else None
        self.cursor = (0, 0)
        self._new_solution = False

    def compose(self) -> ComposeResult:
        self._board = Board(self.glyphs, id="place-board")
        # Wrapped by the tutor, never inside a board's size ("the 2 x 2 board": student walk 6,
        # F10 saw "the 2" / "x 2 board") nor a number's no-break spaces.
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
        self.retranslate()
        self.set_interval(RETRY_SECONDS, lambda: self._tell_saving(retry=True))

    def _tell_saving(self, retry: bool = False) -> None:
        """Say once why a solution could not be saved (it is kept, and retried on a timer)."""
        for news in saving_news(self.found, retry):
            self.notify(render(news), severity="warning", timeout=20, markup=False)

    def retranslate(self) -> None:
        """Redraw the words in the language now in use."""
        self._feedback.border_title = _("what happened")
        self._changed()

    # -- drawing ------------------------------------------------------------------------

    def _changed(self) -> None:
        """Draw the board, the side pane and the feedback from the models."""
        title = "drive.title" if self.drive else "place.title"
        self._board.border_title = render(Message.of(title, n=self.n))
        pane = "drive.pane" if self.drive else "place.pane"
        self.query_one("#place-info").border_title = render(Message.of(pane))
        if self.drive:
            frame = self.view.drive_board(self.session, self.cursor, self.hints)
            flag = None
            if self.session.wrong is not None:  # the loop's queen stands on a wrong step's
                col, row = self.session.wrong  # square: "!" beside it (student walk 11, #9)
                line = self.n - 1 - row
                if frame.squares[line][col] in (Mark.QUEEN, Mark.ATTACKER):
                    flag = (col, line)
            self._board.set_flag(flag)
            self._board.frame = frame
            lines = [render(m) for m in place_view.drive_lines(self.session)]
            if self.session.wrong is not None:
                col, row = self.session.wrong
                mark = Message.of("drive.wrong_square", mark=self.glyphs.wrong, col=col, row=row)
                lines.append(render(mark))
        else:
            state = self.placement.state()
            self._board.set_flag(None)
            self._board.frame = self.view.board(state, self.cursor, self.hints)
            lines = self._place_lines(state)
        self._text.show_text("\n".join(lines))
        self._feedback.show_text(render(self.feedback))
        self._fit_columns()

    def on_resize(self, event: events.Resize) -> None:
        self._fit_columns()

    def _fit_columns(self) -> None:
        """The board's pane as wide as its board (and its title) needs, the side pane the rest,
        :data:`INFO_WIDTH` at least: at 120x40 a 2 x 2 board had 72 columns, empty, beside its
        words wrapped in 44 (student walk, it 33). A board wider than the room left follows
        its cursor, as before."""
        frame = self._board.frame
        if frame is None:
            return
        need = titled(board_whole(frame), str(self._board.border_title or ""))
        width = self.size.width or self.app.size.width
        board = max(min(need, width - INFO_WIDTH), 1)
        columns = f"{board} 1fr"
        if self._columns != columns:
            self._columns = columns
            self.styles.grid_columns = columns

    def _place_lines(self, state: PlacementState) -> list[str]:
        summary = place_view.summary(state, self.found, self._new_solution)
        lines = [render(m) for m in summary]
        lines += [f"- {render(m)}" for m in place_view.pair_lines(state)]
        more = place_view.more_pairs_line(state)
        if more is not None:
            lines.append(render(more))
        total = solution_count(self.n)
        found = place_view.found_line(self.n, self.found, total)
        if found is not None:
            lines.append(render(found))
        glyphs = self.glyphs
        if self.exhaustion is not None:
            head, candidates = place_view.exhaustion_lines(
                self.exhaustion, (glyphs.queen, glyphs.candidate, glyphs.free)
            )
            lines.append(render(head))
            if self.n <= LIST_MAX_N:
                lines += [render(c.message) for c in candidates]
        legend = Message.of(
            "place.legend",
            queen=glyphs.queen,
            attacker=glyphs.attacker,
            lines=glyphs.line_row + glyphs.line_col + glyphs.line_sum + glyphs.line_diff,
            attacked=glyphs.attacked,
            # the cursor's two halves held together, drawn with a plain space ("[" at a
            # line's end and "] the cursor." on the next read as two glyphs: student walk 16,
            # en 4)
            cursor=f"{glyphs.cursor[0]}{HOLD}{glyphs.cursor[1]}",
        )
        lines.append(render(legend))
        return lines

    # -- keys ---------------------------------------------------------------------------

    def action_move(self, dx: int, dy: int) -> None:
        col, row = self.cursor
        self.cursor = (min(max(col + dx, 0), self.n - 1), min(max(row + dy, 0), self.n - 1))
        self._changed()

    def _toggle(self) -> None:
        col, row = self.cursor
        put = self.placement.push(self.cursor)
        self.feedback = Message.of("place.put" if put else "place.took", col=col, row=row)
        self._placed()

    def _placed(self) -> None:
        """After a change of the queens: note what is known, and a solution found."""
        state = self.placement.state()
        was_exhausted = self.exhaustion is not None and self.exhaustion.exhausted()
        if self.exhaustion is not None:
            self.exhaustion.observe(state)
        b = state.solution
        self._new_solution = b is not None and self.found.record(b)
        self._tell_saving()
        if b is not None and b not in self._found_now:  # new, or found before (a lesson's
            self._found_now.append(b)  # question counts it: the store is the learner's own)
        if self._new_solution and b is not None:
            self.feedback = Message.of("place.new_solution")
        elif self.exhaustion is not None and not was_exhausted and self.exhaustion.exhausted():
            self.feedback = Message.of("place.exhausted.now", n=self.n)
        self._tell_met()
        self._changed()

    def _tell_met(self) -> None:
        """A lesson's question that the board now answers: the feedback says so, and how to
        go back to it."""
        met = self.meets is not None and self.meets(self.outcome())
        if met and not self._met:  # once, as it comes (student walk 20: a solution found
            # stays found, and the board said so again after every later queen)
            said = Message.of("place.question_met")
            self.feedback = Message.of("idle", text=Joined((self.feedback, said)))
        self._met = met

    def _answer(self, act: Act) -> None:
        square = None if act is Act.BACKTRACK else self.cursor
        verdict = self.session.answer(Answer(act, square))
        self.feedback = Message.of("drive.over") if verdict is None else verdict.message
        self._tell_met()
        self._changed()
        self.refresh_bindings()  # the answer keys go once the loop is over

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Each mode's keys only (the key bar shows the ones of the mode in use)."""
        if action == "answer":  # not once the loop is over: c starts it again (student walk
            return self.drive and not self.session.over  # 10, it/pl, #29: still offered)
        if action in self._DRIVING:
            return self.drive
        if action in ("queen", "clear", "hints"):
            return not self.drive
        if action == "drive":
            return parameters[0] != self.drive and not self.for_question
        if action == "resize":  # a lesson's task board keeps its size: ] wiped its queens
            return not self.for_question  # (student walk 18, en 4)
        if action in ("leave", "leave_question"):
            return self.for_question == (action == "leave_question")
        return True

    def action_queen(self) -> None:
        self._toggle()

    def action_answer(self, act: str) -> None:
        self._answer(Act(act))

    def on_board_square_clicked(self, message: Board.SquareClicked) -> None:
        self.cursor = (message.col, self.n - 1 - message.line)
        if self.drive:
            self._changed()
        else:
            self._toggle()

    def action_undo(self) -> None:
        undone = self.session.back() if self.drive else self.placement.pop()
        self.feedback = Message.of("place.undone" if undone else "place.nothing_to_undo")
        if not self.drive:
            self._placed()
        else:
            self._changed()
            self.refresh_bindings()  # undone from the loop's end: its keys again

    def action_clear(self) -> None:
        self.placement.clear()
        # what happened now, not the last queen's square any more (student walk 11, #10)
        self.feedback = Message.of("place.cleared")
        self._placed()

    def _drive_hello(self) -> Message:
        """What happened as the drive opens: the lecture's first line played (b[0]=0; k=1),
        or, on a loop an earlier visit left halfway, where it goes on."""
        session = self.session
        if session.set_up:
            return Message.of("drive.start")
        return Message.of(
            "drive.goes_on", k=session.engine.k, right=session.right, asked=session.asked
        )

    def action_restart(self) -> None:
        self.session.reset()
        self.feedback = self._drive_hello()
        self._changed()
        self.refresh_bindings()

    def action_scroll_info(self, pages: int) -> None:
        info = self.query_one("#place-info", VerticalScroll)
        if pages < 0:
            info.scroll_page_up(animate=False)
        else:
            info.scroll_page_down(animate=False)

    def action_hints(self) -> None:
        self.hints = not self.hints
        self._changed()

    def action_drive_hints(self) -> None:
        self.action_hints()

    def action_drive(self, drive: bool) -> None:
        self.drive = drive
        self.feedback = self._drive_hello() if drive else Message.of("place.hello")
        self._changed()
        self.refresh_bindings()

    def action_resize(self, delta: int) -> None:
        n = min(max(self.n + delta, 1), MAX_N)
        if n == self.n:
            self.feedback = Message.of("place.sizes", max=MAX_N)
        else:
            self._new(n)
            self.feedback = Message.of("place.resized", n=n)
        self._changed()

    def outcome(self) -> PlaceOutcome:
        exhausted = self.exhaustion is not None and self.exhaustion.exhausted()
        session = self.session
        driven = session.engine.solutions_found > 0
        queens = tuple(sorted(self.placement.queens))
        if self.drive:  # the loop's queens where the student drove it (student walk 6, F11)
            queens = tuple((col, row) for col, row in enumerate(session.snapshot().b) if row >= 0)
        return PlaceOutcome(
            self.n,
            tuple(self._found_now),
            exhausted,
            session.right,
            session.asked,
            driven,
            queens,
            tuple(session.missed),
            session.engine.tick if self.drive else 0,
            self.cursor,
            tried=self.exhaustion,
            driving=session if self.drive else None,
        )

    def action_leave(self) -> None:
        if len(self.app.screen_stack) > 1:
            dismiss_once(self, self.outcome())

    def action_leave_question(self) -> None:
        self.action_leave()

    def action_help(self) -> None:
        """The keys that act now, in this mode (student walk 18, en 4: the help listed b
        outside drive mode, and ] and [ on a lesson's board)."""
        self.app.push_screen(HelpScreen(each_key_once(self, self.BINDINGS, acting_only=True)))

    def action_quit(self) -> None:
        self.app.exit()
