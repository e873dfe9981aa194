"""A solution found on the place board when it cannot be saved (a full disk): the student is
told, the solution is kept, and it is saved on the board's timer once space is freed."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from lessons.progress.safe_file import write_atomically
from lessons.progress.store import data_dir
from tests.tui.screen_text import wait_for
from tui import found_store
from tui.app import QueensTutorApp
from tui.found_store import FILE_NAME, FoundStore
from tui.screens import place_screen


async def test_a_full_disk_is_told_and_the_solution_saved_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def full(target: Path, data: bytes, *args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(found_store, "write_atomically", full)
    monkeypatch.setattr(place_screen, "RETRY_SECONDS", 0.05)
    app = QueensTutorApp(5)
    notices: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: notices.append(str(message)))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        for row in (0, 2, 4, 1, 3):  # b = [0, 2, 4, 1, 3], a solution of n = 5
            await pilot.press(*["k"] * row, "space", *["j"] * row, "l")
        await pilot.pause()
        told = [notice for notice in notices if "could not be saved" in notice]
        assert len(told) == 1 and "No space left" in told[0], notices
        path = data_dir() / FILE_NAME
        assert not path.exists()
        # Space freed: the board's timer saves the solution kept in memory.
        monkeypatch.setattr(found_store, "write_atomically", write_atomically)
        await wait_for(pilot, path.exists)
        assert FoundStore(path).of(5) == ((0, 2, 4, 1, 3),)
