"""One square-naming order per method, on every screen and in every language: the narration and
the kit's name for a square put row and column in the order of the method's notes."""

from __future__ import annotations

import re

import pytest

from lessons import i18n
from solver.messages import render
from solver.registry import steppable_methods, stepped
from solver.stepping import Stop

STEMS = {"en": ("row", "column"), "it": ("rig", "colonn"), "pl": ("wiersz", "kolumn")}
"""The stems of the words for row and column (riga, righe; kolumna, kolumnie)."""

QUEENS = [name for name in steppable_methods() if stepped(name).queens]


def _order(text: str, language: str) -> str | None:
    """ "row" or "column": which of the two words the text names first (None: not both)."""
    row, column = (re.search(rf"\b{stem}\w*", text.lower()) for stem in STEMS[language])
    if row is None or column is None:
        return None
    return "row" if row.start() < column.start() else "column"


@pytest.mark.parametrize("language", ["en", "it", "pl"])
@pytest.mark.parametrize("method", QUEENS)
def test_the_narration_and_the_kit_name_a_square_in_one_order(method: str, language: str) -> None:
    kit = stepped(method)
    engine = kit.make_engine(5)
    view = kit.make_view()
    i18n.set_language(language)
    checked = 0
    expected = "row" if kit.wording.row_wise else "column"
    assert _order(render(kit.square_name((1, 2))), language) == expected
    while checked < 6 and engine.run(Stop.TICK, max_ticks=1).ticks:
        snapshot = engine.snapshot()
        test = kit.test_of(snapshot)
        if test is None and kit.tests_squares:
            continue
        said = [render(view.frame(snapshot, "off").narration[0])]
        if test is not None:  # a tick that tests a square: guess mode's question too
            said.append(render(kit.try_prompt(test, engine.n)))
        for text in said:  # where they name both, in the kit's order
            if _order(text, language) is not None:
                assert _order(text, language) == expected, text
                checked += 1
    # a method that tests squares names them; one that never does (a bit-mask kit) may
    # name none in its narration, and then has no order to keep
    assert checked or not kit.tests_squares, f"{method}: no sentence named a square"


def test_the_turin_method_names_a_square_row_first() -> None:
    """The Turin notes' order, as its narration reads: "Row 0, column 0: c[0] ..."."""
    assert {"iterative", "recursive", "general", "scan"} <= set(QUEENS), QUEENS  # all checked
    assert render(stepped("recursive").square_name((3, 1))) == "row 1, column 3"
    assert render(stepped("iterative").square_name((3, 1))) == "column 3, row 1"
