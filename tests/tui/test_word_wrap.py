"""The narration pane's word wrap: the lines Textual's own wrap gives, without its cost."""

from __future__ import annotations

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from textual.content import Content

from tui.widgets.no_break import HOLD, hold_formulas, release, wrap_words

WORD = st.text(alphabet="abcxyz0123456789-=(),.:;ąęółśżźćń", min_size=1, max_size=12)


@given(words=st.lists(WORD, min_size=1, max_size=40), width=st.integers(12, 120))
def test_words_that_fit_wrap_as_textual_wraps_them(words: list[str], width: int) -> None:
    """Where no formula is held, the lines Textual's own wrap gives."""
    text = " ".join(words)
    assume(HOLD not in hold_formulas(text, no_break_spaces=False))
    assert wrap_words(text, width) == [line.plain for line in Content(text).wrap(width)]


@given(words=st.lists(WORD, min_size=1, max_size=40), width=st.integers(1, 40))
def test_a_held_formula_that_fits_a_line_is_never_broken(words: list[str], width: int) -> None:
    """A formula or number (its spaces held) that fits a line stands whole on one line; one
    wider than the line breaks at its spaces, never inside a word that fits."""
    text = " ".join(words)
    lines = wrap_words(text, width)
    for unit in hold_formulas(text, no_break_spaces=False).split(" "):
        whole = release(unit)
        if HOLD in unit and len(whole) <= width:
            assert any(whole in line for line in lines), (whole, lines)
        elif HOLD in unit:
            for part in unit.split(HOLD):
                if len(part) <= width:
                    assert any(part in line for line in lines), (part, lines)


@given(words=st.lists(WORD, min_size=1, max_size=40), width=st.integers(1, 30))
def test_no_line_is_wider_than_the_pane_and_no_word_is_lost(words: list[str], width: int) -> None:
    text = " ".join(words)
    lines = wrap_words(text, width)
    assert all(0 < len(line) <= width for line in lines)
    assert "".join(lines).replace(" ", "") == text.replace(" ", "")


def test_a_board_size_of_two_digits_is_never_split() -> None:
    """Lesson 9's Q3 at 120x40 broke "12 x" / "12." (one-digit sizes
    were held, "8 x 8", two-digit ones were not)."""
    text = "the loop reaching its first solution in fewer ticks on 13 x 13 than on 12 x 12. Why?"
    for width in range(20, 80):
        lines = wrap_words(text, width)
        assert any("13 x 13" in line for line in lines), (width, lines)
        assert any("12 x 12." in line for line in lines), (width, lines)


@pytest.mark.parametrize(
    ("text", "width", "wrapped"),
    [
        ("0 = 000000000", 12, ["0 =", "000000000"]),  # a formula wider: broken at its spaces
        ("ab abcdefgh cd", 3, ["ab", "abc", "def", "gh", "cd"]),  # a word wider: in pieces
        ("語a b", 1, ["語", "a", "b"]),  # a character wider than the line: a line of its own
        (
            "No free square in column 2: remove it, back to column 1.",
            30,
            ["No free square in column 2:", "remove it, back to column 1."],
        ),
    ],
)
def test_examples_wrap_as_expected(text: str, width: int, wrapped: list[str]) -> None:
    assert wrap_words(text, width) == wrapped


async def test_a_polish_number_in_the_quiz_feedback_is_never_split_across_lines() -> None:
    """``4 426 165 368`` (no-break spaces, Polish thousands) stays on one line of the quiz
    panel's feedback at any width it fits in."""
    from textual.app import App, ComposeResult

    from tui.widgets.quiz_panel import QuizPanel

    number = "4\u00a0426\u00a0165\u00a0368"
    message = (
        f"To nie jest dobra odpowiedź: dla n = 8 to {number} rozmieszczeń, sprawdź jeszcze raz."
    )

    class One(App[None]):
        def compose(self) -> ComposeResult:
            yield QuizPanel()

    app = One()
    async with app.run_test(size=(24, 12)) as pilot:
        for width in range(24, 60, 3):
            await pilot.resize_terminal(width, 12)
            app.query_one(QuizPanel).feedback(message)
            await pilot.pause()
            lines = str(app.query_one("#quiz-feedback").render()).split("\n")
            assert any(number in line for line in lines), (width, lines)
            assert " ".join(" ".join(lines).split()) == " ".join(message.split())


def test_a_number_grouped_by_plain_spaces_is_never_split() -> None:
    """Lesson 3 p3 broke "4 426 165" / "368" (the lesson writes the
    Polish thousands with plain spaces; the tutor's own numbers use no-break ones)."""
    text = "Permutacji jest n!: 40 320 dla n = 8 („...a zaczynaliśmy od 4 426 165 368”)."
    for width in range(16, 80):
        lines = wrap_words(text, width)
        assert any("4 426 165 368" in line for line in lines), (width, lines)
        assert any("40 320" in line for line in lines), (width, lines)
    assert hold_formulas("n = 8 to 92 z 40 320") == f"n{HOLD}={HOLD}8 to 92 z 40{HOLD}320"
