"""Every steppable method on the tutor's screen: its notes' code with one arrow on the deciding
line, exact steps back, the same solutions as its engine, panes that fit 80x24, the overlay
repainted at each d, a maze's labels."""

from __future__ import annotations

import re

import pytest

from lessons.parsing.parser import parse
from solver.registry import METHODS, make_engine, steppable_methods, stepped
from solver.stepping import Mode
from solver.views.frame import BoardFrame
from solver.views.squares import Overlay
from solver.views.widths import square_width
from tests.tiers import method_sweep, sweep
from tests.tui.lesson_apps import lesson_opened, open_page, tutor_on_builtin
from tests.tui.screen_text import lines, main_opened, main_screen, pane, screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board
from tui.widgets.session_view.pane import Pane

SIZE = (80, 24)

TITLES = {
    "iterative": "queens()",
    "recursive": "placeQueens(int i)",
    "scan": "tenta(int k)",
    "general": "BackTrack.Solve",
    "maze": "BackTrack.Solve",
}
"""The code each method of the notes shows, as its notes name it."""


QUEENS_STEPPED = [name for name in steppable_methods() if stepped(name).queens]


def stacked(method: str) -> bool:
    """The method's state pane has a call stack (room for it: its view's ``Tables.room``)."""
    view = stepped(method).make_view()
    return view.frame(make_engine(method, 8).snapshot(), "off").tables.room > 0


def widest_code(method: str) -> int:
    """The longest line of the method's code pane at n=8."""
    view = stepped(method).make_view()
    return max(map(len, view.frame(make_engine(method, 8).snapshot(), "off").code.lines))


STACKED = [name for name in QUEENS_STEPPED if stacked(name)]

FIRST = steppable_methods()[0]
"""The everyday run's cases of each method sweep are read from the registry (the thorough tier
walks every method): the first registered method, plus the ones with a trait the others lack,
where the behaviour is likeliest to fail."""


OTHER_SEARCHES = [name for name in steppable_methods() if not stepped(name).queens]
"""Methods that search something else than queens (the maze): another snapshot, another end."""


WIDEST_CODE = [
    name
    for name in steppable_methods()
    if widest_code(name) == max(map(widest_code, steppable_methods()))
]
"""The methods whose code has the longest line: likeliest to be cut at 80x24."""


@pytest.mark.parametrize(("method", "title"), TITLES.items())
def test_the_code_is_titled_as_the_notes_name_it(method: str, title: str) -> None:
    view = stepped(method).make_view()
    assert view.frame(make_engine(method, 6).snapshot(), "off").code.title == title


# Everyday: the first method and the maze (another snapshot altogether, its first "solution"
# the exit); a call stack's steps back are checked in the test of the deeper stack below.
@pytest.mark.parametrize(
    "method", method_sweep(steppable_methods(), everyday=[FIRST, *OTHER_SEARCHES])
)
async def test_steps_back_to_the_same_frame_and_s_reaches_the_engines_solution(
    method: str,
) -> None:
    app = QueensTutorApp(6, method=method)
    async with main_opened(app, SIZE) as (pilot, screen):
        title = pane(app, "code").border_title
        assert title == screen.session.frame().code.title
        await pilot.press(*["space"] * 7)
        seven = screen.session.frame()
        await pilot.press(*["space"] * 12)
        assert screen.session.frame() != seven
        await pilot.press(*["left"] * 12)
        assert screen.session.frame() == seven
        assert screen.session.engine.tick == 7
        await pilot.press("s")
        await wait_for(pilot, lambda: not screen.running and screen.session.engine.tick > 7)
        reference = make_engine(method, 6, Mode.FIRST)
        reference.run()
        assert screen.session.snapshot == reference.snapshot()
        assert screen.session.frame().status.found == 1


# Everyday: the first method; every queens method counts the same 4 solutions in the thorough tier.
@pytest.mark.parametrize("method", method_sweep(QUEENS_STEPPED, everyday=QUEENS_STEPPED[:1]))
async def test_all_mode_counts_the_solutions_of_n6(method: str) -> None:
    app = QueensTutorApp(6, method=method)
    async with main_opened(app, SIZE) as (pilot, screen):
        await pilot.press("a", "s")
        for _ in range(6):  # run to each solution, then to the end
            await wait_for(pilot, lambda: not screen.running)
            await pilot.press("s")
        await wait_for(pilot, lambda: screen.session.snapshot.finished)
        assert screen.session.frame().status.found == 4  # A000170 for n=6
        assert "found 4" in "\n".join(lines(pane(app, "status")))


# Everyday: the methods whose code has the longest line, the likeliest to be cut.
@pytest.mark.parametrize("method", method_sweep(steppable_methods(), everyday=WIDEST_CODE))
async def test_the_panes_show_whole_lines_at_80x24(method: str) -> None:
    app = QueensTutorApp(8, method=method)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press(*["space"] * 10)
        screen = main_screen(app)
        code = pane(app, "code")
        width = code.content_region.width
        assert all(len(line) + 2 <= width for line in screen.session.frame().code.lines), method
        for name in ("board", "status"):
            shown = lines(pane(app, name))
            assert shown and all(line.rstrip() == line.rstrip()[:width] for line in shown)
        view = main_screen(app).panes.view
        assert view is not None
        for name in ("code", "narration"):  # no thumb, read as a value: their borders say it
            box = view.pane(name).region.translate(view.region.offset)
            drawn = [line[box.x : box.right] for line in screen_lines(app)[box.y : box.bottom]]
            assert not [line for line in drawn if set(line) & set("▁▂▃▄▅▆▇█")], (name, drawn)


async def test_m_cycles_through_every_method_and_resets() -> None:
    app = QueensTutorApp(5)
    async with main_opened(app, SIZE) as (pilot, screen):
        seen = []
        for _ in steppable_methods():
            seen.append(screen.session.method)
            await pilot.press("space", "space", "m")
            assert screen.session.engine.tick == 0
        assert seen == list(steppable_methods())
        assert screen.session.method == "iterative"


async def test_brackets_change_the_maze() -> None:
    app = QueensTutorApp(method="maze")
    async with main_opened(app, SIZE) as (pilot, screen):
        first = screen.session.snapshot.maze  # type: ignore[attr-defined]
        await pilot.press("right_square_bracket")
        assert screen.session.snapshot.maze != first  # type: ignore[attr-defined]
        await pilot.press("left_square_bracket")
        assert screen.session.snapshot.maze == first  # type: ignore[attr-defined]


# Everyday: the first method with a call stack; the others lay theirs out the same way.
@pytest.mark.parametrize("method", method_sweep(STACKED, everyday=STACKED[:1]))
async def test_a_deeper_call_stack_is_no_new_layout(method: str) -> None:
    """The state pane has room for the deepest stack from the first frame: a tick that calls
    one level deeper does not change the pane's size; steps back restore the frame exactly."""
    app = QueensTutorApp(8, method=method)
    async with main_opened(app, SIZE) as (pilot, screen):
        table = pane(app, "table")
        await pilot.press("space")
        size = (table.virtual, table.box)
        depths = set()
        for tick in range(2, 62):
            await pilot.press("space")
            depths.add(len(screen.session.frame().tables.lines))
            assert (table.virtual, table.box) == size
            if tick == 36:
                deep = screen.session.frame()
        assert max(depths) >= 5  # the run went several calls deep
        await pilot.press(*["left"] * 25)
        assert screen.session.frame() == deep
        assert screen.session.engine.tick == 36


def col_plus_row(col: int, row: int) -> int:
    return col + row


def row_minus_col(col: int, row: int) -> int:
    return row - col


QUEENS_METHODS = [name for name in steppable_methods() if METHODS[name].queens]
"""The steppable methods with a queens board (the maze has no diagonals to number)."""


def drawn_values(board: Pane, frame: BoardFrame) -> dict[tuple[int, int], int]:
    """``{(column, row): value}`` for every square in view, read from the drawn lines; the
    column and row are the numbers printed beside the board."""
    assert frame.values is not None
    cell = square_width(frame)
    scroll_x, scroll_y = board.scroll_x, board.scroll_y
    head = max(len(label) for label in frame.row_labels) + 1
    width = board.content_region.width
    first_col = scroll_x // cell
    values = {}
    for y in range(board.content_region.height):
        line = y + scroll_y
        if line >= frame.height:
            break
        text = board.render_line(y).text
        if not text[:head].strip():
            break  # the file numbers, on the bottom line when the rows scroll
        row = int(text[:head])
        assert row == int(frame.row_labels[line])
        body = text[head:width]
        for index in range(len(body) // cell):
            col = first_col + index
            if col >= frame.width:
                break
            square = body[index * cell : (index + 1) * cell]
            values[col, row] = int(square[1:])  # the glyph, then the value
    return values


@pytest.mark.parametrize("method", method_sweep(QUEENS_METHODS, everyday=QUEENS_METHODS[:1]))
@pytest.mark.parametrize("n", sweep([4, 6, 8, 32], everyday=[32]))
async def test_each_d_repaints_every_square_with_its_own_value(method: str, n: int) -> None:
    app = QueensTutorApp(n, method=method)
    async with main_opened(app, (80, 24)) as (pilot, screen):
        await pilot.press(*["space"] * 6)
        board = pane(app, "board")
        for overlay, value in ((Overlay.SUM, col_plus_row), (Overlay.DIFF, row_minus_col)):
            await pilot.press("d")
            await pilot.pause()
            assert screen.session.overlay == overlay
            shown = drawn_values(board, screen.session.frame().board)
            assert len(shown) >= min(n, 4) ** 2, shown  # the squares in view, at least
            wrong = {square: v for square, v in shown.items() if v != value(*square)}
            assert not wrong, f"{overlay} on {n}x{n} ({method}): {wrong}"
        await pilot.press("d")  # off: the glyphs only, three columns a square
        await pilot.pause()
        frame = screen.session.frame().board
        assert frame.values is None
        assert square_width(frame) == 3 and board.step == 3


async def test_the_maze_numbers_its_columns_apart() -> None:
    """The rooms maze is 15 columns wide: its numbers 10 to 14 stood as 1011121314."""
    text = (
        "@lesson rooms\n@title Rooms\n@summary A wide maze\n\n@page The maze\nA wide maze.\n"
        "@board algorithm=maze maze=rooms\n"
    )
    lesson = parse(text, "rooms.md").lesson
    assert lesson is not None
    app = QueensTutorApp(8)
    async with app.run_test(size=(120, 40)) as pilot:
        screen = LessonScreen(lesson, None)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.pause()
        board = screen.query_one(Board)
        frame = board.frame
        assert frame is not None and len(frame.col_labels) >= 11, "a maze 11 columns wide or more"
        drawn = lines(board)
        files = next(line for line in drawn if re.fullmatch(r"[\s\d]+", line) and "0" in line)
        numbers = files.split()
        assert all(len(number) <= 2 for number in numbers), files  # never 1011...
        assert numbers[0] == "0" and "10" in numbers, files
        for number in numbers:  # each at the left of its own square
            at = files.index(f" {number}") + 1 if number != "0" else files.index("0")
            square = (at - files.index("0")) // 2
            assert frame.col_labels[square] == number, (number, files)


async def test_the_code_pane_marks_only_the_deciding_line() -> None:
    app = QueensTutorApp(8)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        ran_several = False
        for _ in range(12):
            await pilot.press("space")
            await pilot.pause()
            code = main_screen(app).session.frame().code
            await wait_for(pilot, lambda: bool(lines(pane(app, "code"))))
            drawn = lines(pane(app, "code"))
            marked = [line for line in drawn if line.lstrip().startswith("→")]
            assert len(marked) == 1, drawn
            assert not any("▶" in line for line in drawn), drawn  # the state table's glyph
            assert any("▶ k = " in line for line in lines(pane(app, "table")))
            assert code is not None and code.ran
            ran_several = ran_several or len(code.ran) > 1
        assert ran_several, "a tick that ran several lines was drawn"


def test_the_code_arrow_differs_from_the_marker_in_both_glyph_sets() -> None:
    from rich.cells import cell_len

    from solver.views.widths import GUTTER
    from tui.glyphs import ASCII, UNICODE

    for glyphs in (UNICODE, ASCII):
        assert cell_len(glyphs.ran) == GUTTER  # the gutter's two columns, as before
        assert glyphs.ran.strip() != glyphs.marker  # "->" and ">", "→" and "▶"
        assert glyphs.ran.strip()


async def test_the_maze_pane_is_titled_maze_and_the_queens_board() -> None:
    app = tutor_on_builtin("8", "it")
    async with lesson_opened(app) as (pilot, screen):
        board = screen.query_one("#lesson-board")
        for page, title in ((3, "scacchiera"), (4, "labirinto"), (5, "labirinto")):
            await open_page(pilot, screen, page)
            await pilot.pause()
            assert str(board.border_title) == title, (page, board.border_title)
