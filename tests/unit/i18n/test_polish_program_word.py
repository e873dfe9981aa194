"""languages.md (N22, third round): the Polish catalog names the program "samouczek" or
"program", never the English "tutor" (the command's own name, queens-tutor, aside)."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

PO = Path(__file__).parents[3] / "lessons/locale/pl/LC_MESSAGES/queens_tutor.po"


def test_no_polish_sentence_says_tutor() -> None:
    with PO.open("rb") as file:
        catalog = read_po(file)
    found = []
    for message in catalog:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [s for s in strings if s and re.search(r"(?<!queens-)\btutor", s, re.I)]
    assert not found, found
