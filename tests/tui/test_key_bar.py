"""The main screen's key bar: the keys shown, whole, within 80 columns; a click runs the key's
action; keys disabled while a run owns the engine are dimmed; p Pause and esc Stop while
autoplay plays; the end of a search names its keys marked ([r], [a])."""

from __future__ import annotations

import pytest

from lessons import i18n
from tests.tiers import sweep
from tests.tui.screen_text import main_screen, screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.glyphs import ASCII, UNICODE
from tui.widgets.key_bar import KeyBar

SIZE = (80, 24)


async def test_the_bar_shows_the_screens_keys_and_a_click_runs_one() -> None:
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        bar = app.screen.query_one(KeyBar)
        text = bar.text.plain
        for shown in ("space Tick", "← Undo", "Iter", "s Solve", "m Method", "? Help", "q Quit"):
            assert shown in text
        assert "Backtrack" not in text  # show=False bindings stay out
        await pilot.click(KeyBar, offset=(2, 0))  # on "space Tick"
        await wait_for(pilot, lambda: main_screen(app).session.engine.tick == 1)


async def test_keys_are_dimmed_while_a_run_owns_the_engine() -> None:
    app = QueensTutorApp(28)
    async with app.run_test(size=SIZE) as pilot:
        bar = app.screen.query_one(KeyBar)
        before = bar.text
        await pilot.press("s")
        await wait_for(pilot, lambda: main_screen(app).running)
        await wait_for(pilot, lambda: bar.text.spans != before.spans)
        dimmed = [span for span in bar.text.spans if "dim" in str(span.style)]
        assert dimmed
        await pilot.press("escape")
        await wait_for(pilot, lambda: not main_screen(app).running)


async def test_ascii_key_names() -> None:
    app = QueensTutorApp(4, glyphs=ASCII)
    async with app.run_test(size=SIZE):
        text = app.screen.query_one(KeyBar).text.plain
        assert text.isascii() and "left Undo" in text


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
@pytest.mark.parametrize("ascii_mode", [False, True], ids=["unicode", "ascii"])
async def test_the_bar_fits_80_columns_with_whole_keys_and_the_help_key(
    lang: str, ascii_mode: bool
) -> None:
    """Keys left out whole from the end, the help key kept; with Unicode every key fits, q too."""
    i18n.set_language(lang)
    try:
        app = QueensTutorApp(8, glyphs=ASCII if ascii_mode else UNICODE)
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            bar = main_screen(app).query_one(KeyBar)
            text = bar.text.plain
            assert bar.text.cell_length <= SIZE[0]
            help_key = i18n._("Help")
            assert f"? {help_key}" in text
            keys: dict[tuple[str, str], list[str]] = {}
            for _node, binding, _enabled, _tip in main_screen(app).active_bindings.values():
                if binding.show:
                    label = i18n._(binding.description)
                    keys.setdefault((binding.action, label), []).append(
                        app.get_key_display(binding)
                    )
            for (_action, label), shown_keys in keys.items():
                if f" {label}" in f" {text}":  # a key is shown whole or not at all
                    assert any(f"{key} {label}" in text for key in shown_keys), label
            if not ascii_mode:
                assert text.endswith(f"l {i18n._('Lessons')}")  # Unicode: every key fits
                assert f"q {i18n._('Quit')}" in text, text
    finally:
        i18n.set_language("en")


async def test_a_bar_that_leaves_keys_out_names_the_help_that_lists_them() -> None:
    from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin

    app = tutor_on_builtin("6")  # its page 5: the listing's page, every stepping key acting
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        await open_page(pilot, screen, 4)
        await pilot.pause()
        text = screen.query_one(KeyBar).text.plain
        acting = {b.action for _n, b, on, _t in screen.active_bindings.values() if on and b.show}
        assert "iteration" in acting and " Iter" not in text, text  # a key left out
        assert text.endswith("? Help") and len(text) <= 80, text


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_key_bar_offers_pause_and_stop_while_autoplay_runs(lang: str) -> None:
    i18n.set_language(lang)
    words = i18n.translation(lang)
    play, pause, stop = (words.gettext(w) for w in ("Play", "Pause", "Stop"))
    app = QueensTutorApp(8, method="recursive")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert f"p {play}" in bar and f"esc {stop}" not in bar, bar
        screen = app.screen
        await pilot.press("p")
        await wait_for(pilot, lambda: screen.running)  # type: ignore[attr-defined]
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert f"p {pause}" in bar and f"esc {stop}" in bar, bar
        assert f"p {play}" not in bar, bar
        await pilot.press("p")
        await wait_for(pilot, lambda: not screen.running)  # type: ignore[attr-defined]
        await pilot.pause()
        bar = screen_lines(app)[-1]
        assert f"p {play}" in bar and f"esc {stop}" not in bar, bar


SAID = {
    "en": ("[r] resets, [a] switches", "([r] resets)"),
    "it": ("[r] ricomincia, [a] passa", "([r] ricomincia)"),
    "pl": ("[r] zaczyna od nowa, [a] przełącza", "([r] od nowa)"),
}


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_search_over_names_its_keys_marked(lang: str) -> None:
    i18n.set_language(lang)
    app = QueensTutorApp(4)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")  # runs to the first solution: the search is over
        await wait_for(pilot, lambda: not main_screen(app).running)

        def shown() -> str:
            return " ".join(" ".join(screen_lines(app)).split())

        await wait_for(pilot, lambda: SAID[lang][0] in shown(), timeout=5)
        for words in SAID[lang]:
            assert words in shown(), shown()
