"""``@tree``: a lesson page shows the Wrocław loop's search tree beside its board, in step with
its tick; ``@tree off``, a new ``@board`` or a page without it hides it; ``lessons check``
refuses it where it cannot be drawn; T on a larger board says why in the status line."""

from __future__ import annotations

from pathlib import Path

import pytest

from lessons.checking.validate import check_text
from lessons.parsing.parser import parse
from lessons.runner import LessonRun
from lessons.stage import StageError
from solver.stepping import Mode
from solver.tree.tree import SearchTree
from tests.tiers import sweep
from tests.tui.lesson_apps import lesson_opened, tutor_on
from tests.tui.screen_text import lines, on_top, press_for, screen_lines, wait_for
from tui.app import QueensTutorApp
from tui.screens.help_screen import HelpScreen
from tui.screens.lesson_screen import LessonScreen
from tui.screens.tree_screen import TreeScreen
from tui.widgets.tree_pane import TreePane

BUILTIN = Path(__file__).resolve().parents[2] / "lessons" / "builtin"

LESSON = """\
@lesson tree
@title Tree

@page The tree
@board n=4
@tree
@step 5
The tree of the 4 x 4 search so far.

@page No tree
@board n=5
Only the board.
"""


def nodes_at(tick: int, mode: Mode = Mode.FIRST) -> int:
    """The nodes of the 4 x 4 tree of ``mode`` after ``tick`` ticks, counted by the solver's own
    tree."""
    from solver.methods.iterative.engine import IterativeEngine

    engine = IterativeEngine(4, mode)
    engine.run(max_ticks=tick)
    tree = SearchTree(4, mode)
    tree.follow(engine.snapshot())
    return tree.size


async def test_the_tree_shows_beside_the_board_and_follows_its_ticks() -> None:
    app = tutor_on(LESSON)
    async with lesson_opened(app) as (pilot, screen):
        pane = screen.query_one("#lesson-tree", TreePane)
        assert pane.display and pane.frame is not None
        assert str(pane.border_title) == f"search tree: {nodes_at(5)} nodes"
        text = "\n".join(screen_lines(app))
        assert "empty board (k = 0)" in text and "b[0]=0" in text
        await pilot.press("space", "space", "space")
        assert str(pane.border_title) == f"search tree: {nodes_at(8)} nodes"
        await pilot.press("left")
        assert str(pane.border_title) == f"search tree: {nodes_at(7)} nodes"
        await pilot.press("n")  # the next page: a new board, no tree
        assert screen.lesson_run.page_index == 1 and not pane.display
        await pilot.press("p")  # back: the page's board as the student left it, tree and all
        assert pane.display and str(pane.border_title) == f"search tree: {nodes_at(7)} nodes"
        await pilot.press("r")  # and the board as the lesson left it
        assert str(pane.border_title) == f"search tree: {nodes_at(5)} nodes"


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ("@board n=4 algorithm=recursive", "the search tree is the Wrocław loop's"),
        ("@board n=7", "drawn up to n = 6"),
    ],
)
def test_lessons_check_refuses_a_tree_that_cannot_be_drawn(board: str, message: str) -> None:
    text = f"@lesson t\n@title T\n@page P\n{board}\n@tree\nText.\n"
    found = [str(error) for error in check_text(text, "t.md")]
    assert len(found) == 1 and found[0].startswith("t.md:5: ") and message in found[0], found


def test_tree_words_are_checked_and_a_new_board_drops_the_tree() -> None:
    assert "@tree" in str(check_text("@lesson t\n@title T\n@page P\n@tree maybe\n", "t.md")[0])
    lesson = parse(
        "@lesson t\n@title T\n@page P\n@board n=4\n@tree\n@board n=4\n\n@page Q\n@tree\n", "t.md"
    ).lesson
    assert lesson is not None
    run = LessonRun(lesson)
    assert not run.stage.tree  # the second @board came after @tree
    assert run.next_page() and run.stage.tree
    with pytest.raises(StageError):
        LessonRun(
            parse("@lesson t\n@title T\n@page P\n@tree\n", "t.md").lesson  # type: ignore[arg-type]
        )


def tree_page(language: str) -> str:
    """Lesson 9 (Cost and beyond) cut to its page that shows the whole 4 x 4 tree."""
    text = (BUILTIN / language / "09-cost.md").read_text(encoding="utf-8")
    head, *pages = text.split("\n@page ")
    page = next(page for page in pages if "\n@tree" in page)
    return f"{head}\n@page {page}"


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_lesson_9_tree_page_shows_fifteen_whole_lines_at_80x24(language: str) -> None:
    app = tutor_on(tree_page(language), language)
    async with lesson_opened(app) as (_pilot, screen):
        pane = screen.query_one("#lesson-tree", TreePane)
        frame = pane.frame
        assert frame is not None and len(frame.lines) == 61  # the root and 60 squares tested
        shown = [line for line in lines(pane) if line]
        assert len(shown) >= 15, shown
        # Every line on screen is a whole label of the tree (none cut at the pane's edge).
        whole = {line.text for line in frame.lines}
        assert all(line in whole for line in shown), [x for x in shown if x not in whole]
        # The page's board is beside the tree, every row of it.
        board = lines(screen.query_one("#lesson-tree-board"))
        assert [line[0] for line in board[:4]] == ["3", "2", "1", "0"]


async def test_whole_tree_follows_the_steps_to_the_end_and_never_opens_for_a_page_closed() -> None:
    app = tutor_on(tree_page("en"))
    async with lesson_opened(app) as (pilot, screen):
        await pilot.press("r")  # nothing stepped yet: r does nothing, the tree is whole
        assert screen.session is not None and screen.session.tick == 78
        await pilot.press("T")
        tree = app.screen
        assert isinstance(tree, TreeScreen) and tree.session is screen.session
        pane = tree.query_one("#tree-whole", TreePane)
        assert str(pane.border_title) == "search tree: 60 nodes"
        assert lines(pane)[0] == "▶ empty board (k = 0)"
        await pilot.press("left", "left", "left")  # the tree shrinks with each tick back
        assert screen.session.tick == 75
        assert str(pane.border_title) == f"search tree: {nodes_at(75, Mode.ALL)} nodes"
        assert pane.frame is not None and pane.frame.lines[pane.frame.current].current
        current = pane.frame.lines[pane.frame.current].text
        assert current in lines(pane)  # the node of the last tick is in view
        await pilot.press("home")
        assert lines(pane)[0] == pane.frame.lines[0].text
        pages = 0
        while pane.frame.lines[-1].text not in lines(pane):
            await pilot.press("pagedown")
            pages += 1
            assert pages < 10, "pagedown never reached the tree's end"
        assert pages >= 2  # the 4 x 4 tree is longer than two screens at 80 x 24
        await pilot.press("space")  # the next tick brings its node back into view
        assert pane.frame.lines[pane.frame.current].text in lines(pane)
        await pilot.press("escape")  # back to the page, at the tick reached on the tree
        assert app.screen is screen and screen.session.tick == 76
        assert "tick 76" in screen_lines(app)[-2]
        # A tree asked for by a page closed since never opens: `T`, then escape before the app
        # reads the screen's wish.
        screen.action_menu()
        app.post_message(screen.TreeWanted(screen))
        await pilot.pause()
        assert not isinstance(app.screen, TreeScreen)
        assert screen not in app.screen_stack and app.is_running


async def test_whole_tree_from_the_main_screen_and_where_it_cannot_be_drawn(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = QueensTutorApp(4)
    notices: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: notices.append(str(message)))
    async with app.run_test(size=(80, 24)) as pilot:
        main = app.screen
        await pilot.press("space", "space", "T")
        assert isinstance(app.screen, TreeScreen) and app.screen.session is main.session
        await pilot.press("space")
        assert main.session.tick == 3
        await pilot.press("T")  # T again closes it
        assert app.screen is main
        await pilot.press("right_square_bracket", "right_square_bracket", "right_square_bracket")
        await pilot.press("T")  # 7 x 7: too large a tree
        assert app.screen is main
        assert len(notices) == 1 and "n = 7" in notices[0], notices


BIG_BOARD = """\
@lesson big-board
@title Big board

@page Eight
@board n=8
The eight queens on their board.

@page Four
@board n=4
A small board.
"""


def _help_keys(app: QueensTutorApp) -> set[str]:
    screen = on_top(app, HelpScreen)
    return {key for b in screen.key_bindings for key in b.key.split(",")}


async def test_t_on_an_8x8_page_says_why_and_the_help_offers_t_only_where_it_acts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """T on an 8 x 8 page says why in the status line (no notice over the text) and the help
    leaves T out; on the 4 x 4 page the help offers T and T opens the tree."""
    app = tutor_on(BIG_BOARD)
    notices: list[str] = []
    monkeypatch.setattr(app, "notify", lambda message, **_: notices.append(str(message)))
    async with lesson_opened(app) as (pilot, screen):
        await pilot.press("T")
        assert app.screen is screen
        status = str(screen.query_one("#lesson-status").render())
        assert "up to 6 x 6" in status and "8 x 8" in status, status
        assert "[" not in status, status
        assert notices == []
        await press_for(pilot, HelpScreen, "question_mark")
        assert "T" not in _help_keys(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is screen)
        await pilot.press("n")  # 4 x 4: the tree is drawn, nothing over its text
        assert notices == []
        await press_for(pilot, HelpScreen, "question_mark")
        assert "T" in _help_keys(app)
        await press_for(pilot, LessonScreen, "escape")
        await press_for(pilot, TreeScreen, "T")
