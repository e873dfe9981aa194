"""The teacher's page of a department: ``/teacher`` over a server's store of ``--users`` named
users (each with progress in two lessons, a where file and a connected session) and a roster of
``--roster`` lines (a course site's ``login,name`` export naming every user and as many more
who never logged in), with a course of two assignments.

Run: ``python -m benchmarks teacher_page`` (or ``python benchmarks/bench_teacher_page.py``);
``--users 400 --roster 2000 --rounds 5`` are the defaults. Prints the median and the slowest
time of one page over the rounds (built as the server builds it: :func:`teacher_page`), and
the same for the gradebook's csv download. Target: under a second.
"""

from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.harness import options, timed
from benchmarks.home import leave_home_alone, run_main

leave_home_alone()

COURSE = """\
[[assignment]]
id = "week1"
title = "Week 1"
lessons = ["problem"]
due = "2026-01-10T23:59:00+00:00"

[[assignment]]
id = "week2"
title = "Week 2"
lessons = ["iterative"]
due = "2030-01-17T23:59:00+00:00"
"""


def make_store(root: Path, users: int, roster_lines: int, now: float) -> Path:
    """The store, the roster and the course folder; returns the roster's path."""
    from lessons.catalog import load_catalog
    from lessons.progress.moved_pages import lesson_digests
    from lessons.progress.records import LessonRecord, QuestionRecord

    lessons = {lesson.id: lesson for lesson in load_catalog("en").lessons}
    keys = {key: lesson_digests(lessons[key]) for key in ("problem", "iterative")}

    (root / "live").mkdir(parents=True)
    sessions = []
    for number in range(users):
        login = f"s{number:05d}"
        home = root / "users" / login
        (home / "data" / "queens-tutor").mkdir(parents=True)
        (home / "state" / "queens-tutor").mkdir(parents=True)
        (home / "user.txt").write_text(login + "\n")
        at = now - 3600 + number
        answers = {
            f"{page}.0": QuestionRecord(True, 1 + page % 3, at=at + page) for page in range(5)
        }
        stuck = {"5.0": QuestionRecord(False, 2, at=at + 10)} if number % 7 == 0 else {}
        records = {
            "problem": LessonRecord(
                page=5, answers=answers, open=stuck, updated=at + 20, page_keys=keys["problem"]
            ),
            "iterative": LessonRecord(
                page=3,
                answers={"1.0": QuestionRecord(number % 2 == 0, 2, at=at)},
                updated=at,
                page_keys=keys["iterative"],
            ),
        }
        data = {"schema": 1, "lessons": {key: r.to_json() for key, r in records.items()}}
        (home / "data" / "queens-tutor" / "progress.json").write_text(json.dumps(data))
        where = {"schema": 1, "screen": "lesson", "lesson": "problem", "page": 6}
        where["updated"] = "2026-01-10T10:00:00+00:00"
        (home / "state" / "queens-tutor" / "where.json").write_text(json.dumps(where))
        sessions.append(
            {
                "user": login,
                "address": "192.0.2.1",
                "pid": 1000 + number,
                "started": "2026-01-10T09:00:00+00:00",
                "state": "connected",
            }
        )
    live = {"schema": 1, "updated": now, "sessions": sessions}
    (root / "live" / "lab-1.json").write_text(json.dumps(live))
    roster = root.parent / "roster.csv"
    lines = ["login,name"]
    lines += [f"s{number:05d},Student {number}" for number in range(roster_lines)]
    roster.write_text("\n".join(lines) + "\n")
    (root.parent / "course").mkdir()
    (root.parent / "course" / "course.toml").write_text(COURSE)
    return roster


def main(argv: list[str]) -> int:
    args = options(argv, __doc__, users=400, roster=2000, rounds=5)
    with tempfile.TemporaryDirectory() as folder:
        from lessons.catalog import load_catalog
        from lessons.course.files import CourseFiles
        from tui.serve.teacher_page import gradebook_csv, teacher_page

        root = Path(folder) / "served"
        roster = make_store(root, args.users, args.roster, time.time())
        catalog = load_catalog("en")
        files = CourseFiles([Path(folder) / "course"], catalog.find, catalog.find_failed)
        page = teacher_page(root, catalog, "tina", files, roster)
        assert page.count("<tr") >= args.users, "the page lists every session"

        def one_page() -> None:
            teacher_page(root, catalog, "tina", files, roster)

        def one_csv() -> None:
            gradebook_csv(root, catalog, files, "moodle", roster)

        median, worst, cpu = timed(one_page, args.rounds)
        print(
            f"teacher page, {args.users} users, {args.roster}-line roster: {median:.3f} s "
            f"median, {worst:.3f} s slowest of {args.rounds}, {cpu:.3f} CPU-s (target < 1 s)"
        )
        median, worst, cpu = timed(one_csv, args.rounds)
        print(
            f"gradebook csv, the same store: {median:.3f} s median, {worst:.3f} s slowest, "
            f"{cpu:.3f} CPU-s"
        )
    return 0


if __name__ == "__main__":
    run_main(main)
