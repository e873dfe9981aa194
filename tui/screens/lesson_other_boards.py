"""The lesson screen's questions answered on another screen: ``o`` opens the place board for a
``place`` question, the page's board in guess mode for a ``guess`` one
(:class:`tui.screens.guess_question.GuessQuestionScreen`); what the learner does there answers the
question when that screen closes. Mixed into :class:`tui.screens.lesson_screen.LessonScreen`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.screen import Screen

from lessons.answers.checking import Verdict
from lessons.quiz.guess import GuessResult
from lessons.quiz.place import PlaceResult
from lessons.runner import LessonRun
from solver.messages import render
from tui.found_store import store_of
from tui.glyphs import Glyphs
from tui.screens.guess_question import GuessQuestionScreen
from tui.screens.place_screen import PlaceOutcome, PlaceScreen
from tui.widgets.quiz_panel import QuizPanel


class OtherBoards(Screen[None]):
    """``o`` and what comes back from the board it opens."""

    lesson_run: LessonRun
    glyphs: Glyphs
    _place_cursor: tuple[object, tuple[int, int]] | None = None
    """The question whose place board the learner last closed, and the cursor's square there."""

    if TYPE_CHECKING:

        def show(self, ask: bool = False) -> None: ...

    def action_open_board(self) -> None:
        """Open the place board for a ``place`` question, the page's board in guess mode for a
        ``guess`` one; what the learner does there answers the question when it is closed."""
        asked = self.lesson_run.asked
        session = self.lesson_run.session
        if asked is not None and asked.question.kind == "guess" and session is not None:
            self.lesson_run.settle()  # the question's tick: each visit starts there
            ticks = int(asked.posed.values["ticks"])
            engine = session.engine
            screen = GuessQuestionScreen(engine, engine.tick, ticks, session.overlay, self.glyphs)
            self.app.push_screen(screen, self._guessed)
            return
        if asked is None or asked.question.kind != "place":
            return
        n = int(asked.posed.values["n"])
        drive = asked.posed.values.get("goal") == "drive"
        queens = () if drive else self.lesson_run.place_board()  # as the learner left it
        found = store_of(self.app)  # the solutions placed anywhere, saved (it F22)
        for warning in found.warnings:
            self.notify(render(warning), markup=False)
        found.warnings.clear()
        # the cursor where the learner left it on this question's board (student walk 13, pl 11)
        left = self._place_cursor
        cursor = left[1] if left is not None and left[0] is asked.question else (0, 0)
        board = PlaceScreen(n, self.glyphs, found, drive=drive, queens=queens, cursor=cursor)
        self.app.push_screen(board, self._placed)

    def _placed(self, outcome: PlaceOutcome | None) -> None:
        if outcome is None or self.lesson_run.asked is None:
            return
        self._place_cursor = (self.lesson_run.asked.question, outcome.cursor)
        self.lesson_run.keep_place_board(outcome.n, outcome.queens)
        result = PlaceResult(
            outcome.n,
            outcome.found,
            outcome.exhausted,
            outcome.driven,
            outcome.right,
            outcome.asked,
            outcome.missed,
            len(outcome.queens),
            outcome.ticks,
        )
        self._graded(self.lesson_run.answer_place(result))

    def _guessed(self, result: GuessResult | None) -> None:
        """Back from the guess board: graded, or (escape) the board as the lesson left it."""
        run = self.lesson_run
        if run.asked is None:
            return
        if result is None:
            run.settle()
            self.show()
            return
        self._graded(run.answer_guess(result))

    def _graded(self, verdict: Verdict) -> None:
        """Feedback on a question answered on another screen."""
        self.show()
        if self.lesson_run.answered:
            return
        self.query_one(QuizPanel).feedback(verdict.message)
