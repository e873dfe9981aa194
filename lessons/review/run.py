"""A review being worked, as both front ends render it: the lesson runner on the review's lesson,
recording each question's outcome in the review's history (:mod:`lessons.progress.reviews`).

An outcome is decided at a question's first answer (right at the first attempt without a hint,
or missed) and saved at once, then updated as attempts, hints and the answer shown come. A
review has no page back and is never started again."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from datetime import date, datetime

from lessons.answers.checking import Verdict
from lessons.course.model import LatePolicy
from lessons.i18n import _, ngettext
from lessons.model import Page
from lessons.progress.reviews import ReviewOutcome, Stretch
from lessons.progress.store import ProgressStore
from lessons.quiz.guess import GuessResult
from lessons.review import words
from lessons.review.plan import plan_review
from lessons.review.session import ReviewSession
from lessons.runner import Asked, LessonRun


class ReviewRun(LessonRun):
    """The review ``review`` for the student whose progress ``store`` keeps (None: none);
    ``clock``: seconds since the epoch; ``tried``: the day a try of the review is made as of
    (``--today``: nothing it asks is saved), None for the real one."""

    def __init__(
        self,
        review: ReviewSession,
        store: ProgressStore | None,
        clock: Callable[[], float] = time.time,
        tried: date | None = None,
    ) -> None:
        self.review = review
        self.progress = store
        self.review_store = store if tried is None else None
        """Where each outcome is saved (None: not saved)."""
        self.clock = clock
        self.tried = tried
        self.outcomes: dict[int, ReviewOutcome] = {}
        """The outcome of each page's question, by page index, once decided."""
        self._visit: GuessResult | None = None
        self.started = 0.0
        """When the review's first outcome was decided (every outcome keeps it); 0 before."""
        super().__init__(review.lesson, None)

    def answer(self, text: str) -> Verdict:
        """As a lesson's, but a wrong answer no mistake names is told the question's hint."""
        asked = self.asked
        if asked is not None and asked.posed.hint and not asked.posed.working:
            posed = dataclasses.replace(asked.posed, working=asked.posed.hint)
            self.asked = dataclasses.replace(asked, posed=posed)
        return super().answer(text)

    def answer_guess(self, result: GuessResult) -> Verdict:
        self._visit = result
        try:
            return super().answer_guess(result)
        finally:
            self._visit = None

    @property
    def question_label(self) -> str:
        """A review's question moves its kind between the boxes: it is no practice."""
        return _("Question:")

    @property
    def right(self) -> int:
        """Questions right at the first attempt without a hint so far."""
        return sum(1 for outcome in self.outcomes.values() if outcome.right)

    def go_on(self) -> None:
        """After a question's feedback: on to the next question, or the review's end."""
        super().go_on()
        if self.page_done and not self.finished:
            self.next_page()

    def restart(self) -> None:
        """A review is not started again."""

    def previous_page(self) -> bool:
        """A review has no page back: an answered question is counted and gone."""
        return False

    def score_text(self, title: str | None = None) -> str:
        """The status line: how the review is going (a review has no lesson title to shorten)."""
        count = len(self.review.items)
        if self.tried is None:
            return words.score(count, self.right)
        return ngettext(
            "A try as on {day}, not saved: {right} of {count} question right so far",
            "A try as on {day}, not saved: {right} of {count} questions right so far",
            count,
        ).format(day=words.shown_day(self.tried), right=self.right, count=count)

    def end_text(self, due: datetime | None = None, late: LatePolicy | None = None) -> str:
        """The review's end: how it went, what is due next, and what to do (a review has no
        due date: ``due`` and ``late`` are not read)."""
        lessons = self.review.lessons
        done = ""
        if self.progress is not None:
            plan = plan_review(lessons, self.progress, self.clock())
            outcomes = list(self.outcomes.values())
            done = words.done(self.right, len(self.outcomes), plan, lessons, outcomes)
        if self.tried is not None:
            tried = _("This was a try of the review as on {day}: nothing of it is saved.")
            done = f"{done} {tried.format(day=words.shown_day(self.tried))}".strip()
        return f"{done} " + _("Enter: back to the lessons.")

    def _replay(self, page: Page) -> None:
        """Each page sets up its own board: nothing before it is played."""

    def _finish(self, right: bool, revealed: bool) -> None:
        asked = self._asked()
        first = right and asked.attempts == 1 and not asked.hint_shown
        self._decide(asked, first, revealed, solved=right and not revealed)
        super()._finish(right, revealed)

    def _remember_open(self) -> None:
        self._decide(self._asked(), right=False, revealed=False)
        super()._remember_open()

    def _decide(self, asked: Asked, right: bool, revealed: bool, solved: bool = False) -> None:
        """The page's outcome, decided once and saved at once; later attempts, a hint, the
        answer shown or found (``solved``) update it (its verdict stays)."""
        decided = self.outcomes.get(self.page_index)
        if decided is not None:
            later = dataclasses.replace(
                decided,
                attempts=max(decided.attempts, asked.attempts),
                hint=decided.hint or asked.hint_shown,
                revealed=decided.revealed or revealed,
                solved=decided.solved or solved,
                given=max(decided.given, asked.given, key=len),
            )
            if later != decided:
                self.outcomes[self.page_index] = later
                self._save_outcome(later)
            return
        item = self.review.items[self.page_index]
        now = round(self.clock(), 3)
        self.started = self.started or now
        outcome = ReviewOutcome(
            at=now,
            kind=item.kind,
            lesson=item.template.lesson.id,
            question=item.template.key,
            instance=item.instance.text,
            right=right,
            attempts=asked.attempts,
            hint=asked.hint_shown,
            revealed=revealed,
            cause=_cause(asked, right, revealed),
            solved=solved,
            stretch=self._stretch(asked),
            lang=self.review.lesson.lang,
            missed_in=item.missed_in.id if item.missed_in is not None else "",
            given=asked.given,
            started=self.started,
        )
        self.outcomes[self.page_index] = outcome
        self._save_outcome(outcome)

    def _save_outcome(self, outcome: ReviewOutcome) -> None:
        if self.review_store is not None:
            self.review_store.add_review(outcome, self.review.seed)

    def _stretch(self, asked: Asked) -> Stretch | None:
        """The score of the guess board's visit being graded (None: no visit)."""
        visit = self._visit
        if visit is None:
            return None
        values = asked.posed.values
        ticks, goal = values.get("ticks", ""), values.get("goal", "")
        if not (ticks.isdecimal() and goal.isdecimal()):
            return None
        return Stretch(visit.right, visit.asked, int(goal), visit.played, int(ticks))


def _cause(asked: Asked, right: bool, revealed: bool) -> str:
    """What decided the page's outcome, at its first answer, hint or answer shown."""
    if right:
        return ""
    if asked.attempts:
        return "wrong"  # answered: the first answer was wrong (a right one decides right)
    return "shown" if revealed else "hint"
