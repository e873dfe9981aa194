"""What the lessons' texts say: figures as the language writes them, sources and diagonals as the
notes name them, turns with their direction."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import solver.methods.general.view
import solver.methods.iterative.narration
import solver.methods.recursive.view
import solver.methods.scan.view  # noqa: F401  (they register their narration)
from lessons import i18n
from lessons.answers.feedback import MESSAGES, say
from lessons.catalog import load_catalog
from lessons.i18n import _, speaking
from lessons.model import BoardOp, Question, Text
from lessons.quiz.compare import ROTATION_NAMES, rotations
from lessons.quiz.facts import count_mistakes, symmetry_mistakes
from lessons.quiz.params import Params
from lessons.quiz.pose import pose
from lessons.quiz.reading import pose_queen_row
from lessons.stage.expect_names import show as format_b
from solver.messages import Message, render
from solver.methods.iterative.engine import IterativeEngine
from solver.stepping import Found, Mode
from solver.symmetry import Symmetry
from tests.unit.lessons.review_progress import lesson, lessons

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ["en", "it", "pl"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_ends_with_a_colon_and_then_shows_only_a_board(language: str) -> None:
    found = []
    for each in load_catalog(language).lessons:
        for number, page in enumerate(each.pages, start=1):
            for block, after in zip(page.blocks, page.blocks[1:], strict=False):
                colon = isinstance(block, Text) and block.markdown.rstrip().endswith(":")
                if colon and isinstance(after, BoardOp):
                    found.append(f"{each.id} page {number}: {block.markdown[-70:]!r}")
    assert not found, "\n".join(found)


def test_the_polish_quiz_asks_about_the_function_hetmany() -> None:
    prompts = [
        block.prompt
        for page in lesson("recursive", "pl").pages
        for block in page.blocks
        if isinstance(block, Question)
    ]
    assert any("hetmany(" in p and "funkcja" in p for p in prompts), prompts
    assert not any("część hetmany" in p for p in prompts), prompts


def _first_solution(n: int) -> tuple[int, ...]:
    engine = IterativeEngine(n, Mode.FIRST)
    while not isinstance(event := engine.step(), Found):
        pass
    return tuple(event.solution)


@pytest.mark.parametrize("language", LANGUAGES)
def test_one_board_for_the_four_turns_gets_its_reason(language: str) -> None:
    """Lesson 7 page 3: "1" board for the four turns (every solution symmetric) is explained."""
    i18n.set_language(language)
    page = lesson("symmetry", language).pages[2]
    asked = [b for b in page.blocks if isinstance(b, Question) and b.kind == "rotations"]
    assert asked
    for question in asked:
        given = question.params.get("b")  # else the page board's first solution
        b = tuple(int(x) for x in given.strip("[]").split(",")) if given else _first_solution(8)
        right = len(set(rotations(b)))
        said = symmetry_mistakes(b, right, everything=False)["1"]
        assert format_b(Symmetry.ROT90.apply(b)) in said and format_b(b) in said, said


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_column_given_for_its_row_gets_its_reason(language: str) -> None:
    """The column given for its queen's row: b[] is indexed by the column."""
    i18n.set_language(language)
    page = lesson("problem", language).pages[2]
    asked = [b for b in page.blocks if isinstance(b, Question) and b.kind == "queen-row"]
    assert asked
    for question in asked:
        col = question.params["col"]
        posed = pose_queen_row(question, Params(question.params, "@question queen-row"), None)
        assert posed.expected != col
        assert "b[]" in posed.wrong[col], posed.wrong  # why: the column is the index
        assert f"b[{col}]" not in posed.wrong[col], posed.wrong  # not the entry to read


def _quiz_question(lesson_id: str, kind: str, **params: str) -> Question:
    for page in lesson(lesson_id).pages:
        for block in page.blocks:
            if (
                isinstance(block, Question)
                and block.kind == kind
                and all(block.params.get(k) == v for k, v in params.items())
            ):
                return block
    raise AssertionError((lesson_id, kind, params))


def _prose(code: str, lesson_id: str, page: int | None = None) -> str:
    """A built-in lesson's text (its page ``page`` from 1), spaces collapsed, no-break kept."""
    lesson = next(each for each in lessons(code) if each.id == lesson_id)
    pages = lesson.pages if page is None else [lesson.pages[page - 1]]
    text = " ".join(b.markdown for each in pages for b in each.blocks if isinstance(b, Text))
    return re.sub(r"[ \n]+", " ", text)


PROSE = [  # (lesson, language, words it says, words it no longer says)
    # lesson 9 says lesson 3 quoted the 876 squares, and lesson 3 does
    ("cost#1", "en", ["Lesson 3 quoted these 876 squares, for comparison"], ["lesson 3 counted"]),
    ("cost#1", "it", ["La lezione 3 citava queste 876 caselle"], []),
    ("cost#1", "pl", ["Lekcja 3 przytoczyła te 876 pól"], []),
    ("naive-search#6", "en", ["876", "For comparison"], []),
    # the keys and names a first-year student trips on; the sources the lessons cite
    ("cost", "en", ["press ] (the closing square bracket)"], []),
    ("cost", "it", ["premi ] (la parentesi quadra chiusa)"], []),
    ("cost", "pl", ["naciśnij ] (zamykający nawias kwadratowy)"], []),
    *[("problem#2", code, [words], []) for code, words in (
        ("en", "another array than the `b[]` below"),
        ("it", "un array diverso dal `b[]` qui sotto"), ("pl", "inna tablica niż `b[]` poniżej"))],
    *[("diagonals#1", code, ["`x - y == a - b`", row_col], [])
      for code, row_col in (("en", "row-col"), ("it", "riga-col"), ("pl", "wiersz-kol"))],
    ("problem#1", "en",
     ["the Wrocław lecture", "Turin notes", "the edutecnica page", "Python course", "Salerno"], []),
    ("problem#1", "it",
     ["slide di Wrocław", "dispense di Torino", "edutecnica", "corso di Python", "Salerno"], []),
    ("problem#1", "pl",
     ["wykład wrocławski", "notatki z\u00a0Turynu", "edutecnica", "kurs Pythona", "Salerno"], []),
    *[("naive-search", code, [figure], [" 1820"])  # thousands as its other figures
      for code, figure in (("en", "1,820"), ("it", "1.820"), ("pl", "1\u00a0820"))],
    *[("cost", code, [shell, "ctrl-b", "<kbd>l</kbd>"], [])  # how to run compare beside it
      for code, shell in (("en", "second shell"), ("it", "seconda shell"),
                          ("pl", "drugiej powłoce"))],
    *[("diagonals", code, ["(i,\u00a0j)\u00a0=\u00a0("], ["(i, j)"]) for code in LANGUAGES],
    ("diagonals", "en", ["row-col on this tutor's board, where it rises"],
     ["the rising diagonal i+j", "the falling diagonal i-j"]),
    ("diagonals", "it", ["con il segno cambiato", "Il test è lo stesso"],
     ["col segno", "I numeri sono gli stessi"]),
    ("symmetry", "en", ["counter-clockwise"], []),  # which way 90 degrees turns
    ("symmetry", "it", ["antiorario"], []),
    ("symmetry", "pl", ["przeciwny do ruchu wskazówek"], []),
]  # fmt: skip


@pytest.mark.parametrize(("lesson_id", "code", "says", "not_said"), PROSE)
def test_a_lessons_text_says_it_as_the_notes_and_the_language_do(
    lesson_id: str, code: str, says: list[str], not_said: list[str]
) -> None:
    lesson_id, _, page = lesson_id.partition("#")
    text = _prose(code, lesson_id, int(page) if page else None)
    assert [words for words in says if words not in text] == [], (lesson_id, code)
    assert [words for words in not_said if words in text] == [], (lesson_id, code)


def test_eleven_orbits_of_8_get_their_own_feedback() -> None:
    why = count_mistakes(8, True, 12)["11"]
    assert "only the orbits of 8 boards (11)" in why


def test_the_slides_seven_numbers_are_explained() -> None:
    said = {"en": "dropping the last queen", "it": "dimenticando", "pl": "gubiąc"}
    for code, words in said.items():
        with speaking(code):
            the_lesson = next(each for each in lessons(code) if each.id == "problem")
        text = [
            " ".join(block.markdown for block in page.blocks if isinstance(block, Text))
            for page in the_lesson.pages
        ]
        page = next(each for each in text if "[3, 6, 2, 7, 1, 4, 0]" in each)
        assert words in " ".join(page.split()), code


def test_the_recursive_summary_names_hetmany_and_the_cost_lesson_no_kbd_bracket() -> None:
    for code in ("en", "it"):
        recursive = lesson("recursive", code)
        assert "hetmany (" in recursive.summary
    for code in ("en", "it", "pl"):
        cost = next(each for each in lessons(code) if each.id == "cost")
        text = " ".join(str(block) for page in cost.pages for block in page.blocks)
        assert "<kbd>]</kbd>" not in text


def test_lesson_6_quiz_asks_what_lesson_6_teaches() -> None:
    """Lesson 6's quiz asks about its counter and one placeQueens choice, not counts."""
    for code in ("en", "it", "pl"):
        with speaking(code):
            recursive = lesson("recursive", code)
        quiz = [
            block
            for page in recursive.pages
            if page.scored
            for block in page.blocks
            if isinstance(block, Question)
        ]
        assert len(quiz) == 5
        assert not [q for q in quiz if q.kind == "solutions"], code
        assert "numSolutions" in " ".join(q.prompt for q in quiz)
        assert [q.kind for q in quiz].count("next-choice") == 1


def test_lesson_2_title_covers_its_pages_and_no_page_asks_without_asking() -> None:
    for code in ("en", "it", "pl"):
        every = lessons(code)
        small = next(each for each in every if each.id == "small-boards")
        assert "6" in small.title and "3 and 4" not in small.title, small.title
        for page in small.pages:
            if page.title.rstrip().endswith("?"):
                assert any(isinstance(b, Question) for b in page.blocks), (code, page.title)


def test_the_maze_feedback_says_the_path_in_one_line() -> None:
    """The maze feedback says the path as its moves, in one line."""
    for code, first in (("en", "right, right"), ("it", "destra, destra"), ("pl", "prawo, prawo")):
        with speaking(code):
            recipe = next(each for each in lessons(code) if each.id == "recipe")
            mazes = [
                block
                for page in recipe.pages
                for block in page.blocks
                if isinstance(block, Question) and block.kind == "maze"
            ]
            assert mazes
            for maze in mazes:
                explanation = pose(maze, None).explanation
                assert "\n" not in explanation and "#" not in explanation, explanation
                assert first in explanation, (code, explanation)


def _message(key: str, **params: object) -> str:
    return render(Message.of(key, **params))


SHIFT = (
    "That is i-j = {i}-{j}, without the shift: in C++ the index of b[] is shifted by n-1, because "
    "i-j can be negative, so that it starts at 0 (b[i-j+n-1])."
)
MAZE = (
    "The recipe (moves tried up, right, down, left; never onto its own path) searches the maze "
    "drawn beside this question from S to E. How many moves does the path it finds take?"
)
STEP_DONE = {  # words that do the last step of the arithmetic for the student
    "en": ["fewer", "subtract", "take it away", "one too many", "minus"],
    "it": ["in meno", "togli", "di troppo", "meno 1"],
    "pl": ["mniej", "odejmij", "za dużo", "minus"],
}
WORDS = [  # (language, the words said, what they say, what they never say)
    *[("it", lambda key=key: _(MESSAGES[key]), ["la stessa scacchiera"], ["ne dà anche un'altra"])
      for key in ("mistake.symmetric_half_turn", "mistake.symmetric_quarter_turn")],
    ("it", lambda: say("mistake.attacker_not", col=3, row=3, sum1=6, sum2=4, diff1=0, diff2=2),
     ["nella colonna 3"], [" in colonna"]),
    # n spaced in narration
    *[("en", lambda key=key: _message(key, count=2, n=4), ["for n = 4"], ["n=4"])
      for key in ("iterative.done", "general.done", "scan.done", "recursive.done")],
    # a square named "column 0, row 0" in the lesson and on the main screen
    ("en", lambda: _message("iterative.attacked.one", col=2, row=2, a_col=0, a_row=0, why="x",
                            after=""), ["the queen in column 0, row 0: x"], []),
    ("en", lambda: _message("iterative.attacker", a_col=0, a_row=0, why="x"),
     ["column 0, row 0 (x)"], []),
    # Polish: the "żeby" clause, the maze drawn beside the question
    ("pl", lambda: _(SHIFT), ["żeby zaczynał się od 0, bo i-j może być ujemne"], []),
    ("pl", lambda: _(MAZE), ["labirynt narysowany obok"], ["z szachownicy"]),
    # the turns with their direction
    ("en", lambda: ROTATION_NAMES[1], ["counter-clockwise"], []),
    ("en", lambda: ROTATION_NAMES[3], ["clockwise"], ["counter"]),
    # a slip named, the step left to the student; no page names Q(n)
    *[(code, lambda key=key: say(f"mistake.{key}").casefold(), [], STEP_DONE[code])
      for code in LANGUAGES
      for key in ("squares_for_moves", "work_solution_tick", "construct_from_one")],
    ("en", lambda: say("mistake.tries_columns"), [], ["Q(n)"]),
]  # fmt: skip


@pytest.mark.parametrize(("language", "said", "says", "never"), WORDS, ids=range(len(WORDS)))
def test_the_words_say_it_as_the_notes_and_the_language_do(
    language: str, said: Callable[[], str], says: list[str], never: list[str]
) -> None:
    with speaking(language):
        text = said()
    assert [words for words in says if words not in text] == [], text
    assert [words for words in never if words in text] == [], text


def test_no_italian_message_says_in_colonna() -> None:
    with open(ROOT / "lessons/locale/it/LC_MESSAGES/queens_tutor.po", "rb") as file:
        catalog = read_po(file)
    assert [m.string for m in catalog if " in colonna {" in str(m.string)] == []


def test_a_quarter_turn_is_said_counter_clockwise() -> None:
    one = symmetry_mistakes((0, 4, 7, 5, 2, 6, 1, 3), 8, everything=True)["1"]
    assert "a quarter turn counter-clockwise (90 degrees)" in one


@pytest.mark.parametrize("code", LANGUAGES)
def test_lesson_7_page_3_names_each_board_it_asks_to_turn(code: str) -> None:
    page = lesson("symmetry", code).pages[2]
    texts: list[str] = []
    named = []
    for block in page.blocks:
        if isinstance(block, Text):
            texts.append(" ".join(block.markdown.split()))
        elif isinstance(block, Question) and block.kind == "rotations":
            named.append(" ".join(texts))
    assert len(named) == 2, named
    assert "b = [0, 4, 7, 5, 2, 6, 1, 3]" in named[0], named[0]
    assert "b = [2, 4, 1, 7, 0, 6, 3, 5]" in named[1].removeprefix(named[0]), named[1]


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_one_by_one_orbit_says_every_symmetry_gives_it_back(code: str) -> None:
    """The 1 x 1 orbit: every symmetry gives it back (no plural with 1)."""
    with speaking(code):
        posed = pose(Question(1, "orbit", {"b": "[0]"}), None)
    assert posed.expected == "1"
    assert "1 " not in posed.explanation.replace("[0]", ""), posed.explanation
