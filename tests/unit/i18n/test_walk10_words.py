"""Student walk 10 (it/pl): one word for each thing, and the sources named as readers know them.

- The help's list of sources is headed "sources", not "lecture notes" (the Wrocław lecture is
  slides, edutecnica a web page, the Python course a course); Polish names the Turin notes as
  its lessons do ("notatki z Turynu"), never "notatki turyńskie".
- The glossary shows no Markdown backticks, and the maze's frame as the maze pane draws it in
  the language (``Solve(in …)``, ``Solve(na …)``), never the English ``Solve(at …)``.
- Polish keeps "wiersz" for a row of the board: the status line is "pasek stanu", a line of a
  printout or of ``compare`` is a "linia", and so is a line typed to the plain tutor.
- Italian says a backtrack one way, "fa un backtrack", as its glossary's noun; "backtracking"
  is the method. The status line is "la barra di stato".
- Lesson 1 p3's hint names b[3]'s place in the list as a position ("il numero 4" read as the
  value 4); lesson 7 p4: a solution a half turn gives back has an orbit of at most 4 boards.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lessons import i18n
from lessons.glossary import GLOSSARY
from tests.catalogs import entries

ROOT = Path(__file__).resolve().parents[3]
BUILTIN = ROOT / "lessons" / "builtin"


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


def lessons_text(language: str) -> str:
    return "\n".join(
        path.read_text(encoding="utf-8").replace("\u00a0", " ")
        for path in sorted((BUILTIN / language).glob("*.md"))
    )


def catalog_text(language: str) -> str:
    return "\n".join(s for _context, _ids, strings in entries(language) for s in strings)


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_sources_are_headed_as_sources(language: str) -> None:
    from tui.screens.help_screen import _sources

    i18n.set_language(language)
    heading = str(_sources()).strip().splitlines()[0]
    assert not re.search(r"lecture notes|dispense|notatek z wykładów", heading), heading
    assert {"en": "sources", "it": "fonti", "pl": "źródeł"}[language] in heading, heading


def test_polish_names_the_turin_notes_as_its_lessons_do() -> None:
    assert "turyńsk" not in catalog_text("pl") + lessons_text("pl")
    i18n.set_language("pl")
    from solver.sources import SOURCES

    assert i18n._(SOURCES["turin"].name).startswith("notatki z Turynu E. Giovannettiego")


@pytest.mark.parametrize("language", ["en", "it", "pl"])
def test_the_glossary_shows_no_backticks_and_the_maze_frame_in_its_language(
    language: str,
) -> None:
    i18n.set_language(language)
    shown = " ".join(i18n._(term) + " " + i18n._(meaning) for term, meaning in GLOSSARY)
    assert "`" not in shown
    frame = i18n.pgettext("maze.frame", "Solve(at {at})").format(at="(3, 5)")
    assert frame in shown, (frame, shown)


def test_polish_wiersz_is_a_row_of_the_board_only() -> None:
    lessons, catalog = lessons_text("pl"), catalog_text("pl")
    for other in (
        r"wiersz\w* stanu",
        r"wiersz\w* wydruku",
        r"wydrukowan\w* wiersz",
        r"8 x 8 w osobnym wierszu",
        r"[Pp]ust\w* wiersz",
        r"compare \{n\} wiersz",
        r"polecenie w wierszu",
        r"wiersz\w* drzewa",
        r"wiersze \{backtrackers\}",
        r"[Tt]en wiersz zdejmuje",
    ):
        assert not re.search(other, lessons + catalog), other


def test_italian_says_a_backtrack_one_way() -> None:
    text = lessons_text("it") + catalog_text("it")
    for other in (
        r"\bfa(i|re)? backtrack",
        r"\bfatto backtrack",
        r"\bb per il backtrack\b",
        r"un backtracking\b",
        r"riga di stato",
    ):
        assert not re.search(other, text), (other, re.search(other, text))
    assert "fa un backtrack" in text


def test_the_place_of_an_entry_is_a_position() -> None:
    from lessons.quiz.reading import _queen_row_hint

    for language, words in (("en", "position 4"), ("it", "posizione 4"), ("pl", "pozycji 4")):
        i18n.set_language(language)
        hint = _queen_row_hint((0, 2, 4, 1, 3), 3)
        assert words in hint and " 4 " not in hint.replace(words, ""), hint


def test_a_half_turn_leaves_an_orbit_of_at_most_four() -> None:
    for language, words in (("en", "at most 4"), ("it", "al massimo 4"), ("pl", "co najwyżej")):
        assert words in (BUILTIN / language / "07-symmetry.md").read_text(encoding="utf-8")
        assert "only 4 boards" not in lessons_text(language)


@pytest.mark.parametrize(
    ("language", "named"),
    [
        ("en", "Column 4, row 6: col+row = 10"),
        ("it", "Colonna 4, riga 6: col+riga = 10"),
        ("pl", "Kolumna 4, wiersz 6: kol+wiersz = 10"),
    ],
)
def test_a_same_diagonal_answer_names_its_squares_column_first(language: str, named: str) -> None:
    """it 4 quiz: "(4,6): col+riga = 10" read as the Turin notes' (i, j) = (row, column)."""
    from lessons.model import Question
    from lessons.quiz.pose import pose

    i18n.set_language(language)
    posed = pose(Question(1, "same-diagonal", {"square": "4,6", "other": "6,4"}), None)
    assert named in posed.explanation and "(4,6)" not in posed.explanation, posed.explanation


def test_italian_names_wrong_choices_and_candidates_one_way() -> None:
    """it 8, 9, 17: a wrong choice is "Sbagliato:" beside "Giusto:"; "tutti i candidati"; the
    question asks to count only its backtracks, not "conta solo questo: backtrack"."""
    i18n.set_language("it")
    assert i18n._("Not right: {given}. {why}").startswith("Sbagliato:")
    text = catalog_text("it")
    for gone in ("tutte le candidate", "conta solo questo", "toglilo anche lui"):
        assert gone not in text, gone
