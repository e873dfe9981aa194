"""The main board of the plain tutor: the full-screen main screen's engine, methods, guess mode
and keys, each said in sentences instead of drawn.

It owns the engine of the chosen method and its view (solver/views), as
:class:`tui.screens.main_screen.MainScreen` does, and the guess game
(:class:`solver.guess.game.GuessGame`). Each action prints what happened: one line a tick.
"""

from __future__ import annotations

import unicodedata

from lessons.answers.reading import yes_no
from lessons.answers.whole_numbers import is_digits
from lessons.i18n import _
from solver.guess.game import GuessGame, Play, Stage
from solver.messages import Message, render
from solver.methods.maze.kit import MOVES
from solver.registry import DEFAULT_METHOD, MAX_APP_N, METHODS, make_engine, steppable_methods
from solver.sources import SOURCES
from solver.stepping import Mode, SteppableSearch, Stop
from solver.views.frame import Frame
from solver.views.squares import Overlay
from solver.views.views import View, make_view, narration_text
from tui.plain import words
from tui.plain.output import Out
from tui.plain.stepping import play, run_long

OVER = "The search is over: r resets, a switches to all solutions."
"""The full-screen tutor's words when a step finds the search over (in the catalogs)."""
_RULES = {"1": "line", "2": "sum", "3": "diff"}
"""A rule question's answers: the digit and the line it names (solver.peek.Along)."""


def _folded(word: str) -> str:
    """``word`` in lower case without its accents (``giù`` is ``giu``, ``góra`` is ``gora``)."""
    decomposed = unicodedata.normalize("NFD", word.strip().lower().replace("ł", "l"))
    return "".join(char for char in decomposed if not unicodedata.combining(char))


def maze_move(word: str) -> str | None:
    """The maze move a word names: its English name (``up``), or its name in the language in
    use as the narration says it (``su``, ``destra``; ``góra``, ``prawo``), accents optional."""
    typed = _folded(word)
    for move in MOVES:
        if typed in (move, _folded(render(Message.of(f"maze.move.{move}")))):
            return move
    return None


class BoardSession:
    """The board of one method, stepped by commands and said in words."""

    def __init__(
        self,
        out: Out,
        n: int = 8,
        mode: Mode = Mode.FIRST,
        method: str = DEFAULT_METHOD,
        maze: str | None = None,
        guess: bool = False,
    ) -> None:
        self.out = out
        self.n = n
        self.maze = maze
        self.overlay = Overlay.OFF
        self.guessing = guess
        self.game = GuessGame()
        self._use(method, mode)

    def _use(self, method: str, mode: Mode) -> None:
        """Make ``method``'s engine and view (the search starts again)."""
        self.method = method
        self.game.drop()
        self.engine: SteppableSearch = make_engine(method, self.n, mode, self.maze)
        self.view: View = make_view(method)

    # -- frames ------------------------------------------------------------------------------

    def frame(self) -> Frame:
        """The frame as the main screen would draw it (guess mode hides what answers)."""
        snapshot = self.engine.snapshot()
        if self.guessing:
            from solver.guess.view import guess_frame

            return guess_frame(self.view, snapshot, self.overlay, self.game)
        return self.view.frame(snapshot, self.overlay)

    def _plain_frame(self) -> Frame:
        """The frame with the last tick's own narration (no question, no verdict)."""
        return self.view.frame(self.engine.snapshot(), self.overlay)

    def say_tick(self) -> None:
        self.out.line(words.tick_line(self._plain_frame()))

    def say_where(self) -> None:
        """Where the search stands now: the last tick's line (at tick 0, the start)."""
        frame = self._plain_frame()
        if frame.status.tick == 0:
            text = narration_text(frame)
            self.out.line(f"{text}  {words.state_brief(frame.tables, frame.status.where)}")
        else:
            self.out.line(words.tick_line(frame))

    # -- reading -----------------------------------------------------------------------------

    def board(self) -> None:
        frame = self.frame()
        self.out.lines(words.board_lines(frame.board, frame.status.size, hidden=self.guessing))

    def state(self) -> None:
        frame = self.frame()
        self.out.lines(words.state_lines(frame.tables, frame.status.where))

    def code(self) -> None:
        self.out.lines(words.code_lines(self.frame().code))

    def status(self) -> None:
        line = words.status_line(self.frame().status)
        if self.guessing:
            tally = self.game.tally
            guesses = _("guesses {right}/{asked}  streak {streak}").format(
                right=tally.right, asked=tally.asked, streak=tally.streak
            )
            line = f"{line} {guesses}."
        self.out.line(line)

    # -- stepping ----------------------------------------------------------------------------

    def tick(self) -> None:
        if self._ask_first(Play.TICK):
            return
        if not play(self.engine, Stop.TICK, self.say_tick):
            self.out.line(_(OVER))

    def iteration(self) -> None:
        if self._ask_first(Play.ITERATION):
            return
        if not play(self.engine, Stop.ITERATION, self.say_tick):
            self.out.line(_(OVER))

    def back(self) -> None:
        self.game.drop()
        if not self.engine.back():
            self.out.line(_("At the start: nothing to step back."))
            return
        self.out.line(_("Back one tick."))
        self.say_where()

    def run(self, goal: str) -> None:
        if self._question_open():
            return
        if self.engine.finished:
            self.out.line(_(OVER))
            return
        self.game.drop()
        if run_long(self.engine, goal, self.out).ticks:
            self.say_tick()

    def toggle_all(self) -> None:
        self.game.drop()
        engine = self.engine
        engine.mode = Mode.FIRST if engine.mode is Mode.ALL else Mode.ALL
        status = self.frame().status
        if engine.mode is Mode.ALL:
            found = _("all solutions, found {count}")
        else:
            found = _("first solution, found {count}")
        self.out.line(found.format(count=status.found) + ".")

    def reset(self) -> None:
        self.game.drop()
        self.engine.reset()
        self.say_where()

    def resize(self, delta: int) -> None:
        if not METHODS[self.method].queens:
            from solver.methods.maze.mazes import next_maze_spec

            self.maze = next_maze_spec(self.maze, delta)
            self._use(self.method, self.engine.mode)
            self.out.line(_("Maze: {name}.").format(name=self.maze))
            self.say_where()
            return
        self.size(self.n + delta)

    def size(self, n: int) -> None:
        """The board n x n (the search starts again)."""
        if not METHODS[self.method].queens:
            self.out.line(
                _("A maze has its own size: larger and smaller choose the next or previous maze.")
            )
            return
        if not 1 <= n <= MAX_APP_N:
            self.out.line(_("The board size goes from 1 to {max}.").format(max=MAX_APP_N))
            return
        self.n = n
        self._use(self.method, self.engine.mode)
        self.say_where()

    def use_method(self, name: str | None) -> None:
        """Switch to method ``name`` (None: the next one); the search starts again."""
        methods = steppable_methods()
        if name is None:
            name = methods[(methods.index(self.method) + 1) % len(methods)]
        if name not in methods:
            self.out.line(
                _("There is no method {name}; the methods are: {methods}.").format(
                    name=name, methods=", ".join(methods)
                )
            )
            return
        self._use(name, self.engine.mode)
        info = METHODS[name]
        self.out.line(
            _("{method} ({source}).").format(
                method=_(info.title), source=_(SOURCES[info.source].short_name)
            )
        )
        self.say_where()

    def next_overlay(self) -> None:
        self.overlay = Overlay.next(self.overlay)
        self.out.line(_("Diagonal overlay: {overlay}.").format(overlay=Overlay.label(self.overlay)))

    # -- guess mode --------------------------------------------------------------------------

    def toggle_guess(self) -> None:
        """Guess mode on or off (the tally is kept for the session)."""
        self.guessing = not self.guessing
        self.game.drop()
        if self.guessing:
            self.out.line(_("Guess mode: space and enter ask before they play."))
        else:
            self.out.line(_("Guess mode off: every mark is shown again."))

    def _ask_first(self, wanted: Play) -> bool:
        """In guess mode, ask before ``wanted`` plays; True when the command is taken (a
        question was asked, or one is still open)."""
        if not self.guessing:
            return False
        game = self.game
        question = game.question
        if question is not None:
            if question.stage is Stage.RULE and wanted is Play.TICK:
                self._play(game.answer_rule(None))  # space skips the rule
                return True
            return self._question_open()
        if wanted is Play.TICK:
            asked = game.ask_tick(self.engine)
        else:
            asked = game.ask_iteration(self.engine)
        if not asked:
            return False  # this step tests nothing: it plays as usual
        self.ask_again()
        return True

    def ask_again(self) -> None:
        """Say the open question (with the keys that answer it)."""
        question = self.game.question
        if question is not None:
            self.out.lines(render(message) for message in question.prompt)

    def _question_open(self) -> bool:
        if self.game.question is None:
            return False
        self.out.line(_("Answer the question first (escape: no question)."))
        return True

    @property
    def asking(self) -> bool:
        return self.game.question is not None

    def answer(self, text: str) -> bool:
        """``text`` as the answer to the open question; False when it is none (nothing done)."""
        game = self.game
        question = game.question
        if question is None:
            return False
        word = text.lower()
        if word in ("escape", "esc", "drop"):
            game.drop()
            self.out.line(_("No question: the step was not played."))
            return True
        if question.stage is Stage.FREE:
            said = yes_no(word)  # every language's words, the catalogs' own among them
            if said is None:
                return False
            self._play(game.answer_yes(said == "yes"))
            return True
        if question.stage is Stage.RULE:
            if word not in _RULES:
                return False
            from solver.peek import Along  # loaded by the question this answers

            self._play(game.answer_rule(Along(_RULES[word])))
            return True
        if is_digits(word):
            self._play(game.answer_land(int(word)))
        elif word in ("b", "backtrack"):
            self._play(game.answer_land(None))
        elif question.kit.wording.moves and maze_move(word) is not None:
            self._play(game.answer_land(maze_move(word)))
        else:
            return False
        return True

    def keys_reminder(self) -> None:
        """The open question's keys, after a line that answers nothing."""
        question = self.game.question
        if question is not None:
            self.out.line(render(question.prompt[-1]))

    def _play(self, wanted: Play) -> None:
        """Play the step the answer was about: the verdict first, then each tick."""
        game = self.game
        if wanted is Play.NOTHING:
            if game.notice is not None:
                self.out.line(render(game.notice))
            else:
                self.ask_again()  # a follow-up question (the rule)
            return
        if game.verdict is not None:
            self.out.line(" ".join(render(message) for message in game.verdict.messages))
        stop = Stop.TICK if wanted is Play.TICK else Stop.ITERATION
        play(self.engine, stop, self.say_tick)
