"""Question prompts in the report: whole in csv and json and on a text report that is not a
terminal; a question reached, not answered; one title for a lesson in every section (a
built-in's too, in an older export); a question drawn per student (or about the live board at
the tick drawn for them, in a first run and after a restart) named as that student was asked
it, on the line under hers; the statistics say "drawn per student"."""

from __future__ import annotations

import csv
import io
import itertools
import json
from dataclasses import replace
from pathlib import Path

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.parsing.parser import parse
from lessons.progress.export import LessonInfo, checksum, export_text, lesson_info, parse_export
from lessons.progress.records import LessonRecord, QuestionRecord
from lessons.progress.store import ProgressStore
from lessons.quiz.kinds import LIVE
from lessons.runner import LessonRun
from tests.cli.clirun import run_main, run_ok
from tests.cli.inproc import call
from tests.cli.test_report_questions import outcome, record
from tests.tiers import sweep
from tests.unit.lessons.quiz_runs import quiz_page, quiz_run, waiting

LESSON = "iterative"
"""The lesson whose answers the exports hold (the Wrocław lecture's loop)."""


def iterative_keys() -> list[str]:
    lesson = load_catalog("en").find(LESSON)
    assert lesson is not None
    return [
        f"{index}.{number}"
        for index, page in enumerate(lesson.pages)
        for number, _question in enumerate(page.questions)
    ]


@pytest.fixture
def files(tmp_path: Path) -> list[str]:
    answers = {key: QuestionRecord(True, 2, at=1_790_000_000.0) for key in iterative_keys()}
    iterative = LessonRecord(page=3, answers=answers)
    drawn = QuestionRecord(
        True, 1, scored=True, points=1, at=1_790_000_000.0, instance="method=bruteforce n=7"
    )
    naive = LessonRecord(page=6, answers={"6.0": drawn})  # lesson 3's quiz: its own n is 6
    info = {"iterative": LessonInfo("An old title", 10, 5)}
    path = tmp_path / "ada.json"
    text = export_text({"iterative": iterative, "naive-search": naive}, info, student="Ada")
    path.write_text(text, encoding="utf-8")
    return [str(path)]


def test_questions_csv_json_and_text_have_whole_prompts(
    files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _status, out, _err = call(capsys, "report", "--questions", "--format", "csv", *files)
    prompts = [row["prompt"] for row in csv.DictReader(io.StringIO(out))]
    assert prompts and not any(prompt.endswith("…") for prompt in prompts)
    assert max(len(prompt) for prompt in prompts) > 60
    _status, out, _err = call(capsys, "report", "--questions", "--format", "json", *files)
    assert not any(row["prompt"].endswith("…") for row in json.loads(out)["questions"])
    longest = max(prompts, key=len)
    _status, out, _err = call(capsys, "report", "--questions", *files)  # not a terminal
    assert longest in out and "…" not in out


def test_one_title_for_a_lesson_in_every_section(
    files: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    _status, out, _err = call(capsys, "report", "--students", *files)
    assert "An old title" not in out
    _status, out, _err = call(capsys, "report", "--format", "json", *files)
    rows = json.loads(out)["rows"]
    titles = {row["title"] for row in rows if row["lesson"] == LESSON}
    assert titles == {"The iterative backtracker, step by step"}


def test_students_text_wraps_every_prompt_whole(
    files: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Whole prompts, wrapped at 80 columns, as csv and json give them; a drawn question as
    the student was asked it, on the line under hers."""
    drawn = QuestionRecord(False, 3, scored=True, at=1_790_000_100.0, instance="method=columns n=5")
    naive = LessonRecord(page=6, answers={"6.1": drawn})
    bob = tmp_path / "bob.json"
    bob.write_text(export_text({"naive-search": naive}, {}, student="Bob"), encoding="utf-8")
    files = [*files, str(bob)]
    _status, out, _err = call(capsys, "report", "--students", "--format", "json", *files)
    answers = json.loads(out)["answers"]
    prompts = {row["prompt"] for row in answers}
    assert max(len(prompt) for prompt in prompts) > 200  # the loop you drive on 4 x 4
    where = ("Ada", "naive-search", 7, 1)
    (asked,) = [
        a["prompt"]
        for a in answers
        if (a["student"], a["lesson"], a["page"], a["question"]) == where
    ]
    assert "search space for n = 7:" in asked  # as she was asked it: the lesson's own n is 6
    _status, out, _err = call(capsys, "report", "--students", *files)
    answers = out[out.index("Answers in ") :]
    assert "…" not in answers
    assert max(len(line) for line in answers.splitlines()) <= 80
    flowing = " ".join(answers.split())
    for prompt in prompts:
        assert " ".join(prompt.split()) in flowing, prompt
    # a drawn question: the student's own prompt on the line under her outcome
    lines = answers.splitlines()
    at = next(n for n, line in enumerate(lines) if "right at the first attempt" in line)
    assert lines[at + 1].startswith("      Brute force puts n queens")
    assert "search space for n = 7:" in " ".join(" ".join(lines[at + 1 : at + 4]).split())
    at = next(n for n, line in enumerate(lines) if "3 wrong attempts" in line)
    assert lines[at + 1].startswith("      One queen per column")
    assert "search space for n = 5:" in " ".join(" ".join(lines[at + 1 : at + 4]).split())


COUNTING = """@lesson my-counting
@title My counting

@page Counting
Small boards have few solutions.
@question solutions n=4
@end

@quiz
@question solutions n=5 pool=5..7
@end
"""
OWN = "How many solutions does the 5 x 5 board have?"


def left_on_the_quiz(folder: Path, tmp_path: Path, name: str, not_n: set[int]) -> tuple[Path, str]:
    """A student who reached the quiz page and answered nothing there: their export, and the
    prompt the tutor showed them (a size not in ``not_n``)."""
    lesson = next(each for each in load_catalog("en", [folder]).lessons if each.id == "my-counting")
    for seed in range(1, 200):
        store = ProgressStore(tmp_path / name / "progress.json")
        run = LessonRun(lesson, store, page=0)
        run.record.seed = seed
        run.goto(1)
        assert run.asked is not None
        prompt = " ".join(run.asked.posed.prompt.split())
        if not any(f"{n} x {n}" in prompt for n in not_n):
            break
    info = {"my-counting": LessonInfo(lesson.title, len(lesson.pages), lesson.max_score)}
    path = tmp_path / f"{name}.json"
    path.write_text(export_text({"my-counting": run.record}, info, student=name), "utf-8")
    return path, prompt


def test_an_unanswered_drawn_question_is_named_as_the_student_saw_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "11-count.md").write_text(COUNTING, encoding="utf-8")
    carol, carols = left_on_the_quiz(folder, tmp_path, "Carol", {5})
    dan, dans = left_on_the_quiz(folder, tmp_path, "Dan", {5, int(carols.split(" x ")[0][-1])})
    assert carols != dans and OWN not in (carols, dans)
    base = ["report", "--students", "--lessons-dir", str(folder), str(carol), str(dan)]
    status, out, err = call(capsys, *base, "--format", "csv")
    assert status == 0, err
    rows = [row for row in csv.DictReader(io.StringIO(out)) if row.get("page") == "2"]
    assert {row["student"]: row["prompt"] for row in rows} == {"Carol": carols, "Dan": dans}
    status, out, err = call(capsys, *base)
    lines = out.splitlines()
    heading = next(line for line in lines if line.strip().startswith("2.1"))
    assert "solutions" not in heading, heading  # no one student's instance above everyone's
    # each student's own prompt on the line under hers
    pairs = [(a.split()[0], b.strip()) for a, b in itertools.pairwise(lines) if a.strip()]
    assert ("Carol", carols) in pairs and ("Dan", dans) in pairs, out


def _export(
    tmp_path: Path, name: str, seed: int, answer: int, again: bool = False
) -> tuple[Path, dict[int, str]]:
    """A student's export of lesson 5's quiz (``answer`` questions answered, the next left
    waiting) and each live prompt she was shown; ``again``: in a second run of the lesson."""
    i18n.set_language("en")
    lesson = load_catalog("en").find("iterative")
    assert lesson is not None
    path = tmp_path / name / "progress.json"
    run = quiz_run(lesson, seed, path)
    if again:
        for _asked in waiting(run):
            run.reveal()
        run.restart()
        run = quiz_run(lesson, seed, path)
        assert run.record.attempt == 1
    shown: dict[int, str] = {}
    for number, asked in enumerate(waiting(run)):
        if asked.question.kind in LIVE:
            # the question as asked, without the line that says where in the search it is
            # ("Later in the same search: tick 64."): the report names the question
            prompt = asked.posed.prompt
            moments = ("Later in the same search:", "Earlier in the same search:")
            if prompt.startswith((*moments, "The board shows this search at tick")):
                prompt = prompt.partition("\n")[2]
            shown[number] = " ".join(prompt.split())
        if number == answer:
            break
        run.reveal()
    record = ProgressStore(path).lesson(lesson.id)
    info = {lesson.id: LessonInfo(lesson.title, len(lesson.pages), lesson.max_score)}
    out = tmp_path / f"{name}.json"
    out.write_text(export_text({lesson.id: record}, info, student=name), "utf-8")
    return out, shown


# after a restart (a run drawn anew, kept off what the first asked) everyday; a first run in
# the thorough tier
@pytest.mark.parametrize("again", sweep([False, True], everyday=[True]))
def test_live_quiz_questions_are_named_at_the_students_own_tick(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], again: bool
) -> None:
    lesson = load_catalog("en").find("iterative")
    assert lesson is not None
    quiz = quiz_page(lesson) + 1
    cleo, cleos = _export(tmp_path, "Cleo", 84_001, 3, again)
    dan, dans = _export(tmp_path, "Dan", 912_377, 3, again)
    assert len(cleos) >= 3 and cleos != dans  # the two were asked different situations
    base = ["report", "--students", "--format", "csv", str(cleo), str(dan)]
    status, out, err = call(capsys, *base)
    assert status == 0, err
    rows = [row for row in csv.DictReader(io.StringIO(out)) if row["page"] == str(quiz)]
    for student, shown in (("Cleo", cleos), ("Dan", dans)):
        mine = [row for row in rows if row["student"] == student]
        prompts = {int(row["question"]) - 1: row["prompt"] for row in mine}
        for number, prompt in shown.items():  # answered (shown), and the one left waiting
            assert prompts[number] == prompt, (student, number)
    status, out, err = call(capsys, "report", str(cleo), str(dan))
    assert status == 0, err
    marked = [line for line in out.splitlines() if "drawn per student" in line]
    assert any("Column" in line for line in marked), out


LONG = (
    "Counting every placement of eight queens on the board, one per column, how many "
    "candidates does the naive search examine?"
)
LONG_LESSON = f"""\
@lesson demo
@title Demo lesson

@page Warm-up
@question number
prompt: {LONG}
answer: 16777216
@end
@question number
prompt: How many solutions has n = 4?
answer: 2
@end
"""


def long_course(tmp_path: Path) -> Path:
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "demo.md").write_text(LONG_LESSON, encoding="utf-8")
    return folder


def long_export(
    path: Path, name: str, record: LessonRecord, key: str = "demo", **more: str
) -> Path:
    """An export of ``record`` of the course's lesson ``demo``, its prompt :data:`LONG`."""
    lessons = load_catalog("en", [path.parent / "course"], only_course=True).lessons
    text = export_text({key: record}, lesson_info(lessons), name, **more)  # type: ignore[arg-type]
    path.write_text(text, encoding="utf-8")
    return path


def test_students_lists_reached_questions_whole_prompts_and_absent_students(tmp_path: Path) -> None:
    folder = long_course(tmp_path)
    started = LessonRecord(page=0, answers={"0.1": QuestionRecord(True, 1, at=1_795_000_000.0)})
    ada = long_export(tmp_path / "ada.json", "Ada", started)
    roster = tmp_path / "roster.txt"
    roster.write_text("Ada\nBea\n", encoding="utf-8")
    base = ["report", "--students", "--lessons-dir", str(folder), "--only-course", str(ada)]
    text = run_main(*base).out
    assert "reached, not answered" in text  # 1.1: on her page, never answered
    assert LONG not in text and LONG[:40] in text  # wrapped
    rows = list(csv.DictReader(io.StringIO(run_main(*base, "--format", "csv",
                                                   "--roster", str(roster)).out)))  # fmt: skip
    first = next(row for row in rows if row["question"] == "1")
    assert first["prompt"] == LONG and first["attempts"] == "0" and first["finished"] == "0"
    assert rows[-1]["student"] == "Bea" and rows[-1]["lesson"] == ""  # on the roster, absent
    data = json.loads(run_main(*base, "--format", "json").out)
    assert LONG in {answer["prompt"] for answer in data["answers"]}


def test_only_course_still_names_the_built_in_lessons_of_an_older_export(tmp_path: Path) -> None:
    folder = long_course(tmp_path)
    path = tmp_path / "old.json"
    data = json.loads(export_text({"problem": LessonRecord(page=1)}, {}, "Ada"))
    del data["lesson_info"]  # an export of a tutor before lesson_info: no titles of its own
    data["checksum"] = checksum(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    assert parse_export(path.read_text()).info == {}
    title = load_catalog("en").find("problem").title  # type: ignore[union-attr]
    result = run_ok("report", "--lessons-dir", str(folder), "--only-course", str(path))
    assert f"{title} (problem)" in result.out


DRAWN = """\
@lesson drawn
@title Drawn lesson

@page Board
@board n=5

@quiz
@question same-diagonal square=1,0 other=3,2
@end
"""


def test_a_question_drawn_per_student_is_named_so_in_the_statistics(tmp_path: Path) -> None:
    """The statistics' prompt of a quiz question drawn per student has the
    lesson's own numbers, which nobody was asked: it says it was drawn per student."""
    folder = tmp_path / "lessons"
    folder.mkdir()
    (folder / "drawn.md").write_text(DRAWN, encoding="utf-8")
    lesson = parse(DRAWN, "drawn.md").lesson
    assert lesson is not None
    asked = outcome(True, 1, 1000.5, scored=True)
    rec = record({"1.0": replace(asked, instance="square=3,0 other=4,1")})
    path = tmp_path / "ada.json"
    path.write_text(export_text({"drawn": rec}, lesson_info([lesson]), "Ada"), encoding="utf-8")
    result = run_main(
        "report", "--questions", "--format", "json", "--lessons-dir", str(folder), str(path)
    )
    prompts = [row["prompt"] for row in json.loads(result.out)["questions"]]
    assert len(prompts) == 1
    assert prompts[0].startswith("drawn per student, e.g.: Column 1, row 0 and column 3, row 2")
