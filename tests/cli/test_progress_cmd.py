"""``queens-tutor progress``: progress, scores and the file's path; ``--reset`` asks first; a
lesson started again stands as the menu says; ``--export FILE`` writes a new regular file only
(anything else at FILE refused and left, an existing file kept unless ``--force``, the file
whole by an atomic rename); with a course's calendar, each lesson's due date and whether it was
handed in on time or late, in local time with its zone, and in csv and json the points that
count."""

from __future__ import annotations

import csv
import io
import json
import os
import pty
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from lessons.progress.words import completion_words
from lessons.shown_time import with_zone
from tests.built_in import LESSONS
from tests.cli.clirun import Result, assert_usage_error, run_main, run_ok
from tests.cli.course_kit import machine_zone
from tests.cli.test_course_identity import DUE, EXTENDED, account, course, tutor
from tests.unit.lessons.review_progress import lesson, store_at

SAVED = {
    "schema": 1,
    "lessons": {
        "problem": {"page": 5, "completed": True, "best_score": 4, "max_score": 5, "answers": {}},
        "iterative": {
            "page": 3,
            "answers": {"9.0": {"right": True, "attempts": 1, "scored": True, "points": 1}},
        },
        "teachers-own": {"page": 1, "answers": {}},
    },
}


def progress_file(tmp_path: Path) -> tuple[Path, dict[str, str]]:
    folder = tmp_path / "data" / "queens-tutor"
    folder.mkdir(parents=True)
    path = folder / "progress.json"
    path.write_text(json.dumps(SAVED))
    return path, {"XDG_DATA_HOME": str(tmp_path / "data")}


def test_progress_in_json_and_text_gives_the_path_scores_and_pages(tmp_path: Path) -> None:
    """The text says "page 4/11" where the json says page 4 of 11 pages, for every lesson."""
    (tmp_path / "none").mkdir()  # nothing saved yet: nothing created
    result = run_main("progress", env={"XDG_DATA_HOME": str(tmp_path / "none")})
    assert result.status == 0 and f"0 lessons out of {LESSONS} done" in result.out
    assert list((tmp_path / "none").iterdir()) == []
    path, env = progress_file(tmp_path)
    result = run_ok("progress", "--format", "json", env=env)
    data = json.loads(result.out)
    assert data["path"] == str(path)
    rows = {row["id"]: row for row in data["lessons"]}
    assert rows["problem"]["completed"] and rows["problem"]["best_score"] == 4
    assert rows["iterative"]["page"] == 4 and rows["iterative"]["score"] == 1  # from 1
    assert not rows["diagonals"]["started"]
    assert data["other_lessons"]["teachers-own"]["page"] == 2
    text = run_main("progress", env=env)
    assert text.status == 0 and f"Progress file: {path}" in text.out
    assert f"1 lesson out of {LESSONS} done" in text.out
    assert "The iterative backtracker, step by step  [page 4/11]" in text.out
    started = [row for row in data["lessons"] if row["started"] and not row["completed"]]
    assert started
    for row in started:
        assert f"{row['title']}  [page {row['page']}/{row['pages']}]" in text.out
    for key, record in data["other_lessons"].items():
        assert f"{key} (a lesson not loaded now)  [page {record['page']}]" in text.out


def test_corrupt_file_is_reported_left_by_a_read_and_kept_by_a_save(tmp_path: Path) -> None:
    path, env = progress_file(tmp_path)
    path.write_text("garbage")
    for command in (["progress"], ["lessons", "list"]):
        result = run_ok(*command, env=env)
        assert "not valid JSON" in result.err and "left as it is" in result.err, result.err
    (warning,) = json.loads(run_main("progress", "--format", "json", env=env).out)["warnings"]
    assert "left as it is" in warning
    # Only reading: the file is neither renamed nor changed.
    assert sorted(p.name for p in path.parent.iterdir()) == ["progress.json"]
    assert path.read_text() == "garbage"
    result = run_ok("progress", "--reset", "--yes", env=env)  # a save: set aside, then written
    assert [p.read_text() for p in path.parent.glob("progress.json.corrupt-*")] == ["garbage"]


def test_reset_asks_on_the_terminal_and_refuses_without_one_unless_yes(tmp_path: Path) -> None:
    path, env = progress_file(tmp_path)
    status, shown = _on_terminal("no", env)
    assert status == 1 and "Nothing was changed." in shown
    assert json.loads(path.read_text()) == SAVED
    status, shown = _on_terminal("yes", env)
    assert status == 0 and "Progress reset" in shown
    assert json.loads(path.read_text())["lessons"] == {}
    path.write_text(json.dumps(SAVED))  # without a terminal
    assert_usage_error(run_main("progress", "--reset", env=env), "--yes")
    assert json.loads(path.read_text()) == SAVED
    assert_usage_error(run_main("progress", "--yes", env=env), "--reset")
    result = run_main("progress", "--reset", "--yes", env=env)
    assert result.status == 0 and "Progress reset" in result.out
    assert json.loads(path.read_text())["lessons"] == {}


def _on_terminal(answer: str, env: dict[str, str]) -> tuple[int, str]:
    """Run ``progress --reset`` on a pseudo-terminal and type ``answer`` at the question."""
    leader, follower = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "tui", "progress", "--reset"],
        stdin=follower,
        stdout=follower,
        stderr=follower,
        env={**os.environ, **env},
    )
    os.close(follower)
    seen = b""
    deadline = time.monotonic() + 60
    while b"Type yes to confirm" not in seen and time.monotonic() < deadline:
        seen += os.read(leader, 1024)
    os.write(leader, answer.encode() + b"\n")
    status = proc.wait(timeout=60)
    try:
        while chunk := os.read(leader, 1024):
            seen += chunk
    except OSError:
        pass
    os.close(leader)
    return status, seen.decode(errors="replace")


def test_load_a_downloaded_file_too_long_to_paste(tmp_path: Path) -> None:
    """``--load FILE``: what the Load progress dialog points to for a file a paste cuts."""
    from lessons.progress.export import LessonInfo, export_data
    from lessons.progress.records import LessonRecord

    info = {"iterative": LessonInfo("The iterative backtracker", 10, 5)}
    data = export_data({"iterative": LessonRecord(page=7)}, info, "A" * 300_000)  # > a paste
    export = tmp_path / "queens-tutor-progress-ada.json"
    export.write_text(json.dumps(data, indent=1))
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    result = run_main("progress", "--load", str(export), env=env)
    assert (result.status, result.err) == (0, ""), result
    assert result.out.strip() == "Progress of 1 lesson loaded."
    shown = json.loads(run_main("progress", "--format", "json", env=env).out)
    (row,) = [row for row in shown["lessons"] if row["id"] == next(iter(info))]
    assert row["page"] == 8  # shown counting from 1


def test_load_refuses_what_is_not_an_intact_export(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    assert_usage_error(
        run_main("progress", "--load", str(tmp_path / "no.json"), env=env), "no such file"
    )
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": ')
    assert_usage_error(run_main("progress", "--load", str(broken), env=env), "not valid JSON")
    assert_usage_error(run_main("progress", "--load", str(broken), "--reset", env=env), "--load")
    assert not (tmp_path / "data" / "queens-tutor" / "progress.json").exists()


@pytest.mark.parametrize(
    ("lang", "again", "best", "page", "words"),
    [("en", True, 3, 2, "done; again at page 3/6, best 3/6"),  # counted as done
     ("it", False, 4, 5, None)],
)  # fmt: skip
def test_progress_and_lessons_list_say_what_the_menu_says_of_each_lesson(
    tmp_path: Path, lang: str, again: bool, best: int, page: int, words: str | None
) -> None:
    """A lesson done (or started again: at its page, with its best score), and one never
    begun, in the lesson menu's words, in English or another language."""
    from lessons import i18n

    store = store_at(tmp_path)
    record = store.lesson("problem")
    record.completed, record.again, record.best_score, record.page = True, again, best, page
    assert store.save("problem", record)
    with i18n.speaking(lang):
        done = completion_words(store.lesson("problem"), lesson("problem"))
        new = completion_words(None, lesson("problem"))
    assert words is None or done == words
    for command in (("progress",), ("lessons", "list")):
        text = run_main(*command, "--lang", lang, env={"XDG_DATA_HOME": str(tmp_path)})
        lines = text.out.splitlines()
        (line,) = [line for line in lines if line.endswith(f"[{done}]")]
        assert text.status == 0, text.err
        if command == ("progress",) and lang == "en":  # started again, counted as done
            assert "1 lesson out of" in text.out
    # lessons list: the lesson first, every other one new
    assert lines[0] == line and all(line.endswith(f"[{new}]") for line in lines[1:9]), lines


def _export(tmp_path: Path, target: Path, *extra: str) -> Result:
    if not (tmp_path / "data").exists():
        progress_file(tmp_path)
    env = {"XDG_DATA_HOME": str(tmp_path / "data")}
    return run_main("progress", "--export", str(target), *extra, env=env)


def _device(path: Path) -> None:
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root")
    os.mknod(path, stat.S_IFCHR | 0o666, os.makedev(1, 3))  # /dev/null's numbers


def _socket(path: Path) -> None:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    server.close()  # the socket file stays


MAKERS: dict[str, Callable[[Path], None]] = {
    "device": _device, "fifo": os.mkfifo, "socket": _socket, "folder": Path.mkdir,
}  # fmt: skip


@pytest.mark.parametrize("kind", list(MAKERS))
@pytest.mark.parametrize("force", [False, True])
def test_what_is_no_regular_file_is_refused_and_left(
    tmp_path: Path, kind: str, force: bool
) -> None:
    target = tmp_path / "out.json"
    MAKERS[kind](target)
    before = os.lstat(target)
    result = _export(tmp_path, target, *(["--force"] if force else []))
    assert_usage_error(result, "--export", "out.json", "is not written")
    after = os.lstat(target)
    left = [(info.st_mode, info.st_ino, info.st_rdev) for info in (before, after)]
    assert left[0] == left[1]
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".out.json")] == []


@pytest.mark.parametrize("force", [False, True])
def test_a_symbolic_link_is_not_followed(tmp_path: Path, force: bool) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    target = tmp_path / "out.json"
    target.symlink_to(victim)
    result = _export(tmp_path, target, *(["--force"] if force else []))
    assert_usage_error(result, "symbolic link")
    assert target.is_symlink() and victim.read_text() == "keep me"
    dangling = tmp_path / "dangling.json"
    dangling.symlink_to(tmp_path / "created-through-the-link.json")
    assert_usage_error(_export(tmp_path, dangling), "symbolic link")
    assert not (tmp_path / "created-through-the-link.json").exists()


def test_a_new_export_is_a_whole_regular_file_an_old_one_kept_unless_forced(tmp_path: Path) -> None:
    target = tmp_path / "new.json"
    result = _export(tmp_path, target)
    assert result.status == 0, result.err
    info = os.lstat(target)
    assert stat.S_ISREG(info.st_mode) and info.st_nlink == 1  # the temporary name is gone
    assert info.st_mode & 0o777 == 0o644 & ~_umask()
    assert json.loads(target.read_text())["format"] == "queens-tutor-progress-export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "new.json"]
    target = tmp_path / "exist.json"  # an existing export is kept unless forced
    target.write_text("OLD\n")
    assert_usage_error(_export(tmp_path, target), "exists already", "--force")
    assert target.read_text() == "OLD\n"
    result = _export(tmp_path, target, "--force")
    assert result.status == 0, result.err
    assert json.loads(target.read_text())["format"] == "queens-tutor-progress-export"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


__all__ = ["course"]  # the fixture, used by name


@pytest.fixture
def tokyo() -> Iterator[None]:
    """The student's machine is in Tokyo (the course's dates are written with another
    offset)."""
    with machine_zone("Asia/Tokyo"):
        yield


def test_progress_shows_each_lessons_due_date_and_how_it_was_handed_in(
    course: Path, tmp_path: Path, tokyo: None
) -> None:
    ada = account(tmp_path / "s-ada", "ada")
    tutor(ada, course, "--plain", stdin="lesson 20\n2\nenter\n10\nenter\n")
    shown = tutor(ada, course, "progress")
    alpha = next(line for line in shown.out.splitlines() if "Lesson alpha" in line)
    beta = next(line for line in shown.out.splitlines() if "Lesson beta" in line)
    assert "week1: due " + with_zone(DUE) + "; handed in late; counts 1/2" in alpha, alpha
    assert "JST" in alpha  # her local time, with its zone, as the menu says it
    assert "[new]" in beta and "week1" not in beta  # beta is in no assignment
    data = json.loads(tutor(ada, course, "progress", "--format", "json").out)
    rows = {row["id"]: row for row in data["lessons"]}
    assert rows["alpha"]["course"] == {
        "assignment": "week1",
        "due": DUE.astimezone().isoformat(timespec="seconds"),
        "extended": False,
        "status": "late",
        "counted": 1.0,  # 2/2 done late, at 50%
    }
    assert rows["beta"]["course"] is None
    assert rows["alpha"]["best_score"] == 2  # what counts is the gradebook's number, not this
    table = tutor(ada, course, "progress", "--format", "csv").out
    cells = {row["id"]: row for row in csv.DictReader(io.StringIO(table))}
    assert (cells["alpha"]["best_score"], cells["alpha"]["counted"]) == ("2", "1")
    assert cells["alpha"]["status"] == "late" and cells["alpha"]["assignment"] == "week1"
    assert cells["beta"]["assignment"] == "" and cells["beta"]["counted"] == ""  # no assignment
    exported = tmp_path / "ada.json"
    tutor(ada, course, "progress", "--export", str(exported))
    book = tutor(ada, course, "report", "--gradebook", "--format", "json", str(exported))
    assert json.loads(book.out)["students"][0]["grades"]["week1"]["score"] == 1
    # fay, extended by her login, reads her own date, said to be her extension's
    fay = account(tmp_path / "s-fay", "fay")
    tutor(fay, course, "--plain", stdin="lesson 20\n2\nenter\n10\nenter\n")
    line = next(line for line in tutor(fay, course, "progress").out.splitlines() if "alpha" in line)
    said = f"week1: due {with_zone(EXTENDED)} (your extension); handed in on time"
    assert said in line, line
    # without a course, no date and no course key, and the csv's columns as they were
    assert "week1" not in tutor(ada, course.parent, "progress").out
    plain = run_main("progress", "--format", "csv", env=ada).out
    assert plain.splitlines()[0].endswith(",max_score,hints,shown")


def test_progress_says_what_unfinished_late_work_counts(course: Path, tmp_path: Path) -> None:
    """An answer after the due date, the lesson left: progress and the menu say what counts so
    far, as the gradebook counts it."""
    dan = account(tmp_path / "s-dan", "dan")
    tutor(dan, course, "--plain", stdin="lesson 20\n2\nenter\n")
    alpha = next(
        line for line in tutor(dan, course, "progress").out.splitlines() if "alpha" in line
    )
    said = f"week1: due {with_zone(DUE)}; overdue; not handed in; counts 0.5/2 so far"
    assert said in alpha, alpha
    exported = tmp_path / "dan.json"
    tutor(dan, course, "progress", "--export", str(exported))
    book = tutor(dan, course, "report", "--gradebook", "--format", "json", str(exported))
    grade = json.loads(book.out)["students"][0]["grades"]["week1"]
    assert (grade["score"], grade["status"]) == (0.5, "missing")  # what the progress says
    menu = tutor(dan, course, "--plain", stdin="lessons\n").out
    assert "not handed in; counts 0.5/2 so far" in menu, menu
    # in Italian too
    it = tutor(dan, course, "progress", "--lang", "it").out
    assert "non consegnato; conta 0.5/2 finora" in it, it


def test_an_extended_due_date_is_said_once(course: Path, tmp_path: Path) -> None:
    """Fay, extended, not done yet: her date once, said to be hers."""
    fay = account(tmp_path / "s-fay", "fay")
    shown = tutor(fay, course, "progress")
    alpha = next(line for line in shown.out.splitlines() if "Lesson alpha" in line)
    assert alpha.count(with_zone(EXTENDED)) == 1, alpha
    assert alpha.endswith(f"week1: due {with_zone(EXTENDED)} (your extension)"), alpha


def test_every_lesson_of_an_assignment_says_its_due_date_first(
    course: Path, tmp_path: Path
) -> None:
    """Each line says the date first, the same way; the menu keeps its own words."""
    toml = (course / "course.toml").read_text(encoding="utf-8")
    toml = toml.replace('lessons = ["alpha"]', 'lessons = ["alpha", "beta"]')
    (course / "course.toml").write_text(toml, encoding="utf-8")
    ada = account(tmp_path / "s-ada", "ada")
    tutor(ada, course, "--plain", stdin="lesson 20\n2\nenter\n10\nenter\n")
    lines = tutor(ada, course, "progress").out.splitlines()
    alpha = next(line for line in lines if "Lesson alpha" in line)
    beta = next(line for line in lines if "Lesson beta" in line)
    due = with_zone(DUE)
    assert alpha.endswith(f"week1: due {due}; handed in late; week1 still overdue; counts 1/2")
    assert beta.endswith(f"week1: due {due}; overdue"), beta
    assert alpha.count(due) == beta.count(due) == 1
    menu = tutor(ada, course, "--plain", stdin="lessons\n").out
    assert f"handed in late; week1 still overdue since {due}" in menu, menu
    it = tutor(ada, course, "progress", "--lang", "it").out.splitlines()
    beta_it = next(line for line in it if "beta" in line)
    assert beta_it.endswith(f"week1: scadenza {due}; scaduto"), beta_it
