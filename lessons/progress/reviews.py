"""The review's outcomes as the progress file keeps them, beside the lesson records: only ever
added, and merged as the union of two histories in one order (:func:`merged`). Every field is
checked when read (:class:`~lessons.progress.records.RecordError`)."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from lessons.i18n import _
from lessons.progress.records import RecordError, read_flag, read_given, read_text
from lessons.progress.values import is_time, not_a_time

MAX_OUTCOMES = 2000
"""The most outcomes kept (the latest)."""
MAX_KIND = 64
MAX_LESSON = 200
MAX_KEY = 32
MAX_INSTANCE = 1000
CAUSES = ("", "wrong", "hint", "shown")
"""What can decide a miss in a review (:attr:`ReviewOutcome.cause`)."""
MAX_ATTEMPTS = 1_000_000
MAX_TICKS = 1_000_000
MAX_LANG = 16


@dataclass(frozen=True, slots=True, order=True)
class Stretch:
    """How the first visit to a guess stretch's board went: ``right`` of the ``asked`` ticks
    that asked a question, against the ``goal``; ``played`` of its ``ticks`` ticks."""

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
    """How one question of a review went; the fields' order is the history's order.

    ``at`` is when it was decided (seconds since the epoch), ``kind`` the question kind,
    ``lesson`` and ``question`` (``PAGE.QUESTION``) the lesson question it was drawn from,
    ``instance`` what was asked. ``right``: right at the first attempt without a hint (the kind
    moves up a box). ``cause`` is what decided a miss (:data:`CAUSES`), ``solved`` whether it
    was right in the end, ``stretch`` how a guess stretch's first visit went, ``lang`` the
    language it was asked in, ``missed_in`` the lesson the kind was missed in when that is
    another, ``given`` the answers, ``started`` when the review it was asked in began. An empty
    value: not known (a file written before it was kept).
    """

    at: float
    kind: str
    lesson: str
    question: str
    instance: str
    right: bool
    attempts: int = 0
    hint: bool = False
    revealed: bool = False
    cause: str = ""
    solved: bool = False
    stretch: Stretch | None = field(default=None, compare=False)
    lang: str = field(default="", compare=False)
    missed_in: str = field(default="", compare=False)
    given: tuple[str, ...] = field(default=(), compare=False)
    started: float = field(default=0.0, compare=False)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["given"] = list(self.given)
        for name in ("stretch", "missed_in", "started", "given"):
            if not data[name]:  # written only when known
                del data[name]
        return data


@dataclass(frozen=True, slots=True)
class ReviewHistory:
    """A student's review outcomes, oldest first, and the seed their instances are drawn by."""

    outcomes: tuple[ReviewOutcome, ...] = ()
    seed: int = 0

    def __bool__(self) -> bool:
        return bool(self.outcomes)

    def count(self, kind: str) -> int:
        """How many outcomes the history holds for ``kind``."""
        return sum(1 for outcome in self.outcomes if outcome.kind == kind)

    def of(self, kind: str) -> tuple[ReviewOutcome, ...]:
        """The outcomes of ``kind``, oldest first."""
        return tuple(outcome for outcome in self.outcomes if outcome.kind == kind)

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
    """Each outcome once, oldest first: of one question's outcome saved again, the one that
    went furthest, then the one that says most."""
    furthest: dict[tuple[float, str, str, str, str], ReviewOutcome] = {}
    for outcome in outcomes:
        key = (outcome.at, outcome.kind, outcome.lesson, outcome.question, outcome.instance)
        held = furthest.get(key)
        if held is None or _reach(outcome) > _reach(held):
            furthest[key] = outcome
    return tuple(sorted(furthest.values()))[-MAX_OUTCOMES:]


def _reach(one: ReviewOutcome) -> tuple[int | bool, ...]:
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
    )


def _outcome(data: Any) -> ReviewOutcome:
    if not isinstance(data, dict):
        raise RecordError(_("a review outcome must be an object"))
    at = data.get("at", 0)
    if not is_time(at):
        raise RecordError(not_a_time("at", at))
    return ReviewOutcome(
        at=float(at),
        kind=read_text(data, "kind", MAX_KIND),
        lesson=read_text(data, "lesson", MAX_LESSON),
        question=read_text(data, "question", MAX_KEY),
        instance=read_text(data, "instance", MAX_INSTANCE),
        right=read_flag(data, "right"),
        attempts=_whole(data, "attempts", MAX_ATTEMPTS),
        hint=read_flag(data, "hint"),
        revealed=read_flag(data, "revealed"),
        cause=_cause(data),
        solved=read_flag(data, "solved"),
        stretch=_stretch(data.get("stretch")),
        lang=read_text(data, "lang", MAX_LANG),
        missed_in=read_text(data, "missed_in", MAX_LESSON),
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


def _whole(data: dict[str, Any], key: str, most: int) -> int:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        raise RecordError(_("{key} must be a whole number 0 or more").format(key=key))
    return value
