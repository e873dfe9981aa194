"""``@tree``: a lesson page shows the Wrocław loop's search tree beside its board, in step with
the board's tick (the page's own steps and the student's); ``@tree off``, a new ``@board`` or a
page without it hides it; ``lessons check`` refuses it where the tree cannot be drawn."""

from __future__ import annotations

import pytest

from lessons.checking.validate import check_text
from lessons.parsing.parser import parse
from lessons.runner import LessonRun
from lessons.stage import StageError
from solver.stepping import Mode
from solver.tree.tree import SearchTree
from tests.tui.lesson_apps import tutor_on
from tests.tui.screen_text import screen_lines
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.tree_pane import TreePane

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


def nodes_at(tick: int) -> int:
    """The nodes of the 4 x 4 tree after ``tick`` ticks, counted by the solver's own tree."""
    from solver.methods.iterative.engine import IterativeEngine

    engine = IterativeEngine(4, Mode.FIRST)
    engine.run(max_ticks=tick)
    tree = SearchTree(4, Mode.FIRST)
    tree.follow(engine.snapshot())
    return tree.size


async def test_the_tree_shows_beside_the_board_and_follows_its_ticks() -> None:
    app = tutor_on(LESSON)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LessonScreen)
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
