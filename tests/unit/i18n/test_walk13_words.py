"""Student walk 13 (it): the cue over a waiting question says that the text above it goes on.

"Altro testo sopra la domanda" read as "other text above the question": the student looked up,
saw text, and did not know that PgDn showed more (it 9). Its three forms (by the width of the
question's box) now say one thing in one way: the text above goes on ("continua").
"""

from __future__ import annotations

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
