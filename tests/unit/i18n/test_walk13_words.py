"""Student walk 13 (it): the cue over a waiting question says that the text above it goes on.

"Altro testo sopra la domanda" read as "other text above the question": the student looked up,
saw text, and did not know that PgDn showed more (it 9). Its three forms (by the width of the
question's box) now say one thing in one way: the text above goes on ("continua").
"""

from __future__ import annotations

import re

import pytest

from lessons import i18n

CUES = (
    "More text above the question: PgDn reads on.",
    "Text above: PgDn reads on.",
    "PgDn: more above.",
)


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    i18n.set_language("en")


def test_every_italian_form_of_the_cue_says_the_text_goes_on() -> None:
    i18n.set_language("it")
    said = [i18n._(cue) for cue in CUES]
    assert all("continua" in form and "pag↓" in form for form in said), said
    assert not any("Altro testo" in form or "altro testo" in form for form in said), said
    # each shorter than the one before: a narrower box takes the next
    assert [len(form) for form in said] == sorted((len(form) for form in said), reverse=True)


def test_polish_names_the_wroclaw_lecture_one_way_and_the_maze_frame_plainly() -> None:
    """Student walk 13, pl 9: "wykład z Wrocławia" beside the lessons' "wykład wrocławski";
    the maze's frame "Solve(na (3, 3))" read as a typo (a Polish preposition inside the call);
    "to przeszukiwanie" on a quiz page with no text above it to point at."""
    from pathlib import Path

    from tests.catalogs import catalog

    strings = " ".join(
        " ".join(m.string) if isinstance(m.string, tuple) else str(m.string)
        for m in catalog("pl")
        if m.id
    )
    lessons = " ".join(
        path.read_text(encoding="utf-8")
        for path in (Path(__file__).resolve().parents[3] / "lessons/builtin/pl").glob("*.md")
    )
    for said in (strings, lessons):
        plain = said.replace("\u00a0", " ")
        # the lecture and its loop by the lessons' name; "rysunek z Wrocławia" beside "rysunek z
        # Turynu" is the drawing, named as the Turin one is
        assert not re.search(r"(wykład\w*|pętl\w*) z Wrocławia", plain), re.findall(
            r".{30}(?:wykład\w*|pętl\w*) z Wrocławia", plain
        )
        assert "Solve(na" not in said and "Przechodź ją" not in said
    i18n.set_language("pl")
    assert i18n._("The board shows this search at tick {tick}.").startswith("Szachownica obok")
