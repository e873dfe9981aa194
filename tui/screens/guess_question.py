"""A lesson's ``@question guess``: the page's board in guess mode for the question's N ticks.

The lesson screen pushes it with the page's own engine; the screen takes the engine back to the
question's tick (a second visit starts over) and hands both to a headless
:class:`lessons.quiz.guess.GuessRound`, whose board session in guess mode opens the questions (the
main screen's guess mode, :class:`solver.guess.game.GuessGame`), grades the answers and plays the
ticks. Space asks about the next tick (or plays it, when it tests no square); the guess pane takes
y/n and 1/2/3. After the N ticks the last tick's narration stays in view until space, Enter or
escape closes the screen with the round's :class:`lessons.quiz.guess.GuessResult`, which the
lesson grades; escape before that leaves with None (no attempt counted).
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from lessons.i18n import N_, _, yes_key
from lessons.quiz.guess import GuessResult, GuessRound
from solver.guess.stage import Stage
from solver.messages import Message, render
from solver.peek import Along
from solver.stepping import SteppableSearch
from solver.views.squares import Overlay
from tui.glyphs import UNICODE, Glyphs
from tui.screens.closing import dismiss_once
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane
from tui.widgets.guess_pane import GuessPane
from tui.widgets.key_bar import KeyBar
from tui.widgets.session_panes import SessionPanes
from tui.widgets.state_table import StateTable

LEAVE_KEYS = {
    "guess.keys.yes_no": N_("Keys: y yes, n no (esc: leave the board, no attempt)."),
    "guess.keys.digits": N_("Keys: digits or b (esc: leave the board, no attempt)."),
    "guess.keys.moves": N_(
        "Keys: the arrows, or b for a dead end (esc: leave the board, no attempt)."
    ),
    # The stretch is graded: a skipped rule counts as not right (student walk 12, en 9).
    "guess.keys.rule": N_("Keys: 1, 2 or 3 (space: skip the rule; that counts as not right)."),
}
"""A question's key line on this screen, where escape leaves the board (the main screen's
guess mode says "esc: no question": there it drops the question). It names no lesson: the
screen opens from a review's question too (student walk 10, item 9: "back to the lesson"
during a review)."""


NARRATION_LINES = 3
"""The narration's fewest lines (a longer sentence gets more: _fit_narration)."""
NARRATION_FRAME = (4, 2)
"""The columns (border and padding) and rows (border) around the narration's text."""


def key_line(message: Message) -> str:
    """One line of the narration as this screen says it."""
    here = LEAVE_KEYS.get(message.id)
    return _(here) if here is not None else render(message)


class GuessQuestionScreen(Screen[GuessResult | None]):
    """The page's board, the guess pane and the count of the visit.

    | Key | Action |
    | --- | --- |
    | space | ask about the next tick (a tick that tests nothing just plays); skip the rule |
    | space, enter | the stretch played out (its last tick told): leave the board, graded |
    | y, s, t / n | the square is free / attacked |
    | 1 2 3 | the rule: the same row, the same sum, the same difference |
    | escape, l | leave the board (the visit does not count) |

    A skipped rule counts as not right: the stretch is graded.
    """

    DEFAULT_CSS = """
    GuessQuestionScreen {
        layout: grid;
        grid-size: 2 3;
        grid-columns: 1fr 44;
        grid-rows: 1fr 5 1;
    }
    GuessQuestionScreen #guess-board {
        height: 100%;
        border: round $primary;
        scrollbar-size: 0 0;
    }
    GuessQuestionScreen #guess-side {
        height: 100%;
    }
    GuessQuestionScreen #guess-table {
        height: auto;
        max-height: 50%;
        border: round $secondary;
    }
    GuessQuestionScreen #guess-code {
        height: 1fr;
        border: round $secondary;
    }
    GuessQuestionScreen #guess-pane {
        column-span: 2;
        height: 5;
        border: round $accent;
        padding: 0 1;
    }
    GuessQuestionScreen #guess-count {
        column-span: 2;
        padding: 0 1;
    }
    App.-ascii GuessQuestionScreen #guess-board, App.-ascii GuessQuestionScreen #guess-table,
    App.-ascii GuessQuestionScreen #guess-pane, App.-ascii GuessQuestionScreen #guess-code {
        border: ascii $primary;
    }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        # Every key of the visit is the screen's own and a priority binding, so keys typed ahead
        # (several in one read) are taken in the order they were typed: Textual resolves a
        # priority binding as the key arrives, another only after the key has gone down to the
        # focused widget and back up, behind the keys already queued; and the guess pane has
        # the focus its question gives it only after the key that opened the question.
        # space: the key bar names what it does now (the first of these its check allows):
        # skip the rule while the rule is asked, nothing shown while "is it free?" waits (it
        # reminds to answer), else the next tick.
        # The stretch played out: its last tick's narration stays until space or enter (a
        # backtrack's words were never seen, the lesson came back at once: walk 6, F21).
        Binding(
            "space",
            "finish",
            N_("See how it went"),
            tooltip=N_("The stretch is over: leave the board and see how it went"),
            priority=True,
        ),
        Binding(
            "space",
            "skip_rule",
            N_("Skip the rule"),
            tooltip=N_("Go on without naming the rule (it counts as not right)"),
            priority=True,
        ),
        Binding("space", "remind", N_("Tick"), show=False, priority=True),
        Binding("space", "next", N_("Tick"), tooltip=N_("Ask about the next tick"), priority=True),
        Binding(
            "enter",
            "go_on",
            N_("Tick"),
            show=False,
            tooltip=N_("Ask about the next tick"),
            priority=True,
        ),
        *(
            Binding(
                key,
                f"yes({key != 'n'})",
                N_("Yes") if key != "n" else N_("No"),
                # the key bar names yes by the language's key (key_bar_shows): s sì, t tak
                priority=True,
            )
            for key in "ystn"
        ),
        *(
            Binding(digit, f"rule('{along}')", label, priority=True)
            for digit, along, label in (
                ("1", "line", N_("row")),
                ("2", "sum", N_("col+row")),
                ("3", "diff", N_("row-col")),
            )
        ),
        # l too: the app's l (the lesson menu) would open over the visit.
        # Before the guess pane's escape (drop the question): here it leaves the board.
        Binding(
            "escape",
            "leave",
            N_("Back"),
            tooltip=N_("Leave the board (no attempt)"),
            priority=True,
        ),
        Binding(
            "l",
            "leave",
            N_("Back"),
            show=False,
            tooltip=N_("Leave the board (no attempt)"),
            priority=True,
        ),
    ]

    def __init__(
        self,
        engine: SteppableSearch,
        start: int,
        ticks: int,
        overlay: str = Overlay.OFF,
        glyphs: Glyphs = UNICODE,
    ) -> None:
        super().__init__()
        self.round = GuessRound(engine, start, ticks, overlay)
        self.glyphs = glyphs
        self.panes = SessionPanes()

    def compose(self) -> ComposeResult:
        panes = self.panes
        panes.board = Board(self.glyphs, id="guess-board")
        panes.table = StateTable(self.glyphs, id="guess-table")
        panes.code = CodePane(self.glyphs, id="guess-code")
        panes.narration = GuessPane(id="guess-pane")
        yield panes.board
        # the loop's code beside the board, its line marked, as on the lesson's page: the
        # stretch is the loop run in one's head (student walk 14, it 12; walk 12, it 35)
        with Vertical(id="guess-side"):
            yield panes.table
            yield panes.code
        yield panes.narration
        yield Static(id="guess-count")
        yield KeyBar()

    def on_mount(self) -> None:
        self.query_one(Board).border_title = _("board")
        self.query_one(GuessPane).border_title = _("what happened")
        self.action_next()

    # -- drawing ---------------------------------------------------------------------------

    def _changed(self) -> None:
        round_ = self.round
        frame = self.panes.draw(round_.session)
        self.query_one(GuessPane).text = " ".join(key_line(m) for m in frame.narration)
        self._fit_narration()
        if round_.game.question is not None:
            self.query_one(GuessPane).focus()
        count = _(
            "questions {number}, right {right}, ticks left {left} (board at tick {tick})"
        ).format(
            number=round_.question_number,
            right=round_.right,
            left=round_.left,
            tick=round_.session.tick,
        )
        self.query_one("#guess-count", Static).update(Content(count))  # not markup
        self.refresh_bindings()  # the key bar names the keys of the question asked now

    def on_resize(self) -> None:
        self._fit_narration()

    def _fit_narration(self) -> None:
        """The narration as tall as its sentence (never fewer than three lines, so that a
        short one does not move the board), up to half the screen: the board above gives up
        the rows it does not use (student walk 5, it F10: 3 lines of an explanation of 5 in
        view, the board's pane 8 rows emptier)."""
        pane = self.query_one(GuessPane)
        width, height = self.app.size
        lines = pane.lines_needed(width - NARRATION_FRAME[0])
        rows = min(max(lines, NARRATION_LINES) + NARRATION_FRAME[1], max(height // 2, 5))
        if pane.styles.height is None or pane.styles.height.value != rows:
            pane.styles.height = rows
            self.styles.grid_rows = f"1fr {rows} 1"

    def _after_tick(self) -> None:
        self._changed()
        if self.round.done:  # the last tick's narration shows, then what the keys do now
            pane = self.query_one(GuessPane)
            over = _("The stretch is over: space or Enter leaves the board and says how it went.")
            pane.text = f"{pane.text} {over}"
            self._fit_narration()

    def action_finish(self) -> None:
        """The stretch played out: back to the question's page with its result."""
        dismiss_once(self, self.round.result())

    # -- keys ------------------------------------------------------------------------------

    def action_next(self) -> None:
        if self.round.done:
            self.action_finish()
            return
        if not self.round.next():
            if self.round.game.question is not None:
                self.app.clear_notifications()
                self.notify(_("Answer the question first (escape: leave the board)."), markup=False)
            return
        self._after_tick()

    def action_skip_rule(self) -> None:
        self.action_next()

    def action_go_on(self) -> None:
        """Enter: as space, whatever is asked (it never shows in the key bar)."""
        self.action_next()

    def action_remind(self) -> None:
        self.action_next()

    def action_leave(self) -> None:
        # Played out, the stretch counts whichever key leaves it; else no attempt is counted.
        dismiss_once(self, self.round.result() if self.round.done else None)

    def key_bar_shows(self, binding: Binding) -> bool:
        """Yes is named by the key the question names: y, s (sì), t (tak) (student walk 5, it
        F11, pl P14)."""
        return binding.action != "yes(True)" or binding.key == yes_key()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "finish":
            return self.round.done
        if self.round.done and action in ("next", "remind", "skip_rule"):
            return False  # space finishes (above)
        question = self.round.game.question
        if action == "yes":
            return question is not None and question.stage is Stage.FREE
        if action in ("rule", "skip_rule"):
            return question is not None and question.stage is Stage.RULE
        if action == "remind":
            return question is not None and question.stage is Stage.FREE
        if action == "next":
            return question is None
        return True

    def action_yes(self, yes: bool) -> None:
        self.round.answer_yes(yes)
        self._after_tick()

    def action_rule(self, along: str) -> None:
        self.round.answer_rule(Along(along))
        self._after_tick()

    def on_guess_pane_answered(self, message: GuessPane.Answered) -> None:
        message.stop()
        if message.stage == "drop":
            self.action_leave()  # escape on an open question leaves too
