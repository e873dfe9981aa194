"""One way of naming a square. The tutor names a square column first (b[i] is
the row of the queen in column i: "column 2, row 3"); where a lesson writes a square as a bare
pair of numbers, "(1,2)", the paragraph says which order the pair is in: "(column, row)", or
"(row, column)" where a source (the Turin notes, the Italian Python course, the maze) goes row
first. A pair in code (between backticks or in a code block) is the notes' own and is read
beside the code that uses it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

BUILTIN = Path(__file__).resolve().parents[3] / "lessons" / "builtin"
ORDERS = {
    "en": ("(row, column)", "(column, row)"),
    "it": ("(riga, colonna)", "(colonna, riga)"),
    "pl": ("(wiersz, kolumna)", "(kolumna, wiersz)"),
}
PAIR = re.compile(r"(?<!\w)\((-?\d+), ?(-?\d+)\)")


def _paragraphs(text: str) -> list[tuple[int, str]]:
    """(first line, text) of each paragraph of prose: code blocks and `code` left out."""
    found: list[tuple[int, str]] = []
    lines: list[str] = []
    start = 0
    fenced = False
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced or line.startswith("@"):  # directives: not prose
            line = ""
        if not line.strip():
            if lines:
                found.append((start, " ".join(lines)))
            lines = []
            continue
        if not lines:
            start = number
        lines.append(re.sub(r"`[^`]*`", "", line))
    if lines:
        found.append((start, " ".join(lines)))
    return found


@pytest.mark.parametrize("lang", sorted(ORDERS))
def test_a_bare_pair_says_its_order(lang: str) -> None:
    problems = []
    for path in sorted((BUILTIN / lang).glob("*.md")):
        for line, paragraph in _paragraphs(path.read_text(encoding="utf-8")):
            pairs = PAIR.findall(paragraph)
            if pairs and not any(order in paragraph for order in ORDERS[lang]):
                problems.append(f"{path.name}:{line}: {pairs} with no order named")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", sorted(ORDERS))
def test_the_maze_page_says_it_names_squares_row_first(lang: str) -> None:
    """The maze's frames read ``Solve(at (7,13))``: row 7, column 13. Its page says so."""
    pages = []
    for path in sorted((BUILTIN / lang).glob("*.md")):
        for page in path.read_text(encoding="utf-8").split("\n@page ")[1:]:
            if "algorithm=maze" in page:
                pages.append(page)
                prose = " ".join(text for _line, text in _paragraphs(page))
                assert ORDERS[lang][0] in prose, page.splitlines()[0]
    assert pages, "a page runs the maze"


def test_the_help_glossary_names_the_mazes_order() -> None:
    from lessons.glossary import GLOSSARY

    said = " ".join(text for _word, text in GLOSSARY)
    assert "(row, column)" in said and "column 2, row 3" in said
