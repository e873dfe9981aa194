"""``queens-tutor progress``: progress, scores and the file's path; ``--reset`` asks first;
``progress`` and ``lessons`` say where a finished lesson started again stands as the lesson menu
does: done, as the progress count counts it, and again at its page with its best score.
``progress --export FILE`` writes a new regular file and nothing else: a device, FIFO, socket,
folder or symbolic link at FILE is refused (one line, status 2) and left; an existing file is
kept unless ``--force``; the file appears whole (temporary name, atomic rename)."""

from __future__ import annotations

import json
import os
import pty
import socket
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from lessons.progress.words import completion_words
from tests.cli.clirun import Result, assert_usage_error, run_main
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
    path, env = progress_file(tmp_path)
    result = run_main("progress", "--format", "json", env=env)
    assert result.status == 0, result.err
    data = json.loads(result.out)
    assert data["path"] == str(path)
    rows = {row["id"]: row for row in data["lessons"]}
    assert rows["problem"]["completed"] and rows["problem"]["best_score"] == 4
    assert rows["iterative"]["page"] == 4 and rows["iterative"]["score"] == 1  # from 1
    assert not rows["diagonals"]["started"]
    assert data["other_lessons"]["teachers-own"]["page"] == 2
    text = run_main("progress", env=env)
    assert text.status == 0 and f"Progress file: {path}" in text.out
    assert "1 lesson out of 9 done" in text.out
    assert "The iterative backtracker, step by step  [page 4/11]" in text.out
    started = [row for row in data["lessons"] if row["started"] and not row["completed"]]
    assert started
    for row in started:
        assert f"{row['title']}  [page {row['page']}/{row['pages']}]" in text.out
    for key, record in data["other_lessons"].items():
        assert f"{key} (a lesson not loaded now)  [page {record['page']}]" in text.out


def test_nothing_saved_yet_creates_nothing(tmp_path: Path) -> None:
    result = run_main("progress", env={"XDG_DATA_HOME": str(tmp_path)})
    assert result.status == 0 and "0 lessons out of 9 done" in result.out
    assert list(tmp_path.iterdir()) == []


def test_corrupt_file_is_reported_left_by_a_read_and_kept_by_a_save(tmp_path: Path) -> None:
    path, env = progress_file(tmp_path)
    path.write_text("garbage")
    for command in (["progress"], ["lessons", "list"]):
        result = run_main(*command, env=env)
        assert result.status == 0, result.err
        assert "not valid JSON" in result.err and "left as it is" in result.err, result.err
    (warning,) = json.loads(run_main("progress", "--format", "json", env=env).out)["warnings"]
    assert "left as it is" in warning
    # Only reading: the file is neither renamed nor changed.
    assert sorted(p.name for p in path.parent.iterdir()) == ["progress.json"]
    assert path.read_text() == "garbage"
    result = run_main("progress", "--reset", "--yes", env=env)  # a save: set aside, then written
    assert result.status == 0, result.err
    assert [p.read_text() for p in path.parent.glob("progress.json.corrupt-*")] == ["garbage"]


def test_reset_refuses_without_a_terminal_unless_yes(tmp_path: Path) -> None:
    path, env = progress_file(tmp_path)
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


def test_reset_asks_on_the_terminal(tmp_path: Path) -> None:
    path, env = progress_file(tmp_path)
    status, shown = _on_terminal("no", env)
    assert status == 1 and "Nothing was changed." in shown
    assert json.loads(path.read_text()) == SAVED
    status, shown = _on_terminal("yes", env)
    assert status == 0 and "Progress reset" in shown
    assert json.loads(path.read_text())["lessons"] == {}


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
    i18n.set_language(lang)
    try:
        done = completion_words(store.lesson("problem"), lesson("problem"))
        new = completion_words(None, lesson("problem"))
    finally:
        i18n.set_language("en")
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


def test_an_existing_export_is_kept_unless_forced(tmp_path: Path) -> None:
    target = tmp_path / "exist.json"
    target.write_text("OLD\n")
    assert_usage_error(_export(tmp_path, target), "exists already", "--force")
    assert target.read_text() == "OLD\n"
    result = _export(tmp_path, target, "--force")
    assert result.status == 0, result.err
    assert json.loads(target.read_text())["format"] == "queens-tutor-progress-export"


def test_a_new_export_is_a_whole_regular_file_readable_as_usual(tmp_path: Path) -> None:
    target = tmp_path / "new.json"
    result = _export(tmp_path, target)
    assert result.status == 0, result.err
    info = os.lstat(target)
    assert stat.S_ISREG(info.st_mode) and info.st_nlink == 1  # the temporary name is gone
    assert info.st_mode & 0o777 == 0o644 & ~_umask()
    assert json.loads(target.read_text())["format"] == "queens-tutor-progress-export"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["data", "new.json"]


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
