"""``o`` on a lesson page: the board a ``place`` or ``guess`` question is answered on (mixed into
:class:`~tui.screens.lesson_screen.LessonScreen`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lessons.answers.checking import Verdict
from lessons.quiz.guess import GuessResult
from lessons.quiz.place import PlaceResult
from solver.messages import render
from tui.found_store import store_of
from tui.screens.guess_question import GuessQuestionScreen
from tui.screens.place_screen import PlaceOutcome, PlaceScreen
from tui.widgets.quiz_panel import QuizPanel

if TYPE_CHECKING:
    from lessons.runner import LessonRun
    from tui.glyphs import Glyphs
    from tui.screens.board_screen import BoardScreen as _Screen
else:
    _Screen = object


class QuestionBoards(_Screen):
    """The boards half of the lesson screen."""

    lesson_run: LessonRun
    glyphs: Glyphs

    if TYPE_CHECKING:

        def show(self, ask: bool = False) -> None: ...

    def action_open_board(self) -> None:
        run = self.lesson_run
        asked, app = run.asked, self.app
        guess = run.guess_round()
        if guess is not None:
            app.push_screen(GuessQuestionScreen(guess, self.glyphs), self._guessed)
            return
        if asked is None or asked.question.kind != "place":
            return
        drive = asked.posed.values.get("goal") == "drive"
        found = store_of(app)  # the solutions placed anywhere, saved
        for warning in found.warnings:
            self.notify(render(warning), markup=False)
        found.warnings.clear()
        left = run.place_kept()
        board = PlaceScreen(
            int(asked.posed.values["n"]),
            self.glyphs,
            found,
            drive=drive,
            queens=() if drive else run.place_board(),  # as the learner left it
            cursor=left.cursor if left is not None else (0, 0),
            meets=lambda outcome: (
                run.asked is not None and run.place_meets(PlaceResult.of(outcome))
            ),
            tried=left.tried if left is not None else None,
            driving=left.driving if left is not None else None,
        )
        app.push_screen(board, self._placed)

    def _placed(self, outcome: PlaceOutcome | None) -> None:
        run = self.lesson_run
        if outcome is None or run.asked is None:
            return
        self._graded(run.leave_place(outcome))

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
        if not self.lesson_run.answered:
            self.query_one(QuizPanel).feedback(verdict.message)
