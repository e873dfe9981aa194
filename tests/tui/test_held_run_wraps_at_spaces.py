"""A formula or list held whole that is wider than the line breaks at its spaces, never inside
a word: 8 p2 at 80x24 drew "regine = [0, 2, 4, 1, 3, None, None, Non" and
"e, None] (None plays the role of the"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rich.console import Console

from tests.tiers import sweep
from tui.widgets.lesson_text import Prose

ROOT = Path(__file__).resolve().parents[2]


def _salerno_paragraph(lang: str) -> str:
    text = (ROOT / "lessons" / "builtin" / lang / "08-recipe.md").read_text("utf-8")
    page = text.split("\n@page ")[2]  # the Salerno notes with N = 9
    return page.split("\n", 1)[1].split("\n@")[0]


@pytest.mark.parametrize("lang", sweep(["en", "it", "pl"], everyday=["pl"]))
@pytest.mark.parametrize("width", [36, 40, 44, 48])
def test_the_salerno_list_breaks_between_its_items(lang: str, width: int) -> None:
    text = _salerno_paragraph(lang)
    assert "None, None" in text
    words = set(re.split(r"\s+", text.replace("`", "").replace("\u00a0", " ")))
    console = Console(width=width, record=True, color_system=None)
    console.print(Prose(text))
    drawn = console.export_text().split()
    cut = [word for word in drawn if word not in words]
    assert not cut, cut


def test_a_held_formula_that_fits_stays_whole() -> None:
    console = Console(width=30, record=True, color_system=None)
    console.print(Prose("some words and then b = [0, 2, -1, -1] at the end"))
    lines = [line.rstrip() for line in console.export_text().splitlines()]
    assert any("b = [0, 2, -1, -1]" in line for line in lines), lines
