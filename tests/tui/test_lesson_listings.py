"""The code listings of the built-in lessons are never cut in the lesson's text pane: each line
of each listing starts its own line on screen, the next line of the listing under it, and a line
wider than the pane goes on over the lines under it, each continuation marked (``↪``) and
indented under the line's start, so that no continuation reads as a line of its own.

The listings are laid out as at 80x24 (the text pane beside an 8x8 board's column), on one
tall page, and read from the screen as drawn.
"""

from __future__ import annotations

import pytest

from lessons.model import Lesson, Text
from lessons.parsing.parser import parse
from tests.tiers import sweep
from tests.tui.screen_text import screen_lines
from tui.app import QueensTutorApp
from tui.glyphs import UNICODE
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


MARK = f"{UNICODE.wrap} "


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_no_listing_line_is_cut(lang: str) -> None:
    codes = listings(lang)
    height = sum(2 * len(code) + 8 for code in codes) + 20
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
                drawn = rows[y][x:].rstrip()
                y += 1
                # Its continuations: under its start, marked (never a line of its own).
                while rows[y][x:].lstrip(" ").startswith(MARK):
                    indent = len(rows[y][x:]) - len(rows[y][x:].lstrip(" "))
                    assert indent <= len(line) - len(line.lstrip(" ")), rows[y]
                    drawn += " " + rows[y][x:].lstrip(" ")[len(MARK) :].rstrip()
                    y += 1
                # Every character of the line, in order (it breaks at a blank, or in a token).
                assert "".join(drawn.split()) == "".join(line.split()), f"{line!r}: {drawn!r}"
                assert len(rows[y - 1][x:].rstrip()) <= inside.width - x, "drawn past the pane"
            row = y


async def test_tab_never_takes_a_listing_and_a_wide_line_wraps_marked() -> None:
    wide = [
        "def Solve(self, stato):",
        "            r = self.Solve(self.newStato(stato, m))  # r is [True, soluzione] or [False]",
    ]
    narrow = ["x = 1"]
    app = QueensTutorApp(8)
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LessonScreen(page_of([narrow, wide]), None))
        await pilot.pause()
        await pilot.press("tab")  # the keys stay the screen's (and a waiting question's)
        assert not isinstance(app.focused, CodeListing)
        listing = list(app.screen.query(CodeListing))[-1]
        # It says how wide it is whole (a screen may size a pane by it): its padding, the line.
        assert listing.content_width() == len(wide[1]) + 2 > listing.size.width
        drawn = [listing.line(y) for y in range(listing.size.height)]
        wrapped = next(index for index, line in enumerate(drawn) if "r = self.Solve" in line)
        assert drawn[wrapped + 1].lstrip().startswith(MARK)
        indent = len(drawn[wrapped]) - len(drawn[wrapped].lstrip())
        assert len(drawn[wrapped + 1]) - len(drawn[wrapped + 1].lstrip()) == indent
        assert not listing.has_class("-cut") and not listing.border_subtitle
