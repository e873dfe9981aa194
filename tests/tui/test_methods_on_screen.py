"""Every steppable method on the tutor's screen: its notes' code, exact steps back, the same
solutions as its engine, and a pane that fits 80x24."""

from __future__ import annotations

import pytest

from solver.registry import make_engine, steppable_methods, stepped
from solver.stepping import Mode
from tests.tiers import method_sweep
from tests.tui.screen_text import lines, main_screen, pane, wait_for
from tui.app import QueensTutorApp

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
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
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
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
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


async def test_m_cycles_through_every_method_and_resets() -> None:
    app = QueensTutorApp(5)
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
        seen = []
        for _ in steppable_methods():
            seen.append(screen.session.method)
            await pilot.press("space", "space", "m")
            assert screen.session.engine.tick == 0
        assert seen == list(steppable_methods())
        assert screen.session.method == "iterative"


async def test_brackets_change_the_maze() -> None:
    app = QueensTutorApp(method="maze")
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
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
    async with app.run_test(size=SIZE) as pilot:
        screen = main_screen(app)
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
