"""A lesson's ``@question guess`` in the plain tutor: the page's board predicted a tick a line, by a
headless :class:`lessons.quiz.guess.GuessRound`. An empty line asks about the next tick; yes/no
(every language's, :data:`lessons.answers.reading.ANSWER_WORDS`: ``s`` is sì, ``t`` tak) and 1,
2 or 3 answer; esc leaves; ``show`` shows the answer."""

from __future__ import annotations

from lessons.answers.reading import yes_no
from lessons.i18n import N_, _
from lessons.quiz.guess import GuessResult, GuessRound, stretch_line
from lessons.safe_text import visible
from solver.guess.stage import Stage
from solver.kit_words import RULE_KEYS
from solver.messages import Message
from solver.peek import Along
from tui.plain import words
from tui.plain.output import Out

NEXT = ("", "enter", "o", "space", "spazio", "spacja")
"""The words that ask about the next tick (an empty line is enter; o, as the full-screen
tutor's question says; space, as the lessons' pages say, in their language too)."""
LEAVE = ("esc", "escape", "esci", "wyjdź", "wyjdz")
"""The words that leave the board (the lesson's leave words too, as on the place board)."""
TYPED_KEYS = {
    "guess.keys.yes_no": (
        N_("Type y or yes, n or no (esc: leave the board, no attempt)."),
        N_("Type y or yes, n or no (esc: leave the board, counted as an attempt)."),
    ),
    "guess.keys.moves": (
        N_(
            "Type the step, up, right, down or left, or b for a dead end (esc: leave the "
            "board, no attempt)."
        ),
        N_(
            "Type the step, up, right, down or left, or b for a dead end (esc: leave the "
            "board, counted as an attempt)."
        ),
    ),
}
"""A question's key line as typed here, before a prediction is missed and after."""


class PlainGuess:
    """One visit to the page's board in guess mode, said in lines."""

    def __init__(self, out: Out, round_: GuessRound):
        self.out = out
        self.round = round_
        self.left = False
        """Esc: the student left the board (the visit does not count)."""

    def hello(self) -> None:
        rules = self.round.session.kit.rule_words  # a board that asks by which rule (no maze)
        self.out.line(
            _(
                "An empty line asks about the next tick (a tick that tests no square just "
                "plays); answer y or n, then 1, 2 or 3; esc leaves the board."
            )
            if rules
            else _(
                "An empty line asks about the next tick (a tick that tests no square just "
                "plays); answer y or n; esc leaves the board."
            )
        )
        self.handle("")  # the first tick asked at once

    @property
    def result(self) -> GuessResult | None:
        """The visit's result once its ticks are played, else None."""
        return self.round.result() if self.round.done else None

    def takes(self, text: str) -> bool:
        """Whether ``text`` is a word of the visit (it answers, it is no command)."""
        word = text.strip().lower()
        if word in NEXT or word in LEAVE or yes_no(word) is not None:
            return True  # a yes or a no is never a command here, even before its question
        question = self.round.game.question
        return question is not None and question.stage is Stage.RULE and word in RULE_KEYS

    def handle(self, text: str) -> None:
        word = text.strip().lower()
        round_ = self.round
        question = round_.game.question
        if word in LEAVE:
            self.left = True
        elif word in NEXT:
            if not round_.next() and question is not None:
                self.out.line(self._prompt(question.prompt[-1]))  # the keys that answer it
                return
            self._said()
        elif question is not None and question.stage is Stage.FREE and yes_no(word):
            round_.answer_yes(yes_no(word) == "yes")
            self._said()
        elif question is not None and question.stage is Stage.RULE and word in RULE_KEYS:
            round_.answer_rule(Along(RULE_KEYS[word]))
            self._said()
        elif question is not None:  # no answer to the open question: its keys again
            self.out.line(not_an_answer(text, round_.session.kit.rule_words))
            self.out.line(self._prompt(question.prompt[-1]))
        elif not round_.done:
            self.out.line(not_an_answer(text, round_.session.kit.rule_words))

    def _prompt(self, message: Message) -> str:
        """A line of the open question, its keys typed and saying what esc does here."""
        missed = self.round.asked > self.round.right
        if message.id in TYPED_KEYS:
            return _(TYPED_KEYS[message.id][missed])
        if message.id == "guess.keys.rule":  # the rule is typed, and not skipped
            return words.prompt_line(message)
        return stretch_line(message, missed)

    def _said(self) -> None:
        """The open question, or the verdict and the tick just played, and the count."""
        round_ = self.round
        frame = round_.session.frame()
        question = round_.game.question
        if question is not None:
            self.out.lines(self._prompt(message) for message in question.prompt)
            return
        self.out.line(words.tick_line(frame))
        self.out.line(round_.count_words())
        verdict = frame.narration[0].id if frame.narration else ""
        if verdict.startswith("guess.wrong") and round_.asked - round_.right == 1:  # the first
            self.out.line(_("A prediction is missed: esc now leaves counted as an attempt."))
        # the next tick's question at once, as the first one; a tick that tests no square
        # plays and is said
        if round_.next():
            self._said()


def not_an_answer(text: str, rules: object) -> str:
    """The line for a typed line that answers nothing on the guess board (``rules``: the
    board asks by which rule, the maze's does not)."""
    said = (
        _(
            "“{text}” is not an answer here: y or n, 1, 2 or 3 for the rule, an empty line for "
            "the next tick, esc to leave the board."
        )
        if rules
        else _(
            "“{text}” is not an answer here: y or n, an empty line for the next tick, esc to "
            "leave the board."
        )
    )
    return said.format(text=visible(text.strip()))
