"""One lesson in the plain tutor, page by page: the lesson run (lessons/runner) does the work and
saves the progress; this says what it did."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import TYPE_CHECKING

from lessons.answers.checking import AnswerType
from lessons.answers.feedback import say
from lessons.answers.reading import BACKTRACK_WORDS, choice_says, plain, yes_no
from lessons.course.model import LatePolicy
from lessons.i18n import N_, _
from lessons.model import Lesson
from lessons.progress.store import ProgressStore
from lessons.progress.words import (
    RESTART_CHOICES,
    RESTART_YES,
    restart_words,
    something_to_lose,
)
from lessons.runner import LessonRun
from lessons.safe_text import visible
from solver.placement.flow import PlaceOutcome
from solver.stepping import Stop
from solver.views.frame import Frame
from tui.plain import commands, words
from tui.plain.board_words import PlainBoard
from tui.plain.guess_walk import NEXT, PlainGuess
from tui.plain.markdown_text import plain_lines
from tui.plain.output import Out
from tui.widgets.no_break import spoken

if TYPE_CHECKING:
    from tui.lesson_context import LessonDates

FIRST = N_("Answer the question first ({hint}: hint, {show}: show the answer).")
"""The lesson screen's reminder while a question waits (in the catalogs): ``h`` and ``s``, or
the commands' whole words where the question reads those letters as answers (sì, no)."""
FIRST_NO_HINT = N_("Answer the question first ({show}: show the answer).")
"""The same reminder where the question has no hint to offer."""
FIRST_IN_STRETCH = N_("Answer the stretch's question first (show shows the answer).")
"""The reminder while a guess stretch waits, where s is sì and t is tak."""


class LessonWalk:
    """A lesson being read; :attr:`over` once the student leaves it (or it cannot go on)."""

    def __init__(
        self,
        out: Out,
        lesson: Lesson,
        store: ProgressStore | None,
        restart: bool = False,
        run: LessonRun | None = None,
        due: datetime | None = None,
        late: LatePolicy | None = None,
        dates: Callable[[], LessonDates] | None = None,
    ) -> None:
        """``run``: the lesson already under way (the review's), else ``lesson`` opened where the
        student left it; ``due`` and ``late``: her due date and late policy; ``dates``: where
        they are read again at the lesson's end."""
        self.out = out
        self.due = due
        self.late = late
        self._dates = dates
        self.lesson = lesson
        self.run = run if run is not None else LessonRun(lesson, store)
        if restart:
            self.run.restart()
        self.over = False
        self._said = 0
        """How many of the page's text blocks have been said."""
        self._board_said: tuple[int, int] | None = None
        """(engine id, tick) of the board last said, so that a board the lesson moved is said."""
        self.guess: PlainGuess | None = None
        """The page's board in guess mode, for a ``guess`` question being answered."""
        self.asked_restart = False
        """True while "start again from page 1?" waits for its answer (:meth:`restart_answer`)."""

    # -- saying ------------------------------------------------------------------------------

    def frame(self) -> Frame | None:
        """The page's board with its state (during a guess visit, the visit's: the cells its
        question reads hidden), or None while a question draws a board of its own (a maze, a
        placement): no search runs on that one."""
        if self.guess is not None:
            return self.guess.round.session.frame()
        shown = self.run.board_shown()  # as the full screen's column: hidden beside other arrays
        return None if shown.given or not shown.column else self.run.page_frame()

    def say_page(self) -> None:
        """The page from its top: its title, the text shown so far, and the question."""
        self.out.line(self.run.heading())
        self.out.lines(self.run.notices)
        self._said = 0
        self._board_said = None
        self.say_more()

    def say_more(self) -> None:
        """New text, the board if it moved, then the question waiting or what comes next."""
        run = self.run
        for block in run.shown[self._said :]:
            self.out.lines(plain_lines(block.markdown))
        self._said = len(run.shown)
        frame = self.frame()
        engine = run.engine
        if frame is not None and engine is not None and run.shows_board and self.says_board():
            now = (id(engine), engine.tick)
            if now != self._board_said:
                self._board_said = now
                brief = words.state_brief(frame.tables, frame.status.where)
                self.out.line(
                    _("The board: {size}, {state}.").format(size=frame.status.size, state=brief)
                )
        if run.asked is not None:
            self.say_question()
        else:
            self.say_next_step()

    def says_board(self) -> bool:
        """Whether the page's board is said in words when it moves (``run.shows_board``)."""
        return True

    def say_question(self) -> None:
        asked = self.run.asked
        if asked is None:
            return
        posed = asked.posed
        prompt = posed.plain_prompt or posed.prompt
        if posed.maze:  # its drawing read as the board command reads a maze, a row a line
            from solver.methods.maze.view import given_maze

            maze = given_maze(posed.maze)
            read = words.board_lines(maze, f"{maze.height}x{maze.width}")
            lines = prompt.splitlines()
            drawn = [i for i, line in enumerate(lines) if line.strip() in posed.maze]
            if drawn:
                prompt = "\n".join([*lines[: drawn[0]], *read, *lines[drawn[-1] + 1 :]])
        self.out.line(spoken(f"{self.run.question_label} {prompt}"))
        self.out.lines(spoken(line) for line in posed.choice_lines)
        how = {
            AnswerType.CHOICE: lambda: (
                say("format.choice_letters", last=posed.last_label)
                if posed.lettered
                else say("format.choice", count=len(posed.choices))
            ),
            AnswerType.ROW: lambda: posed.line_help(),
            AnswerType.NUMBER: lambda: say("format.number"),
        }.get(posed.answer_type)
        if how is not None and (asked.question.prompt or posed.answer_type is not AnswerType.ROW):
            told = how()  # a place question says itself to press o, a kind's row question how
            if told not in posed.prompt:  # some prompts say how to answer themselves
                self.out.line(told)
        if posed.yes_no_question:  # a script's n for "next" would answer
            self.out.line(
                _(
                    "y or n answers it: n is no here, not next (a question waiting takes no "
                    "next; it goes on once answered)."
                )
            )
        if asked.question.kind == "guess" and self.guess is None:
            self._start_guess()

    def _start_guess(self) -> None:
        """The page's board in guess mode, from the question's tick (each visit starts there)."""
        guess = self.run.guess_round()
        if guess is None:
            return
        self.guess = PlainGuess(self.out, guess)
        self.guess.hello()
        self._guessed()

    def _guessed(self) -> None:
        """After a line of the visit: graded once its ticks are played, or left with esc."""
        guess, run = self.guess, self.run
        if guess is None:
            return
        result = guess.round.kept() if guess.left else guess.result
        if guess.left and result is None:
            self.guess = None
            run.settle()
            self.out.line(_("Back at the question's tick: an empty line starts again."))
            return
        if result is None:
            return
        self.guess = None
        verdict = run.answer_guess(result)
        self._board_said = None
        if run.answered:
            self.say_next_step()
        else:  # the plain tutor's own keys, not the full screen's [o] and [f3]
            self.out.line(spoken(verdict.plain_message or verdict.message))
            self.out.line(
                _("Back at the question's tick: an empty line starts again, s shows the answer.")
            )

    def say_next_step(self) -> None:
        """After an answer, at the end of a page, or of the lesson: what enter does."""
        run = self.run
        if run.feedback is not None and run.answered:
            self.out.line(spoken(run.feedback.plain_message or run.feedback.message))
        finished = run.finished and not run.answered
        self.out.line(self.finished_text() if finished else run.next_step())

    def finished_text(self) -> str:
        """What is said once the lesson is finished."""
        if self._dates is not None:  # as the menu will say it
            self.due, self.late = self._dates()[:2]
        return self.run.end_text(self.due, self.late)

    # -- reading the board -------------------------------------------------------------------

    def board(self) -> None:
        shown, hidden = self.run.board_shown(), self.run.predicting  # answered, not read off
        if shown.given and shown.board is not None:  # the question's own maze or placement
            size = f"{shown.board.height}x{len(shown.board.col_labels)}"  # rows x columns
            self.out.lines(words.board_lines(shown.board, size, hidden=hidden))
        elif (frame := self._needs_board()) is not None:
            self.out.lines(words.board_lines(frame.board, frame.status.size, hidden=hidden))

    def state(self) -> None:
        frame = self._needs_board()
        if frame is not None:
            self.out.lines(words.state_lines(frame.tables, frame.status.where))

    def code(self) -> None:
        frame = self._needs_board()
        if frame is not None:
            self.out.lines(words.code_lines(frame.code))

    def status(self) -> None:
        self.out.line(f"{self.run.score_text()}; {self.run.heading()}.")
        frame = self.frame()
        if frame is not None:
            self.out.line(words.status_line(frame.status))

    def _needs_board(self) -> Frame | None:
        frame, shown = self.frame(), self.run.board_shown()
        if frame is None and shown.given:
            self.out.line(_("No search runs on what this question draws: it has no state."))
        elif frame is None and shown.about is not None and shown.about.posed.off_board:
            self.out.line(
                _("The page's board is hidden for this question: its b[] is another array.")
            )
        elif frame is None:
            self.out.line(_("This page has no board."))
        return frame

    # -- stepping the page's board -----------------------------------------------------------

    def _board(self) -> PlainBoard | None:
        """The page's board, to step; None (and why) when there is none or a question waits."""
        session = self.run.session
        if session is None:
            self.out.line(_("This page has no board."))
            return None
        if not self.run.can_explore:
            self.out.line(self._first())
            return None
        return PlainBoard(self.out, session)

    def _on_board(self, act: Callable[[PlainBoard], object]) -> None:
        """``act`` on the page's board (said, as it goes), when there is one to step."""
        board = self._board()
        if board is not None:
            act(board)
            self._board_said = (id(board.session.engine), board.session.tick)

    def step(self, stop: Stop) -> None:
        """One tick, or one iteration, of the page's board."""
        if self._forward(stop is Stop.TICK):
            self._on_board(PlainBoard.tick if stop is Stop.TICK else PlainBoard.iteration)

    def _forward(self, tick: bool = False) -> bool:
        """Whether the board may step forward; else why not, said."""
        if self.run.asked is None and not self.run.steps_forward(tick):
            here = _("A question about this board is still to come on this page.")
            next_page = _("The next page asks a question about this board as it stands now.")
            self.out.line(here if self.run.asks_later_here else next_page)
            return False
        return True

    def back(self) -> None:
        self._on_board(PlainBoard.back)

    def run_to(self, goal: str) -> None:
        if self._forward():
            self._on_board(lambda board: board.run(goal))

    def settle(self) -> None:
        """The board as the lesson left it."""
        if self._board() is not None:
            self.run.settle()
            self._board_said = None
            self.say_more()

    # -- moving through the lesson -----------------------------------------------------------

    def _safely(self, step: str) -> bool:
        """Move the lesson on; a lesson that cannot be played is said, and left."""
        self.guess = None  # a guess board's visit ends with its page
        error = self.run.safely(step)
        if error:
            self.out.line(error)
            self.over = True
        return not error

    def _first(self) -> str:
        """The reminder while a question waits: the hint offered only where there is one."""
        asked = self.run.asked
        if self.guess is not None:
            return _(FIRST_IN_STRETCH)
        hint, show = (
            letter if not self.reads_as_answer(letter) else commands.named_now(name)
            for letter, name in (("h", "hint"), ("s", "show"))
        )
        first = FIRST_NO_HINT if asked is not None and not asked.posed.hint else FIRST
        return _(first).format(hint=hint, show=show)

    def enter(self) -> None:
        """Enter: go on after an answer, turn the page at its end, leave a finished lesson."""
        run = self.run
        if run.asked is not None:
            self.out.line(self._first())
        elif run.finished:
            self.over = True
        elif run.answered:
            if self._safely("go_on"):
                self.say_more()
        elif run.page_done:
            self.next_page()

    def next_page(self) -> None:
        run = self.run
        if run.finished and run.asked is None:
            self.over = True  # past the end: back to the lessons, as Enter
        elif run.answered:
            self.enter()
        elif not run.page_done:
            self.out.line(self._first())
        elif self._safely("next"):
            if run.finished:
                self.say_next_step()
            else:
                self.say_page()

    def previous_page(self) -> None:
        if self.run.page_index == 0:
            self.out.line(_("This is the first page."))
        elif self._safely("previous"):
            self.say_page()

    def restart(self) -> None:
        """Start again from page 1: at once where the run has nothing to lose, else once the
        student answers yes to the question it asks."""
        run = self.run
        if not something_to_lose(run.record):
            self._restart()
            return
        self.asked_restart = True
        self.out.lines(restart_words(run.record, run.lesson))
        self.out.lines(_(choice) for choice in RESTART_CHOICES)

    def restart_answer(self, word: str) -> None:
        """The answer to :meth:`restart`'s question: 1 or y starts again, anything else keeps
        the lesson where it is."""
        self.asked_restart = False
        if word in RESTART_YES or yes_no(word) == "yes":  # the dialog's keys, or the word
            self._restart()
        else:
            self.out.line(_("The lesson stays where it is."))

    def _restart(self) -> None:
        if self._safely("restart"):
            self.say_page()

    # -- questions ---------------------------------------------------------------------------

    def answer(self, text: str) -> None:
        """``text`` as the answer to the waiting question."""
        run = self.run
        asked = run.asked
        if asked is not None and asked.question.kind == "guess":
            if self.guess is None and text.strip().lower() in NEXT:
                self._start_guess()  # an empty line after a visit: the next one
            elif self.guess is None:
                # only an empty line starts again, as said: a leftover y of a script does not,
                # nor is it an answer of the visit over
                self.out.line(
                    _(
                        "“{typed}” answers nothing: the stretch is over. An empty line starts it "
                        "again from the question's tick, s shows the answer."
                    ).format(typed=visible(text.strip()))
                )
            else:
                self.guess.handle(text)
                self._guessed()
            return
        verdict = run.answer(text)
        if run.answered:
            self.say_next_step()
            return
        self.out.line(spoken(verdict.message))

    def hint(self) -> None:
        said = _("Hint: {hint}").format(hint=self.run.hint()) if self.run.asked else ""
        self.out.line(spoken(said) or _("No question is waiting."))

    def reveal(self) -> None:
        if self.run.asked is None:
            self.out.line(_("No question is waiting."))
            return
        self.guess = None  # a visit under way ends: the answer plays from the question's tick
        self.run.reveal()
        self.say_next_step()

    def place_question(self) -> tuple[int, bool, PlaceOutcome | None] | None:
        """The place question waiting: its board's size, whether "you drive", how it was left."""
        asked = self.run.asked
        if asked is None or asked.posed.answer_type is not AnswerType.PLACE:
            return None
        if asked.question.kind == "guess":
            return None  # answered in guess mode on the page's board, not on the place board
        values = asked.posed.values
        return int(values["n"]), values.get("goal") == "drive", self.run.place_kept()

    def placed(self, outcome: PlaceOutcome) -> None:
        """What the learner did on the place board answers the waiting question."""
        verdict = self.run.leave_place(outcome)
        if self.run.answered:
            self.say_next_step()
        else:
            self.out.line(spoken(verdict.message))

    def reads_as_answer(self, text: str) -> bool:
        """Whether ``text`` is a possible answer to the waiting question (``b`` is a backtrack
        to a row question, ``2`` a choice): such a line answers, it is no command."""
        asked = self.run.asked
        if asked is not None and asked.question.kind == "guess":
            if self.guess is None:  # o, as the question says, or an empty line: a visit
                return text.strip().lower() in NEXT
            return self.guess.takes(text)
        if asked is None:
            return False
        posed, said = asked.posed, yes_no(text)
        backtrack = posed.answer_type is AnswerType.ROW and plain(text) in BACKTRACK_WORDS
        # s for a choice that begins "sì: ...": its format told (which choice?), not the reveal
        begun = said is not None and any(choice_says(_(c)) == said for c in posed.choices)
        return backtrack or begun or posed.read(text) is not None
