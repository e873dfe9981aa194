"""The language review on the screens at 80x24: the status line names the overlay in
the learner's language, the command palette finds a command by its translated name, and the
scan method's first sentence is shown whole."""

from __future__ import annotations

import pytest
from textual.command import CommandInput, CommandPalette
from textual.widgets import OptionList

from lessons import i18n
from tests.tiers import sweep
from tests.tui.screen_text import lines, main_screen, pane, wait_for
from tui.app import QueensTutorApp

SIZE = (80, 24)


def _status(app: QueensTutorApp) -> str:
    return "\n".join(lines(pane(app, "status")))


@pytest.mark.parametrize(
    ("lang", "sum_name", "diff_name"),
    sweep(
        [
            ("en", "col+row", "row-col"),
            ("it", "col+riga", "riga-col"),
            ("pl", "kol+wiersz", "wiersz-kol"),
        ],
        everyday=[("pl", "kol+wiersz", "wiersz-kol")],
        several=True,
    ),
)
async def test_the_status_line_names_the_overlay_in_the_learners_language(
    lang: str, sum_name: str, diff_name: str
) -> None:
    i18n.set_language(lang)
    app = QueensTutorApp(8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await wait_for(pilot, lambda: f" {sum_name} " in _status(app))
        await pilot.press("d")
        await wait_for(pilot, lambda: f" {diff_name} " in _status(app))
        if lang != "en":
            assert "col+row" not in _status(app) and "row-col" not in _status(app)


async def test_a_change_of_language_renames_the_overlay_shown() -> None:
    app = QueensTutorApp(8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await wait_for(pilot, lambda: " col+row " in _status(app))
        app.set_language("it")
        await wait_for(pilot, lambda: " col+riga " in _status(app))


def _found(app: QueensTutorApp) -> list[str]:
    palette = app.screen
    assert isinstance(palette, CommandPalette)
    found = palette.query_one(OptionList)
    prompts = [found.get_option_at_index(i).prompt for i in range(found.option_count)]
    return [getattr(prompt, "plain", str(prompt)).split("\n")[0] for prompt in prompts]


@pytest.mark.parametrize(
    ("lang", "typed", "command"),
    sweep(
        [
            ("it", "lingua", "Lingua: Italiano (Language: Italiano)"),
            ("pl", "język", "Język: Polski (Language: Polski)"),
            ("pl", "jezyk", "Język: Polski (Language: Polski)"),
            ("it", "trova", "Trova (Solve)"),
            ("it", "solve", "Trova (Solve)"),  # the English name, as the README writes it
            ("it", "numeri", "Diagonali (Diagonals)"),  # a word of what it does
            ("pl", "nakładk", "Przekątne (Diagonals)"),
            ("en", "language", "Language: English"),
        ],
        # a translated name, the same typed without its accents, the English name, a word
        # of what the command does
        everyday=[
            ("pl", "język", "Język: Polski (Language: Polski)"),
            ("pl", "jezyk", "Język: Polski (Language: Polski)"),
            ("it", "solve", "Trova (Solve)"),
            ("it", "numeri", "Diagonali (Diagonals)"),
        ],
        several=True,
    ),
)
async def test_the_palette_finds_a_command_by_its_translated_name(
    lang: str, typed: str, command: str
) -> None:
    i18n.set_language(lang)
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.focused, CommandInput))
        await pilot.press(*typed)
        await wait_for(pilot, lambda: command in _found(app))


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_scan_methods_first_sentence_is_shown_whole(lang: str) -> None:
    """Its last words, "the test costs O(k)", were cut off in Italian and Polish."""
    i18n.set_language(lang)
    app = QueensTutorApp(8, method="scan")
    async with app.run_test(size=SIZE) as pilot:
        await wait_for(pilot, lambda: bool(lines(pane(app, "narration"))))
        await pilot.pause()
        assert main_screen(app).session.method == "scan"
        shown = " ".join(lines(pane(app, "narration")))
        assert shown.rstrip().endswith("O(k).")
