"""The Italian and Polish key bars named the keys
"space" and "Iter" among translated words, the help "pgup", "home" and "escape chiude", and the
help's two quit rows said it two ways ("q Esci dal tutor", "^q Esci"). The keys named by a word
are named as the student's keyboard labels them, "Iter" is a whole word, and both quit rows
say the same; the Italian bar keeps q and the page keys at 80 columns."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, page_with_board, tutor_on_builtin
from tests.tui.screen_text import screen_lines
from tui.screens.help_screen import HelpScreen

WORDS = {
    "it": ("spazio Tick", "i Iterazione", "pag↑", "inizio", "esc chiude", "Esci dal tutor"),
    "pl": ("spacja Krok", "i Iteracja", "pgup", "home", "esc zamyka", "Zamknij program"),
}


@pytest.mark.parametrize("lang", sweep(["it", "pl"], everyday=["it"]))
async def test_keys_named_in_the_students_language(lang: str) -> None:
    space, iteration, page_up, home, closes, quits = WORDS[lang]
    app = tutor_on_builtin("9", lang)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(page_with_board(screen, 7))  # Backtracks on 7 x 7: i and space
        screen.show(ask=True)
        for _ in range(3):
            await pilot.pause()
        bar = screen_lines(app)[-1]
        assert space in bar and iteration in bar and "space" not in bar, bar
        await pilot.press("question_mark")
        for _ in range(3):
            await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = "\n".join(screen_lines(app))
        for word in (page_up, home, closes):
            assert word in text, (word, text)
        assert "escape" not in text, text
        rows = [line for line in text.splitlines() if quits in line]
        assert len(rows) == 2, rows  # q and ^q, in the same words


async def test_the_italian_bar_keeps_the_page_keys_at_80_columns() -> None:
    app = tutor_on_builtin("3", "it")
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        screen.lesson_run.goto(4)
        screen.show(ask=True)
        for _ in range(3):
            await pilot.pause()
        await pilot.press("space")
        for _ in range(3):
            await pilot.pause()
        bar = screen_lines(app)[-1]
        assert "← Annulla" in bar and "f4 Pagina precedente" in bar, bar
        # Enter, named as what it does: the next page, or more of the page's text first
        assert "⏎ Avanti" in bar or "⏎ Continua" in bar, bar


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_the_page_keys_have_one_name_in_the_bar_and_the_sentences(lang: str) -> None:
    """The tree screen's bar said "pag↑/pag↓" while the sentences
    said "PgDn continua a leggere": every sentence that names the key names it as the bar
    does."""
    from tests.catalogs import catalog

    messages = list(catalog(lang))
    names = {
        str(m.id): str(m.string)
        for m in messages
        if m.context == "key" and m.id in ("pgdn", "pgup")
    }
    assert set(names) == {"pgdn", "pgup"}
    for message in messages:
        if message.context == "key" or not isinstance(message.id, str):
            continue
        for english, key in (("PgDn", "pgdn"), ("PgUp", "pgup")):
            if english in message.id:
                said = str(message.string)
                assert names[key].lower() in said.lower(), (message.id, said, names[key])
