"""What the board shows while a question waits: the squares a same-diagonal question asks about,
no answer (refused tree, overlay numbers) until it is answered, the Turin notes' page saying
what its board shows, one array per name."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from lessons.catalog import load_catalog
from lessons.runner import LessonRun
from solver.views.frame import BoardFrame, Mark
from tests.tiers import sweep
from tests.tui.lesson_apps import run_opened, tutor_on
from tests.tui.screen_text import pressed, screen_lines, wait_for
from tests.tui.test_lessons_keyboard import answer_keys
from tui.lesson_context import LessonContext
from tui.screens.lesson_screen import LessonScreen
from tui.widgets.board import Board

LESSON = """@lesson marks
@title Marks
@page Two squares
Are they on one diagonal?
@board n=8
@overlay sum
@question same-diagonal square=1,2 other=3,0
@end
@page The placement asked about
How many boards do its symmetries give?
@question orbit b=[1,3,0,2]
@end
@page A big maze first
@board algorithm=maze maze=rooms
@run solution
@page Your turn
@question maze
maze: #######
maze: #S....#
maze: #.###.#
maze: #.#E..#
maze: #######
@end
"""


def _mark(board: BoardFrame, col: int, row: int) -> Mark:
    return board.squares[board.row_labels.index(str(row))][col]


def _tried(board: BoardFrame, shown: Mark = Mark.TRYING) -> set[tuple[int, int]]:
    """The squares (column, row as the notes number it) drawn with ``shown``."""
    return {
        (col, int(label))
        for line, label in zip(board.squares, board.row_labels, strict=True)
        for col, mark in enumerate(line)
        if mark is shown
    }


async def test_each_question_shows_its_own_squares_placement_or_maze() -> None:
    """A same-diagonal question marks its two squares while it waits and while its feedback
    speaks of them; a question about a given placement, or a maze, shows its own, not the
    board an earlier page left."""
    app = tutor_on(LESSON)
    async with run_opened(app, (100, 32)) as (pilot, screen, run):
        await wait_for(pilot, lambda: run.asked is not None)
        board = screen.query_one(Board).frame
        assert board is not None
        assert _tried(board) == {(1, 2), (3, 0)}
        assert _mark(board, 1, 2) is Mark.TRYING and _mark(board, 3, 0) is Mark.TRYING
        await pilot.press(*answer_keys(screen))
        await wait_for(pilot, lambda: run.asked is None)
        answered = screen.query_one(Board).frame
        assert answered is not None and _tried(answered) == {(1, 2), (3, 0)}
        assert run.finished_question is not None
        await pressed(pilot, "space")  # the student steps the board: its own state, no marks
        stepped = screen.query_one(Board).frame
        assert stepped is not None and _tried(stepped) <= {(0, 0)}
        await pilot.press("enter")  # the next page: gone
        await wait_for(pilot, lambda: run.page_index == 1 and run.asked is not None)
        board = screen.query_one(Board).frame
        assert board is not None and not _tried(board)
        assert _tried(board, Mark.QUEEN) == {(0, 1), (1, 3), (2, 0), (3, 2)}
        assert len(board.row_labels) == 4
        while run.asked is None or run.asked.posed.kind != "maze":
            if run.asked is not None:
                await pilot.press("f3")
            await pilot.press("enter")
        board = screen.query_one(Board).frame
        assert board is not None and not board.checkered
        assert len(board.squares) == 5 and len(board.squares[0]) == 7  # the question's maze
        marks = {mark for line in board.squares for mark in line}
        assert Mark.START in marks and Mark.EXIT in marks and Mark.PATH not in marks


TEACHER_LESSON = """\
@lesson wirth
@title Wirth
@page Tree
@board n=4
@tree on
@step 3
@question attacker
@end
@page Overlay
@board n=5
@overlay diff
@question same-diagonal square=0,0 other=2,2
@end
@quiz
@step 1
@question number
prompt: How many queens stand on the board?
hint: Count them.
answer: 1
@end
"""

RULE = re.compile(r"b\[1\]=1: ")  # the tried square's node with its refusal after it

NUMBERS = re.compile(r"^│[0-4] +· +-?\d")  # a board row whose squares carry numbers


@pytest.mark.thorough
@pytest.mark.timeout(120)
async def test_a_teachers_lesson_shows_no_answer_while_its_questions_wait() -> None:
    app = tutor_on(TEACHER_LESSON)
    async with run_opened(app) as (pilot, _screen, run):
        shown: list[tuple[str, bool, bool]] = []
        while not run.finished:
            await pilot.pause()
            text = screen_lines(app)
            tree = any(RULE.search(line) for line in text)
            numbers = any(NUMBERS.search(line) for line in text)
            shown.append((f"page {run.page_index} waits={run.asked is not None}", tree, numbers))
            if run.asked is not None:
                await pilot.press("f3")
                await wait_for(pilot, lambda: run.answered)
            else:
                await pressed(pilot, "enter")
        i18n.set_language("en")
    assert shown[:4] == [
        ("page 0 waits=True", False, False),
        ("page 0 waits=False", True, False),  # the feedback: the node's rule and column
        ("page 1 waits=True", False, False),
        ("page 1 waits=False", False, True),  # the feedback: the row-col numbers
    ], shown
    assert ("page 2 waits=True", False, False) in shown, shown


FRAME = str.maketrans(dict.fromkeys("│╭╮╰╯─▁▂▃▄▅▆▇█", " "))


# (why row 0 is on top, the page's words, the question's words), as the lesson pane shows them
WORDS = {
    "en": (
        "row 0 at the top",
        "placeQueens(1) put the queen of row 1 in column 2",
        "placeQueens(1) has just removed the queen of row 1 from column 2",
    ),
    "it": (
        "la riga 0 in alto",
        "placeQueens(1) ha messo la regina della riga 1 nella colonna 2",
        "placeQueens(1) ha appena rimosso la regina della riga 1 dalla colonna 2",
    ),
    "pl": (
        "wiersz 0 na górze",
        "placeQueens(1) postawiło hetmana z wiersza 1 w kolumnie 2",
        "placeQueens(1) właśnie zdjęło hetmana z pola (wiersz 1, kolumna 2)",
    ),
}


def _lesson_pane(lines: list[str]) -> str:
    """The lesson pane's text (right of the board's column), joined: a phrase may wrap."""
    left = lines[0].index("╮╭") + 1  # the board column's right border, then the pane's left
    right = [line[left:] for line in lines[1:-3]]
    text = " ".join(part.translate(FRAME) for part in right)
    return " ".join(text.replace("\u00a0", " ").split())


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
async def test_the_page_says_what_the_board_shows_and_the_answer_plays_the_step(
    language: str,
) -> None:
    lesson = LessonContext.load(lang=language).catalog.find("recursive")  # lesson 6
    app = tutor_on(lesson.path.read_text(encoding="utf-8"), language)
    async with run_opened(app) as (pilot, _screen, run):
        await pilot.press("n")
        await wait_for(pilot, lambda: run.page_index == 1 and run.asked is not None)
        await pilot.pause()
        lines = screen_lines(app)
        shown = _lesson_pane(lines)
        row_0, page, question = WORDS[language]
        assert row_0 in shown, "\n".join(lines)
        assert page in shown, "\n".join(lines)
        assert "q[1] = 2" in shown, "\n".join(lines)  # the left-over value, told
        assert question in shown, "\n".join(lines)
        await pilot.press("3", "enter")
        await wait_for(pilot, lambda: run.answered)
        await pilot.pause()
        lines = screen_lines(app)
        q_row = next(line for line in lines if line.startswith("│q │"))
        assert q_row.split("│")[2].split()[:2] == ["0", "3"], "\n".join(lines)
        assert any("placeQueens(1)  j = 3" in line for line in lines), "\n".join(lines)
        assert lines[2].startswith("│1  ") and "♛" in lines[2], "\n".join(lines)


QUIZ = """@lesson arrays
@title Arrays
@page Quiz
The Turin notes' arrays.
@board n=8
@question array-index array=b row=7 col=0 n=8
@end
@question same-diagonal square=2,5 other=5,2
@end
"""


def _left_shown(screen: LessonScreen) -> bool:
    return bool(screen.query_one("#lesson-left").display)


async def test_the_turin_b_is_never_beside_the_wroclaw_b() -> None:
    app = tutor_on(QUIZ)
    async with run_opened(app) as (pilot, screen, run):
        await wait_for(pilot, lambda: run.asked is not None)
        assert run.asked is not None and run.asked.posed.kind == "array-index"
        text = "\n".join(screen_lines(app))
        assert "Turin notes' b[]" in " ".join(text.replace("│", " ").split())  # wrapped in its box
        assert not _left_shown(screen)  # no board, no state table titled b[]
        assert "b[i]" not in text
        await pilot.press(*answer_keys(screen))
        await wait_for(pilot, lambda: run.asked is None)
        assert not _left_shown(screen)  # nor beside its feedback
        await pilot.press("enter")  # the next question is about the page's board
        await wait_for(pilot, lambda: run.asked is not None)
        assert run.asked is not None and run.asked.posed.kind == "same-diagonal"
        assert _left_shown(screen)


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_the_builtin_quiz_names_the_turin_array(language: str) -> None:
    """Lesson 4's quiz in every language: each array-index question names the Turin notes'
    array as the lesson's pages name the notes, and hides the page's board."""
    names = {"en": "Turin notes'", "it": "dispense di Torino", "pl": "notatek z Turynu"}
    with i18n.speaking(language):
        lesson = load_catalog(language).lessons[3]
        quiz = next(p for p, page in enumerate(lesson.pages) if page.scored)
        run = LessonRun(lesson, None, page=quiz)
        seen = 0
        while run.asked is not None:
            posed = run.asked.posed
            if posed.kind == "array-index":
                seen += 1
                assert names[language] in posed.prompt, posed.prompt
                assert posed.off_board
            else:
                assert not posed.off_board
            run.reveal()
            run.go_on()
        assert seen == 3
