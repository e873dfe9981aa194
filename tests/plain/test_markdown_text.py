"""A lesson's Markdown as plain lines: the style marks off, what they mark kept."""

from __future__ import annotations

import io
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lessons.catalog import load_catalog
from lessons.model import Text
from tests.built_in import LESSONS
from tests.tiers import examples, sweep
from tui.plain.markdown_text import inline, plain_lines


@pytest.mark.parametrize(
    ("markdown", "plain"),
    [
        # A code span is read as its words: a screen reader would say each backtick aloud.
        ("**bold** *it* _it_ is_free a*b `b[k]*2` ***both***",
         "bold it it is_free a*b b[k]*2 both"),
        (r"\*not emphasis\* and \_x\_", "*not emphasis* and _x_"),
        # A key is marked as a key: the Italian "Premi o" read o as the key and as "or".
        ("Premi <kbd>o</kbd> o <kbd>s</kbd>: tu `i` to wiersz",
         "Premi [o] o [s]: tu i to wiersz"),
        ("see [the notes](https://example.org/n.pdf)", "see the notes (https://example.org/n.pdf)"),
        ("<https://example.org>", "https://example.org"),
    ],
)  # fmt: skip
def test_style_marks_go_and_keys_code_links_and_identifiers_stay(markdown: str, plain: str) -> None:
    assert inline(markdown) == plain


@pytest.mark.parametrize(
    ("markdown", "lines"),
    [
        ("# A heading\nA paragraph\nthat goes on.\n\n- one\n  more of one\n- two\n1. first\n\n"
         "```c\nwhile (k<n) {\n  b[k]++;\n}\n```\n---\n> quoted\n",
         ["A heading", "A paragraph that goes on.", "- one more of one", "- two", "1. first",
          "    while (k<n) {", "      b[k]++;", "    }", "  quoted"]),
        ("first  \nsecond", ["first", "second"]),  # a hard break starts a new line
    ],
)  # fmt: skip
def test_paragraphs_and_items_are_one_line_each_and_code_is_indented_as_written(
    markdown: str, lines: list[str]
) -> None:
    assert plain_lines(markdown) == lines


SCREEN_ONLY = {
    "en": ("beside", "status line", "status bar", "box below", "box under", "list under the board"),
    "it": ("accanto", "barra di stato", "riquadro", "lista sotto la scacchiera"),
    "pl": ("obok", "pasek stanu", "ramka pod", "ramka\u00a0pod", "lista pod szachownicą"),
}
"""Words that point at a place on the full screen, which the plain tutor does not have."""


@pytest.mark.parametrize("lang", sorted(SCREEN_ONLY))
def test_every_built_in_page_reads_in_the_plain_tutor_without_backticks_or_screen_places(
    lang: str,
) -> None:
    """Code is read as its words, and no sentence sends the student to a part of a screen."""
    catalog = load_catalog(lang)
    said = [
        (lesson.title, page.title, line)
        for lesson in catalog.lessons
        for page in lesson.pages
        for block in page.blocks
        if isinstance(block, Text)
        for line in plain_lines(block.markdown)
        if not line.startswith("    ")  # a code block, read as written
    ]
    assert len({lesson for lesson, _, _ in said}) == LESSONS
    assert [where for where in said if "`" in where[2]] == []
    assert [
        where for where in said for phrase in SCREEN_ONLY[lang] if phrase in where[2].lower()
    ] == []


@settings(max_examples=examples(40), deadline=None)
@given(st.lists(st.integers(-1, 7), min_size=2, max_size=8), st.booleans())
def test_a_board_drawn_in_a_code_block_is_read_a_row_a_line(b: list[int], turin: bool) -> None:
    """Drawn as the Wrocław lecture (row numbers, the bottom row 0, column numbers under it) or as
    the Turin notes ("row 0" at the top): each row's queens are named, never character by
    character."""
    n = len(b)
    rows = [(y, " ".join("Q" if b[x] == y else "." for x in range(n))) for y in range(n)]
    drawn = (
        [f"row {y}  {squares}" for y, squares in rows]
        if turin
        else [
            *(f"{y} {squares}" for y, squares in reversed(rows)),
            "  " + " ".join(map(str, range(n))),
        ]
    )
    said = plain_lines("```\n" + "\n".join(drawn) + "\n```")
    assert len(said) == n + 1 and not any(". ." in line for line in said), said
    for y in range(n):
        queens = "; ".join(f"queen in column {x}" for x in range(n) if b[x] == y) or "no queen"
        assert f"    row {y}: {queens}." in said, said


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(2, 6).flatmap(
        lambda n: st.lists(st.text("QO.", min_size=n, max_size=n), min_size=2, max_size=6)
    )
)
def test_a_drawing_without_row_numbers_is_read_a_line_at_a_time_from_the_top(
    drawing: list[str],
) -> None:
    """The Wrocław lecture's slides (``Q O`` over ``O O``, O attacked): each line's queens, its
    attacked and free squares, by column, never character by character."""
    said = plain_lines("```\n" + "\n".join(" ".join(line) for line in drawing) + "\n```")
    assert len(said) == len(drawing) + 1 and "from its top line" in said[0], said
    for number, line in enumerate(drawing, 1):
        queens = [f"queen in column {x}" for x, mark in enumerate(line) if mark == "Q"]
        assert said[number].startswith(f"    line {number}: " + "; ".join(queens)), said
        assert ("attacked: column" in said[number]) == ("O" in line), said


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["it"]))
def test_no_maze_of_a_lesson_is_read_sign_by_sign(lang: str) -> None:
    """Every maze drawn in a lesson's text or a question's prompt is read a row a line, its
    walls, open squares, start and exit by column, as the board command reads a maze."""
    from lessons import i18n
    from lessons.runner import LessonRun
    from tests.unit.lessons.answers_on_screen import asked_in
    from tui.plain.lesson_walk import LessonWalk
    from tui.plain.output import Out

    i18n.set_language(lang)
    raw = re.compile(r"^\s*[#.SE]{3,}\s*$")
    mazes = 0
    for lesson in load_catalog(lang).lessons:
        for page in lesson.pages:
            for block in page.blocks:
                if isinstance(block, Text):
                    assert not [line for line in plain_lines(block.markdown) if raw.match(line)]
        asks_a_maze = any(q.kind == "maze" for page in lesson.pages for q in page.questions)
        for run in asked_in(LessonRun(lesson)) if asks_a_maze else ():
            if run.asked is not None and run.asked.posed.maze:
                stream = io.StringIO()
                LessonWalk(Out(stream), lesson, None, run=run).say_question()
                said = stream.getvalue().splitlines()
                assert not [line for line in said if raw.match(line)], said
                mazes += 1
    i18n.set_language("en")
    assert mazes >= 2  # lesson 8's practice and quiz
