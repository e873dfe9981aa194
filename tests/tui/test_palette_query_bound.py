"""The command palette: its search bounded at MAX_QUERY characters and still finding every name,
and its file commands (download, load pasted, screenshot)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from textual import events
from textual.command import CommandInput, CommandPalette
from textual.widgets import Input, Static, TextArea

from lessons import i18n
from lessons.progress.export import LessonInfo, export_data, parse_export
from lessons.progress.records import LessonRecord
from tests.tiers import sweep
from tests.tui.screen_text import main_opened, palette_choose, palette_found, pressed, wait_for
from tui.app import QueensTutorApp
from tui.palette_search import shown_name
from tui.screens.command_palette import MAX_QUERY
from tui.screens.lesson_menu import LessonMenuScreen
from tui.screens.progress_transfer import ExportProgressScreen, LoadProgressScreen

SIZE = (80, 24)

EXTRA = 150
"""Characters typed past the bound."""


def _type(app: QueensTutorApp, text: str) -> None:
    """Post the characters without waiting between them, as one read from a terminal does."""
    for char in text:
        app.post_message(events.Key(char, char))


def _query(app: QueensTutorApp) -> str:
    assert isinstance(app.screen, CommandPalette)
    return app.screen.query_one(CommandInput).value


async def test_palette_and_theme_queries_stop_at_the_bound_and_a_new_query_still_finds() -> None:
    app = QueensTutorApp(4)
    async with main_opened(app, SIZE) as (pilot, board):
        await pilot.press("ctrl+p")
        _type(app, "x" * (MAX_QUERY + EXTRA))
        await wait_for(pilot, lambda: _query(app).startswith("x" * MAX_QUERY))
        await pilot.pause()  # every key posted is handled
        assert _query(app) == "x" * MAX_QUERY
        await pilot.press("ctrl+u", *"Reset")  # the bound does not keep a new query out
        await wait_for(pilot, lambda: palette_found(app, "Reset"))
        assert _query(app) == "Reset"
        await pilot.press("escape")
        await pilot.press("space", "space")
        assert board.session.engine.tick == 2
        await palette_choose(pilot, "Reset")
        await wait_for(pilot, lambda: board.session.engine.tick == 0)
        assert app.screen is board
        assert board.session.engine.tick == 0
        app.search_themes()
        await wait_for(pilot, lambda: bool(app.screen.query(CommandInput)))
        _type(app, "y" * (MAX_QUERY + EXTRA))
        await wait_for(pilot, lambda: len(_query(app)) >= MAX_QUERY)
        await pilot.pause()  # every key posted is handled
        assert len(_query(app)) == MAX_QUERY
        await pilot.press("escape")  # closed, its search with it, before the app ends
        await wait_for(pilot, lambda: not isinstance(app.screen, CommandPalette))


@pytest.mark.parametrize("lang", sweep(sorted(i18n.LANGUAGES), everyday=["pl"]))
async def test_every_command_and_theme_name_fits_in_the_bound(lang: str) -> None:
    i18n.set_language(lang)
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        names = [shown_name(c.title) for c in app.get_system_commands(app.screen)]
        await pilot.press("l")  # the lesson menu's commands too
        await wait_for(pilot, lambda: isinstance(app.screen, LessonMenuScreen))
        names += [shown_name(c.title) for c in app.get_system_commands(app.screen)]
        names += list(app.available_themes)
        assert len(names) > 10, names
        longest = max(names, key=len)
        assert len(longest) < MAX_QUERY, longest


DIALOG_SIZE = (100, 32)


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """A home of its own: the Downloads folder is created there when needed."""
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.delenv("XDG_DOWNLOAD_DIR", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    return tmp_path / "Downloads"


def exported(page: int, edited: bool = False) -> str:
    info = {"iterative": LessonInfo("The iterative backtracker", 10, 5)}
    data = export_data({"iterative": LessonRecord(page=page)}, info, "Ada")
    if edited:
        data["lessons"]["iterative"]["completed"] = True
    return json.dumps(data, indent=1)


def pastes() -> list[tuple[str, tuple[str, ...], str]]:
    """Pastes the dialog refuses: the text, the words of its error, words the error never has."""
    from tui.input_filter import MAX_PASTE

    whole = exported(page=6)
    hostile = whole.replace('"Ada"', '"' + "A" * MAX_PASTE + '"')[:MAX_PASTE]  # a paste's size
    cut = ("stops before the file ends", "262,144", "queens-tutor progress --load FILE")
    return [
        (exported(page=6, edited=True), ("changed after it was exported",), "stops before"),
        (whole[: len(whole) // 2], cut, "not valid JSON"),  # a slow link: its time ran out
        (hostile, cut, "not valid JSON"),
        ('{"a": 1} x', ("not valid JSON (line 1, column 10)",), "stops before"),
    ]


async def test_load_pasted_progress_and_what_a_refused_paste_is_told() -> None:
    app = QueensTutorApp()
    async with app.run_test(size=DIALOG_SIZE) as pilot:
        store = app.lessons.store
        for text, words, never in [(exported(page=5), (), ""), *pastes()]:
            dialog = LoadProgressScreen(app.lessons)  # a dialog of its own for each paste
            app.push_screen(dialog)
            await pilot.pause()
            dialog.query_one(TextArea).focus()
            app.post_message(events.Paste(text))  # as a terminal does
            await pilot.pause()
            await pilot.click("#load-go")
            await pilot.pause()
            if not words:  # an intact export: loaded, the dialog closed
                await wait_for(pilot, lambda: not isinstance(app.screen, LoadProgressScreen))
                assert store.records["iterative"].page == 5
                continue
            assert app.screen is dialog
            error = str(dialog.query_one("#load-error", Static).render())
            assert all(word in error for word in words) and never not in error, error
            assert store.records["iterative"].page == 5  # nothing loaded
            dialog.dismiss()
            await pilot.pause()


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_dialogs_fit_80x24_in_every_language(lang: str) -> None:
    """Every line of the download, load (with the edited-file error) and quit dialogs is on
    screen at 80x24, the buttons too, in English, Italian and Polish."""
    from lessons import i18n
    from tui.serve.served_app import QuitServedScreen

    i18n.set_language(lang)
    app = QueensTutorApp()
    async with app.run_test(size=(80, 24)) as pilot:
        for screen in (
            ExportProgressScreen(app.lessons),
            LoadProgressScreen(app.lessons),
            QuitServedScreen(),
        ):
            app.push_screen(screen)
            await pilot.pause()
            if isinstance(screen, LoadProgressScreen):
                screen.query_one(TextArea).text = exported(page=6, edited=True)
                await pilot.click("#load-go")
                await pilot.pause()
                assert str(screen.query_one("#load-error", Static).render())
            body = screen.query_one(".transfer-body")
            assert body.region.bottom <= 24 and body.max_scroll_y == 0
            for widget in screen.query("Static, Button, Input"):
                inner = widget.region.intersection(body.region)
                assert inner == widget.region and widget.region.height > 0, widget
            screen.dismiss()
            await pilot.pause()


def recorded(app: QueensTutorApp, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """What the app notifies, as text."""
    notices: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: notices.append(str(message)))
    return notices


async def test_the_palettes_file_commands_download_and_screenshot(
    downloads: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The palette offers them; a download writes a named, intact export, and a second one
    keeps the first (its name said); a screenshot saves the board as SVG."""
    from tui.progress_commands import screenshot

    app = QueensTutorApp()
    notices = recorded(app, monkeypatch)
    async with app.run_test(size=(100, 32)) as pilot:
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert {"Download progress", "Load progress"} <= set(titles)
        assert titles.count("Screenshot") == 1
        for page in (2, 3):
            app.lessons.store.save("iterative", LessonRecord(page=page))
            app.push_screen(ExportProgressScreen(app.lessons))
            await pilot.pause()
            app.screen.query_one(Input).value = "Ada Lovelace"
            await pressed(pilot, "enter")
            assert not isinstance(app.screen, ExportProgressScreen)
        first = downloads / "queens-tutor-progress-ada-lovelace.json"
        second = downloads / "queens-tutor-progress-ada-lovelace-2.json"
        await wait_for(pilot, lambda: second.exists() and second.read_text().endswith("\n"))
        export = parse_export(first.read_text())
        assert export.intact and export.student == "Ada Lovelace"
        assert export.records["iterative"].page == 2
        assert parse_export(second.read_text()).records["iterative"].page == 3
        assert any(str(second) in notice for notice in notices), notices
        await pilot.press("space")
        screenshot(app)
        await pilot.pause()
    svgs = list(downloads.glob("*.svg"))
    assert len(svgs) == 1
    text = svgs[0].read_text()
    assert text.startswith("<svg") and "tick&#160;1" in text


async def test_a_download_that_cannot_be_written_says_so(
    downloads: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    downloads.parent.mkdir(parents=True, exist_ok=True)
    downloads.write_text("a file where the folder should be")
    app = QueensTutorApp()
    notices = recorded(app, monkeypatch)
    async with app.run_test(size=(100, 32)) as pilot:
        app.push_screen(ExportProgressScreen(app.lessons))
        await pilot.pause()
        app.screen.query_one(Input).value = "Ada"
        await pressed(pilot, "enter")
        assert any(notice.startswith("Not exported") for notice in notices), notices
        assert not any("exported." in notice for notice in notices), notices
