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
from solver.events import Solution
from solver.messages import Message, render
from solver.methods.iterative.engine import IterativeEngine
from solver.stepping import Mode
from solver.symmetry import Symmetry
from tests.unit.lessons.review_progress import lesson, lessons

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ["en", "it", "pl"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_ends_with_a_colon_before_a_lone_board_or_a_question(language: str) -> None:
    """A text ending with a colon leads to words: not to a board right after it, nor to the
    page's next question."""
    found = []
    for each in load_catalog(language).lessons:
        for number, page in enumerate(each.pages, start=1):
            last, previous = "", None
            for block in page.blocks:
                colon = last.endswith(":")
                if isinstance(block, Text):
                    last = block.markdown.rstrip()
                elif isinstance(block, Question) or (
                    isinstance(block, BoardOp) and isinstance(previous, Text)
                ):
                    if colon:
                        found.append(f"{each.id} page {number}: {last[-70:]!r}")
                    last = "" if isinstance(block, Question) else last
                previous = block
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


def _first(n: int) -> tuple[int, ...]:
    engine = IterativeEngine(n, Mode.FIRST)
    while not isinstance(event := engine.step(), Solution):
        pass
    return tuple(event.b)


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
    # the slides' seven numbers: the solution they print with its last queen dropped
    *[("problem#5", code, [words], []) for code, words in (
        ("en", "dropping the last queen"), ("it", "dimenticando"), ("pl", "gubiąc"))],
]  # fmt: skip


@pytest.mark.parametrize(("lesson_id", "code", "says", "not_said"), PROSE)
def test_a_lessons_text_says_it_as_the_notes_and_the_language_do(
    lesson_id: str, code: str, says: list[str], not_said: list[str]
) -> None:
    lesson_id, _, page = lesson_id.partition("#")
    text = _prose(code, lesson_id, int(page) if page else None)
    assert [words for words in says if words not in text] == [], (lesson_id, code)
    assert [words for words in not_said if words in text] == [], (lesson_id, code)


@pytest.mark.parametrize("code", LANGUAGES)
def test_the_quizzes_titles_summaries_and_mazes_of_the_lessons_in_each_language(code: str) -> None:
    """Lesson 6's quiz asks about its counter and one placeQueens choice, not counts; its summary
    names hetmany; lesson 9 has no <kbd>]</kbd>; lesson 2's title covers its pages, which ask
    what their titles ask; lesson 8's maze feedback says the path as its moves, in one line."""
    with speaking(code):
        recursive = lesson("recursive", code)
        every = {each.id: each for each in lessons(code)}
        mazes = [
            pose(block, None).explanation
            for page in every["recipe"].pages
            for block in page.blocks
            if isinstance(block, Question) and block.kind == "maze"
        ]
    quiz = [b for page in recursive.pages if page.scored for b in page.blocks]
    quiz = [block for block in quiz if isinstance(block, Question)]
    assert len(quiz) == 5 and not [q for q in quiz if q.kind == "solutions"], code
    assert "numSolutions" in " ".join(q.prompt for q in quiz)
    assert [q.kind for q in quiz].count("next-choice") == 1
    assert code == "pl" or "hetmany (" in recursive.summary
    cost = " ".join(str(block) for page in every["cost"].pages for block in page.blocks)
    assert "<kbd>]</kbd>" not in cost
    small = every["small-boards"]
    assert "6" in small.title and "3 and 4" not in small.title, small.title
    for page in small.pages:
        if page.title.rstrip().endswith("?"):
            assert any(isinstance(b, Question) for b in page.blocks), (code, page.title)
    first = {"en": "right, right", "it": "destra, destra", "pl": "prawo, prawo"}[code]
    assert mazes
    for explanation in mazes:
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
    ("en", lambda: symmetry_mistakes((0, 4, 7, 5, 2, 6, 1, 3), 8, everything=True)["1"],
     ["a quarter turn counter-clockwise (90 degrees)"], []),
    ("en", lambda: count_mistakes(8, True, 12)["11"], ["only the orbits of 8 boards (11)"], []),
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


@pytest.mark.parametrize("code", LANGUAGES)
def test_lesson_7_names_each_board_it_turns_and_explains_its_turns(code: str) -> None:
    """Page 3 names each board it asks to turn, and "1" board for the four turns (every
    solution symmetric) is explained; the 1 x 1 orbit: every symmetry gives it back."""
    with speaking(code):
        page = lesson("symmetry", code).pages[2]
        texts: list[str] = []
        named, said = [], []
        for block in page.blocks:
            if isinstance(block, Text):
                texts.append(" ".join(block.markdown.split()))
            elif isinstance(block, Question) and block.kind == "rotations":
                named.append(" ".join(texts))
                given = block.params.get("b")  # else the page board's first solution
                b = tuple(int(x) for x in given.strip("[]").split(",")) if given else _first(8)
                said.append(symmetry_mistakes(b, len(set(rotations(b))), everything=False)["1"])
                assert format_b(Symmetry.ROT90.apply(b)) in said[-1] and format_b(b) in said[-1]
        one = pose(Question(1, "orbit", {"b": "[0]"}), None)
    assert len(named) == 2, named
    assert "b = [0, 4, 7, 5, 2, 6, 1, 3]" in named[0], named[0]
    assert "b = [2, 4, 1, 7, 0, 6, 3, 5]" in named[1].removeprefix(named[0]), named[1]
    assert one.expected == "1"
    assert "1 " not in one.explanation.replace("[0]", ""), one.explanation
