"""Italian: "lezione" is one of the tutor's own lessons, never the Wrocław lecture.

The Italian lessons called the lecture the tutor teaches from "la lezione di Wrocław" (and, for
short, "la lezione": "l'algoritmo della lezione") next to "la lezione 5" for the tutor's fifth
lesson, so a student could not tell which one a sentence meant (language review, third round:
the Italian wording). The lecture is now "le slide di Wrocław" and its loop "il ciclo di Wrocław"
(docs/translating.md), so "lezione" is left for the lessons. A board named by its size is a
scacchiera, feminine: "la 6 x 6", "sulla 4 x 4", where the lessons also said "il 6 x 6",
"sul 4 x 4".

Read: every built-in lesson, page by page against the English page (as many "lezione" as the
English has "lesson" at most), and every catalog message whose English names the lecture.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.catalogs import entries

ROOT = Path(__file__).resolve().parents[3]
BUILTIN = ROOT / "lessons" / "builtin"
LESSON_EN = re.compile(r"\blessons?\b", re.I)
LEZIONE = re.compile(r"\blezion[ei]\b", re.I)
LECTURE = re.compile(r"\blecture|Wrocław", re.I)
MASCULINE_SIZE = re.compile(
    r"(?<![\w'])(il|sul|dal|del|al|nel|un)\s+(\d+|n|N|\{n\}) x (\d+|n|N|\{n\})\b", re.I
)


def _pages(path: Path) -> list[str]:
    """A lesson file's text cut at each page and at the quiz (the languages' files have the
    same pages in the same order: lessons check's parity)."""
    return re.split(r"^(?=@page |@quiz)", path.read_text(encoding="utf-8"), flags=re.M)


@pytest.mark.parametrize("name", sorted(p.name for p in (BUILTIN / "en").glob("*.md")))
def test_an_italian_page_says_lezione_only_where_the_english_says_lesson(name: str) -> None:
    english, italian = _pages(BUILTIN / "en" / name), _pages(BUILTIN / "it" / name)
    assert len(english) == len(italian)
    extra = [
        (number, LEZIONE.findall(it_page), LESSON_EN.findall(en_page))
        for number, (en_page, it_page) in enumerate(zip(english, italian, strict=True))
        if len(LEZIONE.findall(it_page)) > len(LESSON_EN.findall(en_page))
    ]
    assert not extra, extra


def test_the_italian_catalog_names_the_lecture_without_lezione() -> None:
    found = [
        strings[0][:120]
        for _context, ids, strings in entries("it")
        if LECTURE.search(" ".join(ids))
        and any(len(LEZIONE.findall(s)) > len(LESSON_EN.findall(" ".join(ids))) for s in strings)
    ]
    assert not found, found


def test_the_italian_lessons_say_the_lecture_as_one_term() -> None:
    said = "".join(p.read_text(encoding="utf-8") for p in sorted((BUILTIN / "it").glob("*.md")))
    assert "slide di Wrocław" in said
    assert "lezione di Wrocław" not in said.replace("\n", " ")


def test_an_italian_board_size_is_feminine_as_scacchiera() -> None:
    lessons = [
        f"{path.name}:{number}: {line.strip()}"
        for path in sorted((BUILTIN / "it").glob("*.md"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
        if MASCULINE_SIZE.search(line)
    ]
    messages = [
        s[:120] for _c, _ids, strings in entries("it") for s in strings if MASCULINE_SIZE.search(s)
    ]
    assert not lessons and not messages, (lessons, messages)


def test_an_italian_queen_is_put_down_as_posare_not_mettere_giu() -> None:
    """ "mettere giù una regina" calqued "put a queen down" (the place board's keys and its
    plain text); a queen is "posata" on a square."""
    found = [s[:120] for _c, _ids, strings in entries("it") for s in strings if "giù o togl" in s]
    assert not found, found
