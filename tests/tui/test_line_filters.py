"""A pane goes without the ANSI-to-truecolor filter only when the filter would change nothing."""

from __future__ import annotations

import pytest
from textual.filter import ANSIToTruecolor
from textual.strip import Strip
from textual.theme import BUILTIN_THEMES
from textual.widget import Widget

from solver.iterative import Mode
from tests.tui.screen_text import PANES, drawn
from tui.app import QueensTutorApp
from tui.widgets.line_filters import drawn_in_truecolor


def every_line(widget: Widget) -> list[Strip]:
    """Every line of the widget, border included, as Textual's compositor asks for them."""
    widget._styles_cache.clear()
    return widget._styles_cache.render_widget(widget, widget.region.size.region)


@pytest.mark.parametrize("theme", sorted(BUILTIN_THEMES))
async def test_the_filter_is_left_out_only_where_it_changes_nothing(theme: str) -> None:
    app = QueensTutorApp(12, Mode.ALL)
    async with app.run_test(size=(80, 24)) as pilot:
        app.theme = theme
        await pilot.press(*["space"] * 7, "enter", "enter", "d")
        await pilot.pause()
        truecolor = ANSIToTruecolor(app.ansi_theme)
        changed = []
        for pane in PANES:
            widget = app.screen.query_one(pane)
            _, background = widget.background_colors
            lines = every_line(widget)
            filtered = [line.apply_filter(truecolor, background) for line in lines]
            if drawn(filtered) != drawn(lines):
                changed.append(pane)
            if drawn_in_truecolor(widget):
                assert drawn(filtered) == drawn(lines), (theme, pane)
        if theme.startswith("ansi-"):  # ANSI colours: every pane needs the filter
            assert changed == list(PANES)
            assert not any(drawn_in_truecolor(app.screen.query_one(pane)) for pane in PANES)
        else:
            assert all(drawn_in_truecolor(app.screen.query_one(pane)) for pane in PANES)


async def test_a_pane_keeps_the_filter_once_its_css_names_an_ansi_colour() -> None:
    app = QueensTutorApp(8)
    async with app.run_test(size=(80, 24)) as pilot:
        truecolor = ANSIToTruecolor(app.ansi_theme)
        app.get_line_filters = lambda: [truecolor]  # type: ignore[method-assign]
        code = app.screen.query_one("#code")
        assert list(code.get_line_filters()) == []
        code.styles.border_left = ("round", "ansi_red")
        await pilot.pause()
        assert list(code.get_line_filters()) == [truecolor]
        board = app.screen.query_one("#board")
        board.styles.border_subtitle_style = "dim"
        await pilot.pause()
        assert list(board.get_line_filters()) == [truecolor]
        table = app.screen.query_one("#table")
        table.styles.text_style = "dim"
        await pilot.pause()
        assert list(table.get_line_filters()) == [truecolor]
