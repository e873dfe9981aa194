"""A lesson's Markdown as plain lines: the style marks off, what they mark kept."""

from __future__ import annotations

from tui.plain.markdown_text import inline, plain_lines


def test_style_marks_go_and_code_and_identifiers_stay() -> None:
    # A code span keeps its backticks: code is told apart from the words around it without
    # colour (the Polish "`i` to wiersz", i the variable, not "and").
    assert inline("**bold** *it* _it_ is_free a*b `b[k]*2` ***both***") == (
        "bold it it is_free a*b `b[k]*2` both"
    )
    assert inline(r"\*not emphasis\* and \_x\_") == "*not emphasis* and _x_"


def test_a_key_is_marked_as_a_key_and_code_as_code() -> None:
    """The Italian "Premi o" read o as the key and as the word "or"."""
    assert inline("Premi <kbd>o</kbd> o <kbd>s</kbd>: tu `i` to wiersz") == (
        "Premi [o] o [s]: tu `i` to wiersz"
    )


def test_links_show_their_text_and_address() -> None:
    assert inline("see [the notes](https://example.org/n.pdf)") == (
        "see the notes (https://example.org/n.pdf)"
    )
    assert inline("<https://example.org>") == "https://example.org"


def test_paragraphs_and_items_are_one_line_each_and_code_is_indented_as_written() -> None:
    text = (
        "# A heading\n"
        "A paragraph\nthat goes on.\n\n"
        "- one\n  more of one\n- two\n"
        "1. first\n\n"
        "```c\nwhile (k<n) {\n  b[k]++;\n}\n```\n"
        "---\n"
        "> quoted\n"
    )
    assert plain_lines(text) == [
        "A heading", "A paragraph that goes on.", "- one more of one", "- two", "1. first",
        "    while (k<n) {", "      b[k]++;", "    }", "  quoted",
    ]  # fmt: skip


def test_a_hard_break_starts_a_new_line() -> None:
    assert plain_lines("first  \nsecond") == ["first", "second"]
