"""The narration pane's word wrap: the lines Textual's own wrap gives, without its cost."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from textual.content import Content

from tui.widgets.narration_pane import wrap_words

WORD = st.text(alphabet="abcxyz0123456789-=(),.:;ąęółśżźćń", min_size=1, max_size=12)


@given(words=st.lists(WORD, min_size=1, max_size=40), width=st.integers(12, 120))
def test_words_that_fit_wrap_as_textual_wraps_them(words: list[str], width: int) -> None:
    text = " ".join(words)
    assert wrap_words(text, width) == [line.plain for line in Content(text).wrap(width)]


@given(words=st.lists(WORD, min_size=1, max_size=40), width=st.integers(1, 30))
def test_no_line_is_wider_than_the_pane_and_no_word_is_lost(words: list[str], width: int) -> None:
    text = " ".join(words)
    lines = wrap_words(text, width)
    assert all(0 < len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_word_wider_than_the_pane_is_cut_into_pieces() -> None:
    assert wrap_words("ab abcdefgh cd", 3) == ["ab", "abc", "def", "gh", "cd"]


def test_a_real_sentence() -> None:
    text = "No free square in column 2: remove it, back to column 1."
    assert wrap_words(text, 30) == ["No free square in column 2:", "remove it, back to column 1."]


def test_a_character_wider_than_the_line_gets_a_line_of_its_own() -> None:
    assert wrap_words("語a b", 1) == ["語", "a", "b"]
