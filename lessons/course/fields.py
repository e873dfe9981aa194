"""One course file being read (``course.toml``, ``extensions.toml``): its TOML, where each of
its keys is, and each value read as a course takes it (a time, a zone, a title or a name),
every problem a :class:`~lessons.model.LessonError` at its line."""

from __future__ import annotations

import calendar
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, time, tzinfo
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from lessons.course.toml_words import quoted, toml_problem
from lessons.i18n import _
from lessons.model import LessonError
from lessons.progress.safe_file import Unreadable, read_regular
from lessons.progress.values import FIRST_YEAR, LAST_YEAR
from lessons.safe_text import first_unsafe, visible

MAX_BYTES = 1_000_000
"""The largest course or extensions file read."""
MAX_TEXT = 200
"""The most characters of an id, a title or a student's name."""
_LONG_NUMBER = re.compile(r"[0-9_]{1000}")
_HEADER = re.compile(r"^\s*\[\[\s*([A-Za-z_]+)\s*\]\]")
_TABLE = re.compile(r"^\s*\[")
_KEY = re.compile(r"^\s*([A-Za-z_][A-Za-z0-9_-]*)\s*=")


@dataclass
class Lines:
    """Where each key of a file's top level and of each ``[[NAME]]`` table is (line from 1)."""

    top: dict[str, int] = field(default_factory=dict)
    tables: dict[str, list[tuple[int, dict[str, int]]]] = field(default_factory=dict)

    @classmethod
    def of(cls, text: str) -> Lines:
        lines = cls()
        current: dict[str, int] | None = None
        for number, line in enumerate(text.splitlines(), start=1):
            header = _HEADER.match(line)
            if header:
                current = {}
                lines.tables.setdefault(header.group(1), []).append((number, current))
                continue
            if _TABLE.match(line):
                current = {}  # another table: its keys are not the file's
                continue
            key = _KEY.match(line)
            if key:
                (lines.top if current is None else current).setdefault(key.group(1), number)
        return lines

    def table(self, name: str, index: int) -> tuple[int, dict[str, int]]:
        found = self.tables.get(name, [])
        return found[index] if index < len(found) else (0, {})


@dataclass
class CourseFile:
    """One file being read: its path, the lines of its keys, and the problems found."""

    path: Path
    lines: Lines
    errors: list[LessonError]
    kept: int = 0
    """How many of the problems leave what has them in use."""

    def error(self, line: int, message: str, keeps: bool = False) -> None:
        """A problem at ``line``; ``keeps``: what has it is used all the same."""
        self.errors.append(LessonError(str(self.path), line, message))
        self.kept += keeps

    @property
    def dropping(self) -> int:
        """How many problems found leave what has them out."""
        return len(self.errors) - self.kept


def load(path: Path, errors: list[LessonError]) -> tuple[dict[str, Any], Lines] | None:
    """The TOML in ``path`` and where its keys are; None (the problem noted) when there is no
    such file or it cannot be read."""
    line = 0
    try:
        text = read_regular(path, MAX_BYTES).decode("utf-8")
        data = tomllib.loads(text)
    except FileNotFoundError:
        return None
    except OSError as error:
        message = _("cannot be read ({reason})").format(reason=error.strerror)
    except Unreadable as error:
        message = str(error)
    except UnicodeDecodeError:
        message = _("the file is not UTF-8 text")
    except tomllib.TOMLDecodeError as error:
        line, message = toml_problem(text, error)
    except RecursionError:
        message = _("not valid TOML: nested too deep")
    except ValueError:  # what tomllib does not say at a line: a number of too many digits
        line = next(
            (n for n, row in enumerate(text.splitlines(), 1) if _LONG_NUMBER.search(row)), 0
        )
        message = _("not valid TOML: a number far too long")
    else:
        return data, Lines.of(text)
    errors.append(LessonError(str(path), line, message))
    return None


def zone_of(file: CourseFile, data: Mapping[str, Any]) -> tzinfo | None:
    """The course's zone (None: the machine's local time, for times that name no offset)."""
    name = data.get("timezone")
    if name is None:
        return None
    line = file.lines.top.get("timezone", 0)
    if not isinstance(name, str) or not name or len(name) > 64:
        file.error(line, _("timezone must be a zone's name, such as Europe/Rome"))
        return None
    try:
        return ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        file.error(
            line,
            _("timezone: there is no zone {name} (names such as Europe/Rome)").format(
                name=repr(name[:64])
            ),
        )
        return None


def moment(value: Any, zone: tzinfo | None, end_of_day: bool) -> datetime | None:
    """A time from the file: a TOML date or date-time, or one written as text (seconds
    optional), in ``zone`` (else local time) when it names no offset; a date alone is its first
    moment, or with ``end_of_day`` its last. None for anything else, or a year out of range."""
    value = _as_date(value)
    if isinstance(value, datetime):
        found = value
    elif isinstance(value, date):
        found = datetime.combine(value, time(23, 59, 59) if end_of_day else time(0, 0))
    else:
        return None
    if not FIRST_YEAR <= found.year <= LAST_YEAR:
        return None
    if found.tzinfo is None:
        return found.replace(tzinfo=zone) if zone is not None else found.astimezone()
    return found


def out_of_years(value: Any) -> bool:
    """``value`` is a date or date-time (or one written as text) whose year is outside
    :data:`FIRST_YEAR` to :data:`LAST_YEAR`."""
    value = _as_date(value)
    return isinstance(value, date) and not FIRST_YEAR <= value.year <= LAST_YEAR


def _as_date(value: Any) -> Any:
    """``value``, a text read as a date or date-time (None when it is neither)."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    try:
        return datetime.fromisoformat(text) if len(text) > 10 else date.fromisoformat(text)
    except ValueError:
        return None


MAX_QUOTED = 40
"""How much of a value a message quotes."""

_DAY = re.compile(r"(\d{4})-(\d{1,2})-(\d{1,2})")


def _no_such_day(value: Any) -> tuple[str, str] | None:
    """For a text that starts as a date of no calendar (``2026-11-31``): the text quoted and
    why it is none; else None."""
    if not isinstance(value, str):
        return None
    found = _DAY.match(value.strip())
    if found is None:
        return None
    year, month, day = (int(part) for part in found.groups())
    if not 1 <= month <= 12:
        return repr(value.strip()), _("there is no month {month}").format(month=month)
    days = calendar.monthrange(max(year, 1), month)[1]
    if not 1 <= day <= days:
        said = _("{year}-{month:02d} has {days} days").format(year=year, month=month, days=days)
        return repr(value.strip()), said
    return None


def time_of(
    file: CourseFile, fields: Mapping[str, Any], key: str, line: int, zone: tzinfo | None, end: bool
) -> datetime | None:
    if key not in fields:
        return None
    found = moment(fields[key], zone, end)
    impossible = _no_such_day(fields[key]) if found is None else None
    if found is None and out_of_years(fields[key]):
        problem = _(
            "{key} = {value}: a course's dates must be in the years {first} to {last}"
        ).format(key=key, value=quoted(fields[key], MAX_QUOTED), first=FIRST_YEAR, last=LAST_YEAR)
    elif impossible is not None:
        problem = _("{key} = {value}: {why}").format(
            key=key, value=impossible[0], why=impossible[1]
        )
    elif found is None:
        problem = _(
            "{key} = {value} must be a date and time, such as 2026-03-06T23:59:00 or "
            '"2026-03-06 23:59" (a date alone: the end of that day)'
        ).format(key=key, value=quoted(fields[key], MAX_QUOTED))
    else:
        return found
    file.error(line, problem)
    return found


def text_of(file: CourseFile, fields: Mapping[str, Any], key: str, line: int) -> str | None:
    """A title or a name, stripped; a control or direction character in it is shown as a
    symbol and said as a problem that leaves its table in use."""
    value = fields.get(key)
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_TEXT:
        file.error(
            line,
            _("{key} must be text of 1 to {most} characters").format(key=key, most=MAX_TEXT),
        )
        return None
    text = value.strip()
    found = first_unsafe(text)
    if found is not None:
        file.error(
            line,
            _(
                "{key} holds a control or direction character, {char}, at character {column}: "
                "it is shown as a symbol, never sent to the terminal; remove it"
            ).format(key=key, char=found[1], column=found[0]),
            keeps=True,
        )
    return visible(text)


def unknown_keys(
    file: CourseFile,
    fields: Mapping[str, Any],
    known: frozenset[str],
    where: dict[str, int],
    line: int,
) -> None:
    for key in sorted(set(fields) - known):
        file.error(
            where.get(key, line),
            _("unknown key {key}; the keys here are: {known}").format(
                key=repr(key[:40]), known=", ".join(sorted(known))
            ),
        )
