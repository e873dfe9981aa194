"""An attacked square has one name in each language: the main screen's legend under the board
said "battuta" where the place board's legend, the narration and the lessons say "attaccata"
(student walk 12, it 41); Polish said "bite" beside "atakowane"."""

from __future__ import annotations

import re

import pytest

from tests.catalogs import translations

MAIN_LEGEND = "{attacked} attacked {free} free {line} line"
PLACE_LEGEND = (
    "{queen} queen, {attacker} queen in an attacking pair, {lines} the line between them, "
    "{attacked} attacked (x: hints), {left} {right} the cursor."
)


def word_after_mark(text: str) -> str:
    found = re.search(r"\{attacked\} (\w+)", text)
    assert found is not None, text
    return found.group(1)


@pytest.mark.parametrize("lang", ["it", "pl"])
def test_the_two_legends_name_an_attacked_square_alike(lang: str) -> None:
    by_id = {english: forms[0] for (_, english), forms in translations(lang).items()}
    main, place = by_id[MAIN_LEGEND], by_id[PLACE_LEGEND]
    assert word_after_mark(main) == word_after_mark(place), (main, place)
