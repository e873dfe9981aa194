"""``queens-tutor report``'s per-question statistics, copies and mixed lesson versions, on
hand-made export files of a lesson written here (loaded with --lessons-dir, so that questions
are named by their page and prompt)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path

from lessons.model import Lesson
from lessons.parsing.parser import parse
from lessons.progress.export import LessonInfo, export_data, lesson_info
from lessons.progress.moved_pages import lesson_digests
from lessons.progress.records import LessonRecord, Loaded, QuestionRecord
from lessons.report.checks import version_of_pages
from lessons.shown_time import local_minute, shown
from tests.cli.clirun import Result, assert_usage_error, run_main

LESSON = """\
@lesson demo
@title Demo lesson

@page {warm_up}
Text.
@question choice
prompt: Which array records the rising diagonals?
- [ ] c[]
- [x] a[]
@end
{extra}
@quiz Quiz
@question exists n=3
@end
@question number
prompt: How many solutions has n=4?
answer: 2
@end
"""
EXISTS = "Quiz: Is there a solution for n = 3?"
EXTRA = "\n@page Extra\nA page of a newer version.\n@board n=4\n@step\n"


def demo(warm_up: str = "Warm-up", extra: str = "") -> Lesson:
    lesson = parse(LESSON.format(warm_up=warm_up, extra=extra), "demo.md").lesson
    assert lesson is not None
    return lesson


def lessons_dir(tmp_path: Path, warm_up: str = "Warm-up") -> Path:
    folder = tmp_path / "lessons"
    folder.mkdir(exist_ok=True)
    (folder / "demo.md").write_text(LESSON.format(warm_up=warm_up, extra=""))
    return folder


def outcome(right: bool, attempts: int, at: float, **flags: bool) -> QuestionRecord:
    scored = flags.pop("scored", False)
    return QuestionRecord(right, attempts, scored=scored, at=at, **flags)


def record(answers: dict[str, QuestionRecord], **fields: object) -> LessonRecord:
    return LessonRecord(page=1, answers=answers, **fields)  # type: ignore[arg-type]


def write_export(path: Path, student: str, rec: LessonRecord, lesson: Lesson | None = None) -> Path:
    info = lesson_info([lesson or demo()])
    path.write_text(json.dumps(export_data({"demo": rec}, info, student)))
    return path


ADA = record(
    {
        "0.0": outcome(True, 1, 1000.001),
        "1.0": outcome(True, 1, 1000.002, scored=True),
        "1.1": outcome(False, 2, 1000.003, revealed=True, scored=True),
    }
)
BOB = record(
    {"0.0": outcome(True, 2, 2000.001, hint=True), "1.0": outcome(False, 1, 2000.2, revealed=True)},
    open={"1.1": QuestionRecord(False, 1)},
)
CY = record({"0.0": outcome(True, 1, 3000.5)})


def class_of_three(tmp_path: Path) -> list[str]:
    return [
        str(write_export(tmp_path / f"{name.lower()}.json", name, rec))
        for name, rec in (("Ada", ADA), ("Bob", BOB), ("Cy", CY))
    ]


def report(tmp_path: Path, *args: str) -> Result:
    return run_main("report", "--lessons-dir", str(lessons_dir(tmp_path)), *args)


def question_lines(out: str) -> dict[str, list[str]]:
    """The first question table's rows, by "PAGE.Q", split into counts and name."""
    table = out.split("Questions of Demo lesson (demo)", 1)[1].split("\n\n", 1)[0]
    rows = {}
    for line in table.splitlines():
        cells = line.split(None, 9)
        if cells and cells[0].isdecimal():
            rows[f"{cells[0]}.{cells[1]}"] = cells[2:]
    return rows


def test_per_question_statistics_in_text(tmp_path: Path) -> None:
    result = report(tmp_path, *class_of_three(tmp_path))
    assert result.status == 0, result.err
    rows = question_lines(result.out)
    warm_up = "Warm-up: Which array records the rising diagonals?"
    how_many = "Quiz: How many solutions has n=4?"
    #                      done right 1st hints shown open mean/median name
    assert rows["1.1"] == ["3", "3", "2", "1", "0", "0", "1.33/1", warm_up]
    assert rows["2.1"] == ["2", "1", "1", "0", "1", "0", "1/1", EXISTS]
    assert rows["2.2"] == ["1", "0", "0", "0", "1", "1", "2/2", how_many]
    assert list(rows) == ["1.1", "2.1", "2.2"]  # in lesson order
    assert "Student" in result.out  # the class table comes first
    only = report(tmp_path, "--questions", *class_of_three(tmp_path))
    assert "Student" not in only.out and question_lines(only.out) == rows


def test_a_question_nobody_reached_is_listed_with_zeros(tmp_path: Path) -> None:
    result = report(tmp_path, str(write_export(tmp_path / "cy.json", "Cy", CY)))
    rows = question_lines(result.out)
    assert rows["2.2"][:7] == ["0", "0", "0", "0", "0", "0", "-/-"]


def test_per_question_csv_and_json(tmp_path: Path) -> None:
    files = class_of_three(tmp_path)
    result = report(tmp_path, "--format", "csv", "--questions", *files)
    assert result.status == 0, result.err
    rows = list(csv.DictReader(io.StringIO(result.out)))
    first = rows[0]
    assert first == {
        **first, "lesson": "demo", "title": "Demo lesson", "page": "1", "question": "1",
        "answered": "3", "right_first": "2", "hints": "1", "attempts_mean": "1.33",
        "attempts_median": "1.0", "page_title": "Warm-up", "mixed": "0",
    }  # fmt: skip
    data = json.loads(report(tmp_path, "--format", "json", *files).out)
    by_place = {(q["page"], q["question"]): q for q in data["questions"]}
    assert by_place[(2, 2)]["unfinished"] == 1 and by_place[(2, 2)]["shown"] == 1
    assert by_place[(2, 1)]["prompt"] == "Is there a solution for n = 3?"
    assert data["same_answers"] == [] and data["mixed_versions"] == [] and data["problems"] == []
    # the class table's csv is unchanged but for a last column naming files with the same answers
    table = list(csv.DictReader(io.StringIO(report(tmp_path, "--format", "csv", *files).out)))
    assert [row["student"] for row in table] == ["Ada", "Bob", "Cy"]
    assert all(row["same_as"] == "" for row in table)


def test_the_same_answers_under_two_names_flag_both_and_count_once(tmp_path: Path) -> None:
    """Mallory hands in Ada's work under her own name: the files cannot tell who made it, so
    both are flagged alike, whichever order or names the files come in."""
    files = class_of_three(tmp_path)
    mallory = write_export(tmp_path / "aaron.json", "Mal\x1b[2Jlory", ADA)  # sorts first
    for order in ([*files, str(mallory)], [str(mallory), *files]):
        result = report(tmp_path, *order)
        assert result.status == 1
        (warning,) = result.err.splitlines()
        assert "identical answer records in lesson demo" in warning
        assert f"{files[0]} (Ada)" in warning and f"{mallory} (Mal\u241b[2Jlory)" in warning
        assert "\x1b" not in result.err + result.out
        assert question_lines(result.out)["1.1"][:3] == ["3", "3", "2"]  # counted once
        flagged = [line for line in result.out.splitlines() if line.endswith("SAME")]
        assert len(flagged) == 2 and "Ada" in "".join(flagged) and "Mal" in "".join(flagged)
        assert "COPY" not in result.out
    data = json.loads(report(tmp_path, "--format", "json", *files, str(mallory)).out)
    assert data["same_answers"] == [{"lessons": ["demo"], "files": [
        {"source": files[0], "student": "Ada"},
        {"source": str(mallory), "student": "Mal\x1b[2Jlory"},
    ]}]  # fmt: skip
    assert [row["same_as"] for row in data["rows"]] == [[str(mallory)], [], [], [files[0]]]


def test_a_students_own_file_twice_is_theirs_and_counted_once(tmp_path: Path) -> None:
    files = class_of_three(tmp_path)
    again = write_export(tmp_path / "ada-2.json", "Ada", ADA)  # her own download, handed in
    result = report(tmp_path, *files, str(again))
    assert result.status == 0, result.err
    assert "SAME" not in result.out and result.err == ""
    assert question_lines(result.out)["1.1"][:3] == ["3", "3", "2"]  # counted once


def test_equal_outcomes_at_other_times_are_not_a_copy(tmp_path: Path) -> None:
    """Two students who both answered everything right at the first attempt have equal
    outcomes; the times they answered tell them apart."""
    twin = record({key: outcome(True, 1, 5000.0 + i) for i, key in enumerate(ADA.answers)})
    other = record({key: outcome(True, 1, 6000.0 + i) for i, key in enumerate(ADA.answers)})
    files = [write_export(tmp_path / f"{n}.json", n, r) for n, r in (("a", twin), ("b", other))]
    result = report(tmp_path, *map(str, files))
    assert result.status == 0, result.err
    assert question_lines(result.out)["1.1"][:3] == ["2", "2", "2"]


def test_records_without_times_are_compared_whole(tmp_path: Path) -> None:
    plain = {"0.0": QuestionRecord(True, 1)}
    same = [record(plain, updated=1700000000.5), record(plain, updated=1700000000.5)]
    other = record(plain, updated=1700000999.25)  # saved at another time: another run
    files = [
        write_export(tmp_path / f"{i}.json", f"S{i}", rec) for i, rec in enumerate([*same, other])
    ]
    result = report(tmp_path, *map(str, files))
    assert result.status == 1
    assert result.err.count("identical answer records") == 1
    assert f": {files[0]} (S0), {files[1]} (S1);" in result.err and f"{files[2]}" not in result.err


def test_records_of_two_lesson_versions_are_flagged_and_counted_apart(tmp_path: Path) -> None:
    files = class_of_three(tmp_path)
    newer = demo(extra=EXTRA)  # a page inserted before the quiz: the quiz is page 3 there
    eve_record = record(
        {"0.0": outcome(True, 1, 7000.1), "2.0": outcome(True, 1, 7000.2, scored=True)},
        page_keys=lesson_digests(newer),
    )
    eve = tmp_path / "eve.json"
    info = {"demo": LessonInfo("Demo lesson", 3, 2)}  # the record keeps its own digests
    eve.write_text(json.dumps(export_data({"demo": eve_record}, info, "Eve")))
    result = report(tmp_path, *files, str(eve))
    assert result.status == 1
    here, there = version_of_pages(lesson_digests(demo())), version_of_pages(lesson_digests(newer))
    assert (
        "lesson demo: the records were made against 2 versions of the lesson"
        f" (version {min(here, there)}: " in result.err
    )
    assert f"version {there}: {eve}" in result.err
    assert "its question statistics are given per version" in result.err
    tables = result.out.split("Questions of Demo lesson (demo)")
    assert len(tables) == 3  # one per version, the version loaded here first
    assert f"Version {there} only" in tables[2]
    newer_rows = question_lines("Questions of Demo lesson (demo)" + tables[2])
    # Eve's page 3 is the quiz of the lesson loaded here: named through the page digests
    assert newer_rows["3.1"] == ["1", "1", "1", "0", "0", "0", "1/1", EXISTS]
    assert question_lines(result.out)["1.1"][0] == "3"  # Eve is not in this version's counts
    data = json.loads(report(tmp_path, "--format", "json", *files, str(eve)).out)
    assert data["mixed_versions"][0]["versions"][there] == [str(eve)]
    assert {q["version"] for q in data["questions"]} == {here, there}
    assert all(q["mixed"] for q in data["questions"])


def test_question_names_are_data_in_csv(tmp_path: Path) -> None:
    folder = lessons_dir(tmp_path, warm_up="=HYPERLINK(1)")
    file = write_export(tmp_path / "ada.json", "Ada", ADA, demo(warm_up="=HYPERLINK(1)"))
    result = run_main(
        "report", "--lessons-dir", str(folder), "--format", "csv", "--questions", str(file)
    )
    assert result.status == 0, result.err
    rows = list(csv.DictReader(io.StringIO(result.out)))
    assert rows[0]["page_title"] == "'=HYPERLINK(1)"


def test_a_record_loaded_from_another_students_export_is_named(tmp_path: Path) -> None:
    """Provenance: Mallory's record says it was loaded from an export of Ada's (Load
    progress keeps that), which the report names even without Ada's file."""
    came = Loaded("Ada", "2026-11-20T10:00:00Z", 1_795_000_000.0)
    mallory = write_export(tmp_path / "m.json", "Mallory", replace(BOB, loaded=[came]))
    own = write_export(
        tmp_path / "a.json", "Ada", replace(ADA, loaded=[Loaded(" ada ", "2026-11-19", 1.0)])
    )  # her own export, loaded back in another tab: nothing to say
    result = report(tmp_path, str(mallory), str(own))
    assert result.status == 1
    (line,) = result.err.splitlines()
    at = local_minute(datetime.fromtimestamp(1_795_000_000.0).astimezone())  # one format
    assert f"{mallory} (Mallory): lesson demo holds answers first recorded under Ada, " in line
    assert f"loaded on {at} from an export made {shown('2026-11-20T10:00:00Z')};" in line
    data = json.loads(report(tmp_path, "--format", "json", str(mallory)).out)
    assert data["loaded_from_others"] == [{
        "source": str(mallory), "student": "Mallory", "login": "", "lesson": "demo",
        "from_student": "Ada", "from_login": "", "exported": "2026-11-20T10:00:00Z",
        "loaded_at": 1_795_000_000.0,
    }]  # fmt: skip


def test_students_shows_who_missed_which_question_and_when(tmp_path: Path) -> None:
    files = class_of_three(tmp_path)
    result = report(tmp_path, "--students", *files)
    assert result.status == 0, result.err
    blocks: dict[str, list[str]] = {}
    answers = result.out.split("Answers in Demo lesson (demo)\n")[1]
    answers = answers.split("\nReviews (")[0]  # who never reviewed: after
    for line in answers.splitlines():
        if not line.startswith("    "):
            blocks[line.split()[0]] = []
        blocks[list(blocks)[-1]].append(line.strip())
    first = blocks["1.1"]
    assert first[0] == "1.1  Warm-up: Which array records the rising diagonals?"
    by_student = {line.split()[0]: line for line in first[1:]}
    assert by_student["Ada"].endswith("right at the first attempt")
    assert by_student["Bob"].endswith("right after 2 attempts, with a hint")
    assert by_student["Cy"].endswith("right at the first attempt")
    assert "1970-01-01" in by_student["Ada"]  # when (ADA's outcomes are timed near the epoch)
    quiz = {line.split()[0]: line for line in blocks["2.2"][1:]}
    assert quiz["Ada"].endswith("answer shown after 2 attempts")
    assert quiz["Bob"].endswith("not finished: 1 wrong attempt") and " - " in quiz["Bob"]
    assert quiz["Cy"].endswith("reached, not answered")  # on the quiz's page, no answer
    rows = list(csv.DictReader(io.StringIO(report(tmp_path, "--students", "--format", "csv",
                                                  *files).out)))  # fmt: skip
    due = [row for row in rows if row["review"] == "1"]  # never reviewed
    assert all(row["due"] and not row["instance"] for row in due)
    rows = [row for row in rows if row["review"] != "1"]
    assert len(rows) == 3 + 3 + 3  # Ada 3, Bob 2 and 1 open, Cy 1 and 2 reached unanswered
    cy = [(r["page"], r["question"], r["attempts"]) for r in rows if r["student"] == "Cy"]
    assert cy == [("1", "1", "1"), ("2", "1", "0"), ("2", "2", "0")]
    bob = [row for row in rows if row["student"] == "Bob" and row["page"] == "2"]
    assert [(r["question"], r["finished"], r["shown"]) for r in bob] == [
        ("1", "1", "1"),
        ("2", "0", "0"),
    ]
    data = json.loads(report(tmp_path, "--students", "--format", "json", *files).out)
    assert "questions" not in data and len(data["answers"]) == 9
    assert {a["prompt"] for a in data["answers"]} >= {"Is there a solution for n = 3?"}
    assert_usage_error(report(tmp_path, "--students", "--questions", *files), "--students")


def test_a_roster_names_who_has_no_progress_and_who_is_not_on_it(tmp_path: Path) -> None:
    files = class_of_three(tmp_path)
    roster = tmp_path / "roster.txt"
    roster.write_text("# class 2B\n ada \nBob\n\nDee\nEd\u200b\nDee\n", encoding="utf-8")
    result = report(tmp_path, "--roster", str(roster), *files)
    assert result.status == 0, result.err
    assert "No progress from 2 students on the roster: Dee, Ed" in result.out
    assert "Not on the roster (1): Cy" in result.out
    data = json.loads(report(tmp_path, "--roster", str(roster), "--format", "json", *files).out)
    assert data["absent"] == ["Dee", "Ed\u200b"] and data["not_on_roster"] == ["Cy"]
    table = list(csv.DictReader(io.StringIO(
        report(tmp_path, "--roster", str(roster), "--format", "csv", *files).out)))  # fmt: skip
    assert [row["student"] for row in table][-2:] == ["Dee", "Ed\u200b"]
    assert table[-1]["lesson"] == "" and table[-1]["pages_done"] == ""
    assert_usage_error(report(tmp_path, "--roster", str(tmp_path / "none.txt"), *files), "none")
    roster.write_bytes(b"\xff\xfe bad")
    assert_usage_error(report(tmp_path, "--roster", str(roster), *files), "UTF-8")
