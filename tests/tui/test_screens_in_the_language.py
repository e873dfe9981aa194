"""The screens speak the learner's language at 80x24 (status line, palette, first sentences); a
settings file in the way is kept aside when the language is chosen."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from textual.command import CommandInput, CommandPalette
from textual.widgets import OptionList

from lessons import i18n
from lessons.progress import settings
from tests.tiers import sweep
from tests.tui.screen_text import lines, main_screen, on_top, pane, tutor_run, wait_for
from tui.app import QueensTutorApp

SIZE = (80, 24)

OVERLAYS = {
    "en": ("col+row", "row-col"),
    "it": ("col+riga", "riga-col"),
    "pl": ("kol+wiersz", "wiersz-kol"),
}
"""The two diagonal overlays' names in the status line, by language."""


def _status(app: QueensTutorApp) -> str:
    return "\n".join(lines(pane(app, "status")))


def _found(app: QueensTutorApp) -> list[str]:
    palette = on_top(app, CommandPalette)
    found = palette.query_one(OptionList)
    prompts = [found.get_option_at_index(i).prompt for i in range(found.option_count)]
    return [getattr(prompt, "plain", str(prompt)).split("\n")[0] for prompt in prompts]


SEARCHES = {
    "pl": [
        ("język", "Język: Polski (Language: Polski)"),
        ("jezyk", "Język: Polski (Language: Polski)"),  # typed without its accents
        ("liczby na polach", "Przekątne (Diagonals)"),  # a word of what it does
        ("diagonals", "Przekątne (Diagonals)"),  # the English name, as the README writes it
    ],
    "it": [
        ("lingua", "Lingua: Italiano (Language: Italiano)"),
        ("trova", "Trova (Solve)"),
        ("solve", "Trova (Solve)"),  # the English name, as the README writes it
        ("numeri", "Diagonali (Diagonals)"),  # a word of what it does
    ],
    "en": [("language", "Language: English")],
}
"""What is typed into the palette, and the command it finds, by language."""


LISTED = {
    "it": "Carica l'avanzamento (Load progress)",
    "pl": "Język: Polski (Language: Polski)",
    "en": "Language: English",
}
"""A command the palette lists, before anything is typed, by language."""


@pytest.mark.parametrize(
    ("lang", "then"),
    sweep([("en", "it"), ("it", "pl"), ("pl", "en")], everyday=[("pl", "en")], several=True),
)
async def test_the_main_screen_and_its_palette_speak_the_learners_language(
    lang: str, then: str
) -> None:
    """The scan method's first sentence whole; both overlays named in ``lang`` in the status
    line, none in another; the palette lists and finds commands by their translated names (and
    the English ones); a change of language to ``then`` renames the overlay shown."""
    i18n.set_language(lang)
    async with tutor_run(8, method="scan", size=SIZE) as (app, pilot):
        await wait_for(pilot, lambda: bool(lines(pane(app, "narration"))))
        await pilot.pause()
        assert main_screen(app).session.method == "scan"
        assert " ".join(lines(pane(app, "narration"))).rstrip().endswith("O(k).")
        sum_name, diff_name = OVERLAYS[lang]
        await pilot.press("d")
        await wait_for(pilot, lambda: f" {sum_name} " in _status(app))
        await pilot.press("d")
        await wait_for(pilot, lambda: f" {diff_name} " in _status(app))
        others = [name for code, names in OVERLAYS.items() if code != lang for name in names]
        assert not [name for name in others if f" {name} " in _status(app)]
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.focused, CommandInput))
        await wait_for(pilot, lambda: LISTED[lang] in _found(app))
        for typed, command in SEARCHES[lang]:
            await pilot.press(*typed)
            await wait_for(pilot, lambda command=command: command in _found(app))
            await pilot.press(*["backspace"] * len(typed))
            await wait_for(pilot, lambda: not app.screen.query_one(CommandInput).value)
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, CommandPalette))
        app.set_language(then)
        await wait_for(pilot, lambda: f" {OVERLAYS[then][1]} " in _status(app))


async def test_choosing_a_language_keeps_a_settings_link_aside_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    secret = tmp_path / "secret.json"
    secret.write_text('{"language": "pl"}')
    target = settings.default_path()
    target.parent.mkdir(parents=True, mode=0o700)
    target.symlink_to(secret)
    app = QueensTutorApp()
    said: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_kw: said.append(str(message)))
    async with app.run_test(size=(100, 30)) as pilot:
        app.set_language("it")
        await pilot.pause()
    (kept,) = target.parent.glob("settings.json.corrupt-*")
    assert kept.is_symlink() and os.readlink(kept) == str(secret)
    assert any(kept.name in line and str(target) in line for line in said), said
    assert secret.read_text() == '{"language": "pl"}'
    assert settings.saved_language() == "it" and not target.is_symlink()
