"""The words of a lesson page around its board and questions: the text just before a question,
plain mode's text, the glossary beside every board, the attack rules named in order, a
backtrack's story, and the keys a page names checked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons import i18n
from lessons.answers.checking import BACKTRACK, Posed
from lessons.catalog import load_catalog
from lessons.checking.marks import mark_problems
from lessons.checking.validate import check_file, check_text
from lessons.glossary import GLOSSARY
from lessons.i18n import _
from lessons.model import Question, Text
from lessons.parsing.parser import parse_file
from lessons.quiz.pose import QuizError, pose
from lessons.runner import LessonRun
from solver.methods.general.view import GeneralView
from solver.methods.iterative.view import IterativeView
from solver.methods.recursive.engine import RecursiveEngine
from solver.methods.recursive.view import RecursiveView
from solver.methods.scan.view import ScanView
from solver.session.board import BoardSession
from tests.tiers import sweep

LANGUAGES = ("en", "it", "pl")


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_text_right_before_a_question_ends_with_a_colon(language: str) -> None:
    dangling = []
    for lesson in load_catalog(language).lessons:
        for number, page in enumerate(lesson.pages, start=1):
            last = ""
            for block in page.blocks:
                if isinstance(block, Text):
                    last = block.markdown.rstrip()
                elif isinstance(block, Question):
                    if last.endswith(":"):
                        dangling.append(f"{lesson.id} p{number}: {last.splitlines()[-1]!r}")
                    last = ""
    assert not dangling, "\n".join(dangling)


def _page_text(language: str, lesson_id: str, page: int) -> str:
    lesson = next(each for each in load_catalog(language).lessons if each.id == lesson_id)
    return " ".join(
        " ".join(block.markdown.split())
        for block in lesson.pages[page - 1].blocks
        if isinstance(block, Text)
    )


def test_lesson_9_says_lesson_3_quoted_the_876_squares() -> None:
    said = {code: _page_text(code, "cost", 1) for code in LANGUAGES}
    assert "lesson 3 counted" not in said["en"]
    assert "Lesson 3 quoted these 876 squares, for comparison" in said["en"], said["en"]
    assert "La lezione 3 citava queste 876 caselle" in said["it"], said["it"]
    assert "Lekcja 3 przytoczyła te 876 pól" in said["pl"].replace("\u00a0", " "), said["pl"]
    # and lesson 3 does quote it, for comparison, in every language
    assert "876" in _page_text("en", "naive-search", 6)
    assert "For comparison" in _page_text("en", "naive-search", 6)


BUILTIN = Path(__file__).resolve().parents[3] / "lessons" / "builtin"
BESIDE = {"en": "beside the text", "it": "accanto al testo", "pl": "obok tekstu"}


@pytest.mark.parametrize("lang", sorted(BESIDE))
def test_no_lesson_places_its_board_beside_the_text(lang: str) -> None:
    found = [
        f"{path.name}:{number}"
        for path in sorted((BUILTIN / lang).glob("*.md"))
        for number, line in enumerate(path.read_text("utf-8").splitlines(), start=1)
        if BESIDE[lang] in line.lower()
    ]
    assert not found, found


# How each language says where row 0 is (bottom_up: True, False).
ROW_0 = {
    "en": {True: "0 at the bottom", False: "0 at the top"},
    "it": {True: "0 in basso", False: "0 in alto"},
    "pl": {True: "na dole", False: "na górze"},
}


def _entry(word: str) -> str:
    meaning = next(text for term, text in GLOSSARY if term == word)
    return " ".join(_(meaning).split())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_glossary_says_where_row_0_is_on_every_board(lang: str) -> None:
    layouts = {
        view.layout.bottom_up for view in (IterativeView, RecursiveView, GeneralView, ScanView)
    }
    assert layouts == {True, False}  # both drawings are on screen somewhere
    i18n.set_language(lang)
    for word in ("square", "col+row (sum)", "row-col (difference)"):
        said = _entry(word)
        for bottom_up in layouts:
            assert ROW_0[lang][bottom_up] in said, (word, said)


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


# Every run reads the Polish files: a mark is broken where a line was translated.
@pytest.mark.parametrize(
    "path",
    sweep(sorted(BUILTIN.glob("*/*.md")), everyday=sorted(BUILTIN.glob("pl/*.md"))),
    ids=lambda p: p.parent.name + "/" + p.name,
)
def test_no_built_in_lesson_has_a_broken_mark(path: Path) -> None:
    lesson = parse_file(path).lesson
    assert lesson is not None
    broken = [
        (block.line + offset, message)
        for page in lesson.pages
        for block in page.blocks
        if isinstance(block, Text)
        for offset, message in mark_problems(block.markdown)
    ]
    assert broken == []
    assert [e for e in check_file(path) if "kbd" in e.message or "backtick" in e.message] == []
