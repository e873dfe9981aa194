"""The code beside the board is whole, or says which of its lines show, its line being run in view,
or says it is in the page's text; the board's column is shared out board first, then the code,
the state table and the solutions. The code's rows are kept between ticks."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from lessons import i18n
from solver.views.frame import CodeFrame
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, shown_at, tutor_on, tutor_on_builtin
from tests.tui.screen_text import lines, pane, pauses, pressed, screen_lines, tutor_run, wait_for
from tests.tui.test_feedback_read_once import opened_at
from tui.glyphs import UNICODE
from tui.screens.lesson_screen import LessonScreen
from tui.screens.lesson_screen.column import page_listings
from tui.widgets.board import Board
from tui.widgets.code_pane import CodeDrawing, CodePane

SIZES = [(80, 24), (120, 40)]
ARROW = "→"


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


def main_code_lines(drawn: list[str], listing: tuple[str, ...]) -> list[int]:
    """The listing's lines the main screen's code pane draws (its rows past the gutter)."""
    rows = [row[2:].rstrip() for row in drawn if row.strip()]
    for start in range(len(listing)):
        if [line.rstrip() for line in listing[start : start + len(rows)]] == rows:
            return list(range(start, start + len(rows)))
    raise AssertionError(f"the rows drawn are not a run of the listing's lines: {drawn}")


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
async def test_the_main_screens_placequeens_says_which_lines_show(size: tuple[int, int]) -> None:
    async with tutor_run(6, method="recursive", size=size) as (app, pilot):
        await pauses(pilot, 4)
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
            await pauses(pilot, 2)


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
async def test_a_small_boards_page_shows_its_loop_beside_the_board(size: tuple[int, int]) -> None:
    """Lesson 5 p3's 4 x 4 board steps beside its loop, the line being run in view and which
    lines show said; then every page of the lesson says it."""
    app = tutor_on_builtin("5", "en")
    async with opened_at(app, 3, size, settle=4) as (pilot, screen):
        await pilot.press("f3", "enter")  # the practice question, shown: the board steps
        await pauses(pilot, 4)
        for _ in range(6):
            await pilot.press("space")
            await pauses(pilot, 2)
            code = screen.query_one("#lesson-code", CodePane)
            assert code.display and code.size.height >= 3
            assert board_whole(screen)
            shown = lesson_code_lines(code)
            label_says(code.border_subtitle, shown, len(code.code.lines))  # type: ignore[union-attr]
            ran = code.code.ran  # type: ignore[union-attr]
            assert ran and ran[-1] in shown, (ran, shown)
        await every_pane_says_which_lines_show(pilot, screen)


@pytest.mark.parametrize("size", sweep(SIZES, everyday=[(80, 24)]))
@pytest.mark.parametrize("page", sweep([3, 4, 5], everyday=[3]))
async def test_lesson_6_keeps_the_board_whole_and_the_code_before_the_solutions(
    page: int, size: tuple[int, int]
) -> None:
    app = tutor_on_builtin("6", "en")
    async with opened_at(app, page, size, settle=4) as (pilot, screen):
        run = screen.lesson_run
        while run.asked is not None:  # the page's questions, shown: its list of solutions
            await pilot.press("f3")
            await pauses(pilot, 4)
            await pilot.press("enter")
            await pauses(pilot, 4)
        for _ in range(6):  # the rest of the page (page 3 runs its board to the end after
            if run.page_done:  # its question)
                break
            await pilot.press("enter")
            await pauses(pilot, 4)
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


async def every_pane_says_which_lines_show(pilot: Pilot[None], screen: LessonScreen) -> None:
    """On every page of the screen's lesson the code pane says which of its lines show, the
    line being run (or the lines a waiting question about the code is about, whole) among
    them: a question about the board leaves the rows to the board and the state."""
    run = screen.lesson_run
    for index in range(len(screen.lesson.pages)):
        await shown_at(pilot, screen, index, 4)
        code = screen.query_one("#lesson-code", CodePane)
        left = screen.query_one("#lesson-left")
        if not (left.display and code.display and code.size.height):
            continue
        await pauses(pilot, 4)  # a new height's Resize, then its label
        shown = lesson_code_lines(code)
        label_says(code.border_subtitle, shown, len(code.code.lines))  # type: ignore[union-attr]
        ran = code.code.ran  # type: ignore[union-attr]
        asked = run.question_lines() if screen.has_class("-short") else ()
        if asked and not run.board_asked:  # a question about the code: its lines, whole
            assert set(asked) <= set(shown), (index + 1, asked, shown)
        elif asked:  # about the board: some of them, beside the board and the state
            assert set(asked) & set(shown), (index + 1, asked, shown)
        elif ran:
            assert ran[-1] in shown, (index + 1, ran, shown)


@pytest.mark.parametrize(
    ("lesson", "size"),
    sweep(  # lesson 5 at 80x24: every run, above
        [(str(number), size) for number in range(1, 10) for size in SIZES],
        everyday=[],
        several=True,
    ),
)
async def test_every_code_pane_says_which_lines_show(lesson: str, size: tuple[int, int]) -> None:
    app = tutor_on_builtin(lesson, "en")
    async with app.run_test(size=size) as pilot:
        await every_pane_says_which_lines_show(pilot, await lesson_screen(pilot))


async def test_lesson_6_p6_at_80x24_shows_the_line_being_run() -> None:
    """Lesson 6 p6 steps the edutecnica page's sicura() and its text quotes no program: at 80x24
    the code pane takes the rows under the table, its line being run in view."""
    app = tutor_on_builtin("6", "it")
    async with opened_at(app, 6, (80, 24), settle=4) as (pilot, screen):
        await pressed(pilot, "f3")
        await pilot.press("space")
        await pauses(pilot, 2)
        code = screen.query_one("#lesson-code", CodePane)
        assert code.display and code.region.height >= 5, code.region
        shown = lines(code)[: code.scrollable_content_region.height]
        assert any(line.startswith("→") for line in shown), shown  # the line being run
        assert code.border_subtitle, shown  # and which lines show


async def test_a_line_run_taller_than_the_room_shows_its_first_rows() -> None:
    """At 80x24 the maze's recursive call (tick 75) wraps taller than the rows the board and the
    frames leave: the pane shows its first rows, the line's mark among them, the board whole."""
    app = tutor_on("@lesson t\n@title T\n@page P\nA maze.\n@board algorithm=maze\n@step 75\n")
    async with opened_at(app, 1, (80, 24), settle=4) as (_pilot, screen):
        code = screen.query_one("#lesson-code", CodePane)
        assert code.display and code.region.height >= 3 and board_whole(screen), code.region
        assert lines(code)[0].startswith(ARROW), lines(code)


async def test_a_nine_by_nine_board_stays_whole_above_a_long_listing() -> None:
    """At 120x40 the code takes the room the board and the state leave, never the board's rows."""
    app = tutor_on_builtin("8", "en")
    async with opened_at(app, 4, (120, 40), settle=4) as (pilot, screen):

        def rows() -> list[str]:
            return [line for line in screen_lines(app) if line[:3] in {f"│{r} " for r in range(9)}]

        await wait_for(pilot, lambda: len(rows()) == 9)  # every row of the 9 x 9 board, laid out
        code = screen.query_one("#lesson-code", CodePane)
        assert code.display and code.size.height >= 3


SAID = {"en": "code: in the text", "it": "codice: nel testo", "pl": "kod: w tekście"}


@pytest.mark.parametrize("page", sweep([2, 3], everyday=[2]))
@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_code_is_beside_the_board_or_said_to_be_in_the_text(
    page: int, language: str
) -> None:
    """Where lesson 6 p2 and p3 leave no room for code beside the board at 80x24, the table's
    border says it is in the page's text; at 120x40 placeQueens shows beside the 4 x 4 board,
    whole on p2."""
    app = tutor_on_builtin("6", language)
    async with opened_at(app, page, (80, 24), settle=4) as (pilot, screen):
        code = screen.query_one("#lesson-code", CodePane)
        text = "\n".join(screen_lines(app))
        if not code.display:
            assert f"─ {SAID[language]} ─╯" in text, text
            assert page_listings(screen.lesson_run.page)[0]  # the text holds the listing
        await pilot.resize_terminal(120, 40)
        await pauses(pilot, 4)
        text = "\n".join(screen_lines(app))
        assert code.display and SAID[language] not in text, text
        if page == 2:
            whole = code.virtual_size.height <= code.scrollable_content_region.height
            assert whole and "return false;" in text, text


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_a_board_drawn_in_the_text_is_not_said_to_be_the_code(language: str) -> None:
    """Lesson 2's "n = 4: two solutions", whose text holds a board drawn in plain text and no
    program: the code pane shows what it can, and nothing says the code is in the text."""
    app = tutor_on_builtin("2", language)
    async with opened_at(app, 7, (80, 24), settle=4) as (_pilot, screen):
        assert screen.lesson_run.page.title.startswith("n = 4")
        text = "\n".join(screen_lines(app))
        assert "Q ." in text or page_listings(screen.lesson_run.page)[0]  # a board as text
        assert screen.query_one("#lesson-code", CodePane).display, text
        assert SAID[language] not in text, text


@pytest.mark.parametrize(
    ("board", "shown"), [("algorithm=maze maze=corridor", False), ("n=4", True)]
)
async def test_a_questions_own_queens_show_no_code_of_a_search_without_queens(
    board: str, shown: bool
) -> None:
    """An orbit question's placement beside a maze's search: the maze's code is not its; beside
    the loop's board, the loop's code stays (with no line marked)."""
    asked = "@step 3\n@question orbit b=[1,3,0,2]\n@end\n"
    text = f"@lesson o\n@title O\n@page P\n@board {board}\n{asked}"
    async with tutor_on(text).run_test(size=(100, 30)) as pilot:
        screen = await lesson_screen(pilot)
        await pauses(pilot, 3)
        assert screen.lesson_run.asked is not None
        assert screen.query_one("#lesson-code", CodePane).display == shown


LINES = ("def f(i):", "    if i == n:", "        return True", "    for j in range(n):", "  x")


def test_lines_whose_marks_did_not_move_are_the_same_rows() -> None:
    drawing = CodeDrawing(UNICODE)
    before = drawing.content(CodeFrame("f", LINES, (0, 1)), 30).rows
    after = drawing.content(CodeFrame("f", LINES, (0, 3)), 30).rows
    assert [a is b for a, b in zip(before, after, strict=True)] == [
        True,  # still passed through
        False,  # was the deciding line, now not run
        True,
        False,  # now the deciding line
        True,
    ]
    assert after[1].head[0][0] == "  " and after[3].head[0][0] == UNICODE.ran
    again = drawing.content(CodeFrame("f", LINES, (0, 1)), 30).rows
    assert all(a is b for a, b in zip(before, again, strict=True))
