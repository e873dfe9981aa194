"""The panes' short way through Textual's line styling draws what Textual's own way draws."""

from __future__ import annotations

import pytest
from textual._styles_cache import StylesCache
from textual.strip import Strip
from textual.widget import Widget

from solver.iterative import Mode
from tests.tui.screen_text import PANES, drawn
from tui.app import QueensTutorApp
from tui.glyphs import ASCII, UNICODE
from tui.widgets.content_lines import ContentLinesCache


def both_ways(widget: Widget) -> tuple[list[Strip], list[Strip]]:
    """Every line of the widget the short way and Textual's way."""
    assert isinstance(widget._styles_cache, ContentLinesCache)
    region = widget.region.size.region  # the whole widget, border included
    short = ContentLinesCache().render_widget(widget, region)
    textual = StylesCache().render_widget(widget, region)
    return short, textual


@pytest.mark.parametrize("theme", ["textual-dark", "textual-light", "nord", "ansi-dark"])
@pytest.mark.parametrize("glyphs", [UNICODE, ASCII], ids=["unicode", "ascii"])
async def test_every_pane_line_is_drawn_as_textual_draws_it(theme: str, glyphs: object) -> None:
    app = QueensTutorApp(12, Mode.ALL, glyphs=glyphs)  # type: ignore[arg-type]
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        for keys in (["space"] * 7, ["enter"] * 9, ["d"], ["space"] * 3, ["d"]):
            await pilot.press(*keys)
            await pilot.pause()
            for pane in PANES:
                short, textual = both_ways(app.screen.query_one(pane))
                assert len(short) == app.screen.query_one(pane).region.height
                assert drawn(short) == drawn(textual), (theme, pane)


async def test_uneven_padding_and_borders_are_drawn_as_textual_draws_them() -> None:
    app = QueensTutorApp(8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "space")
        code = app.screen.query_one("#code")
        code.styles.padding = (0, 3, 0, 1)
        code.styles.border_left = ("heavy", "red")
        code.styles.border_right = ("round", "blue")
        await pilot.pause()
        short, textual = both_ways(code)
        assert drawn(short) == drawn(textual)


async def test_a_pane_that_is_not_plain_takes_textuals_way() -> None:
    app = QueensTutorApp(8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space", "space")
        code = app.screen.query_one("#code")
        code.styles.tint = "red 30%"
        code.styles.text_opacity = 0.5
        await pilot.pause()
        short, textual = both_ways(code)
        assert drawn(short) == drawn(textual)


async def test_content_lines_of_a_plain_pane_take_the_short_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = QueensTutorApp(8)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("space")
        board = app.screen.query_one("#board")
        calls: list[int] = []
        textual_way = StylesCache.render_line

        def counted(self: StylesCache, styles: object, y: int, *args: object) -> Strip:
            calls.append(y)
            return textual_way(self, styles, y, *args)  # type: ignore[arg-type]

        monkeypatch.setattr(StylesCache, "render_line", counted)
        ContentLinesCache().render_widget(board, board.region.size.region)
        assert calls == [0, board.region.height - 1]  # only the border's top and bottom
