"""A notice still on show is not stacked again: ctrl+c pressed (or pasted) many times asked
"Do you want to quit?" once a key, and thousands of toasts made each new key cost more than the
last (the raw-byte fuzz's guess mode stayed busy for minutes)."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App

from tui.app import QueensTutorApp


async def test_ctrl_c_many_times_shows_one_quit_notice(monkeypatch: pytest.MonkeyPatch) -> None:
    shown: list[str] = []
    notify = App.notify

    def counted(self: App[Any], message: str, **options: Any) -> None:
        shown.append(options.get("title", ""))
        notify(self, message, **options)

    monkeypatch.setattr(App, "notify", counted)  # Textual's public notify, counted
    app = QueensTutorApp(5)
    async with app.run_test(size=(80, 40)) as pilot:
        await pilot.press("o")  # the place board: over the main screen, notices are toasts
        await pilot.pause()
        for _ in range(8):
            await pilot.press("ctrl+c")
        await pilot.pause()
        assert shown == ["Do you want to quit?"], shown
        app.clear_notifications()
        await pilot.press("ctrl+c")  # taken away: the same notice shows again
        await pilot.pause()
        assert shown == ["Do you want to quit?"] * 2, shown
