"""While autoplay runs the main screen's key bar says p Pause and esc Stop
(it kept offering p Play); p pauses, and the bar offers p Play again."""

from __future__ import annotations

import pytest

from lessons import i18n
from tests.tiers import sweep
from tests.tui.screen_text import screen_lines, wait_for
from tui.app import QueensTutorApp


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
