"""Answering the question that waits in a lesson run: typed answers, the place and guess
boards' results, hints and the answer shown (mixed into :class:`lessons.runner.LessonRun`)."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from lessons.answers.checking import AnswerType, Posed, Verdict
from lessons.answers.feedback import say
from lessons.i18n import _
from lessons.model import Page, Question
from lessons.progress.records import MAX_GIVEN, LessonRecord, QuestionRecord, given_answer
from lessons.quiz.guess import GuessResult
from lessons.quiz.guess import grade as grade_guess
from lessons.quiz.place import PlaceResult
from lessons.quiz.place import grade as grade_place
from lessons.quiz.pose import params_of
from solver.geometry import Square
from solver.placement.flow import PlaceOutcome

if TYPE_CHECKING:
    from lessons.progress.store import ProgressStore


@dataclass(frozen=True, slots=True)
class Asked:
    """The question being asked now, where it is, and how it has gone so far."""

    key: str
    question: Question
    posed: Posed
    scored: bool
    attempts: int = 0
    hint_shown: bool = False
    instance: str = ""
    """The numbers drawn for this student (a quiz question drawn per student), recorded with
    the answer: ``n=6``, ``square=1,2 other=3,0``, the live board's ``tick=57``."""
    given: tuple[str, ...] = ()
    """The answers typed so far (each counted one), in every sitting, recorded with the
    outcome."""
    given_at: tuple[float, ...] = ()
    """When each of :attr:`given` was typed (seconds since the epoch)."""


def chosen_words(posed: Posed, text: str) -> str:
    """An answer as kept: a choice as its number and words (``2. the queen ...``), else as typed."""
    if posed.answer_type is AnswerType.CHOICE:
        canonical = posed.read(text)
        if canonical is not None and canonical.isdecimal() and int(canonical) < len(posed.choices):
            return posed.choice_lines[int(canonical)]
    return text


class Answering:
    """The answering half of a lesson run."""

    asked: Asked | None
    feedback: Verdict | None
    record: LessonRecord
    place_boards: dict[str, tuple[int, tuple[Square, ...]]]
    place_left: tuple[Question, PlaceOutcome] | None = None
    """The question whose place board was last left, and how: its next visit goes on from there."""

    if TYPE_CHECKING:

        @property
        def page(self) -> Page: ...

        def _finish(self, right: bool, revealed: bool) -> None: ...

        def _save(self) -> None: ...

        def settle(self) -> None: ...

        def _follow_drive(self, n: int, ticks: int) -> None: ...

    store: ProgressStore | None

    def _now(self) -> float:
        """The moment an outcome is dated by: the store's clock (to the millisecond)."""
        return round(self.store.clock() if self.store is not None else time.time(), 3)

    def answer(self, text: str) -> Verdict:
        """Check one answer to the waiting question."""
        asked = self._asked()
        verdict = asked.posed.check(text, hinted=asked.hint_shown)
        if not verdict.counted:
            self.feedback = verdict
            return verdict
        return self._attempt(verdict, chosen_words(asked.posed, text))

    def answer_place(self, result: PlaceResult) -> Verdict:
        """Grade what the learner did on the place board against the waiting question (a
        ``place`` question); a visit is one attempt once it meets the goal or fails it for good
        (a board left halfway opens again as it was: no attempt)."""
        asked = self._asked()
        if asked.question.kind != "place":
            raise RuntimeError("the waiting question is not answered on the place board")
        verdict = grade_place(params_of(asked.question), result)
        if verdict.counted:
            verdict = self._attempt(verdict, result.given())
        else:
            self.feedback = verdict
        if asked.posed.values.get("goal") == "drive":
            # the page's board stands where the student drove the loop, answered or left halfway
            self._follow_drive(result.n, result.ticks)
        return verdict

    def place_meets(self, result: PlaceResult) -> bool:
        """Whether ``result`` would answer the waiting ``place`` question right (nothing is
        recorded)."""
        return grade_place(params_of(self._asked().question), result).correct

    def place_board(self) -> tuple[Square, ...]:
        """The queens the learner left on the waiting question's place board, to open it as
        it was left; none when they were left on a board of another size (] and [ resize)."""
        asked = self._asked()
        n, queens = self.place_boards.get(asked.key, (0, ()))
        return queens if str(n) == asked.posed.values.get("n") else ()

    def keep_place_board(self, n: int, queens: Iterable[Square]) -> None:
        """The place board of the waiting question was closed with ``queens`` on its ``n`` x
        ``n`` board: kept for the next visit (escape, then o)."""
        self.place_boards[self._asked().key] = (n, tuple(sorted(queens)))

    def leave_place(self, outcome: PlaceOutcome) -> Verdict:
        """The learner left the waiting question's place board as ``outcome``: kept for the
        next visit (:meth:`place_kept`) and graded by :meth:`answer_place`."""
        self.place_left = (self._asked().question, outcome)
        self.keep_place_board(outcome.n, outcome.queens)
        verdict = self.answer_place(PlaceResult.of(outcome))
        if verdict.counted and not verdict.correct:  # a drive failed: the next visit starts over
            self.place_left = None
        return verdict

    def place_kept(self) -> PlaceOutcome | None:
        """How the waiting question's place board was last left; None after a failed drive."""
        left = self.place_left
        return left[1] if left is not None and left[0] is self._asked().question else None

    def answer_guess(self, result: GuessResult) -> Verdict:
        """Grade one visit to the guess board (one attempt), the board first brought back to the
        question's tick."""
        asked = self._asked()
        if asked.question.kind != "guess":
            raise RuntimeError("the waiting question is not answered on the guess board")
        self.settle()
        return self._attempt(grade_guess(asked.posed, result), result.given())

    def _attempt(self, verdict: Verdict, given: str) -> Verdict:
        """One attempt at the waiting question, graded ``verdict``: ``given``, what the learner
        answered, is kept with its time (each answer has a time, or none has: answers kept
        before their times were)."""
        asked = self._asked()
        kept, kept_at = asked.given, asked.given_at
        if len(kept) < MAX_GIVEN:
            timed = len(kept_at) == len(kept)
            kept = (*kept, given_answer(given))
            kept_at = (*kept_at, self._now()) if timed else ()
        self.asked = dataclasses.replace(
            asked, attempts=asked.attempts + 1, given=kept, given_at=kept_at
        )
        verdict = self._scoring_said(verdict)
        if verdict.correct:
            self._finish(right=True, revealed=False)
        else:
            self._remember_open()
        self.feedback = verdict
        return verdict

    @property
    def question_label(self) -> str:
        """How the waiting question is introduced: "Practice:", "Quiz question:", or "Quiz
        question 2 of 6:"."""
        return self.label_of(self._asked())

    def label_of(self, asked: Asked) -> str:
        """How ``asked``, a question of this page, is introduced (:attr:`question_label`)."""
        if not asked.scored:
            return _("Practice:")
        count = len(self.page.questions)  # a quiz page: each of its questions scores
        _page, _dot, index = asked.key.partition(".")
        if count > 1 and index.isdecimal() and int(index) < count:
            return _("Quiz question {number} of {count}:").format(
                number=int(index) + 1, count=count
            )
        return _("Quiz question:")

    def _scoring_said(self, verdict: Verdict) -> Verdict:
        """A quiz question right: the feedback says in one sentence whether it scored (right at
        the first attempt, with no hint), or that it scores nothing, and why."""
        asked = self._asked()
        if not (verdict.correct and asked.scored) or asked.key in self.record.answers:
            return verdict  # (_finish keeps the first answer recorded; this one scores nothing)
        scored = asked.attempts == 1 and not asked.hint_shown
        said = say(asked.posed.point if scored else "answer.no_point")
        return dataclasses.replace(
            verdict,
            message=f"{verdict.message} {said}",
            plain_message=f"{verdict.plain_message} {said}" if verdict.plain_message else "",
        )

    def hint(self) -> str:
        """The hint of the waiting question (it then no longer scores). A question that has
        no hint says so, and asking costs nothing: nothing was given away."""
        asked = self._asked()
        if not asked.posed.hint:
            return say("hint.none")
        self.asked = dataclasses.replace(asked, hint_shown=True)
        self._remember_open()
        return asked.posed.hint

    def _remember_open(self) -> None:
        """Save how far the waiting question got (attempts, hint) and when: leaving the lesson
        and coming back gives no fresh first attempt."""
        asked = self._asked()
        self.record.open[asked.key] = self._outcome(asked)
        self._save()

    def reveal(self) -> Verdict:
        """Show the right answer and its explanation; the question scores nothing."""
        asked = self._asked()
        self.settle()  # a board left mid-way (a guess question's visit): from the question's tick
        self._finish(right=False, revealed=True)
        posed = asked.posed
        self.feedback = Verdict(
            False, say("answer.shown", answer=posed.answer_text, explanation=posed.explanation)
        )
        return self.feedback

    def _outcome(
        self, asked: Asked, right: bool = False, revealed: bool = False, points: int = 0
    ) -> QuestionRecord:
        """How ``asked`` went so far, dated now, with the numbers asked (a question drawn per
        student)."""
        return QuestionRecord(
            right=right,
            attempts=asked.attempts,
            hint=asked.hint_shown,
            revealed=revealed,
            scored=asked.scored,
            points=points,
            at=self._now(),
            instance=asked.instance if asked.scored else "",
            given=asked.given,
            given_at=asked.given_at,
        )

    def _asked(self) -> Asked:
        if self.asked is None:
            raise RuntimeError("no question is waiting for an answer")
        return self.asked
