"""The review's outcomes as the progress file keeps them (issue 43): one record per question a
review asked, beside the lesson records, and their merge.

A review asks again the kinds of question the student missed in the lessons
(:mod:`lessons.review`); each question it asks leaves a :class:`ReviewOutcome`: the kind, when,
whether it was right at the first attempt without a hint (what moves the kind up a Leitner box),
how it went, the lesson question it was drawn from and the instance asked. Outcomes are only
ever added: two tutors (two devices, two tabs, two servers) that review at once each add their
own, and a merge is the union of both histories, in one order (:func:`merged`), so it never
loses an outcome and gives the same history whichever side merges which. The schedule (which
kinds are due, in which box) is computed from the outcomes and the lesson records each time, so
there is nothing else to merge.

Every field is checked when read, as the lesson records' are: a value of the wrong type, a
negative or non-finite number, or a text longer than a review writes is a
:class:`~lessons.progress.records.RecordError` (the progress file is then kept aside, never
overwritten; a report names the file and skips it).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from lessons.i18n import _
from lessons.progress.records import RecordError, read_given
from lessons.progress.values import is_time, not_a_time

MAX_OUTCOMES = 2000
"""The most outcomes kept (the latest): ten questions a day for more than half a year."""
MAX_KIND = 64
"""The longest question kind read (the longest kind's name is 14 characters)."""
MAX_LESSON = 200
"""The longest lesson id read."""
MAX_KEY = 32
"""The longest question key read (``PAGE.QUESTION``)."""
MAX_INSTANCE = 1000
"""The longest instance read (a maze's lines are the longest: a few hundred characters)."""
CAUSES = ("", "wrong", "hint", "shown")
"""What can decide a miss in a review (:attr:`ReviewOutcome.cause`)."""
MAX_ATTEMPTS = 1_000_000
"""The most attempts read (a student makes a few)."""
MAX_TICKS = 1_000_000
"""The most ticks of a guess stretch read (a stretch predicts a few dozen)."""
MAX_LANG = 16
"""The longest language code read (``en``, ``it``, ``pl``)."""


@dataclass(frozen=True, slots=True, order=True)
class Stretch:
    """How the first visit to a guess stretch's board went (the visit that decided the
    outcome): ``right`` of the ``asked`` ticks that asked a question, against the ``goal``;
    ``played`` of its ``ticks`` ticks (fewer: the board was left before the end)."""

    right: int
    asked: int
    goal: int
    played: int
    ticks: int

    @property
    def left(self) -> bool:
        """The board was left before the stretch's last tick."""
        return self.played < self.ticks


@dataclass(frozen=True, slots=True, order=True)
class ReviewOutcome:
    """How one question of a review went. The fields' order is the history's order."""

    at: float
    """When the outcome was decided (seconds since the epoch, to the millisecond)."""
    kind: str
    """The question kind reviewed (``same-diagonal``, ``next-choice``...)."""
    lesson: str
    """The lesson whose question the instance was drawn from."""
    question: str
    """That question's key in the lesson (``PAGE.QUESTION``, from 0)."""
    instance: str
    """What was asked: the drawn parameters, and for a question about a board its board and
    tick (``board=iterative n=6 mode=first tick=57``)."""
    right: bool
    """Right at the first attempt without a hint: the kind moves up a box; else it goes back
    to the first."""
    attempts: int = 0
    hint: bool = False
    revealed: bool = False
    cause: str = ""
    """What decided a miss, the first thing the student did (:data:`CAUSES`): a wrong
    answer, a hint or the answer shown; "" when right, or in a file written before it was
    kept (the report then names the likeliest)."""
    solved: bool = False
    """Answered right in the end (at any attempt, the answer not shown), as a lesson row's
    ``right``; False in a file written before it was kept (the report then counts a right
    first answer as solved)."""
    stretch: Stretch | None = field(default=None, compare=False)
    """For a guess stretch, how its first visit went (review walk 4, F15: a stretch missed by
    its score, not "a wrong first answer"); None for another question, or in a file written
    before it was kept."""
    lang: str = field(default="", compare=False)
    """The language the question was asked in (``it``); "" in a file written before it was
    kept (review walk 4, F13)."""
    missed_in: str = field(default="", compare=False)
    """The lesson the kind was missed in, when the question was drawn from another lesson's
    (one the student finished: review walk 8, F5); "" when it is :attr:`lesson`, or in a file
    written before it was kept."""
    given: tuple[str, ...] = field(default=(), compare=False)
    """What the student typed or chose, each answer as given, the first first (review walk 8,
    F7); () in a file written before they were kept."""
    started: float = field(default=0.0, compare=False)
    """When the review it was asked in began (its first outcome's moment, the same for each
    outcome of that review): a review answered across midnight is one review, of the day it
    began (issue 43, the latest review walk: it was counted as two); 0 in a file written
    before it was kept (the review is then the outcomes of one day)."""

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.stretch is None:
            del data["stretch"]  # as a file written before it was kept
        if not self.missed_in:
            del data["missed_in"]
        if not self.started:
            del data["started"]
        data["given"] = list(self.given)
        if not self.given:
            del data["given"]
        return data


@dataclass(frozen=True, slots=True)
class ReviewHistory:
    """A student's review outcomes, oldest first, and the seed their instances are drawn by."""

    outcomes: tuple[ReviewOutcome, ...] = ()
    seed: int = 0
    """The student's seed for the review's instances (0: not drawn yet)."""

    def __bool__(self) -> bool:
        return bool(self.outcomes)

    def count(self, kind: str) -> int:
        """How many outcomes the history holds for ``kind``."""
        return sum(1 for outcome in self.outcomes if outcome.kind == kind)

    def of(self, kind: str) -> tuple[ReviewOutcome, ...]:
        """The outcomes of ``kind``, oldest first."""
        return tuple(outcome for outcome in self.outcomes if outcome.kind == kind)

    def with_outcome(self, outcome: ReviewOutcome) -> ReviewHistory:
        return merged(self, ReviewHistory((outcome,), self.seed))

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "outcomes": [outcome.to_json() for outcome in self.outcomes]}

    @classmethod
    def from_json(cls, data: Any) -> ReviewHistory:
        """The history a progress file or an export holds; RecordError for a malformed one."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise RecordError(_("review must be an object"))
        raw = data.get("outcomes", [])
        if not isinstance(raw, list):
            raise RecordError(_("review outcomes must be a list"))
        outcomes = [_outcome(item) for item in raw]
        return cls(_ordered(outcomes), _whole(data, "seed", 2**63))


def merged(ours: ReviewHistory, theirs: ReviewHistory) -> ReviewHistory:
    """Both histories' outcomes, each once, oldest first (the latest :data:`MAX_OUTCOMES`),
    and the smaller of two seeds: the same history whichever is ``ours``."""
    seeds = [seed for seed in (ours.seed, theirs.seed) if seed]
    return ReviewHistory(_ordered([*ours.outcomes, *theirs.outcomes]), min(seeds, default=0))


def _ordered(outcomes: list[ReviewOutcome]) -> tuple[ReviewOutcome, ...]:
    """Each outcome once, oldest first: one question's outcome saved again as the student went
    on (more attempts, a hint, the answer shown) is the one that went furthest."""
    furthest: dict[tuple[float, str, str, str, str], ReviewOutcome] = {}
    for outcome in outcomes:
        key = (outcome.at, outcome.kind, outcome.lesson, outcome.question, outcome.instance)
        held = furthest.get(key)
        if held is None or _further(outcome, held):
            furthest[key] = outcome
    return tuple(sorted(furthest.values()))[-MAX_OUTCOMES:]


def _further(one: ReviewOutcome, other: ReviewOutcome) -> bool:
    # then the one that says more: its stretch and language (an older tutor's copy has none)
    return (
        one.attempts,
        one.hint,
        one.revealed,
        one.solved,
        not one.right,
        one.stretch is not None,
        bool(one.lang),
        len(one.given),
        bool(one.started),
    ) > (
        other.attempts,
        other.hint,
        other.revealed,
        other.solved,
        not other.right,
        other.stretch is not None,
        bool(other.lang),
        len(other.given),
        bool(other.started),
    )


def _outcome(data: Any) -> ReviewOutcome:
    if not isinstance(data, dict):
        raise RecordError(_("a review outcome must be an object"))
    at = data.get("at", 0)
    if not is_time(at):  # a date the calendar has (lessons/progress/values.py)
        raise RecordError(not_a_time("at", at))
    return ReviewOutcome(
        at=float(at),
        kind=_text(data, "kind", MAX_KIND),
        lesson=_text(data, "lesson", MAX_LESSON),
        question=_text(data, "question", MAX_KEY),
        instance=_text(data, "instance", MAX_INSTANCE),
        right=_flag(data, "right"),
        attempts=_whole(data, "attempts", MAX_ATTEMPTS),
        hint=_flag(data, "hint"),
        revealed=_flag(data, "revealed"),
        cause=_cause(data),
        solved=_flag(data, "solved"),
        stretch=_stretch(data.get("stretch")),
        lang=_text(data, "lang", MAX_LANG),
        missed_in=_text(data, "missed_in", MAX_LESSON),
        given=read_given(data),
        started=_started(data),
    )


def _started(data: dict[str, Any]) -> float:
    value = data.get("started", 0)
    if not is_time(value):
        raise RecordError(not_a_time("started", value))
    return float(value)


def _stretch(data: Any) -> Stretch | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise RecordError(_("{key} must be an object").format(key="stretch"))
    names = ("right", "asked", "goal", "played", "ticks")
    return Stretch(*(_whole(data, name, MAX_TICKS) for name in names))


def _cause(data: dict[str, Any]) -> str:
    value = data.get("cause", "")
    if value not in CAUSES:
        raise RecordError(
            _("{key} must be one of {values}").format(
                key="cause", values=", ".join(repr(each) for each in CAUSES)
            )
        )
    return str(value)


def _text(data: dict[str, Any], key: str, most: int) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise RecordError(_("{key} must be a string").format(key=key))
    if len(value) > most:
        raise RecordError(_("{key} is longer than {most} characters").format(key=key, most=most))
    return value


def _whole(data: dict[str, Any], key: str, most: int) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise RecordError(_("{key} must be a whole number 0 or more").format(key=key))
    return value


def _flag(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RecordError(_("{key} must be true or false").format(key=key))
    return value
