"""Every stepping key of the main screen, checked against what the screen shows."""

from __future__ import annotations

import re

import pytest

from solver.methods.iterative.engine import IterativeEngine, Mode
from tests.tui.screen_text import b_row, lines, main_screen, pane, wait_for
from tui.app import QueensTutorApp

SIZE = (80, 24)


def _marked(app: QueensTutorApp) -> list[str]:
    """The code lines the last tick ran (·), then the one that decided (→, the only one)."""
    code = lines(pane(app, "code"))
    ran = [line[2:].strip() for line in code if line.startswith(("·", "→"))]
    assert sum(line.startswith("→") for line in code) <= 1, code
    return ran


async def test_the_stepping_keys_move_the_run_and_every_pane_follows() -> None:
    """On 4 x 4, from the start each time (r): space and right play one tick each, enter one
    iteration, left and backspace step back exactly; the board, the state table, the code's
    marks, the narration and the status line show each tick."""
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)

        def narration() -> str:
            return " ".join(lines(pane(app, "narration")))

        assert "under the board" in narration()
        await pilot.press("space")
        assert screen.session.engine.tick == 1
        assert b_row(app) == [0, -1, -1, -1]
        assert _marked(app) == ["b[0]=0; k=1;"]
        await pilot.press("space")  # (1, 0) attacked
        assert _marked(app) == ["do b[k]++;", "while (b[k]<n && !isfree(k,b[k]));"]
        decided = [line for line in lines(pane(app, "code")) if line.startswith("→")]
        assert len(decided) == 1 and "isfree" in decided[0]  # one →: the deciding line
        assert "Column 1, row 0 is attacked by the queen in column 0" in narration()
        await pilot.press("right")
        assert screen.session.engine.tick == 3
        # Column 1: row 0 and row 1 attacked, so b[1] is 1 after three ticks.
        assert b_row(app) == [0, 1, -1, -1]
        assert "n = 4  k = 1  tick 3" in "\n".join(lines(pane(app, "status")))
        await pilot.press("space")  # (1, 2) free: k++
        assert _marked(app)[-1] == "if (b[k]<n) k++;"
        await pilot.press("enter")  # column 2 has no free row: backtrack
        assert _marked(app)[-1] == "else { b[k]=-1; k--; }"
        assert "back to column 1" in narration()

        await pilot.press(*["space"] * 7, "r")
        assert screen.session.engine.tick == 0
        assert b_row(app) == [-1] * 4
        await pilot.press("enter")
        assert b_row(app) == [0, -1, -1, -1]
        await pilot.press("enter")  # rows 0 and 1 attacked, row 2 free
        assert b_row(app) == [0, 2, -1, -1]
        assert screen.session.engine.tick == 4
        await pilot.press("enter")  # column 2 full: back to column 1
        assert b_row(app) == [0, 2, -1, -1]
        assert screen.session.snapshot.k == 1

        await pilot.press("r", *["space"] * 5)  # b = [0, 2, 0, -1]: column 2 row 0 attacked by row
        board = [line.split() for line in lines(pane(app, "board"))[:4]]
        assert board == [
            ["3", "•", "•", "•", "•"],
            ["2", "•", "♛", "•", "•"],
            ["1", "•", "•", "•", "·"],
            ["0", "♕", "─", "✕", "•"],
        ]
        await pilot.press("space")
        after_six = screen.session.snapshot
        await pilot.press("space", "left")
        assert screen.session.snapshot == after_six
        await pilot.press("backspace", "left")
        assert screen.session.engine.tick == 4
        await pilot.press(*["left"] * 10)  # more than there is: stops at the start
        assert screen.session.engine.tick == 0
        assert b_row(app) == [-1, -1, -1, -1]

        # The Wrocław lecture: "Wróć do kolumny 1!" leaves b = [0, 2, -1, -1], the queen of
        # column 1 on row 2.
        await pilot.press(*["space"] * 9)  # the ninth tick backtracks out of column 2
        assert b_row(app) == [0, 2, -1, -1] and screen.session.engine.k == 1
        board = [line.split() for line in lines(pane(app, "board"))[:4]]
        assert board[1][:3] == ["2", "•", "♛"]  # row 2: column 1's queen is drawn
        assert all("♛" not in row[3:] for row in board)  # columns 2 and 3 are empty


async def test_the_view_keys_change_the_mode_the_overlay_and_the_board() -> None:
    """a toggles all-solutions mode, d cycles the diagonal overlay, the brackets resize the
    board and reset the run."""
    app = QueensTutorApp(4)
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
        status = pane(app, "status")
        assert "first solution, found" in "\n".join(lines(status))
        await pilot.press("a")
        assert screen.session.engine.mode is Mode.ALL
        assert "all solutions, found" in "\n".join(lines(status))
        await pilot.press("a")
        assert screen.session.engine.mode is Mode.FIRST

        board = pane(app, "board")
        assert lines(board)[0].split() == ["3", "·", "·", "·", "·"]
        await pilot.press("d")
        # Top row (row 3): col+row = 3, 4, 5, 6.
        assert lines(board)[0].split() == ["3", "·3", "·4", "·5", "·6"]
        await pilot.press("d")
        # row-col = 3, 2, 1, 0 (two characters wide: row-col goes down to -3).
        assert lines(board)[0] == "3 · 3 · 2 · 1 · 0"
        assert lines(board)[3] == "0 · 0 ·-1 ·-2 ·-3"
        await pilot.press("d")
        assert lines(board)[0].split() == ["3", "·", "·", "·", "·"]

        await pilot.press("space", "right_square_bracket")
        assert screen.session.engine.n == 5
        assert screen.session.engine.tick == 0
        assert b_row(app) == [-1] * 5
        await pilot.press(*["left_square_bracket"] * 6)
        assert screen.session.engine.n == 1
        assert b_row(app) == [-1]
        await pilot.press("space")
        assert b_row(app) == [0]


async def test_largest_board_is_32_and_scrolls_to_the_square_tried() -> None:
    app = QueensTutorApp(31)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("right_square_bracket", "right_square_bracket")
        screen = main_screen(app)
        assert screen.session.engine.n == 32
        # Place queens until column 13 or more, far right of an 80-column pane.
        while screen.session.engine.k < 14:
            await pilot.press("enter")
        await pilot.pause()
        board = pane(app, "board")
        assert board.scroll_x > 0
        event = screen.session.snapshot.last_event
        assert event is not None
        drawn = "\n".join(lines(board))
        # The file number of the column tried is on screen.
        assert f" {screen.session.snapshot.k - 1} " in drawn.splitlines()[-1] + " "
        # No scrollbars: the bottom border says which squares show, as the labels number them.
        label = str(board.border_subtitle)
        first_col, last_col, low, high = map(int, re.findall(r"\d+", label)[:4])
        assert label.endswith("of 32")
        files = drawn.splitlines()[-1].split()
        assert (first_col, last_col) == (int(files[0]), int(files[-1]))
        ranks = [int(line.split()[0]) for line in drawn.splitlines()[:-1]]
        assert (low, high) == (min(ranks), max(ranks))
        assert low <= screen.session.snapshot.b[screen.session.snapshot.k - 1] <= high


async def test_a_board_that_fits_has_no_view_label() -> None:
    app = QueensTutorApp(8)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*["enter"] * 6)
        assert pane(app, "board").border_subtitle is None
        await pilot.press(*["right_square_bracket"] * 8)
        await pilot.pause()
        assert str(pane(app, "board").border_subtitle) == "cols 0-9, rows 0-8 of 16"


async def test_stepping_matches_a_fresh_engine_tick_for_tick() -> None:
    app = QueensTutorApp(6)
    reference = IterativeEngine(6)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(40):
            await pilot.press("space")
            reference.step()
            assert b_row(app) == list(reference.b)


@pytest.mark.parametrize("n", [13, 16])
async def test_scrolled_to_the_far_right_no_square_is_cut_and_solved_shows_whole(n: int) -> None:
    app = QueensTutorApp(n)
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
        await pilot.press("s")  # to the first solution: its last try is in column n-1
        await wait_for(pilot, lambda: not screen.running)
        await pilot.pause()
        assert screen.session.snapshot.k == n
        board = pane(app, "board")
        table = pane(app, "table")
        assert board.scroll_x > 0
        assert board.scroll_x % 3 == 0 and table.scroll_x % 3 == 0  # whole cells
        files = lines(board)[-1].split()
        label = str(board.border_subtitle)
        first_col, last_col = map(int, re.findall(r"\d+", label)[:2])
        assert (first_col, last_col) == (int(files[0]), int(files[-1])) == (first_col, n - 1)
        # The head (rank numbers) is followed by a whole first square, not a sliver of one.
        head = len(str(n - 1)) + 1
        assert lines(board)[-1][head:].startswith(f"{first_col:^3}")
        # The table is never scrolled sideways (its columns go on in bands, one under the
        # other): the band of the last columns is in view, and says so in full under them.
        assert table.scroll_x == 0
        # whole, its ▶ under the last column (its words before it where they do not fit after)
        assert any(f"k = n = {n}: solved" in line for line in lines(table))
