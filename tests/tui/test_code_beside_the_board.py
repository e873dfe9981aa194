"""The code beside the board is whole, or says which of its lines show.

A listing says which of its lines show ("lines 4-9 of 12") whenever some are out of view, its
line being run always in view, and a lesson page at 80x24 shows it where the board's column has
the room. The board's column is shared out board first, then the code, then the state table,
then the list of solutions."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from lessons import i18n
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, tutor_on_builtin
from tests.tui.screen_text import lines, pane
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import LessonScreen
from tui.screens.lesson_screen.column import page_listings
from tui.widgets.board import Board
from tui.widgets.code_pane import CodePane

SIZES = [(80, 24), (120, 40)]
ARROW = "→"


async def settle(pilot: Pilot[None], times: int = 4) -> None:
    for _ in range(times):
        await pilot.pause()


def label_says(label: str | None, shown: list[int], count: int) -> None:
    """``label`` names the first and last of the ``shown`` lines (numbered from 1) of ``count``,
    or is None when every line shows."""
    if len(set(shown)) == count:
        assert label is None, label
        return
    assert label is not None, f"lines {shown} of {count} show, and nothing says so"
    said = (
        i18n._("lines {first}-{last} of {count}"),
        i18n._("question: lines {first}-{last} of {count}"),
        i18n._("question: lines {first}-{last}"),  # a narrow pane's
    )
    numbers = {"first": min(shown) + 1, "last": max(shown) + 1, "count": count}
    assert str(label) in [text.format(**numbers) for text in said], label


def lesson_code_lines(code: CodePane) -> list[int]:
    """The listing's lines with a row in view (their index), from what the pane draws."""
    listing = code.code
    assert listing is not None
    body = code._drawn_width - 2  # the gutter
    starts: list[int] = []
    for index, line in enumerate(listing.lines):
        starts.extend([index] * len(code.drawing.pieces(line, body)))
    top = round(code.scroll_y)
    return starts[top : top + code.scrollable_content_region.height]


def board_whole(screen: LessonScreen) -> bool:
    board = screen.query_one("#lesson-board", Board)
    return board.border_subtitle is None and board.view_label() is None


async def open_page(pilot: Pilot[None], page: int) -> LessonScreen:
    screen = await lesson_screen(pilot)
    screen.lesson_run.goto(page - 1)
    screen.show(ask=True)
    await settle(pilot)
    return screen


def main_code_lines(drawn: list[str], listing: tuple[str, ...]) -> list[int]:
    """The listing's lines the main screen's code pane draws (their index): its rows, their
    gutter of two columns cut off, matched as a run of the listing's lines (nothing wraps in
    its column)."""
    rows = [row[2:].rstrip() for row in drawn if row.strip()]
    for start in range(len(listing)):
        if [line.rstrip() for line in listing[start : start + len(rows)]] == rows:
            return list(range(start, start + len(rows)))
    raise AssertionError(f"the rows drawn are not a run of the listing's lines: {drawn}")


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
async def test_the_main_screens_placequeens_says_which_lines_show(size: tuple[int, int]) -> None:
    app = QueensTutorApp(6, method="recursive")
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for ticks in range(40):
            code = pane(app, "code")
            drawn = lines(code)
            listing = app.screen.session.frame().code  # type: ignore[attr-defined]
            shown = main_code_lines(drawn, listing.lines)
            if size == (80, 24):  # beside the state table 12 lines never fit in 80x24
                assert len(shown) < len(listing.lines), drawn
            label_says(code.border_subtitle, shown, len(listing.lines))
            if ticks:  # the line being run is in view
                assert listing.ran[-1] in shown, (listing.ran, shown)
                assert any(text.startswith(ARROW) for text in drawn), drawn
            await pilot.press("space")
            await settle(pilot, 2)


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
async def test_a_small_boards_page_shows_its_loop_beside_the_board(size: tuple[int, int]) -> None:
    # lesson 5 p3 (4 x 4): at 80x24 the code had no pane at all; now it shows the line being
    # run and says which lines show
    app = tutor_on_builtin("5", "en")
    async with app.run_test(size=size) as pilot:
        screen = await open_page(pilot, 3)
        await pilot.press("f3", "enter")  # the practice question, shown: the board steps
        await settle(pilot)
        for _ in range(6):
            await pilot.press("space")
            await settle(pilot, 2)
            code = screen.query_one("#lesson-code", CodePane)
            assert code.display and code.size.height >= 3
            assert board_whole(screen)
            shown = lesson_code_lines(code)
            label_says(code.border_subtitle, shown, len(code.code.lines))  # type: ignore[union-attr]
            ran = code.code.ran  # type: ignore[union-attr]
            assert ran and ran[-1] in shown, (ran, shown)


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
@pytest.mark.parametrize("page", sweep([3, 4, 5], everyday=[3]))
async def test_lesson_6_keeps_the_board_whole_and_the_code_before_the_solutions(
    page: int, size: tuple[int, int]
) -> None:
    app = tutor_on_builtin("6", "en")
    async with app.run_test(size=size) as pilot:
        screen = await open_page(pilot, page)
        run = screen.lesson_run
        while run.asked is not None:  # the page's questions, shown: its list of solutions
            await pilot.press("f3")
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
        for _ in range(6):  # the rest of the page (page 3 runs its board to the end after
            if run.page_done:  # its question)
                break
            await pilot.press("enter")
            await settle(pilot)
        assert run.session is not None and run.session.engine.solutions_found
        solutions = screen.query_one("#lesson-solutions")
        assert solutions.display and solutions.size.height >= 2
        assert board_whole(screen), screen.query_one("#lesson-board", Board).border_subtitle
        code = screen.query_one("#lesson-code", CodePane)
        if size == (120, 40):
            assert code.display
            shown = lesson_code_lines(code)
            count = len(code.code.lines)  # type: ignore[union-attr]
            label_says(code.border_subtitle, shown, count)
            if page_listings(screen.lesson_run.page)[1]:
                # Page 3's text quotes placeQueens whole: the stack and the list come first,
                # the pane keeps the line being run in view
                ran = code.code.ran  # type: ignore[union-attr]
                assert ran and ran[-1] in shown, (ran, shown)
                return
            # placeQueens (12 lines) whole; tenta and sicura (23 lines) at least 10 of them
            assert len(set(shown)) >= min(count, 12), (shown, count)
            assert code.size.height > solutions.size.height or len(set(shown)) == count


@pytest.mark.parametrize(
    ("lesson", "size"),
    sweep(
        [(str(number), size) for number in range(1, 10) for size in SIZES],
        everyday=[("5", (80, 24))],
        several=True,
    ),
)
async def test_every_code_pane_says_which_lines_show(lesson: str, size: tuple[int, int]) -> None:
    app = tutor_on_builtin(lesson, "en")
    async with app.run_test(size=size) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        for index in range(len(screen.lesson.pages)):
            run.goto(index)
            screen.show(ask=True)
            await settle(pilot)
            code = screen.query_one("#lesson-code", CodePane)
            left = screen.query_one("#lesson-left")
            if not (left.display and code.display and code.size.height):
                continue
            await settle(pilot)  # a new height's Resize, then its label
            shown = lesson_code_lines(code)
            label_says(code.border_subtitle, shown, len(code.code.lines))  # type: ignore[union-attr]
            ran = code.code.ran  # type: ignore[union-attr]
            asked = run.question_lines() if screen.has_class("-short") else ()
            if asked:  # a question about the code waits: its lines, whole, in place of the tick's
                assert set(asked) <= set(shown), (index + 1, asked, shown)
            elif ran:
                assert ran[-1] in shown, (index + 1, ran, shown)
