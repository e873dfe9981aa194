"""Who a student is, in every view of a teacher's report: one rule (:func:`identify`).

1. A login is the identity when a file has one, unless two names of one login hold records of
   one lesson that share no recorded moment (kept apart, said as a problem); two roster lines
   are two students, always (:func:`_roster_split`, :func:`_trimmed`).
2. A name alone identifies only files without a login, case and outer spaces aside.
3. A record loaded from an export of the same student is hers (a file bearing a loaded export's
   login or name as its name is that login's); one loaded from another student's export is
   named by :func:`lessons.report.checks.borrowed`.

A student's files are merged into one export (:func:`merged_export`); each merge of different
names or logins is a note.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from lessons.course.model import fold as fold
from lessons.course.model import same_name as same_name
from lessons.i18n import _
from lessons.progress.records import LessonRecord, Loaded, QuestionRecord, merge
from lessons.progress.reviews import merged as merged_reviews
from lessons.shown_time import epoch

if TYPE_CHECKING:
    from lessons.progress.export import Export, LessonInfo


class RosterLine(str):
    """A roster line as the name it gives (or the login, when that is all): a ``str``;
    ``login``: the login a CSV roster gives beside the name ("": none); ``number``: its line
    in the file (0: not from a file)."""

    login: str
    number: int

    def __new__(cls, text: str, login: str = "", number: int = 0) -> RosterLine:
        line = super().__new__(cls, text)
        line.login = login
        line.number = number
        return line


def line_names(line: str) -> list[str]:
    """What a roster line names a student by: its text, and its login when it gives one."""
    login = getattr(line, "login", "")
    return [name for name in (str(line), login) if name.strip()]


def line_login(line: str) -> str:
    """The login a roster line gives beside a name ("" when it gives none)."""
    return str(getattr(line, "login", "")).strip()


def moments(record: LessonRecord) -> set[float]:
    """The times a record's outcomes and completions were recorded (none: 0 left out)."""
    found = {outcome.at for outcome in record.outcomes()} | {run.at for run in record.completions}
    found.discard(0.0)
    return found


def apart(one: Export, other: Export) -> bool:
    """Two files cannot be one student's: a lesson both hold records of whose moments are
    known and have none in common."""
    for lesson in one.records.keys() & other.records.keys():
        mine, theirs = moments(one.records[lesson]), moments(other.records[lesson])
        if mine and theirs and not mine & theirs:
            return True
    return False


@dataclass
class Student:
    """One student of the report (``key`` tells her apart), her login ("" when her files carry
    none), her files (``indices`` into the files given, ``sources``), the name shown, every
    name and login her files give, and her files merged into one ``export``."""

    key: str
    login: str
    indices: list[int] = field(default_factory=list)
    name: str = ""
    names: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)
    export: Export | None = None

    @property
    def source(self) -> str:
        """Her files, as one cell (space-separated)."""
        return " ".join(self.sources)

    def named_by(self, line: str) -> bool:
        """A roster line (or an extension's ``student``) names her by her login or a name."""
        return any(
            name and same_name(given, name) for given in line_names(line) for name in self.names
        )


@dataclass
class Roll:
    """The students of a report's files (:func:`identify`): each file's student (``of_file``),
    a note for each merge of different names or logins, a problem for each login kept apart,
    and the (file, lesson) whose record is wholly another student's (``foreign``)."""

    students: list[Student]
    of_file: list[Student]
    notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    files: Sequence[tuple[str, Export]] = ()
    foreign: set[tuple[int, str]] = field(default_factory=set)
    _by_name: dict[str, list[Student]] = field(default_factory=dict, repr=False)
    _named: dict[tuple[str, str], list[Student]] = field(default_factory=dict, repr=False)

    def named(self, line: str) -> list[Student]:
        """The students a roster line (or any name) names, in order (:meth:`Student.named_by`)."""
        if not self._by_name:
            for student in self.students:
                for name in student.names:
                    if name:
                        found = self._by_name.setdefault(fold(name), [])
                        if not found or found[-1] is not student:
                            found.append(student)
        key = (str(line), line_login(line))
        if key not in self._named:
            named = [s for name in line_names(line) for s in self._by_name.get(fold(name), ())]
            unique = list({id(s): s for s in named}.values())
            if len(unique) > 1:  # a line naming several: in order
                unique.sort(key=self.students.index)
            self._named[key] = unique
        return self._named[key]

    def exports(self) -> list[tuple[str, Export]]:
        """One merged export per student (her files as ``source``), in the order found."""
        return [(s.source, s.export) for s in self.students if s.export is not None]

    def owner_of_load(self, load: Loaded) -> str:
        """The key of the student a loaded export is of: by its login, else by its name."""
        if load.login:
            found = [s for s in self.students if s.login and same_name(s.login, load.login)]
            found.sort(key=lambda s: not s.named_by(load.student))
            return found[0].key if found else f"login:{fold(load.login)}"
        for student in self.students:  # a name that is a login is that login's (rule 2)
            if student.login and same_name(student.login, load.student):
                return student.key
        for student in self.students:
            if not student.login and student.named_by(load.student):
                return student.key
        return f"name:{fold(load.student)}"

    def owner(self, index: int, lesson: str) -> str:
        """Whose work file ``index``'s record of ``lesson`` is (rule 3)."""
        record = self.files[index][1].records.get(lesson)
        loads = record.loaded if record is not None else []
        for position in range(len(loads) - 1, -1, -1):
            load = loads[position]
            if not self.hers(index, load) and not self._carried_back(index, loads[:position], load):
                return self.owner_of_load(load)
        return self.of_file[index].key

    def _carried_back(self, index: int, before: Sequence[Loaded], load: Loaded) -> bool:
        """``load``, an export under one of the file's student's names from another login,
        brought back her own work (an earlier load of its chain is hers)."""
        student = self.of_file[index]
        if not load.student.strip() or not student.named_by(load.student):
            return False
        return any(self.hers(index, earlier) for earlier in before)

    def hers(self, index: int, load: Loaded) -> bool:
        """An export loaded into file ``index`` is of the file's own student: its login is hers,
        or it bears one of her names and its login is no other student's."""
        student = self.of_file[index]
        if self.owner_of_load(load) == student.key:
            return True
        if load.login and student.login and same_name(load.login, student.login):
            return True
        if not load.student.strip() or not student.named_by(load.student):
            return False
        return not load.login or not any(
            other is not student and other.login and same_name(other.login, load.login)
            for other in self.students
        )


def merged_export(files: Sequence[Export], name: str, login: str) -> Export:
    """One student's files as one export: each lesson's records merged, what the files know
    of the lessons, intact only when every file is."""
    from dataclasses import replace

    first = files[0]
    records: dict[str, LessonRecord] = {}
    info: dict[str, LessonInfo] = {}
    review = first.review
    for export in files:
        for lesson, record in export.records.items():
            held = records.get(lesson)
            if held is not None:  # the newer one wins
                newer, older = (record, held) if record.updated >= held.updated else (held, record)
                record = merge(newer, older)
            records[lesson] = record
        for lesson, known in export.info.items():
            info.setdefault(lesson, known)
        if export is not first:
            review = merged_reviews(review, export.review)
    return replace(
        first,
        student=name,
        login=login,
        exported=max(export.exported for export in files),
        records=records,
        info=info,
        intact=all(export.intact for export in files),
        review=review,
    )


def _own_login(export: Export) -> str:
    """The login a file is counted under: its own, or that of an export it loaded whose
    login or name it bears (rule 3)."""
    names = {fold(name) for name in (export.student, *export.also_named)} - {""}
    if names:
        for record in export.records.values():
            for load in record.loaded:
                if load.login and names & {fold(load.login), fold(load.student)}:
                    return load.login.strip()
    return export.login.strip()


class _RosterIndex:
    """Where each name and login stands in a roster (the first line first)."""

    def __init__(self, roster: Sequence[str]) -> None:
        self.roster = roster
        self.texts: dict[str, list[int]] = {}
        self.logins: dict[str, list[int]] = {}
        for number, line in enumerate(roster):
            self.texts.setdefault(fold(line), []).append(number)
            if line_login(line):
                self.logins.setdefault(fold(line_login(line)), []).append(number)

    def first_text(self, name: str) -> int | None:
        found = self.texts.get(fold(name)) if name.strip() else None
        return found[0] if found else None

    def with_login(self, login: str) -> list[int]:
        return self.logins.get(fold(login), []) if login else []


def _display(student: Student, exports: Sequence[tuple[str, Export]], index: _RosterIndex) -> str:
    """The name a student is shown by: the first roster line naming her (not by her login
    alone); else her latest export's name that is not her login; else any name she has."""
    given = [exports[i][1].student for i in student.indices]
    names = [*given, *(also for i in student.indices for also in exports[i][1].also_named)]
    roster = index.roster
    lines = [at for name in names if name.strip() for at in index.texts.get(fold(name), ())]
    lines += index.with_login(student.login)
    lines = [at for at in lines if roster[at].strip() and not same_name(roster[at], student.login)]
    if lines:
        return roster[min(lines)].strip()
    fuller = [
        (exports[i][1].exported, -position, name)
        for position, (i, name) in enumerate(zip(student.indices, given, strict=True))
        if name.strip() and not same_name(name, student.login)
    ]
    if fuller:
        return max(fuller)[2]
    first = next((name for name in given if name.strip()), "")
    return first or student.login or exports[student.indices[0]][0]


def identify(exports: Sequence[tuple[str, Export]], roster: Sequence[str] = ()) -> Roll:
    """The students of ``exports`` by the rule above, in the order their first file is given."""
    places = _RosterIndex(roster)
    by_key: dict[str, Student] = {}
    of_file: list[Student | None] = [None] * len(exports)
    problems: list[str] = []
    logins: dict[str, list[int]] = {}
    loginless: list[int] = []
    trims: list[list[list[int]]] = []
    for index, (_source, export) in enumerate(exports):
        login = _own_login(export)
        if login:
            logins.setdefault(fold(login), []).append(index)
        else:
            loginless.append(index)
    for index in loginless:  # a name that is a login: that login's student
        name = fold(exports[index][1].student)
        if name in logins:
            logins[name].append(index)
            continue
        key = f"name:{name}" if name else f"file:{index}"
        student = by_key.setdefault(key, Student(key, ""))
        student.indices.append(index)
        of_file[index] = student
    for login, indices in logins.items():
        by_name: dict[str, list[int]] = {}
        plain: list[int] = []  # no name, or the login as the name (a served user's)
        for index in indices:
            name = fold(exports[index][1].student)
            if name in ("", login):
                plain.append(index)
            else:
                by_name.setdefault(name, []).append(index)
        parts: list[list[int]] = []
        for group in by_name.values():
            for part in parts:
                if not any(apart(exports[a][1], exports[b][1]) for a in part for b in group):
                    part.extend(group)
                    break
            else:
                parts.append(list(group))
        if not parts:
            parts.append([])
        for index in plain:  # with the name it can be one student with, else the first's
            fits = [p for p in parts if not any(apart(exports[a][1], exports[index][1]) for a in p)]
            (fits or parts)[0].append(index)
        kept_apart, shared = len(parts) > 1, len(trims)
        pieces: list[list[int]] = []
        for part in parts:  # two roster lines are two students, always
            split = _roster_split(part, places, exports)
            pieces += split
            if len(split) > 1:
                trims.append(split)
        indices.sort()
        own = [i for i in indices if exports[i][1].login and same_name(exports[i][1].login, login)]
        shown = exports[own[0]][1].login.strip() if own else _own_login(exports[indices[0]][1])
        shown = shown or exports[indices[0]][1].student.strip()
        for number, part in enumerate(pieces):
            key = f"login:{login}" + (f"#{number}" if number else "")
            student = by_key.setdefault(key, Student(key, shown))
            for index in sorted(part):
                student.indices.append(index)
                of_file[index] = student
        if kept_apart:
            problems.append(_apart_line(shown, parts, exports))
        problems += [_shared_line(shown, split, exports) for split in trims[shared:]]
    students = sorted(by_key.values(), key=lambda student: student.indices[0])
    notes: list[str] = []
    foreign: set[tuple[int, str]] = set()
    for student in students:
        student.indices.sort()
        student.sources = [exports[i][0] for i in student.indices]
        files = [exports[i][1] for i in student.indices]
        student.name = _display(student, exports, places)
        given_names = [n.strip() for e in files for n in (e.student, *e.also_named)]
        of_roster = [str(roster[at]).strip() for at in places.with_login(student.login)]
        for name in [student.login, *given_names, *of_roster]:
            if name and not any(same_name(name, seen) for seen in student.names):
                student.names.append(name)
        files = [_trimmed(i, exports, trims) for i in student.indices]
        for index, kept in zip(student.indices, files, strict=True):
            foreign.update(
                (index, lesson) for lesson in exports[index][1].records.keys() - kept.records.keys()
            )
        student.export = merged_export(files, student.name, student.login)
        given = {fold(e.student) for e in files} - {"", fold(student.login)}
        if len(given) > 1 or any(e.login and not same_name(e.login, student.login) for e in files):
            notes.append(_merged_line(student, exports))
    of = [s for s in of_file if s is not None]
    return Roll(students, of, notes, problems, exports, foreign)


def _roster_split(
    part: list[int], index: _RosterIndex, exports: Sequence[tuple[str, Export]]
) -> list[list[int]]:
    """One login's files split by the roster: the files each roster line names are one
    student's, the others go with the first (one piece when fewer than two lines name them)."""
    by_line: dict[int, list[int]] = {}
    others: list[int] = []
    for file in part:
        line = index.first_text(exports[file][1].student)
        if line is None:
            others.append(file)
        else:
            by_line.setdefault(line, []).append(file)
    if len(by_line) < 2:
        return [part]
    pieces = [by_line[line] for line in sorted(by_line)]  # in the roster's order
    pieces[0].extend(others)
    return pieces


def _exported_at(export: Export) -> float:
    """When a file was exported (seconds since the epoch; 0 when it cannot say)."""
    return epoch(export.exported.strip().replace("Z", "+00:00")) or 0.0


def _trimmed(
    index: int, exports: Sequence[tuple[str, Export]], trims: Sequence[list[list[int]]]
) -> Export:
    """File ``index`` as its student's own work: one of a shared login's files kept apart by
    the roster, without what a file of another of those students exported before it holds."""
    from dataclasses import replace

    export = exports[index][1]
    for pieces in trims:
        mine = next((piece for piece in pieces if index in piece), None)
        if mine is None:
            continue
        when = _exported_at(export)
        earlier = [
            exports[other][1]
            for piece in pieces
            if piece is not mine
            for other in piece
            if 0 < _exported_at(exports[other][1]) < when
        ]
        records = dict(export.records)
        for other in earlier:
            for lesson, theirs in other.records.items():
                if lesson in records:
                    kept = _without(records[lesson], moments(theirs))
                    if kept is None:
                        del records[lesson]
                    else:
                        records[lesson] = kept
        return replace(export, records=records)
    return export


def _without(record: LessonRecord, theirs: set[float]) -> LessonRecord | None:
    """A record without the outcomes and completions recorded at ``theirs``, its completion
    and best score as what is left says; None when nothing is left."""
    from dataclasses import replace

    def kept(outcomes: dict[str, QuestionRecord]) -> dict[str, QuestionRecord]:
        return {key: o for key, o in outcomes.items() if o.at not in theirs}

    completions = [done for done in record.completions if done.at not in theirs]
    answers, started = kept(record.answers), kept(record.open)
    retired, earlier = kept(record.retired), kept(record.earlier)
    if not (answers or started or retired or earlier or completions):
        return None
    past = [run for run in record.past_runs if run.at not in theirs]
    kept_runs: dict[str, Any] = {}
    if len(completions) != len(record.completions):
        kept_runs = {
            "completions": completions,
            "completed": bool(completions),
            "again": bool(completions) and record.again,
            "best_score": max((done.score for done in completions), default=0),
            "runs": len(completions) + (0 if completions and not record.again else 1),
        }
    return replace(
        record,
        answers=answers,
        open=started,
        retired=retired,
        earlier=earlier,
        past_runs=past,
        **kept_runs,
    )


def _file_named(exports: Sequence[tuple[str, Export]], index: int, login: str) -> str:
    """File ``index`` as a note names it: its path and its student (else ``login``)."""
    path, export = exports[index]
    return _("{path} ({name})").format(path=path, name=export.student or login)


def _shared_line(login: str, pieces: list[list[int]], exports: Sequence[tuple[str, Export]]) -> str:
    names = [exports[piece[0]][1].student.strip() for piece in pieces]
    both = (
        _("{one} and {other}").format(one=names[0], other=names[1])
        if len(names) == 2
        else ", ".join(names)
    )
    files = ", ".join(_file_named(exports, i, login) for piece in pieces for i in sorted(piece))
    return _(
        "{names}: files of one login, {login} ({files}): two roster lines are two students, "
        "kept apart; a file's outcomes and completions that an earlier file of another of "
        "them holds are not counted for it (an account several students share?)"
    ).format(names=both, login=login, files=files)


def _merged_line(student: Student, exports: Sequence[tuple[str, Export]]) -> str:
    files = ", ".join(_file_named(exports, i, exports[i][1].login) for i in student.indices)
    return _("{files}: one student, {name} (login {login})").format(
        files=files, name=student.name, login=student.login or "-"
    )


def _apart_line(login: str, parts: list[list[int]], exports: Sequence[tuple[str, Export]]) -> str:
    groups = "; ".join(
        ", ".join(_file_named(exports, i, login) for i in sorted(part)) for part in parts
    )
    return _(
        "login {login}: kept apart as {count} students ({groups}): their answer records "
        "cannot be one student's (an account several students share?)"
    ).format(login=login, count=len(parts), groups=groups)
