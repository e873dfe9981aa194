"""Text from files is data, never markup or control characters: a lesson's markup shown as written
(a failed save told and retried); generated course and extension files and a name in the
settings drawn by the menu and a lesson (a property); ``lessons check`` names a control
character, ``progress --name`` refuses one
(through the commands: tests/cli/test_every_value_is_data.py)."""

from __future__ import annotations

import asyncio
import errno
import json
import os
import shutil
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import OptionList

from lessons.course.whose import OWN, SETTING
from lessons.progress import store as progress
from lessons.progress.store import ProgressStore
from lessons.safe_text import first_unsafe
from tests.cli.inproc import call
from tests.cli.test_course_far_dates import export
from tests.cli.test_every_value_is_data import (
    LESSONS,
    CourseFile,
    courses,
    extension_files,
    quoted,
    texts,
)
from tests.tiers import examples
from tests.tui.lesson_apps import lesson_opened, menu_opened
from tests.tui.screen_text import lines, pressed, wait_for
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.quiz_choices import QuizChoices

GAMMA = "@lesson gamma\n@title Lesson gamma\n\n@page One\nText.\n"
"""A lesson always in an assignment that reads (its title any text): its details say the
course's words, and whose due dates they are (the name in the student's settings)."""


def drawn(app: QueensTutorApp) -> str:
    """Every line every widget of the screen on top draws (what goes to the terminal)."""
    return "\n".join(line for widget in app.screen.query("*") for line in lines(widget))


def safe(app: QueensTutorApp, where: str) -> None:
    for line in drawn(app).splitlines():
        found = first_unsafe(line)
        assert found is None, f"{where}: {found}: {line[:200]!r}"


def save(folder: Path, course: CourseFile, extensions: CourseFile) -> None:
    """The teacher saves the course's files (a new stamp, however fast the test)."""
    for name, file in (("course.toml", course), ("extensions.toml", extensions)):
        path = folder / name
        before = path.stat().st_mtime_ns if path.exists() else 0
        path.write_text(file.text, encoding="utf-8")
        os.utime(path, ns=(before + 10**9, before + 10**9))


async def walk(folder: Path, later: tuple[CourseFile, CourseFile]) -> None:
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(folder)], only_course=True))
    async with menu_opened(app, (100, 30), notifications=True) as pilot:
        await look_through_the_menu(pilot, app)
        app.screen.query_one(OptionList).highlighted = 1  # the first lesson
        await pressed(pilot, "enter")  # the lesson opens, or asks first, or is not open yet
        assert app.is_running
        safe(app, "the lesson opened, or the question over the menu")
        if isinstance(app.screen, LessonScreen):
            await pilot.press("escape")
        save(folder, *later)
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await pilot.press("escape", "l")  # the menu drawn again, from the files as saved
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        await look_through_the_menu(pilot, app)


async def look_through_the_menu(pilot: Pilot[None], app: QueensTutorApp) -> None:
    menu = app.screen.query_one(OptionList)
    for index in range(menu.option_count):
        menu.highlighted = index
        await pilot.pause()
        safe(app, f"the menu, line {index}")
    assert app.is_running


@settings(
    max_examples=examples(20),
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(course=courses(), later=courses(), data=st.data(), name=texts(20).filter(str.strip))
def test_the_lesson_menu_draws_any_course_as_data(
    course: tuple[CourseFile, list[str]],
    later: tuple[CourseFile, list[str]],
    data: st.DataObject,
    name: str,
) -> None:
    from lessons.progress import settings as saved

    folder = Path(tempfile.mkdtemp(prefix="menu-values-"))
    try:
        for file_name, text in LESSONS.items():
            (folder / file_name).write_text(text, encoding="utf-8")
        (folder / "22-gamma.md").write_text(GAMMA, encoding="utf-8")
        title = quoted(data.draw(texts(20)).strip() or "Gamma")
        kept = (
            f'[[assignment]]\nid = "kept"\ntitle = {title}\nlessons = ["gamma"]\ndue = 2990-01-01\n'
        )
        (folder / "course.toml").write_text(kept + course[0].text, encoding="utf-8")
        (folder / "extensions.toml").write_text(
            data.draw(extension_files(course[1])).text, encoding="utf-8"
        )
        assert saved.save({SETTING: [name], OWN: True}) is None  # a name given, edited by hand
        saved_later = CourseFile(kept.splitlines() + later[0].lines)
        again = (saved_later, data.draw(extension_files(later[1])))
        asyncio.run(walk(folder, again))
    finally:
        shutil.rmtree(folder, ignore_errors=True)


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
    from lessons.progress import settings

    folder = course(tmp_path)
    monkeypatch.setenv("USER", "fhopper")
    monkeypatch.setenv("LOGNAME", "fhopper")
    # a settings file edited by hand: the name the student gave, with escapes in it
    assert settings.save({SETTING: ["Fay\x1b[2J\u202eEvil"], OWN: True}) is None
    app = QueensTutorApp(lessons=LessonContext.load(dirs=[str(folder)], only_course=True))
    async with menu_opened(app, (120, 30), notifications=True) as pilot:
        app.screen.query_one(OptionList).highlighted = 1
        await pilot.pause()
        text = drawn(app)
        assert "Assignment W␛]52;c;aGk=␇ ␛c <U+202E>gnp<U+2066>: due" in text
        assert "Due dates for Fay␛[2J<U+202E>Evil" in text
        safe(app, "the menu")
        app.notify("Told\x1b]0;title\x07 \u2067here", title="Fr\x1bom")
        await pilot.pause()
        assert "Told␛]0;title␇ <U+2067>here" in drawn(app)
        safe(app, "a notice")


@pytest.mark.parametrize("name", ["ada\x1b]52;c;aGk=\x07", "ada\u202eevil", "ada\x9b2J"])
def test_progress_name_refuses_a_control_or_direction_character(
    capsys: pytest.CaptureFixture[str], name: str
) -> None:
    status, _out, err = call(capsys, "progress", "--name", name)
    assert status == 2
    assert "--name: a name cannot hold a control or direction character: U+" in err
    status, _out, err = call(capsys, "progress", "--export", "-", "--name", name)
    assert status == 2 and "cannot hold a control" in err


CLICK = "[@click=app.screenshot('homework.c','/tmp')]grab[/]"
MARKUP_LESSON = f"""\
@lesson markup
@title {CLICK} [/] [link=https://example.org]t[/link]
@summary [bold]summary[/]
@page [/] page [link=x]
Text with {CLICK} and [red]red[/red] and [a markdown link](https://example.org).

@question choice
prompt: Which [b]one[/b]? [/] `b[k] = [/]-1`
hint: [/hint] {CLICK} `[bold]k`
explain: [@click=app.quit]explained[/] `k-1`
- [x] [bold]first[/bold] {CLICK} `[red]b[k]`
- [ ] [/] second
@end
"""


async def test_markup_in_every_field_is_shown_literally(tmp_path: Path) -> None:
    (tmp_path / "50-markup.md").write_text(MARKUP_LESSON, encoding="utf-8")
    context = LessonContext.load(lang="en", dirs=[str(tmp_path)])
    assert not [e for e in context.catalog.errors if "markup" in e.file]
    context.start = context.catalog.find("markup")
    assert context.start is not None
    app = QueensTutorApp(8, lessons=context)
    async with lesson_opened(app, (120, 40)) as (pilot, screen):
        text = drawn(app)
        assert "[red]red[/red]" in text and "b[k] = [/]-1" in text and "`" not in text
        assert "(https://example.org)" in text  # a Markdown link is shown, not linked
        assert "@click" in text
        pane = screen.query_one(LessonPane)
        title = Content.from_markup(str(pane.border_title)).plain
        assert title.startswith("[/] page [link=x]")
        choices = screen.query_one(QuizChoices)
        prompts = [str(choices.get_option_at_index(i).prompt) for i in range(2)]
        assert "[bold]first[/bold]" in prompts[0] and "[/] second" in prompts[1]
        code = False
        for widget in screen.query("*"):
            for y in range(widget.size.height):
                for segment in widget.render_line(y):
                    style = segment.style
                    assert style is None or not style.meta.get("@click"), segment
                    assert style is None or not style.link, segment
                    code = code or (segment.text == "[red]b[k]" and bool(style and style.bold))
        assert code  # the choice's code span in the code style, as the page's text draws it
        await pressed(pilot, "f2")  # the hint: [/hint] must not crash
        assert "[bold]k" in drawn(app) and "`" not in drawn(app)
        await pressed(pilot, "1")
        assert "explained[/] k-1" in drawn(app) and "`" not in drawn(app)
        assert app.is_running  # [@click=app.quit] did nothing


async def test_a_failed_save_is_shown_and_retried(monkeypatch: pytest.MonkeyPatch) -> None:
    import tui.app

    monkeypatch.setattr(tui.app, "SAVE_RETRY_SECONDS", 0.1)  # retried every tenth of a second
    context = LessonContext.load(lang="en")
    context.start = context.catalog.lessons[0]
    real = tempfile.mkstemp

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(tempfile, "mkstemp", full)
    app = QueensTutorApp(8, lessons=context)
    told: list[tuple[str, str]] = []
    monkeypatch.setattr(
        app,
        "notify",
        lambda message, severity="information", **kw: told.append((message, severity)),
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: any(severity == "error" for _m, severity in told))
        await pilot.pause(0.5)  # retried several times meanwhile, told once
        assert context.store.pending
        errors = [m for m, severity in told if severity == "error"]
        assert len(errors) == 1 and "No space left on device" in errors[0]
        monkeypatch.setattr(tempfile, "mkstemp", real)
        await wait_for(pilot, lambda: not context.store.pending)
        await wait_for(pilot, lambda: told[-1][0] == "Your progress is saved again.")
    assert context.start.id in ProgressStore(progress.default_path()).records
