"""Where the panes put text and the cursor: one width for the screen's text (Rich's ``cell_len``)
and the plain tutor's (``no_break.cells``, without Rich) on every character the tutor shows; a
code line too wide broken between tokens (at a blank first, then after a comma or a bracket,
never inside an index while one of those fits); the board's cursor on the tried square."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from rich.cells import cell_len

from solver.views.frame import BoardFrame, Mark
from tui.glyphs import ASCII, UNICODE
from tui.widgets.board import cursor_square
from tui.widgets.code_lines import wrap_code
from tui.widgets.no_break import HOLD, cells, wrap_words

ROOT = Path(__file__).resolve().parents[2]


def _shown_characters() -> set[str]:
    chars: set[str] = set(HOLD)
    for path in (ROOT / "lessons" / "builtin").rglob("*.md"):
        chars |= set(path.read_text(encoding="utf-8"))
    for lang in ("it", "pl"):  # every sentence, as its catalog holds it
        po = ROOT / "lessons" / "locale" / lang / "LC_MESSAGES" / "queens_tutor.po"
        chars |= set(po.read_text(encoding="utf-8"))
    for glyphs in (UNICODE, ASCII):
        for value in dataclasses.asdict(glyphs).values():
            if isinstance(value, str):
                chars |= set(value)
    return {c for c in chars if c.isprintable() or c == HOLD}


def test_the_plain_measure_is_the_screens_and_cuts_the_lines() -> None:
    shown = _shown_characters()
    assert len(shown) > 100
    differ = {c: (cells(c), cell_len(c)) for c in shown if cells(c) != cell_len(c)}
    assert not differ, differ
    # a measure passed in is the one the lines are cut by (a wide character takes two)
    text = "ab 漢字漢字 cd"
    assert wrap_words(text, 6, cell_len) == ["ab", "漢字漢", "字 cd"]
    assert all(cell_len(line) <= 6 for line in wrap_words(text, 6, cell_len))


@pytest.mark.parametrize(
    ("text", "width", "drawn"),
    [
        ("  while (b[k]<n && !isfree(k,b[k]));", 19,
         ["  while (b[k]<n && ", "!isfree(k,", "b[k]));"]),
        ("aaaaaaaa[bbbbbbbbbbbbbbbbbb]", 12, ["aaaaaaaa[", "bbbbbbbbbb", "bbbbbbbb]"]),
        ("if(c[j] && a[i+j] && b[i-j+n-1]) {", 22, ["if(c[j] && a[i+j] && ", "b[i-j+n-1]) {"]),
    ],
    ids=["after-the-comma-not-inside-b-k", "an-index-opening-last", "a-blank-first"],
)  # fmt: skip
def test_a_code_line_breaks_between_tokens(text: str, width: int, drawn: list[str]) -> None:
    assert [text[piece.start : piece.end] for piece in wrap_code(text, width, "↪")] == drawn


def _board(focus: tuple[int, int], tried: tuple[int, int] | None = None) -> BoardFrame:
    squares = [[Mark.FREE] * 4 for _ in range(4)]
    if tried is not None:
        squares[tried[1]][tried[0]] = Mark.TRYING
    labels = tuple(str(i) for i in range(4))
    return BoardFrame(tuple(map(tuple, squares)), labels, labels, focus)


def test_the_cursor_rests_on_the_tried_square_and_a_focus_past_the_last_row_is_no_error() -> None:
    assert cursor_square(_board((1, 2), tried=(1, 2))) == (1, 2)
    assert cursor_square(_board((0, 0), tried=(3, 1))) == (3, 1)
    # a column whose rows are all tried (b[k] = n) may be the focus between two ticks
    assert cursor_square(_board((2, 4))) == (2, 4)
    assert cursor_square(_board((2, 4), tried=(0, 1))) == (0, 1)
