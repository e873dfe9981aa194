"""The pane beside the place board pages with PgUp and PgDn: at 80x24 the six placements of
3 x 3, each listed with why it fails, went below the pane's foot, and no key reached them."""

from __future__ import annotations

from itertools import permutations

from textual.containers import VerticalScroll

from tests.tui.place_keys import put_queens
from tui.app import QueensTutorApp
from tui.screens.place_screen import PlaceScreen


async def test_pgdn_and_pgup_page_the_pane_beside_the_board() -> None:
    app = QueensTutorApp(3)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("o")
        board = app.screen
        assert isinstance(board, PlaceScreen)
        for b in permutations(range(3)):
            await pilot.press("c")
            await put_queens(pilot, board, b)
        await pilot.pause()
        info = board.query_one("#place-info", VerticalScroll)
        assert info.max_scroll_y > 0  # more than the pane holds
        top = info.scroll_y
        await pilot.press("pagedown")
        await pilot.pause()
        assert info.scroll_y > top
        await pilot.press("pageup")
        await pilot.pause()
        assert info.scroll_y == top
