"""A class roster: who should have progress, and who has none. A roster is a text file with one
login or name per line (``#`` comments), or a CSV file whose header names a login column and a
name column; a line is a student's when it is her login or a name of her files."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from lessons.i18n import _, ngettext
from lessons.report.identity import Roll, RosterLine, fold, line_login, line_names, same_name
from lessons.report.table import safe

if TYPE_CHECKING:
    from pathlib import Path

MAX_ROSTER_BYTES = 1_000_000
MAX_NAME = 200
"""The most characters of a roster line kept."""
LOGIN_COLUMNS = ("login", "username", "sis login id", "user name")
"""A CSV roster's header cells that name the login column, case aside."""
NAME_COLUMNS = ("name", "student", "full name")
FIRST_NAME_COLUMNS = ("first name", "firstname", "given name")
LAST_NAME_COLUMNS = ("last name", "lastname", "surname", "family name")


class RosterError(ValueError):
    """A roster that cannot be read, with a one-line reason."""


def read_roster(path: Path, warnings: list[str] | None = None) -> list[str]:
    """The students of a roster file, in its order, each once (:class:`RosterLine`);
    ``warnings`` gets one line for each line that repeats an earlier one."""
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
    lines: list[str] = []
    seen: dict[tuple[str, str], int] = {}  # the first line kept of a login, or of a text

    def problem(number: int) -> None:
        said = _("{path}:{line}: not a row of the roster (a field over 131,072 characters)")
        if warnings is not None:
            warnings.append(said.format(path=path, line=number))

    for line in _csv_roster(text, problem) or _plain_roster(text):
        login, name = fold(line_login(line)), fold(line)
        # one student's lines: by their logins when both give one, else by their text
        keys = [("login", login), ("text", name)] if login else [("text", name), ("texts", name)]
        earlier = min((seen[key] for key in keys if key in seen), default=None)
        if earlier is None:
            for key in [("login", login), ("texts", name)] if login else [("text", name)]:
                seen.setdefault(key, len(lines))
            lines.append(line)
        elif warnings is not None:
            warnings.append(
                _("{path}:{line}: {name} repeats line {earlier}: one student, counted once").format(
                    path=path,
                    line=getattr(line, "number", 0),
                    name=repr(str(line)),
                    earlier=getattr(lines[earlier], "number", 0),
                )
            )
    return lines


def _plain_roster(text: str) -> list[str]:
    """One login or name per line; ``#`` comments (a whole line, or after a space)."""
    lines: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        name = re.sub(r"(^|\s)#.*", "", line).strip()[:MAX_NAME]
        if name:
            lines.append(RosterLine(name, number=number))
    return lines


def _csv_roster(text: str, problem: Callable[[int], None]) -> list[str] | None:
    """The rows of a roster whose first line is a CSV header with a login column, each a login
    and a name (a row csv cannot read, a field over its limit, is told to ``problem`` and left
    out); None for any other roster. Canvas's ``Points Possible`` row is skipped."""
    import csv

    numbered = [
        (number, line)
        for number, line in enumerate(text.splitlines(), start=1)
        if line.strip() and not line.lstrip().startswith("#")
    ]
    try:
        header = [cell.strip().casefold() for cell in next(csv.reader(numbered[0][1:]), [])]
    except (IndexError, csv.Error):
        return None
    login_at = next((header.index(c) for c in LOGIN_COLUMNS if c in header), None)
    if login_at is None:
        return None
    name_at = next((header.index(c) for c in NAME_COLUMNS if c in header), None)
    first_at = next((header.index(c) for c in FIRST_NAME_COLUMNS if c in header), None)
    last_at = next((header.index(c) for c in LAST_NAME_COLUMNS if c in header), None)
    lines: list[str] = []
    start, read = 1, 0
    while start < len(numbered):
        reader = csv.reader(line + "\n" for _number, line in numbered[start:])
        try:
            for cells in reader:
                number, read = numbered[start + read][0], reader.line_num

                def cell(at: int | None, cells: list[str] = cells) -> str:
                    return cells[at].strip() if at is not None and at < len(cells) else ""

                login = cell(login_at)[:MAX_NAME]
                name = cell(name_at) or " ".join(p for p in (cell(first_at), cell(last_at)) if p)
                name = name[:MAX_NAME]
                if not login and (not name or same_name(name, "Points Possible")):
                    continue
                lines.append(RosterLine(name or login, login=login, number=number))
            break
        except csv.Error:  # that row left out, the next line read again
            problem(numbered[start + read][0])
            start, read = start + read + 1, 0
    return lines


def absent(roster: Sequence[str], roll: Roll) -> list[str]:
    """The roster's students with no progress, in roster order, each named as the report
    names her, else as written."""
    found = []
    for line in roster:
        named = roll.named(line)
        if any(s.export is not None and s.export.records for s in named):
            continue
        found.append(named[0].name if named else line)
    return found


def roster_lines(absent: Sequence[str], outside: Sequence[str]) -> tuple[str, str]:
    """Who on the roster has no progress, and who with progress no line names, in words."""
    if absent:
        said = ngettext(
            "No progress from {count} student on the roster: {names}",
            "No progress from {count} students on the roster: {names}",
            len(absent),
        ).format(count=len(absent), names=", ".join(map(safe, absent)))
    else:
        said = _("Every student on the roster has progress.")
    if not outside:
        return said, ""
    return said, ngettext(
        "Not on the roster ({count}): {names}",
        "Not on the roster ({count}): {names}",
        len(outside),
    ).format(count=len(outside), names=", ".join(map(safe, outside)))


def named_students(roster: Sequence[str], roll: Roll) -> set[str]:
    """The keys of the students some roster line names."""
    return {student.key for line in roster for student in roll.named(line)}


def not_on_roster(roster: Sequence[str], roll: Roll) -> list[str]:
    """The students of the files read whom no roster line names, in the order read."""
    named = named_students(roster, roll)
    return [student.name for student in roll.students if student.key not in named]


def roster_slips(roster: Sequence[str], roll: Roll) -> list[str]:
    """A problem for each roster line that names no student while a part of it (split at
    commas, semicolons, tabs, spaces) names a student whom no line names, or that reads as a
    ``login,name`` record (a word, a comma, then no space) in a roster where no line has a login."""
    named = named_students(roster, roll)
    unnamed = {s.key for s in roll.students if s.key not in named}
    headerless = not any(line_login(line) for line in roster)
    found = []
    for line in roster:
        if roll.named(line):
            continue
        fields = [part.strip() for part in re.split(r"[,;\t]", line) if part.strip()]
        parts = [*fields, *line.split()] if unnamed else []
        match = next(((p, s) for p in parts for s in roll.named(p) if s.key in unnamed), None)
        said = _(
            "roster line {number}, {line}, names no student, but {part} in it is {student}, "
            "whom no roster line names: a line is one login or one name, taken whole; to "
            "give a login and a name, start the roster with the header line login,name"
        )
        if match is None and headerless and re.fullmatch(r"[^\s,]+,\S.*", line):
            said = _(
                "roster line {number}, {line}, names no student and reads as a login and a name: "
                "a line is one login or one name, taken whole; to give a login and a name, start "
                "the roster with the header line login,name"
            )
        elif match is None:
            continue
        found.append(
            said.format(
                number=getattr(line, "number", 0),
                line=repr(str(line)),
                part=repr(match[0]) if match else "",
                student=match[1].name if match else "",
            )
        )
    return found


def repeated_lines(roster: Sequence[str], roll: Roll) -> list[str]:
    """A warning for each roster line that names the student an earlier line names."""
    first: dict[str, int] = {}
    found = []
    for number, line in enumerate(roster):
        named = roll.named(line)
        for student in named:
            first.setdefault(student.key, number)
        if named and first[named[0].key] < number:
            earlier = roster[first[named[0].key]]
            found.append(
                _(
                    "roster lines {earlier_number} ({earlier}) and {number} ({line}) name "
                    "one student, {student}: one row"
                ).format(
                    earlier_number=getattr(earlier, "number", 0),
                    earlier=repr(str(earlier)),
                    number=getattr(line, "number", 0),
                    line=repr(str(line)),
                    student=named[0].name,
                )
            )
    return found


def off_roster(roster: Sequence[str], roll: Roll) -> Callable[[str], bool]:
    """Whether a login is no roster line's login or name, nor of a student a line names."""
    named = named_students(roster, roll)
    names = {fold(name) for line in roster for name in line_names(line)}
    logins: dict[str, list[str]] = {}
    for student in roll.students:
        if student.login:
            logins.setdefault(fold(student.login), []).append(student.key)

    def outside(user: str) -> bool:
        return fold(user) not in names and not any(
            key in named for key in logins.get(fold(user), ())
        )

    return outside
