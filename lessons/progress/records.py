"""What the tutor remembers about a student's work on each lesson, and its JSON form."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from dataclasses import asdict, dataclass, field, fields
from typing import Any, TypeVar

from lessons.i18n import N_, _, number
from lessons.progress.values import MAX_WHOLE, is_lesson_key, is_time, is_whole, not_a_time, short

MAX_GIVEN = 20
"""The most answers kept for one question (the first ones)."""
MAX_GIVEN_TEXT = 200
"""The longest answer kept (a longer one is cut there)."""
MAX_LOADED = 20
"""The most loads a record remembers (the latest)."""
MAX_LOADED_TEXT = 200
"""The most characters kept of a loaded export's student name, date and login."""
MAX_INSTANCE = 1_000
"""The longest ``instance`` a question's outcome may hold."""
MAX_COMPLETIONS = 50
"""The most completions a record remembers (the latest)."""
MAX_PAST_RUNS = 10
"""The most finished runs started again since whose answers a record keeps (the latest)."""
MAX_ASKED_BEFORE = 20
"""The most instances of one question a record remembers from earlier attempts (the latest)."""
MAX_ASKED_KEYS = 1_000
"""The most questions a record remembers earlier instances of."""


class RecordError(ValueError):
    """Stored progress that does not have the expected shape."""


@dataclass(frozen=True, slots=True)
class QuestionRecord:
    """How one question went: right in the end, at the first attempt, with a hint or shown.

    ``points`` is 1 for a quiz question right at the first attempt without a hint, else 0.
    ``at`` is when the outcome was recorded (seconds since the epoch; 0: unknown). ``instance``
    is the numbers this student was asked ("" for a question not drawn per student); ``given``
    what the student answered, each counted answer, the first :data:`MAX_GIVEN`, and
    ``given_at`` when (one time each).
    """

    right: bool
    attempts: int
    hint: bool = False
    revealed: bool = False
    scored: bool = False
    points: int = 0
    at: float = 0.0
    instance: str = ""
    given: tuple[str, ...] = ()
    given_at: tuple[float, ...] = ()

    @property
    def right_first(self) -> bool:
        """Right at the first attempt without a hint."""
        return self.right and self.attempts == 1 and not self.hint


def given_answer(text: str) -> str:
    """An answer as kept: its outer spaces off, cut at :data:`MAX_GIVEN_TEXT` characters."""
    return text.strip()[:MAX_GIVEN_TEXT]


def read_given(data: dict[str, Any], key: str = "given") -> tuple[str, ...]:
    """The answers kept under ``key`` (absent: none); RecordError for a malformed list."""
    value = data.get(key, [])
    if (
        not isinstance(value, list | tuple)
        or len(value) > MAX_GIVEN
        or not all(isinstance(each, str) and len(each) <= MAX_GIVEN_TEXT for each in value)
    ):
        raise RecordError(
            _("{key} must be a list of at most {count} texts of at most {most} characters").format(
                key=key, count=MAX_GIVEN, most=MAX_GIVEN_TEXT
            )
        )
    return tuple(value)


def _read_given_at(data: dict[str, Any], given: tuple[str, ...]) -> tuple[float, ...]:
    value = data.get("given_at", [])
    if value == [] or value == ():
        return ()
    if (
        not isinstance(value, list | tuple)
        or len(value) != len(given)
        or not all(is_time(each) for each in value)
    ):
        raise RecordError(_("given_at must hold one time for each answer given"))
    return tuple(float(each) for each in value)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A load of the record from an export: the export's student name, its date, when it was
    loaded (seconds since the epoch) and the login it carried."""

    student: str
    exported: str
    at: float
    login: str = ""


@dataclass(frozen=True, slots=True)
class Completion:
    """One run of a lesson to its end: when (seconds since the epoch) and its score."""

    at: float
    score: int


@dataclass
class PastRun:
    """The answers (keyed ``PAGE.QUESTION``) of a run finished at ``at`` and started again
    since: a course may count it rather than the latest run."""

    at: float
    answers: dict[str, QuestionRecord] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at, "answers": {k: asdict(v) for k, v in self.answers.items()}}


@dataclass
class LessonRecord:
    """A student's progress in one lesson.

    ``page`` is where to resume. ``answers`` maps ``"PAGE.QUESTION"`` (from 0) to the first
    outcome of that question in the current run, ``open`` the questions started but not
    finished. ``earlier`` keeps the latest miss of each question in earlier runs (what the
    review asks, :func:`keep_missed`); ``best_score``, ``completed`` and ``completions``
    survive a restart of the lesson. ``page_keys`` are the digests of the pages the indices
    refer to and ``retired`` the outcomes of pages gone since
    (:mod:`lessons.progress.moved_pages`). ``seed`` draws this student's quiz instances (0:
    not drawn yet), anew each ``attempt``; ``asked_before`` keeps the instances of earlier
    attempts by question. ``again``: a completed lesson was started again and this run is not
    finished. ``loaded`` lists the exports the record was loaded from, ``past_runs`` the
    answers of finished runs started again since, oldest first.
    """

    page: int = 0
    completed: bool = False
    best_score: int = 0
    max_score: int = 0
    runs: int = 0
    answers: dict[str, QuestionRecord] = field(default_factory=dict)
    updated: float = 0.0
    open: dict[str, QuestionRecord] = field(default_factory=dict)
    page_keys: list[str] = field(default_factory=list)
    retired: dict[str, QuestionRecord] = field(default_factory=dict)
    seed: int = 0
    loaded: list[Loaded] = field(default_factory=list)
    completions: list[Completion] = field(default_factory=list)
    earlier: dict[str, QuestionRecord] = field(default_factory=dict)
    again: bool = False
    attempt: int = 0
    asked_before: dict[str, list[str]] = field(default_factory=dict)
    past_runs: list[PastRun] = field(default_factory=list)

    @property
    def run_finished(self) -> bool:
        """The current run is over: the lesson is completed and not started again since."""
        return self.completed and not self.again

    @property
    def score(self) -> int:
        """Points of the current run."""
        return sum(a.points for a in self.answers.values())

    def outcomes(self) -> list[QuestionRecord]:
        """Every outcome the record holds: its run's, open, retired and earlier runs' misses."""
        return [
            o
            for held in (self.answers, self.open, self.retired, self.earlier)
            for o in held.values()
        ]

    def to_json(self) -> dict[str, Any]:
        data = {each.name: getattr(self, each.name) for each in fields(self)}
        for name in _OUTCOMES:
            data[name] = {key: asdict(value) for key, value in data[name].items()}
        data["page_keys"] = list(self.page_keys)
        data["loaded"] = [asdict(value) for value in self.loaded]
        data["completions"] = [asdict(value) for value in self.completions]
        del data["past_runs"]  # written only when there is one
        if self.past_runs:
            data["past_runs"] = [run.to_json() for run in self.past_runs]
        return data

    @classmethod
    def from_json(cls, data: Any) -> LessonRecord:
        if not isinstance(data, dict):
            raise RecordError(_("a lesson record must be an object"))
        outcomes = {name: _outcomes(data, name) for name in _OUTCOMES}
        earlier: dict[str, QuestionRecord] = {}
        for key, value in outcomes.pop("earlier").items():
            keep_missed(earlier, key, value)
        keys = data.get("page_keys", [])
        if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
            keys = []  # only a guide: the record is then taken as it is
        return cls(
            page=_int(data, "page"),
            completed=read_flag(data, "completed"),
            best_score=_int(data, "best_score"),
            max_score=_int(data, "max_score"),
            runs=_int(data, "runs"),
            updated=_time(data, "updated"),
            page_keys=keys,
            seed=_int(data, "seed"),
            loaded=_loads(data.get("loaded", [])),
            completions=_completions(data.get("completions", [])),
            earlier=earlier,
            again=read_flag(data, "again"),
            attempt=_int(data, "attempt"),
            asked_before=_asked_before(data.get("asked_before", {})),
            past_runs=_past_runs(data.get("past_runs", [])),
            **outcomes,
        )


_OUTCOMES = {
    "answers": N_("answers must be an object"),
    "open": N_("open must be an object"),
    "retired": N_("retired must be an object"),
    "earlier": N_("earlier must be an object"),
}
"""The fields of a record that map question keys to outcomes, and their refusal."""


def _outcomes(data: dict[str, Any], name: str) -> dict[str, QuestionRecord]:
    raw = data.get(name, {})
    if not isinstance(raw, dict):
        raise RecordError(_(_OUTCOMES[name]))
    return {str(key): _question(value) for key, value in raw.items()}


def records_from_json(lessons: dict[Any, Any]) -> dict[str, LessonRecord]:
    """The lesson records of a progress file's or an export's ``lessons`` object, by lesson
    id; RecordError for one filed under what is no lesson id, or not well formed."""
    records = {}
    for key, value in lessons.items():
        if not is_lesson_key(str(key)):
            raise RecordError(
                _("a record is filed under {key}, which is not a lesson id").format(
                    key=repr(short(str(key), 40))
                )
            )
        records[str(key)] = LessonRecord.from_json(value)
    return records


def merge(ours: LessonRecord, theirs: LessonRecord | None) -> LessonRecord:
    """Our record wins, but completion, best score and runs never go down, and nothing kept
    aside or remembered (retired outcomes, misses, loads, completions, past runs) is dropped.
    Our page digests win when we have them (``theirs`` is laid out on them first)."""
    if theirs is None:
        return ours
    earlier: dict[str, QuestionRecord] = {}
    for key, outcome in [*ours.earlier.items(), *theirs.earlier.items()]:
        keep_missed(earlier, key, outcome)
    retired = dict(ours.retired)
    for key, outcome in theirs.retired.items():
        keep_aside(retired, key.partition("#")[0], outcome)
    asked: dict[str, list[str]] = {}
    for each in (ours.asked_before, theirs.asked_before):
        for key, instances in each.items():
            for instance in instances:
                remember_asked(asked, key, instance)
    return LessonRecord(
        page=ours.page,
        completed=ours.completed or theirs.completed,
        best_score=max(ours.best_score, theirs.best_score),
        max_score=ours.max_score or theirs.max_score,
        runs=max(ours.runs, theirs.runs),
        answers=dict(ours.answers),
        updated=max(ours.updated, theirs.updated),
        open=dict(ours.open),
        page_keys=list(ours.page_keys or theirs.page_keys),
        retired=retired,
        seed=ours.seed or theirs.seed,
        loaded=_latest((theirs.loaded, ours.loaded), lambda load: load, MAX_LOADED),
        completions=_latest(
            (theirs.completions, ours.completions), lambda run: run, MAX_COMPLETIONS
        ),
        earlier=earlier,
        again=ours.again,
        attempt=max(ours.attempt, theirs.attempt),
        asked_before=asked,
        past_runs=_latest((theirs.past_runs, ours.past_runs), lambda run: run.at, MAX_PAST_RUNS),
    )


_Dated = TypeVar("_Dated", Loaded, Completion, PastRun)


def _latest(
    lists: Iterable[list[_Dated]], identity: Callable[[_Dated], Hashable], most: int
) -> list[_Dated]:
    """The items of every list, each once by ``identity`` (the later list's wins), oldest
    first, the latest ``most``."""
    seen = {identity(item): item for each in lists for item in each}
    return sorted(seen.values(), key=lambda item: item.at)[-most:]


def remember_asked(asked_before: dict[str, list[str]], key: str, instance: str) -> None:
    """Add ``instance``, asked at the question ``key`` in an attempt now over, to
    ``asked_before`` (each once, the latest :data:`MAX_ASKED_BEFORE`)."""
    if not instance:
        return
    held = [each for each in asked_before.get(key, []) if each != instance]
    asked_before[key] = [*held, instance][-MAX_ASKED_BEFORE:]


def keep_aside(retired: dict[str, QuestionRecord], key: str, outcome: QuestionRecord) -> None:
    """Keep ``outcome`` in ``retired`` under ``key`` (``key#2``... when that is taken), never
    over an outcome kept before."""
    name, copy = key, 1
    while name in retired:
        if retired[name] == outcome:
            return  # kept already (the same record moved twice)
        copy += 1
        name = f"{key}#{copy}"
    retired[name] = outcome


def was_missed(outcome: QuestionRecord, finished: bool) -> bool:
    """More than one attempt, a hint or the answer shown; a question still open: a wrong
    attempt made or a hint taken."""
    if outcome.hint or outcome.revealed:
        return True
    return outcome.attempts > 1 if finished else outcome.attempts >= 1


def keep_missed(earlier: dict[str, QuestionRecord], key: str, outcome: QuestionRecord) -> None:
    """Keep ``outcome``, a miss of the question ``key`` (a ``#N`` suffix aside), in
    ``earlier`` when it is the question's latest (of one time, the one that went furthest)."""
    base = key.partition("#")[0]
    held = [name for name in earlier if name.partition("#")[0] == base]
    latest = max(
        [outcome, *(earlier[name] for name in held)],
        key=lambda each: (each.at, each.attempts, each.hint, each.revealed),
    )
    for name in held:
        del earlier[name]
    earlier[base] = latest


# Readers of what is only a note (past runs, instances asked, completions, loads) drop an item
# that is not well formed: the record stays usable without it.


def _objects(data: Any, most: int) -> list[dict[str, Any]]:
    """The objects among a list's last ``most`` items; none where ``data`` is no list."""
    return (
        [item for item in data[-most:] if isinstance(item, dict)] if isinstance(data, list) else []
    )


def _past_runs(data: Any) -> list[PastRun]:
    found = []
    for item in _objects(data, MAX_PAST_RUNS):
        answers = item.get("answers") if is_time(item.get("at")) else None
        if isinstance(answers, dict):
            kept = {str(key): _question(value) for key, value in answers.items()}
            found.append(PastRun(float(item["at"]), kept))
    return found


def _asked_before(data: Any) -> dict[str, list[str]]:
    if not isinstance(data, dict):
        return {}
    found: dict[str, list[str]] = {}
    for key, instances in list(data.items())[:MAX_ASKED_KEYS]:
        if not isinstance(instances, list):
            continue
        for instance in instances[-MAX_ASKED_BEFORE:]:
            if isinstance(instance, str) and len(instance) <= MAX_INSTANCE:
                remember_asked(found, str(key)[:MAX_LOADED_TEXT], instance)
    return found


def _completions(data: Any) -> list[Completion]:
    items = ((item.get("at"), item.get("score")) for item in _objects(data, MAX_COMPLETIONS))
    return [Completion(float(at), score) for at, score in items if is_time(at) and is_whole(score)]


def _loads(data: Any) -> list[Loaded]:
    """The loads a record lists; a time that cannot be one is taken as unknown (0)."""
    loads = []
    for item in _objects(data, MAX_LOADED):
        student, exported, at = item.get("student"), item.get("exported"), item.get("at")
        login = item.get("login", "")
        if isinstance(student, str) and isinstance(exported, str) and isinstance(login, str):
            when = float(at) if is_time(at) else 0.0
            cut = MAX_LOADED_TEXT
            loads.append(Loaded(student[:cut], exported[:cut], when, login[:cut]))
    return loads


def _question(data: Any) -> QuestionRecord:
    if not isinstance(data, dict):
        raise RecordError(_("an answer record must be an object"))
    return QuestionRecord(
        right=read_flag(data, "right"),
        attempts=_int(data, "attempts"),
        hint=read_flag(data, "hint"),
        revealed=read_flag(data, "revealed"),
        scored=read_flag(data, "scored"),
        points=_int(data, "points"),
        at=_time(data, "at"),
        instance=read_text(data, "instance", MAX_INSTANCE),
        given=(given := read_given(data)),
        given_at=_read_given_at(data, given),
    )


def read_text(data: dict[str, Any], key: str, most: int) -> str:
    """The string ``data[key]`` ('' where it is missing), ``most`` characters at most."""
    value = data.get(key, "")
    if not isinstance(value, str):
        raise RecordError(_("{key} must be a string").format(key=key))
    if len(value) > most:
        raise RecordError(
            _("{key} is longer than {count} characters").format(key=key, count=number(most))
        )
    return value


def _time(data: dict[str, Any], key: str) -> float:
    value = data.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise RecordError(_("{key} must be a number").format(key=key))
    if not is_time(value):
        raise RecordError(not_a_time(key, value))
    return float(value)


def _int(data: dict[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if not is_whole(value):
        raise RecordError(
            _("{key} must be a whole number from 0 to {most}").format(
                key=key, most=number(MAX_WHOLE)
            )
        )
    return value


def read_flag(data: dict[str, Any], key: str) -> bool:
    """``data[key]``, true or false (absent: false); RecordError for anything else."""
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RecordError(_("{key} must be true or false").format(key=key))
    return value
