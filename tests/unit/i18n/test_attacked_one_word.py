"""The main screen's legend and the place board's legend name an attacked square alike: the
chess words "battuta" and "bite", which fit the main screen's 28-column status column beside
the recursive board at 80x24 ("attaccata", "atakowane" do not); Polish said "bite" in one legend
and "atakowane" in the other."""

from __future__ import annotations

import re

import pytest

from tests.catalogs import translations

MAIN_LEGEND = "{attacked} attacked {free} free {line} line"
PLACE_LEGEND = (
    "{queen} queen, {attacker} queen in an attacking pair, {lines} the line between them, "
    "{attacked} attacked (x: hints), {cursor} the cursor."
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
