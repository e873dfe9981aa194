"""languages.md (N22, third round): the Polish catalog names the program "samouczek" or
"program", never the English "tutor" (the command's own name, queens-tutor, aside)."""

from __future__ import annotations

import re

from tests.catalogs import translated_strings


def test_no_polish_sentence_says_tutor() -> None:
    found = [s for s in translated_strings("pl") if re.search(r"(?<!queens-)\btutor", s, re.I)]
    assert not found, found
