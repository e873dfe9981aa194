"""One vocabulary in the lessons and on the screens: one count of solutions, one definition of a
tick, the tick of a solution named, a square named column first, and words a keyboard without
diacritics can type."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

import solver.methods.iterative.questions  # noqa: F401  (registers the loop's messages)
from lessons import i18n
from lessons.answers.checking import BACKTRACK, AnswerType, Posed
from lessons.answers.reading import _NUMBER_WORDS, plain, read_number, yes_no
from lessons.glossary import GLOSSARY
from lessons.i18n import translation
from lessons.model import Question, RunOp, RunTo, Text
from lessons.model import Text as TextBlock
from lessons.quiz.pose import pose
from solver.events import Backtrack, Solution, Try
from solver.messages import Message, render
from solver.methods.iterative.engine import IterativeEngine
from solver.stepping import Mode
from tests.tiers import sweep
from tests.unit.lessons.review_progress import lesson
from tui.lesson_context import LessonContext

# The count's noun in lesson 9's text (in Polish, declined after the number).
TESTED = {"en": "squares tested", "it": "caselle provate", "pl": "sprawdzonych (pól|polach)"}
# The word for the random permutations' draws, not for the loop's squares.
TRIES = {"en": "tries", "it": "tentativi", "pl": "prób"}
# The words every definition of a tick names its third and second kinds by.
SOLUTION = {"en": "solution", "it": "soluzione", "pl": "rozwiązanie"}
BACKTRACK_WORD = {"en": "backtracks", "it": "backtrack", "pl": "nawrót"}
ROOT = Path(__file__).resolve().parents[3]
BUILTIN = ROOT / "lessons" / "builtin"


def _counts(n: int) -> tuple[int, int, int]:
    """(ticks, squares tested, backtracks) of the lecture's loop to its first solution; its
    first square tested is the opening b[0]=0."""
    engine = IterativeEngine(n, Mode.FIRST)
    tried = backtracks = ticks = 0
    while True:
        event = engine.step()
        ticks += 1
        if isinstance(event, Try) and not tried:
            assert (event.col, event.row) == (0, 0)
        tried += isinstance(event, Try)
        backtracks += isinstance(event, Backtrack)
        if isinstance(event, Solution):
            return ticks, tried, backtracks


def _page_text(language: str, lesson_id: str, page: int) -> str:
    blocks = lesson(lesson_id, language).pages[page].blocks
    return " ".join(
        " ".join(b.markdown.replace("\u00a0", " ").split()) for b in blocks if isinstance(b, Text)
    )


@pytest.mark.parametrize("language", sweep(["en", "it", "pl"], everyday=["pl"]))
def test_lesson_9_counts_the_squares_tested_as_lesson_3_does(language: str) -> None:
    """... and counts the opening b[0]=0 apart from the b[k]++ increments."""
    text = _page_text(language, "cost", 0)
    for n in (8, 9):  # lesson 5 prints 6 x 6's 25
        ticks, tried, backtracks = _counts(n)
        assert ticks == tried + backtracks + 1
        assert re.search(rf"\b{tried} {TESTED[language]}", text), (n, text)
        assert f"{tried - 1} `b[k]++`" in text, (n, tried, text)
    assert text.count("`b[0]=0`") == 2, text
    assert TRIES[language] not in text.split(), text
    pages = len(lesson("naive-search", language).pages)
    assert any("876" in _page_text(language, "naive-search", i) for i in range(pages))


@pytest.mark.parametrize("language", ["en", "it", "pl"])
@pytest.mark.parametrize("of", ["tries", "backtracks", "ticks"])
def test_the_work_question_speaks_of_squares_tested(language: str, of: str) -> None:
    with i18n.speaking(language):
        posed = pose(Question(line=1, kind="work", params={"n": "6", "of": of}), None)
        tested = i18n._("squares tested")
    said = " ".join([posed.prompt, posed.explanation, posed.hint, *posed.wrong.values()])
    assert tested in said or f"{_counts(6)[1]}" in said, said
    assert TRIES[language] not in said.replace(",", " ").split(), said
    assert "try" not in said.split() and "tentativo" not in said.split(), said


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_glossary_tick_reports_the_solution_too(language: str) -> None:
    with i18n.speaking(language):
        said = next(i18n._(text) for term, text in GLOSSARY if term == "tick")
        hint = render(Message.of("loop.state.hint.tick"))
    assert SOLUTION[language] in said, said
    assert BACKTRACK_WORD[language] in said, said
    assert SOLUTION[language] in hint, hint


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_compares_hint_counts_the_solution_tick_as_a_tick(language: str) -> None:
    with i18n.speaking(language):
        posed = pose(
            Question(line=1, kind="examined", params={"method": "iterative", "n": "8"}), None
        )
    assert SOLUTION[language] in posed.hint, posed.hint
    assert "A tick is a test or a backtrack" not in posed.hint


def test_the_glossaries_define_the_tick_the_solution_tick_and_the_mazes_order() -> None:
    terms = dict(GLOSSARY)
    assert "solution tick" in terms and "k == n" in terms["solution tick"]
    said = " ".join(terms.values())
    assert "(row, column)" in said and "column 2, row 3" in said
    rows = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines()
    assert any(row.startswith("| solution tick |") for row in rows)
    tick = next(row for row in rows if row.startswith("| tick |"))
    assert "reports the solution" in tick and "876 + 105 + 1" in tick, tick


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_first_page_run_to_a_solution_names_the_solution_tick(language: str) -> None:
    word = translation(language).gettext("solution tick")
    for each in LessonContext.load(lang=language).catalog.lessons:
        for page in each.pages:
            if any(isinstance(b, RunOp) and b.to is RunTo.SOLUTION for b in page.blocks):
                text = " ".join(
                    " ".join(b.markdown.split()) for b in page.blocks if isinstance(b, TextBlock)
                )
                assert word in text.replace("**", ""), (each.id, page.title, word)
                return
    pytest.fail("no page runs a board to a solution")


ORDERS = {
    "en": ("(row, column)", "(column, row)"),
    "it": ("(riga, colonna)", "(colonna, riga)"),
    "pl": ("(wiersz, kolumna)", "(kolumna, wiersz)"),
}


PAIR = re.compile(r"(?<!\w)\((-?\d+), ?(-?\d+)\)")


def _paragraphs(text: str) -> list[tuple[int, str]]:
    """(first line, text) of each paragraph of prose: code blocks and `code` left out."""
    found: list[tuple[int, str]] = []
    lines: list[str] = []
    start = 0
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith("@"):  # directives: not prose
            line = ""
        if not line.strip():
            if lines:
                found.append((start, " ".join(lines)))
            lines = []
            continue
        if not lines:
            start = number
        lines.append(re.sub(r"`[^`]*`", "", line))
    if lines:
        found.append((start, " ".join(lines)))
    return found


@pytest.mark.parametrize("lang", sorted(ORDERS))
def test_a_bare_pair_says_its_order(lang: str) -> None:
    problems = []
    for path in sorted((BUILTIN / lang).glob("*.md")):
        for line, paragraph in _paragraphs(path.read_text(encoding="utf-8")):
            pairs = PAIR.findall(paragraph)
            if pairs and not any(order in paragraph for order in ORDERS[lang]):
                problems.append(f"{path.name}:{line}: {pairs} with no order named")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", sorted(ORDERS))
def test_the_maze_page_says_it_names_squares_row_first(lang: str) -> None:
    """The maze's frames read ``Solve(at (7,13))``: row 7, column 13. Its page says so."""
    pages = []
    for path in sorted((BUILTIN / lang).glob("*.md")):
        for page in path.read_text(encoding="utf-8").split("\n@page ")[1:]:
            if "algorithm=maze" in page:
                pages.append(page)
                prose = " ".join(text for _line, text in _paragraphs(page))
                assert ORDERS[lang][0] in prose, page.splitlines()[0]
    assert pages, "a page runs the maze"


TYPED = {"szesc": 6, "piec": 5, "dziesiec": 10, "zadne": 0, "zadna": 0, "zaden": 0}
TYPED |= {"dziewiec": 9, "jedenascie": 11, "dwanascie": 12, "Szesc": 6, "SZEŚĆ": 6, "sześć.": 6}


@pytest.mark.parametrize(("typed", "value"), sorted(TYPED.items()))
@pytest.mark.parametrize("language", ["pl", "it", "en"])
def test_polish_number_words_without_their_letters(typed: str, value: int, language: str) -> None:
    assert read_number(typed, language) == value


@pytest.mark.parametrize("word", sorted(_NUMBER_WORDS))
def test_every_number_word_reads_without_its_diacritics(word: str) -> None:
    """Every number word the tutor reads, with its letters and as a plain keyboard types it."""
    value = _NUMBER_WORDS[word]
    assert read_number(word, "pl") == value
    assert read_number(plain(word), "pl") == value
    assert plain(word).isascii()


@pytest.mark.parametrize("typed", ["nawrot", "Nawrot", "nawrót", "NAWRÓT", " nawrot "])
def test_a_backtrack_typed_without_polish_letters(typed: str) -> None:
    i18n.set_language("pl")
    posed = Posed("k", "p", AnswerType.ROW, "backtrack", "")
    assert posed.read(typed) == BACKTRACK
    assert posed.check(typed).correct


def test_a_number_question_takes_szesc() -> None:
    i18n.set_language("pl")
    posed = Posed("k", "p", AnswerType.NUMBER, "6", "")
    assert posed.check("szesc").correct and not posed.check("piec").correct


def test_yes_typed_without_the_italian_accent() -> None:
    assert yes_no("sì") == yes_no("si") == yes_no("SÌ") == "yes"


@given(st.text(max_size=30))
def test_plain_is_lower_case_and_unmarked(text: str) -> None:
    folded = plain(text)
    assert plain(folded) == folded
    assert not any(char in folded for char in "ąćęłńóśźżàèéìòù")
