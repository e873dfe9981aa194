"""``queens-tutor lessons list`` and ``lessons check``, run as a user would; what
``--lessons-dir DIR`` reads, and ``lessons check DIR`` with it: DIR's own ``*.md`` files and
those of its language folders en/, it/, pl/; no other sub-folder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lessons.catalog import BUILTIN_DIR, load_catalog
from tests.cli.clirun import assert_usage_error, run_cli_bound_by_modes, run_main
from tests.cli.inproc import call
from tests.tiers import sweep

GOOD = "@lesson extra\n@title Extra lesson\n\n@page One\nText.\n@board n=4\n@step\n@expect k = 1\n"
BROKEN = "@lesson broken\n@title Broken\n\n@page One\n@board n=4\n@expect k = 3\n"


# A walk of every built-in file through the command: the everyday run checks every one of them
# (tests/unit/lessons/test_hostile_files.py, test_parity.py) and the command on a good file here.
@pytest.mark.thorough
def test_check_passes_on_every_builtin_lesson() -> None:
    files = sorted(BUILTIN_DIR.glob("*/*.md"))
    assert len(files) == 27  # nine lessons in English, Italian and Polish
    result = run_main("lessons", "check", *map(str, files))
    assert result.status == 0, result.out + result.err
    assert f"{len(files)} lesson files checked: no errors" in result.out


def test_check_reports_file_line_message_and_exits_1(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.md", tmp_path / "bad.md"
    good.write_text(GOOD)
    bad.write_text(BROKEN + "@bogus\n")
    result = run_main("lessons", "check", str(good), str(bad))
    assert result.status == 1
    known = "@lesson, @title, @lang, @summary, @page, @quiz, @board, @step, @back, @run, @expect,"
    known += " @overlay, @tree, @question, @end"
    assert result.out.splitlines() == [f"{bad}:7: unknown directive @bogus; known: {known}"]
    assert "1 error (2 lesson files checked)" in result.err
    (tmp_path / "broken.md").write_text(BROKEN)
    semantic = run_main("lessons", "check", str(good), str(tmp_path / "broken.md"))
    assert semantic.status == 1
    said = f"{tmp_path / 'broken.md'}:6: expected k = 3, but k = 0 at tick 0"
    assert semantic.out.strip() == said


def test_check_a_directory_and_a_missing_file(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()  # a language folder is read; another sub-folder is not
    (tmp_path / "en" / "good.md").write_text(GOOD)
    assert run_main("lessons", "check", str(tmp_path)).status == 0
    missing = run_main("lessons", "check", str(tmp_path / "nope.md"))
    assert_usage_error(missing, "no such file", "nope.md")
    assert missing.out == ""


@pytest.mark.parametrize(
    "where",
    sweep(["folder", "course.toml", "inner folder", "lesson file"], everyday=["inner folder"]),
)
def test_check_of_what_cannot_be_read_is_one_line_and_status_2(tmp_path: Path, where: str) -> None:
    folder = tmp_path / "course"
    (folder / "it").mkdir(parents=True)  # a language folder: the only inner folder read
    (folder / "good.md").write_text(GOOD)
    (folder / "course.toml").write_text("timezone = 'Europe/Rome'\n")
    shut = {"folder": folder, "course.toml": folder / "course.toml"}.get(where, folder / "it")
    argument = folder / "course.toml" if where == "course.toml" else folder
    if where == "lesson file":
        shut = folder / "good.md"
        argument = shut
    shut.chmod(0)
    try:
        result = run_cli_bound_by_modes("lessons", "check", str(argument))
    finally:
        shut.chmod(0o700)
    assert_usage_error(result, str(shut), "Permission denied")
    assert "internal error" not in result.err


def test_list_shows_builtin_lessons_in_order() -> None:
    result = run_main("lessons", "list")
    assert result.status == 0, result.err
    lines = result.out.splitlines()
    assert len(lines) == 9
    assert lines[0].split()[:2] == ["1", "problem"]
    assert lines[4].split()[:2] == ["5", "iterative"]
    assert all(line.endswith("[new]") for line in lines)


def test_list_with_a_lessons_dir_skips_broken_files(tmp_path: Path) -> None:
    (tmp_path / "10-extra.md").write_text(GOOD)
    (tmp_path / "11-broken.md").write_text(BROKEN)
    result = run_main("lessons", "list", "--lessons-dir", str(tmp_path), "--format", "json")
    assert result.status == 0
    ids = [row["id"] for row in json.loads(result.out)["lessons"]]
    assert ids[-1] == "extra" and "broken" not in ids and len(ids) == 10
    assert f"skipped: {tmp_path / '11-broken.md'}:6: expected k = 3" in result.err
    before_command = run_main("--lessons-dir", str(tmp_path), "lessons", "list")
    assert "extra" in before_command.out


def test_the_lesson_options_may_come_before_the_action() -> None:
    """``lessons --lang it`` took "it" for the action."""
    before = run_main("lessons", "--lang", "it", "list")
    assert before.status == 0, before.err
    after = run_main("lessons", "list", "--lang", "it")
    assert before.out == after.out and "nuova" in before.out
    missing = run_main("lessons", "--lang", "it")
    assert_usage_error(missing, "ACTION")
    assert "'it'" not in missing.err


def test_list_shows_progress(tmp_path: Path) -> None:
    data = tmp_path / "data" / "queens-tutor"
    data.mkdir(parents=True)
    lesson = {"page": 2, "completed": False, "answers": {}}
    done = {"page": 4, "completed": True, "best_score": 5, "max_score": 5, "answers": {}}
    saved = {"schema": 1, "lessons": {"small-boards": lesson, "problem": done}}
    (data / "progress.json").write_text(json.dumps(saved))
    result = run_main("lessons", "list", env={"XDG_DATA_HOME": str(tmp_path / "data")})
    lines = result.out.splitlines()
    problem = load_catalog("en").find("problem")
    assert problem is not None
    assert lines[0].endswith(f"[done, best 5/{problem.max_score}]")  # the lesson's own
    assert lines[1].endswith("[page 3/11]")  # small-boards: 11 pages


def test_check_compares_a_translation_with_its_english_lesson(tmp_path: Path) -> None:
    (tmp_path / "en").mkdir()
    (tmp_path / "pl").mkdir()
    (tmp_path / "en" / "10-extra.md").write_text(GOOD)
    polish = tmp_path / "pl" / "10-extra.md"
    translated = GOOD.replace("@title Extra lesson", "@title Dodatkowa\n@lang pl")
    polish.write_text(translated)
    assert run_main("lessons", "check", str(tmp_path)).status == 0
    polish.write_text(translated.replace("@step", "@step 2"))
    result = run_main("lessons", "check", str(tmp_path))
    assert result.status == 1
    assert result.out.splitlines() == [
        f"{polish}:8: @step 2 tick where the English has @step 1 tick "
        f"({tmp_path / 'en' / '10-extra.md'}:7)"
    ]


def test_list_in_a_language_says_which_lessons_are_in_english(tmp_path: Path) -> None:
    (tmp_path / "10-extra.md").write_text(GOOD)
    result = run_main("lessons", "list", "--lang", "it", "--lessons-dir", str(tmp_path))
    assert result.status == 0, result.err
    lines = result.out.splitlines()
    assert lines[0].split()[:2] == ["1", "problem"]
    assert "Il problema e la sua rappresentazione" in lines[0]
    assert not lines[0].endswith(")")
    assert lines[-1].endswith("Extra lesson  [nuova]  (in inglese)")
    argv = ("lessons", "list", "--lang", "pl", "--lessons-dir", str(tmp_path), "--format", "json")
    rows = json.loads(run_main(*argv).out)["lessons"]
    assert [row["english_fallback"] for row in rows] == [False] * 9 + [True]
    assert rows[-1]["notice"].startswith("Ta lekcja nie ma jeszcze polskiego tłumaczenia")


@pytest.mark.parametrize(
    "argv",
    sweep(
        [["lessons", "list"], ["progress"],
         ["--plain", "--lesson", "1"]],  # the tutor (stdin is no terminal: the plain one)
        everyday=[["--plain", "--lesson", "1"]],
    ),
)  # fmt: skip
def test_other_readers_of_an_unreadable_lessons_dir_name_it_and_go_on(
    tmp_path: Path, argv: list[str]
) -> None:
    """A --lessons-dir that cannot be listed is named in a line
    and skipped (as a broken lesson file is), never an internal error."""
    folder = tmp_path / "course"
    folder.mkdir()
    (folder / "good.md").write_text(GOOD)
    folder.chmod(0)
    env = {"XDG_DATA_HOME": str(tmp_path / "data"), "XDG_STATE_HOME": str(tmp_path / "state")}
    try:
        result = run_cli_bound_by_modes(*argv, "--lessons-dir", str(folder), env=env)
    finally:
        folder.chmod(0o700)
    assert result.status == 0, result.err
    assert "internal error" not in result.err and "Traceback" not in result.err
    said = result.out + result.err
    assert "cannot list the folder: Permission denied" in said


@pytest.mark.timeout(30)
def test_check_of_a_fifo_never_hangs(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "lesson.md"
    os.mkfifo(fifo)
    result = run_main("lessons", "check", str(fifo))
    assert result.status == 1 and "not a regular file" in result.out
    assert_usage_error(run_main("count", "8", "--tls-ca-file", str(fifo)), "--cluster")


LANG_LESSON = "@lesson {id}\n@title Lesson {id}\n@lang {lang}\n\n@page One\nText.\n"


def test_the_tutor_and_lessons_check_read_the_folder_and_its_language_folders_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "20-alpha.md").write_text(LANG_LESSON.format(id="alpha", lang="en"), "utf-8")
    (tmp_path / "pl").mkdir()
    (tmp_path / "pl" / "20-alpha.md").write_text(LANG_LESSON.format(id="alpha", lang="pl"), "utf-8")
    for sub in ("sub", "sub/deeper", "old"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "21-bad.md").write_text("text before the first page\n", "utf-8")
    catalog = load_catalog("pl", [tmp_path])
    assert catalog.find("alpha").lang == "pl"  # type: ignore[union-attr]
    assert not catalog.errors, [str(e) for e in catalog.errors]  # no sub/ or old/ read
    status, out, err = call(capsys, "lessons", "check", str(tmp_path))
    assert status == 0 and "21-bad.md" not in out + err, out + err
    assert "2 lesson files checked" in out + err, out + err
