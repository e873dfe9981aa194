"""Text from a course file, the student's settings or a notice never reaches the terminal as a
control or direction character: ``lessons check`` names such a character at its line and keeps
the assignment (its title shown with symbols), the lesson menu draws symbols, a notification
too, and ``progress --name`` refuses a name holding one."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual.widgets import OptionList

from lessons.safe_text import first_unsafe
from tests.cli.inproc import call
from tests.cli.test_course_far_dates import export
from tests.tui.screen_text import lines, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen

LESSON = "@lesson alpha\n@title Lesson alpha\n\n@page One\nText.\n"
TITLE = r"W\u001b]52;c;aGk=\u0007 \u001bc \u202egnp\u2066"
"""A title (as TOML writes it) that would set the clipboard, reset the terminal and reverse
what follows."""


def course(folder: Path) -> Path:
    (folder / "20-alpha.md").write_text(LESSON, encoding="utf-8")
    (folder / "course.toml").write_text(
        f'[[assignment]]\nid = "w1"\ntitle = "{TITLE}"\nlessons = [20]\ndue = 2026-12-01\n',
        encoding="utf-8",
    )
    (folder / "extensions.toml").write_text(
        '[[extension]]\nstudent = "ada\\u202e"\nassignment = "w1"\ndue = 2026-12-09\n',
        encoding="utf-8",
    )
    return folder


def drawn(app: QueensTutorApp) -> str:
    """Every line every widget of the screen draws (what goes to the terminal), with toasts."""
    return "\n".join(line for widget in app.screen.query("*") for line in lines(widget))


def test_lessons_check_names_the_character_and_keeps_the_assignment(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = course(tmp_path)
    status, out, _err = call(capsys, "lessons", "check", "--only-course", str(folder))
    assert status == 1
    assert (
        f"{folder / 'course.toml'}:3: title holds a control or direction character, U+001B "
        "(ESC), at character 2: it is shown as a symbol" in out
    )
    assert (
        f"{folder / 'extensions.toml'}:2: student holds a control or direction character, "
        "U+202E, at character 4" in out
    )
    assert all(first_unsafe(line) is None for line in out.splitlines())
    dirs = ["--lessons-dir", str(folder), "--only-course"]
    exported = export(tmp_path)
    status, out, err = call(capsys, "report", "--gradebook", "--format", "json", *dirs, exported)
    assert "internal error" not in err
    (assignment,) = json.loads(out)["assignments"]  # kept: its column stays in the gradebook
    assert assignment["title"] == "W␛]52;c;aGk=␇ ␛c <U+202E>gnp<U+2066>"


async def test_the_menu_draws_symbols_for_a_title_and_a_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from lessons.course.whose import OWN, SETTING
    from lessons.progress import settings

    folder = course(tmp_path)
    monkeypatch.setenv("USER", "fhopper")
    monkeypatch.setenv("LOGNAME", "fhopper")
    # a settings file edited by hand: the name the student gave, with escapes in it
    assert settings.save({SETTING: ["Fay\x1b[2J\u202eEvil"], OWN: True}) is None
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(folder)], only_course=True))
    async with app.run_test(size=(120, 30), notifications=True) as pilot:
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        app.screen.query_one(OptionList).highlighted = 1
        await pilot.pause()
        text = drawn(app)
        assert "Assignment W␛]52;c;aGk=␇ ␛c <U+202E>gnp<U+2066>: due" in text
        assert "Due dates for Fay␛[2J<U+202E>Evil" in text
        assert all(first_unsafe(line) is None for line in text.splitlines()), text
        app.notify("Told\x1b]0;title\x07 \u2067here", title="Fr\x1bom")
        await pilot.pause()
        text = drawn(app)
        assert "Told␛]0;title␇ <U+2067>here" in text
        assert all(first_unsafe(line) is None for line in text.splitlines()), text


@pytest.mark.parametrize("name", ["ada\x1b]52;c;aGk=\x07", "ada\u202eevil", "ada\x9b2J"])
def test_progress_name_refuses_a_control_or_direction_character(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    status, _out, err = call(capsys, "progress", "--name", name)
    assert status == 2
    assert "--name: a name cannot hold a control or direction character: U+" in err
    status, _out, err = call(capsys, "progress", "--export", "-", "--name", name)
    assert status == 2 and "cannot hold a control" in err
