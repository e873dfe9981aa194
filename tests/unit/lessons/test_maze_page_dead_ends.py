"""Lesson 8's maze page promises dead ends: its board, run to the exit as the page runs it, has
some."""

from __future__ import annotations

import pytest

from lessons.model import BoardOp
from lessons.model import Text as TextBlock
from solver.methods.maze.mazes import MazeEngine, maze_from_spec
from solver.stepping import Stop
from tui.lesson_context import LessonContext


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_maze_page_board_backs_out_of_dead_ends(language: str) -> None:
    recipe = next(
        lesson
        for lesson in LessonContext.load(lang=language).catalog.lessons
        if lesson.id == "recipe"
    )
    pages = [
        page
        for page in recipe.pages
        if any(isinstance(b, TextBlock) and "×" in b.markdown for b in page.blocks)
        and any(isinstance(b, BoardOp) and b.maze is not None for b in page.blocks)
    ]
    assert len(pages) == 1
    board = next(b for b in pages[0].blocks if isinstance(b, BoardOp))
    engine = MazeEngine(maze_from_spec(board.maze))
    engine.run(Stop.SOLUTION)
    snapshot = engine.snapshot()
    assert snapshot.solutions, "the page's board reaches the exit"
    assert snapshot.dead_ends, f"{board.maze}: no dead end on the way to the exit"
