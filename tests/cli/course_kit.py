"""A course many report tests share: lessons alpha (20) and beta (21), two number questions
each, one assignment (week1, both lessons) due two days ago at half credit late; students'
exports of it; and the report's json, csv and text read back."""

from __future__ import annotations

import csv
import io
import json
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from lessons.progress.export import LessonInfo, export_text
from lessons.progress.records import Completion, LessonRecord, QuestionRecord
from tests.cli.inproc import call

ONE_QUESTION = """\
@lesson {id}
@title Lesson {id}

@quiz Quiz
@question number
prompt: How many solutions has n = 4?
answer: 2
@end
"""
LESSON = f"""{ONE_QUESTION}@question number
prompt: How many solutions has n = 5?
answer: 10
@end
"""
DUE = datetime.now().astimezone().replace(microsecond=0) - timedelta(days=2)
EARLY = DUE - timedelta(hours=5)


def stamp(moment: datetime) -> str:
    """``moment`` as a course file writes a date: local time, to the second."""
    return moment.astimezone().isoformat(timespec="seconds")


def done(at: datetime, points: int = 2) -> LessonRecord:
    """A lesson completed at ``at`` with ``points`` of its two questions right."""
    answers = {
        f"0.{n}": QuestionRecord(True, 1, scored=True, points=1, at=at.timestamp())
        for n in range(points)
    }
    record = LessonRecord(page=0, completed=True, best_score=points, max_score=2, runs=1)
    record.answers = answers
    record.updated = at.timestamp()
    record.completions = [Completion(at.timestamp(), points)]
    return record


def write(
    path: Path, name: str, login: str, records: dict[str, LessonRecord], now: float = 0
) -> str:
    """An export of ``records`` by ``name`` (``login``) at ``path``."""
    info = {key: LessonInfo(f"Lesson {key}", 1, 2) for key in records}
    text = export_text(records, info, student=name, login=login, now=now or None)
    path.write_text(text, encoding="utf-8")
    return str(path)


def export(folder: Path, name: str, login: str, records: dict[str, LessonRecord]) -> Path:
    """:func:`write` to ``folder/LOGIN.json``."""
    return Path(write(folder / f"{login}.json", name, login, records))


def roster(folder: Path, *lines: str, name: str = "roster.txt") -> str:
    path = folder / name
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return str(path)


def course_toml(due: str, *lessons: str, late: bool = True) -> str:
    """A course.toml of one assignment, week1 ("Week 1"), of ``lessons`` due ``due``; late work
    at half credit (unless not ``late``)."""
    listed = ", ".join(f'"{name}"' for name in lessons)
    return (
        f'[[assignment]]\nid = "week1"\ntitle = "Week 1"\nlessons = [{listed}]\n'
        f'due = "{due}"\n' + ("late_credit = 0.5\n" if late else "")
    )


def course_folder(
    folder: Path, toml: str, *names: str, first: int = 20, lesson: str = LESSON
) -> Path:
    """``folder``, made, holding ``lesson`` as the lessons ``names`` (each its ``{id}``)
    numbered from ``first``, and ``toml`` as its course.toml."""
    folder.mkdir()
    for number, name in enumerate(names, first):
        (folder / f"{number}-{name}.md").write_text(lesson.format(id=name), encoding="utf-8")
    (folder / "course.toml").write_text(toml, encoding="utf-8")
    return folder


@pytest.fixture
def course(tmp_path: Path) -> Path:
    toml = course_toml(DUE.isoformat(), "alpha", "beta")
    return course_folder(tmp_path / "course", toml, "alpha", "beta")


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    """Ada, both lessons on time (4/4), and Bob, beta late (3/4)."""
    late = DUE + timedelta(hours=5)
    ada = export(tmp_path, "Ada Lovelace", "ada", {"alpha": done(EARLY), "beta": done(EARLY)})
    bob_early = EARLY + timedelta(minutes=7)
    bob = export(tmp_path, "Bob", "bob", {"alpha": done(bob_early), "beta": done(late)})
    return [str(ada), str(bob)]


def as_json(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, Any, str]:
    """``report --format json ARGV``: its status, data and stderr."""
    status, out, err = call(capsys, "report", "--format", "json", *argv)
    return status, json.loads(out), err


def as_csv(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[list[str]], str]:
    """``report --format csv ARGV``: its status, rows and stderr."""
    status, out, err = call(capsys, "report", "--format", "csv", *argv)
    return status, list(csv.reader(io.StringIO(out))), err


def squeezed(text: str) -> list[str]:
    """``text``'s lines, each with its runs of spaces made one."""
    return [" ".join(line.split()) for line in text.splitlines()]


@contextmanager
def machine_zone(zone: str) -> Iterator[None]:
    """The machine's own zone is ``zone`` meanwhile."""
    before = os.environ.get("TZ")
    os.environ["TZ"] = zone
    time.tzset()
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("TZ", None)
        else:
            os.environ["TZ"] = before
        time.tzset()
