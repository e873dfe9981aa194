"""``queens-tutor report``'s per-question statistics, copies and mixed lesson versions, on
hand-made exports of a lesson written here (loaded with --lessons-dir: questions are named by
their page and prompt)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from lessons.model import Lesson
from lessons.parsing.parser import parse
from lessons.progress.export import LessonInfo, export_data, lesson_info
from lessons.progress.moved_pages import lesson_digests
from lessons.progress.records import LessonRecord, Loaded, QuestionRecord
from lessons.report.checks import version_of_pages
from lessons.shown_time import local_minute, shown
from tests.cli.clirun import Result, assert_usage_error, run_main, run_ok

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
TABLE = "Questions of Demo lesson (demo)"


def demo(warm_up: str = "Warm-up", extra: str = "") -> Lesson:
    lesson = parse(LESSON.format(warm_up=warm_up, extra=extra), "demo.md").lesson
    assert lesson is not None
    return lesson


def lessons_dir(tmp_path: Path, warm_up: str = "Warm-up") -> Path:
    folder = tmp_path / "lessons"
    folder.mkdir(exist_ok=True)
    (folder / "demo.md").write_text(LESSON.format(warm_up=warm_up, extra=""))
    return folder


def outcome(
    right: bool, attempts: int, at: float, *, hint: bool = False, revealed: bool = False,
    scored: bool = False,
) -> QuestionRecord:  # fmt: skip
    return QuestionRecord(right, attempts, hint=hint, revealed=revealed, scored=scored, at=at)


def record(answers: dict[str, QuestionRecord], **fields: object) -> LessonRecord:
    return LessonRecord(page=1, answers=answers, **fields)  # type: ignore[arg-type]


def write_export(path: Path, student: str, rec: LessonRecord, lesson: Lesson | None = None) -> Path:
    info = lesson_info([lesson or demo()])
    path.write_text(json.dumps(export_data({"demo": rec}, info, student)))
    return path


ADA = record({
    "0.0": outcome(True, 1, 1000.001), "1.0": outcome(True, 1, 1000.002, scored=True),
    "1.1": outcome(False, 2, 1000.003, revealed=True, scored=True),
})  # fmt: skip
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


def as_json(tmp_path: Path, *args: str) -> Any:
    return json.loads(report(tmp_path, "--format", "json", *args).out)


def as_csv(tmp_path: Path, *args: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(report(tmp_path, "--format", "csv", *args).out)))


def question_lines(out: str) -> dict[str, list[str]]:
    """The first question table's rows, by "PAGE.Q", split into counts and name."""
    rows = {}
    for line in out.split(TABLE, 1)[1].split("\n\n", 1)[0].splitlines():
        cells = line.split(None, 9)
        if cells and cells[0].isdecimal():
            rows[f"{cells[0]}.{cells[1]}"] = cells[2:]
    return rows


def test_per_question_statistics_in_text_csv_and_json(tmp_path: Path) -> None:
    files = class_of_three(tmp_path)
    result = report(tmp_path, *files)
    assert result.status == 0, result.err
    rows = question_lines(result.out)
    warm_up = "Warm-up: Which array records the rising diagonals?"
    #                      done right 1st hints shown open mean/median name
    assert rows == {  # in lesson order
        "1.1": ["3", "3", "2", "1", "0", "0", "1.33/1", warm_up],
        "2.1": ["2", "1", "1", "0", "1", "0", "1/1", EXISTS],
        "2.2": ["1", "0", "0", "0", "1", "1", "2/2", "Quiz: How many solutions has n=4?"],
    }
    assert list(rows) == ["1.1", "2.1", "2.2"] and "Student" in result.out  # the class first
    only = report(tmp_path, "--questions", *files)
    assert "Student" not in only.out and question_lines(only.out) == rows
    nobody = report(tmp_path, str(write_export(tmp_path / "cy.json", "Cy", CY)))
    assert question_lines(nobody.out)["2.2"][:7] == ["0", "0", "0", "0", "0", "0", "-/-"]
    first = as_csv(tmp_path, "--questions", *files)[0]
    assert first == {
        **first, "lesson": "demo", "title": "Demo lesson", "page": "1", "question": "1",
        "answered": "3", "right_first": "2", "hints": "1", "attempts_mean": "1.33",
        "attempts_median": "1.0", "page_title": "Warm-up", "mixed": "0",
    }  # fmt: skip
    data = as_json(tmp_path, *files)
    by_place = {(q["page"], q["question"]): q for q in data["questions"]}
    assert by_place[(2, 2)]["unfinished"] == 1 and by_place[(2, 2)]["shown"] == 1
    assert by_place[(2, 1)]["prompt"] == "Is there a solution for n = 3?"
    assert data["same_answers"] == [] and data["mixed_versions"] == [] and data["problems"] == []
    # the class table's csv: a last column naming files with the same answers
    table = as_csv(tmp_path, *files)
    assert [(row["student"], row["same_as"]) for row in table] == [
        ("Ada", ""),
        ("Bob", ""),
        ("Cy", ""),
    ]


def test_the_same_answers_under_two_names_flag_both_and_count_once(tmp_path: Path) -> None:
    """Mallory hands in Ada's work under her own name: the files cannot tell who made it, so
    both are flagged alike, whichever order the files come in."""
    files = class_of_three(tmp_path)
    mallory = str(write_export(tmp_path / "aaron.json", "Mal\x1b[2Jlory", ADA))  # sorts first
    for order in ([*files, mallory], [mallory, *files]):
        result = report(tmp_path, *order)
        (warning,) = result.err.splitlines()
        assert result.status == 1 and "identical answer records in lesson demo" in warning
        assert f"{files[0]} (Ada)" in warning and f"{mallory} (Mal\u241b[2Jlory)" in warning
        assert "\x1b" not in result.err + result.out and "COPY" not in result.out
        assert question_lines(result.out)["1.1"][:3] == ["3", "3", "2"]  # counted once
        flagged = "".join(line for line in result.out.splitlines() if line.endswith("SAME"))
        assert flagged.count("SAME") == 2 and "Ada" in flagged and "Mal" in flagged
    data = as_json(tmp_path, *files, mallory)
    assert data["same_answers"] == [{"lessons": ["demo"], "files": [
        {"source": files[0], "student": "Ada"}, {"source": mallory, "student": "Mal\x1b[2Jlory"},
    ]}]  # fmt: skip
    assert [row["same_as"] for row in data["rows"]] == [[mallory], [], [], [files[0]]]
    # her own download handed in beside her file: hers, counted once
    again = write_export(tmp_path / "ada-2.json", "Ada", ADA)
    result = report(tmp_path, *files, str(again))
    assert (result.status, result.err) == (0, "") and "SAME" not in result.out
    assert question_lines(result.out)["1.1"][:3] == ["3", "3", "2"]


def test_equal_outcomes_are_a_copy_only_at_equal_times(tmp_path: Path) -> None:
    """All right at the first attempt at other times: not a copy; records without times are
    compared whole (saved at another time: another run)."""
    twin = record({key: outcome(True, 1, 5000.0 + i) for i, key in enumerate(ADA.answers)})
    other = record({key: outcome(True, 1, 6000.0 + i) for i, key in enumerate(ADA.answers)})
    files = [write_export(tmp_path / f"{n}.json", n, r) for n, r in (("a", twin), ("b", other))]
    result = report(tmp_path, *map(str, files))
    assert result.status == 0 and question_lines(result.out)["1.1"][:3] == ["2", "2", "2"]
    plain = {"0.0": QuestionRecord(True, 1)}
    untimed = [record(plain, updated=at) for at in (1700000000.5, 1700000000.5, 1700000999.25)]
    files = [write_export(tmp_path / f"{i}.json", f"S{i}", rec) for i, rec in enumerate(untimed)]
    result = report(tmp_path, *map(str, files))
    assert result.status == 1 and result.err.count("identical answer records") == 1
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
    here, there = version_of_pages(lesson_digests(demo())), version_of_pages(lesson_digests(newer))
    assert result.status == 1
    assert (
        "lesson demo: the records were made against 2 versions of the lesson"
        f" (version {min(here, there)}: " in result.err
    )
    assert f"version {there}: {eve}" in result.err
    assert "its question statistics are given per version" in result.err
    tables = result.out.split(TABLE)
    assert len(tables) == 3 and f"Version {there} only" in tables[2]  # this version first
    # Eve's page 3 is the quiz of the lesson loaded here: named through the page digests
    assert question_lines(TABLE + tables[2])["3.1"] == ["1", "1", "1", "0", "0", "0", "1/1", EXISTS]
    assert question_lines(result.out)["1.1"][0] == "3"  # Eve is not in this version's counts
    data = as_json(tmp_path, *files, str(eve))
    assert data["mixed_versions"][0]["versions"][there] == [str(eve)]
    assert {q["version"] for q in data["questions"]} == {here, there}
    assert all(q["mixed"] for q in data["questions"])


def test_question_names_are_data_in_csv(tmp_path: Path) -> None:
    folder = lessons_dir(tmp_path, warm_up="=HYPERLINK(1)")
    file = write_export(tmp_path / "ada.json", "Ada", ADA, demo(warm_up="=HYPERLINK(1)"))
    argv = ("report", "--lessons-dir", str(folder), "--format", "csv", "--questions", str(file))
    result = run_ok(*argv)
    assert next(csv.DictReader(io.StringIO(result.out)))["page_title"] == "'=HYPERLINK(1)"


def test_a_record_loaded_from_another_students_export_is_named(tmp_path: Path) -> None:
    """Mallory's record says it was loaded from an export of Ada's, which the report names even
    without Ada's file; Ada's own export loaded back in another tab: nothing to say."""
    came = Loaded("Ada", "2026-11-20T10:00:00Z", 1_795_000_000.0)
    mallory = write_export(tmp_path / "m.json", "Mallory", replace(BOB, loaded=[came]))
    back = replace(ADA, loaded=[Loaded(" ada ", "2026-11-19", 1.0)])
    result = report(tmp_path, str(mallory), str(write_export(tmp_path / "a.json", "Ada", back)))
    (line,) = result.err.splitlines()
    at = local_minute(datetime.fromtimestamp(1_795_000_000.0).astimezone())  # one format
    assert result.status == 1
    assert f"{mallory} (Mallory): lesson demo holds answers first recorded under Ada, " in line
    assert f"loaded on {at} from an export made {shown('2026-11-20T10:00:00Z')};" in line
    assert as_json(tmp_path, str(mallory))["loaded_from_others"] == [{
        "source": str(mallory), "student": "Mallory", "login": "", "lesson": "demo",
        "from_student": "Ada", "from_login": "", "exported": "2026-11-20T10:00:00Z",
        "loaded_at": 1_795_000_000.0,
    }]  # fmt: skip


def test_students_shows_who_missed_which_question_and_when(tmp_path: Path) -> None:
    files = class_of_three(tmp_path)
    result = report(tmp_path, "--students", *files)
    assert result.status == 0, result.err
    blocks: dict[str, list[str]] = {}
    answers = result.out.split("Answers in Demo lesson (demo)\n")[1].split("\nReviews (")[0]
    for line in answers.splitlines():  # who never reviewed: after
        if not line.startswith("    "):
            blocks[line.split()[0]] = []
        blocks[list(blocks)[-1]].append(line.strip())
    assert blocks["1.1"][0] == "1.1  Warm-up: Which array records the rising diagonals?"
    first = {line.split()[0]: line for line in blocks["1.1"][1:]}
    quiz = {line.split()[0]: line for line in blocks["2.2"][1:]}
    for said, ends in (
        (first["Ada"], "right at the first attempt"), (first["Cy"], "right at the first attempt"),
        (first["Bob"], "right after 2 attempts, with a hint"),
        (quiz["Ada"], "answer shown after 2 attempts"),
        (quiz["Bob"], "not finished: 1 wrong attempt"),
        (quiz["Cy"], "reached, not answered"),  # on the quiz's page, no answer
    ):  # fmt: skip
        assert said.endswith(ends), (said, ends)
    assert "1970-01-01" in first["Ada"] and " - " in quiz["Bob"]  # when (ADA's near the epoch)
    rows = as_csv(tmp_path, "--students", *files)
    due = [row for row in rows if row["review"] == "1"]  # never reviewed
    assert all(row["due"] and not row["instance"] for row in due)
    rows = [row for row in rows if row["review"] != "1"]
    assert len(rows) == 3 + 3 + 3  # Ada 3, Bob 2 and 1 open, Cy 1 and 2 reached unanswered
    cy = [(r["page"], r["question"], r["attempts"]) for r in rows if r["student"] == "Cy"]
    assert cy == [("1", "1", "1"), ("2", "1", "0"), ("2", "2", "0")]
    bob = [(r["question"], r["finished"], r["shown"]) for r in rows
           if r["student"] == "Bob" and r["page"] == "2"]  # fmt: skip
    assert bob == [("1", "1", "1"), ("2", "0", "0")]
    data = as_json(tmp_path, "--students", *files)
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
    data = as_json(tmp_path, "--roster", str(roster), *files)
    assert data["absent"] == ["Dee", "Ed\u200b"] and data["not_on_roster"] == ["Cy"]
    table = as_csv(tmp_path, "--roster", str(roster), *files)
    assert [row["student"] for row in table][-2:] == ["Dee", "Ed\u200b"]
    assert table[-1]["lesson"] == "" and table[-1]["pages_done"] == ""
    assert_usage_error(report(tmp_path, "--roster", str(tmp_path / "none.txt"), *files), "none")
    roster.write_bytes(b"\xff\xfe bad")
    assert_usage_error(report(tmp_path, "--roster", str(roster), *files), "UTF-8")


def test_an_answer_shown_before_any_attempt_leaves_the_mean_attempts(tmp_path: Path) -> None:
    """An answer shown after 0 attempts does not pull the mean attempts below 1."""
    ada = write_export(tmp_path / "ada.json", "Ada", record({"0.0": outcome(True, 1, 1000.5)}))
    shown = record({"0.0": outcome(False, 0, 2000.5, revealed=True)})
    bob = write_export(tmp_path / "bob.json", "Bob", shown)
    first = as_json(tmp_path, str(ada), str(bob))["questions"][0]
    assert (first["answered"], first["shown"]) == (2, 1)
    assert first["attempts_mean"] == first["attempts_median"] == 1
