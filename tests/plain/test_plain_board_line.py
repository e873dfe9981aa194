"""The plain tutor says "The board: ..." only on a page that shows
the board, never another page's board on a page of text or of a place question."""

from __future__ import annotations

import io

from lessons import i18n
from lessons.catalog import load_catalog
from tui.plain.lesson_walk import LessonWalk
from tui.plain.output import Out


def said_on(page: int) -> str:
    i18n.set_language("en")
    stream = io.StringIO()
    lesson = load_catalog("en").lessons[1]  # small boards: page 2 has a board, page 3 none
    walk = LessonWalk(Out(stream), lesson, None)
    walk.run.goto(page - 1)
    walk.say_page()
    return stream.getvalue()


def test_the_board_line_belongs_to_the_pages_that_show_the_board() -> None:
    assert "The board: n = 2" in said_on(2)
    assert "The board:" not in said_on(3)  # "Your turn: 2 x 2 by hand": no board of its own


def test_a_maze_step_is_asked_for_as_a_word_in_plain_mode() -> None:
    """The languages review: the plain maze takes words, so its key line names no arrow."""
    from solver.guess.game import GuessGame
    from solver.registry import make_engine, stepped
    from solver.stepping import Mode
    from tui.plain.words import prompt_line

    i18n.set_language("en")
    kit = stepped("maze")
    game = GuessGame()
    assert game.ask_iteration(kit, make_engine("maze", 0, Mode.FIRST, "corridor"))
    assert game.question is not None
    lines = [prompt_line(message) for message in game.question.prompt]
    assert "arrow" not in " ".join(lines)
    assert lines[-1].startswith("Type the step, up, right, down or left")
