"""In the plain tutor, at a terminal a line is broken between words, never
inside a formula or a number (the terminal itself broke "rozmie" / "szczeń" and "n =" / "5");
into a pipe or a file every line goes whole, as a screen reader or a braille display wants."""

from __future__ import annotations

import io

import pytest

from tui.plain.output import Out

SENTENCE = (
    "Ile rozmieszczeń jest w jej przestrzeni przeszukiwania dla n = 5, gdy b[i-j+n-1] = true "
    "i b = [1, 3, 0, 2], a C(64, 8) = 4\u00a0426\u00a0165\u00a0368?"
)


@pytest.mark.parametrize("columns", range(24, 90, 7))
def test_at_a_terminal_lines_break_between_words_and_formulas_stay_whole(columns: int) -> None:
    stream = io.StringIO()
    Out(stream, width=lambda: columns).line(SENTENCE)
    lines = stream.getvalue().rstrip("\n").split("\n")
    assert all(len(line) < columns for line in lines), lines
    assert " ".join(lines) == SENTENCE
    joined = "\n".join(lines)
    for whole in ("n = 5", "b[i-j+n-1] = true", "[1, 3, 0, 2]", "4\u00a0426\u00a0165\u00a0368"):
        assert whole in joined, (whole, lines)


def test_an_indented_line_goes_on_indented_and_a_pipe_gets_whole_lines() -> None:
    stream = io.StringIO()
    Out(stream, width=lambda: 30).line("    while (k < n && k >= 0) { b[k] = b[k] + 1; }")
    assert all(line.startswith("    ") for line in stream.getvalue().splitlines())
    piped = io.StringIO()
    Out(piped).line(SENTENCE)
    assert piped.getvalue() == SENTENCE + "\n"
