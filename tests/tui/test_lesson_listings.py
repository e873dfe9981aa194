"""The code listings of the built-in lessons are never wrapped in the lesson's text pane: each
line of each listing starts its own line on screen, the next line of the listing right under
it, and a line wider than the pane is read whole by scrolling its listing sideways (a scrollbar
shows that it scrolls).

The listings are laid out as at 80x24 (the text pane beside an 8x8 board's column), on one
tall page, and read from the screen as drawn.
"""

from __future__ import annotations

import pytest
from textual.widget import Widget

from lessons.model import Lesson, Text
from lessons.parsing.parser import parse
from tests.tui.screen_text import screen_lines
from tui.app import QueensTutorApp
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPane
from tui.widgets.lesson_text import CodeListing, blocks

WIDTH = 80


def listings(lang: str) -> list[list[str]]:
    """Every code listing of the built-in lessons in ``lang``, as its lines."""
    found = []
    for lesson in LessonContext.load(lang=lang).catalog.lessons:
        for page in lesson.pages:
            for block in page.blocks:
                if isinstance(block, Text):
                    found += [b.text.splitlines() for b in blocks(block.markdown) if b.lexer]
    assert found
    return found


def page_of(codes: list[list[str]]) -> Lesson:
    body = "\n\n".join("Listing:\n\n```\n" + "\n".join(code) + "\n```" for code in codes)
    result = parse(f"@lesson listings\n@title L\n@summary S\n\n@page P\n{body}\n", "l.md")
    assert result.lesson is not None, result.errors
    return result.lesson


def scroller_at(widget: Widget | None) -> Widget | None:
    """The widget (or ancestor) that scrolls sideways, if any."""
    while widget is not None:
        if widget.show_horizontal_scrollbar:
            return widget
        parent = widget.parent
        widget = parent if isinstance(parent, Widget) else None
    return None


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
async def test_no_listing_line_is_wrapped(lang: str) -> None:
    codes = listings(lang)
    height = sum(len(code) + 8 for code in codes) + 20
    app = QueensTutorApp(8)
    async with app.run_test(size=(WIDTH, height)) as pilot:
        await app.push_screen(LessonScreen(page_of(codes), None))
        await pilot.pause()
        await pilot.pause()
        pane = app.screen.query_one(LessonPane).page
        inside = pane.scrollable_content_region
        assert pane.max_scroll_y == 0, "the page is meant to be on screen whole"
        rows = [line[inside.x : inside.right] for line in screen_lines(app)]
        row = 0
        for code in codes:
            lines = [line for line in code if line.strip()]
            # The listing's first line, then each next line on the screen's next lines.
            start = None
            for y in range(row, len(rows)):
                if rows[y].lstrip().startswith(lines[0].strip()[:20]):
                    start = y
                    break
            assert start is not None, f"listing not found: {lines[0]!r}"
            x = rows[start].index(lines[0].strip()[:20]) - (len(lines[0]) - len(lines[0].lstrip()))
            y = start
            for line in code:
                shown = rows[y][x:].rstrip()
                visible = inside.right - (inside.x + x) - 1  # the listing's padding at the right
                assert shown == line[: len(shown)].rstrip() and len(shown) >= min(
                    len(line.rstrip()), visible - 1
                ), f"{line!r} is drawn as {rows[y]!r}"
                if len(line.rstrip()) > len(shown):  # the rest is there, scrolled sideways
                    scroller = scroller_at(app.screen.get_widget_at(inside.x + x, y)[0])
                    assert scroller is not None, f"{line!r} is cut, with no scrollbar"
                    # Scrolled just far enough for its end (and the padding after it).
                    end = len(line.rstrip()) + 2 - scroller.scrollable_content_region.width
                    scroller.scroll_to(x=end, animate=False, immediate=True)
                    await pilot.pause()
                    tail = screen_lines(app)[y][: inside.right].rstrip()
                    assert tail.endswith(line.rstrip()[-10:]), f"{line!r}: {tail!r}"
                    scroller.scroll_to(x=0, animate=False, immediate=True)
                    await pilot.pause()
                y += 1
            row = y


async def test_tab_takes_a_wide_listing_and_the_arrows_scroll_it() -> None:
    wide = [
        "def Solve(self, stato):",
        "            r = self.Solve(self.newStato(stato, m))  # r is [True, soluzione] or [False]",
    ]
    narrow = ["x = 1"]
    app = QueensTutorApp(8)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LessonScreen(page_of([narrow, wide]), None))
        await pilot.pause()
        await pilot.press("tab")  # the narrow listing is passed over: it has nothing to scroll
        listing = app.focused
        assert isinstance(listing, CodeListing) and listing.max_scroll_x > 0
        # Its bottom line says that its lines go on, and which keys bring them into view.
        assert "tab, then" in str(listing.border_subtitle) and listing.has_class("-cut")
        assert listing.scroll_x == 0
        await pilot.press("right", "right")
        assert listing.scroll_x > 0
        await pilot.press("left", "left")
        assert listing.scroll_x == 0
