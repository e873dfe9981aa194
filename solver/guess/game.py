"""Guess mode, headless: what to ask before a step, how an answer is graded and why."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TYPE_CHECKING

from solver.guess.stage import Stage
from solver.messages import Message

if TYPE_CHECKING:  # solver.peek and the engines it plays are imported by the first question
    from solver.guess.question import Question, Verdict
    from solver.kit import SteppableKit
    from solver.peek import Along, Square, Threat
    from solver.stepping import SteppableSearch


RULE_KEYS = {"line": "1", "sum": "2", "diff": "3"}
"""The key that names each rule (:class:`solver.peek.Along`'s values) in a RULE question."""


@dataclass(frozen=True, slots=True)
class Tally:
    right: int = 0
    asked: int = 0
    streak: int = 0

    def add(self, right: bool) -> Tally:
        if right:
            return Tally(self.right + 1, self.asked + 1, self.streak + 1)
        return Tally(self.right, self.asked + 1, 0)


class Play(StrEnum):
    """What the screen does after an answer."""

    NOTHING = "nothing"
    """The question is still open (a follow-up, or an answer that was no answer)."""
    TICK = "tick"
    ITERATION = "iteration"


class GuessGame:
    """The open question, the last verdict and the tally of one guessing session."""

    def __init__(self) -> None:
        self.question: Question | None = None
        self.verdict: Verdict | None = None
        self.tally = Tally()
        self.notice: Message | None = None
        """A message about the last key that answered nothing (a row off the board)."""
        self.graded = False
        """A lesson's graded stretch: a skipped rule counts as not right."""

    def ask_tick(self, kit: SteppableKit, engine: SteppableSearch) -> bool:
        """Open a question when the next tick of ``engine`` tests a square (or, for a method whose
        ticks test none, is a whole iteration); False when nothing is asked."""
        if not kit.tests_squares:
            return self.ask_iteration(kit, engine, within=1)
        self.verdict = None
        test = kit.next_test(engine)
        if test is None or kit.asks_nothing(test, engine.n):
            return False
        prompt = (kit.try_prompt(test, engine.n), Message.of("guess.keys.yes_no"))
        from solver.guess.question import Question  # loaded with the first question

        self.question = Question(kit, Stage.FREE, engine.n, prompt, test=test)
        return True

    def ask_iteration(
        self, kit: SteppableKit, engine: SteppableSearch, within: int | None = None
    ) -> bool:
        """Open a question when the next iteration places a queen or backtracks (in at most
        ``within`` ticks, when given)."""
        self.verdict = None
        iteration = kit.next_iteration(engine)
        if iteration is None or (within is not None and iteration.ticks > within):
            return False
        prompt: tuple[Message, ...] = (kit.land_prompt(iteration, engine.n),)
        keys = "guess.keys.moves" if kit.wording.moves else "guess.keys.digits"
        prompt += (Message.of(keys),)
        from solver.guess.question import Question

        standing = kit.standing(engine.snapshot())
        self.question = Question(kit, Stage.LAND, engine.n, prompt, None, iteration, standing)
        return True

    def drop(self) -> None:
        """Close any question unanswered (back, reset, another method): nothing is counted."""
        self.question = None
        self.verdict = None
        self.notice = None

    def answer_yes(self, yes: bool) -> Play:
        """y (``yes``) or n to a FREE question."""
        q = self.question
        assert q is not None and q.stage is Stage.FREE and q.test is not None
        test = q.test
        if (yes if q.yes_means_free else not yes) != test.free:
            self._grade(False, q.kit.wrong_test(test), whole=True)
            return Play.TICK
        rule = q.kit.rule_prompt(test, q.n) if not test.free and test.threats else None
        if rule is not None:  # right, and attacked: which rule?
            self.tally = self.tally.add(True)
            prompt = (rule, Message.of("guess.keys.rule"))
            self.question = replace(q, stage=Stage.RULE, prompt=prompt)
            return Play.NOTHING
        self._grade(True, (Message.of("guess.right"),))
        return Play.TICK

    def answer_rule(self, along: Along | None) -> Play:
        """1, 2 or 3 to a RULE question; None skips it: not counted, or in a graded stretch
        (:attr:`graded`) counted as not right."""
        q = self.question
        assert q is not None and q.stage is Stage.RULE and q.test is not None
        test = q.test
        if along is None:
            keys = sorted({RULE_KEYS[t.along.value] for t in test.threats})
            right_keys = Message.of("guess.skipped.keys", keys=", ".join(keys), count=len(keys))
            if self.graded:
                self._grade(False, (Message.of("guess.skipped.counted"), right_keys))
            else:
                from solver.guess.question import Verdict

                self.question = None
                self.notice = None
                self.verdict = Verdict(True, (Message.of("guess.skipped"), right_keys))
            return Play.TICK
        if any(t.along is along for t in test.threats):
            self._grade(True, (Message.of("guess.right"),))
        else:
            # the tick the answer plays names every rule that holds, right after the verdict
            self._grade(False, (Message.of("guess.wrong.rule.named_below"),))
        return Play.TICK

    def answer_land(self, value: int | str | None) -> Play:
        """A row (column), a maze move, or None for a backtrack, to a LAND question."""
        q = self.question
        assert q is not None and q.stage is Stage.LAND and q.iteration is not None
        it = q.iteration
        if isinstance(value, int) and not 0 <= value < q.n:
            self.notice = Message.of("guess.no_such", value=value, last=q.n - 1)
            return Play.NOTHING
        if value == it.answer:
            self._grade(True, (Message.of("guess.right"),))
        else:
            self._grade(False, *q.kit.explain_land(it, value, q.standing))
        return Play.ITERATION

    def _grade(
        self,
        right: bool,
        messages: tuple[Message, ...],
        at: Square | None = None,
        threats: tuple[Threat, ...] = (),
        whole: bool = False,
    ) -> None:
        from solver.guess.question import Verdict

        row_wise = self.question.kit.wording.row_wise if self.question is not None else False
        self.tally = self.tally.add(right)
        self.question = None
        self.notice = None
        self.verdict = Verdict(right, messages, at, threats, whole, row_wise)
