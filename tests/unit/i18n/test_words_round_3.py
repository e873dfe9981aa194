"""Italian and Polish words a student met: a row is not "wrong" but "not right" (Riga 1: non
va bene), the review's boxes are levels (livello), the narration names an attacker one way
(della colonna C, riga R (rule)), and the Polish cue that the page's text goes on above the
question."""

from __future__ import annotations

from pathlib import Path

from babel.messages.pofile import read_po

import lessons
from lessons import i18n
from lessons.i18n import speaking
from tests.cli.clirun import run_main

LOCALE = Path(lessons.__file__).parent / "locale"


def test_a_row_is_not_wrong_in_italian() -> None:
    with speaking("it"):
        assert i18n._("Row {row} is not right.").format(row=1) == "Riga 1: non va bene."
        said = i18n._("Column {column} is not right. {why}").format(column=2, why="X.")
        assert said == "Colonna 2: non va bene. X."


def test_the_review_s_boxes_are_levels_in_italian() -> None:
    with speaking("it"):
        told = i18n.ngettext(
            "Right, this kind comes back in {days} day; missed, tomorrow.",
            "Right, this kind comes back in {days} days; missed, tomorrow.",
            3,
        ).format(days=3)
        assert told == "Giusta, questo tipo di domanda torna tra 3 giorni; sbagliata, domani."
    with (LOCALE / "it" / "LC_MESSAGES" / "queens_tutor.po").open("rb") as po:
        catalog = read_po(po)
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        assert not any("scatol" in text.lower() for text in strings), message.id


def test_the_italian_narration_names_an_attacker_one_way() -> None:
    result = run_main("--lang", "it", "trace", "4")
    assert result.status == 0, result.err
    one = next(line for line in result.out.splitlines() if line.startswith("tick 3:"))
    assert "attaccata dalla regina della colonna 0, riga 0 (stessa diagonale riga-col" in one
    many = next(line for line in result.out.splitlines() if line.startswith("tick 7:"))
    assert "colonna 0, riga 0 (stessa diagonale riga-col" in many
    assert "regina nella colonna" not in result.out


def test_the_polish_cue_says_the_text_goes_on() -> None:
    with speaking("pl"):
        assert i18n._("Text above: PgDn reads on.") == "Tekst powyżej ma ciąg dalszy: PgDn."
