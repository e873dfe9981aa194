"""One width for the tutor's text: Rich's ``cell_len`` (the screen) and ``no_break.cells`` (the
plain tutor, which never imports Rich) agree on every character the tutor shows."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from rich.cells import cell_len

from tui.glyphs import ASCII, UNICODE
from tui.widgets.no_break import HOLD, cells, wrap_words

ROOT = Path(__file__).resolve().parents[2]


def _shown_characters() -> set[str]:
    chars: set[str] = set(HOLD)
    for path in (ROOT / "lessons" / "builtin").rglob("*.md"):
        chars |= set(path.read_text(encoding="utf-8"))
    for lang in ("it", "pl"):  # every sentence, as its catalog holds it
        chars |= set(
            (ROOT / "lessons" / "locale" / lang / "LC_MESSAGES" / "queens_tutor.po").read_text(
                encoding="utf-8"
            )
        )
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
