"""The plain tutor's board: a board session (solver/session/board.py) stepped by commands and said
in sentences, one line a tick."""

from __future__ import annotations

from lessons.answers.reading import plain, yes_no
from lessons.answers.whole_numbers import is_digits
from lessons.i18n import _
from solver.guess.stage import Stage
from solver.kit import SteppableKit
from solver.kit_words import RULE_KEYS
from solver.messages import Message, render
from solver.registry import steppable_methods
from solver.session.board import BoardSession, Goal, Told
from solver.stepping import Mode
from solver.views.views import narration_text
from tui.plain import words
from tui.plain.output import Out
from tui.plain.stepping import run_long


def move_named(kit: SteppableKit, word: str) -> str | None:
    """The move of ``kit`` (the maze's) a word names: its code name (``up``) or its name in the
    language in use (``destra``, ``prawo``), accents optional."""
    typed = plain(word.strip())
    for move in kit.moves:
        if typed in (move, plain(render(kit.move_name(move)))):
            return move
    return None


class PlainBoard:
    """One board session, stepped by commands and said in words."""

    def __init__(self, out: Out, session: BoardSession) -> None:
        self.out = out
        self.session = session

    @property
    def n(self) -> int:
        return self.session.n

    @property
    def method(self) -> str:
        return self.session.method

    # -- saying ------------------------------------------------------------------------------

    def say_tick(self) -> None:
        """The last tick's own sentence (whatever guess mode hides on the screen)."""
        self.out.line(words.tick_line(self.session.plain_frame()))

    def say_where(self) -> None:
        """Where the search stands now: the last tick's line (at tick 0, the start)."""
        frame = self.session.plain_frame()
        if frame.status.tick == 0:
            text = narration_text(frame)
            self.out.line(f"{text}  {words.state_brief(frame.tables, frame.status.where)}")
        else:
            self.out.line(words.tick_line(frame))

    def _tell(self, told: Told) -> None:
        if told.notice is not None:
            self.out.line(render(told.notice))

    def board(self) -> None:
        frame = self.session.frame()
        hidden = self.session.guessing
        self.out.lines(words.board_lines(frame.board, frame.status.size, hidden=hidden))

    def state(self) -> None:
        frame = self.session.frame()
        self.out.lines(words.state_lines(frame.tables, frame.status.where))

    def code(self) -> None:
        self.out.lines(words.code_lines(self.session.frame().code))

    def status(self) -> None:
        session = self.session
        line = words.status_line(session.frame().status)
        if session.guessing:
            tally = session.game.tally
            guesses = _("guesses {right}/{asked}  streak {streak}").format(
                right=tally.right, asked=tally.asked, streak=tally.streak
            )
            line = f"{line} {guesses}."
        self.out.line(line)

    # -- stepping ----------------------------------------------------------------------------

    def tick(self) -> None:
        self._stepped(self.session.tick_forward(self.say_tick))

    def iteration(self) -> None:
        self._stepped(self.session.iteration(self.say_tick))

    def _stepped(self, told: Told) -> None:
        """After a step: a question asked, or what the session tells (the ticks are said)."""
        if told.asked and told.notice is None:
            self.ask_again()
        else:
            self._tell(told)

    def back(self) -> None:
        told = self.session.back()
        if not told.played:
            self._tell(told)
            return
        self.out.line(render(Message.of("session.back")))
        self.say_where()

    def run(self, goal: str) -> None:
        session = self.session
        told = session.begin_run(Goal.SOLUTION if goal == "solution" else Goal.BACKTRACK)
        if not told.played:
            self._tell(told)
            return
        if run_long(session, self.out).ticks:
            self.say_tick()

    def toggle_all(self) -> None:
        self.session.toggle_all()
        found = self.session.frame().status.found
        self.out.line(words.found_words(self.session.engine.mode is Mode.ALL, found) + ".")

    def reset(self) -> None:
        self.session.reset()
        self.say_where()

    def resize(self, delta: int) -> None:
        told = self.session.resize(delta)
        self._tell(told)
        if not self.session.kit.queens or told.notice is None:
            self.say_where()

    def size(self, n: int) -> None:
        """The board n x n (the search starts again)."""
        told = self.session.set_size(n)
        self._tell(told)
        if told.notice is None:
            self.say_where()

    def use_method(self, name: str | None) -> None:
        """Switch to method ``name`` (None: the next one); the search starts again."""
        methods = steppable_methods()
        if name is not None and name not in methods:
            self.out.line(
                _("There is no method {name}; the methods are: {methods}.").format(
                    name=name, methods=", ".join(methods)
                )
            )
            return
        self._tell(self.session.use_method(name))
        self.say_where()

    def next_overlay(self) -> None:
        self._tell(self.session.next_overlay())

    # -- guess mode --------------------------------------------------------------------------

    def toggle_guess(self) -> None:
        """Guess mode on or off (the tally is kept for the session)."""
        self._tell(self.session.toggle_guess())

    def ask_again(self) -> None:
        """Say the open question (with the keys that answer it)."""
        question = self.session.game.question
        if question is not None:
            self.out.lines(words.prompt_line(message) for message in question.prompt)

    @property
    def asking(self) -> bool:
        return self.session.question_open

    def answer(self, text: str) -> bool:
        """``text`` as the answer to the open question; False when it is none (nothing done)."""
        session = self.session
        question = session.game.question
        if question is None:
            return False
        word = text.lower()
        said = Verdicts(self)
        if word in ("escape", "esc", "drop"):
            self._tell(session.drop_question())
            return True
        if question.stage is Stage.FREE:
            yes = yes_no(word)  # every language's words, the catalogs' own among them
            if yes is None:
                return False
            told = session.answer_yes(yes == "yes", said.tick)
        elif question.stage is Stage.RULE:
            if word not in RULE_KEYS:
                return False
            from solver.peek import Along  # loaded by the question this answers

            told = session.answer_rule(Along(RULE_KEYS[word]), said.tick)
        elif is_digits(word):
            told = session.answer_land(int(word), said.tick)
        elif word in ("b", "backtrack"):
            told = session.answer_land(None, said.tick)
        elif (move := move_named(question.kit, word)) is not None:
            told = session.answer_land(move, said.tick)
        else:
            return False
        if not told.played:  # a follow-up question (the rule), or a notice (a row off the board)
            if told.notice is not None:
                self._tell(told)
            else:
                self.ask_again()
        return True

    def keys_reminder(self) -> None:
        """The open question's keys, after a line that answers nothing."""
        question = self.session.game.question
        if question is not None:
            self.out.line(words.prompt_line(question.prompt[-1]))


class Verdicts:
    """Says guess mode's verdict once, before the first tick the answer plays."""

    def __init__(self, board: PlainBoard) -> None:
        self.board = board
        self.said = False

    def tick(self) -> None:
        if not self.said:
            self.said = True
            verdict = self.board.session.game.verdict
            if verdict is not None:
                self.board.out.line(" ".join(render(m) for m in verdict.messages))
        self.board.say_tick()
