"""The place board's legend keeps the cursor's glyph whole on one line: "[" at a line's end
and "] the cursor." on the next read as two stray brackets."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.screen_text import region_lines
from tui.app import QueensTutorApp


@pytest.mark.parametrize(
    ("size", "lang"),
    sweep(
        [
            ((80, 24), "en"),
            ((120, 40), "en"),
            ((100, 30), "en"),
            ((80, 24), "pl"),
            ((120, 40), "it"),
        ],
        everyday=[((120, 40), "en")],
        several=True,
    ),
)
async def test_the_cursor_glyph_is_never_split_across_lines(
    size: tuple[int, int], lang: str
) -> None:
    from lessons import i18n

    i18n.set_language(lang)
    app = QueensTutorApp(4)
    async with app.run_test(size=size) as pilot:
        await pilot.press("o")
        await pilot.pause()
        pane = app.screen.query_one("#place-text")
        text = region_lines(app, pane)
        cursor_lines = [line.rstrip() for line in text if "[" in line or "]" in line]
        assert cursor_lines, text
        assert not any(line.endswith("[") for line in cursor_lines), text
        assert not any(line.lstrip("│ ").startswith("]") for line in cursor_lines), text
