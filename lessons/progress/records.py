"""What the tutor remembers about a student's work on each lesson, and its JSON form."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from lessons.i18n import _, number
from lessons.progress.values import MAX_WHOLE, is_lesson_key, is_time, is_whole, not_a_time, short


class RecordError(ValueError):
    """Stored progress that does not have the expected shape."""


@dataclass(frozen=True, slots=True)
class QuestionRecord:
    """How one question went: right in the end, at the first attempt, with a hint or shown.

    ``points`` is 1 for a quiz question answered right at the first attempt without a hint,
    else 0; practice questions (outside ``@quiz`` pages) are never scored. ``at`` is when the
    outcome was recorded (seconds since the epoch, to the millisecond), 0 in files written
    before it existed: it tells one student's run from another's with the same outcomes, so
    that a teacher's report can spot a copy (:mod:`lessons.report.checks`).
    """

    right: bool
    attempts: int
    hint: bool = False
    revealed: bool = False
    scored: bool = False
    points: int = 0
    at: float = 0.0
    instance: str = ""
    """The numbers this student was asked (a quiz question drawn per student), or ""."""
    given: tuple[str, ...] = ()
    """What the student typed (or the choice picked), each counted answer, the first first,
    at most :data:`MAX_GIVEN`, across every sitting (a teacher sees the misconception); () in
    files written before they were kept."""
    given_at: tuple[float, ...] = ()
    """When each of :attr:`given` was answered (seconds since the epoch, to the millisecond),
    one time each; () in files written before they were kept."""


MAX_GIVEN = 20
"""The most answers kept for one question (the first ones: a student makes a few)."""
MAX_GIVEN_TEXT = 200
"""The longest answer kept (a longer one is cut there: a typed line, not a file)."""


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


def read_given_at(data: dict[str, Any], given: tuple[str, ...]) -> tuple[float, ...]:
    """The times of the answers ``given`` (absent: none); RecordError unless there is one
    time, from 1970 to :data:`~lessons.progress.values.MAX_TIME`, for each answer."""
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


MAX_LOADED = 20
"""The most loads a record remembers (the latest)."""
MAX_LOADED_TEXT = 200
"""The most characters kept of a loaded export's student name and date."""
MAX_INSTANCE = 1_000
"""The longest ``instance`` a question's outcome may hold (the numbers a student was asked:
a few dozen characters)."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """Where a record came from when the student loaded it from an export (Load progress):
    the name in the export, when the export says it was made, and when it was loaded (seconds
    since the epoch). A teacher's report shows a record loaded from someone else's export."""

    student: str
    exported: str
    at: float
    login: str = ""
    """The login the export carried (absent in older files and exports)."""


MAX_COMPLETIONS = 50
"""The most completions a record remembers (the latest)."""
MAX_PAST_RUNS = 10
"""The most finished runs started again since whose answers a record keeps (the latest)."""
MAX_ASKED_BEFORE = 20
"""The most instances of one question a record remembers from earlier attempts (the latest)."""
MAX_ASKED_KEYS = 1_000
"""The most questions a record remembers earlier instances of."""


@dataclass(frozen=True, slots=True)
class Completion:
    """One run of a lesson to its end: when its last question was answered (seconds since the
    epoch) and the run's score. A course's gradebook (lessons/course/grading.py) grades each
    completion against the assignment's due date, so a run finished on time keeps its credit
    when the student runs the lesson again after it."""

    at: float
    score: int


@dataclass
class PastRun:
    """The answers of a run of the lesson finished and started again since:
    a course may count that run rather than the latest (the better of the runs, an earlier one
    run on time), and the teacher's report shows the run that counts."""

    at: float
    """When it was finished: its :class:`Completion`'s ``at``."""
    answers: dict[str, QuestionRecord] = field(default_factory=dict)
    """Its outcomes, keyed ``PAGE.QUESTION`` as :attr:`LessonRecord.answers` are."""

    def to_json(self) -> dict[str, Any]:
        return {"at": self.at, "answers": {k: asdict(v) for k, v in self.answers.items()}}


@dataclass
class LessonRecord:
    """A student's progress in one lesson.

    ``page`` is where to resume; ``answers`` maps ``"PAGE.QUESTION"`` (indices from 0) to
    the first outcome of that question in the current run; ``open`` maps the questions
    started but not finished (wrong attempts made, a hint taken) to how far they got, so
    that leaving and coming back does not wipe them; ``best_score`` and ``completed``
    survive a restart of the lesson.

    ``earlier`` keeps the questions missed in earlier runs (more than one attempt, a hint, the
    answer shown, or left with a wrong attempt or a hint), keyed ``PAGE.QUESTION``: starting
    the lesson again clears ``answers`` and ``open`` for a fresh score, but the review asks
    what the student missed, whichever run it was (:mod:`lessons.review.missed`). It keeps
    the latest miss of each question (:func:`keep_missed`): what puts the kind back in the
    review's first box (:mod:`lessons.review.boxes`: a later miss of a kind supersedes an
    earlier one), so it holds at most one entry a question however often the lesson is
    started again.

    ``page_keys`` are the digests of the lesson's pages the indices refer to, and
    ``retired`` keeps the outcomes of pages that have left the lesson since
    (:mod:`lessons.progress.moved_pages`); both are absent from files written before they existed.
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
    """This student's seed for the quiz questions drawn per student (0: not drawn yet)."""
    loaded: list[Loaded] = field(default_factory=list)
    """The exports this record was loaded from, oldest first (absent in older files)."""
    completions: list[Completion] = field(default_factory=list)
    """Each run completed, oldest first, the latest :data:`MAX_COMPLETIONS` (absent in older
    files)."""
    earlier: dict[str, QuestionRecord] = field(default_factory=dict)
    """The questions missed in earlier runs (absent in older files)."""
    again: bool = False
    """The lesson, completed before, was started again and this run is not finished: it
    resumes where the student left it, as a first run does (absent in older files)."""
    attempt: int = 0
    """How often the lesson was started again with a fresh score: each attempt draws its quiz
    instances anew, reproducibly (absent in older files: 0)."""
    asked_before: dict[str, list[str]] = field(default_factory=dict)
    """The instances of the quiz questions answered in earlier attempts, by ``PAGE.QUESTION``
    (the latest :data:`MAX_ASKED_BEFORE` of each): a new attempt does not ask them again while
    the question's pool has others (absent in older files)."""
    past_runs: list[PastRun] = field(default_factory=list)
    """The answers of the finished runs started again since, oldest first, the latest
    :data:`MAX_PAST_RUNS` (absent in older files, and written only when there is one)."""

    @property
    def run_finished(self) -> bool:
        """The current run is over: the lesson is completed and not started again since."""
        return self.completed and not self.again

    @property
    def score(self) -> int:
        """Points of the current run."""
        return sum(a.points for a in self.answers.values())

    def to_json(self) -> dict[str, Any]:
        # the fields one by one, each nested record once (asdict of the whole record converted
        # every answer twice: a fifth of a lesson run's CPU went into saving it)
        data = {each.name: getattr(self, each.name) for each in fields(self)}
        data["answers"] = {key: asdict(value) for key, value in self.answers.items()}
        data["open"] = {key: asdict(value) for key, value in self.open.items()}
        data["page_keys"] = list(self.page_keys)
        data["retired"] = {key: asdict(value) for key, value in self.retired.items()}
        data["loaded"] = [asdict(value) for value in self.loaded]
        data["completions"] = [asdict(value) for value in self.completions]
        data["earlier"] = {key: asdict(value) for key, value in self.earlier.items()}
        del data["past_runs"]  # only when there is one: a record as it was otherwise
        if self.past_runs:
            data["past_runs"] = [run.to_json() for run in self.past_runs]
        return data

    @classmethod
    def from_json(cls, data: Any) -> LessonRecord:
        if not isinstance(data, dict):
            raise RecordError(_("a lesson record must be an object"))
        answers_raw = data.get("answers", {})
        if not isinstance(answers_raw, dict):
            raise RecordError(_("answers must be an object"))
        answers = {str(key): _question(value) for key, value in answers_raw.items()}
        open_raw = data.get("open", {})  # absent in files written before it existed
        if not isinstance(open_raw, dict):
            raise RecordError(_("open must be an object"))
        started = {str(key): _question(value) for key, value in open_raw.items()}
        keys = data.get("page_keys", [])  # absent in files written before it existed
        if not isinstance(keys, list) or not all(isinstance(key, str) for key in keys):
            keys = []  # only a guide: without it the record is taken as it is, not lost
        retired_raw = data.get("retired", {})
        if not isinstance(retired_raw, dict):
            raise RecordError(_("retired must be an object"))
        retired = {str(key): _question(value) for key, value in retired_raw.items()}
        earlier_raw = data.get("earlier", {})  # absent in files written before it existed
        if not isinstance(earlier_raw, dict):
            raise RecordError(_("earlier must be an object"))
        earlier: dict[str, QuestionRecord] = {}
        for key, value in earlier_raw.items():  # a file written before it was bounded: key#2
            keep_missed(earlier, str(key), _question(value))
        return cls(
            page=_int(data, "page"),
            completed=_bool(data, "completed"),
            best_score=_int(data, "best_score"),
            max_score=_int(data, "max_score"),
            runs=_int(data, "runs"),
            answers=answers,
            updated=_time(data, "updated"),
            open=started,
            page_keys=keys,
            retired=retired,
            seed=_int(data, "seed"),  # absent in files written before it existed
            loaded=_loads(data.get("loaded", [])),
            completions=_completions(data.get("completions", [])),
            earlier=earlier,
            again=_bool(data, "again"),
            attempt=_int(data, "attempt"),  # absent in files written before it existed
            asked_before=_asked_before(data.get("asked_before", {})),
            past_runs=_past_runs(data.get("past_runs", [])),
        )


def records_from_json(lessons: dict[Any, Any]) -> dict[str, LessonRecord]:
    """The lesson records of a progress file's or an export's ``lessons`` object, by lesson id;
    raises :class:`RecordError` for one filed under what is no lesson id, or not well formed
    (:mod:`lessons.progress.values`: every value a student can write within its bounds)."""
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
    """Our record wins, but completion, best score and runs never go down, and outcomes
    kept aside (``retired``) are never dropped. Our page digests win when we have them (the
    caller has laid ``theirs`` out on them first)."""
    if theirs is None:
        return ours
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
        retired=_kept_aside(ours.retired, theirs.retired),
        seed=ours.seed or theirs.seed,
        loaded=_joined(theirs.loaded, ours.loaded),
        completions=_completed(theirs.completions, ours.completions),
        earlier=_latest_misses(ours.earlier, theirs.earlier),
        again=ours.again,
        attempt=max(ours.attempt, theirs.attempt),
        asked_before=_asked_joined(ours.asked_before, theirs.asked_before),
        past_runs=_runs_joined(theirs.past_runs, ours.past_runs),
    )


def _runs_joined(*lists: list[PastRun]) -> list[PastRun]:
    """The past runs of every list, each once (by when it was finished: the later list's
    wins), oldest first, the latest :data:`MAX_PAST_RUNS`."""
    seen = {run.at: run for each in lists for run in each}
    return sorted(seen.values(), key=lambda run: run.at)[-MAX_PAST_RUNS:]


def _past_runs(data: Any) -> list[PastRun]:
    """The past runs a record lists; one that is not well formed is dropped (the report then
    shows the latest run's answers, as for a record made before they were kept); an answer
    out of bounds is a damaged record, as anywhere in it (RecordError)."""
    if not isinstance(data, list):
        return []
    found = []
    for item in data[-MAX_PAST_RUNS:]:
        if not isinstance(item, dict) or not is_time(item.get("at")):
            continue
        answers = item.get("answers")
        if not isinstance(answers, dict):
            continue
        kept = {str(key): _question(value) for key, value in answers.items()}  # bounded
        found.append(PastRun(float(item["at"]), kept))
    return found


def remember_asked(asked_before: dict[str, list[str]], key: str, instance: str) -> None:
    """Add ``instance``, asked at the question ``key`` in an attempt now over, to
    ``asked_before`` (each once, the latest :data:`MAX_ASKED_BEFORE`)."""
    if not instance:
        return
    held = [each for each in asked_before.get(key, []) if each != instance]
    asked_before[key] = [*held, instance][-MAX_ASKED_BEFORE:]


def _asked_joined(*maps: dict[str, list[str]]) -> dict[str, list[str]]:
    joined: dict[str, list[str]] = {}
    for each in maps:
        for key, instances in each.items():
            for instance in instances:
                remember_asked(joined, key, instance)
    return joined


def _asked_before(data: Any) -> dict[str, list[str]]:
    """The instances asked in earlier attempts; what is not well formed is dropped (only a
    guide for the next draw: the record stays usable without it)."""
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


def keep_aside(retired: dict[str, QuestionRecord], key: str, outcome: QuestionRecord) -> None:
    """Keep ``outcome`` in ``retired`` under ``key`` (``key#2``... when another outcome is
    kept there already): never over an outcome kept before."""
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
    """Keep ``outcome``, a miss of the question ``key`` (``PAGE.QUESTION``, a ``#N`` suffix
    aside), in ``earlier`` when it is the question's latest: one entry a question, the latest
    miss (the one that schedules its kind's review), the one that went furthest at one time."""
    base = key.partition("#")[0]
    held = [name for name in earlier if name.partition("#")[0] == base]
    latest = max(
        [outcome, *(earlier[name] for name in held)],
        key=lambda each: (each.at, each.attempts, each.hint, each.revealed),
    )
    for name in held:
        del earlier[name]
    earlier[base] = latest


def _latest_misses(
    ours: dict[str, QuestionRecord], theirs: dict[str, QuestionRecord]
) -> dict[str, QuestionRecord]:
    kept: dict[str, QuestionRecord] = {}
    for key, outcome in [*ours.items(), *theirs.items()]:
        keep_missed(kept, key, outcome)
    return kept


def _kept_aside(
    ours: dict[str, QuestionRecord], theirs: dict[str, QuestionRecord]
) -> dict[str, QuestionRecord]:
    kept = dict(ours)
    for key, outcome in theirs.items():
        keep_aside(kept, key.partition("#")[0], outcome)
    return kept


def _joined(*lists: list[Loaded]) -> list[Loaded]:
    """The loads of every list, each once, oldest first, the latest :data:`MAX_LOADED`."""
    seen = {load: None for each in lists for load in each}
    return sorted(seen, key=lambda load: load.at)[-MAX_LOADED:]


def _completed(*lists: list[Completion]) -> list[Completion]:
    """The completions of every list, each once, oldest first, the latest
    :data:`MAX_COMPLETIONS`."""
    seen = {completion: None for each in lists for completion in each}
    return sorted(seen, key=lambda completion: completion.at)[-MAX_COMPLETIONS:]


def _completions(data: Any) -> list[Completion]:
    """The completions a record lists; one that is not well formed is dropped (the record
    stays usable: the gradebook then grades by the answers' times)."""
    if not isinstance(data, list):
        return []
    found = []
    for item in data[-MAX_COMPLETIONS:]:
        if not isinstance(item, dict):
            continue
        at, score = item.get("at"), item.get("score")
        if is_time(at) and is_whole(score):
            found.append(Completion(float(at), score))
    return found


def _loads(data: Any) -> list[Loaded]:
    """The loads a record lists; one that is not well formed is dropped (it is only a
    note for the teacher, and the record stays usable without it), and a time that cannot be
    one (out of range, negative, not finite) is taken as unknown (0): the load is still named."""
    if not isinstance(data, list):
        return []
    loads = []
    for item in data[-MAX_LOADED:]:
        if not isinstance(item, dict):
            continue
        student, exported, at = item.get("student"), item.get("exported"), item.get("at")
        login = item.get("login", "")
        if isinstance(student, str) and isinstance(exported, str) and isinstance(login, str):
            when = float(at) if is_time(at) else 0.0
            loads.append(
                Loaded(
                    str(student)[:MAX_LOADED_TEXT],
                    str(exported)[:MAX_LOADED_TEXT],
                    when,
                    str(login)[:MAX_LOADED_TEXT],
                )
            )
    return loads


def _question(data: Any) -> QuestionRecord:
    if not isinstance(data, dict):
        raise RecordError(_("an answer record must be an object"))
    return QuestionRecord(
        right=_bool(data, "right"),
        attempts=_int(data, "attempts"),
        hint=_bool(data, "hint"),
        revealed=_bool(data, "revealed"),
        scored=_bool(data, "scored"),
        points=_int(data, "points"),
        at=_time(data, "at"),  # absent in files written before it existed
        instance=_text(data, "instance", MAX_INSTANCE),
        given=(given := read_given(data)),  # absent in files written before they were kept
        given_at=read_given_at(data, given),
    )


def _text(data: dict[str, Any], key: str, most: int) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise RecordError(_("{key} must be a string").format(key=key))
    if len(value) > most:
        raise RecordError(
            _("{key} is longer than {count} characters").format(key=key, count=number(most))
        )
    return value


def _time(data: dict[str, Any], key: str) -> float:
    """A time (seconds since 1970) from 0 (unknown) to :data:`~lessons.progress.values.MAX_TIME`."""
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


def _bool(data: dict[str, Any], key: str) -> bool:
    value = data.get(key, False)
    if not isinstance(value, bool):
        raise RecordError(_("{key} must be true or false").format(key=key))
    return value
