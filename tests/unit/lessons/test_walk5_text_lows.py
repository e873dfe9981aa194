"""Issue 39, item 4: lows the fifth student walks found in the lesson texts, in en/it/pl.

- A text that ends with a colon is followed by what it introduces (a question), never by a
  board alone (pl P19: lesson 8 page 2 "... (rows and columns swapped):" and nothing).
- Lesson 9's key ``]`` is named in words too: drawn as a key it reads "[]]" (en F22, it F23).
- Lesson 1 page 2 tells the lecture's naive ``int b[n][n]`` apart from the ``b[]`` it then
  uses (pl P4); lesson 4 page 1 names the x - y of its rule the way the answers do, row-col
  (en F10).
- Lesson 7 page 3's rotations question answered 1 (every turn gives b back) gets its reason
  (pl P18).
- Lesson 1 page 3's queen-row question answered with the column itself gets its reason (en F3).
- Polish: "Która część funkcji hetmany" (the function, not the plural noun, pl P17); Italian:
  the symmetric solution's feedback says that different symmetries give the same board
  (it F18).
"""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.answers.feedback import MESSAGES
from lessons.catalog import load_catalog
from lessons.model import BoardOp, Lesson, Question, Text
from lessons.quiz.compare import rotations
from lessons.quiz.facts import symmetry_mistakes
from lessons.quiz.params import Params
from lessons.quiz.reading import pose_queen_row
from lessons.stage.expect_names import show as format_b
from solver.events import Solution
from solver.methods.iterative.engine import IterativeEngine
from solver.stepping import Mode
from solver.symmetry import Symmetry

LANGUAGES = ["en", "it", "pl"]


def _lesson(language: str, lesson_id: str) -> Lesson:
    lesson = load_catalog(language).find(lesson_id)
    assert lesson is not None
    return lesson


def _text(lesson: Lesson, page: int) -> str:
    blocks = lesson.pages[page - 1].blocks
    words = " ".join(b.markdown for b in blocks if isinstance(b, Text))
    return " ".join(words.replace("\u00a0", " ").split())


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_ends_with_a_colon_and_then_shows_only_a_board(language: str) -> None:
    found = []
    for lesson in load_catalog(language).lessons:
        for number, page in enumerate(lesson.pages, start=1):
            for block, after in zip(page.blocks, page.blocks[1:], strict=False):
                colon = isinstance(block, Text) and block.markdown.rstrip().endswith(":")
                if colon and isinstance(after, BoardOp):
                    found.append(f"{lesson.id} page {number}: {block.markdown[-70:]!r}")
    assert not found, "\n".join(found)


CLOSE_BRACKET = {
    "en": "press ] (the closing square bracket)",
    "it": "premi ] (la parentesi quadra chiusa)",
    "pl": "naciśnij ] (zamykający nawias kwadratowy)",
}
NAIVE_BOARD = {
    "en": "another array than the `b[]` below",
    "it": "un array diverso dal `b[]` qui sotto",
    "pl": "inna tablica niż `b[]` poniżej",
}
ROW_COL = {"en": "row-col", "it": "riga-col", "pl": "wiersz-kol"}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_keys_and_names_a_first_year_student_trips_on_are_said(language: str) -> None:
    cost = _lesson(language, "cost")
    assert any(CLOSE_BRACKET[language] in _text(cost, n) for n in range(1, len(cost.pages) + 1))
    assert NAIVE_BOARD[language] in _text(_lesson(language, "problem"), 2)
    first = _text(_lesson(language, "diagonals"), 1)
    assert "`x - y == a - b`" in first and ROW_COL[language] in first, first


def test_the_polish_quiz_asks_about_the_function_hetmany() -> None:
    prompts = [
        block.prompt
        for page in _lesson("pl", "recursive").pages
        for block in page.blocks
        if isinstance(block, Question)
    ]
    # The quiz asks about a call of the function (walk 13 made the role question a case).
    assert any("hetmany(" in p and "funkcja" in p for p in prompts), prompts
    assert not any("część hetmany" in p for p in prompts), prompts


@pytest.mark.parametrize("key", ["mistake.symmetric_half_turn", "mistake.symmetric_quarter_turn"])
def test_the_italian_symmetry_feedback_says_the_same_board_comes_twice(key: str) -> None:
    i18n.set_language("it")
    said = i18n._(MESSAGES[key])
    assert "la stessa scacchiera" in said and "ne dà anche un'altra" not in said, said


def _first_solution(n: int) -> tuple[int, ...]:
    engine = IterativeEngine(n, Mode.FIRST)
    while not isinstance(event := engine.step(), Solution):
        pass
    return tuple(event.b)


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_board_for_the_four_turns_gets_its_reason(language: str) -> None:
    """pl P18: lesson 7 page 3 asks how many boards the four turns of b give; "1" (every
    solution symmetric, the page's very misconception) got a bare "wrong answer"."""
    i18n.set_language(language)
    page = _lesson(language, "symmetry").pages[2]
    asked = [b for b in page.blocks if isinstance(b, Question) and b.kind == "rotations"]
    assert asked
    for question in asked:
        given = question.params.get("b")  # else the page board's first solution
        b = tuple(int(x) for x in given.strip("[]").split(",")) if given else _first_solution(8)
        right = len(set(rotations(b)))
        said = symmetry_mistakes(b, right, everything=False)["1"]
        assert format_b(Symmetry.ROT90.apply(b)) in said and format_b(b) in said, said


SOURCES = {
    "en": ("the Wrocław lecture", "Turin notes", "the edutecnica page", "Python course", "Salerno"),
    "it": ("slide di Wrocław", "dispense di Torino", "edutecnica", "corso di Python", "Salerno"),
    "pl": ("wykład wrocławski", "notatki z Turynu", "edutecnica", "kurs Pythona", "Salerno"),
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_first_page_names_every_source_the_lessons_cite(language: str) -> None:
    """it F1, F8: "the Python course", "edutecnica", "Salerno" were cited (lessons 1 and 4)
    before any page said what they are; the first page now names all five."""
    first = _text(_lesson(language, "problem"), 1)
    missing = [name for name in SOURCES[language] if name not in first]
    assert not missing, (missing, first)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_column_given_for_its_row_gets_its_reason(language: str) -> None:
    """en F3: lesson 1 page 3 asks the row of column 3's queen in b = [0, 2, 4, 1, 3]; the
    answer 3 (the column itself) got a bare "3 is not the answer"."""
    i18n.set_language(language)
    page = _lesson(language, "problem").pages[2]
    asked = [b for b in page.blocks if isinstance(b, Question) and b.kind == "queen-row"]
    assert asked
    for question in asked:
        col = question.params["col"]
        posed = pose_queen_row(question, Params(question.params, "@question queen-row"), None)
        assert posed.expected != col
        assert "b[]" in posed.wrong[col], posed.wrong  # why: the column is the index
        # and without naming the entry to read (student walk 11, #6: that handed it over)
        assert f"b[{col}]" not in posed.wrong[col], posed.wrong
