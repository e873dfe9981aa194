"""One vocabulary in the lessons and on the screens (a tick, the solution tick, a square's order,
words typed without diacritics), and the words around a page's boards, questions and keys."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import solver.methods.iterative.questions  # noqa: F401  (registers the loop's messages)
from lessons import i18n
from lessons.answers.checking import BACKTRACK, AnswerType, Posed
from lessons.answers.reading import _NUMBER_WORDS, MINUS_WORDS, plain, read_number, yes_no
from lessons.catalog import load_catalog
from lessons.checking.marks import mark_problems
from lessons.checking.validate import check_text
from lessons.glossary import GLOSSARY
from lessons.i18n import translation
from lessons.model import Question, RunOp, RunTo, Text
from lessons.quiz.pose import QuizError, pose
from lessons.runner import LessonRun
from solver.events import Backtrack, Try
from solver.messages import Message, render
from solver.methods.general.view import GeneralView
from solver.methods.iterative.engine import IterativeEngine
from solver.methods.iterative.view import IterativeView
from solver.methods.recursive.engine import RecursiveEngine
from solver.methods.recursive.view import RecursiveView
from solver.methods.scan.view import ScanView
from solver.session.board import BoardSession
from solver.stepping import Found, Mode
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
    """(ticks, squares tested, backtracks) of the loop to its first solution (opening b[0]=0)."""
    engine = IterativeEngine(n, Mode.FIRST)
    tried = backtracks = ticks = 0
    while True:
        event = engine.step()
        ticks += 1
        if isinstance(event, Try) and not tried:
            assert (event.col, event.row) == (0, 0)
        tried += isinstance(event, Try)
        backtracks += isinstance(event, Backtrack)
        if isinstance(event, Found):
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


def test_the_glossaries_define_the_tick_the_solution_tick_and_the_mazes_order() -> None:
    terms = dict(GLOSSARY)
    assert "solution tick" in terms and "k == n" in terms["solution tick"]
    said = " ".join(terms.values())
    assert "(row, column)" in said and "column 2, row 3" in said
    rows = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8").splitlines()
    assert any(row.startswith("| solution tick |") for row in rows)
    tick = next(row for row in rows if row.startswith("| tick |"))
    assert "reports the solution" in tick and "876 + 105 + 1" in tick, tick


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
def test_a_bare_pair_says_its_order_and_the_maze_page_names_squares_row_first(lang: str) -> None:
    """The maze's frames read ``Solve(at (7,13))``: row 7, column 13. Its page says so."""
    problems, pages = [], []
    for path in sorted((BUILTIN / lang).glob("*.md")):
        for line, paragraph in _paragraphs(path.read_text(encoding="utf-8")):
            pairs = PAIR.findall(paragraph)
            if pairs and not any(order in paragraph for order in ORDERS[lang]):
                problems.append(f"{path.name}:{line}: {pairs} with no order named")
        for page in path.read_text(encoding="utf-8").split("\n@page ")[1:]:
            if "algorithm=maze" in page:
                pages.append(page)
                prose = " ".join(text for _line, text in _paragraphs(page))
                assert ORDERS[lang][0] in prose, page.splitlines()[0]
    assert not problems, "\n".join(problems)
    assert pages, "a page runs the maze"


@pytest.mark.parametrize("word", sorted(_NUMBER_WORDS))
def test_every_number_word_reads_without_its_diacritics_in_any_case(word: str) -> None:
    """With its letters and as a plain keyboard types it, in any case, a period after it, and
    after a minus written out (minus trzy, meno uno)."""
    value = _NUMBER_WORDS[word]
    assert plain(word).isascii()
    for typed in (word, plain(word), word.upper(), plain(word).capitalize(), f"{word}."):
        for language in ("pl", "it", "en"):
            assert read_number(typed, language) == value, (typed, language)
            for minus in MINUS_WORDS:
                assert read_number(f"{minus.title()} {typed}", language) == -value, typed


def test_a_backtrack_and_a_number_typed_without_polish_letters() -> None:
    i18n.set_language("pl")
    posed = Posed("k", "p", AnswerType.ROW, "backtrack", "")
    for typed in ("nawrot", "Nawrot", "nawrót", "NAWRÓT", " nawrot "):
        assert posed.read(typed) == BACKTRACK and posed.check(typed).correct, typed
    posed = Posed("k", "p", AnswerType.NUMBER, "6", "")
    assert posed.check("szesc").correct and not posed.check("piec").correct
    assert yes_no("sì") == yes_no("si") == yes_no("SÌ") == "yes"


@given(st.text(max_size=30))
@example("₨")  # decomposes to upper case
def test_plain_is_lower_case_and_unmarked(text: str) -> None:
    folded = plain(text)
    assert plain(folded) == folded == folded.lower()
    assert not any(char in folded for char in "ąćęłńóśźżàèéìòù")


LANGUAGES = ("en", "it", "pl")
BESIDE = {"en": "beside the text", "it": "accanto al testo", "pl": "obok tekstu"}
# How each language says where row 0 is (bottom_up: True, False).
ROW_0 = {
    "en": {True: "0 at the bottom", False: "0 at the top"},
    "it": {True: "0 in basso", False: "0 in alto"},
    "pl": {True: "na dole", False: "na górze"},
}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_tick_the_solution_tick_and_row_0_are_named_alike_in_each_language(
    language: str,
) -> None:
    """The glossary, the loop's hint and compare's count the solution tick; the work question
    speaks of squares tested, never of tries; the first page that runs a board to a solution
    names it; the glossary says where row 0 is on each drawing; no lesson places its board
    beside the text."""
    layouts = {
        view.layout.bottom_up for view in (IterativeView, RecursiveView, GeneralView, ScanView)
    }
    assert layouts == {True, False}  # both drawings are on screen somewhere
    with i18n.speaking(language):
        glossary = {term: " ".join(i18n._(text).split()) for term, text in GLOSSARY}
        hint = render(Message.of("loop.state.hint.tick"))
        examined = pose(Question(1, "examined", {"method": "iterative", "n": "8"}), None).hint
        tested = i18n._("squares tested")
        for of in ("tries", "backtracks", "ticks"):
            posed = pose(Question(line=1, kind="work", params={"n": "6", "of": of}), None)
            said = " ".join([posed.prompt, posed.explanation, posed.hint, *posed.wrong.values()])
            assert tested in said or f"{_counts(6)[1]}" in said, said
            assert TRIES[language] not in said.replace(",", " ").split(), said
            assert "try" not in said.split() and "tentativo" not in said.split(), said
    said = glossary["tick"]
    assert SOLUTION[language] in said and BACKTRACK_WORD[language] in said, said
    assert SOLUTION[language] in hint, hint
    assert SOLUTION[language] in examined and "A tick is a test or a backtrack" not in examined
    for word in ("square", "col+row (sum)", "row-col (difference)"):
        for bottom_up in layouts:
            assert ROW_0[language][bottom_up] in glossary[word], (word, glossary[word])
    word = translation(language).gettext("solution tick")
    pages = (
        page for each in LessonContext.load(lang=language).catalog.lessons for page in each.pages
    )
    page = next(
        p for p in pages if any(isinstance(b, RunOp) and b.to is RunTo.SOLUTION for b in p.blocks)
    )
    text = " ".join(" ".join(b.markdown.split()) for b in page.blocks if isinstance(b, Text))
    assert word in text.replace("**", ""), (page.title, word)
    beside = [
        f"{path.name}:{number}"
        for path in sorted((BUILTIN / language).glob("*.md"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if BESIDE[language] in line.lower()
    ]
    assert not beside, beside


SQUARE = re.compile(r"column (\d+), row (\d+)")


def _attack_rule_on_page_4() -> Posed:
    i18n.set_language("en")
    lesson = next(each for each in load_catalog("en").lessons if each.id == "diagonals")
    run = LessonRun(lesson, None, page=3)
    while run.asked is not None and run.asked.question.kind != "attack-rule":
        run.reveal()
        run.go_on()
    assert run.asked is not None
    return run.asked.posed


def test_the_reasons_give_the_squares_numbers_in_the_order_the_question_names_them() -> None:
    posed = _attack_rule_on_page_4()
    named = [(int(c), int(r)) for c, r in SQUARE.findall(posed.prompt)]
    assert len(named) == 2, posed.prompt
    (c1, r1), (c2, r2) = named
    assert posed.prompt.startswith("The square (column 2, row 3)"), posed.prompt
    said = {wrong: posed.check(str(int(wrong) + 1)).message for wrong in posed.wrong}
    assert f"col+row is {c1 + r1} and {c2 + r2}," in said["1"], said["1"]
    assert f"The rows differ ({r1} and {r2})" in said["0"], said["0"]
    diffs = f"{r1}-{c1} = {r1 - c1} = {r2}-{c2}"
    assert diffs in posed.explanation, posed.explanation


UNDONE = re.compile(r"takes its queen off row (\d+), column (\d+) \(c\[(\d+)\]")


def test_a_recursive_backtrack_names_the_queen_the_board_then_lacks() -> None:
    engine = RecursiveEngine(6)
    told = 0
    while not engine.finished:
        try:
            posed = pose(
                Question(kind="next-choice", params={}, line=1), BoardSession(engine=engine)
            )
        except QuizError:
            engine.step()
            continue
        if posed.expected == BACKTRACK and engine.snapshot().depth > 1:
            found = UNDONE.search(posed.explanation)
            assert found, posed.explanation
            row, col, array = map(int, found.groups())
            before = engine.snapshot()
            assert (row, col) in before.placed and array == col  # the queen the reasons see
            for _ in range(posed.play):  # the answer plays these ticks: the board's state
                engine.step()
            after = engine.snapshot()
            assert (row, col) not in after.placed and after.c[col], posed.explanation
            for _ in range(posed.play):
                engine.back()
            told += 1
        engine.step()
    assert told > 10  # the 6 x 6 search backtracks often; each was checked


GARBLED = (
    "@lesson t\n@title T\n@summary S\n\n@page P\nSome words.\n\n"
    "Try it: on the main screen press <kbd>`</kbd>]` to grow the board an<kbd>d</kbd> `s` to to\n"
    "the next solution.\n"
)


def test_the_garbled_key_marks_of_9_p5_are_errors_with_their_line() -> None:
    errors = check_text(GARBLED, "t.md")
    assert [e.line for e in errors] == [8, 8, 8]
    messages = " | ".join(e.message for e in errors)
    assert "<kbd>`</kbd>" in messages
    assert "<kbd>d</kbd>" in messages
    assert "backtick without its pair" in messages
    assert not any(e.warning for e in errors)


WELL_FORMED = [
    "press <kbd>]</kbd> to grow the board and <kbd>s</kbd> to run on",
    "(<kbd>space</kbd>: attacked; <kbd>enter</kbd>: free), `b[k]` and `isfree`",
    "a code span `over\ntwo lines` of one paragraph",
    '```\nprintf("`");\n```\nafter the fence',
]
BROKEN = ["press <kbd>s to run", "press s</kbd> to run", "press <kbd> </kbd> to run", "a`b` and `c"]


@pytest.mark.parametrize(
    ("text", "broken"), [(text, False) for text in WELL_FORMED] + [(text, True) for text in BROKEN]
)
def test_each_kind_of_broken_mark_is_found_and_well_formed_ones_pass(
    text: str, broken: bool
) -> None:
    assert bool(list(mark_problems(text))) == broken
