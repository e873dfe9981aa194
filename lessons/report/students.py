"""Each student's outcome on each question, for a teacher who wants to know who missed what
(``queens-tutor report --students``), and the class roster that says who has no progress.

One row per student and question they finished (answered right, or had the answer shown), left
open (wrong attempts made, a hint taken), or reached without answering (a question on a page up
to the one they are on, when the lesson is loaded here: no attempt, no time): right in the end,
right at the first attempt without a hint, attempts, hint, shown, and when. The prompt is whole
(csv, json; the text view cuts it to a line). Questions are named as in the per-question
statistics (:mod:`lessons.report.stats`): by page title and prompt when the lesson is loaded
here, through the page digests of the version each record was made against.

A roster is a text file with one student's login or name per line (blank lines and ``#``
comments are skipped), or a CSV file whose header names a login column and a name column
(``login,name``; a course site's export), each row a student's login and name. One rule
everywhere (the class table, ``--students``, json and the gradebook): a roster line is a
student's when it is her login or the name of any of her files (a row's login or name), case
and outer spaces aside (who is one student: :mod:`lessons.report.identity`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from lessons.i18n import _
from lessons.progress.export import moment
from lessons.progress.records import LessonRecord, PastRun, QuestionRecord
from lessons.quiz.kinds import LIVE
from lessons.report.identity import Roll, RosterLine, identify, line_login, same_name
from lessons.report.prompts import asked_prompt, drawn_instances, live_prompts
from lessons.report.stats import place_of, question_names, questions_at, whole_prompt

if TYPE_CHECKING:
    from pathlib import Path

    from lessons.model import Lesson, Question
    from lessons.progress.export import Export

MAX_ROSTER_BYTES = 1_000_000
"""The largest roster read (a class of thousands is a few tens of KB)."""
MAX_NAME = 200
"""The most characters of a roster line kept."""


class RosterError(ValueError):
    """A roster that cannot be read, with a one-line reason."""


@dataclass(frozen=True, slots=True)
class StudentAnswer:
    """How one student did on one question."""

    student: str
    source: str
    lesson: str
    page: int
    question: int
    page_title: str
    prompt: str
    finished: bool
    right: bool
    right_first: bool
    attempts: int
    hint: bool
    shown: bool
    at: str
    """When the outcome was recorded (local ISO 8601), "" if unknown."""
    earlier: bool = False
    """A miss of an earlier run of the lesson (started again since): the misses the review
    was drawn from stay in sight (review walk 4, F12)."""
    answers: tuple[str, ...] = ()
    """What the student answered, the first first (review walk 8, F7); () when the file did
    not keep it."""
    run: str = ""
    """With a course that counts an earlier run of the lesson than the latest (issue 41, item
    3): ``counted`` for that run's outcomes, ``latest`` for the latest run's beside them; ""
    otherwise (the latest run counts, or no course, or the counted run's answers were not
    kept: a record made before they were)."""

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


ANSWER_FIELDS = StudentAnswer.__slots__
"""The columns of the student x question table, in order (csv header, json keys)."""


def _row(
    student: str,
    source: str,
    lesson: str,
    place: tuple[int, int],
    name: tuple[str, str],
    outcome: QuestionRecord,
    finished: bool,
    earlier: bool = False,
    run: str = "",
) -> StudentAnswer:
    return StudentAnswer(
        student,
        source,
        lesson,
        page=place[0] + 1,
        question=place[1] + 1,
        page_title=name[0],
        prompt=name[1],
        finished=finished,
        right=finished and outcome.right,
        right_first=finished and outcome.right and outcome.attempts == 1 and not outcome.hint,
        attempts=outcome.attempts,
        hint=outcome.hint,
        shown=outcome.revealed,
        at=moment(outcome.at),
        earlier=earlier,
        answers=outcome.given,
        run=run,
    )


COUNTED_LATEST, COUNTED_PAST, COUNTED_LOST = "latest", "past", "lost"
"""Which run of a lesson counts (:func:`counted_run`): the latest, an earlier one whose
answers the record keeps, an earlier one whose answers it does not keep (made before)."""


def counted_run(record: LessonRecord, earned: float) -> tuple[str, PastRun | None]:
    """Which run of ``record`` a course counts, its points earned at ``earned`` (seconds since
    the epoch: the gradebook's ``earned_at``, the completion of the run counted when that is
    not the latest), and that run's answers when it is an earlier one the record keeps."""
    current = record.completions[-1].at if record.run_finished and record.completions else None
    for run in record.past_runs:
        if abs(run.at - earned) < 1e-3 and (current is None or abs(current - earned) >= 1e-3):
            return COUNTED_PAST, run
    ended = [done.at for done in record.completions if abs(done.at - earned) < 1e-3]
    if ended and (current is None or abs(current - earned) >= 1e-3):
        return COUNTED_LOST, None
    return COUNTED_LATEST, None


def student_answers(
    exports: Sequence[tuple[str, Export]],
    lessons: Iterable[Lesson] = (),
    earned: Mapping[tuple[str, str], float] | None = None,
) -> list[StudentAnswer]:
    """Every student's outcome on every question they reached, by lesson (the lessons loaded
    here first, in their order), page, question, then student. ``earned``: with a course,
    when the points that count of each (source, lesson) were earned; where that is an earlier
    run than the latest and the record keeps its answers, that run's outcomes are listed too
    (``run``: ``counted``, the latest run's ``latest``), its misses not again as an earlier
    run's (issue 41, item 3)."""
    known: Mapping[str, Lesson] = {lesson.id: lesson for lesson in lessons}
    order = {key: index for index, key in enumerate(known)}
    rows = []
    for source, export in exports:
        student = export.student or source
        for lesson, record in export.records.items():
            here = known.get(lesson)
            names = question_names(here, list(record.page_keys), whole_prompt)
            questions = questions_at(here, list(record.page_keys)) if here is not None else {}
            seen: set[tuple[int, int]] = set()
            when = (earned or {}).get((source, lesson))
            past = counted_run(record, when)[1] if when else None
            latest = "latest" if past is not None else ""
            tables = [(record.answers, True, False, latest), (record.open, False, False, latest)]
            tables.append((record.earlier, True, True, ""))
            counted_tables = [past.answers] if past is not None else []
            live = _live_asked(
                here, questions, (record.answers, record.open, record.earlier, *counted_tables)
            )
            if past is not None:
                tables.append((past.answers, True, False, "counted"))
            for table, finished, earlier, run in tables:
                for key, outcome in table.items():
                    place = place_of(key)
                    if place is None or (not finished and key in record.answers):
                        continue
                    if (
                        past is not None
                        and earlier
                        and not run
                        and (held := past.answers.get(key)) is not None
                        and held.at == outcome.at
                    ):
                        continue  # a miss of the run that counts: listed with that run
                    if not earlier:
                        seen.add(place)
                    name = names.get(place, ("", ""))
                    found = questions.get(place)
                    asked = asked_prompt(found[1], outcome.instance) if found else None
                    if found and found[1].kind in LIVE:  # the live board's, at its tick
                        asked = live.get((found[0], outcome.instance))
                    if asked is not None:  # drawn for this student: as they were asked it
                        name = (name[0], asked)
                    done = finished
                    if earlier:  # finished (right or shown) or left open, in that run
                        done = outcome.right or outcome.revealed
                    if found is not None and outcome.given:
                        outcome = replace(outcome, given=choice_words(found[1], outcome.given))
                    rows.append(
                        _row(student, source, lesson, place, name, outcome, done, earlier, run)
                    )
            reached = [  # on a page up to where the student is now, never answered
                place
                for place in sorted(names)
                if place not in seen and (record.run_finished or place[0] <= record.page)
            ]
            drawn: dict[tuple[int, int], str] = {}
            if reached and here is not None:  # as drawn for this student
                drawn = drawn_instances(here, record.seed, record.attempt, record.asked_before)
                boards = [questions[p] for p in reached if p in questions]
                live = live_prompts(
                    here, [(new, drawn.get(new, "")) for new, q in boards if q.kind in LIVE]
                )
            for place in reached:
                untouched = QuestionRecord(right=False, attempts=0)
                name = names[place]
                found = questions.get(place)
                if found is not None:
                    instance = drawn.get(found[0], "")
                    if found[1].kind in LIVE:
                        asked = live.get((found[0], instance))
                    else:
                        asked = asked_prompt(found[1], instance)
                    name = name if asked is None else (name[0], asked)
                row = _row(student, source, lesson, place, name, untouched, False)
                rows.append(row)

    def rank(row: StudentAnswer) -> tuple[int, str, int, int, str, str, bool]:
        lesson = order.get(row.lesson, len(order))
        place = (row.page, row.question, row.student.casefold(), row.source)
        # an earlier run first, the run that counts before the latest run
        return (lesson, row.lesson, *place, not row.earlier and row.run != "counted")

    return sorted(rows, key=rank)


def choice_words(question: Question, given: Sequence[str]) -> tuple[str, ...]:
    """The answers ``given`` to ``question`` with each choice named by its number and its words
    (``2. the queen of column 2 is in row 3``), as the tutor keeps them now: a record made
    before (issue 41, item 4) kept the number typed alone, ``2``, which told a teacher
    nothing. Anything else, and any other kind's answers, as recorded."""
    if question.kind != "choice":
        return tuple(given)
    return numbers_named(given, [choice.text for choice in question.choices])


def numbers_named(given: Sequence[str], choices: Sequence[str]) -> tuple[str, ...]:
    """``given`` with each answer that is a bare choice number (``2``) named by that choice's
    words (``2. same row``) from ``choices``; the others as recorded."""
    named = []
    for each in given:
        number = each.strip().rstrip(".")
        if number.isdigit() and 1 <= int(number) <= len(choices):
            named.append(f"{int(number)}. {choices[int(number) - 1]}")
        else:
            named.append(each)
    return tuple(named)


def _live_asked(
    lesson: Lesson | None,
    questions: Mapping[tuple[int, int], tuple[tuple[int, int], Question]],
    tables: Iterable[Mapping[str, QuestionRecord]],
) -> dict[tuple[tuple[int, int], str], str]:
    """The prompts of the record's questions about the live board, each at the tick the
    student was asked it (recorded with the outcome, ``tick=84``), by (place here, instance)."""
    if lesson is None:
        return {}
    wanted = []
    for table in tables:
        for key, outcome in table.items():
            place = place_of(key)
            found = questions.get(place) if place is not None else None
            if found is not None and found[1].kind in LIVE and outcome.instance:
                wanted.append((found[0], outcome.instance))
    return live_prompts(lesson, wanted)


LOGIN_COLUMNS = ("login", "username", "sis login id", "user name")
"""A roster's header cells that name the login column (a course site's export: Canvas's
``SIS Login ID``, Moodle's ``username``), case aside."""
NAME_COLUMNS = ("name", "student", "full name")
"""A roster's header cells that name the name column."""
FIRST_NAME_COLUMNS = ("first name", "firstname", "given name")
LAST_NAME_COLUMNS = ("last name", "lastname", "surname", "family name")


def read_roster(path: Path, warnings: list[str] | None = None) -> list[str]:
    """The students of a roster file, in its order, each once (:class:`RosterLine`). One
    login or name per line (``#`` starts a comment: a line's own, or the rest of a line after
    a space); or, when its first line is a header with a login column (``login,name``, a
    course site's export), a CSV file whose rows each give a login and a name. ``warnings``
    gets one line for each line that repeats an earlier one (teacher walk 10, #4)."""
    from lessons.progress.safe_file import Unreadable, read_regular

    try:
        data = read_regular(path, MAX_ROSTER_BYTES)
    except OSError as error:
        raise RosterError(
            _("--roster: cannot read {path} ({reason})").format(path=path, reason=error.strerror)
        ) from None
    except Unreadable as error:
        raise RosterError(
            _("--roster: {path}: {problem}").format(path=path, problem=error)
        ) from None
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RosterError(_("--roster: {path} is not UTF-8 text").format(path=path)) from None
    found = _csv_roster(text) or _plain_roster(text)
    lines: list[str] = []
    for line in found:
        earlier = next((seen for seen in lines if _same_line(seen, line)), None)
        if earlier is None:
            lines.append(line)
        elif warnings is not None:
            warnings.append(
                _("{path}:{line}: {name} repeats line {earlier}: one student, counted once").format(
                    path=path,
                    line=getattr(line, "number", 0),
                    name=repr(str(line)),
                    earlier=getattr(earlier, "number", 0),
                )
            )
    return lines


def _same_line(one: str, other: str) -> bool:
    """Whether two roster lines are one student's: the same text, or the same login."""
    login = line_login(one)
    if login and line_login(other):
        return same_name(login, line_login(other))
    return same_name(one, other)


def _plain_roster(text: str) -> list[str]:
    """One login or name per line; ``#`` comments (a whole line, or after a space)."""
    lines: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        name = re.sub(r"(^|\s)#.*", "", line).strip()[:MAX_NAME]
        if name:
            lines.append(RosterLine(name, number=number))
    return lines


def _csv_roster(text: str) -> list[str] | None:
    """The rows of a roster whose first line (not blank, not a comment) is a CSV header with
    a login column (:data:`LOGIN_COLUMNS`), each a login and a name; None for any other
    roster. A row with neither, or Canvas's ``Points Possible`` row, is skipped."""
    import csv

    numbered = [
        (number, line)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    if not numbered:
        return None
    header = [cell.strip().casefold() for cell in next(csv.reader([numbered[0][1]]))]
    login_at = next((header.index(c) for c in LOGIN_COLUMNS if c in header), None)
    if login_at is None:
        return None
    name_at = next((header.index(c) for c in NAME_COLUMNS if c in header), None)
    first_at = next((header.index(c) for c in FIRST_NAME_COLUMNS if c in header), None)
    last_at = next((header.index(c) for c in LAST_NAME_COLUMNS if c in header), None)
    lines: list[str] = []
    for (number, _line), cells in zip(
        numbered[1:], csv.reader(line for _n, line in numbered[1:]), strict=True
    ):

        def cell(at: int | None, cells: list[str] = cells) -> str:
            return cells[at].strip() if at is not None and at < len(cells) else ""

        login = cell(login_at)[:MAX_NAME]
        name = cell(name_at) or " ".join(part for part in (cell(first_at), cell(last_at)) if part)
        name = name[:MAX_NAME]
        if not login and (not name or same_name(name, "Points Possible")):
            continue
        lines.append(RosterLine(name or login, login=login, number=number))
    return lines


def absent(
    roster: Sequence[str], exports: Sequence[tuple[str, Export]], roll: Roll | None = None
) -> list[str]:
    """The roster's students of whom no file or server progress was read, in roster order: the
    lines that name no student with progress (her login or any of her files' names,
    :mod:`lessons.report.identity`), each named as the report names the student it names
    (a student whose file holds no lesson: as the gradebook names her), else as written."""
    roll = identify(exports, roster) if roll is None else roll
    present = [s for s in roll.students if s.export is not None and s.export.records]
    found = []
    for line in roster:
        if any(s.named_by(line) for s in present):
            continue
        # a student who handed in an empty file: named as in every view (teacher walk 4, L5)
        empty = next((s for s in roll.students if s.named_by(line)), None)
        found.append(empty.name if empty is not None else line)
    return found


def not_on_roster(
    roster: Sequence[str], exports: Sequence[tuple[str, Export]], roll: Roll | None = None
) -> list[str]:
    """The students of the files read whom no roster line names, in the order read."""
    roll = identify(exports, roster) if roll is None else roll
    return [
        student.name
        for student in roll.students
        if not any(student.named_by(line) for line in roster)
    ]


def roster_slips(roster: Sequence[str], roll: Roll) -> list[str]:
    """A problem for each roster line that names no student of the files while a part of it
    (split at commas, semicolons, tabs and spaces) is the login or name of a student whom no
    line names: two fields on one line (``ada, Ada Lovelace``), which the roster takes whole
    as one name (teacher walk 10, #1: phantom absent students, the real ones off the roster)."""
    unnamed = [s for s in roll.students if not any(s.named_by(line) for line in roster)]
    found = []
    for line in roster:
        if not unnamed or any(s.named_by(line) for s in roll.students):
            continue
        fields = [part.strip() for part in re.split(r"[,;\t]", line) if part.strip()]
        parts = [*fields, *line.split()]
        match = next(
            ((part, s) for part in parts for s in unnamed if s.named_by(part)),
            None,
        )
        if match is None:
            continue
        part, student = match
        found.append(
            _(
                "roster line {number}, {line}, names no student, but {part} in it is {student}, "
                "whom no roster line names: a line is one login or one name, taken whole; to "
                "give a login and a name, start the roster with the header line login,name"
            ).format(
                number=getattr(line, "number", 0),
                line=repr(str(line)),
                part=repr(part),
                student=student.name,
            )
        )
    return found


def repeated_lines(roster: Sequence[str], roll: Roll) -> list[str]:
    """A warning for each roster line that names the student an earlier line names (her
    login, then her name: ``ada`` after ``Ada Lovelace``): one student, one row (teacher walk
    10, #4; a line that repeats another's text is said when the roster is read)."""
    found = []
    for number, line in enumerate(roster):
        for student in roll.students:
            if not student.named_by(line):
                continue
            earlier = next((other for other in roster[:number] if student.named_by(other)), None)
            if earlier is not None:
                found.append(
                    _(
                        "roster lines {earlier_number} ({earlier}) and {number} ({line}) name "
                        "one student, {student}: one row"
                    ).format(
                        earlier_number=getattr(earlier, "number", 0),
                        earlier=repr(str(earlier)),
                        number=getattr(line, "number", 0),
                        line=repr(str(line)),
                        student=student.name,
                    )
                )
            break
    return found
