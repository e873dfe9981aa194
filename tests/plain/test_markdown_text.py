"""A lesson's Markdown as plain lines: the style marks off, what they mark kept."""

from __future__ import annotations

import pytest

from tui.plain.markdown_text import inline, plain_lines


@pytest.mark.parametrize(
    ("markdown", "plain"),
    [
        # A code span keeps its backticks: code is told apart from the words around it without
        # colour (the Polish "`i` to wiersz", i the variable, not "and").
        ("**bold** *it* _it_ is_free a*b `b[k]*2` ***both***",
         "bold it it is_free a*b `b[k]*2` both"),
        (r"\*not emphasis\* and \_x\_", "*not emphasis* and _x_"),
        # A key is marked as a key: the Italian "Premi o" read o as the key and as "or".
        ("Premi <kbd>o</kbd> o <kbd>s</kbd>: tu `i` to wiersz",
         "Premi [o] o [s]: tu `i` to wiersz"),
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
