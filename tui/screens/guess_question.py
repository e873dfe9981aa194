"""A lesson's ``@question guess``: the page's board in guess mode for the question's N ticks,
played by a headless :class:`lessons.quiz.guess.GuessRound`; the screen closes with the round's
:class:`lessons.quiz.guess.GuessResult` (escape before the end and before a miss: None, no
attempt counted)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Static

from lessons.answers.reading import YES_KEYS, yes_key
from lessons.i18n import N_, _, current
from lessons.quiz.guess import GuessResult, GuessRound, stretch_line
from solver.guess.stage import Stage
from solver.kit_words import RULE_KEYS, QuestionWords
from solver.peek import Along
from tui.bindings import hidden, key_rows
from tui.glyphs import UNICODE, Glyphs
from tui.screens.closing import dismiss_once
from tui.screens.help_screen import HelpScreen
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane
from tui.widgets.guess_pane import GuessPane
from tui.widgets.key_bar import KeyBar
from tui.widgets.session_panes import SessionPanes
from tui.widgets.state_table import StateTable

NARRATION_LINES = 3
"""The narration's fewest lines (a longer sentence gets more)."""
NARRATION_FRAME = (4, 2)
"""The columns (border and padding) and rows (border) around the narration's text."""


class GuessQuestionScreen(Screen[GuessResult | None]):
    """The page's board, the guess pane and the count of the visit: space asks about the next
    tick (skips the rule, which counts as not right), y/n and 1/2/3 answer, escape or l leave."""

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
        # every key a priority binding: keys typed ahead are taken in the order typed;
        # space does the first of these its check allows
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
        hidden("enter", "go_on", N_("Tick"), N_("Ask about the next tick"), priority=True),
        *(
            Binding(key, f"yes({key != 'n'})", N_("Yes") if key != "n" else N_("No"), priority=True)
            for key in YES_KEYS + "n"
        ),
        *(
            Binding(k, f"rule('{a}')", QuestionWords.rule_key(a), priority=True)
            for k, a in RULE_KEYS.items()
        ),
        hidden("question_mark,f1", "help", N_("Help"), N_("Every key"), priority=True),
        # l too: the app's l would open the lesson menu over the visit
        *(
            Binding(
                key,
                "leave",
                N_("Back"),
                show=key == "escape",
                tooltip=N_("Leave the board (no attempt before a miss)"),
                priority=True,
            )
            for key in ("escape", "l")
        ),
    ]

    def __init__(self, round_: GuessRound, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.round = round_
        self.glyphs = glyphs
        self.panes = SessionPanes()

    def compose(self) -> ComposeResult:
        panes = self.panes
        panes.board = Board(self.glyphs, id="guess-board")
        panes.table = StateTable(self.glyphs, id="guess-table")
        panes.code = CodePane(self.glyphs, id="guess-code")
        panes.narration = GuessPane(id="guess-pane")
        yield panes.board
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
        said = (stretch_line(m, round_.asked > round_.right) for m in frame.narration)
        self.query_one(GuessPane).text = " ".join(said)
        self.fit_narration()
        if round_.game.question is not None:
            self.query_one(GuessPane).focus()
        self.query_one("#guess-count", Static).update(Content(round_.count_words()))  # not markup
        self.refresh_bindings()

    def on_resize(self) -> None:
        self.fit_narration()

    def fit_narration(self) -> None:
        """Size the narration to its sentence (:data:`NARRATION_LINES` to half the screen): after
        its text changes, or the screen's size."""
        pane = self.query_one(GuessPane)
        width, height = self.app.size
        lines = pane.lines_needed(width - NARRATION_FRAME[0])
        rows = min(max(lines, NARRATION_LINES) + NARRATION_FRAME[1], max(height // 2, 5))
        if pane.styles.height is None or pane.styles.height.value != rows:
            pane.styles.height = rows
            self.styles.grid_rows = f"1fr {rows} 1"

    def _after_tick(self) -> None:
        self._changed()
        if self.round.done:
            pane = self.query_one(GuessPane)
            over = _("The stretch is over: space or Enter leaves the board and says how it went.")
            pane.text = f"{pane.text} {over}"
            self.fit_narration()

    def action_finish(self) -> None:
        """The stretch played out: back to the question's page with its result."""
        dismiss_once(self, self.round.result())

    # -- keys ------------------------------------------------------------------------------

    def action_next(self) -> None:
        if self.round.done:
            self.action_finish()
            return
        if not self.round.next():
            if self.round.game.question is not None:  # under the question, covering no pane
                first = _("Answer the question first (escape: leave the board).")
                self.query_one("#guess-count", Static).update(Content(first))
            return
        self._after_tick()

    # space's other names (see BINDINGS), and enter's
    action_skip_rule = action_remind = action_go_on = action_next

    def action_leave(self) -> None:
        dismiss_once(self, self.round.kept())

    def key_bar_shows(self, binding: Binding) -> bool:
        """Yes is named by the key the question names (y, s for sì, t for tak)."""
        return binding.action != "yes(True)" or binding.key == yes_key(current())

    def key_bar_label(self, binding: Binding) -> str:  # a rule's key: the board's method's word
        if binding.action == "leave" and self.round.asked > self.round.right:
            return _("Back (counted)")  # a prediction missed: leaving is an attempt
        return self.query_one(GuessPane).key_bar_label(binding)

    def action_help(self) -> None:
        """Every key that acts now, named as the key bar names it."""
        self.app.push_screen(HelpScreen([], key_rows(self, self.BINDINGS)))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "finish":
            return self.round.done
        if self.round.done and action in ("next", "remind", "skip_rule"):
            return False
        question = self.round.game.question
        if action in ("yes", "remind", "rule", "skip_rule"):
            stage = Stage.FREE if action in ("yes", "remind") else Stage.RULE
            return question is not None and question.stage is stage
        return question is None if action == "next" else True

    def action_yes(self, yes: bool) -> None:
        self.round.answer_yes(yes)
        self._after_tick()

    def action_rule(self, along: str) -> None:
        self.round.answer_rule(Along(along))
        self._after_tick()

    def on_guess_pane_answered(self, message: GuessPane.Answered) -> None:
        message.stop()
        if message.stage == "drop":
            self.action_leave()
