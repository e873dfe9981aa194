"""Lesson 8's maze: the text names the wall as the board draws
it, in Unicode and in ASCII mode, and the explanation says "not always the shortest" only
where a shorter path exists (the maze of page 6 has no shorter one; the quiz's has)."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.model import Text
from lessons.runner import LessonRun
from solver.methods.maze.maze import solve_maze
from tests.unit.lessons.test_misconceptions import _shortest
from tui.glyphs import ASCII, UNICODE


@pytest.fixture(autouse=True)
def _english() -> None:
    i18n.set_language("en")


def _maze_questions() -> list[tuple[int, object]]:
    lesson = load_catalog("en").lessons[7]
    found = []
    for index in range(len(lesson.pages)):
        run = LessonRun(lesson, None, page=index)
        while run.asked is not None and run.page_index == index:
            if run.asked.posed.maze:  # a question about a maze (its rows), whatever its kind
                found.append((index, run.asked.posed))
            run.reveal()
            run.go_on()
    return found


def test_not_always_the_shortest_only_where_a_shorter_path_exists() -> None:
    questions = _maze_questions()
    assert len(questions) >= 2
    kinds = set()
    for _, posed in questions:
        path = solve_maze(posed.maze)  # type: ignore[attr-defined]
        assert path is not None
        moves, shortest = len(path) - 1, _shortest(list(posed.maze))  # type: ignore[attr-defined]
        said = posed.explanation  # type: ignore[attr-defined]
        kinds.add(moves == shortest)
        if moves == shortest:
            assert "not always the shortest" not in said, said
            assert "no shorter path exists" in said
        else:
            assert f"this maze has one of {shortest} moves" in said, said
    assert kinds == {True, False}  # page 6's maze and the quiz's


def test_the_wall_is_named_as_the_board_draws_it() -> None:
    lesson = load_catalog("en").lessons[7]
    text = " ".join(b.markdown for page in lesson.pages for b in page.blocks if isinstance(b, Text))
    assert f"`{UNICODE.wall * 2}`" in text and f"`{ASCII.wall * 2}` in ASCII mode" in text
    assert f"`{UNICODE.dead_end}` (`{ASCII.dead_end}` in ASCII mode)" in text
    assert "hits no wall `#`" not in text
