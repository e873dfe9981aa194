"""The list of solutions under a lesson's board: it uses the room its column leaves (before the
state table's room for a deeper stack), scrolls with keys the key bar names where there is not
room for all, and stays while a question about the board waits."""

from __future__ import annotations

import pytest
from textual.containers import VerticalScroll

from tests.tui.lesson_apps import builtin, lesson_opened, open_page, tutor_on, tutor_on_builtin
from tests.tui.lesson_apps import open_builtin as open_builtin_page
from tests.tui.screen_text import on_top, pauses, pressed, region_lines, screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.screens.lesson_screen import LessonScreen


async def to_solutions(pilot, lesson_id: str, title: str) -> LessonScreen:  # type: ignore[no-untyped-def]
    """The lesson's page ``title``, past its questions, with the list of solutions shown."""
    screen = on_top(pilot.app, LessonScreen)
    run = screen.lesson_run
    titles = [page.title for page in run.lesson.pages]
    await open_page(pilot, screen, titles.index(title))
    for _ in range(300):
        box = screen.query_one("#lesson-solutions", VerticalScroll)
        if run.page.title == title and run.asked is None and box.display:
            break
        await pilot.press("f3" if run.asked is not None else "enter")
    await pauses(pilot, 2)
    return screen


def column_says(app: QueensTutorApp, screen: LessonScreen, words: str) -> bool:
    """The board's column shows ``words``, and no pane in it draws a scrollbar's thumb."""
    for pane in screen.query_one("#lesson-left").query("*"):
        style = pane.styles
        hidden = style.scrollbar_visibility == "hidden" or not style.scrollbar_size_vertical
        assert hidden or not pane.show_vertical_scrollbar, pane
    return words in "\n".join(region_lines(app, screen.query_one("#lesson-left")))


@pytest.mark.slow(8)
async def test_the_list_uses_the_room_at_120x40() -> None:
    app = tutor_on_builtin("recursive")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await to_solutions(pilot, "recursive", "Counting on 7 x 7")
        box = screen.query_one("#lesson-solutions", VerticalScroll)
        shown = box.scrollable_content_region.height
        # the board above it whole (7 rows, the column numbers and the border) and placeQueens
        # whole under it come first; the list has the rest, its first solution in view (the
        # one the text speaks of), , and . scroll it
        assert screen.query_one("#lesson-board").outer_size.height >= 7 + 1 + 2
        code = screen.query_one("#lesson-code")
        assert code.virtual_size.height <= code.scrollable_content_region.height
        left = screen.query_one("#lesson-left").content_region.height
        used = sum(w.outer_size.height for w in screen.query_one("#lesson-left").children)
        assert used == left, (used, left)  # no row of the column left empty
        assert shown >= 4, (shown, "\n".join(screen_lines(app)))
        text = "\n".join(screen_lines(app))
        assert "1: [0, 2, 4, 6, 1, 3, 5]" in text, text
        assert "40: [6, 4, 2, 0, 5, 3, 1]" not in text, text
        bar = screen_lines(app)[-1]
        assert ". Solutions down" in bar, bar
        for _ in range(10):
            await pilot.press("full_stop")
        await wait_for(pilot, lambda: box.scroll_y == box.max_scroll_y)
        assert "40: [6, 4, 2, 0, 5, 3, 1]" in "\n".join(screen_lines(app))


async def test_comma_and_full_stop_scroll_the_list_offered_only_where_it_scrolls() -> None:
    """At 80x24 the list opens at its first solution; . and , scroll it, offered and named in
    the key bar only where the list scrolls that way; a page with no list offers neither. No
    scrollbar thumb in the column's panes: the list's border says which solutions show."""
    app = tutor_on_builtin("small-boards")
    async with lesson_opened(app) as (pilot, screen):
        assert screen.check_action("solutions", (1,)) is False  # page 1: no list
        await open_page(pilot, screen, 8)  # n = 5: ten solutions, the list at its first
        box = screen.query_one("#lesson-solutions", VerticalScroll)
        await wait_for(pilot, lambda: box.display and box.max_scroll_y > 0)
        await pilot.pause()
        assert box.scroll_y == 0
        text = "\n".join(screen_lines(app))
        assert "1: [0, 2, 4, 1, 3]" in text and "10: [4, 2, 0, 3, 1]" not in text, text
        rows = box.scrollable_content_region.height
        assert column_says(app, screen, f"lines 1-{rows} of 10")
        assert screen.check_action("solutions", (-1,)) is False
        assert screen.check_action("solutions", (1,)) is True
        assert ". Solutions down" in screen_lines(app)[-1], screen_lines(app)[-1]
        for _ in range(10):
            await pilot.press("full_stop")
        await wait_for(pilot, lambda: box.scroll_y == box.max_scroll_y)
        assert "10: [4, 2, 0, 3, 1]" in "\n".join(screen_lines(app))
        await pilot.pause()
        assert column_says(app, screen, f"lines {11 - rows}-10 of 10")
        assert screen.check_action("solutions", (1,)) is False
        assert screen.check_action("solutions", (-1,)) is True
        assert ", Solutions up" in screen_lines(app)[-1], screen_lines(app)[-1]
        await pilot.press("comma")
        await wait_for(pilot, lambda: box.scroll_y < box.max_scroll_y)


STEPPED = (
    """\
@lesson stepped
@title Stepped

@page Eight of ten
The box lists the solutions found so far; s finds the next.
@board n=5 mode=all
"""
    + "@run solution\n" * 8
    + "@end\n"
)


async def test_the_list_opens_at_its_first_and_a_solution_found_on_the_page_shows() -> None:
    """The list opens at its first solution; the student's own step that
    finds another on the same page brings that one into view."""
    app = tutor_on(STEPPED)
    async with lesson_opened(app) as (pilot, screen):
        box = screen.query_one("#lesson-solutions", VerticalScroll)
        await wait_for(pilot, lambda: box.display and box.max_scroll_y > 0)
        await pilot.pause()
        assert box.scroll_y == 0
        assert "1: [0, 2, 4, 1, 3]" in "\n".join(screen_lines(app))
        await pilot.press("s")
        await wait_for(pilot, lambda: "solutions found: 9" in str(box.border_title))
        await wait_for(pilot, lambda: box.scroll_y == box.max_scroll_y)
        assert "9: [4, 1, 3, 0, 2]" in "\n".join(screen_lines(app))


async def test_the_four_solutions_and_the_whole_stack_show_and_the_code_scrolls() -> None:
    """Lesson 6 p3 at 120x40 once the practice is answered and run to its end: the list of
    the four solutions shows whole (no scrollbar), the table every frame of the search (its
    text quotes placeQueens), and the code pane keeps the line run in view and says which
    lines show."""
    app = builtin(6, 3, (120, 40), "en")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_builtin_page(pilot, 6, 3)
        await pressed(pilot, "f3")  # the practice answered: the board is the student's to run
        text = ""
        for _ in range(6):
            text = "\n".join(screen_lines(app))
            if "solutions found: 4" in text and "depth 6" in text:
                break
            await pressed(pilot, "s")
        assert "solutions found: 4" in text and "depth 6" in text, text
        assert screen.query_one("#lesson-solutions").max_scroll_y == 0, text
        for solution in ("1: [1, 3, 5, 0, 2, 4]", "4: [4, 2, 0, 5, 3, 1]"):
            assert solution in text, text
        for depth in range(6):  # every frame, placeQueens(5) down to placeQueens(0)
            assert f"placeQueens({depth})  j = " in text, text
        code = screen.query_one("#lesson-code")
        assert "lines 1-" in str(code.border_subtitle), text  # the code scrolls, and says so
        assert "if(i == n-1)" in "\n".join(screen_lines(app)[28:38]), text  # its line in view


PAST_ITS_FIRST = """\
@lesson past
@title Past the first solution

@page On
The loop goes on past its first solution (the list under the board says how many it has found).
@board n=5 mode=all
@run solution
@expect b = [0,2,4,1,3]
@step 7
@expect b = [0,2,-1,-1,-1]
@question next-choice
@end
"""


async def test_the_list_the_text_names_shows_while_the_question_waits() -> None:
    """The list stays under an all-solutions board while a question about the board's next
    step waits (the text speaks of it; it answers nothing there), and the column never jumps."""
    app = tutor_on(PAST_ITS_FIRST)
    async with lesson_opened(app) as (pilot, screen):
        run = screen.lesson_run
        box = screen.query_one("#lesson-solutions")
        await wait_for(pilot, lambda: run.asked is not None and box.display)
        assert run.asked is not None and box.display
        assert any("solutions found: 1" in line for line in screen_lines(app))
        assert any("[0, 2, 4, 1, 3]" in line for line in screen_lines(app))
        waiting = box.region
        await pilot.press(*run.asked.posed.expected, "enter")
        await wait_for(pilot, lambda: run.answered)
        await pauses(pilot, 2)
        assert box.display and box.region == waiting  # the column does not jump


async def test_the_lists_border_names_the_lines_it_shows_at_the_height_it_was_given() -> None:
    """Lesson 6's edutecnica page at 120x40 in Polish, its questions answered one by one:
    whenever the list shows, its border names the lines it shows at the height the column's
    share gave it, never those of an earlier share."""
    from tui.widgets.lines_view import lines_label

    app = tutor_on_builtin("recursive", "pl")
    async with app.run_test(size=(120, 40)) as pilot:
        screen = on_top(app, LessonScreen)
        await open_page(pilot, screen, 4)  # the edutecnica page
        run, box = screen.lesson_run, screen.query_one("#lesson-solutions", VerticalScroll)
        checked = 0
        while run.page_index == 4 and checked < 12:
            await pauses(pilot, 3)
            if box.display:
                height = box.scrollable_content_region.height
                said = lines_label(round(box.scroll_y), height, box.virtual_size.height)
                assert box.border_subtitle == said, (box.border_subtitle, said, checked)
            checked += 1
            await pilot.press("f3" if run.asked is not None else "enter")
