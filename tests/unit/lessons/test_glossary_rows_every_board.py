"""The ? help's glossary stands beside every board, and said in Polish "wiersze od 0 na dole"
beside lesson 6's board, whose Turin notes draw row 0 at the top:
for each way a method's board is drawn (row 0 at the bottom or at the top) the glossary's
square and both diagonals say where row 0 is and which way the diagonal runs, in the three
languages."""

from __future__ import annotations

import pytest

from lessons import i18n
from lessons.glossary import GLOSSARY
from lessons.i18n import _
from solver.methods.general.view import GeneralView
from solver.methods.iterative.view import IterativeView
from solver.methods.recursive.view import RecursiveView
from solver.methods.scan.view import ScanView

ROW_0 = {
    "en": {True: "0 at the bottom", False: "0 at the top"},
    "it": {True: "0 in basso", False: "0 in alto"},
    "pl": {True: "na dole", False: "na górze"},
}
"""How each language says where row 0 is (bottom_up: True, False)."""


def _entry(word: str) -> str:
    meaning = next(text for term, text in GLOSSARY if term == word)
    return " ".join(_(meaning).split())


@pytest.mark.parametrize("lang", ["en", "it", "pl"])
def test_the_glossary_says_where_row_0_is_on_every_board(lang: str) -> None:
    layouts = {
        view.layout.bottom_up for view in (IterativeView, RecursiveView, GeneralView, ScanView)
    }
    assert layouts == {True, False}  # both drawings are on screen somewhere
    i18n.set_language(lang)
    try:
        for word in ("square", "col+row (sum)", "row-col (difference)"):
            said = _entry(word)
            for bottom_up in layouts:
                assert ROW_0[lang][bottom_up] in said, (word, said)
    finally:
        i18n.set_language("en")
