"""A TOML syntax error in a course's file, in our words: what to fix and at which line
(:func:`toml_problem`), else the parser's own message."""

from __future__ import annotations

import re
import tomllib
from typing import Any

from lessons.i18n import _

_WHERE = re.compile(r"\s*\(at (?:line (\d+), column (\d+)|end of document)\)\s*$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")
_WORD = re.compile(r"^\s*([A-Za-z0-9_-]+)")
_HEADER = re.compile(r"^\s*\[\[?\s*([A-Za-z0-9_.-]+)\s*\]?\]?")
_ID = re.compile(r"""^\s*id\s*=\s*["']([^"']*)["']""")
_SHOWN = 24


def quoted(written: Any, most: int = _SHOWN) -> str:
    """A value as a message quotes it: its first ``most`` characters, repr'd."""
    text = written.strip() if isinstance(written, str) else str(written)
    return repr(text if len(text) <= most else text[: most - 1] + "…")


def _table_of(lines: list[str], number: int) -> tuple[int, str, str]:
    """The table line ``number`` (from 1) is in: its header's line (0: the top of the file),
    its name, and its ``id`` when the table gives one."""
    start, name = 0, ""
    for index in range(number - 1, -1, -1):
        if lines[index].lstrip().startswith("["):
            header = _HEADER.match(lines[index])
            start, name = index + 1, header.group(1) if header else ""
            break
    end = next(
        (i for i in range(number, len(lines)) if lines[i].lstrip().startswith("[")), len(lines)
    )
    found = (_ID.match(line) for line in lines[start:end])
    return start, name, next((match.group(1) for match in found if match), "")


def _twice(lines: list[str], number: int) -> str | None:
    """A key given twice in one table: which, where first, and in which table."""
    if not 0 < number <= len(lines):
        return None
    key = _KEY.match(lines[number - 1])
    if key is None:
        return None
    start, name, given = _table_of(lines, number)
    first = next(
        (
            index + 1
            for index in range(start, number - 1)
            if (other := _KEY.match(lines[index])) and other.group(1) == key.group(1)
        ),
        0,
    )
    if not first:
        return None
    if name and given:
        return _(
            "{key} is given twice in [[{table}]] {id} (first on line {first}): keep one of them"
        ).format(key=key.group(1), table=name, id=repr(given), first=first)
    if name:
        return _(
            "{key} is given twice in the [[{table}]] table of line {start} (first on line "
            "{first}): keep one of them"
        ).format(key=key.group(1), table=name, start=start, first=first)
    return _("{key} is given twice (first on line {first}): keep one of them").format(
        key=key.group(1), first=first
    )


def _open_list(lines: list[str], number: int) -> tuple[int, str] | None:
    """The line and key of the list that is not closed before line ``number``."""
    for index in range(min(number, len(lines)) - 1, -1, -1):
        key = _KEY.match(lines[index])
        if key and "[" in lines[index].split("=", 1)[1]:
            return index + 1, key.group(1)
    return None


def toml_problem(text: str, error: tomllib.TOMLDecodeError) -> tuple[int, str]:
    """The line (from 1; 0: not known) to fix and one sentence saying what to fix."""
    said = str(error)
    where = _WHERE.search(said)
    problem = _WHERE.sub("", said).strip()
    lines = text.splitlines()
    if where is None or where.group(1) is None:
        number, column = len(lines), 0
    else:
        number, column = int(where.group(1)), int(where.group(2))
    line = lines[number - 1] if 0 < number <= len(lines) else ""
    key_match = _KEY.match(line)
    key = key_match.group(1) if key_match else ""
    rest = line[column - 1 :] if column else ""
    message: str | None = None
    if problem == "Cannot overwrite a value" or problem.startswith("Duplicate inline table key"):
        message = _twice(lines, number)
    elif problem.startswith("Cannot declare") and (header := _HEADER.match(line)):
        message = _(
            "{name} is declared again here: each [[{name}]] (two brackets) starts one more "
            "of its tables; write [[{name}]]"
        ).format(name=header.group(1))
    elif problem in ("Illegal character '\\n'", "Unterminated string"):
        message = _("the text in quotes is not closed: end it with its quote on the same line")
    elif problem.startswith("Illegal character"):
        message = _("a control character in the text ({char}): remove it").format(
            char=problem.removeprefix("Illegal character ")
        )
    elif problem == "Expected newline or end of document after a statement" and key:
        message = _(
            "the value of {key} ends before {rest}: one KEY = VALUE per line, text and dates "
            'in quotes ("2026-03-06 23:59"), a fraction with a point (0.5)'
        ).format(key=key, rest=quoted(rest))
    elif problem == "Invalid value" and key:
        message = _(
            "{key} = {value} is not a value: put text and dates in quotes "
            '({key} = "..."), lesson lists in brackets ([10, "my-lesson"])'
        ).format(key=key, value=quoted(rest))
    elif problem == "Invalid date or datetime" and key:
        message = _(
            '{key} = {value} is not a date: write it as "2026-03-06 23:59" or 2026-03-06T23:59:00'
        ).format(key=key, value=quoted(rest))
    elif problem == "Expected '=' after a key in a key/value pair":
        word = _WORD.match(line)
        message = _("a key needs = and its value: write {key} = VALUE").format(
            key=word.group(1) if word else "KEY"
        )
    elif problem == "Unclosed array" and (opened := _open_list(lines, number)):
        number, column = opened[0], 0
        message = _("the list of {key} is not closed: end it with ] on its line").format(
            key=opened[1]
        )
    elif problem.startswith("Expected ']]'") and (header := _HEADER.match(line)):
        message = _("a table's header is not closed: write [[{name}]]").format(name=header.group(1))
    elif problem.startswith("Unescaped '\\'"):
        message = _(
            "a backslash in double quotes starts an escape: write \\\\ for one, or use "
            "single quotes"
        )
    if message is None:
        message = _("the parser says: {problem}").format(problem=problem)
    if column:
        return number, _("not valid TOML at column {column}: {problem}").format(
            column=column, problem=message
        )
    return number, _("not valid TOML: {problem}").format(problem=message)
