"""A page whose text goes on below the fold keeps room for it beside the board's narration at
80x24: the narration keeps to three lines there, and reading on closes it until the next step."""

from __future__ import annotations

import pytest

from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_screen, open_page, tutor_on_builtin
from tests.tui.screen_text import lines, wait_for
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.lesson_pane import LessonPage, LessonPane
from tui.widgets.quiz_panel import QuizPanel


def _text_rows(screen: LessonScreen) -> tuple[int, int]:
    """The rows the page's text has, and the rows inside the text pane's border."""
    page = screen.query_one(LessonPage)
    return page.size.height, screen.query_one(LessonPane).content_region.height


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_tree_page_keeps_half_its_pane_for_the_text(language: str) -> None:
    app = tutor_on_builtin("naive-search", language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await open_page(pilot, screen, 4)  # page 5, the tree of the 4 x 4 search
        assert run.stage.tree
        await pilot.press("space", "space", "space")
        await wait_for(pilot, lambda: run.explored)
        await pilot.pause()
        await pilot.pause()
        box = screen.query_one(QuizPanel).feedback_box
        assert box.display  # the tick's narration
        text, pane = _text_rows(screen)
        assert screen.query_one(LessonPage).more_below
        assert text * 2 >= pane - 1, (text, pane)  # about half, at least
        # Enter reads on: the narration's own rest first, if it is longer than its box ...
        for _ in range(5):
            if not box.more_below:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert box.display
        # ... then the page's text, and the narration closes: the text has its room.
        await pilot.press("enter")
        await pilot.pause()
        await pilot.pause()
        assert not box.display
        read_on, _pane = _text_rows(screen)
        assert read_on >= pane - 4, (read_on, pane)  # all but the line under it
        next_line = " ".join(lines(screen.query_one("#quiz-next"))).split()
        assert next_line, "what Enter does stays in view"
        # The next step tells its tick again.
        await pilot.press("space")
        await pilot.pause()
        await pilot.pause()
        assert box.display


@pytest.mark.parametrize("language", sweep(["it", "en", "pl"], everyday=["it"]))
async def test_a_narration_beside_a_page_being_read_is_whole(
    language: str,
) -> None:
    """In Italian (lesson 8 p4 at 80x24, the page read to its end, then two steps):
    the narration kept to three lines, cut at "... (c+r = 6). Non", its rest readable only
    line by line with Enter, and PgDn closed it unread. It has the rows it needs, the text
    keeping about half of the pane (PgDn closes a narration only once its end is in view)."""
    app = tutor_on_builtin("recipe", language)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await lesson_screen(pilot)
        run = screen.lesson_run
        await open_page(pilot, screen, 3)  # page 4, the queens as BackTrack
        await pilot.press("enter", "enter")
        await pilot.pause()
        await pilot.press("space", "space")
        await wait_for(pilot, lambda: run.explored)
        for _ in range(4):
            await pilot.pause()
        box = screen.query_one(QuizPanel).feedback_box
        assert box.display and screen.query_one(LessonPane).has_class("-reading")
        told = " ".join(" ".join(lines(screen.query_one("#quiz-feedback"))).split())
        assert told.rstrip().endswith("."), told
        assert not box.more_below, "the narration is whole in its box"
        text, pane = _text_rows(screen)
        assert text * 2 >= pane - 1, (text, pane)
